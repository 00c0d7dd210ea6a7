"""Shared test setup: every test runs headless, with no real window or sound card."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Before anything imports pygame: SDL's dummy drivers draw into memory and play nothing.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
TESTSETS = ROOT.parent / "shared" / "connect4-testsets"


def read_testset(name: str, limit: int) -> list[tuple[str, int]]:
    """The first ``limit`` (moves, score) lines of a public test set, or skip the test."""
    path = TESTSETS / name
    if not path.is_file():
        pytest.skip(f"test set {name} not found at {path} (../shared/connect4-testsets)")
    rows = []
    with path.open() as fh:
        for line in fh:
            if len(rows) >= limit:
                break
            moves, score = line.split()
            rows.append((moves, int(score)))
    return rows


@pytest.fixture(autouse=True)
def _isolated_config(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point the game's config and log dirs at a temp dir so tests never touch the user's."""
    base = tmp_path_factory.mktemp("userdirs")
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("CONNECT4_LOG_DIR", str(base / "log"))
