"""``python -m game``, and the executable's entry point: :func:`game.launch.main`.

Kept this small on purpose: a spawned engine worker imports its parent's main script
again (as ``__mp_main__``), and the window's start shows its picture before the game's
modules load (:mod:`game.start_picture`).
"""

from __future__ import annotations

import sys

from game.launch import main

if __name__ == "__main__":
    sys.exit(main())
