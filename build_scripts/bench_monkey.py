"""The monkey test, timed: how long each frame of 20,000 random events takes.

Usage::

    python build_scripts/bench_monkey.py [--seed N] [--events 20000]

Runs ``run()`` of ``tests/monkey.py`` headless (SDL's dummy drivers) with the real
worker process, like ``tests/test_monkey.py``, and prints the frame-time
figures: median, 99th percentile, maximum, and every frame over 100 ms with the
events it handled.  Exit status 1 if any frame took over 100 ms (the target).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import benchlib

from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.options import LaunchOptions

monkey = benchlib.tests_module("monkey")  # the tests' monkey, from the checkout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--events", type=int, default=20000)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="connect4-monkey-"))
    os.environ.setdefault("CONNECT4_CONFIG_DIR", str(folder / "config"))
    os.environ.setdefault("CONNECT4_LOG_DIR", str(folder / "log"))

    def make_app() -> App:
        return App(
            LaunchOptions(window_size=(800, 600)), store=SettingsStore(folder / "settings.json")
        )

    for line in benchlib.header_lines():
        print(line)
    report = monkey.run(make_app, seed=args.seed, events=args.events)
    print(report.summary())
    print(benchlib.describe_ms("frame time", [t * 1000 for t in report.frame_times]))
    for line in report.slow_frames:
        print(f"  slow {line}")
    return 1 if report.slow_frames else 0


if __name__ == "__main__":
    sys.exit(main())
