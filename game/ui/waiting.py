"""Waiting for events without using the processor: pygame's queue waited on by SDL
itself, and a bell that wakes that wait when the worker's reply arrives.

``pygame.event.wait`` (pygame-ce 2.5) does not sleep until an event comes: it looks
at the queue every millisecond, about 2 % of a core on an idle window, and keeps the X
server busy too.  SDL's own ``SDL_WaitEventTimeout`` sleeps on the display's
connection (X11, Wayland, Windows, macOS alike) and is woken by an event posted from
another thread.  :class:`SdlEvents` calls it in the SDL library pygame loaded (found
through ctypes, checked to be the very library pygame set up), and falls back to
pygame's wait where it cannot be found.

:class:`ReplyBell` is a thread that waits on the worker's pipe and posts one pygame
event (:data:`ReplyBell.event_type`) when a reply is there to read, so the loop,
asleep in SDL's wait, takes it at once.  It never reads the pipe: the loop does,
then rings the bell again (:meth:`ReplyBell.listen`).
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

log = logging.getLogger(__name__)

SDL_INIT_VIDEO = 0x20


def _loaded_sdl_paths() -> list[str]:
    """Files of SDL 2 itself (not SDL_image, SDL_mixer...) this process may have loaded:
    on Linux the libraries mapped now; elsewhere the ones pygame ships beside it."""
    found: list[str] = []
    maps = Path("/proc/self/maps")
    if maps.is_file():
        with contextlib.suppress(OSError):
            for line in maps.read_text().splitlines():
                path = line.split(maxsplit=5)[-1]
                if Path(path).name.startswith("libSDL2-2") and path not in found:
                    found.append(path)
    folder = Path(pygame.__file__).resolve().parent
    for where in (folder, folder / ".dylibs", folder.parent / "pygame_ce.libs"):
        with contextlib.suppress(OSError):
            for shipped in sorted(where.glob("*SDL2*")):
                sdl_itself = shipped.name.startswith(("SDL2.", "libSDL2-2", "libSDL2."))
                if sdl_itself and str(shipped) not in found:
                    found.append(str(shipped))
    return found


def _sdl_wait_function() -> Any:
    """``SDL_WaitEventTimeout`` of the SDL pygame set up, or None.  Requires the display
    (``pygame.display.init``): a copy of SDL that pygame did not initialise would wait on
    an empty queue forever."""
    import ctypes  # noqa: PLC0415 - after the first frame, not before it

    for path in _loaded_sdl_paths():
        try:
            library = ctypes.CDLL(path)
            was_init = library.SDL_WasInit
            wait_event = library.SDL_WaitEventTimeout
        except (OSError, AttributeError) as error:
            log.debug("no SDL wait in %s: %s", path, error)
            continue
        was_init.argtypes, was_init.restype = [ctypes.c_uint32], ctypes.c_uint32
        if not was_init(SDL_INIT_VIDEO) & SDL_INIT_VIDEO:
            continue  # another copy of SDL, not the one pygame drives
        wait_event.argtypes, wait_event.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
        log.info("waiting for events with SDL_WaitEventTimeout of %s", path)
        return wait_event
    log.info("SDL's own wait was not found: waiting with pygame.event.wait (polls every ms)")
    return None


class SdlEvents:
    """pygame's event queue (:class:`game.ui.pacing.EventSource`), waited on by SDL.
    Make it once the window is open."""

    def __init__(self) -> None:
        self._wait = _sdl_wait_function()

    def wait(self, timeout: float) -> list[pygame.event.Event]:
        ms = max(0, math.ceil(timeout * 1000))
        if self._wait is not None:
            # ctypes lets go of the GIL: the bell's thread posts while this sleeps.
            self._wait(None, ms)
            return pygame.event.get()
        first = pygame.event.wait(ms)
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]

    def get(self) -> list[pygame.event.Event]:
        return pygame.event.get()


class ReplyBell:
    """Posts one pygame event of :attr:`event_type` when the watched connection has
    something to read (a reply, or the end of a worker that died), then stays quiet
    until :meth:`listen` is called again, after the loop has read what was there.

    On POSIX the thread waits on its own copy of the connection's descriptor, so the
    worker's handle may close and replace its connection at any time.  Where that
    cannot be done (Windows), the thread waits on the connection itself and gives up
    on a closed one until :meth:`listen` names the next.
    """

    def __init__(self) -> None:
        import socket  # noqa: PLC0415 - the bell rings after the first frame: socket loads then

        self.event_type = pygame.event.custom_type()
        self._lock = threading.Condition()
        self._source: Connection | None = None
        self._armed = False
        self._closed = False
        self._wake_reader, self._wake_writer = socket.socketpair()
        self._wake_reader.setblocking(False)
        self._wake_writer.setblocking(False)  # a full socket already holds a wake-up
        self.rings = 0
        """How many times it posted (for tests and the log)."""
        self._thread = threading.Thread(target=self._run, name="reply-bell", daemon=True)
        self._thread.start()

    def listen(self, source: Connection | None) -> None:
        """Ring once when ``source`` (None: nothing) has something to read.  Call it
        after reading everything there was (the loop's poll of the worker)."""
        with self._lock:
            # Nothing new (the loop calls this every turn): no wake-up byte either, as
            # the thread, unarmed, reads none, and a full socket would block the loop.
            if source is self._source and (self._armed or source is None):
                return
            self._source, self._armed = source, source is not None
            self._lock.notify()
        self._interrupt()

    def close(self) -> None:
        """Stop the thread (it ends within its next wake-up).  Safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._lock.notify()
        self._interrupt()
        self._thread.join(timeout=1.0)
        self._wake_reader.close()
        self._wake_writer.close()

    def _interrupt(self) -> None:
        with contextlib.suppress(OSError, ValueError):  # BlockingIOError: one is waiting
            self._wake_writer.send(b"!")

    def _run(self) -> None:
        copy: Any = None
        copied: Connection | None = None
        try:
            while True:
                with self._lock:
                    while not self._closed and not self._armed:
                        self._lock.wait()
                    if self._closed:
                        return
                    source = self._source
                if source is not copied:
                    _close_copy(copy)
                    copy, copied = _copy_of(source), source
                if copy is None:
                    self._drain_after_wait([self._wake_reader])
                    continue
                ready = self._drain_after_wait([copy, self._wake_reader])
                if copy in ready:
                    with self._lock:
                        if self._source is not source:
                            continue  # replaced meanwhile: watch the new one
                        self._armed = False
                    self._post()
        finally:
            _close_copy(copy)

    def _drain_after_wait(self, objects: list[Any]) -> list[Any]:
        from multiprocessing.connection import wait  # noqa: PLC0415 - on this thread, late

        try:
            ready = wait(objects)
        except (OSError, ValueError, EOFError):
            with self._lock:
                self._armed = False  # a closed connection: wait for the next one
            return []
        if self._wake_reader in ready:
            with contextlib.suppress(OSError):
                while self._wake_reader.recv(64):
                    pass
        return list(ready)

    def _post(self) -> None:
        self.rings += 1
        with contextlib.suppress(pygame.error):  # the window is closing
            pygame.event.post(pygame.event.Event(self.event_type))


def _copy_of(source: Connection | None) -> Any:
    """What the thread waits on for ``source``: a duplicate of its descriptor (POSIX), the
    connection itself elsewhere, None without one (or when it is closed already)."""
    if source is None:
        return None
    if sys.platform == "win32":
        return source
    try:
        return os.dup(source.fileno())
    except (OSError, ValueError):
        return None


def _close_copy(copy: Any) -> None:
    if isinstance(copy, int):
        with contextlib.suppress(OSError):
            os.close(copy)
