"""The review of a game: the value of every position along it, exactly where the time
allows, and a principal variation where one is asked for.

A review needs one value per position, not an analysis of every column
(:mod:`game.ai.judge` says why): the best score of move *k* is the value of position *k*,
the score of the move played the value of position *k + 1* negated.  Each value comes,
first to last, from:

1. what the :class:`Reviewer` proved before (it remembers every position's value, or the
   range it lies in, for as long as it lives: the worker keeps one all session);
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

The order that makes a whole review fastest (:func:`review_order`): the positions the
book answers first (they cost nothing), then from the last position back to the first:
late positions are solved in milliseconds and fill the solver's table for the earlier
ones, and each position then has its successor's value as a bound.
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
from game.ai.judge import MoveReview, PositionValue, assemble, positions_to_value
from game.ai.kernel import loss_next_score, win_now_score
from game.ai.levels import MAX_DEPTH
from game.ai.score import Score
from game.ai.search import DepthSearch
from game.ai.solver import Solver
from game.core.bitboard import Bitboard, Column
from game.core.board import Board

EXACT_SHARE: Final = 0.7
"""The share of a position's time budget the exact solve may take; the weak solve and
the estimate share the rest."""
WEAK_SHARE: Final = 0.9
"""Where the weak solve stops, as a share of the budget: the estimate has the rest."""
MAX_REMEMBERED: Final = 100_000
"""Positions a reviewer remembers before it forgets them all (about 20 MB)."""

Interval = tuple[int, int]
"""The lowest and highest score a position may have (equal: its exact value)."""


@dataclass(frozen=True, slots=True)
class Valued:
    """A position's value and what finding it cost: the solver's and the search's
    ``nodes``, and whether a limit ``stopped`` the exact solve."""

    value: PositionValue
    nodes: int
    stopped: bool


def review_order(board: Board) -> list[int]:
    """The plies of ``board``'s game in the order a review values them best: from the
    last position back to the first (the module docstring says why)."""
    return list(reversed(positions_to_value(board)))


class Reviewer:
    """Values the positions of games (see the module docstring) with ``solver``,
    ``search`` (the estimates) and ``book``; remembers what it proved."""

    def __init__(self, solver: Solver, search: DepthSearch, book: PositionBook | None) -> None:
        self.solver = solver
        self.search = search
        self.book = book
        self._known: dict[tuple[Bitboard, Bitboard], Interval] = {}
        self._rng = random.Random(0)

    def value(self, game: Board, ply: int, budget: Budget, *, line: int = 0) -> Valued:
        """The value of the position after ``ply`` moves of ``game`` (a position where
        the game is not over), and with ``line`` > 0 its principal variation of up to
        ``line`` moves, within ``budget``."""
        position = Board.from_moves(game.moves[:ply])
        interval = self._interval(position)
        for neighbour in (ply - 1, ply + 1):
            if 0 <= neighbour <= game.ply:
                interval = _above(interval, self._neighbour(game, neighbour))
        spent = budget.nodes
        column, stopped = None, False
        if interval[0] < interval[1]:
            interval, column, stopped = self._solve(position, interval, budget)
        score = self._score(position, interval, budget)
        if column is None and score.is_exact:
            column = self._book_column(position, score.value)
        if line and score.is_exact:
            moves = tuple(self._line(position, score.value, line, budget, column))
            value = PositionValue(ply, score, moves[0] if moves else column, moves)
        else:
            value = PositionValue(ply, score, column if score.is_exact else None)
        return Valued(value, budget.nodes - spent, stopped)

    # -- what is known --------------------------------------------------------------

    def _remember(self, position: Board, interval: Interval) -> None:
        if len(self._known) >= MAX_REMEMBERED:
            self._known.clear()
        self._known[(position.current, position.mask)] = interval

    def _interval(self, position: Board) -> Interval:
        """What is known of ``position``'s value: remembered, else the book's, else the
        range of every score at its ply."""
        ply = position.ply
        known = self._known.get((position.current, position.mask))
        low, high = known if known is not None else (loss_next_score(ply), win_now_score(ply))
        if any(position.is_winning_move(col) for col in position.legal_moves()):
            low = high = win_now_score(ply)
        elif self.book is not None and known is None:
            low, high = _narrowed((low, high), self.book.score(position.current, position.mask))
        self._remember(position, (low, high))
        return low, high

    def _neighbour(self, game: Board, ply: int) -> int | None:
        """The highest value the position after ``ply`` moves of ``game`` may have, when
        something is known of it (None: nothing, or the game is over there)."""
        if ply == game.ply and game.is_over:
            return None
        prefix = game.moves[:ply]
        position = Board.from_moves(prefix)
        known = self._known.get((position.current, position.mask))
        if known is None and self.book is not None:
            start = (loss_next_score(ply), win_now_score(ply))
            known = _narrowed(start, self.book.score(position.current, position.mask))
        return None if known is None else known[1]

    # -- solving --------------------------------------------------------------------

    def _solve(
        self, position: Board, interval: Interval, budget: Budget
    ) -> tuple[Interval, Column | None, bool]:
        """The exact value within ``interval`` on the exact share of ``budget``, else the
        result alone on the weak share; what is then known, a best column (when
        exact), and whether the exact solve was stopped."""
        current, mask, ply = position.current, position.mask, position.ply
        solver = self.solver
        try:
            found = solver.solve_within(
                current, mask, ply, interval, control=budget.control(EXACT_SHARE)
            )
        except SearchStopped:
            budget.spend(solver.nodes)
        else:
            budget.spend(found.nodes)
            self._remember(position, (found.score, found.score))
            return (found.score, found.score), found.column, False
        low, high = interval
        if low < 1 and high > -1 and not budget.stop_requested():
            try:
                control = budget.control(WEAK_SHARE)
                weak = solver.solve(current, mask, ply, weak=True, control=control)
            except SearchStopped:
                budget.spend(solver.nodes)
            else:
                budget.spend(weak.nodes)
                low, high = _narrowed((low, high), Score.of_result(weak.score))
        self._remember(position, (low, high))
        return (low, high), None, True

    def _score(self, position: Board, interval: Interval, budget: Budget) -> Score:
        """The score to answer for what is known: exact, a proven bound, or (the result
        unknown) the depth search's estimate in what is left of the budget."""
        low, high = interval
        if low == high:
            return Score.exact(low)
        if low >= 1:
            return Score.bound(low)
        if high <= -1:
            return Score.bound(high)
        found = self.search.search(position, MAX_DEPTH, rng=self._rng, control=budget.control())
        budget.spend(found.nodes)
        estimate = Score.from_search(found.score, exact=found.exact)
        if estimate.is_exact and low <= estimate.value <= high:
            self._remember(position, (estimate.value, estimate.value))
            return estimate
        units = estimate.units
        if estimate.result is not None:  # a bound the interval's own does not beat
            units = 0
        units = max(units, 0) if low >= 0 else min(units, 0) if high <= 0 else units
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
            self._remember(board, (value, value))
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


