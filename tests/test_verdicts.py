"""The analysis in words: exact results, proven bounds and estimates."""

from __future__ import annotations

import pytest

from game.ai.requests import HEURISTIC_UNIT, describe_score
from game.ui.verdicts import ESTIMATES, Verdict, engine_label, verdict


@pytest.mark.parametrize(
    ("score", "ply", "words"),
    [
        (18, 0, "Win in 4 moves"),  # 22 - 18 = the mover's 4th stone wins
        (-18, 1, "Loss in 3 moves"),  # the first player has one stone already
        (1, 41, "Win in 1 move"),
        (0, 10, "Draw"),
    ],
)
def test_exact_scores_are_win_draw_or_loss_in_so_many_moves(
    score: int, ply: int, words: str
) -> None:
    said = verdict(score, exact=True, ply=ply)
    assert said.exact
    assert said.sentence(3) == f"Column 4: {words}"
    # The same count as the engine's own description.
    assert describe_score(score, exact=True, ply=ply).split()[-1] in words or score == 0


def test_a_win_a_shorter_search_proved_is_at_most_so_many_moves() -> None:
    said = verdict(3 * HEURISTIC_UNIT, exact=False, ply=10)
    assert (said.kind, said.word, said.exact) == ("win", "Win", True)
    assert said.detail == "in at most 14 moves" and said.short_detail == "in \u226414"
    loss = verdict(-3 * HEURISTIC_UNIT, exact=False, ply=10)
    assert (loss.kind, loss.symbol) == ("loss", "\u2717")


def test_estimates_are_a_five_step_scale_that_never_reads_like_a_number() -> None:
    steps = [verdict(value, exact=False, ply=8) for value in (999, 150, 149, 40, 39, 0, -39)]
    assert [s.word for s in steps] == ["Strong", "Strong", "Good", "Good", "Even", "Even", "Even"]
    worse = [verdict(value, exact=False, ply=8) for value in (-40, -149, -150, -999)]
    assert [s.word for s in worse] == ["Weak", "Weak", "Bad", "Bad"]
    for said in steps + worse:
        assert not said.exact and said.detail == ""
        assert not any(ch.isdigit() for ch in said.short + said.sentence(0)[9:])
        assert said.sentence(0).endswith("(an estimate)")
    assert len({s.symbol for s in steps + worse}) == len(ESTIMATES)


def test_every_verdict_has_a_symbol_as_well_as_a_colour() -> None:
    kinds: dict[str, Verdict] = {}
    for score, exact in ((5, True), (0, True), (-5, True), (300, False), (0, False), (-300, False)):
        said = verdict(score, exact=exact, ply=6)
        kinds[said.kind] = said
    assert set(kinds) == {"win", "draw", "loss", "better", "even", "worse"}
    assert len({said.symbol for said in kinds.values()}) == 6


def test_engine_labels_for_experts_never_show_minus_zero() -> None:
    assert engine_label(3, exact=True) == "+3"
    assert engine_label(-2, exact=True) == "-2"
    assert engine_label(0, exact=True) == "0"
    assert engine_label(2 * HEURISTIC_UNIT, exact=False) == "\u2265+2"
    assert engine_label(-4 * HEURISTIC_UNIT, exact=False) == "\u2264-4"
    assert engine_label(420, exact=False) == "~+42"
    assert engine_label(-4, exact=False) == "~0"
    assert engine_label(0, exact=False) == "~0"
