"""The exact solver against the public test sets (../shared/connect4-testsets).

Each line of a set is ``<moves> <score>`` with the exact score for the player to
move (see the sets' README).  Like the reference figures, most checks start
each position with an empty table; one check keeps a small table across
positions, so that what one position leaves behind cannot spoil the next.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.ai.backend import IS_COMPILED, KERNEL
from game.ai.columns import column_values
from game.ai.control import SearchStopped, StopControl
from game.ai.kernel import (
    CLOSE_PLIES,
    FAR_PROBES,
    NO_BOUND,
    loss_next_score,
    next_probe,
    win_now_score,
)
from game.ai.score import ScoreWindow
from game.ai.solver import Solver
from game.core import CELLS, WIDTH, Board
from game.core.bitboard import BOARD, BOTTOM, EVEN_ROWS, FOURS, HEIGHT, ODD_ROWS, cell_bit
from tests.conftest import read_testset

pytestmark = pytest.mark.engine

SAMPLES = [("Test_L3_R1", 100), ("Test_L2_R1", 100), ("Test_L1_R1", 25)]


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def solve(solver: Solver, moves: str, *, weak: bool = False, fresh: bool = True) -> int:
    board = Board.from_moves(moves)
    if fresh:
        solver.clear()
    return solver.solve(board.current, board.mask, board.ply, weak=weak).score


@pytest.mark.parametrize(("name", "count"), SAMPLES)
def test_strong_solve_matches_the_test_set(name: str, count: int) -> None:
    rows = read_testset(name, count)
    assert len(rows) == count
    solver = Solver()
    wrong = [
        (moves, expected, got)
        for moves, expected in rows
        if (got := solve(solver, moves)) != expected
    ]
    assert wrong == []


@pytest.mark.parametrize(("name", "count"), [("Test_L3_R1", 100), ("Test_L2_R1", 60)])
def test_weak_solve_gives_the_sign(name: str, count: int) -> None:
    rows = read_testset(name, count)
    solver = Solver()
    wrong = [
        (moves, expected, got)
        for moves, expected in rows
        if (got := solve(solver, moves, weak=True)) != sign(expected)
    ]
    assert wrong == []
    # The sets hold wins, losses and draws, so each answer was really asked for.
    assert {sign(score) for _, score in rows} == {-1, 0, 1}


def test_a_small_table_kept_across_positions_gives_the_same_scores() -> None:
    rows = read_testset("Test_L2_R1", 40)
    solver = Solver(1)  # the smallest table, 2**17 slots
    table = solver.table
    wrong = [
        (moves, expected, got)
        for moves, expected in rows
        if (got := solve(solver, moves, fresh=False)) != expected
    ]
    assert wrong == []
    assert 0 < table.count() <= table.capacity


@pytest.mark.parametrize(("name", "count"), [("Test_L3_R1", 40), ("Test_L2_R1", 25)])
def test_the_best_move_achieves_the_score(name: str, count: int) -> None:
    solver = Solver()
    for moves, expected in read_testset(name, count):
        board = Board.from_moves(moves)
        solver.clear()
        solution = solver.solve(board.current, board.mask, board.ply)
        assert solution.column is not None
        assert board.can_play(solution.column)
        if board.is_winning_move(solution.column):
            assert expected == win_now_score(board.ply), moves
            continue
        board.play(solution.column)
        child = 0 if board.is_over else solve(solver, board.moves)
        assert -child == expected, (moves, solution.column)


def analysis_by_children(solver: Solver, board: Board) -> list[int | None]:
    """Each column's score for the player to move, by solving each child on its own."""
    scores: list[int | None] = []
    for col in range(WIDTH):
        if not board.can_play(col):
            scores.append(None)
        elif board.is_winning_move(col):
            scores.append(win_now_score(board.ply))
        else:
            board.play(col)
            scores.append(0 if board.is_over else -solve(solver, board.moves))
            board.undo()
    return scores


def analysed(board: Board) -> list[int | None]:
    """Each column's score by the engine's column routine with a fresh solver."""
    valuation = column_values(board, solver=Solver())
    assert valuation is not None
    values = valuation.analysis
    return [values[col].value if col in values else None for col in range(WIDTH)]


