"""Replay my mistakes: each of the player's mistakes and blunders of a reviewed game set as
a puzzle in turn, from the position before it: find a better move.

Any move that keeps the result the best move had counts (a win, or a draw where the best
was a draw), as the puzzles count any move that keeps the win.  A move is judged by the
analysis of its position (every column's value, the one the Review screen asks for the
position shown): a move tried before it comes waits for it, and a move whose value it
could not prove is no try (the player is told and tries again), nor is the move the
game went on with, nor a wrong move tried again.  After
:data:`MAX_TRIES` wrong tries the best move, its line and the reason the game's move lost
are shown.  The player's mistakes are those of the human's side against the computer,
and every side's in other games.

No pygame and no requests here: the scene asks for the analyses and hands them over,
and keeps what was fixed with the game (:meth:`game.ui.saver.Saver.keep_replay`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from game.ai.judge import MoveReview
from game.ai.score import Analysis
from game.core import Player
from game.core.bitboard import Column

MAX_TRIES: Final = 3
"""Wrong tries before the best move is shown."""


class Step(enum.Enum):
    """Where the replay of one mistake stands."""

    TRYING = enum.auto()
    """The player looks for a better move."""
    CHECKING = enum.auto()
    """A move was tried before its position's analysis came: it is awaited."""
    FIXED = enum.auto()
    """A move that keeps the result was found."""
    SHOWN = enum.auto()
    """The tries ran out: the best move, its line and the reason are shown."""


class Tried(enum.Enum):
    """What the last move tried was."""

    KEPT = enum.auto()
    LOST = enum.auto()
    UNPROVEN = enum.auto()
    """The analysis could not prove its value: not counted as a try."""
    PLAYED = enum.auto()
    """The move the game went on with: the mistake itself, not counted as a try."""
    AGAIN = enum.auto()
    """A wrong move tried before on this mistake: not counted again."""


def mistakes_of(reviews: Sequence[MoveReview | None], player: Player | None) -> list[MoveReview]:
    """The proven mistakes and blunders among ``reviews`` of ``player`` (None: of every
    side), in the game's order."""
    return [
        review
        for review in reviews
        if review is not None
        and review.verdict.shows_line
        and review.proven
        and (player is None or review.mover is player)
    ]


@dataclass(slots=True)
class Replay:
    """The replay of ``mistakes`` (in the game's order) of the game ``moves``."""

    moves: str
    mistakes: Sequence[MoveReview]
    index: int = 0
    step: Step = Step.TRYING
    wrong: list[Column] = field(default_factory=list)
    """The wrong moves tried on the current mistake."""
    last: Tried | None = None
    waiting: Column | None = None
    """A move tried before its position's analysis came."""
    found: Column | None = None
    """The move that fixed the current mistake."""
    fixed: set[int] = field(default_factory=set)
    """The numbers of the mistakes fixed so far."""
    repeated: Column | None = None
    """The column of the last move tried that was not counted (:attr:`Tried.PLAYED`
    or :attr:`Tried.AGAIN`)."""

    @property
    def current(self) -> MoveReview:
        return self.mistakes[self.index]

    @property
    def position(self) -> str:
        """The position before the current mistake (its moves)."""
        return self.moves[: self.current.ply]

    @property
    def last_one(self) -> bool:
        return self.index == len(self.mistakes) - 1

    @property
    def tries_left(self) -> int:
        return MAX_TRIES - len(self.wrong)

    @property
    def over(self) -> bool:
        """Whether the current mistake is settled (fixed, or its answer shown)."""
        return self.step in (Step.FIXED, Step.SHOWN)

    def play(self, column: Column, analysis: Analysis | None) -> None:
        """The player tries ``column``, the position's ``analysis`` in hand (None: not
        come yet).  Only while trying."""
        if self.step is not Step.TRYING:
            return
        if analysis is None:
            self.waiting, self.step = column, Step.CHECKING
            return
        self._judge(column, analysis)

    def analysed(self, moves: str, analysis: Analysis) -> None:
        """The analysis of the position ``moves`` came."""
        if self.step is Step.CHECKING and moves == self.position and self.waiting is not None:
            column, self.waiting = self.waiting, None
            self.step = Step.TRYING
            self._judge(column, analysis)

    def _judge(self, column: Column, analysis: Analysis) -> None:
        if column == self.current.column:
            self.last, self.repeated = Tried.PLAYED, column
            return
        if column in self.wrong:
            self.last, self.repeated = Tried.AGAIN, column
            return
        needed = self.current.best.result
        score = analysis.get(column)
        result = None if score is None else score.result
        if result is None or needed is None:
            self.last = Tried.UNPROVEN
        elif result >= needed:
            self.last, self.found, self.step = Tried.KEPT, column, Step.FIXED
            self.fixed.add(self.current.number)
        else:
            self.last = Tried.LOST
            self.wrong.append(column)
            if len(self.wrong) >= MAX_TRIES:
                self.step = Step.SHOWN

    def next(self) -> bool:
        """On to the next mistake; False when this was the last one."""
        if self.last_one:
            return False
        self.index += 1
        self.step, self.wrong, self.last = Step.TRYING, [], None
        self.waiting = self.found = self.repeated = None
        return True
