"""Why a move loses (game.ai.explain): each reason on a position chosen for it, and every
reason of random games against an independent board test (build_scripts/plain_reasons.py:
a grid of lists and plain loops) and the exact solver's values."""

from __future__ import annotations

import random

import pytest

from game.ai.backend import IS_COMPILED
from game.ai.explain import Decider, Reason, Why, classify, decider, tactic, threat_cells
from game.ai.judge import MoveVerdict
from game.ai.review import Reviewer, review_game
from game.ai.review_driver import ReviewOptions
from game.ai.score import DRAW, Score
from game.ai.search import DepthSearch
from game.ai.solver import Solver
from game.core import Board, Player
from game.core.bitboard import cells_of
from tests.conftest import build_script

plain = build_script("plain_reasons")


def code(moves: str) -> str | None:
    """The tactical reason of the last move of ``moves``."""
    board = Board.from_moves(moves[:-1])
    found = tactic(board, int(moves[-1]) - 1)
    return None if found is None else found.code()


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        ("6141367", "misses-win 5"),  # red's 3, 4 and 6 on the bottom row: 5 wins
        ("614136", "ignores-threat 5"),  # yellow leaves that bottom row open
        ("64476375", "allows-win 5"),  # yellow's disc goes right under red's four
        ("6246", "allows-double 5"),  # red's reply in 5 threatens 3 and 7
        ("4455", "allows-double 3"),  # red's reply in 3 threatens 2 and 6
        ("44454", None),  # nothing tactical
    ],
)
def test_each_tactic_on_a_position_made_for_it(moves: str, expected: str | None) -> None:
    assert code(moves) == expected
    assert plain.reason(moves, len(moves) - 1, False, None) == expected


def test_a_tactics_cells_are_the_winning_cells() -> None:
    missed = tactic(Board.from_moves("614136"), 6)
    assert missed is not None and missed.cells == ((4, 0),)
    double = tactic(Board.from_moves("624"), 5)
    assert double is not None and double.column == 4
    assert double.cells == ((4, 0), (2, 0), (6, 0))  # the reply, then both threats


def test_the_values_decide_between_a_short_forced_loss_and_a_long_term_one() -> None:
    quiet = Board.from_moves("4444")
    assert tactic(quiet, 0) is None
    forced = classify(quiet, 0, DRAW, Score.exact(-(22 - 5)))  # yellow wins with its 5th disc
    assert forced == Reason(Why.ALLOWS_FORCED, discs=3)
    assert forced.code() == "allows-forced 3"
    late = classify(quiet, 0, DRAW, Score.exact(-5))
    assert late is not None and late.why is Why.LONG_TERM and late.code() == "long-term -"
    assert late.discs == 22 - 5 - 2
    # A bound does not say how soon: no reason beyond the tactics.
    assert classify(quiet, 0, DRAW, Score.bound(-3)) is None
    lost_win = classify(quiet, 0, Score.exact(9), DRAW)
    assert lost_win is not None and lost_win.why is Why.LONG_TERM and lost_win.discs == 22 - 9 - 2


def test_a_decider_is_the_cell_where_the_best_line_completes_a_four_made_before() -> None:
    stacked = Board.from_moves("12121")  # red: column 1's three bottom cells
    assert decider(stacked, [1, 0]) == Decider((0, 3), Player.FIRST, True, False, (1, 0))
    assert decider(stacked, [1]) is None  # the line does not end in a four
    # Red's second-row threats over empty cells: the line ends on one, no zugzwang.
    row_two = Board.from_moves("3224473")
    assert cells_of(threat_cells(row_two, Player.FIRST)) == [(0, 1), (4, 1)]
    found = decider(row_two, [4, 4])
    assert found == Decider((4, 1), Player.FIRST, True, False, (4, 4))
    assert found.row == 2 and not found.owners_parity  # an even row: not red's own parity
    # A four the line makes later, with no zugzwang at its end: nothing confirmed.
    assert decider(Board.from_moves("1212"), [0, 1, 0]) is None


# Lines of the exact solver, from reviews of level games (build_scripts/check_explain.py).
ZUGZWANG_NOW = ("415644562332366545", "3341554371122")
ZUGZWANG_LATER = ("641166432336466451355", "1134413555722")


