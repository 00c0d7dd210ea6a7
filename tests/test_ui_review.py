"""The Review screen, Your games, Import a game and the coach, through the real app loop
with a fake worker (answers in-process: the rules' values, or values a test gives)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

import pygame
import pytest

from game.ai.explain import Decider, Reason, Why, classify
from game.ai.judge import MoveVerdict, PositionValue
from game.ai.protocol import LINE_LENGTH, ReviewRequest, ReviewResult, SearchRequest, SearchResult
from game.ai.score import DRAW, Analysis, Score
from game.core import Board, Player
from game.move_text import moves_in, problem_with
from game.profile.choices import DiscColour, Starter
from game.profile.history import FinishedGame
from game.ui import clipboard, widgets
from game.ui.app import App
from game.ui.options import LaunchOptions, Mode
from game.ui.review_game import ReviewGame
from game.ui.scenes import games as games_module
from game.ui.scenes.games import GamesScene
from game.ui.scenes.import_game import ImportScene
from game.ui.scenes.play import PlayScene, view
from game.ui.scenes.review import ReviewScene, texts
from game.ui.scenes.review import panel as panel_module
from game.ui.scenes.review.graph import disc_radius, draw_label_rect, x_of, y_of
from game.ui.scenes.review.panel import (
    MIN_LIST_ROWS,
    MORE_ABOVE,
    MORE_BELOW,
    list_rect,
    move_cells,
    panel_lines,
    row_height,
    shown_lines,
    visible_rows,
)
from game.ui.scenes.review.requests import IN_FLIGHT
from game.ui.scenes.stack import Go, Review
from game.ui.text import Drawn, Ink
from tests.fakes import (
    FRAME,
    FakeWorker,
    advance,
    centre_first,
    click,
    key,
    make_app,
    on_top,
    screen,
    scripted,
)
from tests.test_ui_play import drop_key, start

WON = "4455667"  # the first player wins in column 7
BLUNDER_GAME = "4455"  # yellow's second disc lets red make three in a row with two open ends


def values_of(scores: dict[str, Score]) -> Callable[[ReviewRequest], ReviewResult]:
    """Review answers from ``scores`` by position (a draw elsewhere), with a line of the
    centre-first column where one is asked for."""

    def answer(request: ReviewRequest) -> ReviewResult:
        score = scores.get(request.moves, DRAW)
        board = Board.from_moves(request.moves)
        column = next(c for c in (3, 2, 4, 1, 5, 0, 6) if board.can_play(c))
        line = (column,) * min(request.line, 2) if request.line else ()
        value = PositionValue(request.ply, score, column, line)
        return ReviewResult(value=value, nodes=1, time=0.0)

    return answer


def open_review(app: App, moves: str, **others: object) -> ReviewScene:
    app.go(Review(ReviewGame(moves, **others)))  # type: ignore[arg-type]
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    return scene


def test_a_finished_game_is_kept_and_reviewed_from_the_game_over_buttons() -> None:
    app = make_app(FakeWorker(answer=scripted([0, 0])))
    try:
        scene = start(app, moves="212121")  # red (you) to move wins in column 2
        app.step([drop_key(1)], FRAME)
        while not scene.over:
            app.step([], FRAME)
        kept = app.saver.games[-1]
        assert kept.moves == "2121212" and kept.result_for_human() == "win"
        assert kept.start == 6 and kept.human == 0 and not kept.coached
        assert app.saver.flush() == []
        transition = scene.press("review")
        assert isinstance(transition, Review)
        app.go(transition)
        review = on_top(app)
        assert isinstance(review, ReviewScene)
        advance(app, 0.2)
        assert review.record.complete and review.record.judged == 1  # the start is given
        app.step([key(pygame.K_ESCAPE)], FRAME)
        assert on_top(app) is scene
    finally:
        app.close()


def test_values_are_asked_a_few_at_a_time_from_the_end_and_fill_in(
    app: App, worker: FakeWorker
) -> None:
    worker.auto = False
    review = open_review(app, WON)
    app.step([], FRAME)
    asked = [request.ply for _, request in worker.reviews]
    assert asked == [6, 5][:IN_FLIGHT]  # the last position first
    worker.release()
    advance(app, 0.1)
    assert review.record.judged >= 1 and not review.record.complete
    for _ in range(10):
        worker.release()
        app.step([], FRAME)
    assert review.record.complete and review.record.judged == 7
    assert len({request.ply for _, request in worker.reviews}) == 7
    # The end: the winning move is the best there is.
    last = review.record.reviews[-1]
    assert last is not None and last.verdict is MoveVerdict.BEST and last.certain


def test_a_blunder_gets_its_line_and_shows_it_before_the_move(app: App, worker: FakeWorker) -> None:
    worker.review = values_of({"4455": Score.exact(16)})
    review = open_review(app, BLUNDER_GAME)
    advance(app, 0.3)
    blunder = review.record.reviews[3]
    assert blunder is not None and blunder.verdict is MoveVerdict.BLUNDER and blunder.certain
    lines = [request for _, request in worker.reviews if request.line]
    assert [request.ply for request in lines] == [3] and lines[0].line == LINE_LENGTH
    assert blunder.line and blunder.best_column == blunder.line[0]
    review.show(4)
    picture = review.picture()
    assert picture.board.moves == "445" and picture.played is blunder and picture.line
    summary = review.record.summary(blunder.mover)
    assert summary.counts[MoveVerdict.BLUNDER] == 1 and summary.accuracy == 0.5


def test_a_blunder_says_why_in_words_and_on_the_board(app: App, worker: FakeWorker) -> None:
    answer = values_of({"4455": Score.exact(16)})

    def explaining(request: ReviewRequest) -> ReviewResult:
        result = answer(request)
        if not request.explain:
            return result
        board = Board.from_moves(request.moves)
        column = int(request.game[request.ply]) - 1
        reason = classify(board, column, DRAW, Score.exact(-16))
        return dataclasses.replace(result, reason=reason)

    worker.review = explaining
    review = open_review(app, BLUNDER_GAME)
    advance(app, 0.3)
    blunder = review.record.reviews[3]
    assert blunder is not None and blunder.reason is not None
    assert blunder.reason.code() == "allows-double 3"
    assert [r.explain for _, r in worker.reviews if r.line] == [True]
    review.show(4)
    picture = review.picture()
    # Red's reply cell and its two threats, ringed in red; column 3 named under the board.
    red = DiscColour.RED
    assert picture.marks == (((2, 0), red), ((1, 0), red), ((5, 0), red))
    assert picture.column == 2
    said = texts.reason_sentence(blunder, review.record.game, {"red": "Red", "yellow": "Yellow"})
    assert said == (
        "Red answers in column 3 with two threats at once, and Yellow can stop only one."
    )
    app.step([], FRAME)  # and it is drawn


def test_keys_and_clicks_step_through_the_moves(app: App) -> None:
    review = open_review(app, WON)
    advance(app, 0.2)
    assert review.record.shown == 7
    app.step([key(pygame.K_LEFT)], FRAME)
    assert review.record.shown == 6
    app.step([key(pygame.K_HOME)], FRAME)
    assert review.record.shown == 0
    app.step([key(pygame.K_RIGHT), key(pygame.K_DOWN)], FRAME)
    assert review.record.shown == 3
    app.step([key(pygame.K_END)], FRAME)
    assert review.record.shown == 7
    layout = review.layout(app.size)
    graph = layout.graph
    app.step(click((x_of(graph, 2, 7), graph.centery)), FRAME)
    assert review.record.shown == 2
    cells = move_cells(layout.moves, 7, 2, row_height(review.host, layout))
    app.step(click(cells[5].center), FRAME)
    assert review.record.shown == 5


def test_the_wheel_steps_through_the_moves_and_arrows_mark_the_hidden_ones(app: App) -> None:
    long_game = "617315721371413543521632362446574577645622"  # more rows than the list holds
    review = open_review(app, long_game)
    advance(app, 0.2)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)], FRAME)
    assert review.record.shown == len(long_game) - 1
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)], FRAME)
    assert review.record.shown == len(long_game)
    layout = review.layout(app.size)
    row_h = row_height(review.host, layout)
    drawn: list[Drawn] = []
    app.stage.text.watch(drawn.append)
    app.step([], FRAME)
    texts = [d.text for d in drawn]
    rows = visible_rows(layout.moves, len(long_game), review.record.shown, row_h)
    assert rows.start > 0 and MORE_ABOVE in texts and MORE_BELOW not in texts
    app.step([key(pygame.K_HOME)], FRAME)
    drawn.clear()
    app.step([], FRAME)
    texts = [d.text for d in drawn]
    assert MORE_BELOW in texts and MORE_ABOVE not in texts
    app.stage.text.watch(None)


@pytest.mark.parametrize("shown", [0, 7])
def test_the_graphs_bar_covers_neither_the_discs_nor_the_draw_word(app: App, shown: int) -> None:
    review = open_review(app, WON)
    review.show(shown)
    graph = review.layout(app.size).graph
    bar = x_of(graph, shown, 7)
    r = disc_radius(graph)
    assert bar > graph.x + 4 + 2 * r + 2  # right of the discs in the left corners
    label = draw_label_rect(app.stage, graph, "Draw", bar)
    assert not label.inflate(4, 0).left <= bar <= label.inflate(4, 0).right


def test_the_draw_word_stands_where_the_curve_does_not_run(app: App) -> None:
    graph = pygame.Rect(0, 0, 600, 120)
    middle = y_of(graph, 0.0)
    alone = draw_label_rect(app.stage, graph, "Draw", 0)
    assert alone.bottom < middle and alone.right > graph.centerx  # right end, above the line
    curve = [(graph.x + 60, middle - 6), (graph.right - 10, middle - 6)]  # just above it
    label = draw_label_rect(app.stage, graph, "Draw", 0, curve)
    assert label.top > middle  # below the line, where the curve is not
    assert not label.clipline(*curve)
    bar = label.centerx  # and never where the shown position's bar is
    moved = draw_label_rect(app.stage, graph, "Draw", bar, curve)
    assert not moved.inflate(8, 0).left <= bar <= moved.inflate(8, 0).right


def test_the_draw_word_moves_along_the_line_when_both_ends_are_taken(app: App) -> None:
    graph = pygame.Rect(0, 0, 600, 120)
    middle = y_of(graph, 0.0)
    # The curve crosses the line near its left end and runs along it, a few pixels off,
    # at its right end, on both sides: the shown position's bar stands at the right end.
    curve = [
        (graph.x + 30, middle - 30),
        (graph.x + 70, middle + 30),
        (graph.x + 120, middle + 30),
        (graph.x + 200, middle - 40),
        (graph.right - 10, middle - 40),
    ]
    bar = graph.right - 10
    label = draw_label_rect(app.stage, graph, "Draw", bar, curve)
    room = label.inflate(10, 6)
    assert not any(room.clipline(a, b) for a, b in itertools.pairwise(curve))
    assert not label.inflate(8, 0).left <= bar <= label.inflate(8, 0).right
    assert graph.contains(label)


@pytest.mark.parametrize("size", [(1024, 480), (640, 480), (960, 720)])
def test_the_column_numbers_stand_clear_of_the_graph(size: tuple[int, int]) -> None:
    app = App(LaunchOptions(window_size=size, fullscreen=False), worker=FakeWorker())
    app.settings.sound_on = False
    app.open()
    try:
        review = open_review(app, WON)
        drawn: list[Drawn] = []
        app.stage.text.watch(drawn.append)
        app.step([], FRAME)
        layout = review.layout(app.size)
        board, graph = layout.board.frame_rect, layout.graph
        under = [d for d in drawn if board.bottom <= d.rect.top < graph.bottom]  # not the table
        numbers = [d for d in under if d.text in list("1234567")]
        assert app.size == size and len(numbers) == 7
        assert all(d.rect.bottom <= graph.top for d in numbers)
    finally:
        app.close()


def test_the_shown_position_is_analysed_once_the_player_stays(app: App, worker: FakeWorker) -> None:
    review = open_review(app, WON)
    advance(app, 0.2)
    app.step([key(pygame.K_HOME)], FRAME)
    app.step([key(pygame.K_RIGHT)], FRAME)
    assert not [r for _, r in worker.submitted if r.analyze]
    advance(app, 0.5)
    analysed = [r.moves for _, r in worker.submitted if r.analyze]
    assert analysed == ["4"]
    assert review.picture().analysis is not None


def test_copy_puts_the_moves_on_the_clipboard_or_says_them(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    copied: list[str] = []

    def copy(text: str) -> bool:
        copied.append(text)
        return True

    monkeypatch.setattr(clipboard, "copy_text", copy)
    open_review(app, WON)
    app.step([key(pygame.K_c)], FRAME)
    assert copied == [WON]
    assert any(WON in notice.text for notice in app.stage.notices.shown)
    monkeypatch.setattr(clipboard, "copy_text", lambda text: False)
    app.stage.notices.shown.clear()
    app.step([key(pygame.K_c)], FRAME)
    assert any("not available" in n.text and WON in n.text for n in app.stage.notices.shown)


def test_leaving_the_review_cancels_what_is_on_its_way(app: App, worker: FakeWorker) -> None:
    worker.auto = False
    open_review(app, WON)
    app.step([], FRAME)
    assert worker.pending_count == IN_FLIGHT
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert worker.pending_count == 0


# -- Your games and Import a game -------------------------------------------------


def test_your_games_lists_the_kept_games_and_reviews_one(app: App) -> None:
    app.go(Go.STATS)
    app.step([], FRAME)
    transition = on_top(app).activate("games")  # type: ignore[attr-defined]
    assert transition is Go.GAMES
    app.go(Go.GAMES)
    games = on_top(app)
    assert isinstance(games, GamesScene) and games.kept == []
    app.step([], FRAME)  # the empty list is drawn
    from tests.test_history import game  # noqa: PLC0415

    app.saver.record_game(game(WON))
    drawn = "617315721371413543521632362446574577645622"
    app.saver.record_game(game(drawn, human=1, date="2026-02-01T10:00:00+00:00"))
    games.relabel()
    assert [g.moves[:4] for g in games.kept] == ["6173", "4455"]  # newest first
    app.step([key(pygame.K_DOWN)], FRAME)
    app.step([key(pygame.K_RETURN)], FRAME)
    review = on_top(app)
    assert isinstance(review, ReviewScene) and review.record.game.moves == WON


def test_your_games_count_the_discs_a_game_from_a_set_position_began_with() -> None:
    from tests.test_history import game  # noqa: PLC0415

    names = {"red": "Red", "yellow": "Yellow"}
    assert games_module.game_cells(game(WON), names)[3] == "7"
    assert games_module.game_cells(game(WON, start=6), names)[3] == "6+1"  # not a 1-move game


def test_your_games_enter_presses_the_button_the_focus_is_on(app: App) -> None:
    from tests.test_history import game  # noqa: PLC0415

    app.saver.record_game(game(WON))
    app.saver.record_game(game("4545454", date="2026-02-01T10:00:00+00:00"))
    app.go(Go.GAMES)
    games = on_top(app)
    assert isinstance(games, GamesScene) and games.on_list and not games.buttons_focused
    app.step([key(pygame.K_TAB), key(pygame.K_RIGHT)], FRAME)  # onto the buttons, then along
    assert games.buttons_focused and games.items.focused is not None
    assert games.items.focused.key == "import"
    app.step([key(pygame.K_RETURN)], FRAME)
    assert type(on_top(app)).__name__ == "ImportScene"  # not the chosen game's review
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert on_top(app) is games and games.buttons_focused
    app.step([key(pygame.K_DOWN), key(pygame.K_RETURN)], FRAME)  # back on the list
    review = on_top(app)
    assert isinstance(review, ReviewScene) and review.record.game.moves == WON


def test_the_review_marks_the_button_enter_presses(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[bool] = []

    def watched(*args: object, show_focus: bool = True) -> None:
        shown.append(show_focus)
        widgets.draw_items(*args, show_focus=show_focus)  # type: ignore[arg-type]

    monkeypatch.setattr(panel_module, "draw_items", watched)
    review = open_review(app, WON)
    advance(app, 0.3)
    assert review.record.complete
    assert shown[-1] and review.buttons.focused is not None  # marked with no mouse near
    app.step([key(pygame.K_TAB)], FRAME)
    focused = review.buttons.focused
    assert shown[-1] and focused is not None and focused.key == "replay"
    app.step([key(pygame.K_RETURN)], FRAME)  # Enter presses the marked one
    assert review.replaying is not None and review.replaying.trying
    assert not shown[-1]  # while trying, Enter plays the disc: no button is marked


def test_import_reviews_a_pasted_game_and_refuses_a_bad_one(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.go(Go.IMPORT)
    scene = on_top(app)
    assert isinstance(scene, ImportScene)
    for char in "4458":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=char)], FRAME)
    app.step([key(pygame.K_RETURN)], FRAME)
    assert on_top(app) is scene and scene.problem is not None and "8" in scene.problem
    app.step([key(pygame.K_BACKSPACE)], FRAME)
    assert scene.text == "445" and scene.problem is None
    monkeypatch.setattr(clipboard, "paste_text", lambda: "  4455667 \n")
    app.step([key(pygame.K_v, mod=pygame.KMOD_CTRL)], FRAME)
    assert scene.text == WON
    app.step([key(pygame.K_RETURN)], FRAME)
    review = on_top(app)
    assert isinstance(review, ReviewScene) and review.record.game == ReviewGame(WON)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("", "first"),
        (" , ", "first"),
        ("44a5", "Character 3 ('a')"),
        ("4480", "Character 3 ('8')"),
        ("4444444", "Move 7 (column 4)"),
        ("4 4 4 4 4 4 4", "Move 7 (column 4)"),
        ("44556677", "Move 8 (column 7) comes after the end"),
        # Digits to str.isdigit() that int() refuses, and digits of other scripts that
        # int() reads: none is a column, and each is named with its code point (a
        # superscript two looks like a 2).  The full-width ones are columns, but not 8.
        ("44\u00b2", "Character 3 ('\u00b2 U+00B2')"),
        ("4\u00b3", "Character 2 ('\u00b3 U+00B3')"),
        ("\u2460", "Character 1 ('\u2460 U+2460')"),
        ("4 \uff18", "Character 3 ('\uff18 U+FF18')"),
        ("\u0664\u0664", "Character 1 ('\u0664 U+0664')"),
        ("4;4", "Character 2 (';')"),
        # A mark that shows only on the character before it is named by its code.
        ("4\ufe0f\u20e3", "Character 2 ('U+FE0F')"),
        ("4\u0301", "Character 2 ('U+0301')"),
    ],
)
def test_a_bad_move_string_is_named_by_its_first_bad_move(text: str, named: str) -> None:
    problem = problem_with(text)
    assert problem is not None and named in problem


@pytest.mark.parametrize(
    "text",
    # The commas of a Chinese input method (full-width, ideographic) and the Arabic one.
    [
        " 4453 ",
        "4 4 5 3",
        "4,4,5,3",
        "4, 4, 5, 3",
        "44 53\n",
        "4\uff0c4\uff0c5\uff0c3",
        "4\u30014\u060c53",
        # The full-width digits a Chinese or Japanese input method types are columns.
        "\uff14\uff14\uff15\uff13",
        "\uff14\uff0c4\u3001\uff15 3",
    ],
)
def test_spaces_and_commas_separate_the_moves(text: str) -> None:
    assert problem_with(text) is None and moves_in(text) == "4453"


def test_space_types_in_import_and_presses_no_button(app: App) -> None:
    """Space types a separator (its TEXTINPUT), and the focused Review button stays
    unpressed; a superscript digit is refused with its name, the screen stays."""
    app.go(Go.IMPORT)
    scene = on_top(app)
    assert isinstance(scene, ImportScene) and scene.items.focused is not None
    assert scene.items.focused.key == "review"
    for char in "44":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=char)], FRAME)
    app.step([key(pygame.K_SPACE), pygame.event.Event(pygame.TEXTINPUT, text=" ")], FRAME)
    assert on_top(app) is scene and scene.text == "44 "
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="\u00b2")], FRAME)
    app.step([key(pygame.K_RETURN)], FRAME)
    assert on_top(app) is scene and scene.problem is not None and "\u00b2" in scene.problem
    app.step([key(pygame.K_BACKSPACE)], FRAME)
    for char in "5, 3":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=char)], FRAME)
    app.step([key(pygame.K_RETURN)], FRAME)
    review = on_top(app)
    assert isinstance(review, ReviewScene) and review.record.game.moves == "4453"


# -- the coach ----------------------------------------------------------------------


def coach_answers(request: SearchRequest) -> SearchResult:
    """Column 1 blunders from the empty board (every other column draws or wins)."""
    if not request.analyze:
        return centre_first(request)
    board = Board.from_moves(request.moves)
    scores = {col: DRAW for col in range(7) if board.can_play(col)}
    if request.moves == "":
        scores[3] = Score.exact(1)
        scores[0] = Score.exact(-2)
    analysis = Analysis(scores)
    column = analysis.best_column()
    return SearchResult(
        column=column, score=analysis.best, depth=42, nodes=1, time=0.0, analysis=analysis
    )


DECIDER = Decider(cell=(0, 1), owner=Player.SECOND, now=True, forced=True)
DECIDED = Reason(Why.LONG_TERM, discs=20, cells=(DECIDER.cell,), decider=DECIDER)
"""Why column 1 from the empty board loses (:func:`coach_answers`), once the review's
line names the threat that decides it: Yellow's, in column 1, row 2."""


