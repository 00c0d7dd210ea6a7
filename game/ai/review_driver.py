"""One driver for the review of a game, the same for the command line and the window.

A review is a sequence of questions to the engine, each answered by
:meth:`game.ai.review.Reviewer.answer`: the value of one position of the game, and for
the position of a mistake or a blunder its best line and the reason the move played
loses (:mod:`game.ai.explain`).  :class:`ReviewDriver` is the state machine that asks
them: :meth:`~ReviewDriver.take` says what to ask next (a :class:`Need`, with its time),
:meth:`~ReviewDriver.receive` and :meth:`~ReviewDriver.fail` take the answers, and
:attr:`~ReviewDriver.reviews` judges the moves from what is known (:func:`judge.assemble`).

It searches nothing and imports no engine: the command line answers each need at once in
its own process (:func:`game.ai.review.review_game`); the window sends each to the worker
process, a few at a time, and hands the replies back when they come, so that it never
waits.  Both get the same order, the same lines and the same verdicts.

**The order.**  The positions from the last back to the first (the order that reviews
fastest: :func:`review_order`); a mistake's or a blunder's line and reason (one need: the
position's value again, remembered by then, with both) go before the positions left,
as soon as the verdict is proven and the position's value exact (a line is only shown
for an exact value, a reason only for a proven verdict).

**The time.**  ``position_seconds`` bounds each need (the window: a position it cannot
solve exactly in that time gets a bound or an estimate); ``total_seconds`` bounds the
whole review, each need getting an even share of the time left (so that what the quick
positions leave goes to the slow ones); neither: every value exact, however long it takes.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.ai.explain import Reason
from game.ai.judge import MoveReview, PositionValue, assemble, positions_to_value
from game.ai.protocol import LINE_LENGTH
from game.core.board import Board


@dataclass(frozen=True, kw_only=True, slots=True)
class ReviewOptions:
    """How to review: from the ``first`` move on (the moves before are the given start
    position's); the length of a mistake's or a blunder's best ``line`` (0: none);
    whether to ``explain`` each mistake and blunder; the time of each need
    (``position_seconds``) or of the whole review (``total_seconds``)."""

    first: int = 0
    line: int = LINE_LENGTH
    explain: bool = False
    position_seconds: float | None = None
    total_seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Need:
    """A question for the engine about the position after ``ply`` moves of the game:
    its value, within ``time_limit`` seconds (None: exactly, however long); with
    ``line`` > 0 its best line of up to that many moves; with ``explain`` the reason of
    the move played from it (a mistake or a blunder)."""

    ply: int
    line: int = 0
    explain: bool = False
    time_limit: float | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """What the engine found for a :class:`Need`: the position's ``value`` (with the line
    asked for) and the move's ``reason`` (None: not asked, or not proven)."""

    value: PositionValue
    reason: Reason | None = None


def review_order(board: Board, first: int = 0) -> list[int]:
    """The plies of ``board``'s game from ``first`` in the order a review values them
    best: from the last position back to the first (late positions are solved in
    milliseconds, fill the solver's table for the earlier ones, and give each earlier
    position a bound: :mod:`game.ai.review`)."""
    return [ply for ply in reversed(positions_to_value(board)) if ply >= first]


class ReviewDriver:
    """The review of ``game`` as ``options`` say (see the module docstring), its time
    measured by ``clock``."""

    def __init__(
        self,
        game: Board,
        options: ReviewOptions = ReviewOptions(),
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.first = options.first
        self._line = options.line
        self._explain = options.explain
        self._position_seconds = options.position_seconds
        self._total_seconds = options.total_seconds
        self._clock = clock
        self._started = clock()
        self._queue = collections.deque(review_order(game, options.first))
        self._pending: list[Need] = []
        self._extras: set[int] = set()
        """The positions whose line or reason was asked for (once is enough)."""
        self.values: dict[int, PositionValue] = {}
        """Every position's value known, by ply."""
        self.reasons: dict[int, Reason] = {}
        """The reason of each mistake and blunder known, by the ply it was played from."""
        self.reviews: list[MoveReview | None] = [None] * game.ply
        """Every move judged (None: not yet, or before ``first``)."""
        self.failures = 0
        """Needs the engine could not answer."""

    # -- what to ask ----------------------------------------------------------------

    @property
    def pending(self) -> tuple[Need, ...]:
        """The needs taken and not answered yet, oldest first."""
        return tuple(self._pending)

    @property
    def done(self) -> bool:
        """Whether nothing is left to ask nor awaited."""
        return not self._pending and self._peek() is None

    def take(self) -> Need | None:
        """The next need (now awaited), or None when there is nothing to ask now."""
        need = self._peek()
        if need is None:
            return None
        if need.line or need.explain:
            self._extras.add(need.ply)
        else:
            self._queue.popleft()
        need = Need(need.ply, need.line, need.explain, self._time_limit())
        self._pending.append(need)
        return need

    def _peek(self) -> Need | None:
        """What :meth:`take` would give, without its time."""
        extra = next(self._extras_wanted(), None)
        if extra is not None:
            return extra
        return Need(self._queue[0]) if self._queue else None

    def _extras_wanted(self) -> Iterator[Need]:
        """The lines and reasons still to ask for (see the module docstring)."""
        if not (self._line or self._explain):
            return
        for review in self.reviews:
            if review is None or not review.verdict.shows_line or review.ply in self._extras:
                continue
            value = self.values.get(review.ply)
            if value is None:
                continue
            line = self._line if value.score.is_exact and not value.line else 0
            explain = self._explain and review.proven and review.reason is None
            if line or explain:
                yield Need(review.ply, line, explain)

    def _time_limit(self) -> float | None:
        """The time of the next need."""
        if self._total_seconds is None:
            return self._position_seconds
        left = max(0.0, self._total_seconds - (self._clock() - self._started))
        share = left / (len(self._queue) + 1)
        return share if self._position_seconds is None else min(share, self._position_seconds)

    # -- what comes back ------------------------------------------------------------

    def receive(self, need: Need, answer: Answer) -> None:
        """The engine's ``answer`` to ``need`` (one :meth:`take` gave)."""
        self._drop(need)
        value = answer.value
        known = self.values.get(value.ply)
        # A line known already stays with the same value (a later answer may lack it).
        if not (known is not None and known.line and not value.line and known.score == value.score):
            self.values[value.ply] = value
        if answer.reason is not None:
            self.reasons[need.ply] = answer.reason
        self.reviews = assemble(self.game, self.values, self.reasons)

    def fail(self, need: Need) -> None:
        """The engine could not answer ``need`` (it is not asked again)."""
        self._drop(need)
        self.failures += 1

    def cancel(self) -> None:
        """Stop: nothing more is asked, and nothing awaited is expected any more."""
        self._pending.clear()
        self._queue.clear()
        self._line = 0
        self._explain = False

    def _drop(self, need: Need) -> None:
        if need in self._pending:
            self._pending.remove(need)

    # -- what is known --------------------------------------------------------------

    def judged(self) -> list[MoveReview]:
        """The moves judged so far, in order."""
        return [review for review in self.reviews if review is not None]
