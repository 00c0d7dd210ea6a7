"""The engine's command line, run as a real process: ``python -m game.ai``.

Positions are late in the game (Test_L3_R1 and a few hand-made ones), so that
each solve takes milliseconds and the cost is the process start.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from game.ai import cli
from game.ai.backend import KERNEL_NAME
from game.ai.book import BOOK_FILE, OpeningBook
from game.ai.columns import column_values
from game.ai.solver import Solution, Solver
from game.core import Board
from tests.conftest import ROOT, build_script, read_testset

pytestmark = pytest.mark.engine

# Test_L3_R1 line 2: columns 3, 4 and 7 are full; the player to move wins (score 1).
FULL_COLUMNS = "7422341735647741166133573473242566"
DRAW = "547125662261271266215743771576315353334444"  # a full board, nobody wins
FULL = -1000


def run(
    *args: str, stdin: str | bytes = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game.ai *args`` with ``stdin``; text out, never raising."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "game.ai", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode(errors="replace"),
        done.stderr.decode(errors="replace"),
    )


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def analysis(moves: str) -> list[int]:
    """The exact score of each column, in-process, as the CLI prints it."""
    valuation = column_values(Board.from_moves(moves), solver=Solver())
    assert valuation is not None
    return [FULL if s is None else s.value for s in map(valuation.analysis.get, range(7))]


def test_solve_prints_moves_and_score() -> None:
    rows = read_testset("Test_L3_R1", 12)
    # The test-set files can be fed as they are: only the first field is read.
    text = "".join(f"{moves} {score}\n" for moves, score in rows)
    done = run("solve", stdin=text)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines() == [f"{moves} {score}" for moves, score in rows]


def test_solve_stats_appends_nodes_and_microseconds() -> None:
    rows = read_testset("Test_L3_R1", 5)
    done = run("solve", "--stats", stdin="".join(f"{m}\n" for m, _ in rows))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(rows)
    for line, (moves, score) in zip(lines, rows, strict=True):
        fields = line.split()
        assert len(fields) == 4, line
        assert fields[:2] == [moves, str(score)]
        nodes, micros = int(fields[2]), int(fields[3])
        assert nodes >= 0 and micros >= 0  # 0: the rules alone decide every column
    # The kernel in use is named on stderr, so stdout keeps one line per position.
    assert f"engine kernel: {KERNEL_NAME}" in done.stderr.splitlines()


def test_solve_weak_prints_the_sign() -> None:
    rows = read_testset("Test_L3_R1", 30)
    assert {sign(score) for _, score in rows} == {-1, 0, 1}
    done = run("solve", "--weak", stdin="".join(f"{m}\n" for m, _ in rows))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{m} {sign(s)}" for m, s in rows]


def test_solve_analyze_prints_seven_scores() -> None:
    rows = read_testset("Test_L3_R1", 4)
    lines = [FULL_COLUMNS, *(moves for moves, _ in rows)]
    done = run("solve", "--analyze", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert len(out) == len(lines)
    for line, moves in zip(out, lines, strict=True):
        fields = line.split()
        assert fields[0] == moves
        assert [int(f) for f in fields[1:]] == analysis(moves)
    first = [int(f) for f in out[0].split()[1:]]
    assert [c for c, s in enumerate(first) if s == FULL] == [2, 3, 6]
    assert max(first) == 1


def test_solve_analyze_weak_and_stats() -> None:
    done = run("solve", "--analyze", "--weak", "--stats", stdin=FULL_COLUMNS + "\n")
    assert done.returncode == 0, done.stderr
    fields = done.stdout.split()
    assert len(fields) == 1 + 7 + 2
    assert fields[0] == FULL_COLUMNS
    weak = [int(f) for f in fields[1:8]]
    assert weak == [s if s == FULL else sign(s) for s in analysis(FULL_COLUMNS)]
    assert int(fields[8]) >= 1 and int(fields[9]) >= 0


def test_keep_table_gives_the_same_answers() -> None:
    rows = read_testset("Test_L3_R1", 20)
    done = run("solve", "--keep-table", stdin="".join(f"{m}\n" for m, _ in rows))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{m} {s}" for m, s in rows]


def test_invalid_lines_are_named_and_the_rest_answered() -> None:
    good = read_testset("Test_L3_R1", 3)
    lines = [
        good[0][0],  # 1 fine
        "44x5",  # 2 a character that is not a column
        "1111111",  # 3 a full column
        "12121213",  # 4 a move after a win
        good[1][0],  # 5 fine
        DRAW + "1",  # 6 43 moves: one after the board is full
        "",  # 7 an empty line
        "   \t",  # 8 only white space
        "48",  # 9 a column off the board
        "1234567" * 1500,  # 10 a very long line (10,500 characters)
        DRAW,  # 11 a finished game: nothing to solve
        good[2][0],  # 12 fine
    ]
    # Lines 7 and 8 name the empty board: without the book its exact score takes a
    # minute, so this run answers them from the book's results (test_an_empty_line_...).
    done = run("solve", "--weak", stdin="\n".join(lines) + "\n")
    assert done.returncode == 1
    out = done.stdout.split("\n")
    assert out[-1] == ""  # the output ends with a newline
    out = out[:-1]
    assert len(out) == len(lines), "one output line per input line"
    bad = {2, 3, 4, 6, 9, 10, 11}
    for number, (line, answer) in enumerate(zip(lines, out, strict=True), start=1):
        if number in bad:
            assert answer == "", number
        elif number in (7, 8):
            assert answer == " 1", number  # the empty board: the first player wins
        else:
            assert answer == f"{line} {sign(dict(good)[line])}", number
    errors = done.stderr.splitlines()
    assert [e.split(":")[0] for e in errors] == [f"line {n}" for n in sorted(bad)]
    by_line = dict(zip(sorted(bad), errors, strict=True))
    assert "not a column" in by_line[2] and "move 3" in by_line[2]
    assert "full" in by_line[3] and "move 7" in by_line[3]
    assert "over" in by_line[4] and "move 8" in by_line[4]
    assert "over" in by_line[6] and "move 43" in by_line[6]
    assert "off the board" in by_line[9]
    assert "over" in by_line[11]
    # The long line is named, but not echoed in full.
    assert "10500 characters" in by_line[10]
    assert max(len(e) for e in errors) < 300


def test_an_undecodable_line_is_an_error_of_that_line_only() -> None:
    """Bytes that are not UTF-8 must be reported like any bad line.

    PYTHONIOENCODING makes stdin decode strictly, as it does under the usual
    desktop locales (en_US.UTF-8 and the like).
    """
    text = b"44\xff5\n" + FULL_COLUMNS.encode() + b"\n"
    done = run("solve", stdin=text, env={"PYTHONIOENCODING": "utf-8:strict"})
    assert "Traceback" not in done.stderr
    assert done.returncode == 1
    assert done.stdout.split("\n") == ["", f"{FULL_COLUMNS} 1", ""]
    assert done.stderr.startswith("line 1:")


def test_bestmove_prints_a_column() -> None:
    # The opponent threatens column 7 (three stones in it): every level blocks.
    done = run("bestmove", "171727", "--depth", "3")
    assert (done.returncode, done.stdout, done.stderr) == (0, "7\n", "")
    done = run("bestmove", "171717", "--level", "beginner", "--seed", "3")
    assert (done.returncode, done.stdout) == (0, "1\n")  # the win in column 1


def test_bestmove_stats() -> None:
    moves = "1233722555341451114725221333"  # Test_L2_R1 line 3: the mover loses (-1)
    done = run("bestmove", moves, "--level", "Perfect", "--stats")
    assert done.returncode == 0, done.stderr
    said = re.fullmatch(
        r"([1-7]) score -1 \(loss in 7\) depth (\d+) nodes (\d+) time (\d+\.\d+)\n",
        done.stdout,
    )
    assert said is not None, done.stdout
    assert int(said[2]) >= 1 and int(said[3]) >= 1
    assert Board.from_moves(moves).can_play(int(said[1]) - 1)


def test_bestmove_stats_describes_a_proven_result_in_words() -> None:
    # Issue 26: a win the book (or a weak solve) proved read "score 1000 (heuristic)";
    # the book holds the exact score (issue 24): the first player wins with its last disc.
    done = run("bestmove", "", "--stats")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("4 score +1 (win in 21, from the book) depth 0 nodes 0 time ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bestmove", "44", "--depth", "0"], "depth"),
        (["bestmove", "44", "--depth", "43"], "depth"),
        (["bestmove", "44", "--depth", "four"], "--depth"),
        (["bestmove", "44", "--level", "Grandmaster"], "Grandmaster"),
        (["bestmove", "44", "--depth", "3", "--level", "Easy"], "not allowed"),
        (["bestmove", "44", "--time", "0"], "--time"),
        (["bestmove", "44", "--time", "-1"], "--time"),
        (["bestmove", "44", "--time", "nan"], "--time"),
        (["bestmove", "44x"], "not a column"),
        (["bestmove", "1111111"], "full"),
        (["bestmove", "1212121"], "over"),
        (["bestmove", DRAW], "over"),
        (["bestmove"], "moves"),
        (["bestmove", "44", "--frobnicate"], "--frobnicate"),
        (["bestmove", "44", "--table-mb", "0"], "at least 1 MiB"),
        (["solve", "--table-mb", "-3"], "at least 1 MiB"),
        (["solve", "--table-mb", "lots"], "a whole number of MiB"),
        (["solve", "--table-mb", str(1 << 40)], "largest table"),
        ([], "command"),
        (["perft"], "perft"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], message: str) -> None:
    done = run(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_an_empty_line_is_the_empty_board_and_reaches_the_solver() -> None:
    # Without the book the empty board takes the solver a minute: a stand-in solver
    # records what it was asked and answers at once.
    asked: list[tuple[int, int, int, bool]] = []

    class Recorder(Solver):
        def solve(self, current: int, mask: int, ply: int, **kwargs: object) -> Solution:
            asked.append((current, mask, ply, bool(kwargs.get("weak"))))
            self.nodes = 12345
            return Solution(1, 3, self.nodes)

    out = io.StringIO()
    options = cli.SolveOptions(stats=True)
    status = cli.solve_lines(["\n", "  \t\n"], out, options, Recorder(1))
    assert status == 0
    assert asked == [(0, 0, 0, False)] * 2
    for line in out.getvalue().splitlines():
        moves, score, nodes, micros = line.split(" ")
        assert (moves, score, nodes) == ("", "1", "12345") and int(micros) >= 0
    assert cli.parse_line("") == Board() and cli.parse_line("44 12\n") == Board.from_moves("44")


def test_the_table_size_is_in_whole_mib_within_the_machines_memory() -> None:
    assert cli.table_slots("16") == 16 * 2**20 // 8  # slots of 8 bytes
    done = run("solve", "--table-mb", "1", stdin=FULL_COLUMNS + "\n")
    assert (done.returncode, done.stdout) == (0, f"{FULL_COLUMNS} 1\n"), done.stderr
    done = run("bestmove", FULL_COLUMNS, "--table-mb", "64")
    assert done.returncode == 0 and done.stdout.strip() in {"1", "2", "5", "6"}
    memory = cli.memory_bytes()
    if memory is not None:
        too_big = run("solve", "--table-mb", str(2 * memory // 2**20 + 1))
        assert too_big.returncode == 2
        assert "does not fit" in too_big.stderr or "largest table" in too_big.stderr


REVIEW_LINE = re.compile(
    r"^(\d+) ([1-7]) (best|inaccuracy|mistake|blunder)(\??) (~?-?\d+) (~?-?\d+)$"
)


def fresh_score(moves: str) -> int:
    """The exact score of the position after ``moves``: from the shipped opening book in
    its first eight moves (checked against the solver and BitBully by the book's own
    tests and tools; the pure-Python solver takes minutes there), else solved now."""
    board = Board.from_moves(moves)
    book = OpeningBook.load(ROOT / "assets" / BOOK_FILE)
    if board.ply <= book.last_ply:
        known = book.score(board.current, board.mask)
        assert known is not None, moves
        return known.value
    return Solver().solve(board.current, board.mask, board.ply).score


def test_review_prints_a_line_a_move_exact_where_time_allows() -> None:
    moves, score = read_testset("Test_L3_R1", 3)[2]
    done = run("review", moves, "--time", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(moves)
    exact = 0
    for number, line in enumerate(lines, start=1):
        found = REVIEW_LINE.match(line)
        assert found is not None, line
        assert int(found[1]) == number and found[2] == moves[number - 1]
        best, played = found[5], found[6]
        if "~" in best or "~" in played:
            assert found[4] == "?", line  # a verdict from an estimate says so
            continue
        exact += 1
        assert found[4] == "" and int(best) == fresh_score(moves[: number - 1])
        after = moves[:number]
        expected = -score if number == len(moves) else -fresh_score(after)
        assert int(played) == expected, line
    assert exact >= 10  # the last moves at least: each is solved in milliseconds


def test_review_explain_adds_the_reason_of_each_mistake_and_blunder_and_nothing_else() -> None:
    plain = build_script("plain_reasons")
    moves, _ = read_testset("Test_L3_R1", 3)[2]
    done = run("review", moves, "--explain", "--time", "20")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(moves)
    explained = 0
    for number, line in enumerate(lines, start=1):
        fields = line.split()
        assert fields[:2] == [str(number), moves[number - 1]]
        verdict = fields[2]
        if verdict in ("mistake", "blunder"):
            ply = int(fields[0]) - 1
            expected = plain.reason(moves, ply, verdict == "blunder", int(fields[4]))
            assert " ".join(fields[5:]) == expected, line
            explained += 1
        else:
            assert len(fields) == 5, line  # no reason: another verdict, or an estimate
    assert explained >= 5  # the last moves at least are exact


@pytest.mark.parametrize(
    ("moves", "named"),
    [
        ("4453z", "move 5 ('z')"),
        ("44444444", "move 7 ('4'): column 4 is full"),
        ("44556677", "move 8 ('7'): the game is already over"),
        ("4480", "move 3 ('8')"),
    ],
)
def test_review_refuses_a_bad_move_string_naming_the_first_bad_move(moves: str, named: str) -> None:
    done = run("review", moves)
    assert done.returncode == 2
    assert named in done.stderr and done.stdout == ""


def test_review_refuses_a_time_that_is_not_positive() -> None:
    done = run("review", "4453", "--time", "0")
    assert done.returncode == 2 and "--time" in done.stderr


@pytest.mark.parametrize(
    ("args", "stdin"), [(["puzzles"], ""), (["solve"], f"{FULL_COLUMNS}\n{FULL_COLUMNS}\n")]
)
def test_a_reader_that_stops_early_ends_the_command_quietly(args: list[str], stdin: str) -> None:
    """``python -m game.ai puzzles | head``: the pipe is closed before the first line, and
    the command stops without a traceback, as Unix tools do."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "game.ai", *args],
            input=stdin.encode(),
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1 and done.stderr == b""
