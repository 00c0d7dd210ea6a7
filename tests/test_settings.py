"""Settings and statistics: clamping, forgiving loads, atomic saves, and the faults we can cause."""

from __future__ import annotations

import errno
import json
import math
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import filelock
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.levels import LEVELS
from game.ai.puzzles import Band
from game.profile import files
from game.profile import settings as settings_module
from game.profile.choices import DiscColour, Mode, Starter
from game.profile.labels import PUZZLE_BANDS
from game.profile.preferences import Settings
from game.profile.saved_game import SavedGame
from game.profile.settings import LoadReport, SettingsStore, config_dir
from game.profile.statistics import Record, Statistics

ROOT = Path(__file__).resolve().parent.parent

# The documented ranges, written out again here rather than read from the module.
LEVEL_NAMES = {level.name for level in LEVELS} | {"Custom"}


def assert_in_range(s: Settings) -> None:
    assert type(s.sound_on) is bool
    assert type(s.volume) is float and 0.0 <= s.volume <= 1.0
    assert type(s.animation_speed) is float and 0.25 <= s.animation_speed <= 3.0
    assert s.theme in ("classic", "high-contrast", "blue-orange")
    assert type(s.show_analysis) is bool
    assert type(s.fullscreen) is bool
    assert type(s.perfect_budget) is float and 0.5 <= s.perfect_budget <= 30.0
    assert s.level in LEVEL_NAMES
    assert type(s.custom_depth) is int and 1 <= s.custom_depth <= 42
    assert s.starter in ("you", "computer", "alternate", "random")
    assert s.colour in ("red", "yellow")
    width, height = s.window_size
    assert type(s.window_size) is tuple
    assert type(width) is int and type(height) is int
    assert width >= 640 and height >= 480


def some_settings() -> Settings:
    return Settings(
        sound_on=False,
        volume=0.25,
        animation_speed=2.0,
        theme="high-contrast",
        show_analysis=True,
        fullscreen=True,
        perfect_budget=10.0,
        level="Custom",
        custom_depth=9,
        starter=Starter.ALTERNATE,
        colour=DiscColour.YELLOW,
        window_size=(1280, 800),
    )


def some_stats() -> Statistics:
    stats = Statistics()
    for result in ("win", "win", "loss", "draw"):
        stats.record("Hard", result)
    stats.record("Custom 9", "loss")
    return stats


@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(tmp_path / "config" / "settings.json")


def bad_copies(store: SettingsStore) -> list[Path]:
    return sorted(store.path.parent.glob("settings.json.bad-*"))


def leftovers(store: SettingsStore) -> list[Path]:
    """Temp files a save left in the folder."""
    return sorted(p for p in store.path.parent.iterdir() if p.name.endswith(".tmp"))


def write_document(store: SettingsStore, document: Any) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(document), encoding="utf-8")


# -- the dataclasses ----------------------------------------------------------------


def test_defaults_are_the_documented_ones() -> None:
    s = Settings()
    assert (s.sound_on, s.volume, s.animation_speed, s.theme) == (True, 0.7, 1.0, "classic")
    assert (s.show_analysis, s.fullscreen, s.perfect_budget) == (False, False, 3.0)
    assert (s.level, s.custom_depth, s.starter, s.colour) == ("Medium", 5, "you", "red")
    assert s.window_size == (960, 720)


@pytest.mark.parametrize(
    ("name", "given_value", "expected"),
    [
        ("volume", 1.5, 1.0),
        ("volume", -2, 0.0),
        ("volume", math.inf, 1.0),
        ("animation_speed", 0.1, 0.25),
        ("animation_speed", 9, 3.0),
        ("perfect_budget", 0.0, 0.5),
        ("perfect_budget", 100.0, 30.0),
        ("custom_depth", 0, 1),
        ("custom_depth", 99, 42),
        ("custom_depth", 7.0, 7),
        ("window_size", (100, 100), (640, 480)),
        ("window_size", [1000, 50], (1000, 480)),
        ("window_size", (10**9, 10**9), (16384, 16384)),
        ("theme", "High-Contrast", "high-contrast"),
        ("level", "hard", "Hard"),
        ("level", "custom", "Custom"),
        ("starter", " Random ", "random"),
    ],
)
def test_a_field_is_clamped_or_normalised_when_built_checked_and_saved(
    store: SettingsStore, name: str, given_value: object, expected: object
) -> None:
    arguments: dict[str, Any] = {name: given_value}
    built = Settings(**arguments)
    assert getattr(built, name) == expected
    assert_in_range(built)
    # Assigning is not checked (no hidden __setattr__), but clamped() and save() are.
    assigned = Settings()
    setattr(assigned, name, given_value)
    assert assigned.clamped() == built
    assert store.save(assigned, Statistics()) is None
    assert store.load().settings == built
    assert Settings.__setattr__ is object.__setattr__


