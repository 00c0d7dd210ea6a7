"""The opening book: its file format, a damaged file, the generator, and the shipped book
checked against the solver."""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import Engine, SearchRequest
from game.ai.backend import IS_COMPILED
from game.ai.book import BOOK_FILE, BookError, OpeningBook, book_bytes, canonical
from game.ai.bookshelf import BookFile, ExactScores, read_exact_book
from game.ai.columns import column_values
from game.ai.exact_book import book_bytes as exact_book_bytes
from game.ai.exact_book import oriented
from game.ai.score import Analysis, Score
from game.ai.solver import Solver
from game.core import WIDTH, Board
from tests.conftest import ROOT

SHIPPED = ROOT / "assets" / BOOK_FILE
QUICK_PLY = 7
"""The first ply whose entries the solver re-solves within a second or so (compiled)."""
MAKE_BOOK = ROOT / "build_scripts" / "make_book.py"

WIN, DRAW, LOSS = (Score.of_result(s) for s in (1, 0, -1))


def sample_values(seed: int) -> Analysis:
    rng = random.Random(seed)
    picks = [
        rng.choice([None, WIN, DRAW, LOSS, Score.exact(rng.randint(-21, 21))]) for _ in "1234567"
    ]
    return Analysis((col, score) for col, score in enumerate(picks) if score is not None)


def shipped_engine() -> Engine:
    """An engine with the shipped book, as the game's entry points make it."""
    return Engine(book=BookFile.at(SHIPPED))


def test_a_book_reads_back_what_was_written_in_both_orientations() -> None:
    board = Board.from_moves("7766")  # right-heavy: its mirror image has the smaller key
    key, mirrored = canonical(board.current, board.mask)
    assert mirrored
    values = sample_values(1)  # in the orientation of the key: the mirror image's
    other = Board.from_moves("44")
    other_key, _ = canonical(other.current, other.mask)
    book = OpeningBook.from_bytes(book_bytes([(key, values), (other_key, sample_values(2))], 4))
    assert len(book) == 2 and book.max_ply == 4
    mirror_board = Board.from_moves("1122")
    assert book.entry(mirror_board.current, mirror_board.mask) == values
    assert book.entry(board.current, board.mask) == values.mirrored()
    assert book.entry(*_bits("4")) is None


def _bits(moves: str) -> tuple[int, int]:
    board = Board.from_moves(moves)
    return board.current, board.mask


def test_the_best_column_prefers_the_best_value_then_the_centre() -> None:
    results = Analysis(enumerate((DRAW, WIN, DRAW, DRAW, WIN, LOSS, LOSS)))
    assert results.best_column() == 4
    exact = Analysis((col, Score.exact(s)) for col, s in enumerate((-3, 2, 5, 1, 5, 0, -1)))
    assert exact.best_column() == 2
    assert Analysis({3: LOSS}).best_column() == 3


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[:10], "truncated"),
        (lambda data: data[:-3], "truncated"),
        (lambda data: b"XXXXXXXX" + data[8:], "not a book file"),
        (lambda data: data[:8] + b"\x09\x00" + data[10:], "format 9"),
        (lambda data: data[:-1] + bytes([data[-1] ^ 0x10]), "checksum"),
    ],
)
def test_a_damaged_book_is_refused_with_a_reason(damage: object, message: str) -> None:
    data = book_bytes([(canonical(*_bits("44"))[0], sample_values(3))], 2)
    assert callable(damage)
    with pytest.raises(BookError, match=message):
        OpeningBook.from_bytes(damage(data))


def test_a_missing_or_damaged_book_warns_once_and_the_engine_plays_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "book.bin"
    broken.write_bytes(b"C4BOOK\r\n" + b"\x00" * 4)
    for path, reason in ((tmp_path / "absent.bin", "missing"), (broken, "truncated")):
        caplog.clear()
        book = BookFile.at(path)
        engine = Engine(book=book)
        with caplog.at_level(logging.WARNING):
            for moves in ("", "4"):
                request = SearchRequest(moves=moves, time_limit=0.2, node_limit=20_000)
                result = engine.think(request)
                assert result.column is not None and not result.from_book
        assert book.book is None
        assert book.problem is not None and reason in book.problem
        warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
        assert len(warnings) == 1 and "opening book" in warnings[0].getMessage()


ROOT_MOVES = "44444333322"


def run_make_book(tmp_path: Path, name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            str(MAKE_BOOK),
            *args,
            "--checkpoint",
            str(tmp_path / f"{name}.txt"),
            "--out",
            str(tmp_path / f"{name}.bin"),
        ],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ},
        timeout=600,
    )


def make_book(tmp_path: Path, name: str, *args: str) -> bytes:
    made = run_make_book(tmp_path, name, *args)
    assert made.returncode == 0, made.stderr
    return (tmp_path / f"{name}.bin").read_bytes()


