"""The rules: wins in every direction, edges, draws, illegal moves, notation, keys."""

from __future__ import annotations

import random

import pytest

from game.core import CELLS, HEIGHT, WIDTH, Board, IllegalMoveError, Player
from game.core.bitboard import FOURS, LINES_THROUGH_CELL, cell_bit, mirror
from game.core.notation import format_moves, parse_moves

pytestmark = pytest.mark.engine

# (moves, winner, the winning four as (column, row), 0-based, row 0 at the bottom)
WINS = [
    ("1212121", Player.FIRST, ((0, 0), (0, 1), (0, 2), (0, 3))),  # vertical, left edge
    ("7676767", Player.FIRST, ((6, 0), (6, 1), (6, 2), (6, 3))),  # vertical, right edge
    ("71611212131", Player.FIRST, ((0, 2), (0, 3), (0, 4), (0, 5))),  # vertical, top rows
    ("1122334", Player.FIRST, ((0, 0), (1, 0), (2, 0), (3, 0))),  # horizontal, left edge
    ("7766554", Player.FIRST, ((3, 0), (4, 0), (5, 0), (6, 0))),  # horizontal, right edge
    ("1122733441727364", Player.SECOND, ((0, 2), (1, 2), (2, 2), (3, 2))),  # third row
    ("12233434474", Player.FIRST, ((0, 0), (1, 1), (2, 2), (3, 3))),  # diagonal up
    ("76655454414", Player.FIRST, ((3, 3), (4, 2), (5, 1), (6, 0))),  # diagonal down
]


@pytest.mark.parametrize(("moves", "winner", "four"), WINS)
def test_win_in_every_direction(
    moves: str, winner: Player, four: tuple[tuple[int, int], ...]
) -> None:
    board = Board.from_moves(moves[:-1])
    assert board.outcome is None
    last = int(moves[-1]) - 1
    assert board.is_winning_move(last)
    assert board.to_move == winner
    board.play(last)
    assert board.outcome is not None
    assert board.outcome.winner == winner
    assert board.outcome.four == four
    assert board.legal_moves() == []
    assert board.is_over


def test_a_move_completing_two_fours_reports_all_cells() -> None:
    # The last stone, at (3, 0), completes row 0 and the diagonal up to (6, 3).
    board = Board.from_moves("155626673727734")
    assert board.outcome is not None
    assert board.outcome.four == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert set(board.outcome.cells) == {(0, 0), (1, 0), (2, 0), (3, 0), (4, 1), (5, 2), (6, 3)}


def test_no_wrap_around_between_columns() -> None:
    # The top three cells of column 1 and the bottom of column 2 would be four adjacent
    # bits without the spare bit at the top of each column.
    board = Board.from_moves("21516113131")
    assert [board.cell(0, r) for r in (3, 4, 5)] == [Player.FIRST] * 3
    assert board.cell(1, 0) == Player.FIRST
    assert board.outcome is None
    assert not board.can_play(0)


DRAW = "547125662261271266215743771576315353334444"


def test_full_board_draw() -> None:
    board = Board.from_moves(DRAW[:-1])
    assert board.outcome is None
    assert not board.is_winning_move(int(DRAW[-1]) - 1)
    board.play(int(DRAW[-1]) - 1)
    assert board.ply == CELLS
    assert board.outcome is not None
    assert board.outcome.is_draw
    assert board.outcome.winner is None
    assert board.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        board.play(0)


@pytest.mark.parametrize(
    ("moves", "index", "text"),
    [
        ("48", 1, "off the board"),
        ("49", 1, "off the board"),
        ("40", 1, "off the board"),
        ("4a", 1, "not a column"),
        ("4 4", 1, "not a column"),
        ("4-1", 1, "not a column"),
        ("1111111", 6, "full"),
        ("12121213", 7, "over"),
    ],
)
def test_illegal_moves_name_the_move_and_its_index(moves: str, index: int, text: str) -> None:
    with pytest.raises(IllegalMoveError) as info:
        Board.from_moves(moves)
    assert info.value.index == index
    assert text in str(info.value)
    assert f"move {index + 1}" in str(info.value)


def test_illegal_play_leaves_the_board_unchanged() -> None:
    board = Board.from_moves("111111")
    before = (board.current, board.mask, board.moves)
    for col in (0, -1, WIDTH, 99):
        with pytest.raises(IllegalMoveError):
            board.play(col)
        assert (board.current, board.mask, board.moves) == before
    with pytest.raises(IllegalMoveError):
        board.play(True)


