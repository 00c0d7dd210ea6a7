"""``python -m game.ai``: the engine's command line (see :mod:`game.ai.cli`).

An entry point, like the game's own: it says where the shipped opening book is
(:mod:`game.resources` knows the installed layouts), which the engine never looks for.
"""

import functools
import sys

from game import resources
from game.ai.book import BOOK_FILE
from game.ai.bookshelf import BookFile
from game.ai.cli import main

if __name__ == "__main__":
    sys.exit(main(book=BookFile(functools.partial(resources.asset_path, BOOK_FILE))))