def decided_review(request: ReviewRequest) -> ReviewResult:
    """The worker's review of the coach's move: the reason with its deciding threat."""
    value = PositionValue(request.ply, Score.exact(1), 3)
    return ReviewResult(value=value, nodes=1, time=0.0, reason=DECIDED)


def coached_first_move(app: App, column: int) -> PlayScene:
    """A game against the computer, the player first: the analysis of the empty board
    comes, the player drops in 0-based ``column``, and a second goes by (the coach speaks,
    or the computer replies)."""
    scene = start(app, Mode.VS_COMPUTER, starter=Starter.YOU)
    advance(app, 0.1)
    app.step([drop_key(column)], FRAME)
    advance(app, 1.0)
    return scene


def test_the_coach_says_a_blunder_before_the_computer_replies_and_takes_it_back() -> None:
    worker = FakeWorker(answer=coach_answers)
    app = make_app(worker, coach=True)
    try:
        scene = coached_first_move(app, 0)
        offer = scene.coach.offer
        assert offer is not None and offer.judgement.verdict is MoveVerdict.BLUNDER
        assert scene.board.moves == "1"  # the computer waits
        # Why: no tactic, Yellow wins with its 20th disc (the analysis's -2 for column 1).
        assert offer.reason == Reason(Why.LONG_TERM, discs=20)
        names = {"red": "Red", "yellow": "Yellow"}
        words = offer.reason_words(scene.round.match.colour_of, names)
        assert words == (
            "Deeper than a few moves: Yellow wins later, with 20 more discs at best play."
        )
        assert [item.key for item in scene.buttons.items] == ["takeback", "keep", "menu"]
        app.step([key(pygame.K_RETURN)], FRAME)  # Take it back has the focus
        assert scene.board.moves == "" and scene.coach.offer is None
        assert scene.coach.coached
        app.step([drop_key(0)], FRAME)
        advance(app, 1.0)
        assert scene.coach.offer is not None
        scene.press("keep")
        advance(app, 1.0)
        assert len(scene.board.moves) == 2  # the computer replied
    finally:
        app.close()


