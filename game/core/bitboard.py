"""Bitboard geometry of the 7x6 board, shared by the rules and the search.

Bit layout (one column of ``HEIGHT + 1`` bits per column, bottom row first)::

    .  .  .  .  .  .  .     <- spare bit of each column, always 0 in the masks
    5 12 19 26 33 40 47     row 5 (top)
    4 11 18 25 32 39 46
    3 10 17 24 31 38 45
    2  9 16 23 30 37 44
    1  8 15 22 29 36 43
    0  7 14 21 28 35 42     row 0 (bottom)
    -------------------
    1  2  3  4  5  6  7     column as the player numbers it

The cell (column ``c``, row ``r``) is bit ``c * (HEIGHT + 1) + r``.  The spare bit
on top of every column does two jobs: adding a column's bottom bit to the mask
carries up into the next free cell (so a move is one addition), and shifted
alignments cannot wrap from the top of one column into the bottom of the next.

A position is stored as two ints: ``current`` (the stones of the player to move)
and ``mask`` (every stone on the board).  ``current + mask`` is a unique key: it
sets one bit above the top stone of each column (the column height) and, below
it, the current player's stones.  It fits in ``WIDTH * (HEIGHT + 1)`` = 49 bits.

Everything here is a pure function of ints.  The search's own bit operations
(winning cells, the safe-move filter) live in its kernel, :mod:`game.ai.kernel`.
"""

from __future__ import annotations

from typing import Final, TypeAlias

Bitboard: TypeAlias = int
"""A set of cells, one bit per cell, laid out as drawn above."""

Column: TypeAlias = int
"""A column index, 0-based (0 is the leftmost); move strings use 1-based digits."""

WIDTH: Final = 7
HEIGHT: Final = 6
COLUMN_BITS: Final = HEIGHT + 1
"""Bits per column: the playable cells plus the spare bit."""
CELLS: Final = WIDTH * HEIGHT
"""Moves in a full game (42)."""
KEY_BITS: Final = WIDTH * COLUMN_BITS

COLUMN_MASK: Final = (1 << HEIGHT) - 1
"""The playable cells of column 0; shift by ``c * COLUMN_BITS`` for column c."""


def bottom_bit(col: Column) -> Bitboard:
    """The bottom cell of ``col``."""
    return 1 << (col * COLUMN_BITS)


def top_bit(col: Column) -> Bitboard:
    """The top playable cell of ``col``."""
    return 1 << (col * COLUMN_BITS + HEIGHT - 1)


def column_cells(col: Column) -> Bitboard:
    """Every playable cell of ``col``."""
    return COLUMN_MASK << (col * COLUMN_BITS)


def cell_bit(col: Column, row: int) -> Bitboard:
    """The cell at ``col`` and ``row`` (row 0 is the bottom)."""
    return 1 << (col * COLUMN_BITS + row)


BOTTOM: Final[Bitboard] = sum(bottom_bit(c) for c in range(WIDTH))
"""The bottom row."""
BOARD: Final[Bitboard] = BOTTOM * COLUMN_MASK
"""Every playable cell (the spare bits excluded)."""
ODD_ROWS: Final[Bitboard] = sum(BOTTOM << row for row in range(0, HEIGHT, 2))
"""Rows 1, 3, 5 counting from 1 at the bottom (bit rows 0, 2, 4): the cells the first
player gets when the board fills up by parity (see :mod:`game.ai.evaluation`)."""
EVEN_ROWS: Final[Bitboard] = sum(BOTTOM << row for row in range(1, HEIGHT, 2))
"""Rows 2, 4, 6: the second player's."""

# Alignment directions as bit shifts: vertical, horizontal, and the two diagonals.
VERTICAL: Final = 1
HORIZONTAL: Final = COLUMN_BITS
DIAGONAL_UP: Final = COLUMN_BITS + 1
DIAGONAL_DOWN: Final = COLUMN_BITS - 1
DIRECTIONS: Final = (VERTICAL, HORIZONTAL, DIAGONAL_UP, DIAGONAL_DOWN)
assert (HORIZONTAL, DIAGONAL_UP, DIAGONAL_DOWN) == (7, 8, 6), "game.ai.kernel hard-codes these"


def _all_fours() -> tuple[Bitboard, ...]:
    lines = []
    steps = ((0, 1), (1, 0), (1, 1), (1, -1))  # (column step, row step)
    for col in range(WIDTH):
        for row in range(HEIGHT):
            for dc, dr in steps:
                cells = [(col + i * dc, row + i * dr) for i in range(4)]
                if all(0 <= c < WIDTH and 0 <= r < HEIGHT for c, r in cells):
                    lines.append(sum(cell_bit(c, r) for c, r in cells))
    return tuple(lines)


FOURS: Final[tuple[Bitboard, ...]] = _all_fours()
"""Every four-in-a-row line on the board (69 on 7x6), as bitboards."""

LINES_THROUGH_CELL: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 for line in FOURS if line & cell_bit(c, r)) for r in range(HEIGHT))
    for c in range(WIDTH)
)
"""``[column][row]``: how many fours pass through the cell (3 at a corner, 13 in
the middle). A cheap measure of how useful a stone there is."""


CENTRE_FIRST: Final[tuple[Column, ...]] = tuple(
    sorted(range(WIDTH), key=lambda c: (abs(2 * c - (WIDTH - 1)), c))
)
"""Columns from the centre outwards (3, 2, 4, 1, 5, 0, 6): the usual search order."""


def has_four(stones: Bitboard) -> bool:
    """Whether ``stones`` contain four in a row in any direction."""
    for shift in DIRECTIONS:
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


def mirror(bits: Bitboard) -> Bitboard:
    """``bits`` reflected left to right (column c goes to column ``WIDTH - 1 - c``)."""
    column_and_spare = (1 << COLUMN_BITS) - 1
    out = 0
    for col in range(WIDTH):
        chunk = (bits >> (col * COLUMN_BITS)) & column_and_spare
        out |= chunk << ((WIDTH - 1 - col) * COLUMN_BITS)
    return out


def cells_of(bits: Bitboard) -> list[tuple[Column, int]]:
    """The (column, row) of every set playable bit, column by column, bottom up."""
    out = []
    for col in range(WIDTH):
        for row in range(HEIGHT):
            if bits & cell_bit(col, row):
                out.append((col, row))
    return out
