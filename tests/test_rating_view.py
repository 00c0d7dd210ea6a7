"""The rating graph of the Statistics screen: a scale of round ratings, and the latest
rating written clear of the levels' lines."""

from __future__ import annotations

import pygame

from game.profile.rating import RatingLog
from game.ui.rating_view import latest_label, suggestion, summary, ticks


def test_the_scale_takes_round_ratings_a_few_of_them() -> None:
    assert ticks(1140, 1361) == [1200, 1300]
    assert ticks(1190, 1260) == [1200, 1250]
    assert all(len(ticks(low, low + span)) <= 4 for low in (900, 1234) for span in (50, 700, 3000))


def test_the_latest_rating_is_written_clear_of_the_levels_lines() -> None:
    area = pygame.Rect(0, 0, 400, 200)
    point = (390, 100)
    above = latest_label((40, 16), point, area, [])
    assert above.bottom <= point[1] and above.right <= point[0]
    crossed = latest_label((40, 16), point, area, [above.centery])
    assert crossed.top >= point[1] and not crossed.top <= above.centery <= crossed.bottom
    at_the_top = latest_label((40, 16), (390, 8), area, [])
    assert area.contains(at_the_top)


def test_the_summary_fits_any_mix_of_games_and_puzzles() -> None:
    log = RatingLog()
    log.add(1200, 1.0, "puzzle")
    log.add(1200, 0.0, "puzzle")
    assert summary(log).endswith(", from 2 rated games or puzzles.")  # only puzzles: "or"
    said = suggestion(log, {"Easy": 1326, "Hard": 1700})
    assert said.startswith("Nearest to your rating (") and "Easy (1,326)" in said
