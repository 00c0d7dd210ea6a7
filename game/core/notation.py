"""Move strings: the notation of the public test sets.

A position is the sequence of columns played from the empty board, written as
1-based digits with no separators: ``"4453"`` is column 4, column 4, column 5,
column 3.  The empty string is the empty board.
"""

from __future__ import annotations

from game.core.bitboard import WIDTH, Column


class IllegalMoveError(ValueError):
    """A move that cannot be played, or a character that is not a move.

    ``move`` is the offending move as given (a character or an int), ``index`` its
    0-based position in the move string or history when it came from one (else
    None), and ``reason`` says what is wrong.  ``str(error)`` is a sentence fit to
    show a player.
    """

    def __init__(self, reason: str, *, move: object, index: int | None = None) -> None:
        self.reason = reason
        self.move = move
        self.index = index
        where = f"move {index + 1} ({move!r})" if index is not None else f"move {move!r}"
        super().__init__(f"illegal {where}: {reason}")


def column_from_char(char: str, index: int | None = None) -> Column:
    """The 0-based column of one notation digit; raises :class:`IllegalMoveError`."""
    if len(char) == 1 and "0" <= char <= "9":
        if not 1 <= int(char) <= WIDTH:
            raise IllegalMoveError(
                f"column {char} is off the board (columns are 1-{WIDTH})", move=char, index=index
            )
        return int(char) - 1
    raise IllegalMoveError(f"not a column: expected a digit 1-{WIDTH}", move=char, index=index)


def parse_moves(moves: str) -> list[Column]:
    """The 0-based columns of a move string, checking only the characters.

    Surrounding white space is ignored.  Whether the moves are legal (a column
    overflowing, a move after a win) is for :meth:`Board.from_moves` to say.
    """
    text = moves.strip()
    return [column_from_char(ch, i) for i, ch in enumerate(text)]


def format_moves(columns: list[Column] | tuple[Column, ...]) -> str:
    """The move string of 0-based ``columns``."""
    return "".join(str(c + 1) for c in columns)
