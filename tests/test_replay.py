"""Replay my mistakes: the player's mistakes and blunders of a reviewed game as puzzles,
judged by the analysis of each position (any move that keeps the result counts, three
tries), and what is fixed kept with the game; through the real app loop with a fake
worker for the screen."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pygame
import pytest

from game.ai.explain import Reason, Why
from game.ai.judge import MoveReview, judge
from game.ai.protocol import SearchRequest, SearchResult
from game.ai.score import DRAW, Analysis, Score
from game.core import Player
from game.profile.choices import Mode
from game.profile.history import FinishedGame
from game.ui.app import App
from game.ui.review_game import ReviewGame
from game.ui.scenes.review import ReviewScene, texts
from game.ui.scenes.review.replay import MAX_TRIES, Replay, Step, Tried, mistakes_of
from game.ui.scenes.stack import Go, Review
from game.ui.scenes.stats_scene import StatsScene
from tests.fakes import FRAME, FakeWorker, advance, centre_first, key, make_app, on_top
from tests.test_ui_review import values_of

WON = "4455667"
"""Red wins; yellow's second disc (move 4) is the blunder the screen's fake values say."""


def review(number: int, best: Score, played: Score, mover: Player) -> MoveReview:
    """The ``number``-th move of :data:`WON`, judged from its ``best`` and ``played`` values."""
    judged = judge(best, played)
    column = int(WON[number - 1]) - 1
    return MoveReview(
        number, column, mover, best, played, judged.verdict, judged.certain, judged.proven, 3, (3,)
    )


def step(replay: Replay) -> Step:
    """The replay's step now (a call, so that a check after a move is not narrowed)."""
    return replay.step


def last(replay: Replay) -> Tried | None:
    return replay.last


def analysis(**scores: Score) -> Analysis:
    """Every column a draw but those named (``c1`` .. ``c7``)."""
    return Analysis({col: scores.get(f"c{col + 1}", DRAW) for col in range(7)})


def test_the_players_proven_mistakes_are_replayed_in_the_games_order() -> None:
    blunder = review(4, DRAW, Score.exact(-16), Player.SECOND)
    mistake = review(5, Score.exact(16), DRAW, Player.FIRST)
    guess = review(6, Score.estimate(300), Score.estimate(-400), Player.SECOND)
    good = review(2, DRAW, DRAW, Player.SECOND)
    reviews = [None, good, None, blunder, mistake, guess]
    assert mistakes_of(reviews, Player.SECOND) == [blunder]
    assert mistakes_of(reviews, None) == [blunder, mistake]


def test_a_move_that_keeps_the_result_fixes_it_and_three_wrong_ones_show_the_answer() -> None:
    win_lost = review(5, Score.exact(16), DRAW, Player.FIRST)
    drawn_lost = review(4, DRAW, Score.exact(-16), Player.SECOND)
    replay = Replay(WON, (drawn_lost, win_lost))
    assert replay.position == "445" and replay.tries_left == MAX_TRIES
    replay.play(6, None)  # before the analysis: it waits for it
    assert replay.step is Step.CHECKING and replay.waiting == 6
    replay.analysed("445", analysis(c7=Score.exact(-16), c1=Score.estimate(200)))
    assert step(replay) is Step.TRYING and replay.last is Tried.LOST and replay.tries_left == 2
    replay.play(0, analysis(c1=Score.estimate(200)))  # not proven: no try
    assert last(replay) is Tried.UNPROVEN and replay.tries_left == 2
    replay.play(3, analysis(c4=Score.exact(5)))  # a win keeps a draw too
    assert step(replay) is Step.FIXED and replay.found == 3 and replay.fixed == {4}
    assert replay.next() and replay.position == "4455" and replay.last_one
    needs_win = analysis(c1=Score.exact(-2), c2=Score.exact(3))
    for column in (0, 2, 4):  # a draw does not keep a win
        replay.play(column, needs_win)
    assert step(replay) is Step.SHOWN and replay.wrong == [0, 2, 4] and replay.fixed == {4}
    replay.play(1, needs_win)  # settled: nothing more
    assert step(replay) is Step.SHOWN and not replay.next()


def test_the_move_played_and_a_wrong_move_tried_again_are_no_tries() -> None:
    blunder = review(4, DRAW, Score.exact(-16), Player.SECOND)  # column 5 was played
    replay = Replay(WON, (blunder,))
    lost = analysis(c5=Score.exact(-16), c7=Score.exact(-16))
    replay.play(4, lost)
    assert last(replay) is Tried.PLAYED and replay.repeated == 4 and replay.tries_left == 3
    assert texts._try_line(replay, wins=False) == (
        "Column 5 is the move that was played. Find a better one."
    )
    replay.play(6, lost)
    assert last(replay) is Tried.LOST and replay.tries_left == 2
    assert "Column 7 does not keep the draw either" in texts._try_line(replay, wins=False)
    replay.play(6, lost)
    assert last(replay) is Tried.AGAIN and replay.repeated == 6 and replay.tries_left == 2
    assert texts._try_line(replay, wins=False) == "Column 7 was tried already. Try another."
    assert step(replay) is Step.TRYING and replay.wrong == [6]