@pytest.mark.parametrize(
    ("name", "bad_value"),
    [
        ("sound_on", 1),
        ("volume", "loud"),
        ("volume", True),
        ("volume", math.nan),
        ("custom_depth", 4.5),
        ("theme", "neon"),
        ("level", "Grandmaster"),
        ("colour", "green"),
        ("window_size", (800,)),
        ("window_size", "800x600"),
    ],
)
def test_a_wrong_type_or_unknown_choice_is_refused_when_built_and_when_saved(
    store: SettingsStore, name: str, bad_value: object
) -> None:
    arguments: dict[str, Any] = {name: bad_value}
    with pytest.raises(ValueError, match=name):
        Settings(**arguments)
    s = Settings()
    setattr(s, name, bad_value)
    with pytest.raises(ValueError, match=name):
        s.clamped()
    problem = store.save(s, Statistics())
    assert problem is not None and "could not be saved" in problem and name in problem
    assert not store.path.exists()  # nothing half-checked is written


def test_a_typo_in_a_field_name_is_an_error_not_a_new_attribute() -> None:
    s = Settings()
    with pytest.raises(AttributeError):
        s.volum = 0.5  # type: ignore[attr-defined]


def test_clamped_repairs_values_put_behind_its_back() -> None:
    s = Settings()
    object.__setattr__(s, "volume", 7.0)
    object.__setattr__(s, "window_size", (1, 1))
    fixed = s.clamped()
    assert fixed.volume == 1.0 and fixed.window_size == (640, 480)
    assert s.volume == 7.0  # a copy, not the original


def test_statistics_count_each_result_per_level() -> None:
    stats = some_stats()
    assert stats.per_level == {
        "Hard": Record(2, 1, 1, streak=0, best_streak=2),
        "Custom 9": Record(0, 1, 0),
    }
    assert stats.per_level["Hard"].games == 4
    with pytest.raises(ValueError, match="win"):
        stats.record("Hard", "victory")  # type: ignore[arg-type]
    assert stats.per_level["Hard"] == Record(2, 1, 1, streak=0, best_streak=2)


def test_config_dir_follows_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path / "here"))
    assert config_dir() == tmp_path / "here"
    assert SettingsStore().path == tmp_path / "here" / "settings.json"
    monkeypatch.delenv("CONNECT4_CONFIG_DIR")
    assert config_dir().name == "connect4"


# -- saving and loading ----------------------------------------------------------------


def test_no_file_gives_defaults_silently_and_creates_nothing(store: SettingsStore) -> None:
    report = store.load()
    assert report == LoadReport(Settings(), Statistics(), [])
    assert not store.path.parent.exists()


def test_save_then_load_gives_back_the_same_values(store: SettingsStore) -> None:
    assert store.save(some_settings(), some_stats()) is None
    report = store.load()
    assert report.settings == some_settings()
    assert report.stats == some_stats()
    assert report.warnings == []
    assert leftovers(store) == []


def test_the_file_holds_version_settings_and_statistics(store: SettingsStore) -> None:
    store.save(some_settings(), some_stats())
    document = json.loads(store.path.read_text(encoding="utf-8"))
    assert document["version"] == 1
    assert document["settings"]["window_size"] == [1280, 800]
    assert document["settings"]["level"] == "Custom"
    assert document["statistics"]["per_level"]["Hard"] == {
        "wins": 2,
        "losses": 1,
        "draws": 1,
        "streak": 0,
        "best_streak": 2,
    }
    assert "game" not in document  # none in progress


def test_save_writes_clamped_values(store: SettingsStore) -> None:
    s = Settings()
    object.__setattr__(s, "volume", 3.0)
    assert store.save(s, Statistics()) is None
    assert store.load().settings.volume == 1.0


