"""The depth-limited search against a plain textbook minimax written here.

The minimax below plays on the rules object (:class:`game.core.Board`), expands
every legal move, has no pruning and no table, and calls the engine's
evaluation at the horizon.  It scores positions on the scale of
:mod:`game.ai.search`:

* the player to move winning with its next stone after ``ply`` moves scores
  ``(CELLS + 1 - ply) // 2 * UNIT`` (the test sets' score times ``UNIT``), and a
  loss is the opponent's win negated, so faster wins score higher;
* a full board is a draw (0);
* at the horizon (depth 0) a position is evaluated with
  :func:`game.ai.evaluation.evaluate`, except when the game is decided within
  the next two plies (every move lets the opponent win at once; at most two
  empty cells left), or when exactly one move does not lose at once, which is
  searched one ply further (the search's forced-move extension).

With those horizon rules, the score of a depth-``d`` search is a function of the
position alone, so the fast search must return exactly the same number.
"""

from __future__ import annotations

import random

import pytest

from game.ai.control import SearchStopped, StopControl
from game.ai.evaluation import evaluate
from game.ai.kernel import winning_cells
from game.ai.score import HEURISTIC_UNIT
from game.ai.search import DepthResult, DepthSearch, is_proven, last_block
from game.ai.solver import Solver
from game.core import CELLS, WIDTH, Board

pytestmark = pytest.mark.engine

UNIT = HEURISTIC_UNIT


def win_now(ply: int) -> int:
    """The score of winning with the mover's next stone after ``ply`` moves."""
    return (CELLS + 1 - ply) // 2 * UNIT


def opponent_wins_after(board: Board, col: int) -> bool:
    """Whether the opponent can win at once after the mover plays ``col``."""
    board.play(col)
    try:
        return not board.is_over and any(board.is_winning_move(c) for c in board.legal_moves())
    finally:
        board.undo()


def minimax(board: Board, depth: int) -> int:
    """The depth-``depth`` minimax value of ``board`` for the player to move.

    Requires a game that is not over.
    """
    moves = board.legal_moves()
    if any(board.is_winning_move(c) for c in moves):
        return win_now(board.ply)
    if depth <= 0:
        not_losing = [c for c in moves if not opponent_wins_after(board, c)]
        if not not_losing:
            return -win_now(board.ply + 1)
        if board.ply >= CELLS - 2:
            return 0
        if len(not_losing) > 1:
            current, mask = board.current, board.mask
            return evaluate(
                current,
                mask,
                board.ply,
                winning_cells(current, mask),
                winning_cells(current ^ mask, mask),
            )
        depth = 1
    return max(child_value(board, col, depth - 1) for col in moves)


def child_value(board: Board, col: int, depth: int) -> int:
    """The value of playing ``col`` for the player to move, searching the reply to ``depth``."""
    board.play(col)
    try:
        if board.is_over:  # not a win (the caller checked): the last cell, a draw
            return 0
        return -minimax(board, depth)
    finally:
        board.undo()


def minimax_scores(board: Board, depth: int) -> dict[int, int]:
    """The value of each legal move at ``depth`` (the root's depth, so children get one less)."""
    return {col: child_value(board, col, depth - 1) for col in board.legal_moves()}


def random_position(rng: random.Random, low: int, high: int) -> Board:
    """A random game of ``low``-``high`` moves that is not over and has no immediate win
    for the player to move (those are answered before any search)."""
    while True:
        board = Board()
        target = rng.randint(low, high)
        while board.ply < target and not board.is_over:
            board.play(rng.choice(board.legal_moves()))
        if board.is_over or any(board.is_winning_move(c) for c in board.legal_moves()):
            continue
        return board


def search(board: Board, depth: int, engine: DepthSearch | None = None) -> DepthResult:
    engine = engine if engine is not None else DepthSearch(1)
    return engine.search(board, depth, rng=random.Random(0))


# Depth 4 without pruning costs ~0.2 s per position in pure Python: fewer of those.
CASES = [(depth, seed) for depth in (1, 2, 3) for seed in range(14)] + [
    (4, seed) for seed in range(8)
]


@pytest.mark.parametrize(("depth", "seed"), CASES)
def test_search_agrees_with_minimax(depth: int, seed: int) -> None:
    rng = random.Random(1000 * depth + seed)
    board = random_position(rng, 4, 34)
    result = search(board, depth)
    # Iterative deepening stops early once the best score is an exact proven
    # result; its score is then the minimax value at the depth it reached.
    assert 1 <= result.depth <= depth
    if result.depth < depth:
        assert is_proven(result.score) or result.depth == CELLS - board.ply
    expected = minimax_scores(board, result.depth)
    best = max(expected.values())
    assert result.score == best, (board.moves, expected)
    assert expected[result.column] == best, (board.moves, result.column, expected)
    assert not result.stopped


def test_immediate_win_and_forced_loss_scores() -> None:
    # "445566": the first player has three on the bottom row, open at both ends.
    board = Board.from_moves("445566")
    result = search(board, 3)
    assert (result.column, result.score, result.exact) == (2, win_now(board.ply), True)
    # "44556": the second player to move faces those two open ends: lost at once.
    board = Board.from_moves("44556")
    result = search(board, 3)
    assert (result.score, result.exact) == (-win_now(board.ply + 1), True)
    assert result.column in board.legal_moves()


