"""The computer's moves on the play screen: asking for them, holding them back when two
computers play (so that each move stays on screen for the chosen time), and the position
where no move came (:class:`Stuck`: the player may try again or go back)."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.protocol import SearchRequest, SearchResult
from game.settings import Settings
from game.ui.match import Match
from game.ui.requests import RequestKind, Requests


@dataclass(frozen=True, slots=True)
class HeldMove:
    """A computer move waiting to be shown: its column, when it is due (scene time),
    and whether it was proven best."""

    column: int
    due: float
    proven: bool


@dataclass(frozen=True, slots=True)
class Stuck:
    """No move came for the position ``moves``: the worker process died on it again and
    again (``crashed``), or the engine refused it."""

    moves: str
    crashed: bool


def proven(result: SearchResult) -> bool:
    """Whether the engine's move is proven best.  A book move is, even where the book
    keeps only the result (a win, a draw or a loss) and not its exact score."""
    return result.score.is_exact or result.from_book


class ComputerPlayer:
    """The computer's side of the game: its requests, a held move, its last proof."""

    def __init__(self, requests: Requests, settings: Settings) -> None:
        self._requests = requests
        self._settings = settings
        self.asked_at = 0.0
        """When (scene time) the last move was asked for."""
        self.held: HeldMove | None = None
        self.last_proof: tuple[str, bool] | None = None
        """The position (move string) after the computer's last move, and whether that
        move was proven best (from the book or the exact solver) or a best guess; None
        after a move at a depth level, which never proves its moves."""
        self._asked_perfect = False
        self.stuck: Stuck | None = None
        """Where the last move asked for did not come (None: it came, or none was asked)."""

    @property
    def thinking(self) -> bool:
        """Asked and not answered, or answered and held back."""
        return self._requests.waits_for(RequestKind.MOVE) or self.held is not None

    def ask(self, match: Match, now: float) -> None:
        """Ask for the move of the side to move in ``match`` at its level."""
        board = match.board
        level = match.config.level_of(int(board.to_move))
        budget = self._settings.perfect_budget if level.is_perfect else level.time_budget
        self.asked_at = now
        self._asked_perfect = level.is_perfect
        self.stuck = None
        request = SearchRequest(
            moves=board.moves, depth=level.depth, time_limit=budget, analyze=False
        )
        self._requests.ask(RequestKind.MOVE, request)

    def failed(self, moves: str, *, crashed: bool) -> None:
        """The move asked for in the position ``moves`` will not come."""
        self.stuck = Stuck(moves, crashed)

    def stuck_at(self, moves: str) -> Stuck | None:
        """Why no move came in the position ``moves`` (None: nothing went wrong there)."""
        return self.stuck if self.stuck is not None and self.stuck.moves == moves else None

    def hold(self, column: int, due: float, result: SearchResult) -> None:
        self.held = HeldMove(column, due, proven(result))

    def release(self, now: float, *, may_move: bool) -> HeldMove | None:
        """The held move, once it is due and may be shown (it is no longer held)."""
        held = self.held
        if held is None or now < held.due or not may_move:
            return None
        self.held = None
        return held

    def show_now(self, now: float) -> None:
        """The player asked for the held move (Step): it is due at once."""
        if self.held is not None:
            self.held = HeldMove(self.held.column, now, self.held.proven)

    def played(self, moves: str, *, was_proven: bool) -> None:
        """The computer's move led to the position ``moves``."""
        self.last_proof = (moves, was_proven) if self._asked_perfect else None

    def proof_for(self, moves: str) -> bool | None:
        """Whether the last move was proven, while the position ``moves`` still follows
        from it; None before its first move, and once undo went back past it."""
        if self.last_proof is None:
            return None
        after, was_proven = self.last_proof
        if not moves.startswith(after):
            return None
        return was_proven

    def cancel(self) -> None:
        """Stop the move on its way and forget a held one."""
        self._requests.cancel(RequestKind.MOVE)
        self.held = None

    def forget(self) -> None:
        """A new game: no last move."""
        self.last_proof = None