def test_out_of_range_values_in_the_file_are_clamped_and_each_is_named(
    store: SettingsStore,
) -> None:
    # Issue 26, item 5: a record of -7 wins at Beginner was reset without a word.
    write_document(
        store,
        {
            "version": 1,
            "settings": {"volume": 4, "custom_depth": -3, "window_size": [10, 20]},
            "statistics": {"per_level": {"Beginner": {"wins": -7, "losses": 3, "streak": 2}}},
        },
    )
    original = store.path.read_bytes()
    report = store.load()
    assert report.settings.volume == 1.0
    assert report.settings.custom_depth == 1
    assert report.settings.window_size == (640, 480)
    assert report.stats.per_level == {"Beginner": Record(0, 3, 0)}
    [warning] = report.warnings
    for repaired in (
        "Volume 400% \u2192 100%",
        "Custom depth -3 \u2192 1",
        "Window size 10\u00d720 \u2192 640\u00d7480",
        "Beginner: Won -7 \u2192 0",
        "Beginner: Streak 2 \u2192 0",
    ):
        assert repaired in warning
    [copy] = bad_copies(store)
    assert copy.read_bytes() == original and copy.name in warning
    assert store.load().warnings == []  # repaired in the file: told once


def test_a_value_replaced_by_its_default_says_which_default(store: SettingsStore) -> None:
    write_document(store, {"version": 1, "settings": {"theme": 3, "sound_on": "yes"}})
    [warning] = store.load().warnings
    assert "Theme \u2192 Classic (the default)" in warning
    assert "Sound \u2192 On (the default)" in warning


def test_unknown_keys_are_ignored(store: SettingsStore) -> None:
    write_document(
        store,
        {
            "version": 1,
            "future": {"x": 1},
            "settings": {"volume": 0.5, "sparkles": True},
            "statistics": {"per_level": {}, "streak": 4},
        },
    )
    report = store.load()
    assert report.warnings == []
    assert report.settings == Settings(volume=0.5)
    assert bad_copies(store) == []


def test_a_wrong_type_in_a_field_gives_its_default_and_one_warning(store: SettingsStore) -> None:
    document = {
        "version": 1,
        "settings": {"volume": "loud", "theme": 3, "level": "hard", "fullscreen": True},
        "statistics": {"per_level": {"Hard": {"wins": 2}, "Easy": "lots"}},
    }
    write_document(store, document)
    original = store.path.read_bytes()

    report = store.load()

    assert report.settings == Settings(level="Hard", fullscreen=True)
    assert report.stats.per_level == {"Hard": Record(2, 0, 0)}
    assert len(report.warnings) == 1
    warning = report.warnings[0]
    assert "Volume" in warning and "Theme" in warning and "Easy" in warning
    [copy] = bad_copies(store)
    assert copy.read_bytes() == original  # nothing lost
    assert copy.name in warning
    # The file was repaired, so the player is told once.
    again = store.load()
    assert again.warnings == [] and again.settings == report.settings
    assert len(bad_copies(store)) == 1


def test_a_file_with_many_bad_entries_still_gives_one_short_warning(store: SettingsStore) -> None:
    per_level = {f"level {i} " + "x" * 500: "junk" for i in range(50)}
    write_document(
        store,
        {"settings": {key: {"x": 1} for key in FIELDS}, "statistics": {"per_level": per_level}},
    )
    report = store.load()
    assert report.settings == Settings() and report.stats == Statistics()
    [warning] = report.warnings
    assert "Sound \u2192 On" in warning and "and 56 more" in warning
    assert len(warning) < 400


@pytest.mark.parametrize(
    "content",
    [
        b'{"version": 1, "settings": {"volume": 0.',  # truncated
        b"{not json}",
        b"[1, 2, 3]",
        b'"settings"',
        b"null",
        b"",
        b"\xff\xfe\x00garbage",
        b"[" * 100_000,  # nesting deep enough to exhaust the parser's recursion
    ],
    ids=["truncated", "invalid", "list", "string", "null", "empty", "binary", "deep"],
)
def test_a_damaged_file_gives_defaults_is_kept_aside_and_is_reported_once(
    store: SettingsStore, content: bytes
) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(content)

    report = store.load()

    assert report.settings == Settings() and report.stats == Statistics()
    [copy] = bad_copies(store)
    assert copy.read_bytes() == content
    assert report.warnings == [
        "Your settings file was damaged: your settings, statistics, rating and puzzle"
        f" progress start afresh. A copy of it was kept as {copy.name}."
    ]
    assert store.load().warnings == []  # told once
    assert store.save(Settings(volume=0.2), Statistics()) is None
    assert store.load().settings.volume == 0.2


