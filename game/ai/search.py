"""Depth-limited search: negamax with alpha-beta, a heuristic at the horizon,
iterative deepening, and a random choice between equally good moves.

Scores (see :mod:`game.ai.score`): a proven result with exact score ``s`` is
``s * HEURISTIC_UNIT`` here, so a faster win scores higher and a slower loss
less badly, and every heuristic value (strictly inside one unit) sits between
the proven losses and the proven wins.

The recursion is the kernel's (:class:`game.ai.kernel.SearchKernel`, whose
docstring states the search contract and the table entries); this module keeps
the root: iterative deepening, scoring each root move, and the choice; and turns its
outcome into the engine's answer (:meth:`DepthResult.answer`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from game.ai import kernel as pure_kernel
from game.ai.backend import KERNEL
from game.ai.control import SearchStopped, StopControl
from game.ai.kernel import INFINITY, loss_next_score, win_now_score, winning_cells
from game.ai.protocol import SearchResult
from game.ai.score import HEURISTIC_UNIT, Analysis, Score, stones_to_win
from game.core.bitboard import (
    BOARD,
    BOTTOM,
    CELLS,
    CENTRE_FIRST,
    WIDTH,
    Bitboard,
    Column,
    column_cells,
)
from game.core.board import Board

DEFAULT_CAPACITY: Final = 1 << 18
"""Slots of a depth search's table by default: 2 MiB."""


def is_proven(score: int) -> bool:
    """Whether a search score is a proven win or loss (not a heuristic guess).

    A proven score from a depth-limited search is a bound: the winner wins at
    least that fast, maybe faster beyond the horizon (forced moves are followed
    past it, so a slow win can be seen before a fast one).  See
    :func:`is_exact_at`.
    """
    return abs(score) >= HEURISTIC_UNIT