def test_a_coached_game_kept_and_continued_stays_coached() -> None:
    """The coach spoke, the window closed, Continue: the game is still the coach's (the
    history marks it "coached" when it ends)."""
    app = make_app(FakeWorker(answer=coach_answers), coach=True)
    try:
        scene = coached_first_move(app, 0)
        assert scene.coach.offer is not None
        scene.press("keep")
        advance(app, 1.0)
        assert len(scene.board.moves) == 2 and scene.coach.coached
        kept = app.saver.game_in_progress
        assert kept is not None and kept.coached
    finally:
        app.close()
    again = make_app(FakeWorker(answer=coach_answers), coach=True)
    try:
        saved = again.saver.store.load().game
        assert saved is not None and saved.coached  # on disk, not only in memory
        again.go(Go.CONTINUE)
        resumed = again.scene
        assert isinstance(resumed, PlayScene)
        assert resumed.board.moves == saved.moves and resumed.coach.coached
    finally:
        again.close()


def _marked_column(scene: PlayScene, monkeypatch: pytest.MonkeyPatch) -> int | None:
    """The 0-based column whose number the play board marks under it, as drawn now."""
    marked: list[int | None] = []
    with monkeypatch.context() as patch:
        patch.setattr(view, "draw_column_numbers", lambda s, look, g, chosen: marked.append(chosen))
        scene.draw(screen())
    return marked[-1]


