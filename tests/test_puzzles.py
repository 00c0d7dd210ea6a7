"""The puzzles: the file's format and what a damaged one says, the shipped puzzles checked
against the exact solver (a seeded sample of 100 each run), the bands and the daily
puzzle."""

from __future__ import annotations

import datetime
import os
import random
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from game import resources
from game.ai.book import canonical
from game.ai.columns import column_values
from game.ai.puzzles import (
    HEADER,
    PUZZLE_FILE,
    Band,
    Puzzle,
    PuzzleError,
    band_of,
    daily,
    daily_index,
    in_band,
    load,
    puzzles_bytes,
    read_puzzles,
    wins_in,
)
from game.ai.solver import Solver
from game.core import Board

SAMPLE = 100
SOME = (
    Puzzle("4444355553126411545166611626777777333", 2, 2),
    Puzzle("24664442422563334662333267771", 6, 3),
    Puzzle("663745444232", 1, 12),
)
"""Puzzles the solver checked (answers 0-based)."""


def shipped() -> tuple[Puzzle, ...]:
    return load(resources.asset_path(PUZZLE_FILE))


# -- the file -----------------------------------------------------------------------------


def test_puzzles_survive_the_file_in_their_order() -> None:
    data = puzzles_bytes(SOME)
    assert read_puzzles(data) == SOME
    magic, version, _reserved, count, checksum = HEADER.unpack_from(data)
    assert (magic, version, count) == (b"C4PUZZL\n", 1, 3)
    assert checksum == zlib.crc32(data[HEADER.size :])
    assert read_puzzles(puzzles_bytes([])) == ()


def _resealed(body: bytes, count: int) -> bytes:
    """A file of ``body`` with a header that matches it (so only the records are wrong)."""
    return HEADER.pack(b"C4PUZZL\n", 1, 0, count, zlib.crc32(body)) + body


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda data: data[:10], "truncated"),
        (lambda data: b"C4EXACT\n" + data[8:], "not a puzzle file"),
        (lambda data: data[:8] + struct.pack("<H", 2) + data[10:], "format 2"),
        (lambda data: data[:-1] + bytes([data[-1] ^ 1]), "checksum"),
        (lambda data: data[:-3], "checksum"),
        (lambda data: _resealed(data[HEADER.size :] + b"\0", 3), "bytes after"),
        (lambda data: _resealed(data[HEADER.size :], 4), "truncated: 3 of 4"),
        (lambda data: _resealed(bytes([3, 0, 2, 9, 9, 9]), 1), "moves to no column"),
        (lambda data: _resealed(bytes([7, 0, 2, 0, 0, 0, 0, 0, 0, 0]), 1), "do not play"),
        (lambda data: _resealed(bytes([7, 0, 2, 0, 1, 0, 1, 0, 1, 0]), 1), "game is over"),
        (lambda data: _resealed(bytes([1, 9, 2, 3]), 1), "no playable column"),
        (lambda data: _resealed(bytes([1, 2, 1, 3]), 1), "impossible"),
    ],
)
def test_a_damaged_file_is_refused_with_a_sentence(
    damage: Callable[[bytes], bytes], said: str
) -> None:
    with pytest.raises(PuzzleError, match=said):
        read_puzzles(damage(puzzles_bytes(SOME)))


def test_a_missing_or_unreadable_file_is_a_puzzle_error(tmp_path: Path) -> None:
    with pytest.raises(PuzzleError, match="missing"):
        load(tmp_path / "none.bin")
    with pytest.raises(PuzzleError, match="cannot be read"):
        load(tmp_path)


# -- the shipped puzzles ------------------------------------------------------------------


def test_the_shipped_file_holds_500_puzzles_at_least_100_in_each_band() -> None:
    puzzles = shipped()
    assert len(puzzles) >= 500
    for band in Band:
        assert len(in_band(puzzles, band)) >= 100, band


def test_no_shipped_puzzle_repeats_another_or_its_mirror_image() -> None:
    keys = set()
    for puzzle in shipped():
        board = Board.from_moves(puzzle.moves)
        keys.add(canonical(board.current, board.mask))
    assert len(keys) == len(shipped())


