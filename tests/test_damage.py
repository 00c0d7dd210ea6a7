"""Nothing a player types or a file holds can crash the game or lose a game (issue 37).

Each test here is a file or a command line a player (or a crash, or a full disk) can
produce, and what the game must make of it: the damage named in a notice, a copy of
the original kept, and every finished game counted once.
"""

from __future__ import annotations

import datetime
import errno
import gettext
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import filelock
import pygame
import pytest
from babel.messages.pofile import read_po

import game.command_line as game_main
from game import i18n
from game.ai import book, cli, puzzles
from game.ai.book import BookError
from game.core import Board
from game.profile import files
from game.profile.choices import Mode
from game.profile.history import FinishedGame, HistoryStore
from game.profile.labels import SETTING_LABELS
from game.profile.preferences import RULES, Settings
from game.profile.puzzle_progress import MAX_NAMES
from game.profile.repairs import Kind, Repair, logged, phrase
from game.profile.saved_game import SavedGame
from game.profile.settings import SettingsStore
from game.profile.statistics import Statistics
from game.ui import window as window_module
from game.ui.app import App
from game.ui.options import LaunchOptions
from game.ui.saver import GAME_CLAIM, Saver
from game.ui.scenes.games import GamesScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.stack import Go
from game.ui.scenes.stats_scene import StatsScene
from game.ui.text import Ink, TextCache
from tests.fakes import FRAME, FakeWorker

ROOT = Path(__file__).resolve().parent.parent

RECORD = {"wins": 1, "losses": 0, "draws": 0, "streak": 1, "best_streak": 1}


def write_json(path: Path, document: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document), encoding="utf-8")


def copies(path: Path) -> list[Path]:
    """The copies of ``path`` kept aside."""
    return sorted(path.parent.glob(f"{path.name}.bad-*"))


@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(tmp_path / "config" / "settings.json")


def with_levels(store: SettingsStore, names: list[str], record: object = RECORD) -> None:
    write_json(
        store.path,
        {"version": 1, "statistics": {"per_level": {name: record for name in names}}},
    )


# -- 2. level names ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    ["Ha\x00rd", "x" * 40_000, "Godlike", "Custom 99", "custom 7", "Hard "],
)
def test_statistics_keep_only_the_games_levels(store: SettingsStore, bad: str) -> None:
    with_levels(store, ["Hard", "Custom 7", bad])
    report = store.load()
    assert set(report.stats.per_level) == {"Hard", "Custom 7"}
    [warning] = report.warnings
    assert "statistics for" in warning and "\x00" not in warning and len(warning) < 300
    assert copies(store.path), "the original is kept"
    assert store.load().warnings == []  # repaired once


def test_twenty_thousand_unknown_levels_are_counted_in_the_notice(store: SettingsStore) -> None:
    with_levels(store, [f"L{n}" for n in range(20_000)], {"wins": 1})
    [warning] = store.load().warnings
    assert "and 19,994 more" in warning or "and 19994 more" in warning


@contextmanager
def opened_app(
    store: SettingsStore,
    options: LaunchOptions = LaunchOptions(window_size=(800, 600), fullscreen=False),  # noqa: B008
) -> Iterator[App]:
    """The window on ``store``'s files, open for the block (the sound off)."""
    app = App(options, worker=FakeWorker(), store=store)
    app.settings.sound_on = False
    app.open()
    try:
        yield app
    finally:
        app.close()


@pytest.mark.parametrize("bad", ["Ha\x00rd", "x" * 40_000])
def test_the_statistics_screen_draws_whatever_the_file_named(
    store: SettingsStore, bad: str
) -> None:
    # 72 bytes were enough: {"statistics":{"per_level":{"\u0000":{"wins":1}}}}
    with_levels(store, ["Hard", bad])
    with opened_app(store) as app:
        app.go(Go.STATS)
        assert isinstance(app.scene, StatsScene)
        app.step([], FRAME)  # draws the table and the notice
        assert [row[0] for row in app.scene.table] == ["Hard", "All levels"]


def test_a_line_is_cut_before_it_is_squeezed(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    squeezed: list[tuple[int, int]] = []
    real = pygame.transform.smoothscale

    def spy(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        squeezed.append(surface.get_size())
        return real(surface, size)

    monkeypatch.setattr(pygame.transform, "smoothscale", spy)
    cache = TextCache()
    ink = Ink(24, (255, 255, 255))
    line = cache.fitted("W" * 40_000, ink, 300)
    assert line.get_width() <= 300
    assert all(width <= 2 * 300 for width, _height in squeezed), squeezed
    # A line a little too long is still squeezed whole, not cut.
    short = cache.fitted("Wide words here", ink, 120)
    assert short.get_width() <= 120


# -- 3 and 12. the history: a damaged game is dropped, named, and the file kept ------------

WON = "4455667"


def history_entry(**changes: object) -> dict[str, object]:
    entry: dict[str, object] = {
        "id": "a1",
        "moves": WON,
        "start": 0,
        "mode": "vs-computer",
        "levels": ["Hard", "Hard"],
        "human": 0,
        "colour": "red",
        "result": "first",
        "date": "2026-01-02T10:00:00+00:00",
        "coached": False,
    }
    entry.update(changes)
    return entry


def finished(ident: str, date: str = "2026-03-01T10:00:00+00:00") -> FinishedGame:
    return FinishedGame(
        moves=WON, mode=Mode.VS_COMPUTER, levels=("Hard", "Hard"), human=0, date=date, id=ident
    )


@pytest.mark.parametrize("date", ["0001-01-01T00:00:00+14:00", "0001-01-01T00:00:00"])
def test_a_game_dated_before_time_began_is_damage_of_that_game(tmp_path: Path, date: str) -> None:
    path = tmp_path / "history.json"
    write_json(path, {"version": 1, "games": [history_entry(id="bad", date=date), history_entry()]})
    original = path.read_bytes()
    saver = Saver(SettingsStore(tmp_path / "settings.json"))
    assert [game.id for game in saver.games] == ["a1"]
    [warning] = saver.startup_warnings
    assert "game 1 (dropped)" in warning and "history" in warning
    [copy] = copies(path)
    assert copy.read_bytes() == original and copy.name in warning
    saver.record_game(finished("b2"))
    assert saver.close() == []
    assert [game.id for game in HistoryStore(path).load().games] == ["a1", "b2"]


def test_your_games_opens_whatever_the_history_held(tmp_path: Path, store: SettingsStore) -> None:
    path = store.path.with_name("history.json")
    write_json(path, {"version": 1, "games": [history_entry(date="0001-01-01T00:00:00+14:00")]})
    with opened_app(store) as app:
        app.go(Go.GAMES)
        app.step([], FRAME)


@pytest.mark.parametrize("name", ["Bo\x00b", "\ud800"])
def test_your_games_draws_whatever_name_the_history_gave_an_opponent(
    store: SettingsStore, name: str
) -> None:
    """A NUL (pygame refuses it) or a lone surrogate (it cannot be encoded) in an online
    opponent's name, as a file edited by hand can hold: Your games and the game's review
    draw it, nothing crashes."""
    online = FinishedGame.online(WON, human=0, opponent="Bob", winner=0).to_json()
    online.update(id="o1", opponent=name)
    write_json(store.path.with_name("history.json"), {"version": 1, "games": [online]})
    with opened_app(store) as app:
        app.go(Go.GAMES)
        assert isinstance(app.scene, GamesScene) and [g.id for g in app.scene.kept] == ["o1"]
        app.step([], FRAME)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], FRAME)
        app.step([], FRAME)
        assert isinstance(app.scene, ReviewScene)