def test_undo_redo_round_trip() -> None:
    board = Board.from_moves("4453")
    state = (board.current, board.mask)
    assert board.undo() == 2
    assert board.moves == "445"
    assert board.redo() == 2
    assert (board.current, board.mask) == state
    board.undo()
    board.play(0)
    assert not board.can_redo
    with pytest.raises(IllegalMoveError):
        board.redo()
    empty = Board()
    with pytest.raises(IllegalMoveError):
        empty.undo()


def test_undo_after_a_win_reopens_the_game() -> None:
    board = Board.from_moves("1212121")
    assert board.is_over
    board.undo()
    assert not board.is_over
    assert board.legal_moves() == list(range(WIDTH))


def random_game(rng: random.Random, max_moves: int = CELLS) -> Board:
    board = Board()
    while not board.is_over and board.ply < max_moves:
        board.play(rng.choice(board.legal_moves()))
    return board


def test_move_string_round_trip_and_parse() -> None:
    rng = random.Random(7)
    for _ in range(200):
        board = random_game(rng, rng.randrange(CELLS + 1))
        again = Board.from_moves(board.moves)
        assert again.moves == board.moves
        assert (again.current, again.mask) == (board.current, board.mask)
        assert format_moves(parse_moves(board.moves)) == board.moves
    assert parse_moves("  4453\n") == [3, 3, 4, 2]


def test_a_board_is_unhashable_because_it_changes() -> None:
    board = Board.from_moves("4453")
    # Its hash would change with play() and undo(), losing it in any set or dict.
    with pytest.raises(TypeError, match="unhashable"):
        hash(board)
    with pytest.raises(TypeError):
        {board}  # noqa: B018
    # Equality (same moves) and the position's key still work.
    assert board == Board.from_moves("4453") and board != Board.from_moves("4435")
    assert {board.key(): board.moves}[Board.from_moves("4453").key()] == "4453"


def test_keys_are_unique_per_position() -> None:
    rng = random.Random(11)
    seen: dict[int, tuple[int, int]] = {}
    for _ in range(3000):
        board = random_game(rng, rng.randrange(CELLS))
        state = (board.current, board.mask)
        assert seen.setdefault(board.key(), state) == state
    # Transpositions (same stones, other order) share a key.
    assert Board.from_moves("1234").key() == Board.from_moves("3214").key()
    assert Board.from_moves("12").key() != Board.from_moves("21").key()


def test_mirror_reflects_a_position_left_to_right() -> None:
    rng = random.Random(3)
    for _ in range(300):
        board = random_game(rng, rng.randrange(CELLS))
        mirrored = Board.from_moves(format_moves([WIDTH - 1 - c for c in board.history]))
        assert mirror(board.current) + mirror(board.mask) == mirrored.key()
        assert mirror(mirrored.current) + mirror(mirrored.mask) == board.key()
    centre = Board.from_moves("4")
    assert mirror(centre.current) + mirror(centre.mask) == centre.key()


def test_cells_and_stones() -> None:
    board = Board.from_moves("44")
    assert board.cell(3, 0) == Player.FIRST
    assert board.cell(3, 1) == Player.SECOND
    assert board.cell(3, 2) is None
    assert board.height(3) == 2
    assert board.stones(Player.FIRST) == cell_bit(3, 0)
    assert board.stones(Player.SECOND) == cell_bit(3, 1)
    assert "X" in str(board) and "O" in str(board)


def test_geometry_tables() -> None:
    assert len(FOURS) == 69
    assert all(line.bit_count() == 4 for line in FOURS)
    assert LINES_THROUGH_CELL[3][2] == 13 and LINES_THROUGH_CELL[0][0] == 3
    assert len(LINES_THROUGH_CELL) == WIDTH and len(LINES_THROUGH_CELL[0]) == HEIGHT


@pytest.mark.parametrize("char", ["\u00b2", "\u2460", "\uff14", "\u0664", "0", "8", "a"])
def test_only_the_ascii_digits_1_to_7_are_columns(char: str) -> None:
    """Characters str.isdigit() accepts (and int() may read) are no columns either."""
    with pytest.raises(IllegalMoveError):
        parse_moves(f"44{char}")
