"""The rating maths: Elo's expectation and update, the levels' ratings fitted from the
ladder's scores, the rating of a puzzle, the level suggested; the player's results and
puzzles as the settings file keeps them, and how two windows' merge."""

from __future__ import annotations

import datetime
import json
import math
from pathlib import Path

import pytest

from game.ai.levels import LEVELS
from game.profile import puzzle_progress
from game.profile.puzzle_progress import PuzzleProgress
from game.profile.rating import (
    K_FLOOR,
    MAX_RESULTS,
    START_RATING,
    RatingLog,
    RatingsError,
    expected,
    k_factor,
    merge_logs,
    nearest_level,
    puzzle_opponent,
    read_level_ratings,
    shipped_level_ratings,
    updated,
)
from game.profile.repairs import Kind, Repair
from game.profile.statistics import Statistics, merge
from tests.conftest import build_script

ROOT = Path(__file__).resolve().parent.parent
RATINGS = {"Beginner": 1000, "Easy": 1326, "Medium": 1574, "Hard": 1807, "Expert": 2070,
           "Master": 2238, "Perfect": 2405}  # fmt: skip


# -- Elo ------------------------------------------------------------------------------


def test_elo_expects_ten_to_one_at_400_points_and_is_symmetric() -> None:
    assert expected(1500, 1500) == 0.5
    assert expected(1900, 1500) == pytest.approx(10 / 11)
    assert expected(1500, 1900) + expected(1900, 1500) == pytest.approx(1.0)


def test_the_update_moves_by_k_times_the_surprise_and_k_falls_to_its_floor() -> None:
    assert k_factor(0) == 80 and k_factor(10) == 40 and k_factor(15) == K_FLOOR
    assert k_factor(1000) == K_FLOOR
    assert updated(1500, 0, 1500, 1.0) == pytest.approx(1540)
    assert updated(1500, 0, 1500, 0.5) == 1500
    assert updated(1500, 20, 1900, 0.0) == pytest.approx(1500 - 32 / 11)
    with pytest.raises(ValueError, match="from 0 to 1"):
        updated(1500, 0, 1500, 2.0)


def test_the_fit_finds_the_differences_the_scores_imply() -> None:
    engine_ladder = build_script("engine_ladder")
    results = [
        engine_ladder.PairResult("Easy", "Beginner", 75, 100),  # 3:1 is 191 points
        engine_ladder.PairResult("Medium", "Easy", 50, 100),
    ]
    ratings = engine_ladder.fit_ratings(results)
    assert ratings["Beginner"] == 1000
    assert ratings["Easy"] == pytest.approx(1000 + 400 * math.log10(3))
    assert ratings["Medium"] == pytest.approx(ratings["Easy"])
    with pytest.raises(ValueError, match="no finite rating"):
        engine_ladder.fit_ratings([engine_ladder.PairResult("Easy", "Beginner", 10, 10)])
    with pytest.raises(ValueError, match="not linked"):
        engine_ladder.fit_ratings([engine_ladder.PairResult("Hard", "Medium", 5, 10)])


def test_a_fit_over_a_loop_of_pairs_balances_them() -> None:
    engine_ladder = build_script("engine_ladder")
    results = [
        engine_ladder.PairResult("Easy", "Beginner", 75, 100),
        engine_ladder.PairResult("Medium", "Easy", 75, 100),
        engine_ladder.PairResult("Medium", "Beginner", 75, 100),
    ]
    ratings = engine_ladder.fit_ratings(results)
    assert 0 < ratings["Easy"] - 1000 < ratings["Medium"] - 1000 < 2 * 400 * math.log10(3)


def test_the_shipped_ratings_are_the_fit_of_the_recorded_ladder() -> None:
    engine_ladder = build_script("engine_ladder")
    shipped = json.loads((ROOT / "assets" / "level_ratings.json").read_text(encoding="utf-8"))
    assert shipped == engine_ladder.ratings_document(engine_ladder.RECORDED)
    assert shipped["ratings"] == RATINGS == dict(shipped_level_ratings() or {})
    assert [shipped["ratings"][level.name] for level in LEVELS] == sorted(RATINGS.values())


def test_a_damaged_ratings_file_is_refused() -> None:
    good = {"format": 1, "ratings": RATINGS}
    assert read_level_ratings(json.dumps(good)) == RATINGS
    for text, said in [
        ("{", "not JSON"),
        (json.dumps({"format": 2, "ratings": RATINGS}), "format"),
        (json.dumps({"format": 1}), "no ratings"),
        (json.dumps({"format": 1, "ratings": {**RATINGS, "Hard": "x"}}), "Hard"),
        (json.dumps({"format": 1, "ratings": {**RATINGS, "Easy": 99999}}), "Easy"),
    ]:
        with pytest.raises(RatingsError, match=said):
            read_level_ratings(text)


def test_a_puzzle_counts_as_the_weakest_level_that_sees_its_winning_disc() -> None:
    # a win with the N-th own disc is 2N - 1 plies deep
    assert puzzle_opponent(2, RATINGS) == RATINGS["Easy"]  # 3 plies: depth 3
    assert puzzle_opponent(3, RATINGS) == RATINGS["Medium"]  # 5: depth 6
    assert puzzle_opponent(5, RATINGS) == RATINGS["Hard"]  # 9: depth 9
    assert puzzle_opponent(8, RATINGS) == RATINGS["Expert"]  # 15
    assert puzzle_opponent(11, RATINGS) == RATINGS["Master"]  # 21
    assert puzzle_opponent(12, RATINGS) == RATINGS["Perfect"]


