"""The window process and its operating system: the frame clock, the signals that close
the game, and how long the process has run (for the start-up log line)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from types import FrameType
from typing import Any

import pygame

from game.ui.pacing import FrameGrid, SystemClock


class FrameClock(FrameGrid):
    """Frames paced at ``fps`` per second on the real clock
    (:class:`~game.ui.pacing.FrameGrid`), for loops that draw every frame (benchmarks)."""

    def __init__(self, fps: int) -> None:
        super().__init__(1.0 / fps, SystemClock())


def seconds_since_process_start() -> float | None:
    """How long this process has run, from the kernel's record (Linux); else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open(f"/proc/{os.getpid()}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError):
        return None


def close_on_signals() -> dict[int, Any]:
    """Make SIGTERM, and Ctrl-C (SIGINT) in a console, close the game as the window's
    close button does: a QUIT event naming the signal, so the game in progress and the
    settings are saved and the worker stopped.  Returns the handlers it replaced."""

    def handle(signum: int, frame: FrameType | None) -> None:
        # pygame.error: a second signal while the window is already closing.
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signal.Signals(signum).name))

    previous: dict[int, Any] = {}
    for number in (signal.SIGTERM, signal.SIGINT):
        # Not the main thread (tests), or no such signal on this system: nothing to do.
        with contextlib.suppress(ValueError, OSError):
            previous[number] = signal.signal(number, handle)
    return previous


def restore_signals(previous: dict[int, Any]) -> None:
    """Put back the handlers :func:`close_on_signals` replaced."""
    for number, handler in previous.items():
        signal.signal(number, handler)