@pytest.mark.parametrize("text", ["Bo\x00b", "\ud800", "a\udfffb\x00"])
def test_any_text_is_measured_and_drawn(text: str) -> None:
    pygame.font.init()
    cache = TextCache()
    width, _height = cache.size_of(text, 24)
    assert width > 0 and cache.render(text, 24, (0, 0, 0)).get_width() > 0
    assert cache.wrap(text, 24, 400)


def test_every_repair_of_the_history_is_named_and_the_file_kept(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    games = [history_entry(id="x", start=-3), {"moves": 5}, history_entry(id="y")]
    write_json(path, {"version": 1, "games": games})
    report = HistoryStore(path).load()
    [warning] = report.warnings
    assert "game 1: moves before it began -3 \u2192 0" in warning
    assert "game 2 (dropped)" in warning
    assert [game.id for game in report.games] == ["x", "y"] and report.games[0].start == 0
    assert len(copies(path)) == 1
    assert HistoryStore(path).load().warnings == []  # rewritten: told once


def test_repairs_of_puzzles_and_of_the_saved_games_score_are_named(store: SettingsStore) -> None:
    game = {"mode": "two-players", "moves": "44", "levels": ["Hard", "Hard"], "score": [-1, 0, 2]}
    write_json(
        store.path,
        {"version": 1, "statistics": {"puzzles": {"tries": -3}}, "game": game},
    )
    [warning] = store.load().warnings
    assert "Puzzle attempts -3 \u2192 0" in warning
    assert "the saved game's score -1, 0, 2 \u2192 0, 0, 2" in warning
    assert copies(store.path)
    assert store.load().warnings == []


# -- 16. the repairs are named in the player's language ------------------------------------

ENGLISH_REPAIR_WORDS = re.compile(
    r"\b(dropped|default|oldest|all|game|games|start|score|saved|settings?|statistics|"
    r"rating|results|puzzles?|daily|attempts|solved|streak|best|won|lost|drawn|volume|"
    r"theme|sound|custom|depth|window|size|classic|beginner|medium|hard|on|off)\b",
    re.IGNORECASE,
)
"""English words of the repairs' phrases, none of which is German (a file's name aside)."""

SAMPLES = (
    Repair(Kind.SETTINGS_DROPPED),
    *(Repair(Kind.SETTING_DEFAULT, key, new=getattr(Settings(), key)) for key in RULES),
    Repair(Kind.SETTING_CLAMPED, "volume", old=4, new=1.0),
    Repair(Kind.SETTING_CLAMPED, "window_size", old=[10, 20], new=(640, 480)),
    Repair(Kind.SETTING_CLAMPED, "perfect_budget", old=1e300, new=30.0),
    Repair(Kind.STATISTICS_DROPPED),
    Repair(Kind.LEVEL_DROPPED, level="Custom 7"),
    *(
        Repair(Kind.RECORD_CLAMPED, count, level="Beginner", old=-7, new=0)
        for count in ("wins", "losses", "draws", "streak", "best_streak")
    ),
    Repair(Kind.RATING_DROPPED),
    Repair(Kind.RATING_RESULTS_DROPPED, count=0),
    Repair(Kind.RATING_RESULTS_DROPPED, count=1),
    Repair(Kind.RATING_RESULTS_DROPPED, count=5),
    Repair(Kind.PUZZLES_DROPPED),
    Repair(Kind.DAILY_PUZZLES_DROPPED, count=1),
    Repair(Kind.DAILY_PUZZLES_DROPPED, count=10),
    *(
        Repair(Kind.PUZZLE_COUNT_CLAMPED, count, old=-3, new=0)
        for count in ("tries", "solves", "streak", "best_streak")
    ),
    Repair(Kind.SAVED_GAME_DROPPED),
    Repair(Kind.SAVED_SCORE_CLAMPED, old=(-1, 0, 2), new=(0, 0, 2)),
    Repair(Kind.GAME_DROPPED, count=2),
    Repair(Kind.GAME_START_CLAMPED, count=1, old=-3, new=0),
)
"""Every kind of repair, every setting and every count a repair names."""


def _without_language_names(text: str) -> str:
    """``text`` without the languages' names (each is written in its own language)."""
    for name in i18n.LANGUAGES.values():
        text = text.replace(name, "")
    return text


def test_the_samples_drive_every_kind_of_repair() -> None:
    assert {sample.kind for sample in SAMPLES} == set(Kind)
    assert set(SETTING_LABELS) == set(RULES)


class _Asked(gettext.NullTranslations):
    """English, noting every message looked up (with its context, if any)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((None, msgid1))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return message


def test_every_repair_is_worded_with_messages_every_language_translates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _Asked()
    monkeypatch.setattr(i18n._State, "translations", asked)
    for sample in SAMPLES:
        phrase(sample)
    asked.asked.discard(("list separator", ", "))
    assert len(asked.asked) > 40
    for code in sorted(set(i18n.LANGUAGES) - {i18n.ENGLISH}):
        with (ROOT / "game" / "locale" / code / "LC_MESSAGES" / "connect4.po").open("rb") as po:
            catalogue = read_po(po, locale=code)
        for context, message in asked.asked:
            found = catalogue.get(message, context=context)
            assert found is not None and not found.fuzzy, (code, context, message)
            words = (found.string,) if isinstance(found.string, str) else found.string
            assert words and all(words), (code, context, message)


def test_every_word_of_a_repair_goes_through_gettext() -> None:
    i18n.use(i18n.PSEUDO)
    for sample in SAMPLES:
        worded = _without_language_names(phrase(sample))
        # The pseudo-language accents every letter it can: an English word left plain
        # was not looked up.
        assert re.search(r"\b[a-zA-Z]{3,}\b", worded) is None, (sample, worded)


def test_every_repair_is_worded_in_german_without_an_english_word() -> None:
    english = {sample: phrase(sample) for sample in SAMPLES}
    i18n.use("de")
    for sample in SAMPLES:
        worded = _without_language_names(phrase(sample))
        assert ENGLISH_REPAIR_WORDS.search(worded) is None, (worded, english[sample])
    assert phrase(Repair(Kind.SETTING_CLAMPED, "volume", old=4, new=1.0)) == (
        "Lautst\u00e4rke 400\u00a0% \u2192 100\u00a0%"
    )
    assert phrase(Repair(Kind.SETTING_DEFAULT, "theme", new="classic")) == (
        "Farbschema \u2192 Klassisch (Standardwert)"
    )
    assert phrase(Repair(Kind.RECORD_CLAMPED, "wins", level="Custom 7", old=-7, new=0)) == (
        "Tiefe 7: Gewonnen -7 \u2192 0"
    )


def test_the_log_names_the_repairs_in_english_whatever_the_language() -> None:
    i18n.use("de")
    assert logged(list(SAMPLES[-2:])) == (
        "game 2 (dropped), game 1: moves before it began -3 \u2192 0"
    )
    assert str(Repair(Kind.SETTING_CLAMPED, "volume", old=4, new=1.0)) == "Volume 4 \u2192 1"


def test_a_damaged_settings_file_is_told_in_german(store: SettingsStore) -> None:
    game = {"mode": "two-players", "moves": "44", "levels": ["Hard", "Hard"], "score": [-1, 0, 2]}
    write_json(
        store.path,
        {
            "version": 1,
            "settings": {"volume": 4, "theme": 3},
            "statistics": {
                "per_level": {"Beginner": {"wins": -7}, "Nope": {}},
                "puzzles": {"tries": -3},
            },
            "game": game,
        },
    )
    i18n.use("de")
    [warning] = store.load().warnings
    assert warning.startswith("Einige gespeicherte Einstellungen wurden repariert: ")
    for repaired in (
        "Lautst\u00e4rke 400\u00a0% \u2192 100\u00a0%",
        "Farbschema \u2192 Klassisch (Standardwert)",
        "Statistik f\u00fcr Nope (verworfen)",
        "Anf\u00e4nger: Gewonnen -7 \u2192 0",
        "R\u00e4tselversuche -3 \u2192 0",
        "Spielstand der gespeicherten Partie -1, 0, 2 \u2192 0, 0, 2",
    ):
        assert repaired in warning
    named, _kept = warning.split(". ", 1)
    assert ENGLISH_REPAIR_WORDS.search(named) is None, named


def test_a_damaged_history_is_told_in_german(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    games = [history_entry(id="x", start=-3), {"moves": 5}, history_entry(id="y")]
    write_json(path, {"version": 1, "games": games})
    i18n.use("de")
    [warning] = HistoryStore(path).load().warnings
    assert "Partie 1: Z\u00fcge vor ihrem Beginn -3 \u2192 0" in warning
    assert "Partie 2 (verworfen)" in warning
    named, _kept = warning.split(". ", 1)
    assert ENGLISH_REPAIR_WORDS.search(named) is None, named


# -- 4. another window's lock never holds a close up, and loses nothing --------------------

HOLD_LOCKS = """
import sys, time, filelock
locks = [filelock.FileLock(path) for path in sys.argv[1:]]
for lock in locks:
    lock.acquire()
print("held", flush=True)
time.sleep(600)
"""


@pytest.fixture
def held_locks(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holds both locks (a window stuck in a save) until it is killed."""
    tmp_path.mkdir(exist_ok=True)
    paths = [str(tmp_path / "settings.json.lock"), str(tmp_path / "history.json.lock")]
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCKS, *paths], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield holder
    finally:
        holder.kill()
        holder.wait(timeout=30)


