"""The rules of Connect Four: board, notation, outcome.  Never imports pygame."""

from game.core.bitboard import CELLS, HEIGHT, WIDTH, Bitboard, Column
from game.core.board import Board, Outcome, Player
from game.core.notation import IllegalMoveError, format_moves, parse_moves

__all__ = [
    "CELLS",
    "HEIGHT",
    "WIDTH",
    "Bitboard",
    "Board",
    "Column",
    "IllegalMoveError",
    "Outcome",
    "Player",
    "format_moves",
    "parse_moves",
]
