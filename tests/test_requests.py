"""Scores in words: exact results, heuristic guesses, and proven bounds."""

from __future__ import annotations

import pytest

from game.ai.requests import HEURISTIC_UNIT, MAX_SCORE, describe_score, stones_to_win

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
    assert describe_score(score, exact=True, ply=ply) == words


def test_a_heuristic_score_is_a_signed_fraction() -> None:
    assert describe_score(420, exact=False, ply=6) == "+0.42"
    assert describe_score(-7, exact=False, ply=6) == "-0.01"


def test_a_proven_bound_says_at_most() -> None:
    # A depth-limited search proved a win (or loss) but perhaps not the fastest.
    assert describe_score(2 * HEURISTIC_UNIT, exact=False, ply=4) == "win in at most 18"
    assert describe_score(-MAX_SCORE * HEURISTIC_UNIT, exact=False, ply=3) == "loss in at most 2"


def test_stones_to_win_for_both_sides() -> None:
    # Ply 5: the second player to move has 2 stones, the first player 3.
    assert stones_to_win(MAX_SCORE, 5) == 2  # the mover wins with its 4th stone
    assert stones_to_win(-MAX_SCORE, 5) == 1  # the opponent wins with its 4th stone
