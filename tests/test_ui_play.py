"""The play screen driven through the real app loop, headless, with a fake worker.

Every test steps :meth:`App.step` with made-up events and a fixed frame time,
so nothing depends on the clock and the computer answers instantly (or only
when the test releases it).
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import i18n
from game.ai.client import MAX_ATTEMPTS
from game.ai.levels import level_by_name
from game.ai.protocol import Answered, BookMissing, SearchRequest, SearchResult
from game.ai.score import DRAW, Analysis, Score
from game.core import Board, Player
from game.profile.choices import Starter
from game.profile.saved_game import SavedGame
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.board_screen import worth_colour
from game.ui.match import ABANDON_LOSS_MOVES, abandoning_loses
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene, numbered_moves, texts
from game.ui.scenes.play.panel import proof_line, turn_text
from game.ui.scenes.play.view import column_values, hint_text, shown_analysis
from game.ui.scenes.setup import SetupScene
from game.ui.worth import worth_lines, worth_sentence
from tests.fakes import (
    FRAME,
    WINDOW,
    FakeWorker,
    advance,
    centre_first,
    click,
    key,
    make_app,
    motion,
    on_top,
    screen,
    scripted,
    start_game,
)

HARD = level_by_name("Hard")
PERFECT = level_by_name("Perfect")
WIN_SETUP = "445566"  # the side to move wins in column 7
DRAW_GAME = "617315721371413543521632362446574577645622"


def start(
    app: App, mode: Mode = Mode.VS_COMPUTER, moves: str = "", starter: str = Starter.YOU
) -> PlayScene:
    start_game(app, GameConfig(mode=mode, level=HARD, start_moves=moves, starter=Starter(starter)))
    app.step([], FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


def played(app: App, moves: str) -> PlayScene:
    """A game against the computer from the empty board, the human first, as if ``moves``
    (of even length: the human to move) had been played in it.  A game started from a
    set position is practice and counts for nothing: these count."""
    scene = start(app)
    scene.round.match.board = Board.from_moves(moves)
    app.step([], FRAME)
    return scene


def drop_key(column: int) -> pygame.event.Event:
    """The number key of 0-based ``column``."""
    return key(pygame.K_1 + column)


def column_point(scene: PlayScene, column: int, *, row: int = 2) -> tuple[int, int]:
    return scene.layout(scene.host.size).board.centre(column, row)


# -- dropping discs ----------------------------------------------------------------


def test_clicking_a_column_drops_a_disc_there(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step(click(column_point(scene, 5)), FRAME)
    assert scene.board.moves == "6"
    assert scene.falling is not None and scene.falling.col == 5


def test_clicking_the_hover_row_above_a_column_drops_there_too(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    geometry = scene.layout(app.size).board
    app.step(click((geometry.column_x(1), geometry.hover_y)), FRAME)
    assert scene.board.moves == "2"


def test_clicking_beside_the_board_drops_nothing(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step(click((5, 5)), FRAME)
    assert scene.board.moves == ""


@pytest.mark.parametrize("column", range(7))
def test_a_number_key_drops_a_disc_in_its_column(app: App, column: int) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([drop_key(column)], FRAME)
    assert scene.board.history == (column,)


def test_the_keypad_numbers_drop_too(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([key(pygame.K_KP3)], FRAME)
    assert scene.board.moves == "3"


@pytest.mark.parametrize("drop", [pygame.K_RETURN, pygame.K_SPACE, pygame.K_DOWN])
def test_the_cursor_moves_with_the_arrows_and_drops(app: App, drop: int) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_RIGHT), key(drop)], FRAME)
    assert scene.board.moves == "3"


def test_the_mouse_moves_the_cursor(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([motion(column_point(scene, 6))], FRAME)
    assert scene.cursor == 6


def test_a_full_column_refuses_a_disc(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS, moves="111111")
    app.step([drop_key(0)], FRAME)
    app.step(click(column_point(scene, 0)), FRAME)
    assert scene.board.moves == "111111"
    assert scene.falling is None
    assert any("Column 1 is full" in n.text for n in app.stage.notices.shown)


def test_the_board_is_locked_while_a_disc_falls(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([drop_key(3), drop_key(4)], FRAME)
    assert scene.board.moves == "4"  # one disc at a time: the 5 waits its turn
    advance(app, 1.0)
    assert scene.board.moves == "45"


def test_a_falling_disc_lands_on_its_cell_and_unlocks_the_board(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([drop_key(2)], FRAME)
    drop = scene.falling
    assert drop is not None
    advance(app, 1.0)
    assert drop.done and drop.y == drop.target
    assert scene.falling is None and not scene.round.board_locked


def test_a_position_from_the_command_line_starts_a_game_there(worker: FakeWorker) -> None:
    app = App(
        LaunchOptions(window_size=WINDOW, position="445", level=level_by_name("Expert")),
        worker=worker,
        store=SettingsStore(),
    )
    app.open()
    try:
        app.step([], FRAME)
        scene = app.scene
        assert isinstance(scene, PlayScene)
        assert scene.board.moves == "445"
        assert scene.human == Player.SECOND and scene.round.match.human_to_move
        assert scene.config.level.name == "Expert"
        assert worker.submitted == []  # the player moves first here
        # The New game screen offers the level of the command line next.
        assert (
            SetupScene(
                app.stage, Mode.VS_COMPUTER, app.navigator.services.preferences, app.saver
            ).level.name
            == "Expert"
        )
    finally:
        app.close()


# -- the computer ---------------------------------------------------------------------


def test_the_computer_answers_and_its_move_is_animated(app: App, worker: FakeWorker) -> None:
    scene = start(app)
    app.step([drop_key(0)], FRAME)
    while not worker.submitted:  # the human's disc lands, then the request goes out
        app.step([], FRAME)
    _, request = worker.submitted[-1]
    assert not request.analyze and request.moves == "1" and request.depth == HARD.depth
    app.step([], FRAME)  # the fake answers on the next poll
    assert scene.board.moves == "14"
    assert scene.falling is not None and scene.falling.player == Player.SECOND


def test_your_turn_is_said_only_once_the_computers_disc_has_landed(
    app: App, worker: FakeWorker
) -> None:
    scene = start(app)
    app.step([drop_key(0)], FRAME)
    while scene.board.moves != "14":  # the human's disc lands, the computer answers
        app.step([], FRAME)
    assert scene.falling is not None  # the computer's disc is still falling
    assert turn_text(scene) == "The computer plays column 4"
    while scene.falling is not None:
        app.step([], FRAME)
    assert turn_text(scene) == "Your turn"


def test_a_key_pressed_while_a_disc_falls_is_queued_not_lost(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([drop_key(1)], FRAME)
    assert scene.falling is not None
    app.step([drop_key(2)], FRAME)  # within a frame: the first disc is still falling
    while scene.falling is not None or scene.round.queued_drop is not None:
        app.step([], FRAME)
    assert scene.board.moves == "23"


def test_a_key_pressed_during_the_computers_drop_is_played_once_it_lands(
    app: App, worker: FakeWorker
) -> None:
    scene = start(app)
    app.step([drop_key(0)], FRAME)
    while scene.board.moves != "14":
        app.step([], FRAME)
    assert scene.falling is not None
    app.step([drop_key(6)], FRAME)
    while scene.board.moves == "14":
        app.step([], FRAME)
    assert scene.board.moves == "147"


def test_a_key_during_ones_own_drop_against_the_computer_is_refused(
    app: App, worker: FakeWorker
) -> None:
    scene = start(app)
    app.step([drop_key(0)], FRAME)
    app.step([drop_key(6)], FRAME)  # the computer moves next: nothing to queue
    assert scene.round.queued_drop is None
    while scene.board.moves != "14" or scene.falling is not None:
        app.step([], FRAME)
    assert scene.board.moves == "14"


def test_the_move_list_reads_as_numbered_pairs_and_wraps_between_them() -> None:
    nbsp = "\u00a0"
    assert numbered_moves("") == ""
    assert numbered_moves("4435").replace(nbsp, " ") == "1. 4 4  2. 3 5"
    assert numbered_moves("443").replace(nbsp, " ") == "1. 4 4  2. 3"
    # Only the spaces between pairs are break points for the panel's wrapping.
    assert numbered_moves("44351").split(" ") == [
        f"1.{nbsp}4{nbsp}4",
        "",
        f"2.{nbsp}3{nbsp}5",
        "",
        f"3.{nbsp}1",
    ]


def test_the_a_key_toggles_the_analysis_and_keeps_it_in_the_settings(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    shown = app.settings.show_analysis
    app.step([key(pygame.K_a)], FRAME)
    assert app.settings.show_analysis is not shown
    assert any(
        n.text == ("Analysis on." if not shown else "Analysis off.")
        for n in app.stage.notices.shown
    )
    app.step([key(pygame.K_a)], FRAME)
    assert app.settings.show_analysis is shown
    assert scene.board.moves == ""


def test_the_panel_shows_when_the_sound_is_off(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    drawn: list[str] = []
    original = app.stage.text.blit

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    app.stage.text.blit = spy  # type: ignore[method-assign,assignment]
    app.settings.sound_on = False
    scene.draw(screen())
    assert texts.Says.SOUND_OFF.text in drawn
    drawn.clear()
    app.settings.sound_on = True
    scene.draw(screen())
    assert texts.Says.SOUND_OFF.text not in drawn


def test_no_disc_hovers_over_a_full_column(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS, moves="444444")
    scene.cursor = 3
    assert scene.hover_column is None
    scene.cursor = 2
    assert scene.hover_column == 2


def guessing(request: SearchRequest) -> SearchResult:
    """Centre first, but as a depth search's estimate: not exact."""
    return dataclasses.replace(centre_first(request), score=Score.estimate(12))


