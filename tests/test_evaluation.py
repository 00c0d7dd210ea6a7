"""The horizon evaluation's terms, on hand-built threat maps."""

from __future__ import annotations

from game.ai.evaluation import GOOD_THREAT, LIMIT, OTHER_THREAT, evaluate
from game.core import Board
from game.core.bitboard import COLUMN_BITS, Bitboard


def cell(col: int, row: int) -> Bitboard:
    """The bit of a cell, row 0 at the bottom."""
    return 1 << (col * COLUMN_BITS + row)


# On the empty board (ply 0, no stones: no centre term) the mover is the first
# player, whose good rows are bit rows 0, 2 and 4; the opponent's are 1, 3 and 5.


def test_a_threat_on_ones_own_rows_is_worth_more() -> None:
    assert evaluate(0, 0, 0, cell(0, 2), 0) == GOOD_THREAT
    assert evaluate(0, 0, 0, cell(0, 1), 0) == OTHER_THREAT
    assert evaluate(0, 0, 0, 0, cell(6, 1)) == -GOOD_THREAT


def test_a_threat_right_above_an_opponent_threat_is_dead() -> None:
    # The mover's threat sits on the opponent's: only the opponent's counts.
    assert evaluate(0, 0, 0, cell(0, 1), cell(0, 0)) == -OTHER_THREAT
    # The other way round: only the mover's counts.
    assert evaluate(0, 0, 0, cell(0, 0), cell(0, 1)) == GOOD_THREAT
    # One empty cell between them: both count.
    assert evaluate(0, 0, 0, cell(0, 2), cell(0, 0)) == GOOD_THREAT - OTHER_THREAT
    # Side by side in different columns: both count.
    assert evaluate(0, 0, 0, cell(1, 1), cell(0, 0)) == OTHER_THREAT - OTHER_THREAT


def test_the_value_is_symmetric_and_bounded() -> None:
    board = Board.from_moves("4453")
    opponent = board.current ^ board.mask
    value = evaluate(board.current, board.mask, board.ply, 0, 0)
    # Seen by the other player (same stones, the move passed), the centre term flips.
    assert evaluate(opponent, board.mask, board.ply + 1, 0, 0) == -value
    every = sum(cell(c, r) for c in range(7) for r in range(6))
    assert -LIMIT <= evaluate(0, 0, 0, every, 0) <= LIMIT
