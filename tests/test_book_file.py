"""The opening book: its file, its generator, and the shipped book's back-up from its last ply.

A small book is made by build_scripts/make_book.py from a late root, where solving
takes a second, and checked against the solver; the shipped book is checked by drawing
positions and solving them again.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.book import BOOK_FILE, BookError, OpeningBook, book_bytes, canonical
from game.ai.kernel import win_now_score
from game.ai.solver import Solver
from game.core import Board
from tests.conftest import ROOT

MAKE = ROOT / "build_scripts" / "make_book.py"
SHIPPED = ROOT / "assets" / BOOK_FILE
SMALL_ROOT = "4444443333"
SMALL_LAST_PLY = 14


def make(tmp_path: Path, name: str, *args: str) -> tuple[bytes, str]:
    """Run the generator on the small root; the book's bytes and what it printed."""
    out = tmp_path / f"{name}.bin"
    done = subprocess.run(
        [
            sys.executable,
            str(MAKE),
            "--root",
            SMALL_ROOT,
            "--last-ply",
            str(SMALL_LAST_PLY),
            "--checkpoint",
            str(tmp_path / f"{name}.txt"),
            "--out",
            str(out),
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    return (out.read_bytes() if out.exists() else b""), done.stdout + done.stderr


@pytest.fixture(scope="module")
def small_book(tmp_path_factory: pytest.TempPathFactory) -> OpeningBook:
    data, said = make(tmp_path_factory.mktemp("book"), "small", "--jobs", "2")
    assert data, said
    return OpeningBook.from_bytes(data)


def random_reachable(rng: random.Random, root: str, most: int) -> Board:
    board = Board.from_moves(root)
    for _ in range(rng.randint(0, most)):
        if board.is_over:
            break
        board.play(rng.choice(board.legal_moves()))
    return board


def check_against_solver(book: OpeningBook, board: Board, solver: Solver) -> None:
    """The book's score is the solver's, and its move reaches that score."""
    entry = book.best_move(board.current, board.mask)
    assert entry is not None, board.moves
    score, col = entry
    assert score == solver.solve(board.current, board.mask, board.ply).score, board.moves
    if board.is_winning_move(col):
        assert score == win_now_score(board.ply), board.moves
        return
    child = board.copy()
    child.play(col)
    if child.is_over:  # the last cell: a draw
        assert score == 0, board.moves
    else:
        reply = solver.solve(child.current, child.mask, child.ply)
        assert -reply.score == score, (board.moves, col)


def test_a_small_book_holds_every_position_with_the_solvers_score(small_book: OpeningBook) -> None:
    assert (small_book.first_ply, small_book.last_ply) == (len(SMALL_ROOT), SMALL_LAST_PLY)
    rng = random.Random(7)
    solver = Solver()
    for _ in range(150):
        board = random_reachable(rng, SMALL_ROOT, SMALL_LAST_PLY - len(SMALL_ROOT))
        if not board.is_over:
            check_against_solver(small_book, board, solver)
    # A position the book does not cover is not in it.
    early = Board.from_moves("4")
    assert small_book.score(early.current, early.mask) is None


def test_the_generator_resumes_and_gives_the_same_bytes_whatever_the_jobs(
    tmp_path: Path,
) -> None:
    first, said = make(tmp_path, "cut", "--jobs", "1", "--limit", "40")
    assert not first and "not written" in said  # stopped before the end: no book
    resumed, said = make(tmp_path, "cut", "--jobs", "2")
    assert resumed, said
    whole, said = make(tmp_path, "whole", "--jobs", "1")
    assert whole == resumed


def test_lines_without_a_column_get_one_before_the_book_is_written(tmp_path: Path) -> None:
    make(tmp_path, "whole", "--jobs", "2")
    checkpoint = tmp_path / "whole.txt"
    # The first runs wrote no column: strip them, as in a checkpoint of those runs.
    lines = checkpoint.read_text().splitlines()
    checkpoint.write_text("".join(" ".join(line.split()[:4]) + "\n" for line in lines))
    (tmp_path / "whole.bin").unlink()
    again, said = make(tmp_path, "whole", "--write-only")
    assert not again and "not known yet" in said
    again, said = make(tmp_path, "whole", "--jobs", "2")
    assert "find a best column" in said
    book = OpeningBook.from_bytes(again)
    solver = Solver()
    rng = random.Random(3)
    for _ in range(40):
        board = random_reachable(rng, SMALL_ROOT, SMALL_LAST_PLY - len(SMALL_ROOT))
        if not board.is_over:
            check_against_solver(book, board, solver)


def test_a_cut_off_checkpoint_line_is_solved_again(tmp_path: Path) -> None:
    whole, _ = make(tmp_path, "whole", "--jobs", "2")
    checkpoint = tmp_path / "whole.txt"
    text = checkpoint.read_text()
    checkpoint.write_text(text[: len(text) - 7])  # the last line loses its end
    (tmp_path / "whole.bin").unlink()
    again, said = make(tmp_path, "whole", "--jobs", "1")
    assert again == whole, said


def test_mirror_images_share_an_entry_and_mirror_the_move(small_book: OpeningBook) -> None:
    board = Board.from_moves(SMALL_ROOT + "1")
    image = Board.from_moves("".join(str(8 - int(c)) for c in SMALL_ROOT + "1"))
    assert canonical(board.current, board.mask) == canonical(image.current, image.mask)
    entry = small_book.best_move(board.current, board.mask)
    mirrored = small_book.best_move(image.current, image.mask)
    assert entry is not None and mirrored is not None
    assert mirrored == (entry[0], 6 - entry[1])


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda data: data[:10], "truncated"),
        (lambda data: b"NOTABOOK" + data[8:], "not a book file"),
        (lambda data: data[:-1] + bytes([data[-1] ^ 1]), "checksum"),
        (lambda data: data + b"\0", "truncated or padded"),
    ],
)
def test_a_damaged_book_is_refused_with_a_sentence_saying_why(damage: object, says: str) -> None:
    data = book_bytes({1: (3, 2), 5: (-1, 0)}, 0, 1)
    assert OpeningBook.from_bytes(data).score(0, 0) is None  # key 0 is not in it
    with pytest.raises(BookError, match=says):
        OpeningBook.from_bytes(damage(data))  # type: ignore[operator]


def test_a_missing_book_is_a_book_error(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="missing"):
        OpeningBook.load(tmp_path / "nothing.bin")


def test_the_shipped_book_backs_up_from_its_last_ply() -> None:
    """Every position before the last ply scores the best of its children, and its move
    reaches that score (checked over every position of plies 0-7)."""
    book = OpeningBook.load(SHIPPED)
    assert (book.first_ply, book.last_ply) == (0, 8)
    level = [Board()]
    for ply in range(book.last_ply):
        following: dict[int, Board] = {}
        for board in level:
            entry = book.best_move(board.current, board.mask)
            assert entry is not None, board.moves
            values = {}
            for col in board.legal_moves():
                if board.is_winning_move(col):
                    values[col] = win_now_score(ply)
                    continue
                child = board.copy()
                child.play(col)
                child_score = book.score(child.current, child.mask)
                assert child_score is not None, child.moves
                values[col] = -child_score
                following.setdefault(canonical(child.current, child.mask), child)
            assert entry[0] == max(values.values()), board.moves
            assert values[entry[1]] == entry[0], board.moves
        level = list(following.values())
