"""Connect Four: a desktop game with a perfect-play computer opponent.

Sub-packages, bottom to top (imports only point downwards):

* :mod:`game.core` - the rules (bitboard :class:`~game.core.board.Board`, notation).
* :mod:`game.ai` - the computer player (search, solver, levels, worker process).
* :mod:`game.ui` - the pygame window.

Importing this package does no work: no window, no assets, no pygame.
"""

from game._version import __version__

__all__ = ["__version__"]
