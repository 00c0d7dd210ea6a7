"""The horizon evaluation's terms, on hand-built threat maps."""

from __future__ import annotations

import random

import pytest

from game.ai.evaluation import (
    CENTRE_WEIGHT,
    GOOD_THREAT,
    LIMIT,
    OPEN_TWO,
    OTHER_THREAT,
    PARITY_FILL,
    cells_above,
    centre_score,
    evaluate,
    open_two_balance,
    parity_outlook,
    threat_score,
    zugzwang_outlook,
)
from game.ai.kernel import winning_cells
from game.core import Board
from game.core.bitboard import (
    BOARD,
    COLUMN_BITS,
    EVEN_ROWS,
    FOURS,
    HEIGHT,
    ODD_ROWS,
    WIDTH,
    Bitboard,
)

pytestmark = pytest.mark.engine


def cell(col: int, row: int) -> Bitboard:
    """The bit of a cell, row 0 at the bottom."""
    return 1 << (col * COLUMN_BITS + row)


# On the empty board (ply 0, no stones: no centre term) the mover is the first
# player, whose good rows are bit rows 0, 2 and 4; the opponent's are 1, 3 and 5.


def test_a_threat_on_ones_own_rows_is_worth_more() -> None:
    # An odd threat of the first player (the mover here) also controls the zugzwang
    # (see the zugzwang tests below), and so does an even threat of the second.
    assert evaluate(0, 0, 0, cell(0, 2), 0) == GOOD_THREAT + PARITY_FILL
    assert evaluate(0, 0, 0, cell(0, 1), 0) == OTHER_THREAT
    assert evaluate(0, 0, 0, 0, cell(6, 1)) == -GOOD_THREAT - PARITY_FILL


def test_a_threat_right_above_an_opponent_threat_is_dead() -> None:
    # The mover's threat sits on the opponent's: only the opponent's counts.
    assert evaluate(0, 0, 0, cell(0, 1), cell(0, 0)) == -OTHER_THREAT
    # The other way round: only the mover's counts (an odd threat: the zugzwang too).
    assert evaluate(0, 0, 0, cell(0, 0), cell(0, 1)) == GOOD_THREAT + PARITY_FILL
    # One empty cell between them: both count.
    assert evaluate(0, 0, 0, cell(0, 2), cell(0, 0)) == GOOD_THREAT - OTHER_THREAT + PARITY_FILL
    # Side by side in different columns: both count.
    assert evaluate(0, 0, 0, cell(1, 1), cell(0, 0)) == OTHER_THREAT - OTHER_THREAT


def test_the_value_is_symmetric_and_bounded() -> None:
    board = Board.from_moves("4453")
    opponent = board.current ^ board.mask
    value = evaluate(board.current, board.mask, board.ply, 0, 0)
    # Seen by the other player (same stones, the move passed), the centre term flips.
    assert evaluate(opponent, board.mask, board.ply + 1, 0, 0) == -value
    # A value past the limit is clamped to it: every empty cell a threat of one side is
    # worth far more than LIMIT (42 threats of at least OTHER_THREAT each).
    every = sum(cell(c, r) for c in range(7) for r in range(6))
    assert 42 * OTHER_THREAT > LIMIT
    assert evaluate(0, 0, 0, every, 0) == LIMIT
    assert evaluate(0, 0, 0, 0, every) == -LIMIT


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        # Side by side on the bottom row: the three horizontal fours through both.
        ([(2, 0), (3, 0)], [], 3),
        # An opponent stone in one of those fours leaves two.
        ([(2, 0), (3, 0)], [(5, 0)], 2),
        # Two apart on a diagonal: the fours holding both, none blocked.
        ([(0, 0), (2, 2)], [], 1),
        # Stacked at the bottom of a column: only the four of rows 1-4 holds both.
        ([(3, 0), (3, 1)], [], 1),
        # Three stones in a four are a threat, not an open two: of the fours on
        # columns 1-4, 2-5 and 3-6 only the middle one holds exactly two.
        ([(0, 0), (1, 0), (2, 0)], [], 1),
        ([], [], 0),
    ],
)
def test_open_twos_are_fours_with_two_stones_and_none_of_the_opponent(
    mine: list[tuple[int, int]], theirs: list[tuple[int, int]], expected: int
) -> None:
    stones = sum(cell(c, r) for c, r in mine)
    other = sum(cell(c, r) for c, r in theirs)
    assert open_two_balance(stones, other) == expected
    assert open_two_balance(other, stones) == -expected


def open_twos(stones: Bitboard, other: Bitboard) -> int:
    """The plain count, four by four."""
    return sum(1 for line in FOURS if not line & other and (line & stones).bit_count() == 2)


