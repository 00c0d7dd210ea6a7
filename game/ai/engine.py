"""The engine facade: one object that owns the tables and answers requests.

:meth:`Engine.think` turns a :class:`~game.ai.requests.SearchRequest` into a
:class:`~game.ai.requests.SearchResult`:

* a request with a ``depth`` runs the depth-limited iterative deepening of
  :mod:`game.ai.search` (the difficulty levels);
* a request without one (the Perfect level) answers from the opening book
  (:mod:`game.ai.book`) where it can; otherwise it runs the exact solver of
  :mod:`game.ai.solver` on three quarters of its budget, and only if the solver does
  not finish, that depth-limited search on the rest: then the deepest completed
  iteration answers and the result is marked stopped (and exact only if the
  search proved it).  In an opening the book does not hold (before
  :data:`UNKNOWN_OPENING_PLIES`), the solver asks only for the result first.

The engine keeps two transposition tables across requests (the worker process
keeps one engine for the whole game): the solver's, bounded at
:data:`game.ai.solver.DEFAULT_CAPACITY` slots (16 MiB), and the depth-limited
search's, :data:`game.ai.search.DEFAULT_CAPACITY` slots (2 MiB): fixed arrays
(:class:`game.ai.kernel.Table`), allocated when the engine is made.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import time
from collections.abc import Callable
from pathlib import Path

from game import resources
from game.ai import search, solver
from game.ai.book import BOOK_FILE, BookError, ColumnValue, OpeningBook, Values, best_column
from game.ai.control import SearchStopped, StopControl
from game.ai.kernel import win_now_score
from game.ai.levels import MAX_DEPTH, MIN_DEPTH
from game.ai.requests import HEURISTIC_UNIT, SearchRequest, SearchResult
from game.ai.search import DepthResult, DepthSearch, is_exact_at
from game.ai.solver import Solver
from game.core.bitboard import CELLS, WIDTH
from game.core.board import Board

log = logging.getLogger(__name__)

PERFECT_FALLBACK_SHARE = 0.25
"""The share of the Perfect level's budget kept for the depth-limited fallback, which plays
only when the exact solver did not finish on the rest."""
UNKNOWN_OPENING_PLIES = 9
"""Before this ply a position the opening book does not hold is one Perfect never meets
from the empty board (the book holds every such position up to ply 8, and every position
at all up to ply 6): a chosen start.  There the exact score takes the solver far longer
than the result, so Perfect weak-solves first (win, draw or loss), on
:data:`UNKNOWN_OPENING_WEAK_SHARE` of its budget: a won or drawn game stays so.  In a lost
position, or when the weak solve does not finish, the deepest search the rest of the
budget allows chooses the move.

