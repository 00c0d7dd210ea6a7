"""Move ordering and the safety filter shared by the solver and the search.

Alpha-beta prunes most when the best move is searched first.  The order here:

1. the transposition table's best move, searched before anything else is
   computed (when it cuts off, the rest is never scored);
2. then the moves that leave the mover with the most winning cells (cells that
   would complete a four: threats), since threats are what wins the game;
3. ties broken centre first (columns 4, 3, 5, 2, 6, 1, 7), since central stones
   take part in more fours.

:func:`safe_moves` is the filter that makes every search sound and fast: never
play a move that lets the opponent win at once when an alternative exists,
play a forced block, and recognise two opponent threats as a lost position.

**Scoring all moves at once.**  Counting the threats after a move means
computing the mover's winning cells on the board with that move played: some
forty shifts and masks, each a separate step in CPython, and that was most of
the search's time when done once per move.  :func:`lane_wins` does it once for
every column together, on one long int that holds seven copies of the board
side by side, copy ``c`` (the *lane* of column ``c``) with column ``c``'s move
played::

    bits 0-48 the board after the column-0 move | 7 padding bits | bits 56-104
    the board after the column-1 move | 7 padding bits | ... | the column-6 lane

Lane ``c`` ends up holding exactly ``winning_cells`` of its own board, because
no four-cell window mixes two lanes.  The formula finds a winning cell from
the three other cells of one window (a row, column or diagonal of four cells,
``d`` = 1, 7, 8 or 6 bits apart), which must all be stones.  Between the last
cell of one board and the first of the next lie 8 bits that never hold a
stone: the spare bit on top of the last column (bit 48) and the 7 padding
bits.  A window reaching from one lane into another steps over them at most
8 bits at a time, so one of its cells falls among them and is no stone.
A step on the seven-lane int (392 bits) costs CPython little more than a step
on a 49-bit one (each is an interpreted operation of about 60 ns here), so
scoring all the moves costs about what scoring one and a half did.  The trick
pays only in an interpreter: in the compiled core planned next, where a board
is one 64-bit word, scoring each move on its own is the natural form again.

**Scored moves** are small ints, so that ordering them is a sort of ints::

    bits 0-2   the column
    bits 3-5   the column's centre priority: 6 for the centre, 0 for the edges
    bits 6-    the number of the mover's winning cells after the move

Sorted in decreasing order, they put the most threats first and break ties
centre first (no two columns share a priority, so the column bits never
decide).
"""

from __future__ import annotations

from typing import Final

from game.core.bitboard import (
    BOARD,
    BOTTOM,
    CENTRE_FIRST,
    COLUMN_BITS,
    KEY_BITS,
    WIDTH,
    Bitboard,
    Column,
    column_cells,
)

COLUMN_CELLS: Final[tuple[Bitboard, ...]] = tuple(column_cells(c) for c in range(WIDTH))
NO_MOVE: Final = WIDTH
"""The "best move" of a table entry that has none (columns are 0..WIDTH-1)."""

ScoredMove = int
"""A column with its sort key, packed as the module docstring shows."""

COLUMN_FIELD: Final = 7
"""``entry & COLUMN_FIELD`` is the column of a :data:`ScoredMove`."""
THREATS_SHIFT: Final = 6
COLUMN_KEY: Final[tuple[int, ...]] = tuple(
    ((WIDTH - 1 - CENTRE_FIRST.index(col)) << 3) | col for col in range(WIDTH)
)
"""``[column]``: its :data:`ScoredMove` without the threats (priority and column)."""

LANE_BITS: Final = KEY_BITS + 7
"""The width of one lane: a board and 7 padding bits, so that with the board's
top spare bit 8 bits (one diagonal step) separate two boards (see the module
docstring)."""
assert LANE_BITS - (KEY_BITS - 1) >= COLUMN_BITS + 1, "a diagonal step must not skip the padding"
LANE_SHIFT: Final[tuple[int, ...]] = tuple(LANE_BITS * col for col in range(WIDTH))
"""``[column]``: where the lane of that column starts."""
LANES: Final = sum(1 << shift for shift in LANE_SHIFT)
"""One bit at the start of every lane: ``bits * LANES`` copies ``bits`` into each lane."""
LANE_COLUMNS: Final = sum(COLUMN_CELLS[col] << LANE_SHIFT[col] for col in range(WIDTH))
"""Column ``c``'s cells in lane ``c``: picks each column's move out of a copied bitboard."""
LANE_BOARDS: Final[tuple[Bitboard, ...]] = tuple(BOARD << shift for shift in LANE_SHIFT)
"""``[column]``: every cell of that column's lane."""