@pytest.mark.parametrize(("name", "count"), [("Test_L3_R1", 15), ("Test_L2_R1", 10)])
def test_analysis_agrees_with_solving_each_child(name: str, count: int) -> None:
    checker = Solver()
    for moves, expected in read_testset(name, count):
        board = Board.from_moves(moves)
        scores = analysed(board)
        assert scores == analysis_by_children(checker, board), moves
        assert max(s for s in scores if s is not None) == expected, moves
        assert [s is None for s in scores] == [not board.can_play(c) for c in range(WIDTH)]


def test_analysis_of_a_position_with_full_columns() -> None:
    # Test_L3_R1, line 2: columns 3, 4 and 7 are full; the mover wins (score 1).
    board = Board.from_moves("7422341735647741166133573473242566")
    assert [c for c in range(WIDTH) if not board.can_play(c)] == [2, 3, 6]
    scores = analysed(board)
    assert [scores[c] for c in (2, 3, 6)] == [None, None, None]
    assert scores == analysis_by_children(Solver(), board)
    assert max(s for s in scores if s is not None) == 1


def test_every_probe_lies_inside_the_window_so_the_bisection_ends() -> None:
    # solve() sets low or high to the probe's fail-soft result, which is at most the
    # probe or above it: the window shrinks only if low <= probe < high.
    for low in range(-21, 22):
        for high in range(low + 1, 22):
            for probes in range(8):
                for ply in (0, CLOSE_PLIES - 1, CLOSE_PLIES, 15):
                    probe = next_probe(low, high, probes, ply)
                    assert low <= probe < high, (low, high, probes, ply, probe)


def test_the_first_probes_look_for_fast_results_then_bisect_toward_zero() -> None:
    # Ply 15: the score lies in [-13, 14].  The first probes go to half a bound,
    # beyond the midpoint (0), as long as that is farther from zero.
    assert next_probe(-13, 14, 0, 15) == -6
    assert next_probe(-5, 14, 1, 15) == 7
    assert next_probe(-5, 7, 2, 15) == 3
    # Then the midpoint, rounded toward zero: -1 in [-5, 3], 1 in [-2, 5].
    assert next_probe(-5, 3, FAR_PROBES, 15) == -1
    assert next_probe(-5, 2, FAR_PROBES, 15) == -1
    assert next_probe(-2, 5, FAR_PROBES, 15) == 1
    # A weak solve's window (-1, 1) is decided by its single probe at 0.
    assert next_probe(-1, 1, 0, 15) == 0


def test_in_the_first_plies_the_probes_step_out_from_a_draw() -> None:
    # The empty board: the score lies in [-21, 21]; the first probe asks about a draw.
    assert next_probe(-21, 21, 0, 0) == 0
    # Above a draw the next asks about the lowest score left, below it the highest.
    assert next_probe(1, 21, 1, 0) == 1
    assert next_probe(2, 21, 2, CLOSE_PLIES - 1) == 2
    assert next_probe(-20, 0, 1, 3) == -1
    assert next_probe(-20, -1, 2, 3) == -2
    # From CLOSE_PLIES on, the far probes again.
    assert next_probe(-21, 21, 0, CLOSE_PLIES) != 0


def test_immediate_win_and_unavoidable_loss() -> None:
    board = Board.from_moves("445566")
    solution = Solver().solve(board.current, board.mask, board.ply)
    assert solution.score == win_now_score(board.ply) == 18
    assert solution.column == 2
    board = Board.from_moves("44556")
    solution = Solver().solve(board.current, board.mask, board.ply)
    assert solution.score == loss_next_score(board.ply) == -18
    assert solution.column is not None and board.can_play(solution.column)
    weak = Solver().solve(board.current, board.mask, board.ply, weak=True)
    assert weak.score == -1


def test_last_move_is_a_draw() -> None:
    draw = "547125662261271266215743771576315353334444"
    board = Board.from_moves(draw[:-1])
    assert board.ply == CELLS - 1
    solution = Solver().solve(board.current, board.mask, board.ply)
    assert (solution.score, solution.column) == (0, int(draw[-1]) - 1)


def test_full_board_is_refused() -> None:
    board = Board.from_moves("547125662261271266215743771576315353334444")
    with pytest.raises(ValueError, match="full"):
        Solver().solve(board.current, board.mask, board.ply)