def _narrowed(interval: Interval, score: Score | None) -> Interval:
    """``interval`` narrowed by what ``score`` proves (an estimate proves nothing)."""
    low, high = interval
    if score is None or score.result is None:
        return interval
    if score.is_exact:
        return score.value, score.value
    if score.result > 0:
        return max(low, score.value), high
    return low, min(high, score.value)


def _above(interval: Interval, neighbour_high: int | None) -> Interval:
    """``interval`` raised by a neighbour's highest value: a position is worth at least
    the value of the position before or after it, negated."""
    if neighbour_high is None:
        return interval
    low, high = interval
    return max(low, -neighbour_high), high


def review_game(
    game: Board,
    reviewer: Reviewer,
    *,
    first: int = 0,
    seconds: float | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[MoveReview]:
    """The moves of ``game`` from the ``first`` (0: every move) judged; exact without
    ``seconds``, else within about that many seconds in all (each position gets an even
    share of the time left, so the time the fast ones leave goes to the slow ones)."""
    whole = Budget(StopControl(time_limit=seconds, should_stop=should_stop))
    order = [ply for ply in review_order(game) if ply >= first]
    values: dict[int, PositionValue] = {}
    for index, ply in enumerate(order):
        share = None
        if seconds is not None:
            share = max(0.0, seconds - whole.elapsed()) / (len(order) - index)
        budget = Budget(StopControl(time_limit=share, should_stop=should_stop))
        values[ply] = reviewer.value(game, ply, budget).value
    reviews = assemble(game, values)
    return [review for review in reviews if review is not None]
