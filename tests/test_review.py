"""The review of a game: verdicts by the issue's rules, and the values along public test-set
games against the exact solver asked afresh (no bounds, no memory), so that the review's
shortcuts (neighbours' bounds, the book, what it remembers) can change no value."""

from __future__ import annotations

import pytest

from game.ai.bookshelf import PositionBook
from game.ai.budget import Budget
from game.ai.control import StopControl
from game.ai.judge import (
    Judgement,
    MoveVerdict,
    PositionValue,
    assemble,
    judge,
    point,
    positions_to_value,
    review_line,
    verdict_of,
)
from game.ai.protocol import LINE_LENGTH
from game.ai.review import Reviewer, review_game
from game.ai.review_driver import (
    Answer,
    Need,
    ReviewDriver,
    ReviewOptions,
    review_order,
)
from game.ai.score import DRAW, Score
from game.ai.search import DepthSearch
from game.ai.solver import Solver
from game.core import Board
from game.core.bitboard import Bitboard, Column
from tests.conftest import read_testset

pytestmark = pytest.mark.engine


@pytest.mark.parametrize(
    ("best", "played", "verdict"),
    [
        (3, 3, MoveVerdict.BEST),
        (0, 0, MoveVerdict.BEST),
        (-4, -4, MoveVerdict.BEST),
        (5, 2, MoveVerdict.INACCURACY),  # a slower win
        (-2, -6, MoveVerdict.INACCURACY),  # a quicker loss
        (4, 0, MoveVerdict.MISTAKE),  # a win thrown away for a draw
        (0, -1, MoveVerdict.BLUNDER),  # a draw turned into a loss
        (7, -3, MoveVerdict.BLUNDER),  # a win turned into a loss
    ],
)
def test_the_verdicts_follow_the_issue(best: int, played: int, verdict: MoveVerdict) -> None:
    assert verdict_of(best, played) is verdict
    assert judge(Score.exact(best), Score.exact(played)) == Judgement(verdict, True)


def test_a_verdict_from_an_estimate_is_never_certain_nor_proven() -> None:
    # An estimate of the played move above the best's never makes it better than best.
    assert judge(Score.exact(-3), Score.estimate(400)) == Judgement(MoveVerdict.BEST, False)
    assert judge(Score.estimate(300), Score.exact(-2)) == Judgement(MoveVerdict.BLUNDER, False)
    assert judge(Score.bound(3), Score.bound(1)) == Judgement(MoveVerdict.INACCURACY, False)


def test_results_alone_prove_a_mistake_or_a_blunder() -> None:
    assert judge(Score.bound(2), Score.exact(0)) == Judgement(MoveVerdict.MISTAKE, False, True)
    assert judge(DRAW, Score.bound(-1)) == Judgement(MoveVerdict.BLUNDER, False, True)
    assert judge(Score.bound(1), Score.bound(-4)) == Judgement(MoveVerdict.BLUNDER, False, True)
    assert Judgement(MoveVerdict.BEST, True).proven
    assert point(Score.estimate(-600)) == -1 and point(Score.bound(-5)) == -5


def test_a_move_prints_as_the_command_line_writes_it() -> None:
    board = Board.from_moves("4455")
    values = {
        ply: PositionValue(ply, score)
        for ply, score in enumerate(
            [Score.bound(1), Score.exact(-1), Score.exact(1), Score.estimate(120), Score.exact(2)]
        )
    }
    lines = [review_line(r) for r in assemble(board, values) if r is not None]
    assert lines == ["1 4 best? ~1 1", "2 4 best -1 -1", "3 5 mistake? 1 ~0", "4 5 blunder? ~0 -2"]


def test_a_finished_game_needs_no_value_after_its_last_move() -> None:
    won = Board.from_moves("4455667")  # the first player wins with its fourth stone
    assert positions_to_value(won) == list(range(7))
    assert review_order(won)[0] == 6
    reviews = assemble(won, {6: PositionValue(6, Score.exact(18))})
    last = reviews[-1]
    assert last is not None and last.played == Score.win_now(6) and last.verdict is MoveVerdict.BEST
    assert reviews[:-1] == [None] * 6


def fresh_value(solver: Solver, moves: str) -> int:
    board = Board.from_moves(moves)
    solver.clear()
    return solver.solve(board.current, board.mask, board.ply).score


@pytest.mark.parametrize(("name", "count", "span"), [("Test_L3_R1", 12, 14), ("Test_L2_R1", 3, 8)])
def test_every_value_is_the_solvers_own(name: str, count: int, span: int) -> None:
    """The last ``span`` moves of ``count`` games of a set."""
    fresh = Solver()
    for moves, score in read_testset(name, count):
        game = Board.from_moves(moves)
        start = max(9, game.ply - span)
        options = ReviewOptions(first=start, line=0)
        reviews = review_game(game, Reviewer(Solver(), DepthSearch(), None), options)
        assert [r.number for r in reviews] == list(range(start + 1, game.ply + 1))
        for review in reviews:
            before = moves[: review.ply]
            best = fresh_value(fresh, before)
            after = moves[: review.ply + 1]
            played = -fresh_value(fresh, after) if len(after) < game.ply else -score
            assert (review.best, review.played) == (Score.exact(best), Score.exact(played))
            assert review.judgement == Judgement(verdict_of(best, played), True)
        assert reviews[-1].played == Score.exact(-score)


