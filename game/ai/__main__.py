"""``python -m game.ai``: the engine's command line (see :mod:`game.ai.cli`)."""

import sys

from game.ai.cli import main

if __name__ == "__main__":
    sys.exit(main())
