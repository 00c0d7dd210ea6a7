"""The exact solver: the game-theoretic score of a position, and its best move.

Scores follow the convention of :mod:`game.ai.requests` (the public test sets):
``22 - k`` for a win with the winner's ``k``-th stone, negated for a loss, 0 for
a draw, always seen by the player to move.

The search contract (:func:`_kernel`'s ``negamax``):

* **Requires** the player to move cannot win with its next stone (the caller
  checks that, or got there through :func:`safe_moves`); and ``opponent_wins``
  holds the empty cells that would complete an opponent four.
* Every call is a null-window call: it answers "is the score above ``alpha``?"
  (the window ``alpha, alpha + 1``, so there is no ``beta`` argument; a child
  gets ``~alpha == -(alpha + 1)``).  :meth:`Solver.solve` narrows the score with
  a bisection of such calls, whose first probes look for a fast win or loss
  (:func:`next_probe`).
* **Returns** a score ``s`` with the fail-soft guarantees: if ``s <= alpha`` the
  true score is at most ``s``; otherwise it is at least ``s``.

**The claimeven bound** (L. V. Allis's rule of that name).  With the first
player to move and an even number of stones in every column, the second player
can answer each move in the same column, so the first player only ever gets
cells on the odd rows (1, 3, 5 from the bottom) and the second player those on
the even rows.  So if the first player's stones and the empty odd-row cells
hold no four, the first player cannot win: the score is at most 0; and if
besides the second player's stones and the empty even-row cells hold a four,
the second player wins: at most -1.  With the second player to move and
exactly one column of odd height, the same holds once the second player has
answered in that column: at least 0, or at least 1.  A node where such a bound
decides the null window returns at once.  (First 100 positions of
Test_L2_R2: 37,663 -> 34,060 nodes on average; the scores are unchanged.)

Transposition table entries (see :mod:`game.ai.tt`) pack, in one int::

    bits 0-5   score + 32
    bit  6     1: the score is a lower bound (a cut-off); 0: an upper bound
    bits 7-9   the best move's column (7: none known)

Weak solving asks only win / draw / loss (-1, 0, 1) with a window of (-1, 1),
which prunes far more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from game.ai.control import CHECK_INTERVAL, StopControl
from game.ai.ordering import (
    COLUMN_CELLS,
    COLUMN_FIELD,
    COLUMN_KEY,
    LANE_BOARDS,
    LANE_COLUMNS,
    LANE_SHIFT,
    LANES,
    NO_MOVE,
    THREATS_SHIFT,
    safe_moves,
)
from game.ai.tt import TranspositionTable
from game.core.bitboard import (
    BOARD,
    BOTTOM,
    CELLS,
    CENTRE_FIRST,
    COLUMN_BITS,
    EVEN_ROWS,
    ODD_ROWS,
    Bitboard,
    Column,
    has_four,
    winning_cells,
)

SCORE_OFFSET: Final = 32
LOWER_BOUND: Final = 1 << 6
MOVE_SHIFT: Final = 7
_SCORE_BITS: Final = LOWER_BOUND - 1
_UNKNOWN_MOVE: Final = NO_MOVE << MOVE_SHIFT
_CUT_FIELDS: Final = SCORE_OFFSET | LOWER_BOUND
"""``score + _CUT_FIELDS``: a lower-bound entry without its move (one addition, as the
score field is ``score + SCORE_OFFSET`` and never reaches the bound bit)."""
_FAIL_LOW_FIELDS: Final = SCORE_OFFSET | _UNKNOWN_MOVE
"""``score + _FAIL_LOW_FIELDS``: an upper-bound entry with no move known."""
_NEVER: Final = 1 << 62
"""A node count no search reaches."""


def _no_check(nodes: int) -> None:
    """The stop check of a search without limits."""


ETC_PLY_LIMIT = CELLS - 6
"""Probe the children in the table (enhanced transposition cut-off) only this far from the
end: near the leaves a probe costs more than the small subtree it might save."""


def win_now_score(ply: int) -> int:
    """The score of the player to move winning with its next stone after ``ply`` moves."""
    return (CELLS + 1 - ply) // 2


def loss_next_score(ply: int) -> int:
    """The score of the player to move when the opponent wins with its next stone."""
    return -((CELLS - ply) // 2)


LOSS_NEXT: Final[tuple[int, ...]] = tuple(loss_next_score(ply) for ply in range(CELLS + 1))
"""``[ply]``: :func:`loss_next_score`, looked up by the search (cheaper than the arithmetic)."""
LOSS_LATER: Final[tuple[int, ...]] = tuple(
    loss_next_score(min(ply + 2, CELLS)) for ply in range(CELLS)
)
"""``[ply]``: the lowest score once the opponent cannot win with its next stone."""
WIN_LATER: Final[tuple[int, ...]] = tuple(
    win_now_score(min(ply + 2, CELLS)) for ply in range(CELLS)
)
"""``[ply]``: the highest score once the mover cannot win with its next stone.  Both are 0
from ply ``CELLS - 2`` on (two stones left, neither side can win with them), so those
nodes return a draw at the bound checks, without a test of their own."""

ONLY_QUICK_WIN: Final[tuple[int, ...]] = tuple(score - 1 for score in WIN_LATER)
"""``[ply]``: from this alpha up, only a win with the mover's next stone beats alpha (every
child where the opponent has a safe reply scores at most this)."""


def _half_toward_zero(value: int) -> int:
    return -((-value) // 2) if value < 0 else value // 2


FAR_PROBES: Final = 3
"""How many probes of a solve may look beyond the midpoint (see :func:`next_probe`)."""


def next_probe(low: int, high: int, probes: int) -> int:
    """The alpha of the next null-window probe, for a score known to lie in ``[low, high]``
    (``low < high``) after ``probes`` probes.

    The first :data:`FAR_PROBES` probes go to half of a bound when that lies beyond the
    midpoint: a fast win or loss is cheap to prove, and these probes find one in a few
    steps.  After them the score is usually small, every probe close to it is costly,
    and plain bisection (the midpoint rounded toward zero) makes the fewest.  Measured
    on the first 300 positions of Test_L2_R2, against going beyond the midpoint
    throughout: 30,015 -> 28,500 nodes a position, 231 -> 219 ms (the two alternating
    position by position in one process); Test_L1_R1 (first 100) unchanged, 2,938
    nodes.  With two such probes the 300 took 29,652; with four, the first 100 took 33,913
    against 31,923 with three.
    """
    middle = low + (high - low) // 2
    if probes < FAR_PROBES:
        if middle <= 0 and _half_toward_zero(low) < middle:
            return _half_toward_zero(low)
        if middle >= 0 and _half_toward_zero(high) > middle:
            return _half_toward_zero(high)
    elif middle < 0 and (high - low) % 2 and middle + 1 < high:
        middle += 1  # rounded toward zero, not down
    return middle


_COLUMN_INFO: Final = tuple(
    (COLUMN_CELLS[col], LANE_BOARDS[col], COLUMN_KEY[col]) for col in CENTRE_FIRST
)
"""Centre first, each column's cells, lane and scored-move bits, for the inlined ordering."""


