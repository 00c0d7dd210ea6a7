"""The console scripts' entry point (``connect4``, ``connect4-cli``): the game is loaded
only when :func:`main` runs.

The engine worker is a spawned process, and a spawned process imports its parent's main
script again (as ``__mp_main__``, without running it).  For an installed command that
script is the launcher pip writes, which imports this module: were it
:mod:`game.__main__`, every worker would load the language, the assets and the settings
as well, which the worker never needs (:mod:`game.ai.worker`).
"""

from __future__ import annotations


def main() -> int:
    """Run the game with the command line's arguments; the exit status."""
    from game.__main__ import main as run  # noqa: PLC0415 - see the module docstring

    return run()