def from_the_book(request: SearchRequest) -> SearchResult:
    """A book move whose entry keeps only the result: proven, though not an exact score."""
    return dataclasses.replace(guessing(request), from_book=True)


def test_the_computers_last_move_is_called_exact_only_when_it_was_proven() -> None:
    for answer, words in (
        (centre_first, "Last move: proven best"),
        (from_the_book, "Last move: proven best"),
        (guessing, "Last move: a best guess, not proven"),
    ):
        app = make_app(FakeWorker(answer=answer))
        try:
            start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=PERFECT))
            app.step([], FRAME)
            scene = app.scene
            assert isinstance(scene, PlayScene)
            assert proof_line(scene) == ""  # no computer move yet
            app.step([drop_key(0)], FRAME)
            while scene.board.moves != "14":
                app.step([], FRAME)
            assert proof_line(scene) == words
            scene.undo()
            assert scene.board.moves == "" and proof_line(scene) == ""
        finally:
            app.close()


def test_the_board_is_locked_while_the_computer_thinks() -> None:
    worker = FakeWorker(auto=False)
    app = make_app(worker)
    try:
        scene = start(app)
        app.step([drop_key(0)], FRAME)
        advance(app, 1.0)
        assert scene.thinking
        app.step([drop_key(1)], FRAME)
        app.step(click(column_point(scene, 1)), FRAME)
        assert scene.board.moves == "1"
        worker.release()
        advance(app, 1.0)
        assert scene.board.moves == "14"
        assert not scene.round.board_locked
    finally:
        app.close()


def test_the_computer_starts_when_it_is_its_turn(app: App, worker: FakeWorker) -> None:
    scene = start(app, starter="computer")
    assert scene.human == Player.SECOND
    advance(app, 1.0)
    assert scene.board.moves == "4"
    assert [request.analyze for _, request in worker.submitted] == [False]  # one move