def test_a_close_does_not_wait_for_a_stuck_window_and_its_game_counts_later(
    tmp_path: Path, held_locks: subprocess.Popen[str]
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    saver = Saver(store)
    # Waiting the whole time for the lock would hold the close up as long as the
    # other window (and the test's timeout) lasts.
    store.patience.seconds = 3600.0
    saver.stats.record("Hard", "win")
    saver.record_game(finished("c3"))
    saver.save()
    saver.close()
    assert not (tmp_path / "settings.json").exists() and not (tmp_path / "history.json").exists()
    assert list(tmp_path.glob("*.pending-*.json")), "the game waits in pending files"
    held_locks.kill()
    held_locks.wait(timeout=30)
    again = Saver(SettingsStore(tmp_path / "settings.json"))
    assert again.stats.per_level["Hard"].wins == 1
    assert [game.id for game in again.games] == ["c3"]
    again.close()


def test_pending_saves_are_merged_once_at_the_next_start(tmp_path: Path) -> None:
    first = SettingsStore(tmp_path / "settings.json")
    first.save(Settings(volume=0.3), Statistics())
    saver = Saver(SettingsStore(tmp_path / "settings.json"))
    with (
        filelock.FileLock(tmp_path / "settings.json.lock"),
        filelock.FileLock(tmp_path / "history.json.lock"),
    ):
        saver.store.patience.seconds = 0.1
        saver.stats.record("Hard", "win")
        saver.settings.volume = 0.9
        saver.record_game(finished("d4"))
        saver.save()
        assert saver.close() == []
    again = Saver(SettingsStore(tmp_path / "settings.json"))
    assert again.stats.per_level["Hard"].wins == 1 and again.settings.volume == 0.9
    assert [game.id for game in again.games] == ["d4"]
    assert list(tmp_path.glob("*.pending-*")) == []
    assert again.close() == []
    once_more = Saver(SettingsStore(tmp_path / "settings.json"))
    assert once_more.stats.per_level["Hard"].wins == 1  # merged once, not at every start
    once_more.close()


# -- 5. a history write that failed is tried again until it is written ---------------------


def test_a_game_the_history_could_not_write_is_written_with_the_next_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saver = Saver(SettingsStore(tmp_path / "settings.json"))
    real = files.write_atomically

    def full(path: Path, data: bytes) -> None:
        if path.name == "history.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(files, "write_atomically", full)
    saver.record_game(finished("e5"))
    [problem] = saver.flush()
    assert "the disk is full" in problem
    saver.record_game(finished("f6", date="2026-03-02T10:00:00+00:00"))
    assert saver.flush() == []  # told once
    monkeypatch.setattr(files, "write_atomically", real)
    saver.save()
    assert saver.flush() == []
    assert [game.id for game in HistoryStore(tmp_path / "history.json").load().games] == [
        "e5",
        "f6",
    ]
    saver.close()


# -- 13. what a crash, a full disk or a strange file leaves ---------------------------------


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX links")
@pytest.mark.parametrize("kind", ["folder", "link to /dev/null", "link to itself"])
def test_a_lock_file_that_is_no_file_is_set_aside_and_the_games_count(
    tmp_path: Path, kind: str
) -> None:
    """A lock file no lock can be taken on (a folder, a link: filelock follows none)
    would fail every save and every game of the window with it; it is moved aside."""
    folder = tmp_path / "config"
    folder.mkdir()
    for name in ("settings.json.lock", "history.json.lock", "game.lock"):
        lock = folder / name
        if kind == "folder":
            lock.mkdir()
        else:
            lock.symlink_to("/dev/null" if kind == "link to /dev/null" else lock)
    saver = Saver(SettingsStore(folder / "settings.json"))
    saver.record_result("Hard", "win")
    saver.record_game(finished("c3"))
    assert saver.flush() == [] and saver.close() == []
    again = Saver(SettingsStore(folder / "settings.json"))
    assert again.all_statistics().per_level["Hard"].wins == 1
    assert [game.id for game in HistoryStore(folder / "history.json").load().games] == ["c3"]
    assert len(copies(folder / "settings.json.lock")) == len(copies(folder / "history.json.lock"))
    assert copies(folder / "settings.json.lock")
    assert again.close() == []
    claim = files.Claim(folder / "game.lock")  # the game in progress's
    assert claim.take() and claim.held
    claim.release()


def test_temp_files_of_a_killed_save_are_removed_at_the_next_start(tmp_path: Path) -> None:
    SettingsStore(tmp_path / "settings.json").save(Settings(), Statistics())
    left = [tmp_path / ".settings.json.x1.tmp", tmp_path / ".history.json.x2.tmp"]
    young = tmp_path / ".settings.json.pending-1.json.x3.tmp"  # a window writing it now
    for path in [*left, young]:
        path.write_bytes(b"{")
    Saver(SettingsStore(tmp_path / "settings.json")).close()
    assert [path.exists() for path in left] == [False, False] and young.exists()


def test_a_copy_that_does_not_fit_on_the_disk_leaves_no_empty_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    real_open = Path.open

    class Full:
        def __init__(self, fh: Any) -> None:
            self.fh = fh

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    def opening(self: Path, *args: Any, **kwargs: Any) -> Any:
        fh = real_open(self, *args, **kwargs)
        return Full(fh) if ".bad-" in self.name else fh

    monkeypatch.setattr(Path, "open", opening)
    assert files.keep_copy(path, b"{}") is None
    assert list(tmp_path.iterdir()) == []


def saver_in_a_process(folder: Path, then: str) -> subprocess.CompletedProcess[str]:
    """A fresh process that loads a window's :class:`Saver` from ``folder`` and runs the
    statement ``then`` (``saver`` and ``sys`` at hand), its output captured."""
    code = (
        "import sys; from pathlib import Path; from game.ui.saver import Saver;"
        " from game.profile.settings import SettingsStore;"
        " saver = Saver(SettingsStore(Path(sys.argv[1]) / 'settings.json'));"
        f" {then}"
    )
    return subprocess.run(
        [sys.executable, "-c", code, str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_place_of_a_file_is_set_aside_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json")
    os.mkfifo(tmp_path / "history.json")
    done = saver_in_a_process(tmp_path, "print(len(saver.startup_warnings)); saver.close()")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2"]
    assert len(copies(tmp_path / "settings.json")) == len(copies(tmp_path / "history.json")) == 1


def test_a_file_saved_with_a_byte_order_mark_is_read_as_it_is(
    tmp_path: Path, store: SettingsStore
) -> None:
    """Notepad (Windows 10 before 1903) starts a UTF-8 file it saves with a byte order
    mark: the settings and the games of a file the player edited there are still read."""
    bom = b"\xef\xbb\xbf"
    document = {"version": 1, "statistics": {"per_level": {"Hard": RECORD}}}
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(bom + json.dumps(document).encode("utf-8"))
    history = store.path.with_name("history.json")
    history.write_bytes(bom + json.dumps({"version": 1, "games": [history_entry()]}).encode())
    report = store.load()
    assert report.warnings == [] and report.stats.per_level["Hard"].wins == 1
    loaded = HistoryStore(history).load()
    assert loaded.warnings == [] and [game.id for game in loaded.games] == ["a1"]
    assert copies(store.path) == copies(history) == []


def test_a_file_from_a_newer_version_is_kept_and_the_player_told(store: SettingsStore) -> None:
    write_json(store.path, {"version": 2, "settings": {"volume": 0.2}, "friends": ["Ann"]})
    original = store.path.read_bytes()
    report = store.load()
    [warning] = report.warnings
    assert "newer version" in warning and report.settings.volume == 0.2
    [copy] = copies(store.path)
    assert copy.read_bytes() == original and copy.name in warning
    assert store.load().warnings == []


def test_fourteen_years_of_daily_puzzles_keep_the_newest(store: SettingsStore) -> None:
    start = datetime.date(2010, 1, 1)
    days = [(start + datetime.timedelta(days=n)).isoformat() for n in range(MAX_NAMES + 10)]
    write_json(
        store.path,
        {"version": 1, "statistics": {"puzzles": {"solved": ["44"], "tries": 9, "daily": days}}},
    )
    report = store.load()
    puzzles = report.stats.puzzles
    assert puzzles.solved == {"44"} and puzzles.tries == 9
    assert sorted(puzzles.daily) == days[-MAX_NAMES:]
    [warning] = report.warnings
    assert "the oldest 10 dropped" in warning
    puzzles.record("44", True, daily=datetime.date(2030, 1, 1))
    assert len(puzzles.daily) == MAX_NAMES and "2030-01-01" in puzzles.daily


# -- 11. the signals that close a console's game --------------------------------------------

SIGNALLED = """
import os, signal, sys
import pygame
from game.ui.process import close_on_signals, restore_signals
pygame.display.init()
pygame.display.set_mode((64, 48))
previous = close_on_signals()
os.kill(os.getpid(), getattr(signal, sys.argv[1]))
print([e.signal for e in pygame.event.get() if e.type == pygame.QUIT], flush=True)
restore_signals(previous)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGHUP", "SIGQUIT", "SIGTERM"])
def test_the_console_closing_or_ctrl_backslash_close_the_game_as_sigterm(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SIGNALLED, name],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"['{name}']"


ASLEEP = """
import os, signal, sys, threading
import pygame
from game.ui.process import close_on_signals, restore_signals
from game.ui.waiting import SdlEvents
pygame.display.init()
pygame.display.set_mode((64, 48))
previous = close_on_signals()
pygame.event.clear()
threading.Timer(0.2, os.kill, (os.getpid(), getattr(signal, sys.argv[1]))).start()
events = SdlEvents().wait(3600.0)  # asleep in SDL's wait, as an idle window is
events += pygame.event.get()
print([e.signal for e in events if e.type == pygame.QUIT], flush=True)
restore_signals(previous)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGHUP", "SIGTERM"])
def test_a_signal_closes_a_window_asleep_waiting_for_events(name: str) -> None:
    """An idle window sleeps in SDL's wait, in C: a signal's Python handler would run
    only at the next event (a logout's SIGTERM, then SIGKILL, with no mouse moving)."""
    done = subprocess.run(
        [sys.executable, "-c", ASLEEP, name],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,  # not woken: asleep for an hour
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"['{name}']"


# -- 15. what a player types on the command line --------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bestmove", "4453", "--level", ""], "unknown level ''"),
        (["review", ""], "at least one move"),
        (["review", "   "], "at least one move"),
        (["bestmove", "4453", "--depth", "\uff14"], "not a whole number"),
        (["bestmove", "4453", "--level", "Custom \uff14"], "unknown level"),
        (["bestmove", "4453", "--seed", "\uff11"], "not a whole number"),
        (["bestmove", "4453", "--time", "\uff15"], "not a number of seconds"),
        (["solve", "--table-mb", "\uff11\uff16"], "a whole number of MiB"),
        (["review", "4455667", "--time", "\uff15"], "not a number of seconds"),
    ],
)
def test_the_engine_refuses_empty_values_and_digits_that_are_not_ascii(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(args)
    assert exited.value.code == 2
    said = capsys.readouterr()
    assert said.out == "" and message in said.err


class FullDisk(io.StringIO):
    """Standard output on a full disk (``> /dev/full``)."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(
    ("args", "stdin"), [(["puzzles"], ""), (["bestmove", "44"], ""), (["solve"], "4453\n")]
)
def test_the_engine_says_why_it_cannot_write_its_answers(
    args: list[str], stdin: str, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = ROOT / "assets" / "puzzles.bin"
    answered = cli.main(args, io.StringIO(stdin), FullDisk(), puzzles=lambda: shipped)
    assert answered == 1
    said = capsys.readouterr().err
    assert said.endswith(f"{args[0]}: {os.strerror(errno.ENOSPC)}\n")
    assert "Traceback" not in said


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--depth", "\uff14"], "not a whole number"),
        (["--depth", "4_0"], "not a whole number"),
        (["--windowed", "\uff18\uff10\uff10x\uff16\uff10\uff10"], "WIDTHxHEIGHT"),
        (["--level", "Custom \uff14"], "unknown level"),
        (["--position", "8" * 100_000], "Character 1 ('8') is not a column"),
        (["--level", "x" * 100_000], "unknown level"),
        (["--windowed", "x" * 100_000], "WIDTHxHEIGHT"),
        (["--language", "x" * 100_000], "unknown language"),
    ],
)
def test_the_game_refuses_digits_that_are_not_ascii_and_quotes_a_long_value_cut(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        game_main.build_parser().parse_args(args)
    assert exited.value.code == 2
    said = capsys.readouterr().err
    assert message in said and len(said) < 2_000


def test_the_readmes_review_example_is_a_finished_game() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    examples = re.findall(r"-m game\.ai review (\S+)", readme)
    assert examples
    for moves in examples:
        assert Board.from_moves(moves).is_over, moves


# -- 14. the assets: the book's size is checked before it is read --------------------------

BIG = 300_000_000


def _peak_bytes_while(action: Callable[[], object]) -> int:
    """The most memory Python allocated while ``action`` ran (it raises, as expected)."""
    tracemalloc.start()
    try:
        with pytest.raises(BookError) as refused:
            action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert refused.value is not None


@pytest.mark.parametrize(
    ("header", "size", "says"),
    [
        ("the shipped one", BIG, "too large"),  # a real header, the file padded
        ("the shipped one", BIG // 10, "truncated or padded"),
        ("claiming it all", BIG, "too large"),
        ("no book", BIG, "not a book file"),
    ],
)
def test_a_300_mb_book_is_refused_without_being_read(
    tmp_path: Path, header: str, size: int, says: str
) -> None:
    shipped = (ROOT / "assets" / "book.bin").read_bytes()[: book.HEADER.size]
    fields = list(book.HEADER.unpack(shipped))
    if header == "claiming it all":
        fields[5] = BIG - book.HEADER.size
    start = book.HEADER.pack(*fields) if header != "no book" else b"\x7fELF" + bytes(16)
    path = tmp_path / "book.bin"
    with path.open("wb") as fh:
        fh.write(start)
        fh.truncate(size)  # sparse: no disk needed
    peak = _peak_bytes_while(lambda: book.OpeningBook.load(path))
    with pytest.raises(BookError, match=says):
        book.OpeningBook.load(path)
    assert peak < size // 10, f"{peak} bytes taken to refuse it"


def test_a_puzzle_file_with_reserved_bytes_set_is_refused() -> None:
    data = (ROOT / "assets" / "puzzles.bin").read_bytes()
    _magic, _version, _reserved, count, _checksum = puzzles.HEADER.unpack_from(data)
    body = data[puzzles.HEADER.size :]
    assert puzzles.read_puzzles(puzzles.PUZZLE_FORMAT.seal(body, 0, count))
    with pytest.raises(puzzles.PuzzleError, match="reserved"):
        puzzles.read_puzzles(puzzles.PUZZLE_FORMAT.seal(body, 7, count))


def test_a_start_with_nothing_to_tidy_loads_no_lock(tmp_path: Path) -> None:
    """filelock loads at the first save, not before the window opens (issue 39); only a
    start that has pending files, temp files or a repair to write takes the lock.  Nor
    does the main menu's Continue load it when no game is kept (it is offered a game
    another window left only if the file has one)."""
    saver = Saver(SettingsStore(tmp_path / "settings.json"))
    saver.record_game(finished("g7"))
    saver.save()
    assert saver.close() == []
    done = saver_in_a_process(
        tmp_path,
        "offered = saver.continuable();"
        " print(len(saver.games), offered is None, 'filelock' in sys.modules)",
    )
    assert done.stdout.split() == ["1", "True", "False"], done.stderr[-2000:]


# -- 8. a window no larger than the desktop; a size from the command line for that run -----


def desktop() -> tuple[int, int]:
    pygame.display.init()
    try:
        [size] = pygame.display.get_desktop_sizes()[:1]
        return size
    finally:
        pygame.display.quit()


def test_a_window_larger_than_the_desktop_opens_the_desktops_size(store: SettingsStore) -> None:
    width, height = desktop()  # 1024x768 with SDL's dummy driver
    with opened_app(store, LaunchOptions(window_size=(16384, 16384))) as app:
        assert app.stage.window.size == (width, height)
    assert store.load().settings.window_size == Settings().window_size  # for that run only


def test_a_size_from_the_command_line_is_for_that_run_only(store: SettingsStore) -> None:
    with opened_app(store) as app:  # --windowed 800x600
        assert app.stage.window.size == (800, 600)
    assert store.load().settings.window_size == Settings().window_size
    with opened_app(store) as app:
        app.stage.window.resize(900, 650)  # the player resized it: that is kept
    assert store.load().settings.window_size == (900, 650)


def test_a_maximised_windows_size_is_not_the_one_the_next_start_opens_with(
    store: SettingsStore,
) -> None:
    with opened_app(store, LaunchOptions()) as app:
        app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=741, size=(1000, 741))], FRAME)
    assert store.load().settings.window_size == Settings().window_size
    with opened_app(store, LaunchOptions()) as app:
        app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=741, size=(1000, 741))], FRAME)
        app.step([pygame.event.Event(pygame.WINDOWRESTORED)], FRAME)
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=900, h=650, size=(900, 650))], FRAME)
    assert store.load().settings.window_size == (900, 650)  # restored, then kept


class WindowSpy:
    """Stands in for pygame's Window in game.ui.window: records the maximising asked."""

    def __init__(self) -> None:
        self.minimum_size = (0, 0)
        self.size = (0, 0)
        self.maximised = 0
        self.fullscreen = False

    def maximize(self) -> None:
        self.maximised += 1

    def show(self) -> None:
        """(A window to maximise opens hidden.)"""

    def set_fullscreen(self, *, desktop: bool) -> None:
        self.fullscreen = desktop

    def set_windowed(self) -> None:
        self.fullscreen = False


def test_a_window_maximised_at_the_close_is_maximised_at_the_next_start(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = WindowSpy()
    monkeypatch.setattr(window_module, "_window", lambda: spy)
    with opened_app(store, LaunchOptions()) as app:
        assert spy.maximised == 0
        app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=741, size=(1000, 741))], FRAME)
    saved = store.load().settings
    assert saved.maximised and saved.window_size == Settings().window_size
    with opened_app(store, LaunchOptions(window_size=(800, 600))):  # that size, this run
        assert spy.maximised == 0
    assert store.load().settings.maximised, "not the player's choice: kept"
    with opened_app(store, LaunchOptions(window_size=(800, 600))) as app:
        app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
        app.step([pygame.event.Event(pygame.WINDOWRESTORED)], FRAME)
    assert not store.load().settings.maximised, "restored by the player's hand: kept"
    with opened_app(store, LaunchOptions()) as app:
        app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
    assert store.load().settings.maximised
    with opened_app(store, LaunchOptions()) as app:
        assert spy.maximised == 1, "asked of the window manager at the start"
        app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
        app.step([pygame.event.Event(pygame.WINDOWRESTORED)], FRAME)
    assert not store.load().settings.maximised, "restored before the close"


