"""The window process and its operating system: the frame clock, the signals that close
the game, and how long the process has run (for the start-up log line)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
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


class SignalBell:
    """Wakes the loop when a signal comes.  An idle window sleeps in SDL's wait, in C,
    and Python runs a signal's handler only once that returns: at the next event, which
    may never come (a logout's SIGTERM, then its SIGKILL, with no mouse moving).  Given
    to ``signal.set_wakeup_fd``, this socket is written to by the signal itself; a
    thread reading it posts an event of :attr:`event_type` (which nothing handles), SDL's
    wait returns, and the handler runs."""

    def __init__(self) -> None:
        import socket  # noqa: PLC0415 - after the first frame (close_on_signals' caller)

        self.event_type = pygame.event.custom_type()
        # A socket pair, not a pipe: Windows' set_wakeup_fd takes only a socket.
        self._reader, self._writer = socket.socketpair()
        self._writer.setblocking(False)  # set_wakeup_fd's requirement
        self._thread = threading.Thread(target=self._listen, name="signal-bell", daemon=True)
        self._thread.start()

    def fileno(self) -> int:
        """The descriptor for ``signal.set_wakeup_fd``."""
        return self._writer.fileno()

    def _listen(self) -> None:
        while True:
            try:
                rung = self._reader.recv(64)
            except OSError:
                return
            if not rung:  # closed
                return
            with contextlib.suppress(pygame.error):  # the window has closed
                pygame.event.post(pygame.event.Event(self.event_type))

    def close(self) -> None:
        """Stop the thread and close the socket (call after the wakeup fd is put back)."""
        self._writer.close()
        self._thread.join(timeout=1.0)
        self._reader.close()


@dataclass(slots=True)
class Closing:
    """What :func:`close_on_signals` changed, for :func:`restore_signals` to put back:
    the signals' handlers, and the wakeup descriptor with the bell that took its place
    (None: none was set, not being the main thread)."""

    handlers: dict[int, Any]
    bell: SignalBell | None = None
    wakeup_fd: int = -1


def close_on_signals() -> Closing:
    """Make each of :data:`CLOSING_SIGNALS` close the game as the window's close button
    does: a QUIT event naming the signal, so the game in progress and the settings are
    saved and the worker stopped, even while the window sleeps (:class:`SignalBell`).
    Returns what it replaced."""

    def handle(signum: int, frame: FrameType | None) -> None:
        # pygame.error: a second signal while the window is already closing.
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signal.Signals(signum).name))

    closing = Closing({})
    for number in CLOSING_SIGNALS:
        # Not the main thread (tests), or no such signal on this system: nothing to do.
        with contextlib.suppress(ValueError, OSError):
            closing.handlers[number] = signal.signal(number, handle)
    if closing.handlers:
        bell = SignalBell()
        try:
            closing.wakeup_fd = signal.set_wakeup_fd(bell.fileno(), warn_on_full_buffer=False)
            closing.bell = bell
        except (ValueError, OSError):
            bell.close()
    return closing


def restore_signals(previous: Closing) -> None:
    """Put back what :func:`close_on_signals` replaced."""
    for number, handler in previous.handlers.items():
        # None: a handler set outside Python (pygame's parachute); the default instead.
        signal.signal(number, signal.SIG_DFL if handler is None else handler)
    if previous.bell is not None:
        signal.set_wakeup_fd(previous.wakeup_fd)
        previous.bell.close()
