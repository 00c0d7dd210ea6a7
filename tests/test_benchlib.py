"""The benchmarks' shared helpers (build_scripts/benchlib.py) and bench_engine's command line.

A benchmark prints figures and asserts nothing; these check the code that
computes and writes them, not any timing.
"""

from __future__ import annotations

import importlib
import statistics
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.core import Board

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str) -> ModuleType:
    scripts = str(ROOT / "build_scripts")
    if scripts not in sys.path:
        sys.path.insert(0, scripts)
    return importlib.import_module(name)


benchlib = _load("benchlib")


def test_percentiles_come_from_statistics() -> None:
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert benchlib.percentile(values, 50) == statistics.median(values) == 3.0
    assert benchlib.percentile(values, 99) == pytest.approx(4.96)
    assert benchlib.percentile([7.0], 95) == 7.0
    with pytest.raises(ValueError, match="1-99"):
        benchlib.percentile(values, 100)
    assert "median 3.0 ms" in benchlib.describe_ms("x", values, target=3.0)


def test_openings_cover_all_49_before_repeating_and_follow_the_seed() -> None:
    first = benchlib.openings(60, seed=1)
    assert len(set(first[:49])) == 49 and first[49:] == first[:11]
    assert first == benchlib.openings(60, seed=1) != benchlib.openings(60, seed=2)


def test_play_out_plays_to_the_end_and_refuses_an_illegal_column() -> None:
    def leftmost(board: Board) -> int:
        return board.legal_moves()[0]

    board = benchlib.play_out("44", leftmost)
    assert board.is_over and board.moves.startswith("44")
    with pytest.raises(benchlib.GameFailure, match="illegal column 4 after '444444'"):
        benchlib.play_out("444444", lambda board: 3)


def test_the_report_keeps_sections_run_separately(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bench.md"
    first = benchlib.Report()
    first.table("a", ["name", "figure"], [["x", "1"], ["longer", "22"]])
    benchlib.write_report(path, first, title="T", command="run a", sections=("a", "b"))
    second = benchlib.Report()
    second.line("b", "section b")
    benchlib.write_report(path, second, title="T", command="run b", sections=("a", "b"))
    text = path.read_text()
    assert text.startswith("# T at ")
    assert "| x      |      1 |" in text and "section b" in text
    assert text.index("section:a") < text.index("section:b")
    assert "| longer |     22 |" in capsys.readouterr().out


def test_bench_engine_keeps_its_command_line() -> None:
    bench_engine = _load("bench_engine")
    args = bench_engine.parser().parse_args(
        ["--section", "solver", "--section", "ladder", "--count", "Test_L2_R2=5", "--pairs", "hard"]
    )
    assert args.section == ["solver", "ladder"]
    assert args.count == [("Test_L2_R2", 5)]
    assert [level.name for level in args.pairs] == ["Hard"]
    assert bench_engine.SECTIONS == ("solver", "levels", "ladder", "perfect")
