"""The computer as a player on the play screen: it asks the engine for its move at its
level and hands the answer over as a :class:`~.players.ChosenMove`."""

from __future__ import annotations

from game.ai.levels import Level
from game.ai.protocol import SearchRequest, SearchResult
from game.core import Board
from game.profile.preferences import Settings
from game.ui.scenes.play.inflight import MOVE, InFlight
from game.ui.scenes.play.players import ChosenMove


def proven(result: SearchResult) -> bool:
    """Whether the engine's move is proven best.  A book move is, even where the book
    keeps only the result (a win, a draw or a loss) and not its exact score."""
    return result.score.is_exact or result.from_book


class ComputerPlayer:
    """One side played by the engine at ``level`` (a :class:`~.players.Player`).

    Its requests go through the play screen's ``inflight``, so that they are cancelled
    with the screen's; ``settings`` give Perfect its time.
    """

    local = False

    def __init__(self, level: Level, inflight: InFlight, settings: Settings) -> None:
        self.level = level
        self._inflight = inflight
        self._settings = settings
        self._request: int | None = None
        self._chosen: ChosenMove | None = None
        self._asked: tuple[str, float] = ("", 0.0)
        """The position asked about and when (scene time)."""

    @property
    def choosing(self) -> bool:
        return self._inflight.awaits(self._request) or self._chosen is not None

    def your_turn(self, board: Board, now: float) -> None:
        level = self.level
        budget = self._settings.perfect_budget if level.is_perfect else level.time_budget
        request = SearchRequest(
            moves=board.moves, depth=level.depth, time_limit=budget, analyze=False
        )
        self._asked = (board.moves, now)
        self._request = self._inflight.ask(MOVE, request, taker=self._answered)

    def _answered(self, result: SearchResult) -> None:
        moves, asked_at = self._asked
        self._request = None
        # No column is not a move: the scene says so when it takes it.
        column = -1 if result.column is None else result.column
        claim = proven(result) if self.level.is_perfect else None
        self._chosen = ChosenMove(column, moves, asked_at, claim)

    def take_move(self) -> ChosenMove | None:
        chosen, self._chosen = self._chosen, None
        return chosen

    def position_changed(self, moves: str) -> None:
        if self._chosen is not None and self._chosen.moves != moves:
            self._chosen = None

    def stop(self) -> None:
        if self._request is not None:
            self._inflight.cancel_one(self._request)
        self._request = None
        self._chosen = None
