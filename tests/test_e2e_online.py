"""End to end, online: two real game windows side by side on a virtual screen play a game
through ``connect4-server`` on 127.0.0.1; one window is killed mid-game, started again,
and resumes the game with Continue.

Marked ``e2e`` like tests/test_e2e.py (same tools: Xvfb, xdotool, imagemagick's
``import``).  Each window has its own config and log folders (two players on two
computers); the positions of buttons, boxes and cells come from the game's own layout
code, run headless in this process.  Screenshots go to ``screenshots/e2e/online/``.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game.core import HEIGHT, WIDTH, Board
from game.profile.online_memory import ONLINE_FILE, OnlineMemory
from game.profile.preferences import Settings
from game.profile.settings import SettingsStore
from game.profile.statistics import Statistics
from game.ui.app import App
from game.ui.options import LaunchOptions
from game.ui.scenes.online import view
from game.ui.scenes.online.forms import JoinScene, OnlineStartScene
from tests.fakes import FakeWorker
from tests.test_e2e import disc_colour, expected_cells, fresh_folder
from tests.x11 import Display, missing_tools, virtual_screen

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(sys.platform != "linux", reason="drives an X11 virtual screen (Linux)"),
]

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (800, 600)
GAP = 20
SCREEN = (2 * WINDOW[0] + GAP, WINDOW[1] + 40)
WAIT = 30.0


class NoBrowser:
    def start(self) -> None: ...
    def stop(self) -> None: ...
    def games(self) -> list[object]:
        return []


class Layout:
    """Where the menu's items, the online screens' buttons and boxes, and the cells are
    in a window of ``WINDOW``."""

    def __init__(self, folder: Path) -> None:
        app = App(LaunchOptions(window_size=WINDOW), worker=FakeWorker())
        app.open()
        try:
            self.menu = dict(app.scene.layout(WINDOW).rects)  # type: ignore[attr-defined]
            memory = OnlineMemory(folder / ONLINE_FILE, name="Ann", servers=["x"])
            start = OnlineStartScene(app.stage, memory)
            self.start = dict(start.layout(WINDOW).rects)
            join = JoinScene(app.stage, memory, browser=NoBrowser())  # type: ignore[arg-type]
            self.join = dict(join.layout(WINDOW).rects)
            self.code_box = join.box_rects(join.layout(WINDOW))[1]
            board = view.layout(WINDOW, []).board
            self.cells = {(c, r): board.centre(c, r) for c in range(WIDTH) for r in range(HEIGHT)}
            self.radius = board.radius
        finally:
            app.close()


class Player:
    """One game window: its process, its folders, its place on the screen."""

    def __init__(self, display: Display, name: str, base: Path, server: str, x: int) -> None:
        self.display, self.name, self.x = display, name, x
        self.config, self.logs = base / name / "config", base / name / "log"
        self.config.mkdir(parents=True, exist_ok=True)
        store = SettingsStore(self.config / "settings.json")
        settings = Settings(window_size=WINDOW, animation_speed=3.0)
        assert store.save(settings, Statistics(), None) is None
        memory = {"name": name, "servers": [server], "seat": None}
        (self.config / ONLINE_FILE).write_text(json.dumps(memory), encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None
        self.window = 0

    def launch(self) -> None:
        env = self.display.env()
        env.pop("SDL_VIDEODRIVER", None)
        env.update(
            SDL_AUDIODRIVER="dummy",
            SDL_VIDEO_WINDOW_POS=f"{self.x},0",
            CONNECT4_CONFIG_DIR=str(self.config),
            CONNECT4_LOG_DIR=str(self.logs),
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "--windowed", f"{WINDOW[0]}x{WINDOW[1]}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.window = self.display.find_window(self.process.pid)
        time.sleep(1.0)  # the first frame

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def origin(self) -> tuple[int, int]:
        return self.display.window_origin(self.window)

    def click(self, rect: pygame.Rect) -> None:
        x, y = self.origin()
        self.display.click(x + rect.centerx, y + rect.centery)
        time.sleep(0.4)

    def key(self, *keys: str) -> None:
        self.display.key(self.window, *keys)

    def log_text(self) -> str:
        try:
            return "".join(p.read_text(encoding="utf-8") for p in self.logs.glob("*.log"))
        except OSError:
            return ""


class Shots:
    def __init__(self, display: Display, layout: Layout, folder: Path) -> None:
        self.display, self.layout, self.folder, self.count = display, layout, folder, 0

    def board(self, player: Player, name: str) -> dict[tuple[int, int], str]:
        self.count += 1
        path = self.display.screenshot(self.folder / f"{self.count:02d}-{player.name}-{name}.png")
        image = pygame.image.load(str(path))
        origin = player.origin()
        radius = self.layout.radius
        return {
            cell: disc_colour(image, (origin[0] + x, origin[1] + y), radius)
            for cell, (x, y) in self.layout.cells.items()
        }

    def wait_for(self, player: Player, board: Board, name: str) -> None:
        want = expected_cells(board)
        deadline = time.monotonic() + WAIT
        while True:
            cells = self.board(player, name)
            if cells == want:
                return
            if time.monotonic() > deadline:
                pytest.fail(f"{player.name}'s window never showed {board.moves!r} ({name})")
            time.sleep(0.4)


@contextmanager
def game_server() -> Iterator[tuple[subprocess.Popen[str], str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "game.net", "--host", "127.0.0.1", "--port", "0",
         "--keep-seconds", "120"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        assert line.startswith("listening on ws://127.0.0.1:"), line
        yield process, line.removeprefix("listening on ws://")
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(10)


def wait_for_room(player: Player) -> str:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = re.search(r"room ([A-Z0-9]{6}) opened", player.log_text())
        if found:
            return found.group(1)
        time.sleep(0.2)
    pytest.fail(f"{player.name} opened no room; log:\n{player.log_text()[-2000:]}")


def test_two_windows_play_through_a_server_and_one_resumes_after_being_killed(
    tmp_path: Path,
) -> None:
    missing = missing_tools()
    if missing:
        pytest.skip(f"end-to-end tests need {', '.join(missing)} (see tests/x11.py)")
    layout = Layout(tmp_path)
    folder = fresh_folder("online")
    with virtual_screen(SCREEN) as display, game_server() as (server, address):
        ann = Player(display, "Ann", tmp_path, address, 0)
        bob = Player(display, "Bob", tmp_path, address, WINDOW[0] + GAP)
        shots = Shots(display, layout, folder)
        try:
            ann.launch()
            bob.launch()
            # Ann opens a room on the server; Bob joins it with its code.
            ann.click(layout.menu["online"])
            ann.click(layout.start["join"])
            ann.click(layout.join["open"])
            room = wait_for_room(ann)
            bob.click(layout.menu["online"])
            bob.click(layout.start["join"])
            bob.click(layout.code_box)
            display.xdotool("windowfocus", "--sync", str(bob.window))
            display.xdotool("type", "--delay", "80", room)
            bob.click(layout.join["join"])

            board = Board()
            shots.wait_for(bob, board, "started")
            # Ann (red) 4, Bob 3, Ann 4: then Bob's window is killed.
            for player, column in ((ann, 4), (bob, 3), (ann, 4)):
                player.key(str(column))
                board.play(column - 1)
                shots.wait_for(ann, board, f"after-{board.moves}")
                shots.wait_for(bob, board, f"after-{board.moves}")
            bob.kill()
            time.sleep(1.0)
            bob.launch()  # Continue the online game is the menu's first item
            bob.key("Return")
            shots.wait_for(bob, board, "resumed")
            for player, column in ((bob, 3), (ann, 4), (bob, 3), (ann, 4)):
                player.key(str(column))
                board.play(column - 1)
                shots.wait_for(ann, board, f"after-{board.moves}")
                shots.wait_for(bob, board, f"after-{board.moves}")
            assert board.outcome is not None and board.outcome.winner == 0
        finally:
            ann.kill()
            bob.kill()
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=10)
    assert re.search(r"Ann vs Bob: first \(four\) after 7 moves 4343434", err), err
