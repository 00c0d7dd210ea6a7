"""The sample of the public test sets in tests/data, which keeps the known-score tests
running where ../shared is absent (GitHub's CI)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import Board
from tests import conftest
from tests.conftest import SAMPLE_TESTSETS, TESTSETS, read_testset

SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3")
LARGEST_USE = {"Test_L3_R1": 100, "Test_L2_R1": 100, "Test_L1_R1": 25, "Test_L1_R3": 1}
"""The most lines a test asks of each set while requiring all of them (test_solver.py)."""


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="ascii").splitlines()


def test_the_sample_is_a_few_hundred_lines_and_covers_what_the_tests_ask() -> None:
    sizes = {name: len(_lines(SAMPLE_TESTSETS / name)) for name in SETS}
    assert 200 <= sum(sizes.values()) <= 400
    for name, count in LARGEST_USE.items():
        assert sizes[name] >= count, name
    assert (SAMPLE_TESTSETS.parent / "README.md").is_file()


@pytest.mark.parametrize("name", SETS)
def test_the_sample_is_the_head_of_the_full_set(name: str) -> None:
    if not (TESTSETS / name).is_file():
        pytest.skip(f"the full set is not at {TESTSETS}")
    sample = _lines(SAMPLE_TESTSETS / name)
    assert _lines(TESTSETS / name)[: len(sample)] == sample


@pytest.mark.parametrize("name", SETS)
def test_every_sample_line_is_a_legal_unfinished_position_with_a_score(name: str) -> None:
    for line in _lines(SAMPLE_TESTSETS / name):
        moves, score = line.split()
        assert not Board.from_moves(moves).is_over, line
        assert -18 <= int(score) <= 18, line


def test_without_the_shared_sets_the_known_scores_come_from_the_sample(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(conftest, "TESTSETS", tmp_path / "no-shared")
    try:
        rows = read_testset("Test_L3_R1", 100)
    except pytest.skip.Exception as skipped:  # what every such test did before the sample
        pytest.fail(f"skipped instead of reading the sample: {skipped}")
    assert len(rows) == 100
    moves, score = _lines(SAMPLE_TESTSETS / "Test_L3_R1")[0].split()
    assert rows[0] == (moves, int(score))
    # Asking for more than the sample holds gives what it has.
    assert len(read_testset("Test_L1_R3", 1000)) == 5