def test_a_perfect_level_request_uses_the_time_budget_setting(app: App, worker: FakeWorker) -> None:
    app.settings.perfect_budget = 7.0
    perfect = level_by_name("Perfect")
    start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=perfect, starter=Starter.COMPUTER))
    app.step([], FRAME)
    request = worker.submitted[-1][1]
    assert request.depth is None and request.time_limit == 7.0


def test_watching_two_computers_plays_a_whole_game(app: App) -> None:
    scene = start(app, Mode.WATCH)
    for _ in range(3000):
        app.step([], FRAME)
        if scene.over:
            break
    assert scene.over
    assert scene.board.is_over
    assert app.saver.stats.per_level == {}  # only games you play are counted


# -- undo, redo, cancellation -------------------------------------------------------------


def test_undo_and_redo_restore_the_exact_position(app: App) -> None:
    scene = start(app)
    for column in (0, 6, 2):
        app.step([drop_key(column)], FRAME)
        advance(app, 1.0)
    board = scene.board
    before = (board.moves, board.current, board.mask)
    assert board.moves == "147434"  # the fake computer always answers column 4
    ctrl_z = key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    app.step([ctrl_z], FRAME)
    after_one = board.moves
    assert len(after_one) == len(before[0]) - 2 and scene.round.match.human_to_move
    app.step([ctrl_z], FRAME)
    assert len(board.moves) == len(before[0]) - 4
    app.step([key(pygame.K_y, mod=pygame.KMOD_LCTRL)], FRAME)
    assert board.moves == after_one
    app.step([key(pygame.K_y, mod=pygame.KMOD_LCTRL)], FRAME)
    assert (board.moves, board.current, board.mask) == before


def test_the_redo_button_replays_what_undo_took_back(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    for column in (3, 3, 4, 2):
        app.step([drop_key(column)], FRAME)
        advance(app, 1.0)
    assert scene.board.moves == "4453"
    assert not next(i for i in scene.buttons.items if i.key == "redo").enabled
    scene.undo()
    assert scene.board.moves == "445"
    assert next(i for i in scene.buttons.items if i.key == "redo").enabled
    scene.press("redo")
    assert scene.board.moves == "4453"


def test_undo_after_the_end_against_the_computer_counts_the_game_once() -> None:
    app = make_app(FakeWorker(answer=scripted([0, 0])))
    try:
        scene = played(app, "212121")  # red (you) to move wins with a fourth in 2
        app.step([drop_key(1)], FRAME)
        while not scene.over:
            app.step([], FRAME)
        assert scene.round.match.result_for_human() == "win"
        assert app.saver.stats.per_level["Hard"].wins == 1
        assert [i.key for i in scene.buttons.items] == ["again", "review", "undo", "menu"]
        scene.undo()  # back to the human's last turn, to try again or review
        assert not scene.over and scene.board.moves == "212121"
        said = [notice.text for notice in app.stage.notices.shown]
        assert texts.played_on_after_the_end() in said  # the player knows it counts once
        app.step([drop_key(1)], FRAME)
        while not scene.over:
            app.step([], FRAME)
        assert app.saver.stats.per_level["Hard"].wins == 1  # the same game, counted once
        assert texts.score_line(scene.round.session)[0][1] == 1
    finally:
        app.close()


def test_undo_in_a_two_player_game_takes_back_one_move(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS, moves="")
    app.step([drop_key(3)], FRAME)
    advance(app, 1.0)
    app.step([drop_key(4)], FRAME)
    advance(app, 1.0)
    app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)], FRAME)
    assert scene.board.moves == "4"
    said = [notice.text for notice in app.stage.notices.shown]
    assert texts.played_on_after_the_end() not in said  # an unfinished game: nothing to say
    app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)], FRAME)  # redo
    assert scene.board.moves == "45"


def test_undo_while_the_computer_thinks_cancels_it_and_drops_its_late_reply() -> None:
    worker = FakeWorker(auto=False)
    app = make_app(worker)
    try:
        scene = start(app)
        app.step([drop_key(0)], FRAME)
        advance(app, 1.0)
        ((request_id, _),) = worker.pending()
        app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)], FRAME)
        assert request_id in worker.cancelled
        assert scene.board.moves == ""
        assert not scene.thinking
        # The answer was already on its way: it must not be played.
        worker.inject(Answered(request_id, _result(3)))
        advance(app, 0.5)
        assert scene.board.moves == ""
    finally:
        app.close()


def test_a_reply_for_another_position_is_dropped(app: App, worker: FakeWorker) -> None:
    scene = start(app)
    worker.inject(Answered(999, _result(2)))
    advance(app, 0.2)
    assert scene.board.moves == ""


def test_new_game_and_menu_cancel_what_the_computer_is_doing() -> None:
    worker = FakeWorker(auto=False)
    app = make_app(worker)
    try:
        start(app, starter="computer")
        ((first, _),) = worker.pending()
        app.step([key(pygame.K_n)], FRAME)
        assert first in worker.cancelled
        ((second, _),) = worker.pending()  # the new game's first move
        app.step([key(pygame.K_ESCAPE)], FRAME)
        assert isinstance(app.scene, PauseScene)
        _choose_in_pause(app, "menu")
        assert isinstance(app.scene, MenuScene)
        assert second in worker.cancelled
        assert worker.pending() == []
    finally:
        app.close()


def test_quitting_while_the_computer_thinks_closes_the_worker() -> None:
    worker = FakeWorker(auto=False)
    app = make_app(worker)
    start(app, starter="computer")
    assert worker.pending()
    running = app.step([pygame.event.Event(pygame.QUIT)], FRAME)
    assert running is False
    app.close()
    assert worker.closed and worker.pending() == []


def test_a_worker_that_dies_is_replaced_asked_again_and_the_player_told(
    app: App, worker: FakeWorker
) -> None:
    worker.auto = False
    scene = start(app, starter="computer")
    [asked] = worker.pending()
    worker.crash()
    app.step([], FRAME)
    assert [n.text for n in app.stage.notices.shown] == [
        "The computer player stopped unexpectedly and was restarted; it is thinking again."
    ]
    assert worker.pending() == [asked]  # the new worker was given the move to find
    worker.release()
    advance(app, 1.0)
    assert scene.board.moves == "4"
    advance(app, 10, dt=0.5)
    assert app.stage.notices.shown == []