def _ring_point(app: App, scene: PlayScene, cell: tuple[int, int]) -> tuple[int, int]:
    """A point on the ring the coach's marks draw around ``cell`` (just inside its outer
    edge, right of the hole), in the window as it is now."""
    g = scene.layout(app.size).board
    width = max(3, round(g.cell * 0.07))
    x, y = g.centre(*cell)
    return x + g.radius + width // 2, y


def test_the_coach_names_the_threat_that_decides_a_long_term_loss_when_it_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The coach says at once how soon the loss comes, asks the worker for the review's
    reason of the move (the solver's line to the end), and then names the threat."""
    threat, found = DECIDER, DECIDED
    worker = FakeWorker(answer=coach_answers, review=decided_review, auto=False)
    app = make_app(worker, coach=True)
    try:
        scene = start(app, Mode.VS_COMPUTER, starter=Starter.YOU)
        worker.release()
        advance(app, 0.1)  # the analysis of the empty board came
        app.step([drop_key(0)], FRAME)
        advance(app, 0.1)
        offer = scene.coach.offer
        assert offer is not None and offer.reason == Reason(Why.LONG_TERM, discs=20)
        ring = _ring_point(app, scene, threat.cell)
        yellow = app.stage.theme.discs[DiscColour.YELLOW.value].fill
        assert screen().get_at(ring)[:3] != yellow  # no threat known: nothing ringed
        asked = [request for _, request in worker.reviews]
        assert len(asked) == 1 and asked[0].explain
        assert (asked[0].game, asked[0].ply) == ("1", 0)  # the move, from before it
        worker.release()
        advance(app, 0.1)
        offer = scene.coach.offer
        assert offer is not None and offer.reason == found and scene.board.moves == "1"
        names = {"red": "Red", "yellow": "Yellow"}
        words = offer.reason_words(scene.round.match.colour_of, names)
        assert words == (
            "Yellow has a threat in column 1, row 2, an even row: when the board fills"
            " up, Red will have to play under it."
        )
        assert len(worker.reviews) == 1  # asked once
        # The board rings the threat's cell in Yellow's colour while the question is open,
        # and the column that still wins (4) is marked under the board.
        app.step([], FRAME)
        assert screen().get_at(ring)[:3] == yellow
        assert offer.best_column == 3 and _marked_column(scene, monkeypatch) == 3
        scene.press("keep")
        worker.release()
        advance(app, 1.0)
        assert len(scene.board.moves) == 2  # the computer replied
    finally:
        app.close()


def test_the_coachs_reason_still_on_its_way_is_cancelled_when_the_player_decides() -> None:
    worker = FakeWorker(answer=coach_answers, auto=False)
    app = make_app(worker, coach=True)
    try:
        scene = start(app, Mode.VS_COMPUTER, starter=Starter.YOU)
        worker.release()
        advance(app, 0.1)
        app.step([drop_key(0)], FRAME)
        advance(app, 0.1)
        assert scene.coach.offer is not None and len(worker.reviews) == 1
        scene.press("takeback")
        advance(app, 0.1)
        assert worker.reviews[0][0] in worker.cancelled
        assert scene.board.moves == "" and scene.coach.offer is None
    finally:
        app.close()


def test_a_move_taken_back_and_played_again_is_told_in_full_again() -> None:
    """The deciding threat found for a move is said (and ringed) at once when the move is
    taken back and played again; a reason cancelled before it came is asked again."""
    threat, found = DECIDER, DECIDED
    worker = FakeWorker(answer=coach_answers, review=decided_review, auto=False)
    app = make_app(worker, coach=True)
    try:
        scene = start(app, Mode.VS_COMPUTER, starter=Starter.YOU)
        worker.release()
        advance(app, 0.1)
        app.step([drop_key(0)], FRAME)  # asked; taken back before the answer came
        advance(app, 0.1)
        assert len(worker.reviews) == 1
        scene.press("takeback")
        advance(app, 0.1)
        app.step([drop_key(0)], FRAME)  # the same move: asked again, answered this time
        advance(app, 0.1)
        assert len(worker.reviews) == 2
        worker.release()
        advance(app, 0.1)
        offer = scene.coach.offer
        assert offer is not None and offer.reason == found
        scene.press("takeback")
        advance(app, 0.1)
        app.step([drop_key(0)], FRAME)  # and again: told in full at once, not asked
        advance(app, 0.1)
        offer = scene.coach.offer
        assert offer is not None and offer.reason == found and len(worker.reviews) == 2
        app.step([], FRAME)
        yellow = app.stage.theme.discs[DiscColour.YELLOW.value].fill
        assert screen().get_at(_ring_point(app, scene, threat.cell))[:3] == yellow
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 480), (960, 720)])
def test_why_the_move_loses_is_shown_whole_and_above_the_buttons(size: tuple[int, int]) -> None:
    """The coach's reason, long in German, is drawn whole in the smallest window too
    (who plays and the moves give way there), and no line of the panel runs under its
    buttons; in a larger window everything stays."""
    found = DECIDED
    worker = FakeWorker(answer=coach_answers, review=decided_review)
    app = App(LaunchOptions(window_size=size, fullscreen=False, language="de"), worker=worker)
    app.settings.coach = True
    app.settings.animation_speed = 3.0
    app.open()
    try:
        scene = coached_first_move(app, 0)
        offer = scene.coach.offer
        assert offer is not None and offer.reason == found
        drawn: list[tuple[str, int]] = []
        blit_lines = app.stage.text.blit_lines

        def spy(
            surface: pygame.Surface, lines: list[str], ink: Ink, at: tuple[int, int], **kw: bool
        ) -> int:
            y = blit_lines(surface, lines, ink, at, **kw)
            step = (y - at[1]) // max(1, len(lines))
            drawn.extend((line, at[1] + (n + 1) * step) for n, line in enumerate(lines))
            return y

        app.stage.text.blit_lines = spy  # type: ignore[method-assign,assignment]
        scene.draw(screen())
        layout = scene.layout(app.size)
        why = offer.reason_words(scene.round.match.colour_of, app.stage.theme.colour_names)
        assert why is not None and why.startswith("Gelb")
        shown = " ".join(line for line, _ in drawn)
        assert " ".join(why.split()) in " ".join(shown.split())  # whole, in its order
        top_button = min(rect.top for rect in layout.buttons.values())
        panel = [bottom for _, bottom in drawn if layout.panel.top <= bottom <= layout.panel.bottom]
        assert panel and max(panel) <= top_button
        if size == (960, 720):
            assert any(line.startswith("Züge") for line, _ in drawn)  # the moves stay
    finally:
        app.close()


