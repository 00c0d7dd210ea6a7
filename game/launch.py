"""The game's entry point (``python -m game``, ``connect4``, ``connect4-cli``, the
executable): the game is loaded only when :func:`main` runs.

The engine worker is a spawned process, and a spawned process imports its parent's main
script again (as ``__mp_main__``, without running it).  For an installed command that
script is the launcher pip writes, which imports this module: were it
:mod:`game.command_line`, every worker would load the language, the assets and the
settings as well, which the worker never needs (:mod:`game.ai.worker`).

Before the command line is read, the window may already show the main menu as the last
session left it (:mod:`game.start_picture`): only this module and that one run first.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the game with ``argv`` (the command line's arguments by default); the exit
    status."""
    if getattr(sys, "frozen", False):
        # A frozen build's worker process starts as this executable: freeze_support runs
        # it and exits (before anything could open a window).  From source it does
        # nothing: multiprocessing then loads only when the worker first starts.
        import multiprocessing  # noqa: PLC0415

        multiprocessing.freeze_support()
    arguments = sys.argv[1:] if argv is None else argv
    from game import start_picture  # noqa: PLC0415 - see the module docstring

    start_picture.show(arguments)
    from game.command_line import main as run  # noqa: PLC0415 - see the module docstring

    try:
        return run(arguments)
    finally:
        if getattr(sys, "frozen", False):
            # Linux's one file keeps the game unpacked, one folder per build: the older
            # builds' go once unused for long.
            from game import unpacked  # noqa: PLC0415

            unpacked.tidy()
