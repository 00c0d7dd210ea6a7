"""The game's window: opening it (with its title, icon and smallest size), its size,
fullscreen on and off, and closing it.

:meth:`Window.open` refuses to run without a display (:class:`NoDisplayError`): SDL
falls back silently to a driver that draws nowhere, and a game in no window would
never end.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import gettext as _
from game.profile.preferences import MAX_WINDOW, MIN_WINDOW
from game.resources import WINDOW_ICON, MissingAssetError, asset_path
from game.start_picture import HEADLESS_DRIVERS, shown

log = logging.getLogger(__name__)

MAXIMISE_WAIT = 0.25
"""Seconds a window opened maximised waits for the window manager to size it before its
first frame (openbox under Xvfb: 7-8 ms; without a window manager it never does)."""


def title() -> str:
    """The window's title: the game's name in the player's language."""
    return _("Connect Four")


def within_the_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` no larger than the desktop (the first display's), nor smaller than
    :data:`MIN_WINDOW`.  SDL opens a larger window partly off the screen, and its surface
    takes memory for every pixel (16384x16384: 1 GiB, several times over)."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):  # an older pygame, or no display
        return size
    if not desktops:
        return size
    widest, tallest = desktops[0]
    return (
        max(MIN_WINDOW[0], min(size[0], widest)),
        max(MIN_WINDOW[1], min(size[1], tallest)),
    )


class NoDisplayError(RuntimeError):
    """No window can be opened: SDL found no display to draw on."""


class Window:
    """The window, ``size`` pixels when windowed, filling the screen when
    ``fullscreen``.  Nothing opens until :meth:`open`."""

    def __init__(self, size: tuple[int, int], *, fullscreen: bool, maximised: bool = False) -> None:
        self.window_size = size
        """The size when windowed (kept while fullscreen, to go back to)."""
        self.opened_size = size
        """The size it opened with, within the desktop (:meth:`open`)."""
        self.fullscreen = fullscreen
        self.maximised = maximised
        """Whether the window manager maximised it (the app follows SDL's events,
        :meth:`follow_maximised`; while fullscreen: whether it was before).  Its size is
        then the screen's room for windows, not one to open with next time (reopened at
        that size, its title bar would push it past the screen's edge).  True at first:
        :meth:`open` asks the window manager to maximise it."""
        self.maximised_by_hand = False
        """Whether the player maximised or restored it since it opened."""
        self.screen: pygame.Surface | None = None
        self.icon: pygame.Surface | None = None
        """The window's icon, once open (None if it could not be loaded)."""

    @property
    def is_open(self) -> bool:
        return self.screen is not None

    def open(self, *, before: Callable[[], None] = lambda: None) -> list[MissingAssetError | str]:
        """Open the display, call ``before`` (the fonts load then), open the window; the
        problems to tell the player (a missing icon file, or a sentence).  Raises
        :class:`NoDisplayError` without a display."""
        pygame.display.init()
        _require_a_display()
        self.window_size = self.opened_size = within_the_desktop(self.window_size)
        before()
        pygame.display.set_caption(title())
        self.icon, problems = _load_icon()
        up = pygame.display.get_surface()
        if shown.picture is not None and up is not None and not self.fullscreen:
            # The start's picture is up (game.start_picture): set_mode again would blank
            # it.  The window keeps the size it has: a window manager (a tiling one at
            # once) or the player may have changed it since it opened.  The pump tells
            # SDL of such a change (the events stay queued for the loop); else setting the
            # minimum size below puts back the size SDL knew.
            pygame.event.pump()
            self.screen = pygame.display.get_surface() or up
            width, height = self.screen.get_size()
            self.window_size = (max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1]))
        else:
            # A window to maximise opens hidden, shown once maximised (below): the window
            # manager then maps it at its maximised size, not first at this one.
            hidden = self.maximised and not self.fullscreen and hasattr(pygame, "Window")
            flags = pygame.RESIZABLE | (pygame.HIDDEN if hidden else 0)
            self.screen = pygame.display.set_mode(self.window_size, flags)
        window = _window()
        if window is None:  # a pygame without pygame.Window: the display module's way
            if self.fullscreen:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            return problems
        try:
            window.minimum_size = MIN_WINDOW  # resize() corrects smaller sizes as well
        except (AttributeError, pygame.error) as error:
            log.info("cannot set the window's minimum size: %s", error)
        if self.fullscreen:
            self._fill_the_screen(window, True)
        elif self.maximised:
            window.maximize()  # the window manager's to do: it says so (WINDOWMAXIMIZED)
            window.show()
            self._await_the_window_manager(window)
        return problems

    def _await_the_window_manager(self, window: Any) -> None:
        """Wait (at most :data:`MAXIMISE_WAIT`) until the window manager has given the
        shown window its maximised size, so that the first frame is drawn at it rather
        than at the size asked for (drawn small in a large window, then again).  The
        events stay queued for the loop."""
        deadline = time.monotonic() + MAXIMISE_WAIT
        while window.size == self.window_size and time.monotonic() < deadline:
            time.sleep(0.005)
            pygame.event.pump()
        self.screen = pygame.display.get_surface()

    def close(self) -> None:
        """Close the window and the display.  Safe to call twice."""
        if self.screen is not None:
            self.screen = None
            pygame.display.quit()
            log.info("window closed")

    @property
    def size(self) -> tuple[int, int]:
        """What the window shows now, in pixels."""
        surface = pygame.display.get_surface()
        if surface is None:
            return self.window_size
        return surface.get_size()

    def resize(self, width: int, height: int) -> None:
        """The window became ``width`` x ``height``: keep at least the minimum size."""
        if self.fullscreen:
            return
        size = (
            min(max(width, MIN_WINDOW[0]), MAX_WINDOW[0]),
            min(max(height, MIN_WINDOW[1]), MAX_WINDOW[1]),
        )
        self.window_size = size
        if size != self.size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def follow_maximised(self, maximised: bool) -> None:
        """The window manager maximised the window, or restored it (SDL's events).  Not
        while it fills the screen: going fullscreen and back sends them too, and the
        window goes back as it was (:meth:`set_fullscreen`)."""
        if self.fullscreen or maximised == self.maximised:
            return
        self.maximised = maximised
        self.maximised_by_hand = True

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to the window as it was before (F11, the
        settings): its size, or maximised (its size before that kept to go back to)."""
        if on == self.fullscreen:
            return
        if on and not self.maximised:
            self.window_size = self.size
        self.fullscreen = on
        window = _window()
        if window is None:
            self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            if on:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self._fill_the_screen(window, on)

    def _fill_the_screen(self, window: Any, on: bool) -> None:
        """Fullscreen on or off, in the same window.  Asking the window, not
        ``set_mode``, lets the window manager restore the size it had: after
        ``set_mode((0, 0), FULLSCREEN)`` openbox kept the window at the screen's size
        when it went back, and pygame warned that the OS had resized it."""
        if on:
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            if self.maximised:
                window.maximize()
            else:
                window.size = self.window_size
        self.screen = pygame.display.get_surface()


def _load_icon() -> tuple[pygame.Surface | None, list[MissingAssetError | str]]:
    """Set the window icon: the icon, and the problem if there is one (the player is
    told)."""
    try:
        icon = pygame.image.load(str(asset_path(WINDOW_ICON)))
    except MissingAssetError as error:
        log.error("%s", error)
        return None, [error]
    except (pygame.error, OSError) as error:
        message = _("The window icon could not be loaded ({error}).").format(error=error)
        log.error("%s", message)
        return None, [message]
    pygame.display.set_icon(icon)
    return icon, []


def _window() -> Any:
    """The display module's window as a ``pygame.Window`` (pygame-ce 2.4+), or None."""
    window_class = getattr(pygame, "Window", None)
    if window_class is None:
        return None
    try:
        with warnings.catch_warnings():
            # Deprecated for drawing through the Window; we draw through the display.
            warnings.simplefilter("ignore", DeprecationWarning)
            return window_class.from_display_module()
    except (AttributeError, pygame.error) as error:
        log.info("no pygame.Window for the display: %s", error)
        return None


def _require_a_display() -> None:
    """Raise :class:`NoDisplayError` when SDL fell back to a driver that draws
    nowhere (it does so silently when, say, the X server refuses the connection):
    a game running in no window would never end.  Requires ``pygame.display.init``."""
    driver = pygame.display.get_driver()
    requested = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    if driver not in HEADLESS_DRIVERS or driver in requested:
        return
    pygame.display.quit()
    where = ", ".join(
        f"{name}={os.environ[name]!r}"
        for name in ("DISPLAY", "WAYLAND_DISPLAY")
        if name in os.environ
    )
    where = where or _("neither DISPLAY nor WAYLAND_DISPLAY is set")
    raise NoDisplayError(
        _(
            "Connect Four could not open a window: no display could be reached ({where});"
            " SDL fell back to its {driver!r} driver, which shows nothing."
        ).format(where=where, driver=driver)
    )