def test_a_window_closed_on_the_coachs_question_keeps_the_game_before_the_move() -> None:
    """Closed while the coach asks: Continue shows the position before the blunder, the
    player to move (the computer has not replied), and the blunder one Redo away."""
    worker = FakeWorker(answer=coach_answers)
    app = make_app(worker, coach=True)
    try:
        scene = coached_first_move(app, 0)
        assert scene.coach.offer is not None
        kept = app.saver.game_in_progress
        assert kept is not None and (kept.moves, kept.redo) == ("", "1")
    finally:
        app.close()
    worker = FakeWorker(answer=coach_answers)
    app = make_app(worker, coach=True)
    try:
        app.go(Go.CONTINUE)
        advance(app, 1.0)
        continued = on_top(app)
        assert isinstance(continued, PlayScene)
        scene = continued
        board = scene.round.match.board
        assert board.moves == "" and board.redo_moves == "1" and scene.round.match.human_to_move
        assert not [r for _, r in worker.submitted if not r.analyze]  # no reply asked
        app.step([drop_key(0)], FRAME)  # the same blunder: the coach asks again
        advance(app, 1.0)
        assert scene.coach.offer is not None and scene.round.match.board.moves == "1"
        scene.press("keep")
        advance(app, 1.0)
        kept = app.saver.game_in_progress
        assert kept is not None and len(kept.moves) == 2  # kept as played once decided
    finally:
        app.close()


