"""The rules of Connect Four on a 7x6 bitboard.

See :mod:`game.core.bitboard` for the bit layout.  :class:`Board` is the rules
object the user interface and the tests use: it validates every move, keeps a
history for undo and redo, and knows who won and with which four.  The search
works on the same two ints (``current``, ``mask``) without the checks.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.bitboard import (
    BOARD,
    CELLS,
    FOURS,
    HEIGHT,
    WIDTH,
    Bitboard,
    Column,
    bottom_bit,
    cell_bit,
    cells_of,
    has_four,
    top_bit,
)
from game.core.notation import IllegalMoveError, column_from_char, format_moves


class Player(enum.IntEnum):
    """Who plays a stone.  FIRST moves on the empty board."""

    FIRST = 0
    SECOND = 1

    @property
    def other(self) -> Player:
        return Player(1 - self)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ``winner`` is None for a draw.

    ``four`` lists the (column, row) cells of the winning line, bottom-left
    first; when one move completes two lines at once, ``cells`` holds them all.
    """

    winner: Player | None
    four: tuple[tuple[Column, int], ...] = ()
    cells: tuple[tuple[Column, int], ...] = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None


class Board:
    """A Connect Four position with its move history.

    Internally ``current`` holds the stones of the player to move and ``mask``
    all stones (layout in :mod:`game.core.bitboard`).  Moves are 0-based
    columns here; :meth:`from_moves` and :attr:`moves` speak the 1-based
    notation.  Every mutating method either succeeds or raises
    :class:`IllegalMoveError` leaving the board unchanged.
    """

    __slots__ = ("_history", "_outcome", "_redo", "current", "mask")

    def __init__(self) -> None:
        self.current: Bitboard = 0
        self.mask: Bitboard = 0
        self._history: list[Column] = []
        self._redo: list[Column] = []
        self._outcome: Outcome | None = None

    # -- construction ---------------------------------------------------
    @classmethod
    def from_moves(cls, moves: str) -> Board:
        """The position after ``moves`` (1-based notation, e.g. ``"4453"``).

        Raises :class:`IllegalMoveError` naming the first bad move and its index:
        a character that is not a column, a full column, or a move after the
        game has ended.
        """
        board = cls()
        for index, char in enumerate(moves.strip()):
            board.play(column_from_char(char, index), index=index)
        return board

    @classmethod
    def with_redo(cls, moves: str, redo: str) -> Board:
        """The position after ``moves``, where redo would play ``redo`` next, in
        order (as :attr:`redo_moves` says); raises :class:`IllegalMoveError` as
        :meth:`from_moves` does for the moves of both."""
        board = cls.from_moves(moves + redo)
        for _ in redo.strip():
            board.undo()
        return board

    def copy(self) -> Board:
        other = Board()
        other.current = self.current
        other.mask = self.mask
        other._history = list(self._history)
        other._redo = list(self._redo)
        other._outcome = self._outcome
        return other

    # -- queries ---------------------------------------------------------
    @property
    def ply(self) -> int:
        """Moves played so far (0-42)."""
        return len(self._history)

    @property
    def history(self) -> tuple[Column, ...]:
        """The 0-based columns played, in order."""
        return tuple(self._history)

    @property
    def moves(self) -> str:
        """The position in 1-based notation (``Board.from_moves(b.moves) == b``)."""
        return format_moves(self._history)

    @property
    def redo_moves(self) -> str:
        """The moves redo would play, in the order it would play them (1-based)."""
        return format_moves(tuple(reversed(self._redo)))

    @property
    def to_move(self) -> Player:
        """Whose turn it is (meaningless once the game is over, but still defined)."""
        return Player(len(self._history) & 1)

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    def can_play(self, col: Column) -> bool:
        """Whether ``col`` is on the board, not full, and the game is not over."""
        return self._outcome is None and 0 <= col < WIDTH and not self.mask & top_bit(col)

    def legal_moves(self) -> list[Column]:
        """The playable columns, left to right (empty once the game is over)."""
        return [c for c in range(WIDTH) if self.can_play(c)]

    def is_winning_move(self, col: Column) -> bool:
        """Whether playing ``col`` (which must be playable) wins at once."""
        move = (self.mask + bottom_bit(col)) & BOARD & ~self.mask
        return has_four(self.current | move)

    def height(self, col: Column) -> int:
        """How many stones column ``col`` holds."""
        return (self.mask >> (col * (HEIGHT + 1)) & ((1 << HEIGHT) - 1)).bit_count()

    def cell(self, col: Column, row: int) -> Player | None:
        """Who holds (col, row), row 0 being the bottom; None when empty."""
        bit = cell_bit(col, row)
        if not self.mask & bit:
            return None
        mine = bool(self.current & bit)
        return self.to_move if mine else self.to_move.other

    def stones(self, player: Player) -> Bitboard:
        """The stones of ``player``."""
        return self.current if player == self.to_move else self.current ^ self.mask

    def key(self) -> int:
        """A unique 49-bit key of the position (``current + mask``)."""
        return self.current + self.mask

    # -- moves -----------------------------------------------------------
    def play(self, col: Column, *, index: int | None = None) -> None:
        """Drop a stone of the player to move in ``col`` (0-based).

        ``index`` only labels the error message (the move's place in a move
        string).  Raises :class:`IllegalMoveError` when the column is out of
        range or full, or the game is over; the board is then unchanged.
        Playing clears the redo list.
        """
        self._check_playable(col, index)
        self._push(col)
        self._redo.clear()

    def undo(self) -> Column:
        """Take back the last move and return its column; it can be redone."""
        if not self._history:
            raise IllegalMoveError("nothing to undo", move="undo")
        col = self._history.pop()
        self.mask &= ~self._top_stone(col)
        self.current ^= self.mask
        self._outcome = None
        self._redo.append(col)
        return col

    def redo(self) -> Column:
        """Replay the last undone move and return its column."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo", move="redo")
        col = self._redo.pop()
        self._push(col)
        return col

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- internals ---------------------------------------------------------
    def _check_playable(self, col: Column, index: int | None) -> None:
        if isinstance(col, bool) or not isinstance(col, int):
            raise IllegalMoveError("a column must be an int", move=col, index=index)
        label = col + 1
        if not 0 <= col < WIDTH:
            raise IllegalMoveError(
                f"column {label} is off the board (columns are 1-{WIDTH})",
                move=str(label),
                index=index,
            )
        if self._outcome is not None:
            raise IllegalMoveError("the game is already over", move=str(label), index=index)
        if self.mask & top_bit(col):
            raise IllegalMoveError(f"column {label} is full", move=str(label), index=index)

    def _top_stone(self, col: Column) -> Bitboard:
        column = self.mask & (((1 << HEIGHT) - 1) << (col * (HEIGHT + 1)))
        return 1 << (column.bit_length() - 1)

    def _push(self, col: Column) -> None:
        mover = self.current  # the stones of the player making this move
        self.mask |= self.mask + bottom_bit(col)
        placed = self._top_stone(col)
        mover |= placed
        self._history.append(col)
        if has_four(mover):
            self._outcome = _win_outcome(mover, placed, Player((len(self._history) - 1) & 1))
        elif len(self._history) == CELLS:
            self._outcome = Outcome(None)
        # The player to move changes: the new current is the opponent's stones.
        self.current = mover ^ self.mask

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._history == other._history

    # A board changes with every move, so its hash would too: a board in a set or as a
    # dict key would be lost after play() or undo().  Like python-chess's Board it is
    # unhashable; key a position by key() or by its move string instead.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Board.from_moves({self.moves!r})"

    def __str__(self) -> str:
        """The board as text, top row first: X for the first player, O for the second."""
        symbols = {None: ".", Player.FIRST: "X", Player.SECOND: "O"}
        rows = [
            " ".join(symbols[self.cell(c, r)] for c in range(WIDTH))
            for r in reversed(range(HEIGHT))
        ]
        rows.append(" ".join(str(c + 1) for c in range(WIDTH)))
        return "\n".join(rows)


def _win_outcome(stones: Bitboard, placed: Bitboard, winner: Player) -> Outcome:
    """The outcome of a move ``placed`` that completed a four for ``stones``."""
    lines = [line for line in FOURS if line & placed and line & stones == line]
    cells = 0
    for line in lines:
        cells |= line
    return Outcome(winner, tuple(cells_of(lines[0])), tuple(cells_of(cells)))


__all__ = ["Board", "IllegalMoveError", "Outcome", "Player"]
