"""The values a review needs, found by the engine: the value of every position along a
game, exactly where the time allows, a principal variation where one is asked for, and
why a mistake or a blunder loses (:mod:`game.ai.explain`).

What to ask, in which order and with how much time, is :mod:`game.ai.review_driver`'s
(the same for the command line and the window); :class:`Reviewer` answers each
:class:`~game.ai.review_driver.Need` (:meth:`Reviewer.answer`), here or in the worker
process, and :func:`review_game` runs the two together in this process.

A review needs one value per position, not an analysis of every column
(:mod:`game.ai.judge` says why): the best score of move *k* is the value of position *k*,
the score of the move played the value of position *k + 1* negated.  Each value comes,
first to last, from:

1. what the :class:`Reviewer` proved before (it remembers every position's
   :class:`Bounds`, for as long as it lives: the worker keeps one all session);
2. the book (:class:`~game.ai.bookshelf.PositionBook`), where it knows the position
   exactly (the opening book: every position of the first eight moves);
3. the exact solver, told what the neighbours prove: a position's value is at least the
   next position's value negated (the move played is at most the best), and at least
   the previous position's value negated.  Where the move played was the best, the
   solver's first probe, at that bound, proves the value: two null-window probes
   instead of a bisection.

When a time budget stops the exact solve, the rest of the budget goes to the result
alone (a weak solve: a draw is then exact, a win or a loss a bound), and where even that
does not come, a short depth search estimates it.  The answer then says it is not exact
(:class:`~game.ai.score.Score`'s kind), and the verdicts made of it are not certain.

The reason of a mistake or a blunder (:meth:`Reviewer.explain`) is a board test where a
tactic explains it; a long-term loss has its deciding threat confirmed by the exact
solver's best line played to the end (:func:`game.ai.explain.decider`), the positions
along it remembered as they are solved.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from game.ai.bookshelf import PositionBook
from game.ai.budget import Budget
from game.ai.columns import column_values
from game.ai.control import SearchStopped, StopControl
from game.ai.explain import Decider, Reason, Why, classify, decider
from game.ai.judge import MoveReview, PositionValue, judge, played_value
from game.ai.kernel import loss_next_score, win_now_score
from game.ai.levels import MAX_DEPTH
from game.ai.review_driver import Answer, Need, ReviewDriver, ReviewOptions
from game.ai.score import Score
from game.ai.search import DepthSearch
from game.ai.solver import Solver
from game.core.bitboard import CELLS, Bitboard, Column
from game.core.board import Board

EXACT_SHARE: Final = 0.7
"""The share of a position's time budget the exact solve may take; the weak solve and
the estimate share the rest."""
WEAK_SHARE: Final = 0.9
"""Where the weak solve stops, as a share of the budget: the estimate has the rest."""
DECIDER_NODES: Final = 1_000_000
"""The most nodes the search of a long-term loss's deciding threat may take (the exact
solver's best line to the game's end: tens of milliseconds late in a game, a few hundred
where the line starts in the opening, seconds now and then; ``bench_review.py`` has the
figures).  Beyond it the reason names no threat, only the length of the loss."""
MAX_REMEMBERED: Final = 100_000
"""Positions a reviewer remembers before it forgets them all (about 20 MB)."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """What is known of a position's value: it lies from ``low`` to ``high`` (Pons'
    units, both included; equal: the exact value).  Scores come in (:meth:`narrowed`),
    a score goes out (:meth:`proven`)."""

    low: int
    high: int

    @classmethod
    def at_ply(cls, ply: int) -> Bounds:
        """Every score a position of ``ply`` moves may have."""
        return cls(loss_next_score(ply), win_now_score(ply))

    @classmethod
    def exactly(cls, value: int) -> Bounds:
        return cls(value, value)

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def narrowed(self, score: Score | None) -> Bounds:
        """Narrowed by what ``score`` proves (an estimate proves nothing)."""
        if score is None or score.result is None:
            return self
        if score.is_exact:
            return Bounds.exactly(score.value)
        if score.result > 0:
            return Bounds(max(self.low, score.value), self.high)
        return Bounds(self.low, min(self.high, score.value))

    def above(self, neighbour: Bounds | None) -> Bounds:
        """Raised by a neighbour's bounds: a position is worth at least the value of
        the position before or after it, negated."""
        if neighbour is None:
            return self
        return Bounds(max(self.low, -neighbour.high), self.high)

    def proven(self) -> Score | None:
        """The score these bounds prove: exact, or a win or a loss bounded; None while
        the result is open."""
        if self.exact:
            return Score.exact(self.low)
        if self.low >= 1:
            return Score.bound(self.low)
        if self.high <= -1:
            return Score.bound(self.high)
        return None


@dataclass(frozen=True, slots=True)
class Valued:
    """What the reviewer answers to a need: the position's ``value``, the move's
    ``reason`` (when asked for and proven), what finding them cost (the solver's and the
    search's ``nodes``), and whether a limit ``stopped`` the exact solve."""

    value: PositionValue
    nodes: int
    stopped: bool
    reason: Reason | None = None


class Reviewer:
    """Values the positions of games (see the module docstring) with ``solver``,
    ``search`` (the estimates) and ``book``; remembers what it proved."""

    def __init__(self, solver: Solver, search: DepthSearch, book: PositionBook | None) -> None:
        self.solver = solver
        self.search = search
        self.book = book
        self._known: dict[tuple[Bitboard, Bitboard], Bounds] = {}
        self._rng = random.Random(0)

    def answer(self, game: Board, need: Need, budget: Budget) -> Valued:
        """What ``need`` asks about ``game``, within ``budget``: the position's value
        (with its line), and the move's reason when asked for."""
        valued = self.value(game, need.ply, budget, line=need.line)
        if not need.explain:
            return valued
        reason = self.explain(game, need.ply, budget)
        return Valued(valued.value, budget.nodes, valued.stopped, reason)

    def value(self, game: Board, ply: int, budget: Budget, *, line: int = 0) -> Valued:
        """The value of the position after ``ply`` moves of ``game`` (a position where
        the game is not over), and with ``line`` > 0 its principal variation of up to
        ``line`` moves, within ``budget``."""
        position = Board.from_moves(game.moves[:ply])
        bounds = self._bounds(position)
        for neighbour in (ply - 1, ply + 1):
            if 0 <= neighbour <= game.ply:
                bounds = bounds.above(self._neighbour(game, neighbour))
        spent = budget.nodes
        column, stopped = None, False
        if not bounds.exact:
            bounds, column, stopped = self._solve(position, bounds, budget)
        score = bounds.proven() or self._estimate(position, bounds, budget)
        if column is None and score.is_exact:
            column = self._book_column(position, score.value)
        if line and score.is_exact:
            moves = tuple(self._line(position, score.value, line, budget, column))
            value = PositionValue(ply, score, moves[0] if moves else column, moves)
        else:
            value = PositionValue(ply, score, column if score.is_exact else None)
        return Valued(value, budget.nodes - spent, stopped)

    def explain(self, game: Board, ply: int, budget: Budget) -> Reason | None:
        """Why the move played from the position after ``ply`` moves of ``game`` loses
        (:mod:`game.ai.explain`), when the values found within ``budget`` prove it a
        mistake or a blunder; None otherwise."""
        if not 0 <= ply < game.ply:
            return None
        position = Board.from_moves(game.moves[:ply])
        column = game.history[ply]
        before = self.value(game, ply, budget).value
        played = played_value(game, ply, None)
        if played is None:
            played = -self.value(game, ply + 1, budget).value.score
        judged = judge(before.score, played)
        if not (judged.proven and judged.verdict.shows_line):
            return None
        reason = classify(position, column, before.score, played)
        if reason is None or reason.why is not Why.LONG_TERM:
            return reason
        return reason.confirmed(self._decider(position, column, before, played, budget))

    def _decider(
        self,
        position: Board,
        column: Column,
        before: PositionValue,
        played: Score,
        budget: Budget,
    ) -> Decider | None:
        """The threat that decides a long-term loss, confirmed by the best line to the
        end: the opponent's after the move played when it loses, else (a mistake) the
        mover's after the best move."""
        start = position.copy()
        if played.is_exact and played.value < 0:
            value, lost_win = -played.value, False
            start.play(column)
        elif before.score.is_exact and before.score.value > 0:
            best = before.column
            if best is None:
                best = self._best_column(position, before.score.value, budget)
            if best is None:
                return None
            value, lost_win = -before.score.value, True
            start.play(best)
        else:
            return None
        if start.is_over:
            return None
        whole = budget.control()
        capped = Budget(
            StopControl(
                time_limit=whole.remaining(),
                node_limit=DECIDER_NODES,
                should_stop=whole.should_stop,
            )
        )
        line = list(self._line(start, value, CELLS, capped, None))
        budget.spend(capped.nodes)
        return decider(start, line, lost_win=lost_win)

    # -- what is known --------------------------------------------------------------

    def _remember(self, position: Board, bounds: Bounds) -> None:
        if len(self._known) >= MAX_REMEMBERED:
            self._known.clear()
        self._known[(position.current, position.mask)] = bounds

    def _bounds(self, position: Board) -> Bounds:
        """What is known of ``position``'s value: remembered, else the book's, else the
        range of every score at its ply."""
        ply = position.ply
        known = self._known.get((position.current, position.mask))
        bounds = known if known is not None else Bounds.at_ply(ply)
        if any(position.is_winning_move(col) for col in position.legal_moves()):
            bounds = Bounds.exactly(win_now_score(ply))
        elif self.book is not None and known is None:
            bounds = bounds.narrowed(self.book.score(position.current, position.mask))
        self._remember(position, bounds)
        return bounds

    def _neighbour(self, game: Board, ply: int) -> Bounds | None:
        """What is known of the position after ``ply`` moves of ``game`` (None: nothing,
        or the game is over there)."""
        if ply == game.ply and game.is_over:
            return None
        position = Board.from_moves(game.moves[:ply])
        known = self._known.get((position.current, position.mask))
        if known is None and self.book is not None:
            score = self.book.score(position.current, position.mask)
            known = None if score is None else Bounds.at_ply(ply).narrowed(score)
        return known

    # -- solving --------------------------------------------------------------------

    def _solve(
        self, position: Board, bounds: Bounds, budget: Budget
    ) -> tuple[Bounds, Column | None, bool]:
        """The exact value within ``bounds`` on the exact share of ``budget``, else the
        result alone on the weak share; what is then known, a best column (when
        exact), and whether the exact solve was stopped."""
        current, mask, ply = position.current, position.mask, position.ply
        solver = self.solver
        try:
            window = (bounds.low, bounds.high)
            found = solver.solve_within(
                current, mask, ply, window, control=budget.control(EXACT_SHARE)
            )
        except SearchStopped:
            budget.spend(solver.nodes)
        else:
            budget.spend(found.nodes)
            exact = Bounds.exactly(found.score)
            self._remember(position, exact)
            return exact, found.column, False
        if bounds.low < 1 and bounds.high > -1 and not budget.stop_requested():
            try:
                control = budget.control(WEAK_SHARE)
                weak = solver.solve(current, mask, ply, weak=True, control=control)
            except SearchStopped:
                budget.spend(solver.nodes)
            else:
                budget.spend(weak.nodes)
                bounds = bounds.narrowed(Score.of_result(weak.score))
        self._remember(position, bounds)
        return bounds, None, True

    def _estimate(self, position: Board, bounds: Bounds, budget: Budget) -> Score:
        """The score to answer where ``bounds`` leave the result open: the depth
        search's estimate in what is left of the budget (exact when the search saw the
        end), kept within the bounds."""
        found = self.search.search(position, MAX_DEPTH, rng=self._rng, control=budget.control())
        budget.spend(found.nodes)
        estimate = Score.from_search(found.score, exact=found.exact)
        if estimate.is_exact and bounds.low <= estimate.value <= bounds.high:
            self._remember(position, Bounds.exactly(estimate.value))
            return estimate
        units = estimate.units
        if estimate.result is not None:  # a bound the bounds' own does not beat
            units = 0
        if bounds.low >= 0:
            units = max(units, 0)
        elif bounds.high <= 0:
            units = min(units, 0)
        return Score.estimate(units)

    def _line(
        self, position: Board, value: int, length: int, budget: Budget, first: Column | None
    ) -> Iterator[Column]:
        """Up to ``length`` moves of a principal variation from ``position`` (whose exact
        value is ``value``), ``first`` its first move when known; fewer when the game
        ends or the budget runs out."""
        board = position.copy()
        column = first
        for _ in range(length):
            if column is None:
                column = self._best_column(board, value, budget)
                if column is None:
                    return
            yield column
            board.play(column)
            if board.is_over:
                return
            value = -value
            self._remember(board, Bounds.exactly(value))
            column = None

    def _best_column(self, position: Board, value: int, budget: Budget) -> Column | None:
        """A column that keeps ``position``'s exact ``value``: the book's where it keeps
        one or knows every column, else the solver's (one probe: the value is known)."""
        column = self._book_column(position, value)
        if column is not None:
            return column
        current, mask, ply = position.current, position.mask, position.ply
        try:
            found = self.solver.solve_within(
                current, mask, ply, (value, value), control=budget.control()
            )
        except SearchStopped:
            budget.spend(self.solver.nodes)
            return None
        budget.spend(found.nodes)
        return found.column

    def _book_column(self, position: Board, value: int) -> Column | None:
        """A column the book knows to keep ``position``'s exact ``value`` (None: the book
        knows none)."""
        if self.book is None:
            return None
        moved = self.book.best_move(position.current, position.mask)
        if moved is not None and moved[0].is_exact and moved[0].value == value:
            return moved[1]
        known = column_values(position, book=self.book)
        return None if known is None else known.analysis.best_column()


COMMAND_LINE: Final = ReviewOptions(line=0)
"""The command line's review: every value exact, no lines."""


def review_game(
    game: Board,
    reviewer: Reviewer,
    options: ReviewOptions = COMMAND_LINE,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> list[MoveReview]:
    """The moves of ``game`` judged as ``options`` say, in this process: the needs of a
    :class:`~game.ai.review_driver.ReviewDriver` answered one after the other, until
    ``should_stop`` says to stop."""
    driver = ReviewDriver(game, options)
    while (need := driver.take()) is not None:
        budget = Budget(StopControl(time_limit=need.time_limit, should_stop=should_stop))
        valued = reviewer.answer(game, need, budget)
        driver.receive(need, Answer(valued.value, valued.reason))
    return driver.judged()