def test_a_node_budget_stops_the_solver() -> None:
    moves, _ = read_testset("Test_L1_R3", 1)[0]
    board = Board.from_moves(moves)
    solver = Solver()
    with pytest.raises(SearchStopped):
        solver.solve(board.current, board.mask, board.ply, control=StopControl(node_limit=1))
    assert 0 < solver.nodes < 10_000
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    with pytest.raises(SearchStopped):
        solver.solve(board.current, board.mask, board.ply, control=StopControl(should_stop=stop))
    assert calls


def claimeven_bound(board: Board) -> tuple[int, int] | None:
    """The bounds (low, high) on the exact score that the claimeven rule proves, or
    None where it says nothing (see the game.ai.solver docstring); written from
    the rule, cell by cell, not from the solver's bit tricks."""
    heights = [
        sum(1 for row in range(HEIGHT) if board.mask & cell_bit(c, row)) for c in range(WIDTH)
    ]
    odd = [c for c in range(WIDTH) if heights[c] % 2]
    mover, other = board.current, board.current ^ board.mask
    first, second = (mover, other) if board.ply % 2 == 0 else (other, mover)

    def owns_four(stones: int, rows: range) -> bool:
        empty = [cell_bit(c, r) for c in range(WIDTH) for r in rows if r >= heights[c]]
        cells = stones | sum(empty)
        return any(line & cells == line for line in FOURS)

    if board.ply % 2 == 0 and not odd:
        if owns_four(first, range(0, HEIGHT, 2)):
            return None
        return (loss_next_score(board.ply), -1 if owns_four(second, range(1, HEIGHT, 2)) else 0)
    if board.ply % 2 == 1 and len(odd) == 1:
        if owns_four(first, range(0, HEIGHT, 2)):
            return None
        return (1 if owns_four(second, range(1, HEIGHT, 2)) else 0, win_now_score(board.ply))
    return None


def test_the_claimeven_bound_holds_on_the_test_sets() -> None:
    """The rule the solver prunes with, checked against the published exact scores."""
    applied = 0
    for name in ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2"):
        for moves, expected in read_testset(name, 1000):
            bound = claimeven_bound(Board.from_moves(moves))
            if bound is not None:
                applied += 1
                assert bound[0] <= expected <= bound[1], moves
    assert applied >= 20  # the rule says something about enough positions to matter


def line_cells(line: int) -> list[tuple[int, int]]:
    """The cells (column, row) of a four, by column then row."""
    return [(c, r) for c in range(WIDTH) for r in range(HEIGHT) if line & cell_bit(c, r)]