def test_a_sample_of_shipped_puzzles_has_one_winning_column_and_its_length() -> None:
    """Every column of 100 puzzles (a new seeded sample each day) solved exactly: one wins,
    the answer, and its value says which own disc wins."""
    puzzles = shipped()
    seed = datetime.date.today().toordinal()
    solver = Solver(1 << 20)
    for puzzle in random.Random(seed).sample(puzzles, min(SAMPLE, len(puzzles))):
        board = Board.from_moves(puzzle.moves)
        valuation = column_values(board, solver=solver)
        assert valuation is not None
        values = valuation.analysis
        winning = [col for col, value in values.items() if value.value > 0]
        assert winning == [puzzle.answer], (puzzle, values)
        assert wins_in(values.best.value, board.ply) == puzzle.wins_in, (puzzle, values)


# -- bands and the daily puzzle -----------------------------------------------------------


def test_bands_and_win_lengths() -> None:
    assert [band_of(n) for n in (2, 3, 4, 6, 7, 12)] == [
        Band.EASY,
        Band.EASY,
        Band.MEDIUM,
        Band.MEDIUM,
        Band.HARD,
        Band.HARD,
    ]
    with pytest.raises(ValueError, match="second disc"):
        band_of(1)
    # 22 - s - ply // 2: a score of 18 at ply 6 is a win with the first player's 4th stone
    assert wins_in(18, 6) == 1 and wins_in(1, 0) == 21 and wins_in(16, 7) == 3
    with pytest.raises(ValueError, match="won position"):
        wins_in(0, 8)
    assert Puzzle("663745444232", 1, 12).line() == "663745444232 2 12"


def test_the_daily_puzzle_depends_on_the_date_alone() -> None:
    day = datetime.date(2026, 11, 25)
    assert daily_index(day, 1000) == daily_index(datetime.date(2026, 11, 25), 1000)
    assert daily(SOME, day) == daily(tuple(reversed(SOME)), day)
    days = [daily(SOME, day + datetime.timedelta(days=n)).band for n in range(4)]
    assert days[:2] == days[2:] and set(days) == {Band.EASY, Band.HARD}  # SOME's two bands
    indices = {daily_index(day + datetime.timedelta(days=n), 1000) for n in range(30)}
    assert len(indices) > 20 and all(0 <= i < 1000 for i in indices)
    with pytest.raises(ValueError, match="no puzzles"):
        daily_index(day, 0)
    with pytest.raises(ValueError, match="no puzzles"):
        daily((), day)


# -- the engine's command line -------------------------------------------------------------


def _cli(*args: str, assets: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANGUAGE": "en"}
    if assets is not None:
        env["CONNECT4_ASSETS_DIR"] = str(assets)
    return subprocess.run(
        [sys.executable, "-m", "game.ai", "puzzles", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_the_command_line_prints_the_shipped_puzzles_of_a_band() -> None:
    done = _cli("--band", "medium")
    assert done.returncode == 0, done.stderr
    medium = in_band(shipped(), Band.MEDIUM)
    assert done.stdout.splitlines() == [puzzle.line() for puzzle in medium]
    every = _cli().stdout.splitlines()
    assert len(every) == len(shipped())
    moves, answer, discs = every[0].split()
    assert Board.from_moves(moves).can_play(int(answer) - 1) and int(discs) >= 2


def test_the_command_line_says_what_is_wrong_with_a_damaged_file(tmp_path: Path) -> None:
    (tmp_path / PUZZLE_FILE).write_bytes(puzzles_bytes(SOME)[:-1])
    done = _cli(assets=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert (
        done.stderr.strip() == "puzzles: the puzzle file is corrupt (its checksum does not match)"
    )
    (tmp_path / PUZZLE_FILE).unlink()
    done = _cli(assets=tmp_path)
    assert done.returncode == 1 and "puzzles.bin" in done.stderr and "missing" in done.stderr