def test_an_oversized_file_counts_as_damaged(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(b" " * (settings_module.MAX_FILE_BYTES + 10) + b"{}")
    report = store.load()
    assert report.settings == Settings() and len(report.warnings) == 1
    assert len(bad_copies(store)) == 1


def test_two_damaged_files_in_the_same_second_keep_both_copies(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True)
    for content in (b"{one", b"{two"):
        store.path.write_bytes(content)
        assert len(store.load().warnings) == 1
    assert sorted(p.read_bytes() for p in bad_copies(store)) == [b"{one", b"{two"]


def test_an_unreadable_path_gives_defaults_and_is_moved_aside(store: SettingsStore) -> None:
    # A folder where the file should be cannot be read as a file, even by root.
    store.path.mkdir(parents=True)
    (store.path / "inside.txt").write_text("keep me")

    report = store.load()

    assert report.settings == Settings()
    assert len(report.warnings) == 1 and "could not be read" in report.warnings[0]
    [copy] = bad_copies(store)
    assert (copy / "inside.txt").read_text() == "keep me"
    assert store.save(Settings(volume=0.3), Statistics()) is None
    assert store.load() == LoadReport(Settings(volume=0.3), Statistics(), [])


def test_a_permission_error_on_read_gives_defaults_and_one_warning(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save(some_settings(), some_stats())
    original = store.path.read_bytes()

    def refuse(self: SettingsStore) -> bytes:
        raise PermissionError(errno.EACCES, "Permission denied", str(self.path))

    monkeypatch.setattr(SettingsStore, "_read", refuse)
    report = store.load()
    assert report.settings == Settings()
    assert report.warnings[0].startswith(
        "Your settings file could not be read (permission denied): your settings,"
        " statistics, rating and puzzle progress start afresh."
    )
    [copy] = bad_copies(store)
    assert copy.read_bytes() == original


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions and a non-root user"
)
def test_a_file_without_read_permission_gives_defaults(store: SettingsStore) -> None:
    store.save(some_settings(), some_stats())
    store.path.chmod(0)
    report = store.load()
    assert report.settings == Settings() and len(report.warnings) == 1


def test_a_read_only_file_loads_but_save_says_why_and_changes_nothing(
    store: SettingsStore,
) -> None:
    store.save(some_settings(), some_stats())
    before = store.path.read_bytes()
    store.path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    try:
        report = store.load()
        assert report.settings == some_settings() and report.warnings == []
        problem = store.save(Settings(), Statistics())
        assert problem is not None
        assert "could not be saved" in problem and "read-only" in problem
        assert store.path.read_bytes() == before
        assert leftovers(store) == []
    finally:
        store.path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_a_read_only_file_with_bad_fields_is_not_rewritten(store: SettingsStore) -> None:
    write_document(store, {"version": 1, "settings": {"volume": "loud", "colour": "yellow"}})
    before = store.path.read_bytes()
    store.path.chmod(stat.S_IRUSR)
    try:
        report = store.load()
        assert report.settings == Settings(colour=DiscColour.YELLOW)
        assert len(report.warnings) == 1
        assert store.path.read_bytes() == before
        assert bad_copies(store) == []
    finally:
        store.path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_a_folder_that_cannot_be_written_gives_the_error_sentence(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save(some_settings(), some_stats())
    before = store.path.read_bytes()

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    problem = store.save(Settings(), Statistics())
    assert problem is not None
    assert "could not be saved" in problem and "permission denied" in problem
    assert str(store.path.parent) in problem
    assert store.path.read_bytes() == before
    assert store.load().settings == some_settings()


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions and a non-root user"
)
def test_a_read_only_folder_really_refuses_and_load_still_works(store: SettingsStore) -> None:
    store.save(some_settings(), some_stats())
    folder = store.path.parent
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert store.load().settings == some_settings()
        assert store.save(Settings(), Statistics()) is not None
    finally:
        folder.chmod(stat.S_IRWXU)
    assert store.load().settings == some_settings()


def test_a_settings_folder_that_is_a_file_is_said_in_words_not_the_systems(
    tmp_path: Path,
) -> None:
    in_the_way = tmp_path / "connect4"
    in_the_way.write_text("not a folder", encoding="utf-8")
    store = SettingsStore(in_the_way / "settings.json")
    problem = store.save(Settings(), Statistics())
    assert problem is not None and "a file stands where its folder should be" in problem
    assert in_the_way.read_text(encoding="utf-8") == "not a folder"  # left as it was


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.EISDIR, "a folder stands where the file should be"),
        (errno.EIO, "the disk could not be read or written"),
        (errno.ENOTDIR, "a file stands where its folder should be"),
    ],
)
def test_the_systems_errors_are_said_in_the_players_words(code: int, words: str) -> None:
    assert files.reason(OSError(code, os.strerror(code))) == words


