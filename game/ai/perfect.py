"""The Perfect level's policy: the opening book, the exact solver, and never a move that
gives the result away.

A move, in order:

1. **The book** (:class:`~game.ai.bookshelf.PositionBook`), where it knows the value of
   every column: the best of them (the fastest win, the draw, or the slowest loss), the
   most central of equals; at its last ply, the move it keeps.
2. **An immediate win**, at once.
3. **The exact solver**, from ply :data:`UNKNOWN_OPENING_PLIES` on, on all but
   :data:`PERFECT_FALLBACK_SHARE` of the budget: the fastest win, the draw, or the
   slowest loss.  Where the book knows the score but keeps no move (one ply past its
   last), the solver only looks for a move that reaches it.
4. **The result**, when no exact answer came (or before that ply, where the exact score
   takes the solver far longer than the result): the weak solve proves a move that keeps
   a win or a draw.  Perfect never trades a result for time: when the budget runs out
   before the proof, the weak solve goes on past it (up to
   :data:`~game.ai.protocol.PROOF_TIME_LIMIT`) and the answer says so (``overtime``).
5. **A lost position** (or no proof at all: a stop flag, the node budget, the proof's
   limit): the deepest search the rest of the budget allows chooses, marked stopped.

An analysis (every column's value; the hint is its best column) is the book's where it
knows every column; else the solver's exact values of every column within the budget
(after a depth search on :data:`UNKNOWN_OPENING_SEARCH_SHARE` of it before ply
:data:`UNKNOWN_OPENING_PLIES`), and when those do not come in time, the deepest
search's estimates, marked stopped.

Why these plies and shares: ``build_scripts/evaluation_tuning.md`` ("Perfect's shares of its
budget").
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Final

from game.ai.bookshelf import PositionBook
from game.ai.budget import Budget
from game.ai.columns import column_values
from game.ai.control import SearchStopped, StopControl
from game.ai.levels import MAX_DEPTH
from game.ai.protocol import PROOF_TIME_LIMIT, SearchResult
from game.ai.score import Analysis, Score
from game.ai.search import DepthResult, DepthSearch
from game.ai.solver import Solver
from game.core.bitboard import CELLS, CENTRE_FIRST, Column
from game.core.board import Board

PERFECT_FALLBACK_SHARE: Final = 0.25
"""The share of the budget the exact solver leaves to what comes after it."""
UNKNOWN_OPENING_PLIES: Final = 9
"""Before this ply only a missing or damaged book leaves a position unknown (the book holds
every position of the first eight plies).  There Perfect proves the result first: the
exact score takes the solver far longer."""
UNKNOWN_OPENING_SEARCH_SHARE: Final = 0.5
"""An analysis of such a position searches first, on this share of the budget, and then
tries the solver on the rest: its answer is then at least the deepest search's."""


@dataclass(frozen=True, slots=True)
class Ask:
    """One request as the policy sees it: the position (a game not over), its budget, and
    the random choice between equal moves of a depth search."""

    board: Board
    budget: Budget
    rng: random.Random