@pytest.mark.parametrize(
    ("start", "line", "now"), [(*ZUGZWANG_NOW, True), (*ZUGZWANG_LATER, False)]
)
def test_a_zugzwang_at_the_end_of_the_line_confirms_the_cell(
    start: str, line: str, now: bool
) -> None:
    columns = [int(c) - 1 for c in line]
    found = decider(Board.from_moves(start), columns)
    assert found is not None and found.forced and found.now is now
    end = Board.from_moves(start + line)
    assert end.outcome is not None and found.cell in end.outcome.cells
    before_last = Board.from_moves(start + line[:-2])
    assert all(
        plain.wins_now(plain.grid_of(before_last.moves + str(c + 1)), int(found.owner))
        for c in before_last.legal_moves()
    )


# -- random games against the plain board test and the solver ----------------------------


def random_game(rng: random.Random, search: DepthSearch) -> Board:
    """A game of weak play: a shallow search most moves, a random column the others."""
    board = Board()
    while not board.is_over:
        if rng.random() < 0.15:
            column = rng.choice(board.legal_moves())
        else:
            found = search.search(board, rng.choice((1, 2, 4, 6)), rng=rng).column
            assert found is not None
            column = found
        board.play(column)
    return board


def test_every_tactic_of_random_games_agrees_with_the_plain_board_test() -> None:
    rng = random.Random(40)
    search = DepthSearch()
    checked = set()
    for _ in range(60):
        game = random_game(rng, search)
        moves = game.moves
        for ply in range(game.ply):
            found = tactic(Board.from_moves(moves[:ply]), game.history[ply])
            mine = None if found is None else found.code()
            assert mine == plain.reason(moves, ply, False, None), (moves, ply)
            checked.add(None if found is None else found.why)
    assert checked >= {None, Why.MISSES_WIN, Why.IGNORES_THREAT, Why.ALLOWS_WIN}


@pytest.mark.engine
def test_every_reason_of_random_games_agrees_with_the_plain_test_and_the_solver() -> None:
    """The last moves of random games reviewed as --explain does: every certain
    mistake and blunder has a reason, the plain board test's, and every deciding threat
    is a threat of the winner right after the move (or the best move)."""
    rng = random.Random(7)
    search = DepthSearch()
    seen: set[Why] = set()
    reviewer = Reviewer(Solver(), search, None)
    fresh = Solver()
    deciders = 0
    # The pure-Python kernel (README's second run) reviews the first third: it is the
    # same source, and 30 games take it a minute and a half.
    for _ in range(30 if IS_COMPILED else 10):
        game = random_game(rng, search)
        moves = game.moves
        first = max(12, game.ply - 20)  # quick to solve without the book
        options = ReviewOptions(first=first, line=0, explain=True)
        for review in review_game(game, reviewer, options):
            if not review.verdict.shows_line:
                assert review.reason is None
                continue
            assert review.certain and review.reason is not None
            blunder = review.verdict is MoveVerdict.BLUNDER
            expected = plain.reason(moves, review.ply, blunder, review.played.value)
            assert review.reason.code() == expected, (moves, review.number)
            seen.add(review.reason.why)
            found = review.reason.decider
            if found is not None:
                column = review.best_column if found.lost_win else review.column
                assert column is not None
                check_decider(moves[: review.ply] + str(column + 1), found, fresh)
                assert found.owner == (review.mover if found.lost_win else review.mover.other)
                deciders += 1
    assert len(seen) >= 4 and deciders, seen


def check_decider(start: str, found: Decider, solver: Solver) -> None:
    """The claims of ``found`` from the position ``start``, by the plain board test, and
    its line move by move against ``solver`` (a best move keeps the value)."""
    board = Board.from_moves(start)
    value = solver.solve(board.current, board.mask, board.ply).score
    for col in found.line:
        board.play(col)
        if board.is_over:
            break
        child = solver.solve(board.current, board.mask, board.ply).score
        assert child == -value, (start, found.line)
        value = child
    assert board.is_over and len(board.moves) == len(start) + len(found.line)
    line = board.moves[len(start) :]
    col, row = found.cell
    grid = plain.grid_of(board.moves[:-1])
    assert (col, row) == (int(line[-1]) - 1, len(grid[col]))
    assert plain.makes_four(grid, int(found.owner), col, row)
    assert found.now == plain.is_threat(start, int(found.owner), col, row)
    if found.forced:
        before_last = plain.grid_of(board.moves[:-2])
        loser = 1 - int(found.owner)
        assert line[-2] == line[-1]
        for reply in range(plain.COLUMNS):
            if len(before_last[reply]) < plain.ROWS:
                answered = plain.dropped(before_last, reply, loser)
                assert plain.wins_now(answered, int(found.owner)), (start, line)
    else:
        assert found.now
