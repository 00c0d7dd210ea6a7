"""The value of every column of a position: the one routine behind the analysis, the hint,
the Perfect level's book moves, ``solve --analyze``, the book maker, the puzzle maker, the
benchmarks and the tests.

The value of playing a column, seen by the player to move before the move
(:func:`value_columns`, the rule's one home):

* none for a full column (it has no entry in the :class:`~game.ai.score.Analysis`);
* an immediate win: exactly :meth:`~game.ai.score.Score.win_now`;
* the move that fills the board: a draw;
* otherwise the value of the position it leads to, negated.

:func:`column_values` takes that value from the book where it knows the position well
enough (exactly, or for a weak valuation any proven result), else from the solver
(exactly, or with ``weak`` the result alone).  Without a solver it asks the book alone,
and answers only when the book knows every column.  With a solver and a stop control, the
control's limits bound the whole valuation: when they are reached,
:class:`~game.ai.control.SearchStopped` escapes and nothing is answered.  A caller with
values of its own (the book maker's, from its checkpoints) gives :func:`value_columns`
a function that looks a position up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from game.ai.bookshelf import PositionBook
from game.ai.control import StopControl
from game.ai.score import DRAW, Analysis, Score, ScoreWindow
from game.core.bitboard import (
    BOARD,
    BOTTOM,
    CELLS,
    WIDTH,
    Bitboard,
    Column,
    column_cells,
    has_four,
)
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


ChildValue: TypeAlias = Callable[[Bitboard, Bitboard], Score | None]
"""The value of a position a move leads to, for its player to move (``current``: that
player's stones, ``mask``: all stones), or None when it is not known."""


def value_columns(
    current: Bitboard, mask: Bitboard, ply: int, child_value: ChildValue
) -> Analysis | None:
    """The value of every column of a position where the game goes on (``current``: the
    stones of the player to move, ``mask``: all stones, ``ply`` moves played), by the rule
    of the module docstring; each child's value is asked of ``child_value``, column by
    column from the left.  None as soon as one is not known."""
    scores: dict[Column, Score] = {}
    for col in range(WIDTH):
        move = (mask + BOTTOM) & column_cells(col)
        if not move:
            continue  # full
        if has_four(current | move):
            scores[col] = Score.win_now(ply)
            continue
        after = mask | move
        if after == BOARD:  # the last cell: a draw
            scores[col] = DRAW
            continue
        known = child_value(current ^ mask, after)
        if known is None:
            return None
        scores[col] = -known
    return Analysis(scores)


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
    ply, current, mask = board.ply, board.current, board.mask
    # Where the book knows this position's exact value v, no column does better than v:
    # each child's score is at least -v, and the solver starts from that bound; and the
    # move the book keeps (if it keeps one) reaches v, so that column needs no search.
    kept = book.best_move(current, mask) if book is not None and not weak else None
    value = kept[0] if kept is not None else None
    if value is None and book is not None and not weak:
        value = book.score(current, mask)
    floor = -value.value if value is not None and value.is_exact else None
    kept_child = -1  # the mask after the kept move, where the book's value answers
    if floor is not None and kept is not None:
        kept_child = mask | ((mask + BOTTOM) & column_cells(kept[1]))
    solved: list[int] = []  # the children's scores the solver found, in order
    nodes = 0

    def child_value(opponent: Bitboard, after: Bitboard) -> Score | None:
        nonlocal nodes
        known = book.score(opponent, after) if book is not None else None
        if known is not None and good_enough(known, weak=weak):
            return known
        if kept is not None and after == kept_child:
            return -kept[0]
        if solver is None:
            return None
        if floor is None:
            solution = solver.solve(opponent, after, ply + 1, weak=weak, control=control)
        else:
            window = ScoreWindow(floor, CELLS, sibling_guess(solved, floor))
            solution = solver.solve_within(opponent, after, ply + 1, window, control=control)
            solved.append(solution.score)
        nodes += solution.nodes
        return Score.of_result(solution.score) if weak else Score.exact(solution.score)

    analysis = value_columns(current, mask, ply, child_value)
    return None if analysis is None else Valuation(analysis, nodes)
