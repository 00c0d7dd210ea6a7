"""Property test: the bitboard :class:`Board` against an array-based reference.

The reference below keeps the board as seven Python lists (one per column,
bottom first), finds fours by looking at every cell in every direction, and
knows nothing of bitboards.  Hypothesis plays random sequences of legal and
illegal moves (and undos and redos) on both; after every step they must agree,
and every illegal step must raise :class:`IllegalMoveError` and leave the
Board exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import CELLS, HEIGHT, WIDTH, Board, IllegalMoveError, Player
from game.core.bitboard import mirror as reflect

pytestmark = pytest.mark.engine

Cells = tuple[tuple[int, ...], ...]
"""A position as the reference sees it: each column's stones, bottom first (0 first player)."""

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_UNKNOWN = object()


@dataclass
class Reference:
    """The rules written the obvious way: lists of stones, a scan for fours."""

    columns: list[list[int]] = field(default_factory=lambda: [[] for _ in range(WIDTH)])
    history: list[int] = field(default_factory=list)
    redo: list[int] = field(default_factory=list)
    _winner: object = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._winner = _UNKNOWN

    def at(self, col: int, row: int) -> int | None:
        if 0 <= col < WIDTH and 0 <= row < len(self.columns[col]):
            return self.columns[col][row]
        return None

    def fours(self) -> list[tuple[tuple[int, int], ...]]:
        """Every four in a row on the board, as (column, row) cells."""
        found = []
        for col in range(WIDTH):
            for row in range(HEIGHT):
                owner = self.at(col, row)
                if owner is None:
                    continue
                for dc, dr in DIRECTIONS:
                    cells = tuple((col + i * dc, row + i * dr) for i in range(4))
                    if all(self.at(c, r) == owner for c, r in cells):
                        found.append(cells)
        return found

    def winner(self) -> int | None:
        if self._winner is _UNKNOWN:
            fours = self.fours()
            self._winner = None if not fours else self.at(*fours[0][0])
        return self._winner  # type: ignore[return-value]

    def is_over(self) -> bool:
        return self.winner() is not None or len(self.history) == CELLS

    def can_play(self, col: object) -> bool:
        return (
            type(col) is int
            and 0 <= col < WIDTH
            and len(self.columns[col]) < HEIGHT
            and not self.is_over()
        )

    def play(self, col: int) -> None:
        self.columns[col].append(len(self.history) % 2)
        self.history.append(col)
        self._winner = _UNKNOWN

    def undo(self) -> int:
        col = self.history.pop()
        self.columns[col].pop()
        self._winner = _UNKNOWN
        return col

    def wins_with(self, col: int) -> bool:
        """Whether the player to move wins by playing ``col`` (which must be playable):
        whether the new stone lies on a four of its owner."""
        row = len(self.columns[col])
        me = len(self.history) % 2
        for dc, dr in DIRECTIONS:
            run = 1  # the new stone
            for step in (1, -1):
                c, r = col + step * dc, row + step * dr
                while self.at(c, r) == me:
                    run += 1
                    c, r = c + step * dc, r + step * dr
            if run >= 4:
                return True
        return False

    def cells(self) -> Cells:
        return tuple(tuple(column) for column in self.columns)


def state(board: Board) -> tuple[object, ...]:
    """Everything a failed move must leave alone."""
    return (
        board.current,
        board.mask,
        board.history,
        board.outcome,
        board.can_undo,
        board.can_redo,
        board.key(),
    )


def assert_same(board: Board, ref: Reference) -> None:
    """The Board shows exactly the reference position."""
    ply = len(ref.history)
    assert board.ply == ply
    assert board.history == tuple(ref.history)
    assert board.moves == "".join(str(c + 1) for c in ref.history)
    assert board.to_move == Player(ply % 2)
    for col in range(WIDTH):
        assert board.height(col) == len(ref.columns[col])
        for row in range(HEIGHT):
            owner = ref.at(col, row)
            assert board.cell(col, row) == (None if owner is None else Player(owner))
    assert board.stones(Player.FIRST) | board.stones(Player.SECOND) == board.mask
    assert board.stones(Player.FIRST) & board.stones(Player.SECOND) == 0

    winner = ref.winner()
    over = ref.is_over()
    assert board.is_over == over
    assert board.legal_moves() == [c for c in range(WIDTH) if ref.can_play(c)]
    if not over:
        assert board.outcome is None
        for col in board.legal_moves():
            assert board.is_winning_move(col) == ref.wins_with(col), col
        return
    outcome = board.outcome
    assert outcome is not None
    if winner is None:
        assert outcome.is_draw and outcome.winner is None
        assert ply == CELLS
        return
    assert outcome.winner == Player(winner)
    # The winner is the player who moved last, and the reported four is a real one
    # through the last stone.
    assert winner == (ply - 1) % 2
    fours = {tuple(sorted(four)) for four in ref.fours()}
    assert tuple(sorted(outcome.four)) in fours
    last = (ref.history[-1], len(ref.columns[ref.history[-1]]) - 1)
    assert last in outcome.four
    assert set(outcome.four) <= set(outcome.cells)