def test_a_full_disk_keeps_the_old_file_and_leaves_no_temp_file(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save(some_settings(), some_stats())
    before = store.path.read_bytes()

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    problem = store.save(Settings(), Statistics())
    assert problem is not None and "the disk is full" in problem
    assert store.path.read_bytes() == before
    assert leftovers(store) == []


def test_a_failing_rename_keeps_the_old_file(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save(some_settings(), some_stats())
    before = store.path.read_bytes()

    def broken(source: object, target: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", broken)
    assert store.save(Settings(), Statistics()) is not None
    assert store.path.read_bytes() == before
    assert leftovers(store) == []


def test_a_file_and_folder_deleted_while_running_come_back_on_the_next_save(
    store: SettingsStore,
) -> None:
    store.save(some_settings(), some_stats())
    shutil.rmtree(store.path.parent)  # the file, its lock file, the folder
    assert store.save(some_settings(), some_stats()) is None
    assert store.load() == LoadReport(some_settings(), some_stats(), [])


KILLED_SAVE = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from game.profile.preferences import Settings
    from game.profile.settings import SettingsStore
    from game.profile.statistics import Statistics

    def die(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    setattr(os, {victim!r}, die)
    SettingsStore(Path({path!r})).save(Settings(volume=0.1, theme="high-contrast"), Statistics())
    print("the save returned", flush=True)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("victim", ["fsync", "replace"])
def test_a_process_killed_while_saving_leaves_the_old_file_intact(
    store: SettingsStore, victim: str
) -> None:
    """The process dies after writing the temp file (at fsync) or just before the rename."""
    store.save(some_settings(), some_stats())
    before = store.path.read_bytes()
    script = KILLED_SAVE.format(root=str(ROOT), victim=victim, path=str(store.path))

    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )

    assert result.returncode == -signal.SIGKILL, result.stderr
    assert "the save returned" not in result.stdout
    assert store.path.read_bytes() == before
    assert store.load() == LoadReport(some_settings(), some_stats(), [])


# -- two windows, the game in progress, a reset ------------------------------------------


def test_two_windows_on_one_file_keep_each_others_records(store: SettingsStore) -> None:
    """The issue's case: a win saved in one window, a loss in the other, both kept."""
    store.save(Settings(), some_stats())
    one, two = SettingsStore(store.path), SettingsStore(store.path)
    a, b = one.load(), two.load()
    a.stats.record("Hard", "win")
    assert one.save(a.settings, a.stats) is None
    b.stats.record("Hard", "loss")
    assert two.save(Settings(volume=0.1), b.stats) is None

    merged = SettingsStore(store.path).load()
    assert merged.stats.per_level["Hard"] == Record(3, 2, 1, streak=0, best_streak=2)
    assert merged.settings == Settings(volume=0.1)  # preferences: the last save wins

    # Later saves add only what is new in that window.
    a.stats.record("Easy", "draw")
    assert one.save(a.settings, a.stats.copy()) is None
    assert two.save(b.settings, b.stats) is None
    final = SettingsStore(store.path).load().stats
    assert final.per_level["Hard"].games == 6 and final.per_level["Easy"] == Record(0, 0, 1)


TWO_WINDOWS = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from game.profile.settings import SettingsStore

    store = SettingsStore(Path({path!r}))
    report = store.load()
    go = Path({go!r})
    deadline = time.monotonic() + 60
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    for game in range({games}):
        for level, result in {results!r}:
            report.stats.record(level, result)
        problem = store.save(report.settings, report.stats.copy())
        assert problem is None, problem
    print("saved", {games}, flush=True)
    """
)


@pytest.mark.slow
def test_two_processes_saving_at_once_lose_no_game(store: SettingsStore, tmp_path: Path) -> None:
    """Two real windows' worth of saves, interleaved: every game of both is in the file."""
    store.save(Settings(), some_stats())
    go = tmp_path / "go"
    games = 40
    plays = {
        "one": [("Hard", "win")],
        "two": [("Hard", "loss"), ("Easy", "draw")],
    }
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                TWO_WINDOWS.format(
                    root=str(ROOT), path=str(store.path), go=str(go), games=games, results=results
                ),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for results in plays.values()
    ]
    go.touch()
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert f"saved {games}" in out

    final = store.load()
    assert final.warnings == []
    hard, easy = final.stats.per_level["Hard"], final.stats.per_level["Easy"]
    assert (hard.wins, hard.losses, hard.draws) == (2 + games, 1 + games, 1)
    assert (easy.wins, easy.losses, easy.draws) == (0, 0, games)
    assert final.stats.per_level["Custom 9"] == Record(0, 1, 0)
    assert leftovers(store) == []


def test_a_save_waits_for_the_other_windows_lock_then_sets_its_data_aside(
    store: SettingsStore,
) -> None:
    store.save(some_settings(), some_stats())
    before = store.path.read_bytes()
    store.patience.seconds = 0.2
    with filelock.FileLock(store.lock_path):
        more = some_stats()
        more.record("Hard", "win")
        assert store.save(Settings(volume=0.1), more) is None
        assert store.path.read_bytes() == before
        [pending] = store.path.parent.glob("settings.json.pending-*.json")
        problem = store.reset_statistics()
        assert problem is not None and "another window" in problem
    assert store.save(Settings(volume=0.2), more) is None  # merges the pending file once
    assert not pending.exists()
    assert store.load() == LoadReport(Settings(volume=0.2), more, [])


def a_game() -> SavedGame:
    return SavedGame(
        mode=Mode.VS_COMPUTER, moves="4453", levels=("Expert", "Expert"), human=0, score=(1, 0, 0)
    )


def test_the_game_in_progress_is_saved_kept_and_cleared(store: SettingsStore) -> None:
    assert store.save(some_settings(), some_stats(), a_game()) is None
    document = json.loads(store.path.read_text(encoding="utf-8"))
    assert document["game"]["moves"] == "4453" and document["game"]["levels"] == ["Expert"] * 2
    assert store.load().game == a_game()
    # Another window's save that says nothing about a game keeps it.
    other = SettingsStore(store.path)
    assert other.save(Settings(volume=0.3), other.load().stats) is None
    assert store.load() == LoadReport(Settings(volume=0.3), some_stats(), [], a_game())
    # None: the game ended or was given up.
    assert store.save(some_settings(), some_stats(), None) is None
    assert store.load().game is None
    assert "game" not in json.loads(store.path.read_text(encoding="utf-8"))


def test_a_saved_game_that_cannot_be_continued_is_dropped_once_and_the_file_kept(
    store: SettingsStore,
) -> None:
    document = {
        "version": 1,
        "settings": {"colour": "yellow"},
        "statistics": {"per_level": {"Hard": {"wins": 1, "losses": 0, "draws": 0}}},
        "game": {"mode": "vs-computer", "moves": "1212121", "levels": ["Hard", "Hard"]},
    }
    write_document(store, document)
    original = store.path.read_bytes()

    report = store.load()

    assert report.game is None
    assert report.settings == Settings(colour=DiscColour.YELLOW)
    assert report.stats.per_level == {"Hard": Record(1, 0, 0)}
    [warning] = report.warnings
    assert "saved game" in warning
    [copy] = bad_copies(store)
    assert copy.read_bytes() == original and copy.name in warning
    assert store.load() == LoadReport(Settings(colour=DiscColour.YELLOW), report.stats, [])


def test_a_file_from_before_streaks_and_saved_games_loads_as_it_was(store: SettingsStore) -> None:
    old = {
        "version": 1,
        "settings": {"volume": 0.4, "theme": "high-contrast", "window_size": [1024, 768]},
        "statistics": {"per_level": {"Medium": {"wins": 3, "losses": 1, "draws": 2}}},
    }
    write_document(store, old)
    report = store.load()
    assert report == LoadReport(
        Settings(volume=0.4, theme="high-contrast", window_size=(1024, 768)),
        Statistics({"Medium": Record(3, 1, 2)}),
        [],
        None,
    )
    assert bad_copies(store) == []
    report.stats.record("Medium", "win")
    assert store.save(report.settings, report.stats) is None
    counts = json.loads(store.path.read_text(encoding="utf-8"))["statistics"]["per_level"]
    assert counts["Medium"] == {"wins": 4, "losses": 1, "draws": 2, "streak": 1, "best_streak": 1}


def test_a_file_damaged_between_load_and_save_is_kept_and_the_window_loses_nothing(
    store: SettingsStore,
) -> None:
    store.save(some_settings(), some_stats())
    report = store.load()
    store.path.write_bytes(b"{damaged")
    report.stats.record("Hard", "win")
    assert store.save(report.settings, report.stats) is None
    [copy] = bad_copies(store)
    assert copy.read_bytes() == b"{damaged"
    assert store.load().stats == report.stats


def test_reset_statistics_forgets_every_windows_games(store: SettingsStore) -> None:
    store.save(Settings(), some_stats(), a_game())
    one, two = SettingsStore(store.path), SettingsStore(store.path)
    a, b = one.load(), two.load()
    b.stats.record("Easy", "win")
    assert two.save(b.settings, b.stats) is None

    a.stats.reset("Hard")
    assert one.reset_statistics("Hard") is None
    after = store.load()
    assert set(after.stats.per_level) == {"Easy", "Custom 9"}
    assert after.game == a_game() and after.settings == Settings()  # the rest stays

    a.stats.reset()
    assert one.reset_statistics() is None
    assert store.load().stats == Statistics()
    # The other window's next save adds only its new game, not what was forgotten.
    b.stats.record("Hard", "loss")
    assert two.save(b.settings, b.stats) is None
    assert store.load().stats == Statistics({"Hard": Record(0, 1, 0)})
    # A window that resets its own copy and saves also resets the file.
    assert one.save(a.settings, a.stats) is None
    assert store.load().stats == Statistics({"Hard": Record(0, 1, 0)})


def test_statistics_with_shows_every_windows_games_and_writes_nothing(
    store: SettingsStore,
) -> None:
    store.save(Settings(), some_stats())
    one, two = SettingsStore(store.path), SettingsStore(store.path)
    a, b = one.load(), two.load()
    b.stats.record("Easy", "win")
    two.save(b.settings, b.stats)
    a.stats.record("Hard", "loss")
    written = store.path.read_bytes()

    shown = one.statistics_with(a.stats)

    assert shown.per_level["Easy"] == Record(1, 0, 0, streak=1, best_streak=1)
    assert shown.per_level["Hard"] == Record(2, 2, 1, streak=0, best_streak=2)
    assert store.path.read_bytes() == written
    # The window's next save still adds its loss once.
    assert one.save(a.settings, a.stats) is None
    assert store.load().stats == shown
    store.path.unlink()
    assert one.statistics_with(a.stats) == a.stats


def test_reset_statistics_without_a_file_does_nothing(store: SettingsStore) -> None:
    assert store.reset_statistics() is None
    assert not store.path.exists()


# -- properties --------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)

FIELDS = [
    "sound_on",
    "volume",
    "animation_speed",
    "theme",
    "show_analysis",
    "fullscreen",
    "perfect_budget",
    "level",
    "custom_depth",
    "starter",
    "colour",
    "window_size",
]

# Values that sometimes fit: right types, out of range, odd spellings.
plausible = (
    json_values
    | st.floats(min_value=-100, max_value=100)
    | st.sampled_from(["classic", "HIGH-CONTRAST", "Perfect", "custom", "yellow", "computer"])
    | st.lists(st.integers(min_value=-(10**6), max_value=10**6), min_size=2, max_size=2)
)


def _fresh(directory: Path) -> SettingsStore:
    for child in directory.iterdir():
        child.unlink()
    return SettingsStore(directory / "settings.json")


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    fields=st.dictionaries(st.sampled_from(FIELDS), plausible),
    statistics=json_values,
    version=json_values,
    game=json_values,
)
def test_any_json_in_any_field_loads_in_range_with_at_most_one_warning(
    tmp_path: Path, fields: dict[str, Any], statistics: Any, version: Any, game: Any
) -> None:
    store = _fresh(tmp_path)
    document = {"version": version, "settings": fields, "statistics": statistics, "game": game}
    store.path.write_text(json.dumps(document), encoding="utf-8")
    report = store.load()
    assert_in_range(report.settings)
    for record in report.stats.per_level.values():
        counts = (record.wins, record.losses, record.draws, record.streak, record.best_streak)
        assert all(type(count) is int and count >= 0 for count in counts)
        assert record.streak <= record.best_streak <= record.wins
    assert report.game is None or isinstance(report.game, SavedGame)
    assert len(report.warnings) <= 1
    assert store.load().warnings == []  # repaired or set aside: never told twice


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(content=st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()))
def test_any_bytes_load_without_crashing(tmp_path: Path, content: bytes) -> None:
    store = _fresh(tmp_path)
    store.path.write_bytes(content)
    report = store.load()
    assert_in_range(report.settings)
    assert len(report.warnings) <= 1


