"""Every screen drawn and saved; a missing asset; the real worker behind the window,
killed in the middle of a search."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path

import pygame
import pytest

from game.ai.book import BOOK_FILE
from game.ai.client import Notice
from game.ai.levels import level_by_name
from game.profile.choices import Starter
from game.profile.settings import SettingsStore
from game.resources import ASSETS_ENV
from game.ui.app import App
from game.ui.engine_link import notice_text
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from tests.conftest import build_script
from tests.fakes import FRAME, FakeWorker, key, start_game

ROOT = Path(__file__).resolve().parent.parent


def test_a_screenshot_of_every_screen_is_saved_and_shows_something(tmp_path: Path) -> None:
    screenshots = build_script("screenshots")
    paths = screenshots.capture_all(tmp_path / "shots", size=(800, 600))
    names = {path.stem.split("-", 1)[1] for path in paths}
    for screen in (
        "menu",
        "new-game",
        "watch-setup",
        "play-analysis",
        "pause",
        "hint",
        "computer-thinking",
        "game-over-win",
        "game-over-draw",
        "settings",
        "how-to-play",
        "high-contrast-win",
        "blue-orange",
        "smallest-window",
    ):
        assert screen in names
    pictures = {}
    for path in paths:
        image = pygame.image.load(str(path))
        expected = (640, 480) if "smallest" in path.stem else (800, 600)
        assert image.get_size() == expected, path.name
        # Non-trivial: many colours, not a blank or single-colour window.
        small = pygame.transform.scale(image, (200, 150))
        colours = {tuple(small.get_at((x, y))) for x in range(0, 200, 2) for y in range(0, 150, 2)}
        assert len(colours) > 40, f"{path.name} has only {len(colours)} colours"
        pictures[path.name] = pygame.image.tobytes(small, "RGB")
    # Every screen looks different from every other.
    assert len(set(pictures.values())) == len(pictures)


def test_a_missing_asset_is_told_in_the_window_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "assets"
    empty.mkdir()
    monkeypatch.setenv(ASSETS_ENV, str(empty))
    app = App(LaunchOptions(window_size=(800, 600)), worker=FakeWorker(), store=SettingsStore())
    app.open()
    try:
        app.step([], FRAME)
        texts = " ".join(notice.text for notice in app.stage.notices.shown)
        assert "icons/connect4-48.png" in texts
        if app.stage.sounds.available:  # the dummy audio driver normally starts the mixer
            assert "sounds/drop.wav" in texts
        assert isinstance(app.scene, MenuScene)
        app.step([key(pygame.K_RETURN)], FRAME)  # the game goes on without them
        app.step([key(pygame.K_RETURN)], FRAME)
        assert isinstance(app.scene, PlayScene)
    finally:
        app.close()


@pytest.mark.slow
def test_the_real_worker_answers_through_the_window() -> None:
    """The real worker process at depth 1: the computer's reply arrives as a move,
    frames keep coming while it thinks, and closing leaves no process behind."""
    app = App(LaunchOptions(window_size=(800, 600)), store=SettingsStore())
    app.open()
    try:
        beginner = level_by_name("Beginner")
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=beginner, starter=Starter.YOU))
        scene = app.scene
        assert isinstance(scene, PlayScene)
        app.step([key(pygame.K_4)], FRAME)
        deadline = time.monotonic() + 60
        frames = 0
        while len(scene.board.moves) < 2 or scene.falling is not None:
            assert time.monotonic() < deadline, "the worker did not answer within 60 s"
            app.step([], FRAME)
            frames += 1
            time.sleep(0.005)
        assert scene.round.match.human_to_move
        assert frames > 1  # the loop ran on while the worker was busy
    finally:
        app.close()
    assert multiprocessing.active_children() == []


def test_killing_the_worker_mid_perfect_search_is_told_and_the_computer_still_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGKILL the real worker while it searches at the Perfect level: the player
    sees the restart notice, the frames go on, and the computer's move arrives.

    The game starts from ``444174`` and the player answers 4.  The assets are the
    game's own but for the opening book (which would answer at once): without it even
    the weak solve needs seconds for this position, so the worker is surely still
    searching (on its one-second budget) when it is killed."""
    assets = tmp_path / "assets"
    assets.mkdir()
    for item in (ROOT / "assets").iterdir():
        if item.name != BOOK_FILE:
            (assets / item.name).symlink_to(item)
    monkeypatch.setenv(ASSETS_ENV, str(assets))
    app = App(LaunchOptions(window_size=(800, 600)), store=SettingsStore())
    app.open()
    try:
        app.settings.perfect_budget = 1.0
        start_game(
            app,
            GameConfig(mode=Mode.VS_COMPUTER, level=level_by_name("Perfect"), start_moves="444174"),
        )
        scene = app.scene
        assert isinstance(scene, PlayScene)
        app.step([key(pygame.K_4)], FRAME)
        while scene.falling is not None:  # the player's disc lands, then the request goes out
            app.step([], FRAME)
        for _ in range(20):  # the search starts
            app.step([], FRAME)
            time.sleep(0.01)
        first_pid = getattr(app.link.worker, "pid", None)
        assert first_pid is not None
        assert scene.board.moves == "4441744"  # still thinking: no answer for 1 s
        os.kill(first_pid, signal.SIGKILL)
        seen: set[str] = set()
        deadline = time.monotonic() + 60
        while len(scene.board.moves) < 8 or scene.falling is not None:
            assert time.monotonic() < deadline, "the computer did not move after its worker died"
            app.step([], FRAME)
            seen.update(notice.text for notice in app.stage.notices.shown)
            time.sleep(0.005)
        assert notice_text(Notice.RESTARTED) in seen
        assert getattr(app.link.worker, "pid", None) not in (None, first_pid)
        assert len(scene.board.moves) == 8 and scene.round.match.human_to_move
    finally:
        app.close()
    assert multiprocessing.active_children() == []
