"""The value of every column of a position: the one routine behind the analysis, the hint,
the Perfect level's book moves, ``solve --analyze``, the book maker and the tests.

The value of playing a column, seen by the player to move before the move:

* none for a full column (it has no entry in the :class:`~game.ai.score.Analysis`);
* an immediate win: exactly :meth:`~game.ai.score.Score.win_now`;
* the move that fills the board: a draw;
* otherwise the value of the position it leads to, negated: from the book where it
  knows that position well enough (exactly, or for a weak valuation any proven result),
  else from the solver (exactly, or with ``weak`` the result alone).

Without a solver the routine asks the book alone, and answers only when the book knows
every column.  With a solver and a stop control, the control's limits bound the whole
valuation: when they are reached, :class:`~game.ai.control.SearchStopped` escapes and
nothing is answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai.bookshelf import PositionBook
from game.ai.control import StopControl
from game.ai.score import DRAW, Analysis, Score, Window
from game.core.bitboard import BOARD, BOTTOM, CELLS, WIDTH, Column, column_cells
from game.core.board import Board

if TYPE_CHECKING:  # the solver (and its kernel) is loaded by whoever passes one
    from game.ai.solver import Solver


@dataclass(frozen=True, slots=True)
class Valuation:
    """Every column's value, and the solver's nodes spent finding them (0: the book and
    the rules alone)."""

    analysis: Analysis
    nodes: int


def good_enough(score: Score, *, weak: bool) -> bool:
    """Whether a known value answers a valuation: exact, or for ``weak`` any proven
    result."""
    return score.is_exact or (weak and score.result is not None)


def sibling_guess(solved: list[int], floor: int) -> int:
    """The score a child is likely to have, for the solver to ask about first, given
    its siblings' scores ``solved`` so far and the ``floor`` every child's score reaches.

    Siblings often share a score: the one most of them have (the earliest of equals).
    Before any, the score just above the floor: the parent's value one step short of
    its best, so the first probe asks whether this column is a best one too.  (What it
    saves: build_scripts/evaluation_tuning.md, issue 24.)
    """
    if not solved:
        return floor + 1
    return max(solved, key=lambda score: (solved.count(score), -solved.index(score)))


def column_values(
    board: Board,
    *,
    book: PositionBook | None = None,
    solver: Solver | None = None,
    weak: bool = False,
    control: StopControl | None = None,
) -> Valuation | None:
    """The value of every column of ``board`` (a game not over), for the player to move.

    Returns None only without a ``solver``, when the book does not know some column well
    enough.  Raises :class:`~game.ai.control.SearchStopped` when ``control`` stops the
    solver.
    """
    scores: dict[Column, Score] = {}
    nodes = 0
    ply, current, mask = board.ply, board.current, board.mask
    # Where the book knows this position's exact value v, no column does better than v:
    # each child's score is at least -v, and the solver starts from that bound; and the
    # move the book keeps (if it keeps one) reaches v, so that column needs no search.
    kept = book.best_move(current, mask) if book is not None and not weak else None
    value = kept[0] if kept is not None else None
    if value is None and book is not None and not weak:
        value = book.score(current, mask)
    floor = -value.value if value is not None and value.is_exact else None
    solved: list[int] = []  # the children's scores the solver found, in order
    for col in range(WIDTH):
        move = (mask + BOTTOM) & column_cells(col)
        if not move & BOARD:
            continue  # full
        if board.is_winning_move(col):
            scores[col] = Score.win_now(ply)
            continue
        after = mask | move
        if after == BOARD:  # the last cell: a draw
            scores[col] = DRAW
            continue
        opponent = current ^ mask  # the player to move after this one
        known = book.score(opponent, after) if book is not None else None
        if known is not None and good_enough(known, weak=weak):
            scores[col] = -known
        elif floor is not None and kept is not None and col == kept[1]:
            scores[col] = kept[0]
        elif solver is None:
            return None
        else:
            if floor is None:
                solution = solver.solve(opponent, after, ply + 1, weak=weak, control=control)
            else:
                window = Window(floor, CELLS, sibling_guess(solved, floor))
                solution = solver.solve_within(opponent, after, ply + 1, window, control=control)
                solved.append(solution.score)
            nodes += solution.nodes
            found = Score.of_result(solution.score) if weak else Score.exact(solution.score)
            scores[col] = -found
    return Valuation(Analysis(scores), nodes)
