"""The engine facade: one object that owns the tables and answers requests.

PROVISIONAL: a plain depth-limited negamax so the worker and the window can be built
against the real interface while the full search lands (issue 3).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.ai.control import SearchStopped, StopControl
from game.ai.requests import HEURISTIC_UNIT, SearchRequest, SearchResult
from game.core.bitboard import CELLS, WIDTH
from game.core.board import Board


class Engine:
    """Answers :class:`SearchRequest` objects; keeps its tables between requests."""

    def __init__(self) -> None:
        self.nodes = 0

    def clear(self) -> None:
        """Forget everything learnt from earlier searches."""

    def think(
        self, request: SearchRequest, should_stop: Callable[[], bool] | None = None
    ) -> SearchResult:
        """The best move for ``request``; see :class:`SearchRequest`."""
        start = time.perf_counter()
        board = Board.from_moves(request.moves)
        control = StopControl(
            time_limit=request.time_limit, node_limit=request.node_limit, should_stop=should_stop
        )
        rng = random.Random(request.seed)
        depth = request.depth or 6
        self.nodes = 0
        best_col, best_score, done = None, 0, 0
        moves = board.legal_moves()
        try:
            for d in range(1, depth + 1):
                scores = {}
                for col in moves:
                    board.play(col)
                    scores[col] = -self._negamax(board, d - 1, control)
                    board.undo()
                top = max(scores.values())
                best_col = rng.choice([c for c in moves if scores[c] == top])
                best_score, done = top, d
        except SearchStopped:
            while board.ply > len(request.moves.strip()):
                board.undo()
        if best_col is None and moves:
            best_col = moves[0]
        return SearchResult(
            column=best_col,
            score=best_score,
            exact=False,
            depth=done,
            nodes=self.nodes,
            time=time.perf_counter() - start,
            stopped=control.stopped,
        )

    def _negamax(self, board: Board, depth: int, control: StopControl) -> int:
        self.nodes += 1
        if self.nodes % 1024 == 0:
            control.check(self.nodes)
        if board.outcome is not None:
            if board.outcome.winner is None:
                return 0
            return -((CELLS + 2 - board.ply) // 2) * HEURISTIC_UNIT
        if depth == 0:
            return 0
        best = -(10**9)
        for col in range(WIDTH):
            if board.can_play(col):
                board.play(col)
                best = max(best, -self._negamax(board, depth - 1, control))
                board.undo()
        return best
