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
TESTSETS = Path(os.environ.get("CONNECT4_TESTSETS", ROOT.parent / "shared" / "connect4-testsets"))
"""The public test sets in full, beside the project (GitHub's CI has no ../shared).
``CONNECT4_TESTSETS=none`` (any folder without them) runs the tests on the sample."""
SAMPLE_TESTSETS = ROOT / "tests" / "data" / "connect4-testsets"
"""The first lines of each set, kept in the repository (tests/data/README.md)."""


def testset_path(name: str) -> Path:
    """The full set ``name`` when ../shared has it, else the repository's sample of it."""
    full = TESTSETS / name
    return full if full.is_file() else SAMPLE_TESTSETS / name


def read_testset(name: str, limit: int) -> list[tuple[str, int]]:
    """The first ``limit`` (moves, score) lines of a public test set: from the full set
    when ../shared has it, else from the sample, which may hold fewer lines."""
    rows = []
    with testset_path(name).open(encoding="ascii") as fh:
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