def test_a_maximised_window_goes_back_maximised_from_fullscreen(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F11 on a maximised window and back: maximised again, with the size kept to go back
    to the one before; closed while fullscreen, the next start's window is maximised."""
    spy = WindowSpy()
    monkeypatch.setattr(window_module, "_window", lambda: spy)
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    with opened_app(store, LaunchOptions()) as app:
        app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=741, size=(1000, 741))], FRAME)
        app.step([f11], FRAME)
        assert spy.fullscreen
        # What going fullscreen and back makes SDL say: not the player's doing.
        app.step([pygame.event.Event(pygame.WINDOWRESTORED)], FRAME)
        app.step([f11], FRAME)
        assert not spy.fullscreen and spy.maximised == 1, "maximised again"
        assert app.stage.window.maximised
        app.step([f11], FRAME)
    saved = store.load().settings
    assert saved.fullscreen and saved.maximised and saved.window_size == Settings().window_size


def test_a_saved_size_larger_than_the_desktop_is_saved_back_within_it(
    store: SettingsStore,
) -> None:
    width, height = desktop()
    write_json(store.path, {"version": 1, "settings": {"window_size": [16384, 16384]}})
    with opened_app(store, LaunchOptions()) as app:
        assert app.stage.window.size == (width, height)
    assert store.load().settings.window_size == (width, height)