def test_a_worker_without_its_opening_book_is_said_in_the_window_once(
    app: App, worker: FakeWorker
) -> None:
    start(app, starter="computer")
    worker.inject(BookMissing("book.bin: no such file"))
    app.step([], FRAME)
    worker.inject(BookMissing("book.bin: no such file"))  # a restarted worker says it again
    advance(app, 0.5)
    said = [n.text for n in app.stage.notices.shown]
    assert said == [
        "The opening book could not be read (see the log file): the computer works out the"
        " first moves itself, which can take seconds a move."
    ]


def _computer_stuck(worker: FakeWorker, app: App) -> PlayScene:
    """A game where the computer's reply to column 1 kills the worker every time."""
    worker.auto = False
    scene = start(app)
    app.step([drop_key(0)], FRAME)
    advance(app, 1.0)  # the disc lands, the computer's move is asked
    [(_, request)] = worker.pending()
    assert request.moves == "1"
    for _ in range(MAX_ATTEMPTS):
        assert turn_text(scene) == "The computer is thinking"
        worker.crash()
        app.step([], FRAME)
    return scene


def test_a_move_that_kills_the_worker_again_and_again_is_said_and_can_be_tried_again(
    app: App, worker: FakeWorker
) -> None:
    scene = _computer_stuck(worker, app)
    assert worker.pending() == []  # given up, not asked a fourth time
    assert not scene.thinking
    assert turn_text(scene) == "The computer could not choose a move"
    said = [notice.text for notice in app.stage.notices.shown]
    assert "The computer player keeps failing on this position; see the log file." in said
    assert [item.key for item in scene.buttons.items] == ["retry", "undo", "menu"]
    advance(app, 5.0)
    assert worker.pending() == [] and turn_text(scene) == "The computer could not choose a move"
    app.step([key(pygame.K_RETURN)], FRAME)  # the focus starts on Try again
    [(_, request)] = worker.pending()
    assert request.moves == "1" and turn_text(scene) == "The computer is thinking"
    worker.release()
    advance(app, 1.0)
    assert scene.board.moves == "14"
    assert [item.key for item in scene.buttons.items] == ["undo", "redo", "hint", "menu"]


def test_going_back_from_a_move_that_did_not_come(app: App, worker: FakeWorker) -> None:
    scene = _computer_stuck(worker, app)
    assert scene.press("undo") is None
    assert scene.board.moves == "" and scene.round.match.human_to_move
    assert turn_text(scene) == "Your turn"
    assert worker.pending() == []


def test_an_engine_error_is_told_not_played(app: App, worker: FakeWorker) -> None:
    def refuse(request: object) -> SearchResult:
        raise ValueError("the engine refused")

    worker.answer = refuse
    scene = start(app, starter="computer")
    advance(app, 0.2)
    assert scene.board.moves == ""
    assert turn_text(scene) == "The computer could not choose a move"
    assert scene.stuck is not None and not scene.stuck.crashed  # the panel says the engine refused
    assert worker.pending() == []  # not asked again until the player says so


# -- hints and analysis ------------------------------------------------------------------


def test_h_asks_for_a_hint_and_highlights_the_column(worker: FakeWorker) -> None:
    worker.answer = scripted([])  # centre first: the hint is column 4
    app = make_app(worker)
    try:
        scene = start(app)
        app.step([key(pygame.K_h)], FRAME)
        _, request = worker.submitted[-1]
        assert request.depth is None and request.moves == ""
        assert request.analyze  # the same computation as the analysis row
        app.step([], FRAME)
        assert scene.advisor.hint_column(scene.board.moves) == 3
        assert scene.advisor.analyses[""].column == 3  # kept: the analysis row shows the same
        app.step([drop_key(0)], FRAME)
        assert scene.advisor.hint_column(scene.board.moves) is None  # a hint is for one position
    finally:
        app.close()


def test_the_cursor_goes_to_the_hint_so_that_h_then_enter_plays_it(worker: FakeWorker) -> None:
    def seven_wins(request: SearchRequest) -> SearchResult:
        scores = {col: Score.exact(1) if col == 6 else DRAW for col in range(7)}
        return SearchResult(
            column=6, score=Score.exact(1), depth=1, nodes=1, time=0.0, analysis=Analysis(scores)
        )

    worker.answer = seven_wins  # the hint: column 7
    app = make_app(worker)
    try:
        scene = start(app)
        assert scene.cursor == 3
        app.step([key(pygame.K_h)], FRAME)
        app.step([], FRAME)
        assert scene.advisor.hint_column("") == 6 and scene.cursor == 6
        app.step([key(pygame.K_RETURN)], FRAME)
        assert scene.board.moves == "7"
    finally:
        app.close()


def test_a_hint_asked_while_the_analysis_runs_is_the_analysis_best_column() -> None:
    worker = FakeWorker(auto=False)
    app = make_app(worker, show_analysis=True)
    try:
        scene = start(app, Mode.TWO_PLAYERS, moves="4435")
        assert [request.moves for _, request in worker.submitted] == ["4435"]
        app.step([key(pygame.K_h)], FRAME)
        # No second search that could answer differently: the analysis answers both.
        assert [request.moves for _, request in worker.submitted] == ["4435"]
        assert [asked.kind for asked in scene.current.requests.awaited()] == ["analysis"]
        worker.release()
        advance(app, 0.2)
        analysis = shown_analysis(scene)
        assert (
            analysis is not None and scene.advisor.hint_column(scene.board.moves) == analysis.column
        )
    finally:
        app.close()


