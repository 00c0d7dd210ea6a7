"""The benchmarks' shared helpers (build_scripts/benchlib.py) and bench_engine's command line.

A benchmark prints figures and asserts nothing; these check the code that
computes and writes them, not any timing.
"""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest

from game.ai.book import BOOK_FILE, OpeningBook
from game.ai.search import DepthSearch
from game.core import Board
from tests.conftest import build_script

ROOT = Path(__file__).resolve().parent.parent


benchlib = build_script("benchlib")


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


def test_three_move_openings_cover_all_343_before_repeating() -> None:
    starts = benchlib.openings(350, seed=3, length=3)
    assert len(set(starts[:343])) == 343 and starts[343:] == starts[:7]
    assert all(len(start) == 3 and set(start) <= set("1234567") for start in starts)
    with pytest.raises(ValueError, match="0 to 4"):
        benchlib.openings(5, seed=1, length=5)
    assert benchlib.openings(3, seed=1, length=0) == ["", "", ""]


def test_the_ladder_interval_is_wilson_s_and_stays_inside_0_and_1() -> None:
    ladder = build_script("engine_ladder")
    low, high = ladder.score_interval(70, 98)
    # The Wilson interval of 70/98: centre (p + z^2/2n) / (1 + z^2/n), worked by hand.
    assert low == pytest.approx(0.6178, abs=5e-4) and high == pytest.approx(0.7941, abs=5e-4)
    assert ladder.score_interval(98, 98)[1] == pytest.approx(1.0)
    assert 0.95 < ladder.score_interval(98, 98)[0] < 1.0
    assert ladder.score_interval(0, 98)[0] == 0.0
    assert ladder.score_interval(0, 0) == (0.0, 1.0)


def test_accuracy_counts_tied_best_columns_equally() -> None:
    accuracy = build_script("engine_accuracy")
    # Red to move after 445566 wins at once in column 3 or 7: the search's best
    # columns are those two, tied.
    board = Board.from_moves("445566")
    assert board.is_winning_move(2) and board.is_winning_move(6)
    values = [-1, -1, 1, -1, -1, -1, 1]
    assert accuracy.keep_share("445566", values, 2, DepthSearch()) == 1.0
    # Rate the winning columns as losing: the search's two tied best moves now keep
    # nothing, and a value list with one winner among the two halves the share.
    assert accuracy.keep_share("445566", [1, 1, -1, 1, 1, 1, -1], 2, DepthSearch()) == 0.0
    assert accuracy.keep_share("445566", [-1, -1, 1, -1, -1, -1, 0], 2, DepthSearch()) == 0.5


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
    bench_engine = build_script("bench_engine")
    args = bench_engine.parser().parse_args(
        ["--section", "solver", "--section", "ladder", "--count", "Test_L2_R2=5", "--pairs", "hard"]
    )
    assert args.section == ["solver", "ladder"]
    assert args.count == [("Test_L2_R2", 5)]
    assert [level.name for level in args.pairs] == ["Hard"]
    assert bench_engine.SECTIONS == ("solver", "levels", "ladder", "perfect", "accuracy")


def test_the_two_move_opening_values_agree_with_the_mirror_and_with_theory() -> None:
    """The values the ladder judges Perfect by (solved once by this engine): the mirror
    image of an opening has its value, and the first moves come out as the published
    solution says (Allis 1988): the centre wins, the columns next to it draw, the rest lose."""
    values = build_script("engine_ladder").opening_values()
    assert sorted(values) == [f"{a}{b}" for a in range(1, 8) for b in range(1, 8)]
    for opening, value in values.items():
        assert values["".join(str(8 - int(c)) for c in opening)] == value
    # The second player picks the reply that is best for it: the first move's value.
    first_move = {a: min(values[f"{a}{b}"] for b in range(1, 8)) for a in range(1, 8)}
    assert first_move == {1: -1, 2: -1, 3: 0, 4: 1, 5: 0, 6: -1, 7: -1}


def test_the_books_opening_values_agree_with_the_two_move_values() -> None:
    """Longer openings are judged by the shipped book: it gives every two-move opening the
    value the separately solved file does, and each is the best of its three-move ones
    for the first player, who is to move there."""
    ladder = build_script("engine_ladder")
    two = ladder.opening_values()
    assert ladder.book_opening_values(sorted(two)) == two
    three = ladder.book_opening_values([f"{ab}{c}" for ab in sorted(two) for c in range(1, 8)])
    for ab, value in two.items():
        assert max(three[f"{ab}{c}"] for c in range(1, 8)) == value, ab


def test_the_book_check_against_the_reference_solvers_counts_disagreements() -> None:
    check = build_script("book_against_reference")
    book = OpeningBook.load(ROOT / "assets" / BOOK_FILE)
    layers = check.positions_by_ply(2)
    assert [len(layer) for layer in layers] == [1, 4, 25]  # one of each mirror pair
    positions = check.sample(layers, 3, random.Random(1))
    assert len(positions) == 1 + 3 + 3
    # The empty board: the first player wins with its last disc; after the centre the
    # second player loses so.
    assert check.compare(book, ["", "4"], {"": 1, "4": -1}, "reference") == 0
    assert check.compare(book, ["", "4"], {"": 2, "4": -1}, "reference") == 1
    # A position the reference did not answer is not counted either way.
    assert check.compare(book, ["", "4"], {"4": 0}, "reference") == 1
    # Without a reference solver named, it says so and checks nothing.
    with pytest.raises(SystemExit) as stopped:
        check.main([])
    assert stopped.value.code == 2


@pytest.mark.parametrize("kind", ["game", "bare"])
def test_startup_phases_takes_the_games_steps_to_its_first_frame(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The benchmark's run takes every step of the game's start in its order (or the bare
    window's), each after the one before, and counts the dataclasses made on the way."""
    monkeypatch.delenv("DISPLAY", raising=False)  # SDL's dummy driver
    phases = build_script("startup_phases")
    rows = phases.one_run(kind, "640x480")
    names = [row[0] for row in rows]
    assert names[0] == "interpreter and site" and names[-1] == "the first frame drawn"
    if kind == "game":
        assert "the window's modules" in names and len(names) == 8
        assert rows[-1][3] > 0  # the game's modules make dataclasses
    cpu = [row[1] for row in rows]
    wall = [row[2] for row in rows]
    made = [row[3] for row in rows]
    assert cpu == sorted(cpu) and wall == sorted(wall) and made == sorted(made)
