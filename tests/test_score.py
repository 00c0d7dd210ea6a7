"""Scores: exact results, proven bounds and estimates, compared, described and printed;
an analysis of every column."""

from __future__ import annotations

import pickle

import pytest

from game.ai.score import (
    DRAW,
    HEURISTIC_UNIT,
    MAX_SCORE,
    Analysis,
    Score,
    ScoreKind,
    stones_to_win,
)

pytestmark = pytest.mark.engine


@pytest.mark.parametrize(
    ("score", "ply", "words"),
    [
        (0, 10, "draw"),
        # The first player to move at the start, winning with its 21st stone.
        (1, 0, "win in 21"),
        # "4453": the first player has 2 stones; score 2 means winning with its 20th.
        (2, 4, "win in 18"),
        # "445": the second player to move, its opponent wins with its 4th stone (18).
        (-MAX_SCORE, 3, "loss in 2"),
    ],
)
def test_an_exact_score_counts_the_winners_remaining_stones(
    score: int, ply: int, words: str
) -> None:
    assert Score.exact(score).describe(ply) == words


def test_an_estimate_is_a_signed_fraction() -> None:
    assert Score.estimate(420).describe(6) == "+0.42"
    assert Score.estimate(-7).describe(6) == "-0.01"


def test_a_proven_bound_says_at_most_and_a_result_alone_no_length() -> None:
    # A depth-limited search proved a win (or loss) but perhaps not the fastest.
    assert Score.bound(2).describe(4) == "win in at most 18"
    assert Score.bound(-MAX_SCORE).describe(3) == "loss in at most 2"
    # A weak solve's result: a win, with no idea how soon (issue 26: not "heuristic").
    assert Score.of_result(1).describe(8) == "win"
    assert Score.of_result(-1).describe(8) == "loss"
    assert Score.of_result(0) == DRAW and DRAW.describe(8) == "draw"


def test_stones_to_win_for_both_sides() -> None:
    # Ply 5: the second player to move has 2 stones, the first player 3.
    assert stones_to_win(MAX_SCORE, 5) == 2  # the mover wins with its 4th stone
    assert stones_to_win(-MAX_SCORE, 5) == 1  # the opponent wins with its 4th stone
    assert Score.exact(MAX_SCORE).stones_to_win(5) == 2
    assert DRAW.stones_to_win(5) is None and Score.estimate(300).stones_to_win(5) is None


def test_the_engine_number_never_shows_minus_zero() -> None:
    shown = {
        Score.exact(3): "+3",
        Score.exact(-2): "-2",
        DRAW: "0",
        Score.bound(2): "\u2265+2",
        Score.bound(-4): "\u2264-4",
        Score.estimate(420): "~+42",
        Score.estimate(-4): "~0",
        Score.estimate(0): "~0",
    }
    for score, text in shown.items():
        assert str(score) == text


def test_one_order_from_the_fastest_win_to_the_fastest_loss() -> None:
    ranked = [
        Score.exact(18),
        Score.bound(5),
        Score.exact(5),
        Score.bound(1),
        Score.estimate(999),
        Score.estimate(1),
        DRAW,
        Score.estimate(0),
        Score.estimate(-999),
        Score.exact(-1),
        Score.bound(-1),
        Score.bound(-7),
        Score.exact(-18),
    ]
    assert sorted(ranked, reverse=True) == ranked
    assert max(ranked) == Score.exact(18) and min(ranked) == Score.exact(-18)
    # The other player's view turns the order round, bounds included (a proven draw
    # ranks above an even estimate for both players).
    turned = [score for score in ranked if score != Score.estimate(0)]
    assert sorted((-score for score in turned), reverse=True) == [-s for s in reversed(turned)]
    assert -Score.bound(3) == Score.bound(-3) and Score.bound(-3).kind is ScoreKind.AT_MOST


def test_results_and_the_search_scale() -> None:
    assert [Score.exact(s).result for s in (4, 0, -4)] == [1, 0, -1]
    assert Score.bound(1).result == 1 and Score.bound(-2).result == -1
    assert Score(0, ScoreKind.AT_LEAST).result is None and Score.estimate(500).result is None
    with pytest.raises(ValueError, match="not 0"):
        Score.bound(0)
    unit = HEURISTIC_UNIT
    assert Score.from_search(3 * unit, exact=True) == Score.exact(3)
    assert Score.from_search(3 * unit, exact=False) == Score.bound(3)
    assert Score.from_search(-2 * unit, exact=False) == Score.bound(-2)
    assert Score.from_search(0, exact=True) == DRAW
    assert Score.from_search(0, exact=False) == Score.estimate(0)
    assert Score.from_search(-420, exact=False).kind is ScoreKind.ESTIMATE
    assert Score.bound(3).units == 3 * unit and Score.estimate(-420).units == -420


@pytest.mark.parametrize(
    "made",
    [
        lambda: Score.estimate(HEURISTIC_UNIT),
        lambda: Score.estimate(-HEURISTIC_UNIT),
        lambda: Score.exact(22),
        lambda: Score.bound(-22),
    ],
)
def test_a_value_no_score_has_is_refused(made: object) -> None:
    assert callable(made)
    with pytest.raises(ValueError, match=r"within|inside"):
        made()


def test_an_analysis_is_an_immutable_mapping_with_one_rule_for_the_best() -> None:
    values = Analysis({0: Score.exact(-3), 2: Score.exact(5), 4: Score.exact(5), 6: DRAW})
    assert list(values) == [0, 2, 4, 6] and len(values) == 4 and 1 not in values
    assert values.best == Score.exact(5)
    assert values.best_column() == 2  # of equal scores the most central, left first
    with pytest.raises(KeyError):
        values[1]
    with pytest.raises(TypeError):
        values[1] = DRAW  # type: ignore[index]
    assert values.mirrored() == Analysis(
        {6: Score.exact(-3), 4: Score.exact(5), 2: Score.exact(5), 0: DRAW}
    )
    assert pickle.loads(pickle.dumps(values)) == values
    assert "Analysis({0: Score(" in repr(values)
    with pytest.raises(ValueError, match="no playable column"):
        Analysis({}).best_column()