# A column, sometimes out of range, sometimes not an int at all; or an undo / redo.
Action = int | str | float | bool | None
columns = st.integers(0, WIDTH - 1)
actions = st.one_of(
    *[columns] * 10,  # mostly moves on the board, so that games reach their end
    st.integers(-3, WIDTH + 3),
    st.sampled_from(["undo", "redo"]),
    st.sampled_from([True, False, 3.0, None, "4"]),
)


def refused(board: Board, attempt: Callable[[], object]) -> IllegalMoveError:
    """Run ``attempt``, which must raise IllegalMoveError and leave ``board`` unchanged."""
    before = state(board)
    try:
        attempt()
    except IllegalMoveError as error:
        assert state(board) == before, "a refused move changed the board"
        return error
    raise AssertionError("an illegal action was accepted")


def apply(board: Board, ref: Reference, action: Action) -> None:
    """Do ``action`` on both boards (or have both refuse it)."""
    if action == "undo":
        if ref.history:
            col = ref.undo()
            ref.redo.append(col)
            assert board.undo() == col
        else:
            refused(board, board.undo)
    elif action == "redo":
        if ref.redo:
            col = ref.redo.pop()
            ref.play(col)
            assert board.redo() == col
        else:
            refused(board, board.redo)
    elif ref.can_play(action):
        assert isinstance(action, int)
        ref.play(action)
        ref.redo.clear()
        board.play(action)
    else:
        error = refused(board, lambda: board.play(action))  # type: ignore[arg-type]
        assert error.index is None
        assert str(error).startswith("illegal move")


@settings(max_examples=150, deadline=None)
@given(st.lists(actions, min_size=30, max_size=120))
def test_random_actions_match_the_reference(steps: list[Action]) -> None:
    board, ref = Board(), Reference()
    for action in steps:
        apply(board, ref, action)
        assert_same(board, ref)
    # The move string of the final position builds the same board from scratch.
    again = Board.from_moves(board.moves)
    assert (again.current, again.mask, again.outcome) == (board.current, board.mask, board.outcome)


def play_sequence(columns: list[int]) -> list[tuple[Board, Reference]]:
    """Every position along ``columns`` (illegal moves skipped), on both boards."""
    board, ref = Board(), Reference()
    seen = [(board.copy(), Reference([list(c) for c in ref.columns], list(ref.history)))]
    for col in columns:
        if ref.can_play(col):
            board.play(col)
            ref.play(col)
            seen.append(
                (board.copy(), Reference([list(c) for c in ref.columns], list(ref.history)))
            )
    return seen


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.integers(0, WIDTH - 1), max_size=CELLS), min_size=1, max_size=4))
def test_keys_identify_positions(games: list[list[int]]) -> None:
    by_key: dict[int, Cells] = {}
    by_cells: dict[Cells, int] = {}
    for columns in games:
        for board, ref in play_sequence(columns):
            assert board.is_over == ref.is_over()
            cells = ref.cells()
            key = board.key()
            assert key < 1 << 49
            assert by_key.setdefault(key, cells) == cells, "two positions share a key"
            assert by_cells.setdefault(cells, key) == key, "one position has two keys"
            mirror = Board.from_moves("".join(str(WIDTH - c) for c in ref.history))
            assert mirror.key() == reflect(board.current) + reflect(board.mask)
            assert all(
                mirror.cell(col, row) == board.cell(WIDTH - 1 - col, row)
                for col in range(WIDTH)
                for row in range(HEIGHT)
            )


DIGITS = "".join(str(d) for d in range(10))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(DIGITS + "1234567" * 6 + "a -x\t\u0663\xff"), max_size=50))
def test_move_strings_match_the_reference(text: str) -> None:
    """Board.from_moves plays a string or names its first bad move by index."""
    ref = Reference()
    bad_index: int | None = None
    for index, char in enumerate(text.strip()):
        col = int(char) - 1 if char in "1234567" else None
        if col is None or not ref.can_play(col):
            bad_index = index
            break
        ref.play(col)
    if bad_index is None:
        assert_same(Board.from_moves(text), ref)
        return
    try:
        Board.from_moves(text)
    except IllegalMoveError as error:
        assert error.index == bad_index
        assert f"move {bad_index + 1} " in str(error)
        assert error.move == text.strip()[bad_index]
    else:
        raise AssertionError(f"{text!r} was accepted")


# A full board with no four: the game ends in a draw on its 42nd move.
DRAW = "547125662261271266215743771576315353334444"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, CELLS), actions), max_size=25))
def test_a_drawn_game_with_illegal_moves_mixed_in(extras: list[tuple[int, Action]]) -> None:
    """Random sequences rarely fill the board; this walks a known draw instead, with
    random actions (mostly refused: full columns, moves after the end) slipped in."""
    inserts: dict[int, list[Action]] = {}
    for where, action in extras:
        inserts.setdefault(where, []).append(action)
    board, ref = Board(), Reference()
    for ply in range(CELLS + 1):
        for action in inserts.get(ply, []):
            apply(board, ref, action)
            assert_same(board, ref)
        # Put the game back on the draw's path (an inserted move may have left it).
        while ref.history != [int(c) - 1 for c in DRAW[: len(ref.history)]]:
            apply(board, ref, "undo")
        while len(ref.history) < ply:
            apply(board, ref, int(DRAW[len(ref.history)]) - 1)
        assert_same(board, ref)
    assert board.outcome is not None and board.outcome.is_draw
    refused(board, lambda: board.play(0))
