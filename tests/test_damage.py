"""Nothing a player types or a file holds can crash the game or lose a game (issue 37).

Each test here is a file or a command line a player (or a crash, or a full disk) can
produce, and what the game must make of it: the damage named in a notice, a copy of
the original kept, and every finished game counted once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.options import LaunchOptions
from game.ui.scenes.stack import Go
from game.ui.scenes.stats_scene import StatsScene
from game.ui.text import Ink, TextCache
from tests.fakes import FRAME, FakeWorker

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


@pytest.mark.parametrize("bad", ["Ha\x00rd", "x" * 40_000])
def test_the_statistics_screen_draws_whatever_the_file_named(
    store: SettingsStore, bad: str
) -> None:
    # 72 bytes were enough: {"statistics":{"per_level":{"\u0000":{"wins":1}}}}
    with_levels(store, ["Hard", bad])
    app = App(
        LaunchOptions(window_size=(800, 600), fullscreen=False), worker=FakeWorker(), store=store
    )
    app.settings.sound_on = False
    app.open()
    try:
        app.go(Go.STATS)
        assert isinstance(app.scene, StatsScene)
        app.step([], FRAME)  # draws the table and the notice
        assert [row[0] for row in app.scene.table] == ["Hard", "All levels"]
    finally:
        app.close()


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
