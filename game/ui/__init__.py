"""The game window (pygame): the app loop, the scenes, the board view, widgets,
themes, sounds.  Imports :mod:`game.core` and the worker API of :mod:`game.ai`.

Importing does no work (no ``pygame.init``, no window, no assets); :func:`run`
opens the window.
"""

from __future__ import annotations

import logging
import sys

from game.start_picture import prepare_sdl
from game.ui.options import GameConfig, LaunchOptions, Mode


def prepare_environment() -> None:
    """Settings SDL and pygame read from the environment; call before importing pygame
    (:func:`game.start_picture.prepare_sdl`, which the start's picture needs as well)."""
    prepare_sdl()


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
