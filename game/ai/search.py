"""Depth-limited search: negamax with alpha-beta, a heuristic at the horizon,
iterative deepening, and a random choice between equally good moves.

Scores (see :mod:`game.ai.requests`): a proven result with exact score ``s`` is
``s * HEURISTIC_UNIT`` here, so a faster win scores higher and a slower loss
less badly, and every heuristic value (strictly inside one unit) sits between
the proven losses and the proven wins.

The search contract (``negamax`` built by :func:`_kernel`):

* **Requires** ``alpha < beta``; the player to move cannot win with its next
  stone (every child is reached through
  :func:`~game.ai.ordering.safe_moves`, which guarantees it, and the root checks
  it); ``opponent_wins`` holds the opponent's winning cells.
* **Returns** a fail-soft score ``s``: ``s <= alpha`` means the value at this
  depth is at most ``s``, ``s >= beta`` at least ``s``, otherwise exactly ``s``.
* ``depth`` counts plies; at 0 the position is evaluated, except that a
  forced move (a single non-losing reply) is searched one ply further, so the
  horizon never falls in the middle of a forced sequence.

Transposition table entries (see :mod:`game.ai.tt`) pack, in one int::

    bits 0-15   score + 32768
    bits 16-17  bound: 1 exact, 2 lower, 3 upper
    bits 18-20  best move's column (7: none)
    bits 21-26  depth searched (63 for a proven win stored as a lower bound or a
                proven loss as an upper bound: valid at any depth)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from game.ai.control import CHECK_INTERVAL, SearchStopped, StopControl
from game.ai.evaluation import evaluate
from game.ai.ordering import (
    COLUMN_CELLS,
    COLUMN_FIELD,
    NO_MOVE,
    lane_of,
    ordered_moves,
    safe_moves,
)
from game.ai.requests import HEURISTIC_UNIT, stones_to_win
from game.ai.tt import TranspositionTable
from game.core.bitboard import BOARD, BOTTOM, CELLS, CENTRE_FIRST, Bitboard, Column, winning_cells

INFINITY: Final = 1_000_000
UNIT: Final = HEURISTIC_UNIT

_SCORE_OFFSET: Final = 1 << 15
_SCORE_MASK: Final = (1 << 16) - 1
_EXACT, _LOWER, _UPPER = 1, 2, 3
_BOUND_SHIFT: Final = 16
_MOVE_SHIFT: Final = 18
_DEPTH_SHIFT: Final = 21
_PROVEN_DEPTH: Final = 63
_CHECK_MASK: Final = CHECK_INTERVAL - 1


def is_proven(score: int) -> bool:
    """Whether a search score is a proven win or loss (not a heuristic guess).

    A proven score from a depth-limited search is a bound: the winner wins at
    least that fast, maybe faster beyond the horizon (forced moves are followed
    past it, so a slow win can be seen before a fast one).  See
    :func:`is_exact_at`.
    """
    return abs(score) >= UNIT


def plies_to_end(score: int, ply: int) -> int:
    """How many plies from a position with ``ply`` moves played the game lasts
    when it ends with the proven search score ``score`` (the winning stone
    included)."""
    winner_stones = stones_to_win(score // UNIT, ply)
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


def _kernel(
    table: TranspositionTable, control: StopControl | None
) -> tuple[Callable[[int, int, int, int, int, int, int], int], Callable[[], int]]:
    """Build the negamax closure and a function returning its node count."""
    lookup = table.entries.get
    store = table.store
    column_cells = COLUMN_CELLS
    nodes = 0

    def negamax(
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        depth: int,
        alpha: int,
        beta: int,
        opponent_wins: Bitboard,
    ) -> int:
        nonlocal nodes
        nodes += 1
        if not nodes & _CHECK_MASK and control is not None:
            control.check(nodes)

        possible = (mask + BOTTOM) & BOARD
        forced = possible & opponent_wins
        if forced:
            if forced & (forced - 1):
                return -((CELLS - ply) // 2) * UNIT
            possible = forced
        possible &= ~(opponent_wins >> 1)
        if not possible:
            return -((CELLS - ply) // 2) * UNIT
        if ply >= CELLS - 2:
            return 0
        if depth <= 0:
            if possible & (possible - 1):
                return evaluate(current, mask, ply, winning_cells(current, mask), opponent_wins)
            depth = 1  # a forced move: look one ply further instead of guessing

        # Neither side can win sooner than its next-but-one stone from here.
        low = -((CELLS - 2 - ply) // 2) * UNIT
        high = ((CELLS - 1 - ply) // 2) * UNIT
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta

        key = current + mask
        entry = lookup(key)
        table_move = NO_MOVE
        if entry is not None:
            table_move = (entry >> _MOVE_SHIFT) & 7
            if entry >> _DEPTH_SHIFT >= depth:
                score = (entry & _SCORE_MASK) - _SCORE_OFFSET
                bound = (entry >> _BOUND_SHIFT) & 3
                if bound == _EXACT:
                    return score
                if bound == _LOWER:
                    if score >= beta:
                        return score
                elif score <= alpha:
                    return score

        original_alpha = alpha
        best = -INFINITY
        best_move = NO_MOVE
        opponent = current ^ mask
        if table_move != NO_MOVE:
            move = possible & column_cells[table_move]
            if move:
                after = mask | move
                best = -negamax(
                    opponent,
                    after,
                    ply + 1,
                    depth - 1,
                    -beta,
                    -alpha,
                    winning_cells(current | move, after),
                )
                best_move = table_move
                alpha = max(alpha, best)
            else:
                table_move = NO_MOVE
        if alpha < beta:
            if table_move != NO_MOVE:
                possible &= ~column_cells[table_move]  # searched above
            order, lanes = ordered_moves(current, mask, possible)
            for entry in order:
                col = entry & COLUMN_FIELD
                score = -negamax(
                    opponent,
                    mask | (possible & column_cells[col]),
                    ply + 1,
                    depth - 1,
                    -beta,
                    -alpha,
                    lane_of(lanes, col),
                )
                if score > best:
                    best = score
                    best_move = col
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break

        if best <= original_alpha:
            bound = _UPPER
        elif best >= beta:
            bound = _LOWER
        else:
            bound = _EXACT
        # A proven win is a lower bound at any depth and a proven loss an upper
        # bound (a deeper search can only find a faster win); the other side of
        # such a score holds at this depth only.
        stored_depth = depth
        if best >= UNIT:
            if bound != _UPPER:
                bound, stored_depth = _LOWER, _PROVEN_DEPTH
        elif best <= -UNIT and bound != _LOWER:
            bound, stored_depth = _UPPER, _PROVEN_DEPTH
        store(
            key,
            (best + _SCORE_OFFSET)
            | (bound << _BOUND_SHIFT)
            | (best_move << _MOVE_SHIFT)
            | (stored_depth << _DEPTH_SHIFT),
        )
        return best

    def node_count() -> int:
        return nodes

    return negamax, node_count


@dataclass(frozen=True, slots=True)
class DepthResult:
    """The outcome of an iterative-deepening search.

    ``score`` is in search units (proven scores are ``exact score * UNIT``);
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