def test_the_suggested_level_is_the_nearest_and_the_weaker_on_a_tie() -> None:
    assert nearest_level(START_RATING, RATINGS) == "Easy"
    assert nearest_level(0, RATINGS) == "Beginner"
    assert nearest_level(3000, RATINGS) == "Perfect"
    assert nearest_level(1163, RATINGS) == "Beginner"
    assert nearest_level(1700, RATINGS) == "Hard"


# -- the player's results --------------------------------------------------------------


def test_the_rating_is_replayed_from_its_results() -> None:
    log = RatingLog()
    assert log.rating == START_RATING and log.count == 0
    after = log.add(RATINGS["Easy"], 1.0, "Easy", at="2026-11-25T10:00:00+00:00")
    assert after == pytest.approx(updated(START_RATING, 0, RATINGS["Easy"], 1.0))
    log.add(RATINGS["Hard"], 0.0, "puzzle", at="2026-11-25T10:05:00+00:00")
    assert [at for at, _ in log.history()] == ["2026-11-25T10:00:00+00:00", log.results[1].at]
    assert log.rating == pytest.approx(updated(after, 1, RATINGS["Hard"], 0.0))
    assert log.results[0].id != log.results[1].id


def test_folding_old_results_keeps_the_rating() -> None:
    log = RatingLog()
    for index in range(MAX_RESULTS + 30):
        log.add(RATINGS["Medium"], float(index % 3 == 0), "Medium", at=f"2026-01-01T{index:06d}")
    folded = log.folded()
    assert len(folded.results) == MAX_RESULTS and folded.count == log.count
    assert folded.rating == pytest.approx(log.rating)


def test_two_windows_rated_games_are_both_kept_in_time_order() -> None:
    start = RatingLog()
    start.add(1326, 1.0, "Easy", at="2026-11-25T09:00:00+00:00")
    one, two = start.copy(), start.copy()
    one.add(1574, 0.0, "Medium", at="2026-11-25T10:00:00+00:00")
    two.add(1000, 1.0, "Beginner", at="2026-11-25T09:30:00+00:00")
    on_disk = merge_logs(start, start, one)  # window one saves first
    merged = merge_logs(on_disk, start, two)
    assert [r.against for r in merged.results] == ["Easy", "Beginner", "Medium"]
    assert merge_logs(merged, start, two) == merged  # saving again adds nothing twice
    assert merge_logs(merged, start, RatingLog()) == RatingLog()  # a reset replaces


def test_the_rating_and_puzzles_survive_the_file_and_bad_parts_are_dropped() -> None:
    stats = Statistics()
    stats.rating.add(1326, 0.5, "Easy", at="2026-11-25T09:00:00+00:00")
    stats.puzzles.record("4453", True, daily=datetime.date(2026, 11, 25))
    repairs: list[Repair] = []
    assert Statistics.from_json(json.loads(json.dumps(stats.to_json())), repairs) == stats
    assert repairs == []
    data = stats.to_json()
    data["rating"]["results"].append(["yesterday", 1000, 1.0, "Easy", "x"])
    data["rating"]["results"].append([data["rating"]["results"][0][0], 1000, 0.7, "Easy", "y"])
    data["puzzles"]["streak"] = 99
    back = Statistics.from_json(data, repairs)
    assert back.rating == stats.rating and back.puzzles.streak == 1
    assert repairs == [
        Repair(Kind.RATING_RESULTS_DROPPED, count=2),
        Repair(Kind.PUZZLE_COUNT_CLAMPED, "streak", old=99, new=1),
    ]
    assert list(map(str, repairs)) == ["rating results (2 dropped)", "Puzzle streak 99 \u2192 1"]
    assert Statistics.from_json({"per_level": {}, "rating": 3}, repairs).rating == RatingLog()
    assert Statistics.from_json({"puzzles": {"solved": ["89"]}}, repairs).puzzles == (
        PuzzleProgress()
    )


# -- the puzzles' progress --------------------------------------------------------------


def test_a_try_counts_once_and_only_a_first_try_is_rated() -> None:
    progress = PuzzleProgress()
    assert progress.first_try("44")
    progress.record("44", False)
    assert not progress.first_try("44") and progress.streak == 0 and progress.tries == 1
    progress.record("44", True, daily=datetime.date(2026, 11, 25))
    progress.record("45", True)
    assert (progress.solves, progress.streak, progress.best_streak) == (2, 2, 2)
    assert progress.solved == {"44", "45"} and progress.daily == {"2026-11-25"}


def test_two_windows_tries_add_up_and_the_streak_goes_on_while_all_were_solved() -> None:
    start = PuzzleProgress()
    start.record("11", True)
    one, two = start.copy(), start.copy()
    one.record("22", True)
    two.record("33", True)
    two.record("44", True)
    on_disk = puzzle_progress.merge(start, start, one)
    merged = puzzle_progress.merge(on_disk, start, two)
    assert merged.solved == {"11", "22", "33", "44"} and merged.tries == 4
    assert merged.streak == 4 and merged.best_streak == 4
    three = start.copy()
    three.record("55", False)
    after = puzzle_progress.merge(merged, start, three)
    assert after.tries == 5 and after.streak == 0 and after.best_streak == 4
    assert puzzle_progress.merge(after, start, start) == after  # nothing new
    assert puzzle_progress.merge(after, start, PuzzleProgress()) == PuzzleProgress()  # reset


def test_statistics_merge_carries_the_rating_and_the_puzzles() -> None:
    before = Statistics()
    now = before.copy()
    now.rating.add(1000, 1.0, "Beginner")
    now.puzzles.record("4", True)
    merged = merge(Statistics(), before, now)
    assert merged.rating == now.rating and merged.puzzles == now.puzzles
    now.reset()
    assert now.rating == RatingLog() and now.puzzles == PuzzleProgress()