# -- 6. one saved game, two windows: one plays it, and it counts once ----------------------

KEPT = SavedGame(mode=Mode.VS_COMPUTER, moves="4453", levels=("Hard", "Hard"), human=0)


def menu_keys(app: App) -> list[str]:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    return [item.key for item in menu.items.items]


@contextmanager
def taken_by_another_window(store: SettingsStore) -> Iterator[tuple[App, Saver]]:
    """A window whose menu offers the file's game, and another window (its saver)
    opened at the same time that continues it first."""
    store.save(Settings(), Statistics(), KEPT)
    with opened_app(store) as first:
        assert menu_keys(first)[0] == "continue"
        second = Saver(SettingsStore(store.path))
        assert second.continue_game() == KEPT
        yield first, second


def test_a_game_another_window_plays_is_not_offered_and_counts_once(
    store: SettingsStore,
) -> None:
    with taken_by_another_window(store) as (first, second):
        first.navigator.continue_game()  # the first window's Continue, pressed after
        assert "continue" not in menu_keys(first)
        assert any("another window" in notice.text for notice in first.stage.notices.shown)
        # The other window wins and is done with it: the game counts once.
        second.record_result("Hard", "win")
        second.keep_game(None)
        assert second.flush() == []
        first.go(Go.MENU)
        assert "continue" not in menu_keys(first)
        second.close()
    assert store.load().stats.per_level["Hard"].wins == 1