def exact_analysis(scores: tuple[int | None, ...]) -> SearchResult:
    """An analysis that proved every column's score (None: a full column)."""
    best = max(score for score in scores if score is not None)
    analysis = Analysis((col, Score.exact(s)) for col, s in enumerate(scores) if s is not None)
    return SearchResult(
        column=scores.index(best),
        score=Score.exact(best),
        depth=30,
        nodes=1,
        time=0.0,
        analysis=analysis,
    )


def test_a_hint_where_the_book_knows_only_that_every_move_loses_does_not_claim_the_longest() -> (
    None
):
    # The opening book holds results alone before ply 7: every column a proven loss, none
    # known to last longest (the engine's search chose column 4).
    loss = Score.of_result(-1)
    analysis = dataclasses.replace(
        exact_analysis(tuple([-1] * 7)),
        column=3,
        score=loss,
        analysis=Analysis((col, loss) for col in range(7)),
        from_book=True,
    )
    worker = FakeWorker(answer=lambda request: analysis)
    app = make_app(worker)
    try:
        scene = start(app, Mode.VS_COMPUTER, moves="4")
        app.step([key(pygame.K_h)], FRAME)
        app.step([], FRAME)
        assert hint_text(scene) == "Hint: column 4 (all moves lose with best play)"
    finally:
        app.close()


@pytest.mark.parametrize(
    ("mode", "best", "said"),
    [
        (Mode.VS_COMPUTER, -3, "Hint: column 4 (all moves lose: this one lasts longest)"),
        (Mode.TWO_PLAYERS, 0, "Hint: column 4 (a draw with best play)"),
        (Mode.TWO_PLAYERS, 18, "Hint: column 4 wins in 1 move"),
    ],
)
def test_the_hint_says_when_its_result_is_certain(mode: Mode, best: int, said: str) -> None:
    # Column 4 is worth ``best``, every other column less.
    scores = tuple(best if col == 3 else best - 2 for col in range(7))
    worker = FakeWorker(answer=lambda request: exact_analysis(scores))
    app = make_app(worker)
    try:
        scene = start(app, mode, moves="1122" if best != 18 else "112233")
        app.step([key(pygame.K_h)], FRAME)
        app.step([], FRAME)
        assert hint_text(scene).startswith(said)
    finally:
        app.close()


def test_analysis_shows_every_columns_score_on_the_players_turn() -> None:
    scores = (-1, -1, 0, 5, None, 2, -3)
    worker = FakeWorker(answer=lambda request: exact_analysis(scores))
    app = make_app(worker, show_analysis=True)
    try:
        scene = start(app, Mode.TWO_PLAYERS, moves="555555")
        _, request = worker.submitted[-1]
        assert request.analyze and request.moves == "555555"
        app.step([], FRAME)
        shown = shown_analysis(scene)
        assert shown is not None and shown.analysis is not None
        assert [shown.analysis.get(col) for col in range(7)] == [
            None if s is None else Score.exact(s) for s in scores
        ]
        # With the scores known, a hint needs no new request.
        count = len(worker.submitted)
        app.step([key(pygame.K_h)], FRAME)
        assert scene.advisor.hint_column(scene.board.moves) == 3 and len(worker.submitted) == count
        # After a move, the new position is analysed in its turn.
        app.step([drop_key(0)], FRAME)
        advance(app, 1.0)
        assert worker.submitted[-1][1].moves == "5555551"
    finally:
        app.close()


def test_the_analysis_row_and_the_panel_say_the_same_in_words_or_engine_scores() -> None:
    scores = (
        Score.exact(3),
        Score.exact(-2),
        Score.exact(0),
        Score.bound(2),
        Score.bound(-4),
        Score.estimate(420),
        Score.estimate(0),
    )

    def answer(request: SearchRequest) -> SearchResult:
        return SearchResult(
            column=0,
            score=scores[0],
            depth=1,
            nodes=1,
            time=0.0,
            analysis=Analysis(enumerate(scores)),
        )

    app = make_app(FakeWorker(answer=answer), show_analysis=True)
    try:
        scene = start(app, Mode.TWO_PLAYERS, moves="")
        advance(app, 0.2)
        found = column_values(scene)
        words = [worth_lines(said) for _, said in filter(None, found)]
        assert words == [
            ["\u2713 Win", "in 19"],
            ["\u00d7 Loss", "in 20"],
            ["= Draw"],
            ["\u2713 Win", "in \u226420"],
            ["\u00d7 Loss", "in \u226418"],
            ["\u25b2\u25b2", "Strong"],
            ["\u2248", "Even"],
        ]
        theme = app.stage.theme
        colours = [worth_colour(scene.look, said) for _, said in filter(None, found)]
        assert colours[:3] == [theme.score_win, theme.score_loss, theme.score_draw]
        assert colours[5:] == [theme.text_muted, theme.text_muted]
        labels = [label for label, _ in filter(None, found)]
        assert labels == ["+3", "-2", "0", "\u2265+2", "\u2264-4", "~+42", "~0"]
        scene.cursor = 0
        app.step([], FRAME)  # draws the panel's sentence from the same verdict
        assert (
            found[0] is not None
            and worth_sentence(found[0][1], 0) == "\u2713 Column 1: Win in 19 moves"
        )
    finally:
        app.close()


# -- game over -----------------------------------------------------------------------------


def _pixel(app: App, point: tuple[int, int]) -> tuple[int, int, int]:
    surface = screen()
    assert surface is not None
    colour = surface.get_at(point)
    return colour.r, colour.g, colour.b