def plies_to_end(score: int, ply: int) -> int:
    """How many plies from a position with ``ply`` moves played the game lasts
    when it ends with the proven search score ``score`` (the winning stone
    included)."""
    winner_stones = stones_to_win(score // HEURISTIC_UNIT, ply)
    return 2 * winner_stones - 1 if score > 0 else 2 * winner_stones


WIN_SEEN_AHEAD: Final = 2
"""How many plies before its winning stone a win is proven: at the loser's node,
which faces two threats or has only moves below a threat, two plies before the
winning stone.  That node is checked even at the horizon (depth 0)."""


def is_exact_at(score: int, ply: int, depth: int) -> bool:
    """Whether ``score``, from a full-width search ``depth`` plies deep, is the
    game-theoretic value.

    It is when it is proven and any faster win would have been proven too: a
    faster win ends at least 2 plies sooner, and a win ending ``p`` plies from
    the root is proven at distance ``p - WIN_SEEN_AHEAD``, which the search
    reaches when that is at most ``depth``.  So the score is exact when its game
    ends at most ``depth + WIN_SEEN_AHEAD + 2`` plies from the root.
    """
    return is_proven(score) and plies_to_end(score, ply) <= depth + WIN_SEEN_AHEAD + 2


@dataclass(frozen=True, slots=True)
class DepthResult:
    """The outcome of an iterative-deepening search.

    ``score`` is in search units (proven scores are ``exact score * HEURISTIC_UNIT``);
    ``exact`` is True when it is the game-theoretic value: a proven win or
    loss whose game ends within the depth reached (:func:`is_exact_at`), or a
    search that reached the end of the game everywhere.  ``depth`` is
    the deepest completed iteration; ``column_scores`` (when asked for) are the
    scores of each column at that depth, None for a column not searched.
    """

    column: Column
    score: int
    exact: bool
    depth: int
    nodes: int
    stopped: bool
    column_scores: tuple[int | None, ...] = ()
    complete: bool = False
    """Whether the search reached the end of the game in every line (so every
    score, not just a proven one, is exact)."""

    def answer(self, ply: int, *, nodes: int, time: float) -> SearchResult:
        """The engine's answer for the searched position (``ply`` moves played), having
        spent ``nodes`` nodes and ``time`` seconds in all."""
        analysis = None
        if self.column_scores:
            analysis = Analysis(
                (col, self._score_of(units, ply))
                for col, units in enumerate(self.column_scores)
                if units is not None
            )
        return SearchResult(
            column=self.column,
            score=Score.from_search(self.score, exact=self.exact),
            depth=self.depth,
            nodes=nodes,
            time=time,
            stopped=self.stopped,
            analysis=analysis,
        )

    def _score_of(self, units: int, ply: int) -> Score:
        exact = self.complete or is_exact_at(units, ply, self.depth)
        return Score.from_search(units, exact=exact)


class DepthSearch:
    """Iterative deepening over the kernel's negamax, keeping its table between calls.

    ``capacity`` is the table's number of slots (rounded up to a power of two, at least
    2**17); ``pure`` runs the pure-Python kernel whatever :mod:`game.ai.backend` chose.
    """

    def __init__(self, capacity: int = DEFAULT_CAPACITY, *, pure: bool = False) -> None:
        kernel = KERNEL
        if pure:
            kernel = pure_kernel
        self.kernel = kernel
        self.table = kernel.Table(capacity)

    def search(
        self,
        board: Board,
        depth: int,
        *,
        rng: random.Random,
        control: StopControl | None = None,
        all_scores: bool = False,
    ) -> DepthResult:
        """Search ``board`` to ``depth`` plies (or until ``control`` stops it) and choose
        a move.

        Requires a position where the game is not over.  Among the moves with the
        best score one is chosen with ``rng``.  With ``all_scores`` every column
        is searched with a full window so that each gets its exact score at the
        depth reached (slower).  When ``control`` stops the first iteration
        before it completes, the move is the best by the move ordering alone.
        """
        current, mask, ply = board.current, board.mask, board.ply
        playable = (mask + BOTTOM) & BOARD
        if not playable:
            raise ValueError("the board is full")
        kernel = self.kernel
        own_wins = kernel.winning_cells(current, mask)
        if own_wins & playable and not all_scores:
            col = _most_central(own_wins & playable)
            win = win_now_score(ply) * HEURISTIC_UNIT
            return DepthResult(col, win, True, 1, 1, False, complete=ply == CELLS - 1)

        # Never a move that hands the opponent an immediate win, unless all do (or
        # the caller wants every column scored).
        opponent_wins = kernel.winning_cells(current ^ mask, mask)
        candidates = playable if all_scores else kernel.safe_moves(mask, opponent_wins) or playable
        root = _Root(
            kernel.SearchKernel(self.table, control), current, mask, ply, own_wins, all_scores
        )
        return root.deepen(kernel.order_moves(current, mask, candidates), depth, rng)


@dataclass(frozen=True, slots=True)
class _Root:
    """The root of one search: the position (``own_wins``: the cells where the player to
    move would win), the kernel that searches below it, and whether every column is
    scored with a full window."""

    searcher: pure_kernel.SearchKernel
    current: Bitboard
    mask: Bitboard
    ply: int
    own_wins: Bitboard
    all_scores: bool

    def deepen(self, order: list[Column], depth: int, rng: random.Random) -> DepthResult:
        """Search the moves in ``order`` one ply deeper at a time up to ``depth``, until
        the result is exact or the control stops the search; the best move of the
        deepest completed iteration, chosen between equals with ``rng``."""
        chosen = order[0]
        best_score = -INFINITY
        reached = 0
        scores: dict[Column, int] = {}
        stopped = False
        remaining = CELLS - self.ply
        try:
            for iteration in range(1, max(1, min(depth, remaining)) + 1):
                scores = self.score_moves(iteration, order)
                best_score = max(scores.values())
                chosen = rng.choice([col for col in order if scores.get(col) == best_score])
                order.sort(key=lambda col: -scores.get(col, -INFINITY))
                reached = iteration
                if is_exact_at(best_score, self.ply, iteration) or iteration >= remaining:
                    break
        except SearchStopped:
            stopped = True
        column_scores: tuple[int | None, ...] = ()
        if self.all_scores:
            column_scores = tuple(scores.get(col) for col in range(WIDTH))
        complete = reached >= remaining
        exact = reached > 0 and (complete or is_exact_at(best_score, self.ply, reached))
        nodes = self.searcher.nodes
        if reached == 0:
            best_score = 0
        return DepthResult(
            chosen, best_score, exact, reached, nodes, stopped, column_scores, complete
        )

    def score_moves(self, depth: int, order: list[Column]) -> dict[Column, int]:
        """Score each root move in ``order`` at ``depth``.

        A move is searched with alpha one below the best score so far, so a move
        that equals the best gets its exact score (and can be chosen at random)
        while worse moves are only proven worse.  With ``all_scores`` every move
        gets a full window and its exact score.
        """
        scores: dict[Column, int] = {}
        best = -INFINITY
        current, mask, ply = self.current, self.mask, self.ply
        opponent = current ^ mask
        for col in order:
            move = (mask + BOTTOM) & column_cells(col)
            after = mask | move
            if move & self.own_wins:
                score = win_now_score(ply) * HEURISTIC_UNIT
            elif after == BOARD:
                score = 0
            elif winning_cells(opponent, after) & (after + BOTTOM) & BOARD:
                score = loss_next_score(ply) * HEURISTIC_UNIT  # the opponent wins at once
            else:
                alpha = -INFINITY if self.all_scores or best == -INFINITY else best - 1
                score = -self.searcher.negamax(
                    opponent,
                    after,
                    ply + 1,
                    depth - 1,
                    -INFINITY,
                    -alpha,
                    winning_cells(current | move, after),
                )
            scores[col] = score
            best = max(best, score)
        return scores


def last_block(board: Board) -> Column | None:
    """When every move lets the opponent win with its next stone (two fours to make, or
    each column right below one of them): the most central column that blocks one of
    its fours, as a player would, rather than any column (all lose alike); else None
    (a four of its own to make, some move safe, or none that blocks anything)."""
    current, mask = board.current, board.mask
    playable = (mask + BOTTOM) & BOARD
    opponent_wins = winning_cells(current ^ mask, mask)
    if winning_cells(current, mask) & playable or not opponent_wins & playable:
        return None
    if pure_kernel.safe_moves(mask, opponent_wins):
        return None
    return _most_central(opponent_wins & playable)


def _most_central(cells: Bitboard) -> Column:
    for col in CENTRE_FIRST:
        if cells & column_cells(col):
            return col
    raise ValueError("no cell given")