in_range_settings = st.builds(
    Settings,
    sound_on=st.booleans(),
    volume=st.floats(0.0, 1.0),
    animation_speed=st.floats(0.25, 3.0),
    theme=st.sampled_from(["classic", "high-contrast", "blue-orange"]),
    show_analysis=st.booleans(),
    fullscreen=st.booleans(),
    perfect_budget=st.floats(0.5, 30.0),
    level=st.sampled_from(sorted(LEVEL_NAMES)),
    custom_depth=st.integers(1, 42),
    starter=st.sampled_from(["you", "computer", "alternate", "random"]),
    colour=st.sampled_from(["red", "yellow"]),
    window_size=st.tuples(st.integers(640, 4000), st.integers(480, 4000)),
)


@st.composite
def records(draw: st.DrawFn) -> Record:
    """A record a sequence of games can produce: streak <= best streak <= wins."""
    wins, losses, draws = (draw(st.integers(0, 10**6)) for _ in range(3))
    best = draw(st.integers(0, wins))
    streak = draw(st.integers(0, best)) if losses + draws else wins
    return Record(wins, losses, draws, streak=streak, best_streak=max(best, streak))


statistics_strategy = st.builds(
    Statistics,
    per_level=st.dictionaries(
        st.sampled_from(sorted(LEVEL_NAMES - {"Custom"}))
        | st.integers(1, 42).map(lambda depth: f"Custom {depth}"),
        records(),
        max_size=5,
    ),
)
saved_games = st.none() | st.sampled_from(
    [
        SavedGame(mode=Mode.VS_COMPUTER, moves="", levels=("Hard", "Hard"), human=0),
        SavedGame(
            mode=Mode.VS_COMPUTER,
            moves="44536",
            start_moves="44",
            redo="2",
            levels=("Custom 9", "Custom 9"),
            human=1,
            starter=Starter.ALTERNATE,
            colour=DiscColour.YELLOW,
            score=(2, 1, 3),
        ),
        SavedGame(mode=Mode.TWO_PLAYERS, moves="1234567", levels=("Medium", "Medium")),
        SavedGame(mode=Mode.WATCH, moves="4444", levels=("Beginner", "Perfect")),
    ]
)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(s=in_range_settings, stats=statistics_strategy, game=saved_games)
def test_every_valid_state_survives_a_round_trip_exactly(
    tmp_path: Path, s: Settings, stats: Statistics, game: SavedGame | None
) -> None:
    store = _fresh(tmp_path)
    assert store.save(s, stats, game) is None
    assert store.load() == LoadReport(s, stats, [], game)


