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


CLOSING_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT")
    if hasattr(signal, name)
)
"""The signals that close the game: ``kill`` or a logout (SIGTERM), Ctrl-C (SIGINT) and
Ctrl-\\ (SIGQUIT) in a console, the console closing (SIGHUP).  Unhandled, SIGHUP ends
the process without saving, and pygame-ce's "parachute" turns SIGQUIT into an abort
("Fatal Python error"); a Python handler set after pygame started replaces both (the
parachute takes over only signals left at their default)."""


def close_on_signals() -> dict[int, Any]:
    """Make each of :data:`CLOSING_SIGNALS` close the game as the window's close button
    does: a QUIT event naming the signal, so the game in progress and the settings are
    saved and the worker stopped.  Returns the handlers it replaced."""

    def handle(signum: int, frame: FrameType | None) -> None:
        # pygame.error: a second signal while the window is already closing.
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signal.Signals(signum).name))

    previous: dict[int, Any] = {}
    for number in CLOSING_SIGNALS:
        # Not the main thread (tests), or no such signal on this system: nothing to do.
        with contextlib.suppress(ValueError, OSError):
            previous[number] = signal.signal(number, handle)
    return previous


def restore_signals(previous: dict[int, Any]) -> None:
    """Put back the handlers :func:`close_on_signals` replaced."""
    for number, handler in previous.items():
        # None: a handler set outside Python (pygame's parachute); the default instead.
        signal.signal(number, signal.SIG_DFL if handler is None else handler)
