#!/usr/bin/env python3
"""Frame times of the play screen while the computer thinks, and launch-to-first-frame.

    python build_scripts/bench_frames.py [--seconds 10] [--launches 5] [--size 960x720]

A benchmark, not a test: it prints figures and asserts nothing.

1. **Frames while the AI thinks.**  The real game loop shows a game against the
   Perfect level with the computer to move at the start position, and a worker without
   the opening book (which would answer at once), so the real worker process runs a
   Perfect-level search of the empty board (budget 30 s, longer than the measurement)
   the whole time, while the mouse sweeps over the board.  The loop is :meth:`App.run`'s:
   :class:`~game.ui.pacing.Loop` turns, waiting in SDL's event queue (the thinking
   dots animate: every frame is paced at 60 fps), each frame :meth:`App.step`.
   Reported: the median and 99th percentile of the time between frames (target: 99%
   at or under 20 ms) and of the work per frame (events, worker poll, update, draw,
   flip).
2. **Launch to first frame.**  ``python -m game`` is started from source
   ``--launches`` times; the game logs the wall-clock time of its first drawn
   frame, and the launch time is that minus the moment just before the process
   was started (target: under 1 s).  The game is then ended with SIGTERM, which
   it turns into a normal quit.

The window is SDL's dummy driver unless ``DISPLAY`` is set (then a real X
window, e.g. on Xvfb).  Other processes on the machine slow both figures: the
load average is printed with them.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import benchlib
from benchlib import ROOT, describe_ms, load_average

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

PERFECT_BUDGET = 30.0
FIRST_FRAME = re.compile(r"first frame drawn .*epoch ([0-9.]+)\)")


def bench_frames(seconds: float, size: tuple[int, int]) -> None:
    from game.ui import prepare_environment  # noqa: PLC0415

    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    prepare_environment()  # as game.ui.run does
    import pygame  # noqa: PLC0415 - after the drivers are chosen

    from game.ai.levels import level_by_name  # noqa: PLC0415
    from game.ai.worker import AIWorker  # noqa: PLC0415
    from game.profile.settings import SettingsStore  # noqa: PLC0415
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.options import GameConfig, LaunchOptions, Mode, Starter  # noqa: PLC0415
    from game.ui.scenes.play import PlayScene  # noqa: PLC0415
    from game.ui.scenes.stack import Play  # noqa: PLC0415

    with tempfile.TemporaryDirectory(prefix="connect4-bench-") as temp:
        store = SettingsStore(Path(temp) / "settings.json")
        # No opening book: the empty board is then searched, not looked up.
        worker = AIWorker(book=None)
        app = App(LaunchOptions(window_size=size, fullscreen=False), worker=worker, store=store)
        app.settings.sound_on = False
        app.settings.perfect_budget = PERFECT_BUDGET
        app.open()
        try:
            app.step([], 0.0)
            config = GameConfig(
                mode=Mode.VS_COMPUTER, level=level_by_name("Perfect"), starter=Starter.COMPUTER
            )
            app.go(Play(config, asked=True))
            scene = app.scene
            assert isinstance(scene, PlayScene)
            app.step([], 0.0)  # submits the Perfect search of the start position
            print(f"driver: {pygame.display.get_driver()}, window {size[0]}x{size[1]}")
            print(
                f"worker pid {getattr(app.link.worker, 'pid', '?')}:"
                " Perfect search of the empty board, no opening book"
            )
            time.sleep(1.0)  # let the worker process start and begin searching
            intervals, work = _sweep(app, scene, seconds)
            searching = scene.thinking and scene.board.moves == ""
        finally:
            app.close()
    print(f"frames: {len(intervals)} in {seconds:g} s; the worker was still searching: {searching}")
    print(describe_ms("time between frames", intervals, target=20.0))
    print(describe_ms("work per frame", work))


def _sweep(app: App, scene: PlayScene, seconds: float) -> tuple[list[float], list[float]]:
    """Run :meth:`App.run`'s loop for ``seconds``, the mouse sweeping over the board:
    the milliseconds between frames drawn, and of work per frame."""
    import pygame  # noqa: PLC0415

    from game.ui.app import FPS, MAX_DT  # noqa: PLC0415
    from game.ui.pacing import Loop  # noqa: PLC0415
    from game.ui.waiting import SdlEvents  # noqa: PLC0415

    geometry = scene.layout(app.size).board
    left = geometry.frame_rect.left
    width = geometry.frame_rect.width
    stamps: list[float] = []
    work: list[float] = []
    step = app.step

    def timed(events: Iterable[pygame.event.Event], dt: float) -> bool:
        began = time.perf_counter()
        going = step(events, dt)
        stamps.append(time.perf_counter())
        work.append((stamps[-1] - began) * 1000)
        return going

    app.step = timed  # type: ignore[method-assign]
    loop = Loop(app, SdlEvents(), fps=FPS, max_dt=MAX_DT)
    loop.start()
    end = time.perf_counter() + seconds
    frame = 0
    try:
        while time.perf_counter() < end:
            x = left + (frame * 7) % width
            sweep = pygame.event.Event(
                pygame.MOUSEMOTION, pos=(x, geometry.hover_y), rel=(0, 0), buttons=(0, 0, 0)
            )
            pygame.event.post(sweep)
            loop.turn()
            frame += 1
    finally:
        app.step = step  # type: ignore[method-assign]
    intervals = [(b - a) * 1000 for a, b in itertools.pairwise(stamps)]
    return intervals, work


def bench_launch(launches: int, size: tuple[int, int]) -> None:
    times: list[float] = []
    for _ in range(launches):
        with tempfile.TemporaryDirectory(prefix="connect4-launch-") as temp:
            env = dict(os.environ)
            env["CONNECT4_CONFIG_DIR"] = str(Path(temp) / "config")
            env["CONNECT4_LOG_DIR"] = str(Path(temp) / "log")
            if not env.get("DISPLAY"):
                env.setdefault("SDL_VIDEODRIVER", "dummy")
            env.setdefault("SDL_AUDIODRIVER", "dummy")
            log = Path(temp) / "log" / "connect4.log"
            started = time.time()
            process = subprocess.Popen(
                [sys.executable, "-m", "game", "--windowed", f"{size[0]}x{size[1]}"],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            try:
                epoch = _wait_for_first_frame(log, process, timeout=30.0)
            finally:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            if epoch is None:
                print("a launch drew no frame within 30 s (see its log)")
                continue
            times.append(epoch - started)
    if times:
        shown = ", ".join(f"{t:.2f}" for t in times)
        print(
            f"launch to first frame (python -m game, from source): median"
            f" {statistics.median(times):.2f} s, best {min(times):.2f} s, worst"
            f" {max(times):.2f} s over {len(times)} launches ({shown})"
        )


def _wait_for_first_frame(
    log: Path, process: subprocess.Popen[bytes], timeout: float
) -> float | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        if log.is_file():
            match = FIRST_FRAME.search(log.read_text(encoding="utf-8", errors="replace"))
            if match:
                return float(match.group(1))
        time.sleep(0.005)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="frames measured for (s)")
    parser.add_argument("--launches", type=int, default=5, help="launches timed")
    parser.add_argument("--size", default="960x720", help="window size, WxH")
    parser.add_argument("--skip-frames", action="store_true")
    parser.add_argument("--skip-launch", action="store_true")
    args = parser.parse_args(argv)
    try:
        width, height = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size {args.size!r}: expected WIDTHxHEIGHT, e.g. 960x720")
    if not 0 < args.seconds <= 600 or args.launches < 0:
        parser.error("--seconds must be 0-600 and --launches at least 0")
    for line in benchlib.header_lines():
        print(line)
    print(f"load average before: {load_average()}")
    if not args.skip_launch and args.launches:
        bench_launch(args.launches, (width, height))
    if not args.skip_frames:
        bench_frames(args.seconds, (width, height))
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
