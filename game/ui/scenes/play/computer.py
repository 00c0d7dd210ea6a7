"""The computer as a player on the play screen: it asks the engine for its move at its
level and hands the answer over as a :class:`~.players.ChosenMove`, or says why none
comes (:class:`~.players.Stuck`)."""

from __future__ import annotations

import logging

from game.ai.levels import Level
from game.ai.protocol import Answered, Refused, Reply, SearchRequest, SearchResult
from game.core import Board
from game.profile.preferences import Settings
from game.ui.engine_link import Engine
from game.ui.players import ChosenMove, Stuck
from game.ui.requests import Asked, RequestKind, Requests

log = logging.getLogger(__name__)


def proven(result: SearchResult) -> bool:
    """Whether the engine's move is proven best.  A book move is, even where the book
    keeps only the result (a win, a draw or a loss) and not its exact score."""
    return result.score.is_exact or result.from_book


class ComputerPlayer:
    """One side played by the engine at ``level`` (a :class:`~.players.Player`).

    It asks ``engine`` through its own :attr:`requests` (stopped with the game);
    ``settings`` give Perfect its time.
    """

    local = False

    def __init__(self, level: Level, engine: Engine, settings: Settings) -> None:
        self.level = level
        self.requests = Requests(engine, self._receive)
        self._settings = settings
        self._chosen: ChosenMove | None = None
        self._asked_at = 0.0
        """When (scene time) the move on its way was asked for."""
        self.stuck: Stuck | None = None

    @property
    def choosing(self) -> bool:
        return self.requests.waits_for(RequestKind.MOVE) or self._chosen is not None

    def your_turn(self, board: Board, now: float) -> None:
        level = self.level
        budget = self._settings.perfect_budget if level.is_perfect else level.time_budget
        request = SearchRequest(
            moves=board.moves, depth=level.depth, time_limit=budget, analyze=False
        )
        self._asked_at = now
        self.stuck = None
        self.requests.ask(RequestKind.MOVE, request)

    def _receive(self, asked: Asked, reply: Reply) -> None:
        match reply:
            case Answered(result=SearchResult() as result):
                # No column is not a move: the scene says so when it takes it.
                column = -1 if result.column is None else result.column
                claim = proven(result) if self.level.is_perfect else None
                self._chosen = ChosenMove(column, asked.moves, self._asked_at, claim)
            case Refused(error=error, crashed=crashed):
                log.warning("no move came for %r: %s", asked.moves, error)
                self.stuck = Stuck(asked.moves, crashed)
            case _:
                log.error("a move request for %r got %r", asked.moves, reply)
                self.stuck = Stuck(asked.moves, crashed=False)

    def take_move(self) -> ChosenMove | None:
        chosen, self._chosen = self._chosen, None
        return chosen

    def position_changed(self, moves: str) -> None:
        if self._chosen is not None and self._chosen.moves != moves:
            self._chosen = None
        if self.stuck is not None and self.stuck.moves != moves:
            self.stuck = None

    def stop(self) -> None:
        self.requests.cancel()
        self._chosen = None
        self.stuck = None
