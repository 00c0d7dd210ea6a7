"""A game written as its moves (the columns 1-7 in the order they were played, as the
Review screen's Copy gives them), read as a player types or pastes it: why a string is
not a game, in a sentence of the player's language naming the first bad character or
move.  The Import screen and the command line's ``--position`` say the same.

The columns are the digits 1 to 7, ASCII or full-width (U+FF11-U+FF17, as a Chinese or
Japanese input method types them); any other digit (a superscript ``²``, an Arabic-Indic
four) is a digit to Python, not a column.  Spaces and commas between them are
separators.  No pygame.
"""

from __future__ import annotations

from typing import Final

from game.core import WIDTH, Board
from game.i18n import gettext as _

COLUMNS: Final = "".join(str(column) for column in range(1, WIDTH + 1))
"""The characters that are moves: the ASCII digits 1-7."""
SEPARATORS: Final = frozenset(" ,\t\n\uff0c\u3001\u060c")
"""Characters allowed between the moves ("4 4 5 3", "4,4,5,3"): spaces, and commas as a
Chinese input method types them (full-width, ideographic) and the Arabic comma too."""


FULL_WIDTH: Final = {chr(0xFF10 + column): str(column) for column in range(1, WIDTH + 1)}
"""The full-width columns, each with its ASCII digit."""


def moves_in(text: str) -> str:
    """The moves of ``text`` in ASCII digits, without the separators (what
    :func:`problem_with` checks)."""
    return "".join(FULL_WIDTH.get(char, char) for char in text if char not in SEPARATORS)


def named(char: str) -> str:
    """``char`` as a sentence names it: itself, or its code point ("U+FE0F") when it shows
    nothing of its own (a combining accent, a variation selector, a control); a digit
    that is not a column with its code point too (a superscript two looks like one)."""
    import unicodedata  # noqa: PLC0415 - a refused move only: the command line's start stays light

    if unicodedata.category(char) in ("Mn", "Me", "Cf", "Cc", "Co", "Cn", "Zs", "Zl", "Zp"):
        return f"U+{ord(char):04X}"
    if char.isdigit() and not char.isascii():
        return f"{char} U+{ord(char):04X}"
    return char


def problem_with(text: str) -> str | None:
    """Why ``text`` is not a game's moves, in a sentence naming the first bad character
    (counted in ``text`` as typed) or move (None: it is one).  Spaces and commas
    between and around the moves are separators."""
    if not moves_in(text):
        return _("Type or paste the moves first, for example 4453.")
    board = Board()
    move = 0
    for index, typed in enumerate(text, start=1):
        if typed in SEPARATORS:
            continue
        char = FULL_WIDTH.get(typed, typed)
        if char not in COLUMNS:
            return _(
                "Character {number} ({char!r}) is not a column: a game is written with the"
                " digits 1 to 7 only."
            ).format(number=index, char=named(char))
        move += 1
        column = COLUMNS.index(char)
        if board.is_over:
            return _("Move {number} (column {column}) comes after the end of the game.").format(
                number=move, column=char
            )
        if not board.can_play(column):
            return _("Move {number} (column {column}): that column is already full.").format(
                number=move, column=char
            )
        board.play(column)
    return None
