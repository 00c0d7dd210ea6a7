"""Two computers playing: a level for each side, a speed setting, pause and step."""

from __future__ import annotations

import pygame
import pytest

from game.ai.levels import level_by_name
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes.play import PlayScene, texts
from game.ui.scenes.play.panel import turn_text
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stack import OpenSetup
from tests.fakes import FRAME, FakeWorker, advance, click, key, screen, start_game

EASY, MASTER = level_by_name("Easy"), level_by_name("Master")


def watch(app: App) -> PlayScene:
    start_game(app, GameConfig(mode=Mode.WATCH, level=EASY, second_level=MASTER))
    app.step([], FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


def test_the_setup_screen_chooses_a_level_for_each_side(app: App) -> None:
    app.go(OpenSetup(Mode.WATCH))
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup.items.get("level").select("Easy")
    setup.items.get("level2").select("Master")
    assert [item.label for item in setup.items.items][:2] == ["Red plays at", "Yellow plays at"]
    app.step(click(setup.layout(app.size).rects["start"].center), FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    assert scene.config.level == EASY and scene.config.second_level == MASTER
    # Offered again next time, and the player's own opponent stays as it was.
    assert (app.settings.watch_first, app.settings.watch_second) == ("Easy", "Master")
    assert app.settings.level == "Medium"
    names = app.stage.theme.colour_names
    levels = texts.levels_lines(scene.config, scene.round.match, names)
    # As the new-game screen names them (it said "Master (depth 21)", the panel "Master 21").
    assert levels == ["Red: Easy (depth 3)", "Yellow: Master (depth 21)"]


def test_each_side_searches_at_its_own_level(app: App, worker: FakeWorker) -> None:
    app.settings.watch_delay = 0.0
    watch(app)
    advance(app, 3.0)
    moves = [request for _, request in worker.submitted if not request.analyze]
    assert len(moves) >= 4
    for request in moves:
        expected = EASY if len(request.moves) % 2 == 0 else MASTER
        assert request.depth == expected.depth


def test_pause_stops_the_game_and_step_plays_one_move(app: App) -> None:
    scene = watch(app)
    app.step([key(pygame.K_p)], FRAME)
    assert scene.watching.paused and turn_text(scene).startswith("Paused")
    advance(app, 5.0)
    assert scene.board.ply == 0  # nothing moves, however long one waits
    app.step([key(pygame.K_s)], FRAME)
    advance(app, 5.0)
    assert scene.board.ply == 1  # one step, one move
    app.step([key(pygame.K_s)], FRAME)
    advance(app, 5.0)
    assert scene.board.ply == 2
    app.step([key(pygame.K_p)], FRAME)  # go on
    advance(app, 5.0)
    assert scene.board.ply > 3


def test_the_speed_setting_decides_how_long_each_move_stays(app: App) -> None:
    scene = watch(app)
    assert texts.speed_name(scene.watching.speed) == "Normal"
    app.step([key(pygame.K_f)], FRAME)
    assert texts.speed_name(scene.watching.speed) == "Fast" and app.settings.watch_delay == 0.15
    app.step([key(pygame.K_f)], FRAME)
    assert texts.speed_name(scene.watching.speed) == "Slow"
    assert scene.buttons.get("speed").label == "Speed: Slow"
    start = scene.board.ply
    advance(app, 1.5)  # slow: a move every 2 s at least
    assert scene.board.ply <= start + 1
    advance(app, 6.0)
    assert scene.board.ply >= start + 3


def test_the_watch_buttons_pause_step_and_change_speed(app: App) -> None:
    scene = watch(app)
    rects = scene.layout(app.size).buttons
    app.step(click(rects["pause"].center), FRAME)
    assert scene.watching.paused
    assert scene.buttons.get("pause").label == "Go on"
    app.step(click(rects["step"].center), FRAME)
    advance(app, 3.0)
    assert scene.board.ply == 1
    app.step(click(rects["speed"].center), FRAME)
    assert texts.speed_name(scene.watching.speed) == "Fast"


def _drawn(app: App, scene: PlayScene) -> tuple[list[str], list[str]]:
    """The lines of text the scene draws, and the colours of the discs it draws in
    the side panel."""
    lines: list[str] = []
    panel_discs: list[str] = []
    blit, blit_lines = app.stage.text.blit, app.stage.text.blit_lines
    draw_disc = app.stage.renderer.draw_disc
    panel = scene.layout(app.size).panel

    def spy_blit(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        lines.append(text)
        return blit(surface, text, *args, **kw)  # type: ignore[arg-type]

    def spy_lines(surface: pygame.Surface, rows: list[str], *args: object, **kw: object) -> object:
        lines.extend(rows)
        return blit_lines(surface, rows, *args, **kw)  # type: ignore[arg-type]

    def spy_disc(surface: pygame.Surface, centre: tuple[int, int], *args: object) -> object:
        if panel.collidepoint(centre):
            panel_discs.append(str(args[1]))
        return draw_disc(surface, centre, *args)  # type: ignore[arg-type]

    app.stage.text.blit = spy_blit  # type: ignore[method-assign,assignment]
    app.stage.text.blit_lines = spy_lines  # type: ignore[method-assign,assignment]
    app.stage.renderer.draw_disc = spy_disc  # type: ignore[method-assign,assignment]
    try:
        scene.draw(screen())
    finally:
        del app.stage.text.blit, app.stage.text.blit_lines, app.stage.renderer.draw_disc
    return lines, panel_discs


def test_the_panel_shows_the_falling_discs_colour_beside_its_words(app: App) -> None:
    scene = watch(app)
    for _ in range(600):
        app.step([], FRAME)
        if scene.falling is not None and scene.board.ply == 2:
            break
    drop = scene.falling
    assert drop is not None and drop.player == 1  # yellow's disc is falling
    lines, discs = _drawn(app, scene)
    assert f"Yellow plays column {drop.col + 1}" in lines
    assert discs == ["yellow"]


def test_watching_shows_no_analysis_legend_and_asks_for_no_analysis(
    app: App, worker: FakeWorker
) -> None:
    app.settings.show_analysis = True
    scene = watch(app)
    advance(app, 3.0)
    assert scene.board.ply >= 2
    lines, _ = _drawn(app, scene)
    text = " ".join(lines)
    assert "perfectly" not in text and "win, = draw" not in text
    assert not [request for _, request in worker.submitted if request.analyze]


def test_after_the_game_only_the_keys_that_still_work_are_listed(app: App) -> None:
    app.settings.watch_delay = 0.0
    scene = watch(app)
    advance(app, 60.0)
    assert scene.over
    lines, _ = _drawn(app, scene)
    text = " ".join(lines)
    assert "N new game" in text
    assert "P pause" not in text and "S step" not in text and "F speed" not in text
    app.step([key(pygame.K_p)], FRAME)
    assert not scene.watching.paused  # P does nothing once the game is over


def test_speed_notices_replace_each_other(app: App) -> None:
    watch(app)
    for _ in range(3):
        app.step([key(pygame.K_f)], FRAME)
    speeds = [notice.text for notice in app.stage.notices.shown if notice.text.startswith("Speed")]
    assert speeds == ["Speed: normal."]  # fast, slow, normal: only the last one shows


@pytest.mark.parametrize("size", [(640, 480), (960, 720)])
def test_every_line_of_the_panel_stays_inside_it(worker: FakeWorker, size: tuple[int, int]) -> None:
    app = App(
        LaunchOptions(window_size=size, fullscreen=False), worker=worker, store=SettingsStore()
    )
    app.open()
    try:
        scene = watch(app)
        advance(app, 2.0)
        panel = scene.layout(app.size).panel
        rects: list[tuple[str, pygame.Rect]] = []
        blit = app.stage.text.blit

        def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
            rect = blit(surface, text, *args, **kw)  # type: ignore[arg-type]
            rects.append((text, rect))
            return rect

        app.stage.text.blit = spy  # type: ignore[method-assign]
        scene.draw(screen())
        inside = [(text, rect) for text, rect in rects if panel.collidepoint(rect.topleft)]
        assert any(text.startswith("Yellow: Master") for text, _ in inside)
        for text, rect in inside:
            assert rect.right <= panel.right, text
    finally:
        app.close()