# (moves, exact score): Test_L2_R1 lines 58, 61, 149, 171 and 224, then two random
# positions where depths 8-11 prove a loss two stones slower than the truth.  A
# proven win or loss from a depth-limited search is a bound (the winner wins at
# least that fast), so a result that calls itself exact must carry the exact score.
PROVEN_EARLY = [
    ("7717464322265274226441151", 3),
    ("65452257612667655615271112", -4),
    ("1462571636416267177611", 4),
    ("34334747765464734726763", 4),
    ("123614533465354124576755477", -2),
    ("7447724437571732264226526", -3),
    ("57727647311627371361361", -3),
]


@pytest.mark.parametrize(("moves", "expected"), PROVEN_EARLY)
@pytest.mark.parametrize("depth", [6, 8, 12, 20])
def test_an_exact_depth_result_has_the_exact_score(moves: str, expected: int, depth: int) -> None:
    board = Board.from_moves(moves)
    result = search(board, depth)
    if result.exact:
        assert result.score == expected * UNIT, (result.score, result.depth)
    elif is_proven(result.score):
        # Not exact but proven: the same winner, and the true win is as fast or faster.
        assert (result.score > 0) == (expected > 0)
        assert abs(result.score) <= abs(expected) * UNIT, (result.score, result.depth)
    if depth == 20:
        # Deep enough to see the end of each of these games in every line.
        assert result.exact, (result.score, result.depth)


@pytest.mark.parametrize("seed", range(10))
def test_exact_and_proven_results_agree_with_the_solver(seed: int) -> None:
    """On random positions of 22-30 stones, at every depth: a result marked exact
    has the solver's score, and a proven one names the right winner and no faster
    a win than the truth."""
    rng = random.Random(7000 + seed)
    solver = Solver(1 << 18)
    checked = 0
    deep_claims = 0
    while checked < 6:
        board = random_position(rng, 22, 30)
        try:
            truth = solver.solve(
                board.current, board.mask, board.ply, control=StopControl(node_limit=60_000)
            ).score
        except SearchStopped:
            continue  # too slow to solve here: another position
        checked += 1
        engine = DepthSearch(1)  # its table shared across depths, as the levels keep it
        for depth in range(1, 11):
            result = engine.search(board, depth, rng=random.Random(0))
            where = (board.moves, depth, result.score, truth)
            if result.exact:
                assert result.score == truth * UNIT, where
            if is_proven(result.score):
                assert (result.score > 0) == (truth > 0), where
                assert abs(result.score) <= abs(truth) * UNIT, where
            else:
                assert not result.exact or result.score == 0, where
                assert abs(result.score) < UNIT, where  # a heuristic stays inside a unit
            deep_claims += depth >= 6 and (result.exact or is_proven(result.score))
    # The deep searches must have claimed something for the checks above to bite: with
    # these seeds each run has 15-25 exact or proven results at depths 6-10.
    assert deep_claims >= 10


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_a_single_threat_is_blocked(depth: int) -> None:
    # "11223": the first player threatens the bottom of column 4 (index 3).
    board = Board.from_moves("11223")
    assert search(board, depth).column == 3


def test_last_block_only_when_every_move_loses_at_once() -> None:
    assert last_block(Board.from_moves("31415")) == 1  # 1 and 5 both block: the more central
    assert last_block(Board.from_moves("11223")) is None  # the single threat is blocked safely
    assert last_block(Board.from_moves("4455")) is None  # no four to make yet
    assert last_block(Board.from_moves("314151")) is None  # a four of its own to make first


@pytest.mark.parametrize("seed", range(6))
def test_all_scores_match_minimax_per_column(seed: int) -> None:
    rng = random.Random(50 + seed)
    board = random_position(rng, 6, 30)
    depth = 3
    engine = DepthSearch(1)
    result = engine.search(board, depth, rng=random.Random(0), all_scores=True)
    expected = minimax_scores(board, result.depth)
    assert len(result.column_scores) == WIDTH
    for col in range(WIDTH):
        assert result.column_scores[col] == expected.get(col), (board.moves, col, expected)


@pytest.mark.parametrize("seed", range(10))
def test_table_size_does_not_change_the_score(seed: int) -> None:
    rng = random.Random(77 + seed)
    board = random_position(rng, 2, 26)
    depth = 6
    roomy = search(board, depth, DepthSearch(1 << 20))
    tiny = search(board, depth, DepthSearch(1))
    assert (roomy.score, roomy.depth) == (tiny.score, tiny.depth), board.moves
    # A table that already holds this very search answers the same again.
    warm = DepthSearch(1 << 20)
    first = warm.search(board, depth, rng=random.Random(0))
    again = warm.search(board, depth, rng=random.Random(0))
    assert again.score == first.score == roomy.score, board.moves


def test_search_never_hands_over_an_immediate_win() -> None:
    rng = random.Random(9)
    checked = 0
    for _ in range(60):
        board = random_position(rng, 8, 36)
        moves = board.legal_moves()
        safe = [c for c in moves if not opponent_wins_after(board, c)]
        if not safe or len(safe) == len(moves):
            continue
        checked += 1
        for depth in (1, 2, 3):
            assert search(board, depth).column in safe, (board.moves, depth)
    assert checked >= 10