def test_continue_pressed_after_another_window_ended_the_game_says_so(
    store: SettingsStore,
) -> None:
    with taken_by_another_window(store) as (first, second):
        second.record_result("Hard", "loss")
        second.keep_game(None)  # that window's game ended
        assert second.flush() == []
        second.close()
        first.navigator.continue_game()  # pressed on the menu drawn before
        assert "continue" not in menu_keys(first)
        said = [notice.text for notice in first.stage.notices.shown]
        assert said == ["That game ended in another window: there is nothing to continue."]


def test_the_menu_brought_to_the_front_offers_continue_as_things_are_now(
    store: SettingsStore,
) -> None:
    with taken_by_another_window(store) as (first, second):
        first.step([pygame.event.Event(pygame.WINDOWFOCUSGAINED)], FRAME)
        assert "continue" not in menu_keys(first)  # not offered only to be refused
        second.close()  # done with it, and the game left for Continue
        first.step([pygame.event.Event(pygame.WINDOWFOCUSGAINED)], FRAME)
        assert menu_keys(first)[0] == "continue"


def test_a_window_keeps_its_new_game_off_the_file_while_another_plays_the_files(
    store: SettingsStore,
) -> None:
    store.save(Settings(), Statistics(), KEPT)
    playing = Saver(SettingsStore(store.path))
    assert playing.continue_game() == KEPT
    other = Saver(SettingsStore(store.path))
    assert other.continuable() is None  # not offered
    own = SavedGame(mode=Mode.TWO_PLAYERS, moves="11", levels=("Hard", "Hard"))
    other.keep_game(own)
    assert other.flush() == [NOT_KEPT] and store.game_on_disk() == KEPT  # not written over it
    assert other.continuable() == own  # still this window's to go on with
    other.keep_game(replace(own, moves="111"))
    assert other.flush() == []  # said once
    playing.keep_game(None)
    assert playing.flush() == []
    other.keep_game(replace(own, moves="112"))  # the next move takes the claim
    assert other.flush() == [] and store.game_on_disk() == replace(own, moves="112")
    playing.close()
    other.close()


