"""Why a mistake or a blunder loses: a reason the board or the solver proves.

The *mover* made the move (0-based ``column`` from the position ``before``), the
*opponent* is the other player.  The reason is the first of these that holds:

=================  ===================================================================
``misses-win C``   the mover could have won at once in column C (the lowest such column)
``ignores-threat`` the opponent could already win at once in column C (a column other
``C``              than the one played, the lowest such), and the move did not stop it
``allows-win C``   the move made the opponent's winning cell playable: C is the column
                   played, the disc went right under the opponent's threat
``allows-double``  the opponent's reply in column C (the lowest such) leaves it winning
``C``              at once in two columns or more, and the mover winning at once in none
``allows-forced``  a blunder lost with the opponent's N-th disc from here at best play,
``N``              N at most :data:`FORCED_MAX` (the exact value of the position after
                   the move says N: :func:`game.ai.score.stones_to_win`)
``long-term``      none of those: the loss (for a mistake, the lost win) comes later
=================  ===================================================================

*Win at once* is a disc that completes a four now: a playable cell.  Two threats stacked
in one column (the opponent's winning cells one above the other) are one way to win at
once, not two: the lower one is the only playable cell, and the mover can take it.  Such
a pair still wins (the mover's block opens the upper cell), and for a blunder whose loss
is that quick the reason is ``allows-forced 2``.

For ``long-term`` the solver may confirm more (:class:`Decider`): the cell that decides
the game, where the exact solver's best line, played to the end, completes the winner's
four.  It is said when it already completed one of the winner's fours right after the
move (after the best move, for a mistake's lost win: a threat the loser cannot take
away), or when at the line's end the loser had to play right under it, every other move
losing at once too (the zugzwang of a full board).  Its row's parity says why (Victor
Allis' rules: the first player's odd threat, the second player's even threat win when
the board fills).  Without that confirmation only the length of the loss is said.

Rules 1 to 4 are tests on the board alone; 5 and 6 need the exact value of the move
played.  Imports :mod:`game.core` and :mod:`game.ai.score` only:
the window explains what it has values for without loading the engine; the confirmation
of a long-term threat (a line to the end) is for :mod:`game.ai.review`, which has the
solver.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.ai.score import Score
from game.core.bitboard import (
    BOARD,
    FOURS,
    WIDTH,
    Bitboard,
    Column,
    bottom_bit,
    cell_bit,
    column_cells,
    has_four,
)
from game.core.board import Board, Player

FORCED_MAX: Final = 4
"""The longest loss (the opponent's discs to its four) called a short forced loss."""

Cell = tuple[Column, int]
"""A cell: its 0-based column and row (row 0 at the bottom)."""


class Why(enum.StrEnum):
    """The kinds of reason, in the order they are tried (see the module docstring)."""

    MISSES_WIN = "misses-win"
    IGNORES_THREAT = "ignores-threat"
    ALLOWS_WIN = "allows-win"
    ALLOWS_DOUBLE = "allows-double"
    ALLOWS_FORCED = "allows-forced"
    LONG_TERM = "long-term"


@dataclass(frozen=True, slots=True)
class Decider:
    """The threat that decides a long-term loss, as the exact solver's best ``line`` (from
    the position after the move, or after the best move when ``lost_win``: a mistake's
    win that the move gave away) confirms it: the line's last disc, ``owner``'s, lands on
    ``cell`` and completes a four there.

    ``now``: the cell already completed one of ``owner``'s fours at the line's start (a
    threat the other player cannot take away); else it became one along the line.
    ``forced``: at the end the other player had to play right under the cell, every move
    it had letting ``owner`` win at once (the zugzwang of a full board).  A cell is a
    decider only when ``now`` or ``forced`` holds."""

    cell: Cell
    owner: Player
    now: bool
    forced: bool
    line: tuple[Column, ...] = ()
    lost_win: bool = False

    @property
    def row(self) -> int:
        """The cell's row as a player counts it, 1 at the bottom."""
        return self.cell[1] + 1

    @property
    def owners_parity(self) -> bool:
        """Whether the row's parity is the one that wins its owner a full board (odd for
        the first player, even for the second: Allis' rules)."""
        return self.row % 2 == (1 if self.owner is Player.FIRST else 0)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move loses (see the module docstring).

    ``column``: C of the first four kinds (0-based); ``discs``: N of ``allows-forced``,
    and for ``long-term`` how many discs the winner plays to its four at best play (from
    the position after the move; after the best move for a mistake), when known;
    ``cells``: the cells to point at (the winning cells of the first four kinds);
    ``decider``: a long-term loss's deciding threat, when the solver confirmed it.
    """

    why: Why
    column: Column | None = None
    discs: int | None = None
    cells: tuple[Cell, ...] = ()
    decider: Decider | None = None

    def code(self) -> str:
        """As ``python -m game.ai review --explain`` writes it: ``misses-win 3`` (the
        column 1-7), ``allows-forced 2`` (N), ``long-term -``."""
        if self.why is Why.ALLOWS_FORCED:
            return f"{self.why} {self.discs}"
        if self.why is Why.LONG_TERM:
            return f"{self.why} -"
        assert self.column is not None
        return f"{self.why} {self.column + 1}"

    def confirmed(self, decider: Decider | None) -> Reason:
        """This long-term reason with its deciding threat (None: not confirmed)."""
        if decider is None:
            return self
        return dataclasses.replace(self, decider=decider, cells=(decider.cell,))


# -- the board ----------------------------------------------------------------------


def playable_cell(mask: Bitboard, col: Column) -> Bitboard:
    """The cell a disc dropped in ``col`` would take (0: the column is full)."""
    return (mask + bottom_bit(col)) & column_cells(col) & BOARD


def wins_at_once(board: Board, player: Player) -> list[Column]:
    """The columns where ``player`` would complete a four with a disc now, whoever is
    to move (its winning cells that are playable), left to right."""
    stones = board.stones(player)
    columns = []
    for col in range(WIDTH):
        cell = playable_cell(board.mask, col)
        if cell and has_four(stones | cell):
            columns.append(col)
    return columns


def threat_cells(board: Board, player: Player) -> Bitboard:
    """Every empty cell that would complete a four of ``player``'s discs (playable or
    not)."""
    stones, empty = board.stones(player), BOARD & ~board.mask
    cells = 0
    for four in FOURS:
        gap = four & ~stones
        if gap and gap & (gap - 1) == 0 and gap & empty:
            cells |= gap
    return cells


def cell_of(board: Board, col: Column) -> Cell:
    """The cell a disc dropped in ``col`` takes (the column must have room)."""
    return col, board.height(col)


# -- the reason ---------------------------------------------------------------------


def tactic(before: Board, column: Column) -> Reason | None:
    """The first of the four tactical reasons that holds for the move ``column`` from
    ``before`` (a position where the game goes on, the column playable), or None."""
    mover = before.to_move
    opponent = mover.other
    mine = wins_at_once(before, mover)
    if mine:
        return Reason(Why.MISSES_WIN, mine[0], cells=(cell_of(before, mine[0]),))
    threats = [col for col in wins_at_once(before, opponent) if col != column]
    if threats:
        return Reason(Why.IGNORES_THREAT, threats[0], cells=(cell_of(before, threats[0]),))
    after = before.copy()
    after.play(column)
    if after.is_over:
        return None
    if after.is_winning_move(column):
        return Reason(Why.ALLOWS_WIN, column, cells=(cell_of(after, column),))
    for reply in after.legal_moves():
        answered = after.copy()
        answered.play(reply)
        if answered.is_over:
            continue
        theirs = wins_at_once(answered, opponent)
        if len(theirs) >= 2 and not wins_at_once(answered, mover):
            cells = tuple(cell_of(answered, col) for col in theirs)
            return Reason(Why.ALLOWS_DOUBLE, reply, cells=(cell_of(after, reply), *cells))
    return None


def classify(before: Board, column: Column, best: Score, played: Score) -> Reason | None:
    """The reason (without its long-term confirmation) why the move ``column`` from
    ``before`` loses, its values ``best`` and ``played`` (the mover's view) proving it a
    mistake or a blunder; None when the values do not say which (a bound or an estimate
    where the length of the loss matters)."""
    reason = tactic(before, column)
    if reason is not None:
        return reason
    if not played.is_exact:
        return None
    ply = before.ply
    if played.value < 0:
        discs = Score(-played.value).stones_to_win(ply + 1)
        if discs is not None and discs <= FORCED_MAX:
            return Reason(Why.ALLOWS_FORCED, discs=discs)
        return Reason(Why.LONG_TERM, discs=discs)
    # A mistake: the win that best play had.
    return Reason(Why.LONG_TERM, discs=best.stones_to_win(ply) if best.is_exact else None)


def decider(start: Board, line: Sequence[Column], *, lost_win: bool = False) -> Decider | None:
    """The threat that decides the game from ``start``, if ``line`` (the exact solver's
    best line from there, to the game's end) confirms one (see :class:`Decider`); None
    otherwise: the line does not end in a four, or its four was made along the line
    and the end was no zugzwang."""
    board = start.copy()
    before_last: Board | None = None
    for index, col in enumerate(line):
        if board.is_over or not board.can_play(col):
            return None
        if index == len(line) - 2:
            before_last = board.copy()
        board.play(col)
    outcome = board.outcome
    if outcome is None or outcome.winner is None:
        return None
    owner, last = outcome.winner, line[-1]
    cell = (last, board.height(last) - 1)
    now = bool(threat_cells(start, owner) & cell_bit(*cell))
    forced = before_last is not None and line[-2] == last and _zugzwang(before_last, owner)
    if not (now or forced):
        return None
    return Decider(cell, owner, now, forced, tuple(line), lost_win)


def _zugzwang(board: Board, owner: Player) -> bool:
    """Whether every move of the player to move in ``board`` lets ``owner`` win at once."""
    for col in board.legal_moves():
        after = board.copy()
        after.play(col)
        if after.is_over or not wins_at_once(after, owner):
            return False
    return True