def test_the_line_keeps_the_value_move_after_move() -> None:
    fresh = Solver()
    moves, _ = read_testset("Test_L2_R1", 1)[0]
    game = Board.from_moves(moves)
    reviewer = Reviewer(Solver(), DepthSearch(), None)
    found = reviewer.value(game, game.ply, Budget(StopControl()), line=6).value
    assert found.score.is_exact and found.line and found.column == found.line[0]
    board = game.copy()
    value = found.score.value
    for column in found.line:
        assert fresh_value(fresh, board.moves) == value
        board.play(column)
        if board.is_over:
            break
        value = -value


class KnownBook:
    """A book of exact values given by key."""

    def __init__(self, known: dict[tuple[Bitboard, Bitboard], int]) -> None:
        self.known = known

    def score(self, current: Bitboard, mask: Bitboard) -> Score | None:
        found = self.known.get((current, mask))
        return None if found is None else Score.exact(found)

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[Score, Column] | None:
        return None


def test_the_book_answers_the_positions_it_knows() -> None:
    moves, score = read_testset("Test_L3_R1", 1)[0]
    game = Board.from_moves(moves)
    position = Board.from_moves(moves[:-1])
    book: PositionBook = KnownBook({(game.current, game.mask): score})
    reviewer = Reviewer(Solver(), DepthSearch(), book)
    valued = reviewer.value(game, game.ply, Budget(StopControl()))
    assert valued.value.score == Score.exact(score) and valued.nodes == 0
    # Its neighbour then starts from the bound the book gives: the value is the same.
    before = reviewer.value(game, position.ply, Budget(StopControl())).value.score
    assert before == Score.exact(fresh_value(Solver(), position.moves))


def test_out_of_time_the_values_are_estimates_and_say_so() -> None:
    moves = "4453"  # far from solved in no time, without a book
    reviewer = Reviewer(Solver(), DepthSearch(), None)
    reviews = review_game(Board.from_moves(moves), reviewer, ReviewOptions(total_seconds=0.0))
    assert len(reviews) == 4
    assert all(not r.certain for r in reviews)
    assert all("?" in review_line(r) and "~" in review_line(r) for r in reviews)


# -- the driver: one order for the command line and the window -----------------------


def answer_of(need: Need, score: Score) -> Answer:
    return Answer(PositionValue(need.ply, score, 3, (3,) * need.line))


def test_the_driver_asks_from_the_last_position_back_then_a_blunders_line_first() -> None:
    game = Board.from_moves("4455")
    driver = ReviewDriver(game, ReviewOptions(explain=True))
    scores = {4: Score.exact(17)}  # a draw elsewhere
    asked = []
    while (need := driver.take()) is not None:
        asked.append(need)
        driver.receive(need, answer_of(need, scores.get(need.ply, DRAW)))
    # Move 4 (ply 3) is a blunder once ply 3's value came: its line and reason go next.
    assert [(n.ply, n.line, n.explain) for n in asked] == [
        (4, 0, False),
        (3, 0, False),
        (3, LINE_LENGTH, True),
        (2, 0, False),
        (1, 0, False),
        (0, 0, False),
    ]
    assert driver.done and not driver.pending
    blunder = driver.reviews[3]
    assert blunder is not None and blunder.verdict is MoveVerdict.BLUNDER
    assert blunder.line == (3,) * LINE_LENGTH


def test_the_driver_keeps_a_few_needs_in_flight_and_stops_when_cancelled() -> None:
    driver = ReviewDriver(Board.from_moves("4455667"), ReviewOptions(first=2))
    first, second = driver.take(), driver.take()
    assert first is not None and second is not None
    assert (first.ply, second.ply) == (6, 5) and driver.pending == (first, second)
    driver.fail(first)
    assert driver.failures == 1 and list(driver.pending) == [second]
    driver.cancel()
    assert driver.take() is None and driver.done


def test_the_driver_shares_the_time_left_among_the_needs_left() -> None:
    now = [0.0]
    options = ReviewOptions(total_seconds=10.0, line=0)
    driver = ReviewDriver(Board.from_moves("4455"), options, clock=lambda: now[0])
    need = driver.take()
    assert need is not None and need.time_limit == 10.0 / 5
    now[0] = 6.0
    driver.receive(need, answer_of(need, DRAW))
    need = driver.take()
    assert need is not None and need.time_limit == 4.0 / 4
    per_position = ReviewDriver(Board.from_moves("4"), ReviewOptions(position_seconds=4.0))
    need = per_position.take()
    assert need is not None and need.time_limit == 4.0