@pytest.mark.parametrize(
    ("best", "played", "fix", "verdict"),
    [
        (DRAW, Score.exact(-16), "Fixed: column 3 keeps the draw.", "a blunder"),
        (Score.exact(16), DRAW, "Fixed: column 3 keeps the win.", "a mistake"),
    ],
)
def test_the_reason_said_after_a_fix_names_the_move_it_is_about_and_its_verdict(
    best: Score, played: Score, fix: str, verdict: str
) -> None:
    judged = dataclasses.replace(
        review(4, best, played, Player.SECOND), reason=Reason(Why.LONG_TERM, discs=20)
    )
    replay = Replay(WON, (judged,))
    replay.play(2, analysis(c3=best))  # column 3 keeps what column 5 threw away
    assert step(replay) is Step.FIXED
    lines = texts.replay_lines(replay, ReviewGame(WON, human=1), {"red": "Red", "yellow": "Y"})
    fixed = lines.index(fix)
    # What follows is why the game's move lost, not the fix: it says so first, in the
    # review's word for the move (a blunder is not called a mistake).
    reason = texts.reason_sentence(judged, ReviewGame(WON, human=1), {"red": "Red", "yellow": "Y"})
    assert lines[fixed + 1] == f"Why column 5, the move played, was {verdict}: {reason}"


# -- the screen ------------------------------------------------------------------------


def answers(request: SearchRequest) -> SearchResult:
    """The analysis of the blunder's position: column 5 loses, the others draw."""
    if request.analyze and request.moves == "445":
        found = analysis(c5=Score.exact(-16))
        return SearchResult(column=3, score=DRAW, depth=42, nodes=1, time=0.0, analysis=found)
    return centre_first(request)


@pytest.fixture
def app() -> Iterator[App]:
    worker = FakeWorker(answer=answers, review=values_of({"4455": Score.exact(16)}))
    app = make_app(worker)
    yield app
    app.close()


def test_the_review_replays_the_players_blunder_and_keeps_the_fix(app: App) -> None:
    finished = FinishedGame(moves=WON, mode=Mode.VS_COMPUTER, levels=("Hard", "Hard"), human=1)
    app.saver.record_game(finished)
    app.go(Review(ReviewGame.of(finished)))
    scene = on_top(app)
    assert isinstance(scene, ReviewScene)
    advance(app, 0.3)
    assert scene.record.complete
    assert [item.key for item in scene.buttons.items] == ["replay", "copy", "back"]
    assert [r.number for r in scene.mistakes] == [4]  # yellow's: the human played yellow
    scene.press("replay")
    advance(app, 0.2)
    replaying = scene.replaying
    assert replaying is not None and [item.key for item in scene.buttons.items] == [
        "next",
        "review",
    ]
    picture = scene.picture()
    assert picture.board.moves == "445" and picture.analysis is None  # no answer shown
    app.step([key(pygame.K_5)], FRAME)  # the game's own move again: no try
    assert replaying.replay.last is Tried.PLAYED and replaying.replay.tries_left == 3
    lines = texts.replay_lines(replaying.replay, scene.record.game, {"red": "R", "yellow": "Y"})
    assert lines[2] == "Column 5 is the move that was played. Find a better one."
    app.step([key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_RETURN)], FRAME)
    assert replaying.replay.step is Step.FIXED and replaying.replay.found == 2
    assert scene.picture().board.moves == "4453"
    assert app.saver.flush() == []
    kept = app.saver.all_games()[-1]
    assert (kept.id, kept.mistakes, kept.fixed) == (finished.id, (4,), (4,))
    app.step([key(pygame.K_n)], FRAME)  # the last one: back to the review
    assert scene.replaying is None and scene.record.shown == 4
    app.step([key(pygame.K_ESCAPE)], FRAME)
    app.go(Go.STATS)
    stats = on_top(app)
    assert isinstance(stats, StatsScene) and (stats.fixed, stats.replayed) == (1, 1)
    app.step([], FRAME)  # drawn with the line


def test_an_imported_game_is_replayed_but_its_fixes_are_kept_nowhere(app: App) -> None:
    app.go(Review(ReviewGame(WON, human=1)))
    scene = on_top(app)
    assert isinstance(scene, ReviewScene)
    advance(app, 0.3)
    scene.press("replay")
    advance(app, 0.2)
    app.step([key(pygame.K_3)], FRAME)
    assert scene.replaying is not None and scene.replaying.kept_nowhere
    assert scene.replaying.replay.step is Step.FIXED and app.saver.all_games() == []
    lines = texts.replay_lines(scene.replaying.replay, scene.record.game, {})
    assert lines[2] == "Fixed: column 3 keeps the draw."
    assert not any(line.startswith("Why") for line in lines)  # no reason known: no lead-in
    app.step([], FRAME)  # drawn, with the notice that nothing is kept


def test_a_game_without_a_human_side_replays_the_mistakes_not_mine(app: App) -> None:
    for game, label in (
        (ReviewGame(WON, human=1), "Replay my mistakes"),
        (ReviewGame(WON), "Replay the mistakes"),  # two players, two computers, imported
    ):
        app.go(Review(game))
        scene = on_top(app)
        assert isinstance(scene, ReviewScene)
        advance(app, 0.3)  # judged: the button comes with the mistakes
        assert scene.buttons.get("replay").label == label
        app.step([key(pygame.K_ESCAPE)], FRAME)