Measured on random positions of plies 3-8 (a fresh table each, compiled kernel, 2-core
machine): the weak solve was 2-5 times faster than the exact score, and finished within
two seconds in 3 of 8 positions of ply 3, 7 of 8 of ply 4 and all but two of 24 of
plies 5-6; the exact score needed more than 1.5 s in 23 of those 40 positions."""
UNKNOWN_OPENING_WEAK_SHARE = 2 / 3
UNKNOWN_OPENING_SEARCH_SHARE = 0.5
"""An analysis (every column's exact score) of such a position searches first, on this
share of the budget, and then tries the solver on the rest: its answer is then at least
the deepest search's."""
LOST_BOOK_SEARCH_SECONDS = 0.4
"""Seconds of search that choose Perfect's move where its book says every column loses but
holds results alone (entries before ply 7): the most central loss, the book's own choice,
can lose within a few moves.  Short, so that Perfect as second player from the empty board
still answers at once: the first player wins there, so those are most of its book moves."""
SAFETY_MARGIN = 0.05
"""Seconds (at most, and at most this share of the budget) kept back from a time
limit, so that checking every few thousand nodes and answering still ends
within the budget."""


class Engine:
    """Answers :class:`SearchRequest` objects; keeps its tables between requests."""

    def __init__(
        self,
        *,
        solver_capacity: int = solver.DEFAULT_CAPACITY,
        search_capacity: int = search.DEFAULT_CAPACITY,
        book_path: Path | None = None,
    ) -> None:
        self.solver = Solver(solver_capacity)
        self.depth_search = DepthSearch(search_capacity)
        self._book_path = book_path
        self._book: OpeningBook | None = None
        self.book_problem: str | None = None
        """Why the opening book could not be used (None: loaded, or not needed yet)."""
        self._book_tried = False

    @property
    def book(self) -> OpeningBook | None:
        """The opening book, read on first use; None (and one warning in the log, the
        reason in :attr:`book_problem`) when it is missing or damaged."""
        if not self._book_tried:
            self._book_tried = True
            try:
                path = self._book_path
                if path is None:
                    try:
                        path = resources.asset_path(BOOK_FILE)
                    except resources.MissingAssetError as missing:
                        raise BookError(str(missing)) from None
                self._book = OpeningBook.load(path)
            except BookError as error:
                self.book_problem = str(error)
                log.warning("playing without an opening book: %s", error)
        return self._book

    @property
    def max_table_bytes(self) -> int:
        """The memory bound of both tables together, when full."""
        return self.solver.table.max_bytes + self.depth_search.table.max_bytes

    def clear(self) -> None:
        """Forget everything learnt from earlier searches."""
        self.solver.table.clear()
        self.depth_search.table.clear()

    def think(
        self, request: SearchRequest, should_stop: Callable[[], bool] | None = None
    ) -> SearchResult:
        """The best move for ``request`` (see :class:`SearchRequest`).

        ``should_stop`` is polled every few thousand nodes; when it returns True
        the search ends and the result (marked ``stopped``) holds the best move
        of the deepest completed iteration.  Raises
        :class:`~game.core.IllegalMoveError` for a malformed position and
        ValueError for a finished game or a depth outside 1-42.
        """
        start = time.perf_counter()
        board = Board.from_moves(request.moves)
        if board.is_over:
            raise ValueError(f"the game {request.moves!r} is over: there is no move to search")
        depth = request.depth
        valid_type = isinstance(depth, int) and not isinstance(depth, bool)
        if depth is not None and not (valid_type and MIN_DEPTH <= depth <= MAX_DEPTH):
            raise ValueError(f"depth must be from {MIN_DEPTH} to {MAX_DEPTH}, not {depth!r}")
        rng = random.Random(request.seed)
        if depth is None:
            return self._perfect(board, request, should_stop, rng, start)
        control = StopControl(
            time_limit=_usable(request.time_limit),
            node_limit=request.node_limit,
            should_stop=should_stop,
        )
        found = self._search_to(board, depth, rng, control, request.analyze)
        return _from_depth_result(found, board.ply, time.perf_counter() - start)

    def _search_to(
        self,
        board: Board,
        depth: int,
        rng: random.Random,
        control: StopControl | None,
        analyze: bool,
    ) -> DepthResult:
        """The depth-limited search of ``board``, with every column scored if ``analyze``."""
        return self.depth_search.search(
            board.current,
            board.mask,
            board.ply,
            depth,
            rng=rng,
            control=control,
            all_scores=analyze,
        )

    def _perfect(
        self,
        board: Board,
        request: SearchRequest,
        should_stop: Callable[[], bool] | None,
        rng: random.Random,
        start: float,
    ) -> SearchResult:
        if request.use_book:
            answer = self._from_book(board, request, should_stop, rng, start)
            if answer is not None:
                return answer
        budget, node_budget = _usable(request.time_limit), request.node_limit
        searched: DepthResult | None = None
        searched_nodes = 0
        unknown_opening = board.ply < UNKNOWN_OPENING_PLIES
        if unknown_opening and not request.analyze:
            return self._unknown_opening(board, budget, node_budget, should_stop, rng, start)
        if unknown_opening and not (should_stop is not None and should_stop()):
            # Every column's exact score is wanted: the solver will rarely give them in
            # time, so first the deepest search on a share of the budget.
            first = _share(budget, node_budget, UNKNOWN_OPENING_SEARCH_SHARE, should_stop)
            searched = self._search_to(board, MAX_DEPTH, rng, first, request.analyze)
            searched_nodes = searched.nodes
            if searched.exact:  # proven already: a win or loss within its depth
                return _from_depth_result(searched, board.ply, time.perf_counter() - start)
        # The solver first (or next), on all but the fallback's share of the budget.
        share = 1.0 - PERFECT_FALLBACK_SHARE
        if searched is not None:
            share = 1.0
        elapsed = time.perf_counter() - start
        control = StopControl(
            time_limit=None if budget is None else max(0.0, budget * share - elapsed),
            node_limit=None
            if node_budget is None
            else max(0, int(node_budget * share) - searched_nodes),
            should_stop=should_stop,
        )
        try:
            if request.analyze:
                scores = self.solver.analyze(board.current, board.mask, board.ply, control=control)
                best = max(s for s in scores if s is not None)
                column = next(c for c, s in enumerate(scores) if s == best)
                return SearchResult(
                    column=column,
                    score=best,
                    exact=True,
                    depth=CELLS - board.ply,
                    nodes=self.solver.nodes,
                    time=time.perf_counter() - start,
                    column_scores=tuple(scores),
                    column_exact=tuple(s is not None for s in scores),
                )
            solution = self.solver.solve(board.current, board.mask, board.ply, control=control)
            return SearchResult(
                column=solution.column,
                score=solution.score,
                exact=True,
                depth=CELLS - board.ply,
                nodes=solution.nodes,
                time=time.perf_counter() - start,
            )
        except SearchStopped:
            nodes = self.solver.nodes + searched_nodes
        if searched is not None and searched.depth > 0:
            result = _from_depth_result(searched, board.ply, time.perf_counter() - start)
            return dataclasses.replace(result, nodes=nodes, stopped=True)
        return self._fallback(
            board, budget, node_budget, nodes, should_stop, rng, start, request.analyze
        )

    def _unknown_opening(
        self,
        board: Board,
        budget: float | None,
        node_budget: int | None,
        should_stop: Callable[[], bool] | None,
        rng: random.Random,
        start: float,
    ) -> SearchResult:
        """Perfect's move in an opening its book does not hold (see
        :data:`UNKNOWN_OPENING_PLIES`): a move that keeps the result if the weak solve
        finishes and the game is not lost; otherwise the deepest search's."""
        for col in board.legal_moves():
            if board.is_winning_move(col):  # the one win whose exact score is known at once
                return SearchResult(
                    column=col,
                    score=win_now_score(board.ply),
                    exact=True,
                    depth=1,
                    nodes=1,
                    time=time.perf_counter() - start,
                )
        control = _share(budget, node_budget, UNKNOWN_OPENING_WEAK_SHARE, should_stop)
        try:
            found = self.solver.solve(
                board.current, board.mask, board.ply, weak=True, control=control
            )
        except SearchStopped:
            found = None
        nodes = self.solver.nodes
        if found is not None and found.score >= 0:
            return SearchResult(
                column=found.column,
                # A result alone: a proven win that may be faster (one unit), or a draw.
                score=found.score * HEURISTIC_UNIT,
                exact=found.score == 0,
                depth=CELLS - board.ply,
                nodes=nodes,
                time=time.perf_counter() - start,
            )
        # Lost whatever the move, or the result not known in time: the deepest search
        # chooses, on the rest of the budget.
        return self._fallback(board, budget, node_budget, nodes, should_stop, rng, start, False)

    def _fallback(
        self,
        board: Board,
        budget: float | None,
        node_budget: int | None,
        nodes: int,
        should_stop: Callable[[], bool] | None,
        rng: random.Random,
        start: float,
        analyze: bool,
    ) -> SearchResult:
        """The deepest search in what is left of the budget after ``nodes`` nodes, marked
        stopped: Perfect's move when the solver did not finish."""
        if should_stop is not None and should_stop():
            # Asked to stop: answer from the move ordering alone (a search with no time).
            fallback = self._search_to(board, 1, rng, None, analyze)
        else:
            rest = StopControl(
                time_limit=None if budget is None else budget - (time.perf_counter() - start),
                node_limit=None if node_budget is None else max(0, node_budget - nodes),
                should_stop=should_stop,
            )
            fallback = self._search_to(board, MAX_DEPTH, rng, rest, analyze)
            if fallback.depth == 0:  # not even one ply in the time left
                fallback = self._search_to(board, 1, rng, None, analyze)
        result = _from_depth_result(fallback, board.ply, time.perf_counter() - start)
        return dataclasses.replace(result, nodes=nodes + fallback.nodes, stopped=True)

    def book_values(self, board: Board) -> Values | None:
        """Every column's value from the opening book, or None when it does not know
        them: the position is an entry, or each of its children is (the opponent to move
        after Perfect's book move)."""
        book = self.book
        if book is None or board.ply > book.max_ply + 1:
            return None
        values = book.values(board.current, board.mask)
        if values is not None:
            return values
        found: list[ColumnValue | None] = []
        for col in range(WIDTH):
            if not board.can_play(col):
                found.append(None)
            elif board.is_winning_move(col):
                found.append(ColumnValue((CELLS + 1 - board.ply) // 2, exact=True))
            else:
                child = board.copy()
                child.play(col)
                if child.is_over:  # the last cell: a draw
                    found.append(ColumnValue(0, exact=True))
                    continue
                replies = book.values(child.current, child.mask)
                if replies is None:
                    return None
                reply = replies[best_column(replies)]
                assert reply is not None
                found.append(ColumnValue(-reply.score, reply.exact))
        return tuple(found)

    def _from_book(
        self,
        board: Board,
        request: SearchRequest,
        should_stop: Callable[[], bool] | None,
        rng: random.Random,
        start: float,
    ) -> SearchResult | None:
        values = self.book_values(board)
        if values is None:
            return None
        column = best_column(values)
        nodes = 0
        lost = values[column]
        if lost is not None and lost.sign < 0 and not lost.exact:
            # Every column loses, and the book holds results alone here: the most central
            # loss may be one that ends at once.  The search picks the defence that holds
            # out longest as far as it sees.
            defence = self._search_to(
                board, MAX_DEPTH, rng, _lost_book_control(request, should_stop), False
            )
            if defence.column is not None:
                column, nodes = defence.column, defence.nodes
        scores = [_book_score(value) for value in values]
        best = scores[column]
        assert best is not None
        analyze = request.analyze
        return SearchResult(
            column=column,
            score=best[0],
            exact=best[1],
            depth=0,
            nodes=nodes,
            time=time.perf_counter() - start,
            column_scores=tuple(s[0] if s else None for s in scores) if analyze else (),
            column_exact=tuple(bool(s and s[1]) for s in scores) if analyze else (),
            from_book=True,
        )


def _share(
    budget: float | None,
    node_budget: int | None,
    share: float,
    should_stop: Callable[[], bool] | None,
) -> StopControl:
    """Limits of ``share`` of a time and a node budget (None: no limit)."""
    return StopControl(
        time_limit=None if budget is None else budget * share,
        node_limit=None if node_budget is None else int(node_budget * share),
        should_stop=should_stop,
    )


def _lost_book_control(
    request: SearchRequest, should_stop: Callable[[], bool] | None
) -> StopControl:
    """The limits of the search that chooses Perfect's defence in a lost book position:
    :data:`LOST_BOOK_SEARCH_SECONDS`, or less if the request's budget is smaller."""
    budget = _usable(request.time_limit)
    seconds = LOST_BOOK_SEARCH_SECONDS if budget is None else min(budget, LOST_BOOK_SEARCH_SECONDS)
    return StopControl(time_limit=seconds, node_limit=request.node_limit, should_stop=should_stop)


def _book_score(value: ColumnValue | None) -> tuple[int, bool] | None:
    """A book value as (score, exact) in :class:`SearchResult`'s convention: a result
    alone is a proven win or loss that may be faster (one unit), or an exact draw."""
    if value is None:
        return None
    if value.exact or value.sign == 0:
        return value.score if value.exact else 0, True
    return value.sign * HEURISTIC_UNIT, False


def _usable(budget: float | None) -> float | None:
    """The part of a time budget the search may spend (see :data:`SAFETY_MARGIN`)."""
    if budget is None:
        return None
    return budget - min(SAFETY_MARGIN, SAFETY_MARGIN * budget)


def public_score(score: int, exact: bool) -> int:
    """A search score in the public convention: exact scores in test-set units,
    heuristic ones as they are (thousandths of a stone's worth)."""
    if exact and score % HEURISTIC_UNIT == 0:
        return score // HEURISTIC_UNIT
    return score


def _from_depth_result(found: DepthResult, ply: int, elapsed: float) -> SearchResult:
    column_scores: list[int | None] = []
    column_exact: list[bool] = []
    for score in found.column_scores:
        if score is None:
            column_scores.append(None)
            column_exact.append(False)
        else:
            exact = found.complete or is_exact_at(score, ply, found.depth)
            column_scores.append(public_score(score, exact))
            column_exact.append(exact)
    return SearchResult(
        column=found.column,
        score=public_score(found.score, found.exact),
        exact=found.exact,
        depth=found.depth,
        nodes=found.nodes,
        time=elapsed,
        stopped=found.stopped,
        column_scores=tuple(column_scores),
        column_exact=tuple(column_exact),
    )
