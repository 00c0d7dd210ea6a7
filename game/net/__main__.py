"""``python -m game.net``: the game server, as ``connect4-server`` (:mod:`game.net.cli`)."""

import sys

from game.net.cli import main

if __name__ == "__main__":
    sys.exit(main())