def test_the_coach_is_quiet_when_off_or_on_a_good_move() -> None:
    worker = FakeWorker(answer=coach_answers)
    app = make_app(worker)
    try:
        scene = coached_first_move(app, 0)
        assert scene.coach.offer is None and len(scene.board.moves) == 2
        assert not [r for _, r in worker.submitted if r.analyze]  # nobody asked
    finally:
        app.close()
    app = make_app(FakeWorker(answer=coach_answers), coach=True)
    try:
        scene = coached_first_move(app, 3)
        assert scene.coach.offer is None and not scene.coach.coached
        assert len(scene.board.moves) == 2
    finally:
        app.close()


def test_the_coach_speaks_on_proven_results_but_not_on_estimates() -> None:
    def answers(scores: dict[int, Score]) -> Callable[[SearchRequest], SearchResult]:
        def answer(request: SearchRequest) -> SearchResult:
            if not request.analyze or request.moves:
                return coach_answers(request)
            analysis = Analysis({col: scores.get(col, DRAW) for col in range(7)})
            return SearchResult(
                column=3, score=analysis.best, depth=8, nodes=1, time=0.0, analysis=analysis
            )

        return answer

    cases = [
        ({3: Score.bound(1), 0: Score.bound(-1)}, True),  # the opening book's results
        ({3: Score.estimate(300), 0: Score.estimate(-400)}, False),
    ]
    for scores, speaks in cases:
        app = make_app(FakeWorker(answer=answers(scores)), coach=True)
        try:
            scene = coached_first_move(app, 0)
            assert (scene.coach.offer is not None) is speaks
        finally:
            app.close()


