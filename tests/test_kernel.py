"""The search kernel (game/ai/kernel.py): its bit operations against plain references,
its table, and its two builds against each other.

The references look at the board cell by cell (:meth:`Board.cell`).  The compiled
build (``game.ai._ckernel``) and the pure one (``game.ai.kernel``) run the same
source, so on any position they must give the same scores, moves and node counts.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import kernel as pure
from game.ai.backend import KERNEL, load_compiled
from game.ai.control import SearchStopped, StopControl
from game.ai.kernel_switch import PURE_ENV
from game.ai.search import DepthSearch
from game.ai.solver import Solver
from game.core import CELLS, HEIGHT, WIDTH, Board
from game.core.bitboard import BOARD, BOTTOM, FOURS, cell_bit
from tests.conftest import ROOT, read_testset

pytestmark = pytest.mark.engine

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


def compiled_kernel() -> ModuleType:
    """The compiled build, in use; its absence is a failure unless skipped on purpose."""
    if os.environ.get(PURE_ENV):
        pytest.skip(f"{PURE_ENV} is set: the pure kernel runs alone")
    compiled = load_compiled()
    if compiled is None:
        if os.environ.get("CONNECT4_NO_EXTENSIONS"):
            pytest.skip("installed with CONNECT4_NO_EXTENSIONS: no compiled kernel to compare")
        pytest.fail("the compiled kernel game.ai._ckernel is not built (see setup.py)")
    assert KERNEL is compiled, "the backend runs the pure kernel although the compiled one loads"
    return compiled


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, WIDTH - 1), max_size=60), st.booleans())
def test_order_moves_matches_the_reference(columns: list[int], only_safe: bool) -> None:
    board = random_board(columns)
    current, mask = board.current, board.mask
    candidates = (mask + BOTTOM) & BOARD
    if only_safe:
        candidates = pure.safe_moves(mask, pure.winning_cells(current ^ mask, mask))
    playable = [c for c in range(WIDTH) if candidates & pure.column_cells(c)]
    wins = {col: reference_wins(board, col) for col in playable}
    expected = sorted(playable, key=lambda c: (-len(wins[c]), CENTRE_FIRST.index(c)))
    assert pure.order_moves(current, mask, candidates) == expected
    assert KERNEL.order_moves(current, mask, candidates) == expected
    for col in playable:
        move = candidates & pure.column_cells(col)
        assert as_cells(KERNEL.winning_cells(current | move, mask | move)) == wins[col]


def brute_force_wins(stones: int, mask: int) -> int:
    expected = 0
    for col in range(WIDTH):
        for row in range(HEIGHT):
            bit = cell_bit(col, row)
            if mask & bit:
                continue
            if any(line & bit and (line & ~bit) & stones == line & ~bit for line in FOURS):
                expected |= bit
    return expected


def test_winning_cells_matches_brute_force_in_both_builds() -> None:
    rng = random.Random(5)
    compiled = compiled_kernel()
    for _ in range(500):
        board = random_board([rng.randrange(WIDTH) for _ in range(rng.randrange(CELLS))])
        for stones in (board.current, board.current ^ board.mask):
            expected = brute_force_wins(stones, board.mask)
            assert pure.winning_cells(stones, board.mask) == expected
            assert compiled.winning_cells(stones, board.mask) == expected
            assert compiled.has_four(stones) == pure.has_four(stones)


def test_live_fours_counts_the_fours_through_a_cell_that_lack_one_colour() -> None:
    rng = random.Random(8)
    compiled = compiled_kernel()
    assert pure.live_fours(cell_bit(3, 2), 0, 0) == 13  # the centre, on an empty board
    assert pure.live_fours(cell_bit(0, 0), 0, 0) == 3  # a corner
    for _ in range(300):
        board = random_board([rng.randrange(WIDTH) for _ in range(rng.randrange(CELLS))])
        first, second = board.current, board.current ^ board.mask
        for col in board.legal_moves():
            cell = cell_bit(col, board.height(col))
            expected = sum(
                1 for line in FOURS if line & cell and not (line & first and line & second)
            )
            assert pure.live_fours(cell, first, second) == expected
            assert compiled.live_fours(cell, first, second) == expected


def test_safe_moves_blocks_a_single_threat_and_gives_up_on_two() -> None:
    one = Board.from_moves("17273")  # the first player threatens column 4 (0-based 3)
    wins = pure.winning_cells(one.current ^ one.mask, one.mask)
    assert KERNEL.safe_moves(one.mask, wins) == (one.mask + BOTTOM) & pure.column_cells(3)
    two = Board.from_moves("27374")  # the first player threatens columns 1 and 5
    wins = pure.winning_cells(two.current ^ two.mask, two.mask)
    assert KERNEL.safe_moves(two.mask, wins) == 0
    # A cell right below an opponent threat is not safe: here the first player threatens
    # column 4's second cell, so the second player must not fill its first.
    below = Board.from_moves("5112233")
    wins = pure.winning_cells(below.current ^ below.mask, below.mask)
    assert wins & pure.column_cells(3)
    safe = KERNEL.safe_moves(below.mask, wins)
    assert safe and not safe & pure.column_cells(3)


def test_a_table_returns_what_was_stored_and_nothing_else() -> None:
    compiled = compiled_kernel()
    rng = random.Random(3)
    for kernel in (pure, compiled):
        table = kernel.Table(1, 10)
        assert table.capacity == 1 << 17 and table.max_bytes == 8 << 17
        stored: dict[int, int] = {}
        for _ in range(3000):
            key, entry = rng.getrandbits(49), rng.randrange(1, 1 << 10)
            table.put(key, entry)
            stored[key] = entry
        # A key reads its entry or, when a later key took its slot, 0: never another's.
        hits = 0
        for key, entry in stored.items():
            got = table.get(key)
            assert got in (entry, 0)
            hits += got == entry
        assert hits > 2900
        assert all(table.get(rng.getrandbits(49)) == 0 for _ in range(3000))
        table.clear()
        assert all(table.get(key) == 0 for key in stored)
        assert table.count() == 0


def test_clearing_past_the_generations_wipes_the_table() -> None:
    # 2**17 slots keep 33 check bits, so 27-bit entries leave 4 generation bits.
    table = pure.Table(1, pure.MAX_ENTRY_BITS)
    clears = 0
    while True:
        table.put(12345, 77)
        assert table.get(12345) == 77
        table.clear()
        clears += 1
        assert table.get(12345) == 0
        if table.generation == 1:
            break
    assert clears == 15


@pytest.mark.parametrize("advice", [pure.MADV_POPULATE_WRITE, -1])
def test_a_new_table_is_zeroed_and_writable_whether_or_not_the_system_maps_it_in(
    advice: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # -1 is advice no system knows: the pages are then touched one by one instead.
    monkeypatch.setattr(pure, "MADV_POPULATE_WRITE", advice)
    words = pure._zeroed_words(3 * pure.PAGE_BYTES // pure.SLOT_BYTES + 5)
    assert len(words) == 3 * pure.PAGE_BYTES // pure.SLOT_BYTES + 5
    assert not any(words)
    words[0] = words[-1] = (1 << 64) - 1
    assert words[0] == words[-1] == (1 << 64) - 1 and words[1] == 0


def test_a_bad_table_size_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        pure.Table(0)
    with pytest.raises(ValueError, match="exceeds"):
        pure.Table(1 << 31)
    with pytest.raises(ValueError, match="entry_bits"):
        pure.Table(1, 28)


def playable_position(columns: list[int]) -> Board | None:
    board = random_board(columns)
    if board.is_over or any(board.is_winning_move(c) for c in board.legal_moves()):
        return None
    return board


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, WIDTH - 1), min_size=22, max_size=40))
def test_both_builds_solve_alike(columns: list[int]) -> None:
    compiled = compiled_kernel()
    board = playable_position(columns)
    if board is None:
        return
    answers: list[tuple[int | None, int | None, int]] = []
    for build_is_pure in (True, False):
        solver = Solver(1, pure=build_is_pure)
        assert solver.kernel is (pure if build_is_pure else compiled)
        # A node budget keeps the pure build quick; both stop at the same node if at all.
        try:
            solution = solver.solve(
                board.current, board.mask, board.ply, control=StopControl(node_limit=30_000)
            )
            answers.append((solution.score, solution.column, solution.nodes))
        except SearchStopped:
            answers.append((None, None, solver.nodes))  # stopped
    assert answers[0] == answers[1], board.moves


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, WIDTH - 1), min_size=4, max_size=36), st.integers(1, 6))
def test_both_builds_search_alike(columns: list[int], depth: int) -> None:
    compiled_kernel()
    board = playable_position(columns)
    if board is None:
        return
    answers = []
    for build_is_pure in (True, False):
        search = DepthSearch(1, pure=build_is_pure)
        found = search.search(board, depth, rng=random.Random(1), all_scores=True)
        answers.append((found.column, found.score, found.nodes, found.column_scores))
    assert answers[0] == answers[1], board.moves
    current, mask = board.current, board.mask
    compiled = compiled_kernel()
    args = (
        current,
        mask,
        board.ply,
        pure.winning_cells(current, mask),
        pure.winning_cells(current ^ mask, mask),
    )
    assert compiled.evaluate(*args) == pure.evaluate(*args)


def test_answers_stay_right_in_a_table_filled_far_past_its_capacity() -> None:
    rows = read_testset("Test_L2_R2", 40) + read_testset("Test_L1_R1", 10)
    rows += read_testset("Test_L1_R2", 2)
    solver = Solver(1)  # two tables of 2**17 slots, kept from one position to the next
    searched = 0
    wrong = []
    for moves, expected in rows:
        board = Board.from_moves(moves)
        solution = solver.solve(board.current, board.mask, board.ply)
        searched += solution.nodes
        if solution.score != expected:
            wrong.append((moves, expected, solution.score))
    assert wrong == []
    # More than twice as many positions were searched as the tables hold (on the
    # repository's sample of the set; several times more on the full set).
    capacity = solver.table.capacity + solver.deep_table.capacity
    assert searched > 2 * capacity
    assert solver.table.count() + solver.deep_table.count() > capacity // 2


def test_the_environment_variable_forces_the_pure_kernel() -> None:
    code = "from game.ai.backend import KERNEL_NAME, IS_COMPILED; print(IS_COMPILED, KERNEL_NAME)"
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == f"False pure Python ({PURE_ENV} is set)"


HOT_FUNCTIONS = (
    "12SolverKernel_negamax",
    "12SolverKernel__static_bounds",
    "12SolverKernel__probe",
    "12SolverKernel__probe_children",
    "12SolverKernel__quick_win",
    "12SolverKernel__search_children",
    "12SolverKernel__prefetch",
    "12SolverKernel__entry",
    "12SolverKernel__store",
    "12SolverKernel__cut",
    "12SolverKernel_solve",
    "next_probe",
    "central_column",
    "12SearchKernel_negamax",
    "5Table_get",
    "5Table_put",
    "9MoveLists_sort",
    "winning_cells",
    "has_four",
    "safe_moves",
    "column_cells",
    "evaluate",
    "threat_score",
    "centre_score",
    "open_two_balance",
    "parity_outlook",
)
PYTHON_OBJECT_CALLS = re.compile(
    r"__Pyx_GetModuleGlobalName|__Pyx_PyObject_\w+\(|PyObject_\w+\(|PyLong_\w+\(|"
    r"__Pyx_PyLong_\w+\(|__Pyx_PyInt_\w+\(|PyNumber_\w+\(|PyList_\w+\(|PyTuple_\w+\(|"
    r"PyDict_\w+\(|__Pyx_PyNumber_\w+\("
)


def test_the_compiled_hot_path_makes_no_python_calls() -> None:
    """Every name of the hot path is typed in _ckernel.pxd: the C code Cython generates for
    the recursions and what they call touches no Python object (one untyped name would)."""
    generated = ROOT / "game" / "ai" / "kernel.c"
    if not generated.is_file():
        pytest.skip("game/ai/kernel.c is made by an editable install's build (pip install -e .)")
    code = generated.read_text()
    for name in HOT_FUNCTIONS:
        head = re.search(
            r"\n(static [^\n;]*__pyx_f_4game_2ai_8_ckernel_" + name + r"\([^\n;]*\{)\n", code
        )
        assert head is not None, f"no C function for {name}"
        body = code[head.end() : code.index("\n}\n", head.end())]
        calls = sorted(set(PYTHON_OBJECT_CALLS.findall(body)))
        assert calls == [], f"{name} calls Python: {calls}"


def test_the_game_warns_once_when_the_compiled_kernel_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game import command_line as entry  # noqa: PLC0415
    from game.ai import backend, kernel_switch  # noqa: PLC0415

    monkeypatch.delenv(PURE_ENV, raising=False)
    monkeypatch.setattr(kernel_switch, "compiled_kernel_installed", lambda: False)
    monkeypatch.setattr(backend, "IS_COMPILED", False)
    entry._warn_if_the_kernel_is_missing()
    err = capsys.readouterr().err
    assert err.count("warning:") == 1
    assert "compiled engine kernel is not installed" in err
    monkeypatch.setenv(PURE_ENV, "1")  # asked for: no warning
    entry._warn_if_the_kernel_is_missing()
    monkeypatch.delenv(PURE_ENV)
    monkeypatch.setattr(backend, "IS_COMPILED", True)  # no file, yet the kernel loaded
    entry._warn_if_the_kernel_is_missing()
    assert capsys.readouterr().err == ""


def test_the_compiled_kernels_file_is_found_without_loading_it() -> None:
    """Where the kernel is built, its file is found; the check loads no kernel."""
    code = (
        "import sys; from game.ai.kernel_switch import compiled_kernel_installed as c;"
        " print(c(), 'game.ai.backend' in sys.modules, 'game.ai._ckernel' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.split() == [str(load_compiled() is not None), "False", "False"]