class Perfect:
    """The Perfect level's answers, with the engine's solver, depth search and book."""

    def __init__(self, solver: Solver, depth_search: DepthSearch, book: PositionBook | None):
        self.solver = solver
        self.depth_search = depth_search
        self.book = book

    def answer(self, ask: Ask, *, analyze: bool, use_book: bool) -> SearchResult:
        """Perfect's move, with every column's value if ``analyze``; from the book where it
        knows and ``use_book`` allows."""
        book = self.book if use_book else None
        if book is not None:
            answered = self._from_book(ask, analyze=analyze)
            if answered is not None:
                return answered
        if analyze:
            return self._analysis(ask, book)
        known = book.score(ask.board.current, ask.board.mask) if book is not None else None
        return self._move(ask, known.value if known is not None and known.is_exact else None)

    # -- the book

    def _from_book(self, ask: Ask, *, analyze: bool) -> SearchResult | None:
        valuation = column_values(ask.board, book=self.book, weak=True)
        if valuation is None:
            return None if analyze else self._book_move(ask)
        values = valuation.analysis
        column = values.best_column()
        answer = _answer(ask, column, values[column], values if analyze else None, depth=0)
        return dataclasses.replace(answer, from_book=True)

    def _book_move(self, ask: Ask) -> SearchResult | None:
        """The move the book keeps for a position whose children it does not hold (the
        book's last ply), or None."""
        assert self.book is not None
        board = ask.board
        found = self.book.best_move(board.current, board.mask)
        if found is None:
            return None
        score, column = found
        return dataclasses.replace(_answer(ask, column, score, depth=0), from_book=True)

    # -- a move

    def _move(self, ask: Ask, known: int | None) -> SearchResult:
        """Perfect's move by search; ``known``: the position's exact score, where the book
        holds it but no move (the ply past its last): the solver then only finds a move
        that reaches it."""
        board, budget = ask.board, ask.budget
        win = next((col for col in CENTRE_FIRST if board.is_winning_move(col)), None)
        if win is not None:
            budget.spend(1)
            return _answer(ask, win, Score.win_now(board.ply), depth=1)
        if board.ply >= UNKNOWN_OPENING_PLIES or known is not None:
            control = budget.control(1.0 - PERFECT_FALLBACK_SHARE)
            position = (board.current, board.mask, board.ply)
            try:
                if known is None:
                    solution = self.solver.solve(*position, control=control)
                else:
                    solution = self.solver.solve_within(*position, (known, known), control=control)
            except SearchStopped:
                budget.spend(self.solver.nodes)
            else:
                budget.spend(solution.nodes)
                return _answer(ask, solution.column, Score.exact(solution.score))
        return self._keep_result(ask)

    def _keep_result(self, ask: Ask) -> SearchResult:
        """A move proven to keep a win or a draw, found past the time budget if need be;
        in a lost position (or without a proof) the deepest search's."""
        board, budget = ask.board, ask.budget
        if budget.seconds is None:
            control = budget.control()
        else:
            control = budget.past_time(max(budget.seconds, PROOF_TIME_LIMIT))
        try:
            found = self.solver.solve(
                board.current, board.mask, board.ply, weak=True, control=control
            )
        except SearchStopped:
            found = None
        budget.spend(self.solver.nodes)
        overtime = budget.overrun
        if found is not None and found.score >= 0 and found.column is not None:
            kept = _answer(ask, found.column, Score.of_result(found.score))
            return dataclasses.replace(kept, overtime=overtime)
        defence = self._fallback(ask, analyze=False)
        if found is not None and defence.score.result is None:  # proven lost, say so
            defence = dataclasses.replace(defence, score=Score.of_result(found.score))
        return dataclasses.replace(defence, overtime=overtime)

    # -- an analysis

    def _analysis(self, ask: Ask, book: PositionBook | None) -> SearchResult:
        budget = ask.budget
        searched: DepthResult | None = None
        board = ask.board
        known = book.score(board.current, board.mask) if book is not None else None
        if (
            board.ply < UNKNOWN_OPENING_PLIES
            and not (known is not None and known.is_exact)
            and not budget.stop_requested()
        ):
            # Every column's exact value is wanted: the solver will rarely give them in
            # time, so first the deepest search on a share of the budget.
            control = budget.control(UNKNOWN_OPENING_SEARCH_SHARE)
            searched = self._search(ask, MAX_DEPTH, control, analyze=True)
            if searched.exact:  # proven already: a win or loss within its depth
                return _from_search(ask, searched)
        share = 1.0 if searched is not None else 1.0 - PERFECT_FALLBACK_SHARE
        try:
            valuation = column_values(
                board, book=book, solver=self.solver, control=budget.control(share)
            )
        except SearchStopped:
            budget.spend(self.solver.nodes)
            if searched is not None and searched.depth > 0:
                return dataclasses.replace(_from_search(ask, searched), stopped=True)
            return self._fallback(ask, analyze=True)
        assert valuation is not None  # with a solver there is always an answer
        budget.spend(valuation.nodes)
        values = valuation.analysis
        column = values.best_column()
        return _answer(ask, column, values[column], values)

    # -- the depth search

    def _search(
        self, ask: Ask, depth: int, control: StopControl | None, *, analyze: bool
    ) -> DepthResult:
        """The depth search of the position to ``depth`` within ``control``; its nodes
        are spent from the budget."""
        found = self.depth_search.search(
            ask.board, depth, rng=ask.rng, control=control, all_scores=analyze
        )
        ask.budget.spend(found.nodes)
        return found

    def _fallback(self, ask: Ask, *, analyze: bool) -> SearchResult:
        """The deepest search in what is left of the budget, marked stopped: Perfect's
        answer when the solver did not give one."""
        if ask.budget.stop_requested():
            # Asked to stop: answer from the move ordering alone (a search with no time).
            found = self._search(ask, 1, None, analyze=analyze)
        else:
            found = self._search(ask, MAX_DEPTH, ask.budget.control(), analyze=analyze)
            if found.depth == 0:  # not even one ply in the time left
                found = self._search(ask, 1, None, analyze=analyze)
        return dataclasses.replace(_from_search(ask, found), stopped=True)


def _from_search(ask: Ask, found: DepthResult) -> SearchResult:
    return found.answer(ask.board.ply, nodes=ask.budget.nodes, time=ask.budget.elapsed())


def _answer(
    ask: Ask,
    column: Column | None,
    score: Score,
    analysis: Analysis | None = None,
    *,
    depth: int | None = None,
) -> SearchResult:
    """The answer ``column`` with ``score`` (and ``analysis``), solved ``depth`` plies
    deep (None: to the end of the game)."""
    return SearchResult(
        column=column,
        score=score,
        depth=CELLS - ask.board.ply if depth is None else depth,
        nodes=ask.budget.nodes,
        time=ask.budget.elapsed(),
        analysis=analysis,
    )
