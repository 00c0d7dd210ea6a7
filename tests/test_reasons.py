"""Why a move loses, in words (game/ui/reasons.py): each kind of reason's sentence, the
deciding threat's by how it decides, and the cells marked for the side they win for."""

from __future__ import annotations

import pytest

from game.ai.explain import Decider, Reason, Why
from game.core import Player
from game.ui.reasons import DECIDED, Sides, marked_cells, sentence

SIDES = Sides("Red", "Yellow")  # Red made the move


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        (
            Reason(Why.MISSES_WIN, 2, cells=((2, 3),)),
            "Red could have won at once in column 3.",
        ),
        (
            Reason(Why.IGNORES_THREAT, 4, cells=((4, 0),)),
            "Yellow could already win in column 5, and this move does not stop it.",
        ),
        (
            Reason(Why.ALLOWS_WIN, 6, cells=((6, 2),)),
            "This disc goes right under Yellow's winning cell: Yellow wins at once in column"
            " 7, row 3.",
        ),
        (
            Reason(Why.ALLOWS_DOUBLE, 1, cells=((1, 0), (0, 0), (4, 0))),
            "Yellow answers in column 2 with two threats at once, and Red can stop only one.",
        ),
        (
            Reason(Why.ALLOWS_FORCED, discs=3),
            "Yellow now wins by force within its next 3 discs, whatever Red plays.",
        ),
        (
            Reason(Why.LONG_TERM, discs=9),
            "Deeper than a few moves: Yellow wins later, with 9 more discs at best play.",
        ),
        (Reason(Why.LONG_TERM), "Deeper than a few moves: the loss comes later."),
    ],
)
def test_each_reason_has_its_sentence(reason: Reason, said: str) -> None:
    assert sentence(reason, SIDES, 3) == said


def test_a_mistakes_long_term_reason_names_the_column_that_still_won() -> None:
    said = sentence(Reason(Why.LONG_TERM, discs=5), SIDES, 3, mistake=True)
    assert said == (
        "Deeper than a few moves: column 4 still won, with 5 more discs at best play, and now"
        " Yellow can hold the draw."
    )


YELLOW_NOW = "Yellow has a threat in column 5"
DECIDERS = [
    (Decider((4, 3), Player.SECOND, True, True), f"{YELLOW_NOW}, row 4, an even row"),
    (Decider((4, 2), Player.SECOND, True, True), f"{YELLOW_NOW}, row 3 that Red cannot"),
    (Decider((4, 2), Player.SECOND, True, False), f"{YELLOW_NOW}, row 3 that Red cannot take"),
    (Decider((0, 2), Player.SECOND, False, True), "With best play Yellow makes a threat in"),
    (Decider((0, 1), Player.SECOND, False, True), "With best play Yellow makes a threat in"),
    (Decider((2, 4), Player.FIRST, True, True, lost_win=True), "Column 4 would have given Red"),
    (Decider((2, 4), Player.FIRST, False, True, lost_win=True), "After column 4, with best"),
]


@pytest.mark.parametrize(("decider", "start"), DECIDERS)
def test_a_deciding_threat_says_how_it_decides(decider: Decider, start: str) -> None:
    reason = Reason(Why.LONG_TERM, discs=7).confirmed(decider)
    assert reason.cells == (decider.cell,)
    said = sentence(reason, SIDES, 3, mistake=decider.lost_win)
    assert said.startswith(start)
    parity = {1: "odd row", 0: "even row"}[decider.row % 2]
    assert (parity in said) == (decider.forced and decider.owners_parity), said
    # A lost win's threat needs the column that had it: without, only the length is said.
    if decider.lost_win:
        assert sentence(reason, SIDES, None, mistake=True).startswith("Deeper than a few moves")


def test_every_deciding_sentence_is_used_and_the_cells_are_marked_for_their_winner() -> None:
    assert len(DECIDED) == 14
    double = Reason(Why.ALLOWS_DOUBLE, 1, cells=((1, 0), (0, 0), (4, 0)))
    assert {owner for _, owner in marked_cells(double, Player.FIRST)} == {Player.SECOND}
    missed = Reason(Why.MISSES_WIN, 2, cells=((2, 3),))
    assert marked_cells(missed, Player.FIRST) == [((2, 3), Player.FIRST)]
    lost_win = Reason(Why.LONG_TERM).confirmed(Decider((2, 4), Player.FIRST, True, True))
    assert marked_cells(lost_win, Player.FIRST) == [((2, 4), Player.FIRST)]
