"""The game window (pygame): the app loop, the scenes, the board view, widgets,
themes, sounds.  Imports :mod:`game.core` and the worker API of :mod:`game.ai`.

Importing does no work (no ``pygame.init``, no window, no assets); :func:`run`
opens the window.
"""

from __future__ import annotations

import logging
import os
import sys

from game.ui.options import GameConfig, LaunchOptions, Mode


def prepare_environment() -> None:
    """Settings SDL and pygame read from the environment; call before importing pygame.

    Each is a default: a value already in the environment wins.

    * no pygame banner on stdout;
    * an X11 window class matching the desktop entry (connect4.desktop) rather
      than the script's or the executable's file name;
    * on Linux, a plain (XShm) window surface: SDL's default there backs it with
      OpenGL, which on machines without GPU drivers (VMs, remote desktops,
      Xvfb) is software-rendered: 0.2 s more to open the window and ~20 ms per
      frame.  A 2D game blitting one surface gains nothing from it.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "connect4")
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def run(options: LaunchOptions) -> int:
    """Play until the player quits; returns the process's exit status."""
    prepare_environment()
    from game.ui.app import App, NoDisplayError  # noqa: PLC0415 - pygame loads only when the window opens

    try:
        return App(options).run()
    except NoDisplayError as error:
        logging.getLogger(__name__).error("%s", error)
        print(error, file=sys.stderr)
        return 1


__all__ = ["GameConfig", "LaunchOptions", "Mode", "prepare_environment", "run"]
