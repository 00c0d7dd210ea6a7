"""Settings, the new-game choices and the statistics, through the screens and back from disk."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.profile.rating import nearest_level, shipped_level_ratings
from game.profile.settings import SettingsStore
from game.ui import rating_view
from game.ui.app import App
from game.ui.names import level_name
from game.ui.options import LaunchOptions, Mode
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stack import Go, OpenSetup
from game.ui.text import Drawn
from tests import fakes
from tests.fakes import FRAME, click, key, screen


def make_app(store: SettingsStore | None = None) -> App:
    """A window with the settings as they are saved (the sound and speed untouched)."""
    app = fakes.make_app(store=store, quiet=False, fast=False)
    app.step([], FRAME)
    return app


@pytest.fixture
def app() -> Iterator[App]:
    window = make_app()
    yield window
    window.close()


def press(app: App, *codes: int) -> None:
    for code in codes:
        app.step([key(code)], FRAME)


def focus(scene: SettingsScene | SetupScene, key_name: str) -> None:
    scene.items.focus_on(key_name)


def test_settings_changed_on_screen_are_saved_and_read_back(app: App) -> None:
    app.go(Go.SETTINGS)
    app.step([], FRAME)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    focus(scene, "volume")
    press(app, pygame.K_LEFT, pygame.K_LEFT)  # 70% -> 50%
    focus(scene, "theme")
    press(app, pygame.K_RIGHT)  # high contrast
    focus(scene, "show_analysis")
    press(app, pygame.K_RETURN)  # on
    focus(scene, "perfect_budget")
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)  # 3 s -> 10 s
    # The mouse works too: a click on the row's left arrow steps back.
    rect = scene.layout(app.size).rects["animation_speed"]
    app.step(click((rect.right - rect.width * 11 // 20 + 5, rect.centery)), FRAME)
    assert app.stage.theme.name == "high-contrast"  # applied at once
    press(app, pygame.K_ESCAPE)  # leaving saves
    assert isinstance(app.scene, MenuScene)
    app.saver.flush()

    saved = SettingsStore().load()
    assert saved.warnings == []
    assert saved.settings.volume == pytest.approx(0.5)
    assert saved.settings.theme == "high-contrast"
    assert saved.settings.show_analysis is True
    assert saved.settings.perfect_budget == 10.0
    assert saved.settings.animation_speed == 0.5

    # A new game window reads them back and shows them.
    again = make_app()
    try:
        assert again.settings.volume == pytest.approx(0.5)
        assert again.stage.theme.name == "high-contrast"
        again.go(Go.SETTINGS)
        shown = again.scene
        assert isinstance(shown, SettingsScene)
        assert shown.items.get("volume").value_text == "50%"
        assert shown.items.get("perfect_budget").value_text == "10 s"
        assert shown.items.get("show_analysis").value_text == "On"
    finally:
        again.close()


def test_a_corrupted_settings_file_gives_defaults_and_a_notice() -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text('{"version": 1, "settings": {"volume": 0.2,', encoding="utf-8")
    app = make_app(store)
    try:
        assert app.settings.volume == 0.7 and app.settings.theme == "classic"
        assert any("damaged" in notice.text for notice in app.stage.notices.shown)
        assert list(store.path.parent.glob("settings.json.bad-*"))
    finally:
        app.close()
    # Told once: the next start is quiet.
    quiet = make_app(SettingsStore())
    try:
        assert quiet.stage.notices.shown == []
    finally:
        quiet.close()


def test_an_out_of_range_setting_is_clamped_and_the_player_is_not_stopped() -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(
        '{"version": 1, "settings": {"volume": 7, "window_size": [10, 10]}}', encoding="utf-8"
    )
    app = make_app(store)
    try:
        assert app.settings.volume == 1.0
        assert app.settings.window_size == (640, 480)
    finally:
        app.close()


def test_new_game_choices_are_remembered(app: App) -> None:
    app.go(OpenSetup(Mode.VS_COMPUTER))
    scene = app.scene
    assert isinstance(scene, SetupScene)
    assert not scene.items.get("depth").enabled  # only for a custom depth
    focus(scene, "level")
    press(app, pygame.K_LEFT)  # Medium -> Easy
    focus(scene, "level")
    for _ in range(10):
        if scene.items.get("level").value == "Custom":
            break
        press(app, pygame.K_RIGHT)
    assert scene.items.get("depth").enabled
    focus(scene, "depth")
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)  # 5 -> 7
    focus(scene, "starter")
    press(app, pygame.K_RIGHT)  # the computer
    focus(scene, "colour")
    press(app, pygame.K_RIGHT)  # yellow
    focus(scene, "start")
    press(app, pygame.K_RETURN)
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.config.level.name == "Custom 7" and play.config.level.depth == 7
    assert (
        play.round.match.human is not None
        and play.round.match.colour_of(play.round.match.human) == "yellow"
    )
    app.saver.flush()
    saved = SettingsStore().load().settings
    assert (saved.level, saved.custom_depth, saved.starter, saved.colour) == (
        "Custom",
        7,
        "computer",
        "yellow",
    )


def test_m_mutes_and_f11_toggles_fullscreen_from_any_screen(app: App) -> None:
    assert app.settings.sound_on
    press(app, pygame.K_m)
    assert not app.settings.sound_on and not app.stage.sounds.enabled
    press(app, pygame.K_F11)
    assert app.stage.window.fullscreen and app.settings.fullscreen
    assert app.saver.flush() == []  # both kept at once, not only when the window closes
    kept = app.saver.store.load().settings
    assert kept.fullscreen and not kept.sound_on
    press(app, pygame.K_F11)
    assert not app.stage.window.fullscreen
    assert app.size == fakes.WINDOW


def test_the_menu_reaches_every_screen_and_back(app: App) -> None:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    for item, expected in (
        ("play", "SetupScene"),
        ("watch", "SetupScene"),
        ("settings", "SettingsScene"),
        ("help", "HowToScene"),
    ):
        menu.items.focus_on(item)
        press(app, pygame.K_RETURN)
        assert type(app.scene).__name__ == expected
        press(app, pygame.K_ESCAPE)
        assert app.scene is menu
    menu.items.focus_on("two")
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene)
    assert app.scene.config.mode is Mode.TWO_PLAYERS


def test_home_and_end_reach_the_first_and_the_last_button(app: App) -> None:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    keys = [item.key for item in menu.items.items if item.enabled]
    press(app, pygame.K_END)
    assert menu.items.focused is not None and menu.items.focused.key == keys[-1]
    press(app, pygame.K_HOME)
    assert menu.items.focused is not None and menu.items.focused.key == keys[0]


def test_quit_from_the_menu_ends_the_loop(app: App) -> None:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    press(app, pygame.K_ESCAPE)  # Esc only moves to Quit
    assert app.running and menu.items.focused is not None
    assert menu.items.focused.key == "quit"
    assert app.step([key(pygame.K_RETURN)], FRAME) is False


def test_how_to_play_names_the_engine_kernel() -> None:
    from game.ui.names import engine_line  # noqa: PLC0415

    assert engine_line("compiled") == "Engine: compiled (fast)"
    slow = engine_line("pure Python (the compiled kernel is not installed)")
    assert "pure Python (the compiled kernel is not installed)" in slow
    assert "more slowly" in slow


def test_the_window_names_the_kernel_without_loading_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window tells which kernel the worker runs from the files and the environment,
    in the backend's words, without importing the kernel's module."""
    from game.ai import backend  # noqa: PLC0415 - the truth the window's answer must match
    from game.ai.kernel_switch import PURE_ENV  # noqa: PLC0415
    from game.ui import engine_link  # noqa: PLC0415

    assert engine_link.kernel_name() == backend.KERNEL_NAME
    monkeypatch.delitem(sys.modules, "game.ai.backend")
    assert engine_link.kernel_name() == backend.KERNEL_NAME
    monkeypatch.setenv(PURE_ENV, "1")
    assert engine_link.kernel_name() == f"pure Python ({PURE_ENV} is set)"