NOT_KEPT = (
    "Another window's unfinished game is kept for Continue, so this game will not be kept"
    " when you quit."
)


def test_a_window_does_not_write_over_the_game_another_left_for_continue(
    store: SettingsStore,
) -> None:
    """Two windows each with a game: the first closes and leaves its game for Continue;
    the second's next move does not take its place (the player was told), and neither
    does closing the second."""
    first, second = Saver(SettingsStore(store.path)), Saver(SettingsStore(store.path))
    left = SavedGame(mode=Mode.VS_COMPUTER, moves="1426", levels=("Hard", "Hard"), human=0)
    first.keep_game(left)
    own = SavedGame(mode=Mode.VS_COMPUTER, moves="74733", levels=("Easy", "Easy"), human=1)
    second.keep_game(own)
    assert first.close() == [] and second.flush() == [NOT_KEPT]
    second.keep_game(replace(own, moves="747332"))  # a move after the first window closed
    assert second.flush() == [] and store.game_on_disk() == left
    assert second.close() == [] and store.game_on_disk() == left


def test_a_window_closing_keeps_its_game_once_the_others_game_is_gone(
    store: SettingsStore,
) -> None:
    first, second = Saver(SettingsStore(store.path)), Saver(SettingsStore(store.path))
    first.keep_game(KEPT)
    own = SavedGame(mode=Mode.TWO_PLAYERS, moves="11", levels=("Hard", "Hard"))
    second.keep_game(own)
    assert second.flush() == [NOT_KEPT]
    first.keep_game(None)  # the first window's game ended
    assert first.close() == []
    assert second.close() == [] and store.game_on_disk() == own  # kept after all