def follow_up_bounds(board: Board) -> tuple[int, int] | None:
    """The bounds (low, high) on the exact score that the widened claimeven rule (the
    kernel's follow-up bounds, see game.ai.kernel.follow_up_bound) proves, or None where
    it says nothing; written from the rule cell by cell, not from the kernel's bit tricks."""
    heights = [
        sum(1 for row in range(HEIGHT) if board.mask & cell_bit(c, row)) for c in range(WIDTH)
    ]
    mover, other = board.current, board.current ^ board.mask
    first, second = (mover, other) if board.ply % 2 == 0 else (other, mover)
    free = {c for c in range(WIDTH) if heights[c] < HEIGHT and heights[c] % 2 == 1}

    def fours(stones: int, cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
        board_cells = stones | sum(cell_bit(c, r) for c, r in cells)
        return [line_cells(line) for line in FOURS if line & board_cells == line]

    def has(stones: int, cells: list[tuple[int, int]]) -> bool:
        return bool(fours(stones, cells))

    def below(mine: list[tuple[int, int]], theirs: list[tuple[int, int]]) -> bool:
        # The same columns, the same direction (row steps), every cell of theirs lower.
        steps = [b[1] - a[1] for a, b in pairwise(mine)]
        their_steps = [b[1] - a[1] for a, b in pairwise(theirs)]
        return (
            [c for c, _ in mine] == [c for c, _ in theirs]
            and steps == their_steps
            and all(t[1] < m[1] for m, t in zip(mine, theirs, strict=True))
        )

    def first_to_move(second: int, free: set[int], taken: tuple[int, int] | None) -> int | None:
        # Rows count from 0 here: row 0 is the bottom (an odd row in the rule's words).
        empty = [(c, r) for c in range(WIDTH) for r in range(heights[c], HEIGHT) if (c, r) != taken]
        mine = [(c, r) for c, r in empty if r % 2 == 0 or (c in free and r == heights[c])]
        theirs = [(c, r) for c, r in empty if (c, r) not in mine]
        # The race: a four of the first player's with one of the second's right below it
        # (not vertical: the same columns) is completed second, as filling its cells fills
        # the lower four's first.
        their_fours = fours(second, theirs)
        for four in fours(first, mine):
            if not any(below(four, lower) for lower in their_fours):
                return None
        for rows, bound in ((2, -3), (4, -2), (HEIGHT, -1)):
            if has(second, [(c, r) for c, r in theirs if r < rows]):
                return bound
        return 0

    if board.ply % 2 == 0:
        high = first_to_move(second, free, None)
        return None if high is None else (loss_next_score(board.ply), high)
    best = None
    for col in free:  # the second player takes one free cell first
        cell = (col, heights[col])
        bound = first_to_move(second | cell_bit(*cell), free - {col}, cell)
        if bound is not None and (best is None or -bound > best):
            best = -bound
    return None if best is None else (best, win_now_score(board.ply))


def test_the_follow_up_bounds_hold_on_the_test_sets() -> None:
    """The widened rule, checked against the published exact scores, and the kernel's
    bit-level version against this cell-by-cell one."""
    applied = checked = raced = 0
    for name in ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"):
        for moves, expected in read_testset(name, 1000):
            checked += 1
            board = Board.from_moves(moves)
            bound = follow_up_bounds(board)
            if bound is not None:
                applied += 1
                assert bound[0] <= expected <= bound[1], moves
            if board.ply % 2 == 0:
                assert kernel_follow_up(board) == (None if bound is None else bound[1]), moves
                raced += bound is not None and first_could_make_four(board)
    # The rule bites often enough to matter: 200 of the full sets' 5,000 positions at
    # least, and as often on the repository's sample of them; and the race decides some.
    assert applied >= checked // 25
    assert raced >= 1


def first_could_make_four(board: Board) -> bool:
    """Whether the first player, to move, has a four among its stones, the empty
    odd-row cells and the playable even-row ones: the follow-up bound holds there only
    by the race."""
    free = (board.mask + BOTTOM) & BOARD & EVEN_ROWS
    mine = board.current | ((BOARD ^ board.mask) & ODD_ROWS) | free
    return bool(KERNEL.has_four(mine))


def kernel_follow_up(board: Board) -> int | None:
    """The running kernel's bound for the first player to move (None for its NO_BOUND)."""
    free = (board.mask + BOTTOM) & BOARD & EVEN_ROWS
    opponent = board.current ^ board.mask
    bound = KERNEL.follow_up_bound(board.current, opponent, BOARD ^ board.mask, free)
    return None if bound == NO_BOUND else bound


@pytest.mark.parametrize(("name", "count"), [("Test_L2_R2", 10), ("Test_L1_R1", 30)])
def test_known_bounds_give_the_same_score_and_a_move_that_reaches_it(name: str, count: int) -> None:
    """A caller that knows bounds on the score (a parent's book value bounds its best
    child's) gets the same exact score, and a column that really achieves it, whether the
    bound is the score itself, below it or above it."""
    solver = Solver()
    if not IS_COMPILED:
        count //= 3  # the middle game's positions take the pure-Python kernel seconds each
    for moves, expected in read_testset(name, count):
        board = Board.from_moves(moves)
        windows: list[tuple[int, int] | ScoreWindow] = [
            (expected, expected + 3),
            (expected - 2, expected),
            (expected - 1, 30),
        ]
        # A guess changes only the order of the probes: right, too low, too high, on a
        # bound, outside the bounds.
        for guess in (expected, expected - 1, expected + 2, -20, 25):
            windows.append(ScoreWindow(expected - 3, 30, guess))
        for bounds in windows:
            solver.clear()
            solution = solver.solve_within(board.current, board.mask, board.ply, bounds)
            assert solution.score == expected, (moves, bounds)
            assert solution.column is not None
            child = board.copy()
            child.play(solution.column)
            if not child.is_over:
                reply = solver.solve(child.current, child.mask, child.ply)
                assert -reply.score == expected, (moves, bounds, solution.column)