def random_boards(seed: int, count: int, moves: range) -> list[Board]:
    """``count`` boards after a random number (in ``moves``) of random moves; a game
    that ends early stops there."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        board = Board.from_moves("")
        for _ in range(rng.randrange(moves.start, moves.stop)):
            board.play(rng.choice([c for c in range(WIDTH) if board.can_play(c)]))
            if board.is_over:
                break
        boards.append(board)
    return boards


def test_the_open_two_balance_matches_counting_every_four() -> None:
    for board in random_boards(7, 300, range(0, 30)):
        mine, theirs = board.current, board.current ^ board.mask
        assert open_two_balance(mine, theirs) == open_twos(mine, theirs) - open_twos(theirs, mine)


def test_two_stones_that_can_still_make_a_four_together_are_worth_more() -> None:
    together = cell(0, 0) | cell(1, 0)  # the four on columns 1-4 of the bottom row is open
    apart = cell(0, 0) | cell(6, 0)  # no four holds both
    assert open_two_balance(together, 0) == 1
    assert open_two_balance(apart, 0) == 0
    difference = evaluate(together, together, 0, 0, 0) - evaluate(apart, apart, 0, 0, 0)
    # Cell (1, 0) lies on 4 fours, cell (6, 0) on 3: one more for the centre term.
    assert difference == OPEN_TWO + CENTRE_WEIGHT


def owns_a_four_by_parity(stones: Bitboard, empty: Bitboard, rows: range) -> bool:
    """The plain check, four by four: a four of ``stones`` and empty cells of ``rows``."""
    cells = stones | sum(cell(c, r) for c in range(WIDTH) for r in rows if empty & cell(c, r))
    return any(line & cells == line for line in FOURS)


def test_the_parity_outlook_matches_checking_every_four() -> None:
    seen = set()
    for board in random_boards(11, 400, range(10, 40)):
        if board.is_over:
            continue
        mover, other = board.current, board.current ^ board.mask
        first, second = (mover, other) if board.ply % 2 == 0 else (other, mover)
        empty = BOARD ^ board.mask
        expected = int(owns_a_four_by_parity(first, empty, range(0, HEIGHT, 2))) - int(
            owns_a_four_by_parity(second, empty, range(1, HEIGHT, 2))
        )
        assert parity_outlook(first, second, empty) == expected
        seen.add(expected)
    assert seen == {-1, 0}  # random play seldom leaves the first player a four alone


def test_an_odd_four_of_the_first_player_alone_counts_for_the_first_player() -> None:
    # Test_L3_R1 "75635436317334372651666521125725": the first player to move wins.
    board = Board.from_moves("75635436317334372651666521125725")
    assert board.ply % 2 == 0
    first, second = board.current, board.current ^ board.mask
    assert parity_outlook(first, second, BOARD ^ board.mask) == 1


def test_an_even_threat_of_the_second_player_alone_counts_for_the_second_player() -> None:
    # Test_L2_R1 "5253754644476374" (the first player to move loses, score -12): the
    # second player's threat on row 4 of column 5 is even, and the first player has
    # no four left on the odd rows.
    board = Board.from_moves("5253754644476374")
    first, second = board.current, board.current ^ board.mask
    assert parity_outlook(first, second, BOARD ^ board.mask) == -1

    def value(mover: Bitboard, ply: int) -> tuple[int, int]:
        """The evaluation, and the sum of its other terms (all but the parity fill)."""
        other = mover ^ board.mask
        own, theirs = winning_cells(mover, board.mask), winning_cells(other, board.mask)
        rows, other_rows = (ODD_ROWS, EVEN_ROWS) if ply % 2 == 0 else (EVEN_ROWS, ODD_ROWS)
        rest = (
            threat_score(own & ~(theirs << 1), rows)
            - threat_score(theirs & ~(own << 1), other_rows)
            + OPEN_TWO * open_two_balance(mover, other)
            + CENTRE_WEIGHT * (centre_score(mover) - centre_score(other))
        )
        return evaluate(mover, board.mask, ply, own, theirs), rest

    # Worth PARITY_FILL to the second player, whoever is to move.
    total, rest = value(first, board.ply)
    assert total == rest - PARITY_FILL
    total, rest = value(second, board.ply + 1)
    assert total == rest + PARITY_FILL


def test_the_parity_outlook_of_the_empty_board_is_even() -> None:
    # Both players get whole rows: each owns a four, so neither is favoured.
    assert parity_outlook(0, 0, BOARD) == 0


def test_cells_above_stay_in_their_column() -> None:
    assert cells_above(cell(2, 3)) == cell(2, 4) | cell(2, 5)
    assert cells_above(cell(6, 5)) == 0  # nothing above the top row, nor in a next column
    assert cells_above(cell(0, 0) | cell(1, 4)) == (
        sum(cell(0, row) for row in range(1, HEIGHT)) | cell(1, 5)
    )


def test_an_odd_threat_of_the_first_player_controls_the_zugzwang() -> None:
    odd_threat = cell(2, 2)  # the third row from the bottom: odd, counting from 1
    assert odd_threat & ODD_ROWS
    assert zugzwang_outlook(odd_threat, 0) == 1
    # An even threat of the second player in another column does not stop it ...
    assert zugzwang_outlook(odd_threat, cell(5, 1)) == 1
    # ... but one below it in its column does: that cell is reached first.
    assert zugzwang_outlook(odd_threat, cell(2, 1)) == -1
    # An even threat above it in its column is never reached.
    assert zugzwang_outlook(odd_threat, cell(2, 3)) == 1


def test_an_even_threat_of_the_second_player_alone_controls_the_zugzwang() -> None:
    assert zugzwang_outlook(0, cell(4, 3)) == -1
    # Threats on the other side's rows count for neither: first on even, second on odd.
    assert zugzwang_outlook(cell(4, 1), cell(3, 2)) == 0
    assert zugzwang_outlook(0, 0) == 0
