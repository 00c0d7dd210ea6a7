"""The game window (pygame): the app loop, the scenes, the board view, widgets,
themes, sounds.  Imports :mod:`game.core` and the worker API of :mod:`game.ai`.

Importing does no work (no ``pygame.init``, no window, no assets); :func:`run`
opens the window.
"""

from __future__ import annotations

from game.ui.options import GameConfig, LaunchOptions, Mode


def run(options: LaunchOptions) -> int:
    """Play until the player quits; returns the process's exit status."""
    from game.ui.app import App  # noqa: PLC0415 - pygame loads only when the window opens

    return App(options).run()


__all__ = ["GameConfig", "LaunchOptions", "Mode", "run"]