def test_a_move_list_of_one_row_shows_both_its_arrows_side_by_side() -> None:
    """In the smallest window a long replay leaves the list one row: its arrows (moves
    hidden above, and below) stand side by side there, not one over the other."""
    app = App(LaunchOptions(window_size=(640, 480), fullscreen=False), worker=FakeWorker())
    app.open()
    try:
        review = open_review(app, "617315721371413543521632362446574577645622")
        advance(app, 0.2)
        review.record.shown = 20  # mid-list: moves hidden above and below
        layout = review.layout(app.size)
        long = " ".join(["because"] * 150)
        picture = dataclasses.replace(review.panel_picture(), replay=("Replay", long))
        assert (
            len(
                visible_rows(
                    list_rect(app.stage, layout, review.record, picture),
                    review.record.length,
                    20,
                    row_height(app.stage, layout),
                )
            )
            == 1
        )
        drawn: list[Drawn] = []
        app.stage.text.watch(drawn.append)
        surface = pygame.Surface(app.size)
        panel_module.draw_side_panel(surface, app.stage, layout, review.record, picture)
        app.stage.text.watch(None)
        arrows = [piece.rect for piece in drawn if piece.text in (MORE_ABOVE, MORE_BELOW)]
        assert len(arrows) == 2 and not arrows[0].colliderect(arrows[1])
        # The shown move (the row's second) is marked to the list's end: the arrows stay
        # visible over its mark, not under it.
        focus = pygame.Color(app.stage.theme.button_focus)
        for arrow in arrows:
            colours = {
                tuple(surface.get_at((x, y)))
                for x in range(arrow.left, arrow.right)
                for y in range(arrow.top, arrow.bottom)
            }
            assert colours - {tuple(focus)}, arrow
    finally:
        app.close()


