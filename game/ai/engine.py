"""The engine facade: one object that owns the tables and answers requests.

:meth:`Engine.think` turns a :class:`~game.ai.protocol.SearchRequest` into a
:class:`~game.ai.protocol.SearchResult`:

* a request with a ``depth`` runs the depth-limited iterative deepening of
  :mod:`game.ai.search` (the difficulty levels);
* a request without one is the Perfect level's (:mod:`game.ai.perfect`): the book,
  the exact solver, and never a move that gives the result away.

:meth:`Engine.review` values one position of a game under review
(:class:`~game.ai.protocol.ReviewRequest`, :mod:`game.ai.review`), and
:meth:`Engine.answer` takes either request (the worker's entry).

The engine keeps two transposition tables across requests (the worker process keeps one
engine for the whole game): the solver's, :data:`game.ai.solver.DEFAULT_CAPACITY` slots
(16 MiB) unless told otherwise, and the depth-limited search's,
:data:`game.ai.search.DEFAULT_CAPACITY` slots (2 MiB): fixed arrays
(:class:`game.ai.kernel.Table`), allocated when the engine is made.  It never looks for
a book: whoever makes it gives it one (:mod:`game.ai.bookshelf`), or none.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from game.ai import search, solver
from game.ai.bookshelf import PositionBook
from game.ai.budget import Budget, usable
from game.ai.control import StopControl
from game.ai.levels import MAX_DEPTH, MIN_DEPTH
from game.ai.perfect import Ask, Perfect
from game.ai.protocol import (
    Request,
    Result,
    ReviewRequest,
    ReviewResult,
    SearchRequest,
    SearchResult,
)
from game.ai.review import Reviewer
from game.ai.review_driver import Need
from game.ai.search import DepthSearch, last_block
from game.ai.solver import Solver
from game.core.board import Board


class Engine:
    """Answers :class:`SearchRequest` objects; keeps its tables between requests.

    ``book`` answers the positions it holds (None: the engine searches everything);
    ``solver_capacity`` and ``search_capacity`` are the tables' sizes in slots of 8
    bytes (rounded up to a power of two, at least 2**17).
    """

    def __init__(
        self,
        *,
        book: PositionBook | None = None,
        solver_capacity: int = solver.DEFAULT_CAPACITY,
        search_capacity: int = search.DEFAULT_CAPACITY,
    ) -> None:
        self.solver = Solver(solver_capacity)
        self.depth_search = DepthSearch(search_capacity)
        self.book = book
        self._perfect = Perfect(self.solver, self.depth_search, book)
        self.reviewer = Reviewer(self.solver, self.depth_search, book)

    @property
    def max_table_bytes(self) -> int:
        """The memory bound of both tables together, when full."""
        return self.solver.max_bytes + self.depth_search.table.max_bytes

    def answer(self, request: Request, should_stop: Callable[[], bool] | None = None) -> Result:
        """The answer to either kind of request (:meth:`think`, :meth:`review`)."""
        if isinstance(request, ReviewRequest):
            return self.review(request, should_stop)
        return self.think(request, should_stop)

    def review(
        self, request: ReviewRequest, should_stop: Callable[[], bool] | None = None
    ) -> ReviewResult:
        """The value of the position ``request`` names (see :class:`ReviewRequest`),
        within its time limit; ``should_stop`` as for :meth:`think`.  Raises
        :class:`~game.core.IllegalMoveError` for a malformed game and ValueError for a
        position where the game is over or beyond the game's end."""
        game = Board.from_moves(request.game)
        if not 0 <= request.ply <= game.ply or (request.ply == game.ply and game.is_over):
            raise ValueError(f"no position after {request.ply} moves of {request.game!r} to value")
        budget = Budget(StopControl(time_limit=usable(request.time_limit), should_stop=should_stop))
        need = Need(request.ply, request.line, request.explain, request.time_limit)
        valued = self.reviewer.answer(game, need, budget)
        return ReviewResult(
            value=valued.value,
            nodes=valued.nodes,
            time=budget.elapsed(),
            stopped=valued.stopped,
            reason=valued.reason,
        )

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
        whole = StopControl(
            time_limit=usable(request.time_limit),
            node_limit=request.node_limit,
            should_stop=should_stop,
        )
        budget = Budget(whole)
        board = Board.from_moves(request.moves)
        if board.is_over:
            raise ValueError(f"the game {request.moves!r} is over: there is no move to search")
        depth = request.depth
        valid_type = isinstance(depth, int) and not isinstance(depth, bool)
        if depth is not None and not (valid_type and MIN_DEPTH <= depth <= MAX_DEPTH):
            raise ValueError(f"depth must be from {MIN_DEPTH} to {MAX_DEPTH}, not {depth!r}")
        rng = random.Random(request.seed)
        if depth is None:
            ask = Ask(board, budget, rng)
            result = self._perfect.answer(ask, analyze=request.analyze, use_book=request.use_book)
        else:
            found = self.depth_search.search(
                board, depth, rng=rng, control=budget.control(), all_scores=request.analyze
            )
            result = found.answer(board.ply, nodes=found.nodes, time=budget.elapsed())
        # Where every move loses at once, each level blocks one four all the same.
        block = last_block(board)
        if block is not None and result.column != block:
            result = dataclasses.replace(result, column=block)
        return result
