#!/usr/bin/env python3
"""Where the window's start goes, step by step, up to its first drawn frame.

    python build_scripts/startup_phases.py [--runs 15] [--size 960x720]

A benchmark, not a test: it prints figures and asserts nothing.  Each run is a fresh
process (with a fresh settings folder) that takes the steps ``python -m game`` takes,
in its order, and reads the CPU time (``time.process_time``) and the wall-clock time
after each:

1. the interpreter and ``site`` (the CPU used before the first line of the run);
2. the command line's modules (``import game.command_line``);
3. the options: the language, the parser, the log;
4. ``import pygame``;
5. the window's modules (``game.ui.app`` and what it imports);
6. the app: the settings file, the history, the parts (:class:`~game.ui.app.App`);
7. the window opened: the display, the fonts, the main menu built (``App.open``);
8. the first frame drawn and shown (``App.step``).

Beside each step: the dataclasses created in it, and the CPU their creation took
(Python writes and compiles each one's methods: a large share of the imports).  Then
the same for a bare pygame window (interpreter, pygame, a plain window, one frame): the
floor of any pygame game's start.  Medians of ``--runs`` runs, with the spread; runs
alternate between the game and the bare window.

The window is a real one when ``DISPLAY`` is set (e.g. Xvfb), else SDL's dummy driver
(which leaves out the X server's part of opening a window).  Other work on the machine
slows every figure: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib
from benchlib import ROOT, load_average

CHILD = r"""
import json, sys, time
started = (time.process_time(), time.perf_counter())
import dataclasses
made = [0, 0.0]
_process = dataclasses._process_class
def _timed(cls, *args, **kwargs):
    began = time.perf_counter()
    try:
        return _process(cls, *args, **kwargs)
    finally:
        made[0] += 1
        made[1] += time.perf_counter() - began
dataclasses._process_class = _timed
steps = [("interpreter and site", started[0], 0.0, 0, 0.0)]
def step(name):
    cpu, wall = time.process_time(), time.perf_counter() - started[1]
    steps.append((name, cpu, wall, made[0], made[1]))
size = sys.argv[1]
argv = ["--windowed", size]
if sys.argv[2] == "game":
    import game.command_line as entry
    step("the command line's modules")
    entry.logs.guard_std_streams()
    entry.speak(argv)
    args = entry.build_parser().parse_args(argv)
    entry.logs.setup_logging()
    entry._warn_if_the_kernel_is_missing()
    step("the options, the language, the log")
    from game.ui import LaunchOptions, prepare_environment
    prepare_environment()
    import pygame
    step("import pygame")
    from game.ui.app import App
    step("the window's modules")
    app = App(LaunchOptions(window_size=args.windowed))
    step("the app: settings, history, parts")
    app.open(sounds=False)
    step("the window opened, the menu built")
    app.step([], 0.0)
    step("the first frame drawn")
    app.close()
else:
    import os
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame
    step("import pygame")
    pygame.display.init()
    width, height = (int(n) for n in size.split("x"))
    surface = pygame.display.set_mode((width, height))
    step("the window opened")
    surface.fill((20, 24, 40))
    pygame.draw.circle(surface, (220, 50, 50), surface.get_rect().center, 100)
    pygame.display.flip()
    step("the first frame drawn")
    pygame.display.quit()
print(json.dumps(steps))
"""
"""A run: the steps with the CPU and the wall-clock time after each (seconds since
the run's first line), and the dataclasses made so far and their CPU.  The game's
steps are ``game.command_line.main``'s and ``App.run``'s, in their order."""

KINDS = ("game", "bare")


def one_run(kind: str, size: str) -> list[tuple[str, float, float, int, float]]:
    """The steps of one fresh process of ``kind`` ("game" or "bare")."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ)
        env.update(
            CONNECT4_CONFIG_DIR=str(Path(home) / "config"),
            CONNECT4_LOG_DIR=str(Path(home) / "log"),
            SDL_AUDIODRIVER="dummy",
        )
        if not env.get("DISPLAY"):
            env["SDL_VIDEODRIVER"] = "dummy"
        # As a player's second launch finds them: the modules compiled, kept.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        done = subprocess.run(
            [sys.executable, "-c", CHILD, size, kind],
            cwd=home,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    rows: list[tuple[str, float, float, int, float]] = [
        tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])
    ]
    return rows


def spread(values: list[float]) -> str:
    """Median (min-max), in milliseconds."""
    low, high = min(values) * 1000, max(values) * 1000
    return f"{statistics.median(values) * 1000:6.1f} ({low:.0f}-{high:.0f})"


def report(kind: str, runs: list[list[tuple[str, float, float, int, float]]]) -> None:
    print(f"\n{'the game' if kind == 'game' else 'a bare pygame window'} ({len(runs)} runs):")
    print("| step | CPU ms, median (min-max) | dataclasses | their CPU ms | wall ms at its end |")
    print("|:--|--:|--:|--:|--:|")
    names = [row[0] for row in runs[0]]
    for index, name in enumerate(names):
        cpu = [run[index][1] - (run[index - 1][1] if index else 0.0) for run in runs]
        made = statistics.median(
            run[index][3] - (run[index - 1][3] if index else 0) for run in runs
        )
        made_cpu = [run[index][4] - (run[index - 1][4] if index else 0.0) for run in runs]
        wall = [run[index][2] for run in runs]
        print(
            f"| {name} | {spread(cpu)} | {made:g} | {statistics.median(made_cpu) * 1000:.1f}"
            f" | {statistics.median(wall) * 1000:.0f} |"
        )
    total = [run[-1][1] for run in runs]
    print(f"| **in all** (CPU from the process's start) | {spread(total)} | | | |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (alternating)")
    parser.add_argument("--size", default="960x720", help="the window's size, WxH")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    for line in benchlib.header_lines():
        print(line)
    where = os.environ.get("DISPLAY")
    print(f"window: {'X display ' + where if where else 'SDL dummy driver (no DISPLAY)'}")
    print(f"load average before: {load_average()}")
    runs: dict[str, list[list[tuple[str, float, float, int, float]]]] = {k: [] for k in KINDS}
    # Compile the game's modules first (a player's second launch finds them so).
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "game")],
        check=True,
        capture_output=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    )
    for number in range(args.runs):
        benchlib.progress(f"run {number + 1}/{args.runs}")
        for kind in KINDS:
            runs[kind].append(one_run(kind, args.size))
    for kind in KINDS:
        report(kind, runs[kind])
    print(f"\nload average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