def test_the_puzzle_bands_the_settings_accept_are_the_puzzles_own() -> None:
    assert list(PUZZLE_BANDS) == [band.value for band in Band]
    assert Settings(puzzle_band="HARD").puzzle_band == "hard"
    with pytest.raises(ValueError, match="puzzle_band"):
        Settings(puzzle_band="impossible")


def test_a_window_closing_after_another_keeps_what_the_other_changed(tmp_path: Path) -> None:
    """Two windows on one file: each save writes only what its window changed (a theme
    chosen in one window was put back by the other's close, which had changed nothing)."""
    path = tmp_path / "settings.json"
    SettingsStore(path).save(Settings(), Statistics())
    first, second = SettingsStore(path), SettingsStore(path)
    mine, theirs = first.load().settings, second.load().settings
    mine.theme = "high-contrast"  # chosen in the first window
    assert first.save(mine, Statistics()) is None
    theirs.level = "Expert"  # the second changes something else, then closes
    assert second.save(theirs, Statistics()) is None
    saved = SettingsStore(path).load().settings
    assert (saved.theme, saved.level) == ("high-contrast", "Expert")
    theirs.theme = "blue-orange"  # what a window changes itself is still its own to write
    assert second.save(theirs, Statistics()) is None
    assert SettingsStore(path).load().settings.theme == "blue-orange"
    assert first.save(mine, Statistics()) is None  # the first changed nothing since
    assert SettingsStore(path).load().settings.theme == "blue-orange"


def test_a_save_set_aside_for_the_lock_still_writes_only_what_its_window_changed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    SettingsStore(path).save(Settings(), Statistics())
    first = SettingsStore(path)
    second = SettingsStore(path, files.Patience(0.2))
    mine, theirs = first.load().settings, second.load().settings
    mine.theme = "high-contrast"
    assert first.save(mine, Statistics()) is None
    theirs.level = "Expert"
    with files.file_lock(path.with_name("settings.json.lock"), timeout=5):  # another window
        assert second.save(theirs, Statistics()) is None  # into a pending file
    assert files.pending_files(path)
    saved = SettingsStore(path).load().settings  # the load merges it in
    assert (saved.theme, saved.level) == ("high-contrast", "Expert")
