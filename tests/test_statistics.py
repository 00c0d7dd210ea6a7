"""Statistics: per-level records, winning streaks, reset, and merging two windows' games."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.profile import fields
from game.profile.preferences import Settings
from game.profile.repairs import Repair
from game.profile.settings import SettingsStore
from game.profile.statistics import ONLINE_RECORD, Record, Result, Statistics, merge


def played(results: str, record: Record | None = None) -> Record:
    """``record`` (a new one by default) after games written as letters: w, l, d."""
    record = Record() if record is None else Record(**record.to_json())
    names: dict[str, Result] = {"w": "win", "l": "loss", "d": "draw"}
    for letter in results:
        record.add(names[letter])
    return record


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ("", Record()),
        ("w", Record(1, 0, 0, streak=1, best_streak=1)),
        ("wwl", Record(2, 1, 0, streak=0, best_streak=2)),
        ("wwdwww", Record(5, 0, 1, streak=3, best_streak=3)),
        ("wwwlw", Record(4, 1, 0, streak=1, best_streak=3)),
        ("ldld", Record(0, 2, 2, streak=0, best_streak=0)),
    ],
)
def test_a_record_counts_results_and_winning_streaks(results: str, expected: Record) -> None:
    record = played(results)
    assert record == expected
    assert record.games == len(results)


def test_a_result_that_is_not_one_changes_nothing() -> None:
    record = played("ww")
    with pytest.raises(ValueError, match="win"):
        record.add("victory")  # type: ignore[arg-type]
    assert record == played("ww")


def test_reset_forgets_one_level_or_all() -> None:
    stats = Statistics()
    for level in ("Easy", "Hard"):
        stats.record(level, "win")
    stats.reset("Easy")
    assert list(stats.per_level) == ["Hard"]
    stats.reset("Unplayed")  # nothing to forget
    stats.reset()
    assert stats == Statistics()


def test_copy_is_deep() -> None:
    stats = Statistics()
    stats.record("Hard", "win")
    twin = stats.copy()
    twin.record("Hard", "win")
    assert stats.per_level["Hard"].wins == 1 and twin.per_level["Hard"].wins == 2


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # Files from before streaks existed: counts only.
        ({"wins": 3, "losses": 1, "draws": 0}, Record(3, 1, 0)),
        ({}, Record()),
        ({"wins": -4, "losses": 2.0}, Record(0, 2, 0)),
        ({"wins": 10**12}, Record(fields.MAX_COUNT, 0, 0)),
        # Streaks can be no longer than the wins, the best no shorter than the current.
        ({"wins": 2, "streak": 5, "best_streak": 9}, Record(2, 0, 0, streak=2, best_streak=2)),
        ({"wins": 6, "streak": 4, "best_streak": 1}, Record(6, 0, 0, streak=4, best_streak=4)),
    ],
)
def test_a_record_from_the_file_is_clamped_and_consistent(
    data: dict[str, object], expected: Record
) -> None:
    assert Record.from_json(data) == expected


@pytest.mark.parametrize("data", ["lots", None, [1, 2], {"wins": "two"}, {"streak": True}])
def test_a_record_of_the_wrong_type_is_refused(data: object) -> None:
    with pytest.raises(fields.Invalid):
        Record.from_json(data)


# -- merging ----------------------------------------------------------------------------


def stats_of(**records: Record) -> Statistics:
    return Statistics(dict(records))


BEFORE = played("wwlw")  # streak 1, best 2


@pytest.mark.parametrize(
    ("on_disk", "now", "expected"),
    [
        # Nothing new here: the file's record, whatever another window added.
        (played("wl", BEFORE), BEFORE, played("wl", BEFORE)),
        # New wins only: added to the file's counts, and the file's streak goes on.
        (played("ww", BEFORE), played("www", BEFORE), played("wwwww", BEFORE)),
        # The best streak is the longest either window saw: here 3 (w, then w w).
        (played("wl", BEFORE), played("ww", BEFORE), Record(6, 2, 0, streak=2, best_streak=3)),
        # A loss here: this window's game came last, so its streak is the current one.
        (played("www", BEFORE), played("wlw", BEFORE), Record(8, 2, 0, streak=1, best_streak=4)),
        (played("d", BEFORE), played("l", BEFORE), Record(3, 2, 1, streak=0, best_streak=2)),
    ],
)
def test_merge_adds_this_windows_new_games_to_the_files(
    on_disk: Record, now: Record, expected: Record
) -> None:
    merged = merge(stats_of(Hard=on_disk), stats_of(Hard=BEFORE), stats_of(Hard=now))
    assert merged == stats_of(Hard=expected)


def test_merge_keeps_levels_only_one_side_knows() -> None:
    merged = merge(
        on_disk=stats_of(Easy=played("w"), Hard=BEFORE),
        before=stats_of(Hard=BEFORE),
        now=stats_of(Hard=BEFORE, Master=played("l")),
    )
    assert merged == stats_of(Easy=played("w"), Hard=BEFORE, Master=played("l"))


def test_merge_lets_a_reset_in_this_window_replace_the_files_record() -> None:
    on_disk = stats_of(Easy=played("ww"), Hard=played("l", BEFORE))
    before = stats_of(Easy=played("w"), Hard=BEFORE)
    # Hard reset then one game lost; Easy reset (dropped).
    merged = merge(on_disk, before, stats_of(Hard=played("l")))
    assert merged == stats_of(Hard=played("l"))


def test_merge_changes_none_of_its_arguments() -> None:
    on_disk, before, now = stats_of(Hard=BEFORE), stats_of(Hard=BEFORE), stats_of(Hard=BEFORE)
    now.record("Hard", "win")
    copies = [s.copy() for s in (on_disk, before, now)]
    merged = merge(on_disk, before, now)
    merged.record("Hard", "loss")
    assert [on_disk, before, now] == copies


def test_two_windows_games_add_up_in_any_order_of_saves() -> None:
    """The issue's case: a win in one window, a loss in the other, both kept."""
    loaded = stats_of(Hard=BEFORE)
    one, two = loaded.copy(), loaded.copy()
    one.record("Hard", "win")
    two.record("Hard", "loss")
    two.record("Easy", "draw")
    for first, second in ((one, two), (two, one)):
        on_disk = merge(loaded, loaded, first)
        on_disk = merge(on_disk, loaded, second)
        assert on_disk.per_level["Hard"].games == BEFORE.games + 2
        assert on_disk.per_level["Hard"].wins == BEFORE.wins + 1
        assert on_disk.per_level["Easy"] == played("d")


def test_the_online_games_record_is_read_back_from_the_file(tmp_path: Path) -> None:
    """A friend's games online count under their own name: saved, read back and kept by
    the next save (before, the file's "online" entry was dropped as an unknown level)."""
    store = SettingsStore(tmp_path / "settings.json")
    stats = Statistics()
    stats.record(ONLINE_RECORD, "win")
    stats.record("Medium", "loss")
    assert store.save(Settings(), stats) is None
    again = SettingsStore(tmp_path / "settings.json").load()
    assert again.stats.per_level[ONLINE_RECORD].wins == 1
    assert again.stats.per_level["Medium"].losses == 1
    assert not again.warnings
    repairs: list[Repair] = []
    assert ONLINE_RECORD in Statistics.from_json(stats.to_json(), repairs).per_level
    assert repairs == []