def test_in_the_smallest_window_a_settled_replay_gives_up_its_task_for_the_reason() -> None:
    """When a settled replay's sentences do not fit beside a move list of one row, the
    task line (the answer and the reason name the columns) makes room, so that the long
    reason and the last line are not left out."""
    app = App(LaunchOptions(window_size=(640, 480), fullscreen=False), worker=FakeWorker())
    app.open()
    try:
        review = open_review(app, "617315721371413543521632362446574577645622")
        advance(app, 0.2)
        layout = review.layout(app.size)
        text, small = app.stage.text, layout.type.small
        width = layout.panel.width - 2 * layout.pad
        room = min(r.top for r in layout.buttons.values()) - layout.pad
        room -= layout.moves.top + MIN_LIST_ROWS * row_height(app.stage, layout)
        room -= layout.pad // 2
        task = "Move 3: column 1 was played. Find a better move."

        def height(lines: tuple[str, ...]) -> int:
            return sum(len(text.wrap(w, small, width)) * text.line_step(small) for w in lines)

        def replay(words: int) -> tuple[str, ...]:
            why = "Why column 1, the move played, was a blunder: Red " + "has a threat " * words
            last = "That was the last one: you fixed 0 of 1 mistakes."
            return ("Replay: mistake 1 of 1", task, "The best move was column 4.", why, last)

        # The longest reason that fits only without the task (a German one, say).
        lines = next(
            replay(n)
            for n in range(60, 0, -1)
            if height(replay(n)) > room >= height(replay(n)) - height((task,))
        )
        picture = dataclasses.replace(review.panel_picture(), replay=lines)
        drawn: list[Drawn] = []
        text.watch(drawn.append)
        panel_module.draw_side_panel(
            pygame.Surface(app.size), app.stage, layout, review.record, picture
        )
        text.watch(None)
        said = " ".join(piece.text for piece in drawn)
        assert "That was the last one" in said and "has a threat" in said
        assert "Find a better move" not in said
        short = dataclasses.replace(picture, replay=replay(1))  # room for all: the task stays
        assert [w for w, _ in shown_lines(app.stage, layout, review.record, short)] == list(
            replay(1)
        )
    finally:
        app.close()


def test_an_online_games_review_names_the_friend_not_the_computer() -> None:
    played = FinishedGame.online("4453", human=0, opponent="Bob", winner=1)  # Ann left
    game = ReviewGame.of(played)
    names = {"red": "Red", "yellow": "Yellow"}
    assert texts.side_name(game, Player.FIRST, names) == "You"
    assert texts.side_name(game, Player.SECOND, names) == "Bob"
    against_the_computer = ReviewGame("4453", human=0, level="Hard")
    assert texts.side_name(against_the_computer, Player.SECOND, names) == "The computer (Hard)"


def test_the_move_list_gives_way_to_the_sentences_under_it() -> None:
    """In a small window the list of moves is shorter when the sentences under it (a long
    reason, a long language) need the room, down to three rows; clicks follow it."""
    app = App(LaunchOptions(window_size=(640, 480), fullscreen=False), worker=FakeWorker())
    app.open()
    try:
        long_game = "617315721371413543521632362446574577645622"
        review = open_review(app, long_game)
        advance(app, 0.2)
        layout = review.layout(app.size)
        plain = review.panel_picture()
        short = dataclasses.replace(plain, replay=("Replay", "Your move.", "Column 4."))
        assert list_rect(app.stage, layout, review.record, short) == layout.moves
        words = " ".join(["because"] * 30)
        longer = dataclasses.replace(plain, replay=("Replay", words, "Column 4."))
        rect = list_rect(app.stage, layout, review.record, longer)
        row_h = row_height(app.stage, layout)
        assert MIN_LIST_ROWS * row_h <= rect.height < layout.moves.height
        lines = panel_lines(review.record, longer, app.stage)
        small, width = layout.type.small, layout.panel.width - 2 * layout.pad
        needed = sum(
            len(app.stage.text.wrap(w, small, width)) * app.stage.text.line_step(small)
            for w, _ in lines
        )
        top_button = min(r.top for r in layout.buttons.values())
        assert rect.bottom + layout.pad // 2 + needed <= top_button - layout.pad
        much = dataclasses.replace(plain, replay=("Replay", words * 5, "Column 4."))
        assert list_rect(app.stage, layout, review.record, much).height == MIN_LIST_ROWS * row_h
    finally:
        app.close()
