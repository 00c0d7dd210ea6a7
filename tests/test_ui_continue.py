"""Nothing lost by a misclick: the game in progress survives the main menu and a
restart, and a new game asks before it takes an unfinished one's place."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.levels import level_by_name
from game.core import Player
from game.profile.choices import DiscColour, Starter
from game.profile.saved_game import SavedGame
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.match import ABANDON_LOSS_MOVES, Session
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene, texts
from game.ui.scenes.setup import SetupScene
from tests import fakes
from tests.fakes import FRAME, FakeWorker, advance, click, key, on_top, start_game

HARD = level_by_name("Hard")
SIZE = (800, 600)


def make_app(path: Path) -> App:
    return fakes.make_app(store=SettingsStore(path))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "settings.json"


def play(app: App, *columns: int) -> PlayScene:
    scene = app.scene
    assert isinstance(scene, PlayScene)
    advance(app, 1.0)  # the computer's first move, when it starts
    for column in columns:
        app.step([key(pygame.K_1 + column)], FRAME)
        advance(app, 1.0)  # the disc lands; the computer answers and its disc lands
    return scene


def menu_items(app: App) -> list[str]:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    return [item.key for item in menu.items.items]


def press(app: App, item: str) -> None:
    scene = app.scene
    rects = scene.layout(app.size).rects  # type: ignore[attr-defined]
    app.step(click(rects[item].center), FRAME)


def to_menu(app: App) -> None:
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, PauseScene)
    press(app, "menu")
    assert isinstance(app.scene, MenuScene)


def test_the_main_menu_continues_the_game_it_was_opened_from(path: Path) -> None:
    app = make_app(path)
    try:
        assert "continue" not in menu_items(app)  # nothing to continue yet
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=HARD, starter=Starter.COMPUTER))
        scene = play(app, 2, 3)
        moves = scene.board.moves
        assert len(moves) == 5  # the computer started
        to_menu(app)
        assert menu_items(app)[0] == "continue"
        assert app.scene.items.focused.key == "continue"  # type: ignore[attr-defined]
        press(app, "continue")
        resumed = app.scene
        assert isinstance(resumed, PlayScene) and resumed is not scene
        assert resumed.round.match.board.moves == moves
        assert resumed.round.match.human == Player.SECOND and resumed.config.level == HARD
        assert resumed.round.match.human_to_move
    finally:
        app.close()


def test_a_game_in_progress_is_restored_after_a_quit_with_its_redo_and_score(
    path: Path,
) -> None:
    app = make_app(path)
    start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=HARD))
    scene = play(app, 3, 3, 2, 4)
    scene.round.session.wins[DiscColour.RED] = 2  # an earlier game of the series
    app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)], FRAME)  # undo: "5" can be redone
    assert scene.board.moves == "443"
    app.step([pygame.event.Event(pygame.QUIT)], FRAME)
    app.close()

    again = make_app(path)
    try:
        assert again.saver.game_in_progress is not None
        assert menu_items(again)[0] == "continue"
        press(again, "continue")
        resumed = again.scene
        assert isinstance(resumed, PlayScene)
        assert resumed.config.mode is Mode.TWO_PLAYERS
        assert resumed.round.match.board.moves == "443"
        assert texts.score_line(resumed.round.session)[0] == ("Red", 2)
        again.step([key(pygame.K_y, mod=pygame.KMOD_CTRL)], FRAME)  # redo
        assert resumed.round.match.board.moves == "4435"
    finally:
        again.close()


def test_a_finished_game_is_not_kept_to_continue(path: Path) -> None:
    app = make_app(path)
    try:
        start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=HARD, start_moves="445566"))
        scene = play(app, 6)
        assert scene.over
        assert app.saver.game_in_progress is None
        to_menu(app)
        assert "continue" not in menu_items(app)
    finally:
        app.close()
    assert SettingsStore(path).load().game is None


def test_starting_a_new_game_asks_first_and_no_keeps_the_old_one(path: Path) -> None:
    app = make_app(path)
    try:
        start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=HARD))
        play(app, 0, 1)
        to_menu(app)
        press(app, "two")  # "Two players" starts a game at once: it asks first
        question = app.scene
        assert isinstance(question, ConfirmScene)
        assert question.items.focused is not None and question.items.focused.key == "no"
        assert "two-player game (2 discs played) is not finished" in question.question.detail
        assert question.items.get("no").label == "Continue it"
        app.step([key(pygame.K_LEFT)], FRAME)  # the arrows move between the answers too
        assert question.items.focused.key == "yes"
        app.step([key(pygame.K_RIGHT)], FRAME)
        assert question.items.focused.key == "no"
        app.step([key(pygame.K_ESCAPE)], FRAME)  # Esc: back to the screen that asked
        assert isinstance(app.scene, MenuScene) and menu_items(app)[0] == "continue"
        press(app, "two")
        press(app, "no")  # "Continue it": back in the kept game
        kept = app.scene
        assert isinstance(kept, PlayScene) and kept.round.match.board.moves == "12"
        to_menu(app)
        press(app, "two")
        press(app, "yes")
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.board.moves == ""
        assert app.saver.game_in_progress is None
    finally:
        app.close()


def test_leaving_a_game_against_the_computer_a_few_moves_in_counts_as_a_loss(
    path: Path,
) -> None:
    """Two moves in, N leaves the game uncounted; four moves in, the question says the
    game counts as a loss, and it does (the streak ends, the rating moves): by N, and by
    a new game from the main menu."""
    app = make_app(path)
    try:
        app.saver.stats.record("Hard", "win")
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=HARD, starter=Starter.YOU))
        play(app, 0)
        app.step([key(pygame.K_n)], FRAME)
        question = app.scene
        assert isinstance(question, ConfirmScene) and "not counted" in question.question.detail
        press(app, "yes")
        assert app.saver.stats.per_level["Hard"].losses == 0
        scene = play(app, 0, 1)
        assert len(scene.round.match.board.moves) >= ABANDON_LOSS_MOVES
        rated = app.saver.stats.rating.count
        app.step([key(pygame.K_n)], FRAME)
        question = app.scene
        assert isinstance(question, ConfirmScene) and "counts as a loss" in question.question.detail
        press(app, "yes")
        record = app.saver.stats.per_level["Hard"]
        assert (record.losses, record.streak) == (1, 0)
        assert app.saver.stats.rating.count == rated + 1
        play(app, 0, 1)
        to_menu(app)
        press(app, "play")  # the new-game screen
        app.step([key(pygame.K_RETURN)], FRAME)  # Start: it asks first
        question = app.scene
        assert isinstance(question, ConfirmScene) and "counts as a loss" in question.question.detail
        press(app, "yes")
        assert app.saver.stats.per_level["Hard"].losses == 2
        # Your games holds both, lost by leaving, as the statistics count them.
        left = app.saver.all_games()
        assert [game.result_for_human() for game in left] == ["loss", "loss"]
        assert all(game.forfeit == 0 and not game.board.is_over for game in left)
    finally:
        app.close()


def test_n_in_an_unfinished_game_asks_and_keeps_the_game_when_told_no(path: Path) -> None:
    app = make_app(path)
    try:
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=HARD))
        scene = play(app, 3)
        moves = scene.board.moves
        app.step([key(pygame.K_n)], FRAME)
        assert isinstance(app.scene, ConfirmScene)
        app.step([key(pygame.K_RETURN)], FRAME)  # Enter by habit answers "no"
        assert on_top(app) is scene and scene.board.moves == moves
        app.step([key(pygame.K_n)], FRAME)
        press(app, "yes")
        assert on_top(app) is scene and scene.board.moves == ""
    finally:
        app.close()


def test_the_saved_game_follows_every_move_undo_and_redo(path: Path) -> None:
    app = make_app(path)
    try:
        start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=HARD))
        play(app, 3, 2)
        app.saver.flush()
        saved = SettingsStore(path).load().game
        assert saved is not None and saved.moves == "43"
        app.step([key(pygame.K_z, mod=pygame.KMOD_CTRL)], FRAME)
        app.saver.flush()
        saved = SettingsStore(path).load().game
        assert saved is not None and (saved.moves, saved.redo) == ("4", "3")
    finally:
        app.close()


@pytest.mark.parametrize(
    ("config", "human_first"),
    [
        (
            GameConfig(
                mode=Mode.VS_COMPUTER,
                level=HARD,
                starter=Starter.ALTERNATE,
                colour=DiscColour.YELLOW,
            ),
            False,
        ),
        (GameConfig(mode=Mode.VS_COMPUTER, level=level_by_name("Easy")), True),
        (GameConfig(mode=Mode.TWO_PLAYERS, level=HARD, start_moves="4"), True),
        (
            GameConfig(
                mode=Mode.WATCH, level=level_by_name("Easy"), second_level=level_by_name("Master")
            ),
            True,
        ),
    ],
)
def test_a_session_survives_its_saved_form(config: GameConfig, human_first: bool) -> None:
    session = Session(config)
    session.wins[DiscColour.YELLOW] = 3
    session.draws = 1
    match = session.next_match()
    if config.starter == "alternate":
        match = session.next_match()  # the second game of the series: the computer starts
    assert (match.human == Player.FIRST) is human_first or config.mode is not Mode.VS_COMPUTER
    for column in (3, 2, 2, 5):
        match.board.play(column)
    match.board.undo()
    saved = session.saved(match)
    assert saved is not None
    assert SavedGame.from_json(saved.to_json()) == saved
    restored_session, restored = Session.restore(saved)
    assert restored_session.config == config
    assert restored.board == match.board and restored.board.redo_moves == "6"
    assert restored.human == match.human
    assert texts.score_line(restored_session) == texts.score_line(session)
    # The series goes on as it would have: the same starter again, then the other.
    assert restored_session.restart_match().human == match.human


def keep_a_game(path: Path) -> SavedGame:
    """Play two moves against Hard and quit: the game is kept in the file at ``path``."""
    app = make_app(path)
    try:
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=HARD))
        play(app, 0)
    finally:
        app.close()
    kept = SettingsStore(path).load().game
    assert kept is not None and kept.moves == "14"
    return kept


def launch(path: Path, **options: object) -> App:
    """The game started from the command line with ``options`` (``--level``...)."""
    app = App(
        LaunchOptions(window_size=SIZE, fullscreen=False, **options),  # type: ignore[arg-type]
        worker=FakeWorker(),
        store=SettingsStore(path),
    )
    app.settings.sound_on = False
    app.open()
    return app


def test_a_game_from_the_command_line_asks_before_it_replaces_the_kept_one(path: Path) -> None:
    # Issue 26, item 1: --level, --depth or --position while a game was kept dropped it
    # without a word once the first move was played.
    kept = keep_a_game(path)
    app = launch(path, level=level_by_name("Expert"))
    try:
        question = app.scene
        assert isinstance(question, ConfirmScene)
        assert "Your game against Hard (2 discs played)" in question.question.detail
        assert app.saver.game_in_progress == kept
        press(app, "yes")  # the command line's game, which takes the kept one's place
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.config.level.name == "Expert"
        assert app.saver.game_in_progress is None
    finally:
        app.close()
    assert SettingsStore(path).load().game is None


def test_the_default_answer_at_launch_continues_the_kept_game_and_loses_nothing(
    path: Path,
) -> None:
    # Issue 26, item 2: the question about a kept game came while another game was on
    # screen, and its default ("Continue it") dropped that one.  Now it comes first,
    # before any game is shown, so its default drops nothing.
    kept = keep_a_game(path)
    app = launch(path, position="4453")
    try:
        assert not any(isinstance(scene, PlayScene) for scene in app.scenes)
        question = app.scene
        assert isinstance(question, ConfirmScene) and question.below is None
        assert question.items.focused is not None and question.items.focused.key == "no"
        app.step([key(pygame.K_RETURN)], FRAME)
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.board.moves == kept.moves
        assert app.saver.game_in_progress == kept
    finally:
        app.close()


def test_watching_two_computers_leaves_your_kept_game_waiting(path: Path) -> None:
    # Issue 26, item 7: starting to watch offered to discard your own unfinished game,
    # without saying it could be continued later.  Watching takes no game's place.
    kept = keep_a_game(path)
    app = make_app(path)
    try:
        press(app, "watch")
        assert isinstance(app.scene, SetupScene)
        press(app, "start")
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.config.mode is Mode.WATCH
        advance(app, 3.0)
        assert scene.board.ply > 0
        assert app.saver.game_in_progress == kept
        said = " ".join(notice.text for notice in app.stage.notices.shown)
        assert "Your game against Hard (2 discs played) waits" in said and "Continue" in said
        app.step([key(pygame.K_n)], FRAME)  # the next game of two computers: still kept
        advance(app, 1.0)
        assert app.saver.game_in_progress == kept
        to_menu(app)
        assert menu_items(app)[0] == "continue"
    finally:
        app.close()
    assert SettingsStore(path).load().game == kept


def test_ctrl_q_quits_as_the_close_button_does_and_the_game_is_kept(path: Path) -> None:
    app = make_app(path)
    start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=HARD))
    scene = play(app, 3, 3)  # columns from 0: "44"
    assert app.step([key(pygame.K_q, mod=pygame.KMOD_SHIFT | pygame.KMOD_CTRL)], FRAME)
    assert app.step([key(pygame.K_q)], FRAME)  # neither is Ctrl+Q: the game goes on
    assert scene.board.moves == "44"
    assert app.step([key(pygame.K_q, mod=pygame.KMOD_LCTRL)], FRAME) is False
    app.close()

    again = make_app(path)
    try:
        assert menu_items(again)[0] == "continue"
        press(again, "continue")
        assert isinstance(again.scene, PlayScene)
        assert again.scene.round.match.board.moves == "44"
    finally:
        again.close()


def test_two_save_problems_at_once_are_one_notice_so_that_neither_is_hidden(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The play screen shows one notice at a time: a failed history and a failed
    settings file, found in one frame, must both be read."""
    app = make_app(path)
    try:
        start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=HARD))
        history = "The game could not be kept in your history (the disk is full)."
        settings = "Your settings and statistics could not be saved."
        # Two saves failed alike (the result, then the game cleared): said once.
        problems = [history, settings, settings]
        monkeypatch.setattr(app.saver, "collect", lambda: list(problems))
        app.step([], FRAME)
        shown = [notice.text for notice in app.stage.notices.shown]
        assert shown == [f"{history} {settings}"]
    finally:
        monkeypatch.undo()
        app.close()