class DepthSearch:
    """Iterative deepening over ``negamax``, keeping its table between calls."""

    def __init__(self, table: TranspositionTable | None = None) -> None:
        self.table = table if table is not None else TranspositionTable(1 << 18)

    def search(
        self,
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        depth: int,
        *,
        rng: random.Random,
        control: StopControl | None = None,
        all_scores: bool = False,
    ) -> DepthResult:
        """Search to ``depth`` plies (or until ``control`` stops it) and choose a move.

        Requires a position where the game is not over.  Among the moves with the
        best score one is chosen with ``rng``.  With ``all_scores`` every column
        is searched with a full window so that each gets its exact score at the
        depth reached (slower).  When ``control`` stops the first iteration
        before it completes, the move is the best by the move ordering alone.
        """
        playable = (mask + BOTTOM) & BOARD
        if not playable:
            raise ValueError("the board is full")
        own_wins = winning_cells(current, mask)
        if own_wins & playable and not all_scores:
            col = _most_central(own_wins & playable)
            win = (CELLS + 1 - ply) // 2 * UNIT
            return DepthResult(col, win, True, 1, 1, False, complete=ply == CELLS - 1)

        opponent_wins = winning_cells(current ^ mask, mask)
        # Never a move that hands the opponent an immediate win, unless all do (or
        # the caller wants every column scored).
        candidates = playable if all_scores else safe_moves(mask, opponent_wins) or playable
        negamax, node_count = _kernel(self.table, control)
        order = [entry & COLUMN_FIELD for entry in ordered_moves(current, mask, candidates)[0]]
        chosen = order[0]
        best_score = -INFINITY
        reached = 0
        scores: dict[Column, int] = {}
        stopped = False
        remaining = CELLS - ply
        try:
            for iteration in range(1, max(1, min(depth, remaining)) + 1):
                scores = self._root(
                    negamax, current, mask, ply, iteration, order, own_wins, all_scores
                )
                best_score = max(scores.values())
                ties = [col for col in order if scores.get(col) == best_score]
                chosen = rng.choice(ties)
                order.sort(key=lambda col: -scores.get(col, -INFINITY))
                reached = iteration
                if is_exact_at(best_score, ply, iteration) or iteration >= remaining:
                    break
        except SearchStopped:
            stopped = True
        column_scores: tuple[int | None, ...] = ()
        if all_scores:
            column_scores = tuple(scores.get(col) for col in range(len(COLUMN_CELLS)))
        complete = reached >= remaining
        exact = reached > 0 and (complete or is_exact_at(best_score, ply, reached))
        if reached == 0:
            best_score = 0
        return DepthResult(
            chosen, best_score, exact, reached, node_count(), stopped, column_scores, complete
        )

    @staticmethod
    def _root(
        negamax: Callable[[int, int, int, int, int, int, int], int],
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        depth: int,
        order: list[Column],
        own_wins: Bitboard,
        all_scores: bool,
    ) -> dict[Column, int]:
        """Score each root move in ``order`` at ``depth``.

        A move is searched with alpha one below the best score so far, so a move
        that equals the best gets its exact score (and can be chosen at random)
        while worse moves are only proven worse.  With ``all_scores`` every move
        gets a full window and its exact score.
        """
        scores: dict[Column, int] = {}
        best = -INFINITY
        opponent = current ^ mask
        for col in order:
            move = (mask + BOTTOM) & COLUMN_CELLS[col]
            after = mask | move
            if move & own_wins:
                score = (CELLS + 1 - ply) // 2 * UNIT
            elif after == BOARD:
                score = 0
            elif winning_cells(opponent, after) & (after + BOTTOM) & BOARD:
                score = -((CELLS - ply) // 2) * UNIT  # the opponent wins at once
            else:
                alpha = -INFINITY if all_scores or best == -INFINITY else best - 1
                score = -negamax(
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


def _most_central(cells: Bitboard) -> Column:
    for col in CENTRE_FIRST:
        if cells & COLUMN_CELLS[col]:
            return col
    raise ValueError("no cell given")
