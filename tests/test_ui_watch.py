"""Two computers playing: a level for each side, a speed setting, pause and step."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ai.levels import level_by_name
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.testing import FRAME, FakeWorker, advance, click, key

EASY, MASTER = level_by_name("Easy"), level_by_name("Master")


@pytest.fixture
def worker() -> FakeWorker:
    return FakeWorker()


@pytest.fixture
def app(worker: FakeWorker) -> Iterator[App]:
    app = App(
        LaunchOptions(window_size=(800, 600), fullscreen=False),
        worker=worker,
        store=SettingsStore(),
    )
    app.settings.sound_on = False
    app.settings.animation_speed = 3.0
    app.open()
    yield app
    app.close()


def watch(app: App) -> PlayScene:
    app.start_game(GameConfig(mode=Mode.WATCH, level=EASY, second_level=MASTER))
    app.step([], FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


def test_the_setup_screen_chooses_a_level_for_each_side(app: App) -> None:
    app.open_setup(Mode.WATCH)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup.items.get("level").select("Easy")
    setup.items.get("level2").select("Master")
    assert [item.label for item in setup.items.items][:2] == ["Red plays at", "Yellow plays at"]
    app.step(click(setup.layout(app.size).rects["start"].center), FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    assert scene.config.level == EASY and scene.config.second_level == MASTER
    assert app.settings.watch_level == "Master"  # offered again next time
    assert scene.levels_text() == "Red: Easy 3, Yellow: Master 17"


def test_each_side_searches_at_its_own_level(app: App, worker: FakeWorker) -> None:
    app.settings.watch_delay = 0.0
    watch(app)
    advance(app, 3.0)
    moves = [request for _, kind, request in worker.submitted if kind == "move"]
    assert len(moves) >= 4
    for request in moves:
        expected = EASY if len(request.moves) % 2 == 0 else MASTER
        assert request.depth == expected.depth


def test_pause_stops_the_game_and_step_plays_one_move(app: App) -> None:
    scene = watch(app)
    app.step([key(pygame.K_p)], FRAME)
    assert scene.paused and scene._turn_text().startswith("Paused")
    advance(app, 5.0)
    assert scene.match.board.ply == 0  # nothing moves, however long one waits
    app.step([key(pygame.K_s)], FRAME)
    advance(app, 5.0)
    assert scene.match.board.ply == 1  # one step, one move
    app.step([key(pygame.K_s)], FRAME)
    advance(app, 5.0)
    assert scene.match.board.ply == 2
    app.step([key(pygame.K_p)], FRAME)  # go on
    advance(app, 5.0)
    assert scene.match.board.ply > 3


def test_the_speed_setting_decides_how_long_each_move_stays(app: App) -> None:
    scene = watch(app)
    assert scene.speed_name == "Normal"
    app.step([key(pygame.K_f)], FRAME)
    assert scene.speed_name == "Fast" and app.settings.watch_delay == 0.15
    app.step([key(pygame.K_f)], FRAME)
    assert scene.speed_name == "Slow"
    assert scene.buttons.get("speed").label == "Speed: Slow"
    start = scene.match.board.ply
    advance(app, 1.5)  # slow: a move every 2 s at least
    assert scene.match.board.ply <= start + 1
    advance(app, 6.0)
    assert scene.match.board.ply >= start + 3


def test_the_watch_buttons_pause_step_and_change_speed(app: App) -> None:
    scene = watch(app)
    rects = scene.layout(app.size).buttons
    app.step(click(rects["pause"].center), FRAME)
    assert scene.paused
    assert scene.buttons.get("pause").label == "Go on"
    app.step(click(rects["step"].center), FRAME)
    advance(app, 3.0)
    assert scene.match.board.ply == 1
    app.step(click(rects["speed"].center), FRAME)
    assert scene.speed_name == "Fast"