def test_the_window_saves_the_winning_streaks(app: App) -> None:
    app.saver.record_result("Hard", "win")
    app.saver.record_result("Hard", "win")
    app.saver.flush()
    saved = SettingsStore(app.saver.store.path).load().stats.per_level["Hard"]
    assert (saved.wins, saved.streak, saved.best_streak) == (2, 2, 2)


def _setup_sentences(app: App) -> list[str]:
    """The lines the new-game screen writes under its items."""
    drawn: list[str] = []
    blit, blit_lines = app.stage.text.blit, app.stage.text.blit_lines

    def spy_blit(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        drawn.append(text)
        return blit(surface, text, *args, **kw)  # type: ignore[arg-type]

    def spy_lines(surface: pygame.Surface, lines: list[str], *args: object, **kw: object) -> object:
        drawn.append(" ".join(lines))
        return blit_lines(surface, lines, *args, **kw)  # type: ignore[arg-type]

    app.stage.text.blit = spy_blit  # type: ignore[method-assign,assignment]
    app.stage.text.blit_lines = spy_lines  # type: ignore[method-assign,assignment]
    try:
        app.scene.draw(screen())
    finally:
        del app.stage.text.blit, app.stage.text.blit_lines
    return drawn


def test_a_custom_depth_that_is_a_levels_says_so_beside_that_levels_record(app: App) -> None:
    # Issue 26, item 6: "Custom depth 6" showed "Your record at Medium" with no word why.
    app.saver.stats.record("Medium", "win")
    app.go(OpenSetup(Mode.VS_COMPUTER))
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup.items.get("level").select("Custom")
    setup.items.get("depth").select(6)
    setup.changed("level")
    said = " ".join(_setup_sentences(app))
    assert "Depth 6 is Medium" in said and "1 won" in said
    setup.items.get("depth").select(7)
    assert "You have not played depth 7 yet" in " ".join(_setup_sentences(app))


def test_the_new_game_screen_names_the_colours_of_the_theme_in_use(app: App) -> None:
    # Issue 26, item 6: with the blue and orange theme it still said "Your colour: Red".
    app.go(OpenSetup(Mode.VS_COMPUTER))
    setup = app.scene
    assert isinstance(setup, SetupScene)
    assert setup.items.get("colour").value_text == "Red"
    app.settings.theme = "blue-orange"
    app.apply_settings()
    app.step([], FRAME)
    assert setup.items.get("colour").value_text == "Orange"
    app.go(OpenSetup(Mode.WATCH))
    assert app.scene.items.get("level").label == "Orange plays at"  # type: ignore[attr-defined]


def test_a_new_player_is_offered_the_level_the_screen_suggests(tmp_path: Path) -> None:
    """Nothing played yet: the level row starts at the level nearest the starting rating,
    the one the line under it names; once a game is counted, the level chosen last."""
    app = App(
        LaunchOptions(window_size=(800, 600)),
        worker=fakes.FakeWorker(),
        store=SettingsStore(tmp_path / "settings.json"),
    )
    app.open()
    try:
        preferences, saver = app.navigator.services.preferences, app.saver
        ratings = shipped_level_ratings()
        assert ratings is not None
        nearest = nearest_level(saver.stats.rating.rating, ratings)
        assert nearest != app.settings.level  # the default level is not the nearest one
        setup = SetupScene(app.stage, Mode.VS_COMPUTER, preferences, saver)
        assert setup.level.name == nearest
        assert level_name(nearest) in rating_view.suggestion(saver.stats.rating, ratings)
        saver.stats.record("Hard", "loss")
        setup = SetupScene(app.stage, Mode.VS_COMPUTER, preferences, saver)
        assert setup.level.name == app.settings.level
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (640, 480)])
@pytest.mark.parametrize("language", ["fr", "pl", "de", "en"])
def test_the_settings_note_is_said_whole_or_not_at_all(
    size: tuple[int, int], language: str
) -> None:
    options = LaunchOptions(window_size=size, fullscreen=False, language=language)
    app = App(options, worker=fakes.FakeWorker())
    app.open(sounds=False)
    try:
        app.go(Go.SETTINGS)
        drawn: list[Drawn] = []
        app.stage.text.watch(drawn.append)
        app.step([], FRAME)
        note = i18n.gettext("Changes apply at once and are saved when you leave this screen.")
        words = note.split()
        parts = [d for d in drawn if d.text and all(w in words for w in d.text.split())]
        said = [w for d in parts for w in d.text.split()]
        assert said in ([], words), (language, size, said)  # never a sentence cut short
        assert all(d.rect.bottom <= size[1] for d in parts)
        if size == (800, 600):
            assert said == words  # room enough there in every language
    finally:
        app.close()