@pytest.mark.slow
def test_the_generator_makes_the_same_bytes_whatever_the_jobs_and_resumes(
    tmp_path: Path,
) -> None:
    # A small book from a late position: entries of plies 11-14, the last two exact.
    args = ("--root", ROOT_MOVES, "--max-ply", "14", "--strong-from", "13")
    one = make_book(tmp_path, "one", *args, "--jobs", "1")
    two = make_book(tmp_path, "two", *args, "--jobs", "2")
    assert one == two
    # Resume: a checkpoint cut short (a torn last line too) gives the same book.
    lines = (tmp_path / "one.txt").read_text().splitlines()
    (tmp_path / "cut.txt").write_text("\n".join(lines[: len(lines) // 2]) + f"\n{ROOT_MOVES} =")
    assert make_book(tmp_path, "cut", *args, "--jobs", "1") == one
    book = OpeningBook.from_bytes(one)
    # The engine answers the root from it, every column, agreeing with the solver.
    engine = Engine(book=BookFile.at(tmp_path / "one.bin"))
    root = Board.from_moves(ROOT_MOVES)
    result = engine.think(SearchRequest(moves=root.moves, analyze=True))
    assert result.from_book
    # Results only at this ply: a win at least 1, a loss at most -1, a draw.
    assert result.analysis == solved(root, weak=True)
    assert len(book) > 10

    # --verify re-solves entries and finds nothing wrong; with one value planted wrong
    # (a win turned into a loss) in a rewritten book, it reports the mismatch and fails.
    verified = run_make_book(tmp_path, "one", *args, "--verify", "100", "--jobs", "2")
    assert verified.returncode == 0, verified.stderr
    assert f"verify: {len(book)} entries" in verified.stdout and ", 0 wrong" in verified.stdout
    entries = dict(book.items())
    key, values, col = next(
        (key, values, col)
        for key, values in sorted(entries.items())
        for col, value in values.items()
        if value.result == 1
    )
    entries[key] = Analysis({**values, col: LOSS})
    (tmp_path / "one.bin").write_bytes(book_bytes(entries.items(), book.max_ply))
    caught = run_make_book(tmp_path, "one", *args, "--verify", "100", "--jobs", "1")
    assert caught.returncode == 1
    assert "MISMATCH" in caught.stdout and ", 1 wrong" in caught.stdout


def solved(board: Board, *, weak: bool, solver: Solver | None = None) -> Analysis:
    """Every column's value by the solver alone: exact, or with ``weak`` the result."""
    valuation = column_values(board, solver=solver or Solver(1), weak=weak)
    assert valuation is not None
    return valuation.analysis


def shipped_book() -> OpeningBook:
    if not SHIPPED.is_file():
        pytest.fail(f"the opening book {SHIPPED} is not in the repository")
    return OpeningBook.load(SHIPPED)


def test_the_shipped_book_covers_the_first_moves() -> None:
    book = shipped_book()
    engine = shipped_engine()
    for moves in ("", "4", "1", "7")[: 1 + 3 * (book.max_ply >= 1)]:
        result = engine.think(SearchRequest(moves=moves, analyze=True))
        assert result.from_book and result.column is not None
        assert result.analysis is not None and len(result.analysis) == WIDTH
    # The first player wins by the centre column, and only by it.
    first = engine.think(SearchRequest(moves="", analyze=True))
    assert first.column == 3 and first.analysis is not None
    assert [score.result == 1 for score in first.analysis.values()] == [
        col == 3 for col in range(WIDTH)
    ]


EVERY_POSITION_PLIES = 6
"""The shipped book holds every position up to this ply, not only Perfect's own lines
(make_book.py --every-to)."""


def test_the_shipped_book_answers_every_opening_of_up_to_six_moves() -> None:
    # A game begun from any chosen opening this short finds every column's value in the
    # book, for whichever side is to move: the solver would need seconds to minutes there.
    engine = shipped_engine()
    layer = [Board()]
    known = 0
    for ply in range(EVERY_POSITION_PLIES + 1):
        following = []
        for board in layer:
            valuation = column_values(board, book=engine.book, weak=True)
            assert valuation is not None, board.moves
            assert list(valuation.analysis) == board.legal_moves()
            known += 1
            if ply < EVERY_POSITION_PLIES:
                for col in board.legal_moves():
                    after = board.copy()
                    after.play(col)
                    following.append(after)
        layer = following
    assert known == sum(WIDTH**ply for ply in range(EVERY_POSITION_PLIES + 1))
    # And the engine answers from it (a short search only where every column loses).
    for moves in ("1", "23", "765", "1234", "12345", "123456"):
        assert engine.think(SearchRequest(moves=moves, time_limit=1.0)).from_book, moves


@pytest.mark.parametrize("moves", ["514", "374"])
def test_perfect_holds_out_where_its_book_knows_only_that_every_move_loses(moves: str) -> None:
    # The first player's discs in columns 4 and 5 (or 3 and 4) of the bottom row: every
    # answer loses, and the book's most central one, column 4 again, loses at once to an
    # open three.  Perfect's search chooses a defence instead.
    engine = shipped_engine()
    board = Board.from_moves(moves)
    valuation = column_values(board, book=engine.book, weak=True)
    assert valuation is not None
    assert all(value == LOSS for value in valuation.analysis.values())
    result = engine.think(SearchRequest(moves=moves, time_limit=3.0))
    assert result.from_book and result.score == LOSS
    assert result.column is not None

    def lost_within(col: int, plies: int) -> bool:
        child = board.copy()
        child.play(col)
        found = engine.think(
            SearchRequest(moves=child.moves, depth=plies, time_limit=None, use_book=False)
        )
        return found.score.is_exact and found.score.result == 1  # the opponent's proven win

    assert lost_within(3, 5)
    assert not lost_within(result.column, 5)


@pytest.mark.skipif(not IS_COMPILED, reason="re-solving book entries wants the compiled kernel")
def test_a_random_sample_of_the_shipped_book_agrees_with_the_solver() -> None:
    book = shipped_book()
    if book.max_ply < QUICK_PLY:
        pytest.skip(f"the book stops at ply {book.max_ply}: nothing to re-solve in seconds")
    rng = random.Random()
    seed = rng.randrange(1 << 30)
    rng.seed(seed)
    solver = Solver()
    checked = 0
    # Random games into the book's range, where Perfect's positions are entries.
    while checked < 12:
        board = Board()
        for _ in range(rng.randint(QUICK_PLY, book.max_ply)):
            values = book.entry(board.current, board.mask)
            col = values.best_column() if values else rng.choice(board.legal_moves())
            board.play(col)
            if board.is_over:
                break
        values = book.entry(board.current, board.mask)
        if values is None or board.ply < QUICK_PLY:
            continue
        exact = all(value.is_exact for value in values.values())
        solver.clear()
        assert solved(board, weak=not exact, solver=solver) == values, (seed, board.moves)
        checked += 1


@pytest.mark.parametrize(
    ("moves", "winning"),
    [("4444433336", {2, 5}), ("4444455552", {1, 4})],
)
def test_perfect_keeps_the_win_where_it_once_threw_it_away(moves: str, winning: set[int]) -> None:
    # The 11th move of two games of Perfect against Master, where it used to play a move
    # that loses or draws (issue 12): only these columns keep the win.
    board = Board.from_moves(moves)
    solution = Solver().solve(board.current, board.mask, board.ply)
    assert solution.score > 0
    assert solution.column in winning
    result = Engine().think(SearchRequest(moves=moves, time_limit=None))
    assert result.score.is_exact and result.column in winning


def test_an_exact_book_behind_the_same_protocol_answers_the_engine(tmp_path: Path) -> None:
    # Issue 24's book (the exact score of every position of the first plies) plugs in by
    # its reader alone: here a tiny one holding every child of a late position.
    root = Board.from_moves("4444433336")
    children: dict[int, tuple[int, int]] = {}
    for col in root.legal_moves():
        child = root.copy()
        child.play(col)
        if not child.is_over:
            solution = Solver(1).solve(child.current, child.mask, child.ply)
            assert solution.column is not None
            key, mirrored = oriented(child.current, child.mask)
            best = WIDTH - 1 - solution.column if mirrored else solution.column
            children[key] = (solution.score, best)
    path = tmp_path / "exact.bin"
    path.write_bytes(exact_book_bytes(children, root.ply + 1, root.ply + 1))
    book = BookFile.at(path, read_exact_book)
    result = Engine(book=book).think(SearchRequest(moves=root.moves, analyze=True))
    assert result.from_book and isinstance(book.book, ExactScores)
    assert result.analysis == solved(root, weak=False)
    assert result.score == solved(root, weak=False).best
    # Damaged, it is a book problem like the opening book's: the engine plays on.
    path.write_bytes(path.read_bytes()[:-1])
    damaged = BookFile.at(path, read_exact_book)
    assert damaged.score(root.current, root.mask) is None
    assert damaged.problem is not None and "truncated" in damaged.problem


def test_at_the_exact_books_last_ply_perfect_plays_its_move_and_analyses_exactly(
    tmp_path: Path,
) -> None:
    """Where the exact book holds a position but not its children (its last ply), Perfect
    plays the book's move at once, and an analysis solves the children from the bound the
    book's value gives: the same exact values as without the book."""
    root = Board.from_moves("4444433336")
    key, mirrored = oriented(root.current, root.mask)
    solution = Solver(1).solve(root.current, root.mask, root.ply)
    assert solution.column is not None
    column = WIDTH - 1 - solution.column if mirrored else solution.column
    path = tmp_path / "exact.bin"
    path.write_bytes(exact_book_bytes({key: (solution.score, column)}, root.ply, root.ply))
    engine = Engine(book=BookFile.at(path, read_exact_book))
    move = engine.think(SearchRequest(moves=root.moves))
    assert move.from_book and move.nodes == 0
    assert move.column == solution.column and move.score.value == solution.score
    analysis = engine.think(SearchRequest(moves=root.moves, analyze=True, time_limit=None))
    assert analysis.analysis == solved(root, weak=False)
    without = Engine().think(
        SearchRequest(moves=root.moves, analyze=True, time_limit=None, use_book=False)
    )
    assert without.analysis == analysis.analysis
