"""The language in the window: chosen in the settings (at once, saved, every screen in it
after), or for one run on the command line; the window's title follows."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game import i18n
from game.ai.levels import level_by_name
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.stack import Go
from tests.fakes import FRAME, FakeWorker, key, scripted, start_game

WINS_NEXT = "445566"
"""Red wins with column 7."""


@contextmanager
def window(language: str | None = None, worker: FakeWorker | None = None) -> Iterator[App]:
    """The game's window (``language``: the command line's ``--language``), closed after."""
    app = App(
        LaunchOptions(window_size=(800, 600), fullscreen=False, language=language),
        worker=worker or FakeWorker(),
        store=SettingsStore(),
    )
    app.open()
    app.step([], FRAME)
    try:
        yield app
    finally:
        app.close()


def choose_language(app: App, code: str) -> SettingsScene:
    """Step the settings' language row to ``code`` with the arrow keys."""
    app.go(Go.SETTINGS)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    scene.items.focus_on("language")
    row = scene.items.get("language")
    for _ in range(len(row.choices)):
        if row.value == code:
            break
        app.step([key(pygame.K_RIGHT)], FRAME)
    assert row.value == code
    return scene


def test_a_language_chosen_in_the_settings_applies_at_once_and_is_saved() -> None:
    with window() as app:
        settings = choose_language(app, "de")
        assert i18n.current() == "de"
        assert settings.title == "Einstellungen"
        assert settings.items.get("back").label == "Zurück"
        assert pygame.display.get_caption()[0] == "Vier gewinnt"
        app.step([key(pygame.K_ESCAPE)], FRAME)  # back to the menu, which speaks German too
        menu = app.scene
        assert isinstance(menu, MenuScene)
        assert menu.title == "Vier gewinnt"
        assert menu.items.get("play").label == "Gegen den Computer"
        app.saver.flush()
    assert SettingsStore().load().settings.language == "de"


def test_the_saved_language_is_spoken_at_the_next_start() -> None:
    with window() as app:
        choose_language(app, "uk")
        app.step([key(pygame.K_ESCAPE)], FRAME)
    i18n.use(i18n.ENGLISH)
    with window() as again:
        assert i18n.current() == "uk"
        assert isinstance(again.scene, MenuScene) and again.scene.title == "Чотири в ряд"


def test_the_command_line_language_holds_until_the_player_chooses_another() -> None:
    with window() as first:
        choose_language(first, "pl")
    with window(language="fr") as app:
        assert i18n.current() == "fr"  # not the saved Polish
        choose_language(app, "es")
        assert i18n.current() == "es"


def test_system_names_the_language_it_follows() -> None:
    with window() as app:
        settings = choose_language(app, i18n.SYSTEM)
        assert settings.items.get("language").value_text == "System (English)"


@pytest.mark.parametrize("mode", [Mode.TWO_PLAYERS, Mode.WATCH])
def test_a_finished_games_buttons_follow_a_language_chosen_from_the_pause_menu(
    mode: Mode,
) -> None:
    with window(worker=FakeWorker(answer=scripted([6]))) as app:
        beginner = level_by_name("Beginner")
        start_game(app, GameConfig(mode=mode, level=beginner, start_moves=WINS_NEXT))
        app.step([key(pygame.K_7)], FRAME)
        play = app.scene
        for _ in range(300):
            if isinstance(play, PlayScene) and play.round.over:
                break
            app.step([], FRAME)
        assert isinstance(play, PlayScene) and play.round.over
        english = [item.label for item in play.buttons.items]
        app.step([key(pygame.K_ESCAPE)], FRAME)  # the pause menu
        choose_language(app, "de")
        app.step([key(pygame.K_ESCAPE)], FRAME)  # back to the pause menu
        app.step([key(pygame.K_ESCAPE)], FRAME)  # back to the game
        assert app.scene is play
        german = [item.label for item in play.buttons.items]
        assert german[:2] == ["Nochmal spielen", "Partie durchgehen"]
        assert not set(german) & set(english)


def test_the_settings_show_the_language_the_command_line_chose() -> None:
    with window(language="zh_CN") as app:
        app.go(Go.SETTINGS)
        settings = app.scene
        assert isinstance(settings, SettingsScene)
        app.step([], FRAME)
        assert settings.items.get("language").value_text == i18n.LANGUAGES["zh_CN"]
        assert app.settings.language == i18n.SYSTEM  # the saved choice is untouched