def test_a_window_alone_keeps_saving_its_next_game_on_a_slow_disk(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game ends and the next begins before the save thread has cleared the first:
    the window's own game on the disk is not taken for another window's."""
    saver = Saver(store)
    written = store.save

    def slow(*args: Any, **kwargs: Any) -> str | None:
        time.sleep(0.05)  # a network home, an antivirus
        return written(*args, **kwargs)

    monkeypatch.setattr(store, "save", slow)
    first = SavedGame(mode=Mode.TWO_PLAYERS, moves="11", levels=("Hard", "Hard"))
    saver.keep_game(first)
    saver.keep_game(None)  # the game ended: cleared, then the claim given back, in the background
    second = SavedGame(mode=Mode.TWO_PLAYERS, moves="4", levels=("Hard", "Hard"))
    saver.keep_game(second)  # before the save thread ran
    for moves in ("44", "445"):
        saver.keep_game(replace(second, moves=moves))
        assert saver.flush() == [] and store.game_on_disk() == replace(second, moves=moves)
    assert saver.close() == []


def test_a_claim_the_system_cannot_lock_still_lets_the_window_save_each_move(
    store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    saver = Saver(store)
    clear = files.clear_for_lock

    def no_locks_for_the_game(path: Path) -> None:
        if path.name == GAME_CLAIM:  # a file system without locks (NFS without lockd...)
            raise OSError(errno.ENOLCK, "No locks available")
        clear(path)

    monkeypatch.setattr(files, "clear_for_lock", no_locks_for_the_game)
    own = SavedGame(mode=Mode.TWO_PLAYERS, moves="11", levels=("Hard", "Hard"))
    for moves in ("11", "112", "1123"):
        saver.keep_game(replace(own, moves=moves))
        assert saver.flush() == [] and store.game_on_disk() == replace(own, moves=moves)
    saver.close()


def test_a_window_opened_without_a_game_offers_the_one_another_window_left(
    store: SettingsStore,
) -> None:
    """A window that has no game of its own offers the one another window left for
    Continue since it opened (its menu, and the picture of it kept for the next start,
    showed no Continue though the file had a game to continue)."""
    store.save(Settings(), Statistics(), None)
    with opened_app(store) as first:
        assert "continue" not in menu_keys(first)
        second = Saver(SettingsStore(store.path))
        second.keep_game(KEPT)  # the other window plays, then closes mid-game
        assert second.flush() == []
        second.close()
        first.step([pygame.event.Event(pygame.WINDOWFOCUSGAINED)], FRAME)
        assert menu_keys(first)[0] == "continue"
        first.navigator.continue_game()
        assert first.saver.game_in_progress == KEPT


def test_a_continued_game_is_this_windows_where_no_lock_can_be_had(
    tmp_path: Path,
) -> None:
    """Where the claim's lock file cannot be made (a read-only folder; here a file where
    its folder should be), continuing the kept game and playing on said that another
    window's game was kept, though none was."""
    folder = tmp_path / "config"
    SettingsStore(folder / "settings.json").save(Settings(), Statistics(), KEPT)
    saver = Saver(SettingsStore(folder / "settings.json"))
    saver.claim = files.Claim(folder / "settings.json" / "game.lock")  # no folder there
    assert saver.continue_game() == KEPT
    saver.keep_game(replace(KEPT, moves="44531"))
    assert saver.flush() == []  # no "Another window's unfinished game is kept..."
    assert SettingsStore(folder / "settings.json").game_on_disk() == replace(KEPT, moves="44531")
    assert saver.close() == []


@contextmanager
def opened_with_a_left_game(store: SettingsStore) -> Iterator[App]:
    """A window opened with no game kept, at its menu after another window played a game
    and closed, leaving it for Continue."""
    store.save(Settings(), Statistics(), None)
    with opened_app(store) as first:
        leaving = Saver(SettingsStore(store.path))
        leaving.keep_game(KEPT)
        assert leaving.flush() == []
        leaving.close()
        first.go(Go.MENU)
        yield first


def test_abandoning_a_game_another_window_left_clears_it_from_the_file(
    store: SettingsStore,
) -> None:
    """A window with no game of its own offers the game another window left; starting a
    new game there and saying yes to abandoning it counts it once and clears it (the
    file kept it, and said of the new game that another window's game was kept)."""
    with opened_with_a_left_game(store) as first:
        assert menu_keys(first)[0] == "continue"
        question = first.navigator._ask_to_abandon(Go.MENU)
        question.yes()
        assert first.saver.flush() == []
        assert store.game_on_disk() is None
        first.go(Go.MENU)
        assert "continue" not in menu_keys(first)
    assert store.load().stats.per_level["Hard"].losses == 1


def test_a_game_this_window_ended_is_not_offered_while_its_save_waits(
    tmp_path: Path,
) -> None:
    """The save that clears an ended game may wait for another window's lock (or fail):
    meanwhile the file still holds the game, which must not be offered again."""
    path = tmp_path / "settings.json"
    SettingsStore(path).save(Settings(), Statistics(), None)
    saver = Saver(SettingsStore(path, files.Patience(0.3)))
    saver.keep_game(KEPT)
    assert saver.flush() == []
    with files.file_lock(path.with_name("settings.json.lock"), timeout=5):  # another window
        saver.keep_game(None)  # the game ended; its save waits, then goes to a pending file
        assert saver.continuable() is None
        assert saver.continue_game() is None
        saver.flush()
    assert saver.continuable() is None
    assert saver.close() == []


def test_a_left_game_another_window_takes_meanwhile_is_not_abandoned_nor_counted(
    store: SettingsStore,
) -> None:
    """Between the question and the answer, another window continues the game the menu
    offered: saying yes starts the new game here, but the other window's game stays its
    own (not cleared, not counted as lost here)."""
    with opened_with_a_left_game(store) as first:
        question = first.navigator._ask_to_abandon(Go.MENU)
        taking = Saver(SettingsStore(store.path))
        assert taking.continue_game() == KEPT  # the other window is quicker
        question.yes()
        assert first.saver.flush() == []
        assert store.game_on_disk() == KEPT
        taking.close()
    assert "Hard" not in store.load().stats.per_level  # no loss counted here
