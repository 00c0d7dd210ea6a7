"""Why a move loses, in the player's language: the sentence of a
:class:`~game.ai.explain.Reason` and the cells to mark on the board, the same on the
Review screen, in the coach's message and in a failed puzzle.

Every sentence is whole (gettext, named placeholders): the players are named by their
discs' colours (``mover``: who made the move, ``opponent``: the other), a cell by its
column as the board numbers it (1-7) and its row counted from the bottom (1-6).  A
sentence says only what the reason proves (:mod:`game.ai.explain`): a deciding threat
only where the solver's line confirmed it, else the length of the loss alone.

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.ai.explain import Cell, Decider, Reason, Why
from game.core import Player
from game.i18n import N_, ngettext, number
from game.i18n import gettext as _


@dataclass(frozen=True, slots=True)
class Sides:
    """The names of the two players in a reason's sentence: who made the move, and the
    other."""

    mover: str
    opponent: str


def sentence(
    reason: Reason, sides: Sides, best_column: int | None = None, *, mistake: bool = False
) -> str:
    """Why the move loses, in a sentence; ``best_column`` (0-based) is the column that
    kept the result, ``mistake`` whether the move gave a win away for a draw (a blunder
    otherwise: the sentence then speaks of the opponent's win)."""
    tactic = _tactic(reason, sides)
    if tactic is not None:
        return tactic
    decider = reason.decider
    if decider is not None and not (decider.lost_win and best_column is None):
        return _decided(decider, sides, best_column)
    return _later(reason, sides, best_column if mistake else None)


def _tactic(reason: Reason, sides: Sides) -> str | None:
    """The sentence of a reason other than a long-term one."""
    column = None if reason.column is None else number(reason.column + 1)
    mover, opponent = sides.mover, sides.opponent
    if reason.why is Why.MISSES_WIN:
        return _("{mover} could have won at once in column {column}.").format(
            mover=mover, column=column
        )
    if reason.why is Why.IGNORES_THREAT:
        return _(
            "{opponent} could already win in column {column}, and this move does not stop it."
        ).format(opponent=opponent, column=column)
    if reason.why is Why.ALLOWS_WIN:
        col, row = reason.cells[0]
        return _(
            "This disc goes right under {opponent}'s winning cell: {opponent} wins at once"
            " in column {column}, row {row}."
        ).format(opponent=opponent, column=number(col + 1), row=number(row + 1))
    if reason.why is Why.ALLOWS_DOUBLE:
        return _(
            "{opponent} answers in column {column} with two threats at once, and {mover}"
            " can stop only one."
        ).format(opponent=opponent, mover=mover, column=column)
    if reason.why is Why.ALLOWS_FORCED:
        count = reason.discs or 0
        return ngettext(
            "{opponent} now wins by force within its next {count} disc, whatever {mover} plays.",
            "{opponent} now wins by force within its next {count} discs, whatever {mover} plays.",
            count,
        ).format(opponent=opponent, mover=mover, count=number(count))
    return None


def _later(reason: Reason, sides: Sides, best_column: int | None) -> str:
    """A long-term reason without a confirmed threat: how long the loss (or, given the
    ``best_column`` of a mistake, the lost win) takes at best play, when known."""
    count = reason.discs
    if best_column is not None:
        best = number(best_column + 1)
        if count is None:
            return _(
                "Deeper than a few moves: column {best} still won, and now {opponent} can hold"
                " the draw."
            ).format(best=best, opponent=sides.opponent)
        return ngettext(
            "Deeper than a few moves: column {best} still won, with {count} more disc at best"
            " play, and now {opponent} can hold the draw.",
            "Deeper than a few moves: column {best} still won, with {count} more discs at best"
            " play, and now {opponent} can hold the draw.",
            count,
        ).format(best=best, count=number(count), opponent=sides.opponent)
    if count is None:
        return _("Deeper than a few moves: the loss comes later.")
    return ngettext(
        "Deeper than a few moves: {opponent} wins later, with {count} more disc at best play.",
        "Deeper than a few moves: {opponent} wins later, with {count} more discs at best play.",
        count,
    ).format(opponent=sides.opponent, count=number(count))


DECIDED: Final = {
    (False, "ends"): N_(
        "{owner} has a threat in column {column}, row {row} that {other} cannot take"
        " away: with best play the game ends with a four there."
    ),
    (False, "odd"): N_(
        "{owner} has a threat in column {column}, row {row}, an odd row: when the"
        " board fills up, {other} will have to play under it."
    ),
    (False, "even"): N_(
        "{owner} has a threat in column {column}, row {row}, an even row: when the"
        " board fills up, {other} will have to play under it."
    ),
    (False, "full"): N_(
        "{owner} has a threat in column {column}, row {row} that {other} cannot take"
        " away: when the board fills up, {other} will have to play under it."
    ),
    (False, "later odd"): N_(
        "With best play {owner} makes a threat in column {column}, row {row}, an odd row,"
        " and when the board fills up {other} has to play under it."
    ),
    (False, "later even"): N_(
        "With best play {owner} makes a threat in column {column}, row {row}, an even"
        " row, and when the board fills up {other} has to play under it."
    ),
    (False, "later full"): N_(
        "With best play {owner} makes a threat in column {column}, row {row}, and when"
        " the board fills up {other} has to play under it."
    ),
    (True, "ends"): N_(
        "Column {best} would have given {owner} a threat in column {column}, row {row}"
        " that decides the game: with best play it ends with a four there."
    ),
    (True, "odd"): N_(
        "Column {best} would have given {owner} a threat in column {column}, row {row},"
        " an odd row: when the board filled up, {other} would have had to play under it."
    ),
    (True, "even"): N_(
        "Column {best} would have given {owner} a threat in column {column}, row {row},"
        " an even row: when the board filled up, {other} would have had to play under it."
    ),
    (True, "full"): N_(
        "Column {best} would have given {owner} a threat in column {column}, row {row}"
        " that {other} could not take away: when the board filled up, {other} would have"
        " had to play under it."
    ),
    (True, "later odd"): N_(
        "After column {best}, with best play {owner} makes a threat in column {column},"
        " row {row}, an odd row, and when the board fills up {other} has to play under it."
    ),
    (True, "later even"): N_(
        "After column {best}, with best play {owner} makes a threat in column {column},"
        " row {row}, an even row, and when the board fills up {other} has to play under"
        " it."
    ),
    (True, "later full"): N_(
        "After column {best}, with best play {owner} makes a threat in column {column},"
        " row {row}, and when the board fills up {other} has to play under it."
    ),
}
"""The sentences of a deciding threat, by whether it is a mistake's lost win and by how
it decides: a threat now whose line ends there (``ends``), or a zugzwang at the end of a
full board, on the owner's own parity (``odd``, ``even``: Allis' rules) or not
(``full``), with the threat there now or made along the line (``later``)."""


def _decided(decider: Decider, sides: Sides, best_column: int | None) -> str:
    """The sentence of a deciding threat (see :class:`~game.ai.explain.Decider`)."""
    col, row = decider.cell
    lost_win = decider.lost_win
    owner, other = (sides.mover, sides.opponent) if lost_win else (sides.opponent, sides.mover)
    if decider.now and not decider.forced:
        how = "ends"
    else:
        parity = "full"
        if decider.owners_parity:
            parity = "odd" if decider.owner is Player.FIRST else "even"
        how = parity if decider.now else f"later {parity}"
    return _(DECIDED[(lost_win, how)]).format(
        owner=owner,
        other=other,
        column=number(col + 1),
        row=number(row + 1),
        best=number((best_column or 0) + 1),
    )


def marked_cells(reason: Reason, mover: Player) -> list[tuple[Cell, Player]]:
    """The cells to mark on the board, each with the player it wins for (the mover's
    missed win, the opponent's threats, the deciding threat's owner)."""
    if reason.why is Why.MISSES_WIN:
        owner = mover
    elif reason.decider is not None:
        owner = reason.decider.owner
    else:
        owner = mover.other
    return [(cell, owner) for cell in reason.cells]


def marked_column(reason: Reason) -> int | None:
    """The column the reason names (0-based; None: none), to mark under the board."""
    return reason.column