def safe_moves(mask: Bitboard, opponent_wins: Bitboard) -> Bitboard:
    """The moves that do not hand the opponent an immediate win.

    ``opponent_wins`` are the empty cells that would complete an opponent four.
    Returns a bitboard of playable cells, one per candidate column, or 0 when
    every move loses at once: either the opponent has two playable threats (no
    single stone blocks both), or every move plays right below an opponent
    threat.  With exactly one playable opponent threat the only candidate is the
    block.
    """
    possible = (mask + BOTTOM) & BOARD
    forced = possible & opponent_wins
    if forced:
        if forced & (forced - 1):
            return 0
        possible = forced
    # A stone right below an opponent threat lets the opponent play on it.
    return possible & ~(opponent_wins >> 1)


def lane_wins(current: Bitboard, mask: Bitboard, candidates: Bitboard) -> int:
    """The mover's winning cells after each move in ``candidates``, all at once.

    ``current`` are the mover's stones, ``candidates`` playable cells (at most
    one per column).  Lane ``c`` of the result (see the module docstring; read
    it with :func:`lane_of`) is ``winning_cells(current | move, mask | move)``
    for the candidate ``move`` in column ``c``; lanes of columns without a
    candidate hold nothing useful.
    """
    moves = (candidates * LANES) & LANE_COLUMNS
    mine = current * LANES | moves
    # winning_cells() of game.core.bitboard, step for step, on every lane at once.
    shifted = mine >> 7
    pairs = mine & shifted
    wins = (mine << 1) & (mine << 2) & (mine << 3)
    wins |= (pairs >> 7) & ((mine >> 3 * 7) | (mine << 7))
    wins |= (pairs << 2 * 7) & ((mine << 3 * 7) | shifted)
    shifted = mine >> 8
    pairs = mine & shifted
    wins |= (pairs >> 8) & ((mine >> 3 * 8) | (mine << 8))
    wins |= (pairs << 2 * 8) & ((mine << 3 * 8) | shifted)
    shifted = mine >> 6
    pairs = mine & shifted
    wins |= (pairs >> 6) & ((mine >> 3 * 6) | (mine << 6))
    wins |= (pairs << 2 * 6) & ((mine << 3 * 6) | shifted)
    # Keep the empty cells: not in the mask, and not the lane's own move.
    return wins & (((BOARD ^ mask) * LANES) ^ moves)


def lane_of(lanes: int, col: Column) -> Bitboard:
    """Lane ``col`` of a :func:`lane_wins` result, as a bitboard."""
    return (lanes >> LANE_SHIFT[col]) & BOARD


def ordered_moves(
    current: Bitboard, mask: Bitboard, candidates: Bitboard
) -> tuple[list[ScoredMove], int]:
    """The columns of ``candidates`` (playable cells, at most one per column)
    best first, and the :func:`lane_wins` of the candidates.

    ``current`` are the mover's stones.  For each :data:`ScoredMove` ``entry``,
    ``col = entry & COLUMN_FIELD`` is the column and ``lane_of(lanes, col)``
    the mover's winning cells after the move: what the child position needs as
    its ``opponent_wins``, so the search never computes it twice.
    """
    lanes = lane_wins(current, mask, candidates)
    order: list[ScoredMove] = []
    for col in CENTRE_FIRST:
        if candidates & COLUMN_CELLS[col]:
            threats = (lanes & LANE_BOARDS[col]).bit_count()
            order.append((threats << THREATS_SHIFT) | COLUMN_KEY[col])
    order.sort(reverse=True)
    return order, lanes
