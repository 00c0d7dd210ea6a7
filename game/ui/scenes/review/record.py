"""The game under review and what is known of it: the positions' values as they arrive,
the moves judged from them, the position shown, and each player's summary.

No pygame and no requests here: :mod:`.requests` asks the worker, the scene hands the
answers to :meth:`ReviewRecord.receive`, and the view reads the record.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.ai.judge import MoveReview, MoveVerdict, PositionValue, assemble, positions_to_value
from game.core import Board, Player
from game.ui.review_game import ReviewGame


@dataclass(frozen=True, slots=True)
class Summary:
    """One player's moves judged so far: how many, and how many of each verdict
    (``uncertain``: judged from an estimate)."""

    moves: int
    counts: dict[MoveVerdict, int]
    uncertain: int

    @property
    def accuracy(self) -> float | None:
        """The share of best moves among those judged (None before any is)."""
        return self.counts[MoveVerdict.BEST] / self.moves if self.moves else None


class ReviewRecord:
    """The game (:class:`ReviewGame`), its positions' values and moves judged so far, and
    the position shown (``shown`` moves played, 0 to the game's length)."""

    def __init__(self, game: ReviewGame) -> None:
        self.game = game
        self.board = Board.from_moves(game.moves)
        self.values: dict[int, PositionValue] = {}
        self.reviews: list[MoveReview | None] = [None] * self.board.ply
        self.shown = self.board.ply

    @property
    def length(self) -> int:
        """How many moves the game has."""
        return self.board.ply

    @property
    def plies(self) -> list[int]:
        """The positions whose values the review needs."""
        return positions_to_value(self.board)

    @property
    def judged(self) -> int:
        """How many moves of the players are judged."""
        return sum(review is not None for review in self.reviews[self.game.start :])

    @property
    def to_judge(self) -> int:
        """How many moves of the players the review judges."""
        return self.length - self.game.start

    @property
    def complete(self) -> bool:
        return self.judged == self.to_judge

    def receive(self, value: PositionValue) -> None:
        """A position's value arrived (or a better one: a line, an exact value); a line
        known already stays with the same value."""
        known = self.values.get(value.ply)
        if known is not None and known.line and not value.line and known.score == value.score:
            return
        self.values[value.ply] = value
        self.reviews = assemble(self.board, self.values)

    def position(self, shown: int | None = None) -> Board:
        """The board after ``shown`` moves (the shown position by default)."""
        return Board.from_moves(self.game.moves[: self.shown if shown is None else shown])

    @property
    def move(self) -> MoveReview | None:
        """The judgement of the move that led to the shown position (None: the start, a
        move given with the start position, or not judged yet)."""
        if self.shown <= self.game.start:
            return None
        return self.reviews[self.shown - 1]

    def go_to(self, shown: int) -> bool:
        """Show the position after ``shown`` moves (clamped); whether that changed it."""
        shown = min(max(shown, 0), self.length)
        changed = shown != self.shown
        self.shown = shown
        return changed

    def step(self, delta: int) -> bool:
        return self.go_to(self.shown + delta)

    def summary(self, player: Player) -> Summary:
        """``player``'s moves judged so far (those after the start position)."""
        mine = [
            review
            for review in self.reviews[self.game.start :]
            if review is not None and review.mover is player
        ]
        counts = Counter({verdict: 0 for verdict in MoveVerdict})
        counts.update(review.verdict for review in mine)
        uncertain = sum(not review.proven for review in mine)
        return Summary(len(mine), dict(counts), uncertain)

    @property
    def estimated(self) -> bool:
        """Whether a judged move rests on an estimate."""
        return any(review is not None and not review.proven for review in self.reviews)

    def wants_line(self, ply: int) -> bool:
        """Whether the move from position ``ply`` shows a best line the record lacks: a
        mistake or a blunder whose position's value is exact."""
        review = self.reviews[ply] if ply < self.length else None
        if review is None or not review.verdict.shows_line or ply < self.game.start:
            return False
        value = self.values.get(ply)
        return value is not None and value.score.is_exact and not value.line