def test_a_win_shows_game_over_with_the_four_highlighted(app: App) -> None:
    scene = played(app, WIN_SETUP)
    app.step([drop_key(6)], FRAME)
    assert not scene.over  # not until the disc has landed
    advance(app, 1.0)
    assert scene.over
    four = {(3, 0), (4, 0), (5, 0), (6, 0)}
    assert set(scene.round.winning_cells()) == four
    assert texts.headline(scene.round.match) == "You win!"
    assert texts.score_line(scene.round.session) == [("You", 1), ("Computer", 0), ("Draws", 0)]
    geometry = scene.layout(app.size).board
    mark = app.stage.theme.win_mark
    for col, row in four:
        assert _pixel(app, geometry.centre(col, row)) == mark
    for col, row in ((3, 1), (4, 1), (5, 1)):  # the loser's discs above are not marked
        assert _pixel(app, geometry.centre(col, row)) != mark
    # Counted once, saved.
    advance(app, 0.5)
    app.saver.flush()
    record = SettingsStore().load().stats.per_level["Hard"]
    assert (record.wins, record.losses, record.draws) == (1, 0, 0)


def test_a_game_from_a_set_position_is_practice_not_counted_nor_rated(app: App) -> None:
    """--position 445566 and column 7, again and again, must not farm wins over Perfect."""
    scene = start(app, moves=WIN_SETUP)
    for _ in range(2):
        app.step([drop_key(6)], FRAME)
        advance(app, 1.0)
        assert scene.over and texts.headline(scene.round.match) == "You win!"
        said = [notice.text for notice in app.stage.notices.shown]
        assert texts.practice() in said
        scene.press("again")
        advance(app, 0.5)
    assert app.saver.stats.per_level == {} and app.saver.stats.rating.results == []
    assert len(app.saver.games) == 2  # kept for review all the same
    app.saver.flush()
    assert SettingsStore().load().stats.per_level == {}


def test_leaving_a_game_from_a_set_position_is_no_loss() -> None:
    saved = SavedGame(
        mode=Mode.VS_COMPUTER, moves="445566", start_moves="44", levels=("Hard", "Hard"), human=0
    )
    assert len(saved.moves) - len(saved.start_moves) >= ABANDON_LOSS_MOVES
    assert not abandoning_loses(saved)
    assert abandoning_loses(dataclasses.replace(saved, start_moves=""))


def test_a_draw_shows_game_over_with_nothing_highlighted(worker: FakeWorker) -> None:
    worker.answer = scripted([int(DRAW_GAME[-1]) - 1])  # the computer fills the board
    app = make_app(worker)
    try:
        scene = played(app, DRAW_GAME[:-2])
        app.step([drop_key(int(DRAW_GAME[-2]) - 1)], FRAME)
        advance(app, 3.0)
        assert scene.over and scene.board.moves == DRAW_GAME
        assert scene.round.winning_cells() == ()
        assert "draw" in texts.headline(scene.round.match)
        app.saver.flush()
        assert SettingsStore().load().stats.per_level["Hard"].draws == 1
    finally:
        app.close()


def test_a_computer_win_counts_as_a_loss(worker: FakeWorker) -> None:
    worker.answer = scripted([3])
    app = make_app(worker)
    try:
        # Yellow has 1, 2 and 3 on the bottom row: the human (red) misses the block.
        scene = played(app, "515253")
        assert scene.human == Player.FIRST
        app.step([drop_key(6)], FRAME)
        advance(app, 3)
        assert scene.over and texts.headline(scene.round.match) == "The computer wins"
        assert set(scene.round.winning_cells()) == {(0, 0), (1, 0), (2, 0), (3, 0)}
        assert app.saver.stats.per_level["Hard"].losses == 1
    finally:
        app.close()


def test_play_again_alternates_the_starter(worker: FakeWorker) -> None:
    app = make_app(worker)
    try:
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=HARD, starter=Starter.ALTERNATE))
        scene = app.scene
        assert isinstance(scene, PlayScene)
        assert scene.human == Player.FIRST
        # Play to a quick end: the fake computer always answers the centre column.
        for column in (0, 0, 0, 0):
            app.step([drop_key(column)], FRAME)
            advance(app, 3)
        assert scene.over
        button = scene.layout(app.size).buttons["again"]
        app.step(click(button.center), FRAME)
        assert not scene.over
        assert scene.human == Player.SECOND
        assert texts.score_line(scene.round.session)[0] == ("You", 1)
    finally:
        app.close()


def _choose_in_pause(app: App, key_name: str, *, sure: bool = False) -> None:
    """Click ``key_name`` in the pause menu; with ``sure``, click it a second time, as a
    choice that throws an unfinished game away asks (the first click changes nothing)."""
    pause = app.scene
    assert isinstance(pause, PauseScene)
    app.step(click(pause.layout(app.size).rects[key_name].center), FRAME)
    if sure:
        assert app.scene is pause and pause.items.get(key_name).label == "Sure? Press again"
        app.step(click(pause.layout(app.size).rects[key_name].center), FRAME)


def _answer(app: App, answer: str) -> None:
    """Click "yes" or "no" in the question on screen."""
    question = app.scene
    assert isinstance(question, ConfirmScene)
    app.step(click(question.layout(app.size).rects[answer].center), FRAME)


@pytest.mark.parametrize("starter", ["you", "computer", "alternate", "random"])
def test_restart_from_the_pause_menu_replays_the_game_with_the_same_starter(
    worker: FakeWorker, starter: str
) -> None:
    app = make_app(worker)
    try:
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=HARD, starter=Starter(starter)))
        scene = app.scene
        assert isinstance(scene, PlayScene)
        for _ in range(6):  # restart many times: a random draw would change the starter
            human = scene.human
            advance(app, 3)  # the computer moves if it starts
            app.step([drop_key(0)], FRAME)
            advance(app, 3)
            assert scene.board.ply >= 2
            app.step([key(pygame.K_ESCAPE)], FRAME)
            _choose_in_pause(app, "restart", sure=True)
            assert app.scene is scene
            assert scene.human == human
            # From the start again: empty, or the computer's first move (answered at once).
            assert scene.board.moves == ("" if human == Player.FIRST else "4")
        assert texts.score_line(scene.round.session) == [("You", 0), ("Computer", 0), ("Draws", 0)]
    finally:
        app.close()


