"""``python -m game.selftest``: the self-test alone (as ``connect4-cli --self-test``)."""

import multiprocessing
import sys

from game import selftest

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(selftest.run())
