"""The game under review and what is known of it: the positions' values as they arrive,
the moves judged from them, the position shown, and each player's summary.

No pygame and no requests here: :mod:`.requests` asks the worker what the record's
driver needs and hands it the answers, and the view reads the record.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from game.ai.judge import MoveReview, MoveVerdict, PositionValue
from game.ai.review_driver import ReviewDriver, ReviewOptions
from game.core import Board, Player
from game.ui.review_game import ReviewGame

POSITION_SECONDS: Final = 4.0
"""The most a position's exact value may take before the review estimates it (with the
opening book, the first eight moves' values take no time at all)."""


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
    """The game (:class:`ReviewGame`), the review's driver (what is known of its
    positions and moves: :class:`~game.ai.review_driver.ReviewDriver`, the same as the
    command line's), and the position shown (``shown`` moves played, 0 to the game's
    length)."""

    def __init__(self, game: ReviewGame) -> None:
        self.game = game
        self.board = Board.from_moves(game.moves)
        options = ReviewOptions(first=game.start, explain=True, position_seconds=POSITION_SECONDS)
        self.driver = ReviewDriver(self.board, options)
        self.shown = self.board.ply

    @property
    def values(self) -> dict[int, PositionValue]:
        """Every position's value known, by ply."""
        return self.driver.values

    @property
    def reviews(self) -> list[MoveReview | None]:
        """Every move judged so far (None: not yet, or a move of the start position)."""
        return self.driver.reviews

    @property
    def length(self) -> int:
        """How many moves the game has."""
        return self.board.ply

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
