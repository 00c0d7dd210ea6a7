"""``python -m game.ai``: the engine's command line (see :mod:`game.ai.cli`).

An entry point, like the game's own: it says where the shipped opening book and puzzles are
(:mod:`game.resources` knows the installed layouts), which the engine never looks for,
and where the game's catalogues are: the command line's messages are in the locale's
language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), as a terminal program's are.
"""

import functools
import gettext
import sys

from game import i18n, resources
from game.ai.book import BOOK_FILE
from game.ai.bookshelf import BookFile
from game.ai.cli import main
from game.ai.puzzles import PUZZLE_FILE

if __name__ == "__main__":
    gettext.bindtextdomain(i18n.DOMAIN, str(i18n.locale_dir()))
    gettext.textdomain(i18n.DOMAIN)
    sys.exit(
        main(
            book=BookFile(functools.partial(resources.asset_path, BOOK_FILE)),
            puzzles=functools.partial(resources.asset_path, PUZZLE_FILE),
        )
    )