@dataclass(slots=True)
class _Root:
    """What the root call saw: the column of its last cut-off (a move proving the bound)."""

    ply: int
    cut_column: Column = NO_MOVE


def _kernel(
    table: TranspositionTable, control: StopControl | None, root: _Root
) -> tuple[Callable[[int, int, int, int, int], int], Callable[[], int]]:
    """Build the negamax function (a closure, so its inner loop reads only fast
    local and cell variables) and a function returning its node count."""
    entries = table.entries
    lookup = entries.get
    store = table.store
    capacity = table.capacity
    column_cells = COLUMN_CELLS
    lanes_one = LANES
    lane_columns = LANE_COLUMNS
    lane_shift = LANE_SHIFT
    column_info = _COLUMN_INFO
    loss_next = LOSS_NEXT
    loss_later = LOSS_LATER
    win_later = WIN_LATER
    only_quick_win = ONLY_QUICK_WIN
    etc_ply_limit = ETC_PLY_LIMIT
    root_ply = root.ply
    nodes = 0
    # The node count at which to call the stop check next (never without a control).
    # A threshold rather than "every multiple of the interval", since the children
    # counted inline below may step over a multiple.
    next_check = CHECK_INTERVAL if control is not None else _NEVER
    check = control.check if control is not None else _no_check

    def negamax(
        current: Bitboard, mask: Bitboard, ply: int, alpha: int, opponent_wins: Bitboard
    ) -> int:
        nonlocal nodes, next_check
        nodes += 1
        if nodes >= next_check:
            next_check = nodes + CHECK_INTERVAL
            check(nodes)

        # Inline safe_moves(): never hand the opponent an immediate win.
        above = mask + BOTTOM  # the cell above each column's top stone
        possible = above & BOARD
        forced = possible & opponent_wins
        if forced:
            if forced & (forced - 1):
                return loss_next[ply]  # two threats: the opponent wins next
            possible = forced
        possible &= ~(opponent_wins >> 1)
        if not possible:
            return loss_next[ply]

        # We cannot lose before the opponent's second stone, nor win before our second.
        # (In a null window, a bound that raises alpha or lowers beta decides the node.)
        if alpha < loss_later[ply]:
            return loss_later[ply]

        # The claimeven bound (module docstring).  The columns of odd height are those
        # whose next cell is on an even row (a full column's "next cell" is a spare bit).
        odd_columns = above & EVEN_ROWS
        if ply & 1:  # the second player to move
            if alpha <= 0 and not odd_columns & (odd_columns - 1):
                empty = BOARD ^ mask
                if not has_four((current ^ mask) | (empty & ODD_ROWS)):
                    score = 1 if alpha == 0 and has_four(current | (empty & EVEN_ROWS)) else 0
                    if score > alpha:
                        if ply == root_ply:  # the answer in the odd column proves it
                            root.cut_column = (odd_columns.bit_length() - 1) // COLUMN_BITS
                        return score
        elif alpha >= -1 and not odd_columns:
            empty = BOARD ^ mask
            if not has_four(current | (empty & ODD_ROWS)):
                if alpha >= 0:
                    return 0
                if has_four((current ^ mask) | (empty & EVEN_ROWS)):
                    return -1
        high = win_later[ply]

        key = current + mask
        entry = lookup(key)
        table_move = NO_MOVE
        if entry is not None:
            score = (entry & _SCORE_BITS) - SCORE_OFFSET
            if entry & LOWER_BOUND:
                if score > alpha:
                    if ply == root_ply:
                        root.cut_column = entry >> MOVE_SHIFT
                    return score
            elif score < high:
                high = score
            table_move = entry >> MOVE_SHIFT
        if high <= alpha:
            return high

        opponent = current ^ mask
        if ply < etc_ply_limit:
            # Enhanced transposition cut-off: a child the table already knows to be bad
            # enough for the opponent refutes this node without a search.  And a child it
            # knows to be good enough for the opponent (a lower bound of at least -alpha)
            # cannot raise alpha: it is left out, as its search would fail low at its own
            # table look-up.  Alpha only grows in the loops below, so it stays left out.
            child_key = opponent + mask  # plus the move: the move's cell is empty
            refuted = SCORE_OFFSET - alpha  # a child's lower bound field at least this
            rest = possible
            while rest:
                move = rest & -rest
                rest ^= move
                child = lookup(child_key + move)
                if child is not None:
                    if child & LOWER_BOUND:
                        if child & _SCORE_BITS >= refuted:
                            possible ^= move
                    else:
                        score = SCORE_OFFSET - (child & _SCORE_BITS)
                        if score > alpha:
                            col = (move.bit_length() - 1) // COLUMN_BITS
                            store(key, (score + _CUT_FIELDS) | (col << MOVE_SHIFT))
                            if ply == root_ply:
                                root.cut_column = col
                            return score
        if table_move != NO_MOVE:
            move = possible & column_cells[table_move]
            if move:
                possible ^= move  # searched now, so left out of the ordering below
                after = mask | move
                score = -negamax(
                    opponent, after, ply + 1, ~alpha, winning_cells(current | move, after)
                )
                if score > alpha:
                    store(key, (score + _CUT_FIELDS) | (table_move << MOVE_SHIFT))
                    if ply == root_ply:
                        root.cut_column = table_move
                    return score

        # ordered_moves(current, mask, possible) and its lane_wins() from game.ai.ordering,
        # inlined: this runs at most nodes, and a call costs as much as several of its
        # steps.  See that module for the lanes and the packed order.
        several = possible & (possible - 1)
        if several:
            moves = (possible * lanes_one) & lane_columns
            mine = current * lanes_one | moves
            empty = ((BOARD ^ mask) * lanes_one) ^ moves
        elif possible:
            # A single candidate (about 40% of the nodes that get here): its own board
            # alone, through the same steps (cheaper than seven lanes, and than a call
            # of winning_cells()), and no order to build (see below).
            mine = current | possible
            empty = BOARD ^ (mask | possible)
        else:
            if len(entries) < capacity:
                entries[key] = alpha + _FAIL_LOW_FIELDS
            else:
                store(key, alpha + _FAIL_LOW_FIELDS)
            return alpha
        shifted = mine >> 7
        pairs = mine & shifted
        lanes = (mine << 1) & (mine << 2) & (mine << 3)
        lanes |= (pairs >> 7) & ((mine >> 3 * 7) | (mine << 7))
        lanes |= (pairs << 2 * 7) & ((mine << 3 * 7) | shifted)
        shifted = mine >> 8
        pairs = mine & shifted
        lanes |= (pairs >> 8) & ((mine >> 3 * 8) | (mine << 8))
        lanes |= (pairs << 2 * 8) & ((mine << 3 * 8) | shifted)
        shifted = mine >> 6
        pairs = mine & shifted
        lanes |= (pairs >> 6) & ((mine >> 3 * 6) | (mine << 6))
        lanes |= (pairs << 2 * 6) & ((mine << 3 * 6) | shifted)
        lanes &= empty

        if not several:
            # The single candidate, searched at once.  Its child does the "only a quick
            # win" check below at its own entry, with the same result and node count.
            score = -negamax(opponent, mask | possible, ply + 1, ~alpha, lanes)
            if score > alpha:
                col = (possible.bit_length() - 1) // COLUMN_BITS
                if len(entries) < capacity:
                    entries[key] = (score + _CUT_FIELDS) | (col << MOVE_SHIFT)
                else:
                    store(key, (score + _CUT_FIELDS) | (col << MOVE_SHIFT))
                if ply == root_ply:
                    root.cut_column = col
                return score
            if len(entries) < capacity:
                entries[key] = alpha + _FAIL_LOW_FIELDS
            else:
                store(key, alpha + _FAIL_LOW_FIELDS)
            return alpha

        if alpha >= only_quick_win[ply]:
            # Only a win with our next stone beats alpha: a move that leaves the opponent
            # no reply that does not lose at once.  Every other child would fail low at its
            # entry (its score is at least loss_later[ply + 1]), so the children are checked
            # here, each counted as a node, without a call (the saving is CPython's call
            # cost).  A stop check that falls due on one of them is made at the next node.
            rest = possible
            while rest:
                move = rest & -rest
                rest ^= move
                nodes += 1
                col = (move.bit_length() - 1) // COLUMN_BITS
                threats = (lanes >> lane_shift[col]) & BOARD
                # The opponent's safe replies, as at the entry of a node.
                replies = ((mask | move) + BOTTOM) & BOARD
                forced = replies & threats
                if forced:
                    replies = 0 if forced & (forced - 1) else forced
                if not replies & ~(threats >> 1):
                    score = win_later[ply]
                    store(key, (score + _CUT_FIELDS) | (col << MOVE_SHIFT))
                    if ply == root_ply:
                        root.cut_column = col
                    return score
            store(key, alpha + _FAIL_LOW_FIELDS)
            return alpha

        order = []
        for cells, lane, key_bits in column_info:
            if possible & cells:
                order.append(((lanes & lane).bit_count() << THREATS_SHIFT) | key_bits)
        order.sort(reverse=True)

        for entry in order:
            col = entry & COLUMN_FIELD
            score = -negamax(
                opponent,
                mask | (possible & column_cells[col]),
                ply + 1,
                ~alpha,
                (lanes >> lane_shift[col]) & BOARD,
            )
            if score > alpha:
                # table.store(), inlined while the table has room.
                if len(entries) < capacity:
                    entries[key] = (score + _CUT_FIELDS) | (col << MOVE_SHIFT)
                else:
                    store(key, (score + _CUT_FIELDS) | (col << MOVE_SHIFT))
                if ply == root_ply:
                    root.cut_column = col
                return score
        if len(entries) < capacity:
            entries[key] = alpha + _FAIL_LOW_FIELDS
        else:
            store(key, alpha + _FAIL_LOW_FIELDS)
        return alpha

    def node_count() -> int:
        return nodes

    return negamax, node_count


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact result for one position: its score, a best move, and the effort."""

    score: int
    column: Column | None
    nodes: int


class Solver:
    """Solves positions exactly, reusing its transposition table between calls.

    Positions are given as the raw bitboards ``current`` (stones of the player to
    move), ``mask`` (all stones) and ``ply`` (moves played); the game must not be
    over.  Every method accepts a :class:`StopControl` and lets its
    :class:`~game.ai.control.SearchStopped` escape when a limit is reached.
    """

    def __init__(self, table: TranspositionTable | None = None) -> None:
        self.table = table if table is not None else TranspositionTable()
        self.nodes = 0
        """Nodes of the last call."""

    def solve(
        self,
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        *,
        weak: bool = False,
        control: StopControl | None = None,
    ) -> Solution:
        """The exact score (weak: only its sign) and a move achieving it.

        The move is None only when the player to move has no legal move.
        """
        mover_wins = winning_cells(current, mask)
        playable = (mask + BOTTOM) & BOARD
        if not playable:
            raise ValueError("the board is full")
        if mover_wins & playable:
            self.nodes = 1
            col = _first_column(mover_wins & playable)
            return Solution(1 if weak else win_now_score(ply), col, 1)

        opponent_wins = winning_cells(current ^ mask, mask)
        root = _Root(ply)
        negamax, node_count = _kernel(self.table, control, root)
        low, high = loss_next_score(ply), win_now_score(ply)
        if weak:
            low, high = -1, 1
        best = NO_MOVE
        probes = 0
        try:
            while low < high:
                middle = next_probe(low, high, probes)
                probes += 1
                root.cut_column = NO_MOVE
                result = negamax(current, mask, ply, middle, opponent_wins)
                if result <= middle:
                    high = result
                else:
                    low = result
                    best = root.cut_column
        finally:
            self.nodes = node_count()
        if weak:
            low = max(-1, min(1, low))
        if best == NO_MOVE:
            # No move was ever proven better than losing as fast as possible:
            # any move that does not lose at once is as good as another.
            safe = safe_moves(mask, opponent_wins) or playable
            best = _first_column(safe)
        return Solution(low, best, self.nodes)

    def analyze(
        self,
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        *,
        control: StopControl | None = None,
    ) -> list[int | None]:
        """The exact score of playing each column (None for a full column),
        seen by the player to move now."""
        scores: list[int | None] = []
        total = 0
        mover_wins = winning_cells(current, mask)
        for col in range(len(COLUMN_CELLS)):
            move = (mask + BOTTOM) & COLUMN_CELLS[col]
            if not move:
                scores.append(None)
            elif move & mover_wins:
                scores.append(win_now_score(ply))
            else:
                after = mask | move
                if after == BOARD:
                    scores.append(0)
                    continue
                child = self.solve(current ^ mask, after, ply + 1, control=control)
                total += child.nodes
                scores.append(-child.score)
        self.nodes = total
        return scores


def _first_column(cells: Bitboard) -> Column:
    """The most central column holding one of ``cells``."""
    for col in CENTRE_FIRST:
        if cells & COLUMN_CELLS[col]:
            return col
    raise ValueError("no cell given")