def test_analyses_of_a_finished_game_are_forgotten_in_the_next() -> None:
    app = make_app(FakeWorker(), show_analysis=True)
    try:
        scene = start(app, Mode.TWO_PLAYERS)
        for column in (0, 1, 2):
            advance(app, 0.5)
            app.step([drop_key(column)], FRAME)
        advance(app, 1.0)
        assert set(scene.advisor.analyses) == {"", "1", "12", "123"}
        app.step([key(pygame.K_n)], FRAME)
        _answer(app, "yes")
        assert app.scene is scene
        advance(app, 0.5)
        assert set(scene.advisor.analyses) == {""}
        app.step([drop_key(6)], FRAME)
        advance(app, 1.0)
        assert set(scene.advisor.analyses) == {"", "7"}
        app.step([key(pygame.K_ESCAPE)], FRAME)
        _choose_in_pause(app, "restart", sure=True)
        assert set(scene.advisor.analyses) == {""}
    finally:
        app.close()


def test_enter_at_game_over_plays_again_and_ctrl_z_takes_the_last_move_back(app: App) -> None:
    scene = start(app, moves=WIN_SETUP)
    app.step([drop_key(6)], FRAME)
    advance(app, 1.0)
    assert scene.over and scene.board.moves == WIN_SETUP + "7"
    app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)], FRAME)
    assert not scene.over and scene.board.moves == WIN_SETUP
    app.step([drop_key(6)], FRAME)
    advance(app, 1.0)
    assert scene.over
    app.step([key(pygame.K_RETURN)], FRAME)
    assert not scene.over and scene.board.moves == WIN_SETUP


# -- the window ---------------------------------------------------------------------------


def test_escape_pauses_and_resumes(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, PauseScene)
    app.step([drop_key(2)], FRAME)  # the paused board takes no move
    assert scene.board.moves == ""
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert on_top(app) is scene


def test_the_menu_of_a_finished_game_does_not_say_paused(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS, moves="121212")
    app.step([drop_key(0)], FRAME)
    while not scene.over:
        app.step([], FRAME)
    app.step([key(pygame.K_ESCAPE)], FRAME)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    labels = [item.label for item in pause.items.items]
    assert pause.title == "Game over" and "Resume" not in labels
    assert labels[:2] == ["Back to the board", "Play again"]


def test_a_resized_window_keeps_its_minimum_and_the_board_fits(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200))], FRAME)
    assert app.size == (640, 480)
    small = scene.layout(app.size).board
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1400, h=700, size=(1400, 700))], FRAME)
    assert app.size == (1400, 700)
    large = scene.layout(app.size).board
    assert large.cell > small.cell
    for geometry, size in ((small, (640, 480)), (large, (1400, 700))):
        frame = geometry.frame_rect
        assert frame.left >= 0 and frame.right <= size[0] and frame.bottom <= size[1]
        assert geometry.hover_y - geometry.cell // 2 >= 0


