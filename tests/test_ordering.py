"""Move ordering against a plain reference written here.

The reference looks at the board cell by cell (:meth:`Board.cell`): for each
candidate column it puts the mover's stone on top, counts the empty cells that
would then complete a four of the mover's (scanning every line through each
empty cell), and orders the columns by that count, the more central first on
ties.  The engine computes the same thing on seven boards at once, packed into
lanes of one int; both the order and each lane's winning cells must agree.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.ordering import (
    COLUMN_CELLS,
    COLUMN_FIELD,
    lane_of,
    lane_wins,
    ordered_moves,
    safe_moves,
)
from game.core import HEIGHT, WIDTH, Board
from game.core.bitboard import BOARD, BOTTOM, KEY_BITS, bottom_bit, cell_bit, winning_cells

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
CENTRE_FIRST = sorted(range(WIDTH), key=lambda col: abs(2 * col - (WIDTH - 1)))


def reference_wins(board: Board, col: int) -> set[tuple[int, int]]:
    """The empty cells that would complete a four of the mover's after the mover plays ``col``."""
    me = board.to_move
    placed = (col, board.height(col))

    def mine(c: int, r: int) -> bool:
        return 0 <= c < WIDTH and 0 <= r < HEIGHT and ((c, r) == placed or board.cell(c, r) == me)

    found = set()
    for c in range(WIDTH):
        for r in range(HEIGHT):
            if board.cell(c, r) is not None or (c, r) == placed:
                continue
            for dc, dr in DIRECTIONS:
                for start in range(-3, 1):
                    others = [(c + (start + i) * dc, r + (start + i) * dr) for i in range(4)]
                    others.remove((c, r))
                    if all(mine(oc, orow) for oc, orow in others):
                        found.add((c, r))
    return found


def as_cells(bits: int) -> set[tuple[int, int]]:
    return {(c, r) for c in range(WIDTH) for r in range(HEIGHT) if bits & cell_bit(c, r)}


def random_board(columns: list[int]) -> Board:
    """Play ``columns`` as far as they stay legal and the game goes on."""
    board = Board()
    for col in columns:
        if board.can_play(col):
            board.play(col)
            if board.is_over:
                board.undo()
                break
    return board


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, WIDTH - 1), max_size=60), st.booleans())
def test_ordered_moves_match_the_reference(columns: list[int], only_safe: bool) -> None:
    board = random_board(columns)
    current, mask = board.current, board.mask
    playable = (mask + BOTTOM) & BOARD
    candidates = playable
    if only_safe:
        candidates = safe_moves(mask, winning_cells(current ^ mask, mask))
    if not candidates:
        return
    order, lanes = ordered_moves(current, mask, candidates)
    columns_played = [c for c in range(WIDTH) if candidates & COLUMN_CELLS[c]]
    wins = {c: reference_wins(board, c) for c in columns_played}
    expected = sorted(columns_played, key=lambda c: (-len(wins[c]), CENTRE_FIRST.index(c)))
    assert [entry & COLUMN_FIELD for entry in order] == expected
    for col in columns_played:
        assert as_cells(lane_of(lanes, col)) == wins[col]


def test_each_lane_equals_winning_cells_on_its_own_board() -> None:
    # Any stones will do (not only positions of a real game): full columns and stones on
    # the edges are where a shift could reach from one lane into its neighbour's.
    rng = random.Random(4)
    for _ in range(2000):
        mask = 0
        for col in range(WIDTH):
            height = rng.randrange(HEIGHT + 1)
            mask |= COLUMN_CELLS[col] & ((bottom_bit(col) << height) - 1)
        current = mask & rng.getrandbits(KEY_BITS)
        candidates = (mask + BOTTOM) & BOARD
        lanes = lane_wins(current, mask, candidates)
        for col in range(WIDTH):
            move = candidates & COLUMN_CELLS[col]
            if move:
                assert lane_of(lanes, col) == winning_cells(current | move, mask | move)