def test_the_top_scene_only_is_updated(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    app.step([drop_key(3)], FRAME)
    app.step([key(pygame.K_ESCAPE)], FRAME)
    drop = scene.falling
    assert drop is not None
    y = drop.y
    advance(app, 1.0)
    assert drop.y == y  # frozen under the pause menu


def _result(column: int) -> SearchResult:
    return SearchResult(column=column, score=Score.estimate(0), depth=1, nodes=1, time=0.0)


def test_notices_stand_in_the_panel_not_over_the_board_or_the_column_numbers(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS)
    size = screen().get_size()
    layout = scene.layout(size)
    board = layout.board
    below = board.frame_rect.bottom + board.cell // 4  # the column numbers' row
    points = [(board.column_x(col), below) for col in range(7)]
    points += [(board.column_x(col), board.hover_y) for col in range(7)]  # the hover row
    app.draw()
    before = [_pixel(app, point) for point in points]
    app.stage.notify("A notice long enough to cross the whole board from one side to the other")
    app.draw()
    assert [_pixel(app, point) for point in points] == before
    place = scene.notice_place(size)
    assert layout.panel.collidepoint(place.centre_x, place.bottom)
    # ... and a notice does show: a pixel just above the buttons changed.
    above = (place.centre_x, place.bottom - 4)
    app.stage.notices.shown.clear()
    app.draw()
    plain = _pixel(app, above)
    app.stage.notify("A notice long enough to cross the whole board from one side to the other")
    app.draw()
    assert _pixel(app, above) != plain


def test_the_draw_message_starts_at_the_margin_with_no_empty_disc_slot(app: App) -> None:
    scene = start(app, Mode.TWO_PLAYERS, moves=DRAW_GAME[:-1])
    app.step([drop_key(int(DRAW_GAME[-1]) - 1)], FRAME)
    while not scene.over:
        app.step([], FRAME)
    assert scene.board.outcome is not None and scene.board.outcome.winner is None
    at: dict[str, int] = {}
    blit, blit_lines = app.stage.text.blit, app.stage.text.blit_lines

    def spy_blit(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        at.setdefault(text, args[1][0])  # type: ignore[index]
        return blit(surface, text, *args, **kw)  # type: ignore[arg-type]

    def spy_lines(surface: pygame.Surface, lines: object, *args: object, **kw: object) -> object:
        for line in lines:  # type: ignore[attr-defined]
            at.setdefault(line, args[1][0])  # type: ignore[index]
        return blit_lines(surface, lines, *args, **kw)  # type: ignore[arg-type]

    app.stage.text.blit = spy_blit  # type: ignore[method-assign,assignment]
    app.stage.text.blit_lines = spy_lines  # type: ignore[method-assign,assignment]
    scene.draw(screen())
    headline = texts.headline(scene.round.match)
    assert at[headline] == at["Moves"]


def test_undo_is_drawn_disabled_until_there_is_a_move_of_yours_to_take_back(
    worker: FakeWorker,
) -> None:
    # The computer starts: its first move is on the board, but undo goes back to your last
    # turn and there is none, so the button must not look as if it worked (issue 26, item 3).
    app = make_app(worker)
    try:
        scene = start(app, Mode.VS_COMPUTER, starter="computer")
        advance(app, 1.0)
        assert scene.board.ply == 1 and scene.round.match.human_to_move
        assert not scene.buttons.get("undo").enabled
        app.step([drop_key(0)], FRAME)
        advance(app, 1.0)
        assert scene.board.ply == 3
        assert scene.buttons.get("undo").enabled
    finally:
        app.close()


# -- issue 26, item 6: what a player saw that was not right ---------------------------


@pytest.mark.parametrize("press", [pygame.K_ESCAPE, pygame.K_n])
def test_a_dialog_over_the_game_shows_no_disc_frozen_in_the_air(app: App, press: int) -> None:
    scene = start(app, Mode.TWO_PLAYERS, moves="12")
    app.step([drop_key(3)], FRAME)
    assert scene.falling is not None and scene.falling.y < scene.falling.target
    app.step([key(press)], FRAME)  # the pause menu, or the question before a new game
    assert isinstance(app.scene, PauseScene | ConfirmScene)
    drop = scene.falling
    assert drop is None or drop.y == drop.target  # drawn on its cell beneath the dialog
    app.step([key(pygame.K_ESCAPE)], FRAME)
    advance(app, 0.2)
    assert on_top(app) is scene and scene.falling is None
    assert scene.board.moves == "124"


def test_notices_on_the_play_screen_come_one_at_a_time_and_cover_no_part_of_the_game(
    app: App,
) -> None:
    scene = start(app, Mode.TWO_PLAYERS, moves="444444")
    app.step([drop_key(3)], FRAME)  # "Column 4 is full."
    app.step([key(pygame.K_a)], FRAME)  # "Analysis on."
    app.step([key(pygame.K_m)], FRAME)  # "Sound on."
    surface = screen()
    layout = scene.layout(surface.get_size())
    drawn = app.stage.notices.draw(surface, app.stage, scene.notice_place(surface.get_size()))
    assert len(drawn) == 1 and "Sound" in app.stage.notices.shown[-1].text
    board = layout.board
    game = board.frame_rect.union(
        pygame.Rect(
            board.frame_rect.x, layout.score_y - board.cell, board.frame_rect.width, board.cell * 2
        )
    )
    assert not any(box.colliderect(game) for box in drawn)  # scores, hover row, board
    assert all(layout.panel.contains(box) for box in drawn)
    assert not any(box.colliderect(button) for box in drawn for button in layout.buttons.values())


def test_the_last_move_is_called_a_guess_only_at_the_level_that_can_prove_it() -> None:
    # A depth level never proves its moves: "best guess" after each was noise.
    app = make_app(FakeWorker(answer=guessing))
    try:
        scene = start(app)
        app.step([drop_key(0)], FRAME)
        advance(app, 1.0)
        assert scene.board.moves == "14"
        assert proof_line(scene) == ""
    finally:
        app.close()


def test_f11_leaves_the_keyboard_cursor_where_it_was(app: App) -> None:
    """Fullscreen changes the window under a still mouse: SDL's motion event (without a
    movement) does not move the cursor to the column now under the pointer."""
    scene = start(app, Mode.TWO_PLAYERS)
    g = scene.layout(app.size).board
    pointer = (g.column_x(0), g.centre(0, 2)[1])
    moved = pygame.event.Event(
        pygame.MOUSEMOTION, pos=pointer, rel=(4, 0), buttons=(0, 0, 0), touch=False
    )
    app.step([moved], FRAME)
    assert scene.cursor == 0
    app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT)], FRAME)
    assert scene.cursor == 2
    still = pygame.event.Event(
        pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0), touch=False
    )
    app.step([key(pygame.K_F11), still], FRAME)
    assert scene.cursor == 2
    app.step([moved], FRAME)  # the mouse moves: the cursor follows it again
    assert scene.cursor == 0


def test_a_language_chosen_under_the_pause_menu_relabels_the_game_behind_it(app: App) -> None:
    """The pause menu shows its game through it: a language chosen from its Settings
    changes the game's buttons at once, not only once the game resumes."""
    scene = start(app, Mode.TWO_PLAYERS, moves="12")
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, PauseScene)
    english = [item.label for item in scene.buttons.items]
    i18n.use("de")  # as the settings screen does, over the pause menu
    german = [item.label for item in scene.buttons.items]
    assert german != english and "Menü" in german
    i18n.use(i18n.ENGLISH)
    assert [item.label for item in scene.buttons.items] == english


def test_down_on_the_game_over_buttons_moves_the_focus_and_starts_nothing(app: App) -> None:
    """Once the game is over its buttons are the choice: Down moves the focus, as in the
    menus (before, it pressed the focused Play again and a new game began)."""
    scene = start(app, moves=WIN_SETUP)
    app.step([drop_key(6)], FRAME)
    advance(app, 1.0)
    assert scene.over and scene.buttons.focused is not None
    first = scene.buttons.focused.key
    moves = scene.board.moves
    app.step([key(pygame.K_DOWN)], FRAME)
    assert app.scene is scene and scene.over and scene.board.moves == moves
    assert scene.buttons.focused is not None and scene.buttons.focused.key != first


def test_home_and_end_on_the_game_over_buttons_go_to_the_first_and_the_last(app: App) -> None:
    scene = start(app, moves=WIN_SETUP)
    app.step([drop_key(6)], FRAME)
    advance(app, 1.0)
    assert scene.over
    keys = [item.key for item in scene.buttons.items if item.enabled]
    app.step([key(pygame.K_END)], FRAME)
    assert scene.buttons.focused is not None and scene.buttons.focused.key == keys[-1]
    app.step([key(pygame.K_HOME)], FRAME)
    assert scene.buttons.focused is not None and scene.buttons.focused.key == keys[0]
    assert app.scene is scene  # nothing pressed
