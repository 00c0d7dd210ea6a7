"""The opening book: its file, its generator, and the shipped book's back-up from its last ply.

A small book is made by build_scripts/make_book.py from a late root, where solving
takes a second, and checked against the solver; the shipped book is checked by drawing
positions and solving them again.
"""

from __future__ import annotations

import dataclasses
import lzma
import random
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai import Engine, SearchRequest
from game.ai.book import BOOK_FILE, HEADER, BookError, OpeningBook, book_bytes, canonical
from game.ai.bookshelf import BookFile
from game.ai.score import DRAW, Score
from game.ai.solver import Solver
from game.core import WIDTH, Board
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
    assert score == Score.exact(solver.solve(board.current, board.mask, board.ply).score)
    if board.is_winning_move(col):
        assert score == Score.win_now(board.ply), board.moves
        return
    child = board.copy()
    child.play(col)
    if child.is_over:  # the last cell: a draw
        assert score == DRAW, board.moves
    else:
        reply = solver.solve(child.current, child.mask, child.ply)
        assert Score.exact(-reply.score) == score, (board.moves, col)


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


def test_a_small_book_knows_every_column_of_its_last_ply(small_book: OpeningBook) -> None:
    """The positions one ply past the last are solved too: the book has the value of
    every column of a last-ply position, and a position of the next ply has its score
    (through any parent the book holds), each the solver's."""
    assert small_book.covers_next_ply
    rng = random.Random(11)
    solver = Solver()
    checked = 0
    while checked < 60:
        board = random_reachable(rng, SMALL_ROOT, SMALL_LAST_PLY - len(SMALL_ROOT))
        if board.is_over or board.ply != SMALL_LAST_PLY:
            continue
        values = small_book.last_ply_values(board.current, board.mask)
        assert values is not None, board.moves
        for col in range(WIDTH):
            if col not in board.legal_moves():
                assert col not in values, (board.moves, col)
                continue
            child = board.copy()
            child.play(col)
            if child.is_over:
                assert values[col] == Score.win_now(board.ply), (board.moves, col)
                assert small_book.score(child.current, child.mask) is None  # a game over
                continue
            expected = Score.exact(solver.solve(child.current, child.mask, child.ply).score)
            assert values[col] == -expected, (board.moves, col)
            assert small_book.score(child.current, child.mask) == expected, child.moves
            assert small_book.best_move(child.current, child.mask) is None  # score only
        checked += 1
    # Beyond the next ply the book knows nothing.
    board = Board.from_moves(SMALL_ROOT + "12567")
    assert board.ply == SMALL_LAST_PLY + 1
    assert small_book.score(board.current, board.mask) is not None
    board.play(4)
    assert small_book.score(board.current, board.mask) is None


def test_without_the_next_ply_the_book_keeps_no_last_ply_values(tmp_path: Path) -> None:
    data, said = make(tmp_path, "short", "--jobs", "2", "--without-next-ply")
    book = OpeningBook.from_bytes(data)
    assert not book.covers_next_ply, said
    assert not (tmp_path / "short.next.txt").exists()
    board = Board.from_moves(SMALL_ROOT + "12567")
    assert book.score(board.current, board.mask) is None
    board = Board.from_moves(SMALL_ROOT + "1256")
    assert book.last_ply_values(board.current, board.mask) is None
    assert book.score(board.current, board.mask) is not None


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


@pytest.mark.parametrize("name", ["whole.txt", "whole.next.txt"])
def test_a_cut_off_checkpoint_line_is_solved_again(tmp_path: Path, name: str) -> None:
    whole, _ = make(tmp_path, "whole", "--jobs", "2")
    checkpoint = tmp_path / name
    text = checkpoint.read_text()
    *lines, last = text.splitlines()
    cut = " ".join(last.split()[:2])  # the last line stops after its score
    checkpoint.write_text("".join(f"{line}\n" for line in lines) + cut)
    (tmp_path / "whole.bin").unlink()
    again, said = make(tmp_path, "whole", "--jobs", "1")
    assert again == whole, said
    assert len(checkpoint.read_text().splitlines()) == len(text.splitlines()) + 1


def test_mirror_images_share_an_entry_and_mirror_the_move(small_book: OpeningBook) -> None:
    board = Board.from_moves(SMALL_ROOT + "1")
    image = Board.from_moves("".join(str(8 - int(c)) for c in SMALL_ROOT + "1"))
    assert canonical(board.current, board.mask) == canonical(image.current, image.mask)
    entry = small_book.best_move(board.current, board.mask)
    mirrored = small_book.best_move(image.current, image.mask)
    assert entry is not None and mirrored is not None
    assert mirrored == (entry[0], 6 - entry[1])


def with_body(data: bytes, body: bytes) -> bytes:
    """A book file's header with ``body`` after it, its length and checksum made right."""
    fields = list(HEADER.unpack_from(data))
    fields[-2:] = [len(body), 0]
    header = HEADER.pack(*fields)[:-4]
    return header + struct.pack("<I", zlib.crc32(body, zlib.crc32(header))) + body


def other_contents(data: bytes, change: Callable[[bytes], bytes]) -> bytes:
    """A book file whose decompressed contents ``change`` has changed (checksum right)."""
    contents = lzma.decompress(data[HEADER.size :])
    return with_body(data, lzma.compress(change(contents), format=lzma.FORMAT_XZ))


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda data: data[:10], "truncated"),
        (lambda data: b"NOTABOOK" + data[8:], "not a book file"),
        (lambda data: data[:8] + b"\1\0" + data[10:], "has format 1; this game reads 2"),
        (lambda data: data[:-1] + bytes([data[-1] ^ 1]), "checksum"),
        (lambda data: data + b"\0", "truncated or padded"),
        (lambda data: data[:-3], "truncated or padded"),
        (lambda data: with_body(data, b"not xz at all"), "does not decompress"),
        (lambda data: data[:10] + b"\1\2" + data[12:], "checksum"),  # the plies moved
        (lambda data: other_contents(data, lambda c: c[:-1]), "do not add up"),
        (lambda data: other_contents(data, lambda c: c + bytes(1 << 22)), "do not add up"),
        (lambda data: other_contents(data, lambda c: c[:4] + b"\0" * 4 + c[8:]), "add up"),
        (lambda data: other_contents(data, lambda c: c[:41] + b"\x09" + c[42:]), "no column"),
        (lambda data: other_contents(data, lambda c: c[:36] + b"\xff" + c[37:]), "no position"),
        (lambda data: other_contents(data, lambda c: c[:-1] + b"\x70"), "no position"),
    ],
)
def test_a_damaged_book_is_refused_with_a_sentence_saying_why(damage: object, says: str) -> None:
    # Its contents: 3 counts of 4 bytes, 3 keys (12-35), 3 scores (36-38), 3 moves (39-41)
    # and two positions' last-ply values (42-55).
    data = book_bytes([{1: (3, 2)}, {5: (-1, 0), 9: (2, 6)}], 0, {5: [1] * 7, 9: [None] * 7})
    book = OpeningBook.from_bytes(data)
    assert book.score(0, 0) is None  # key 0 is not in it
    assert book.covers_next_ply
    with pytest.raises(BookError, match=says):
        OpeningBook.from_bytes(damage(data))  # type: ignore[operator]


def test_positions_out_of_order_are_refused() -> None:
    data = book_bytes([{1: (3, 2)}, {5: (-1, 0), 9: (2, 6)}], 0)
    swapped = other_contents(data, lambda c: c[:12] + c[12:20] + c[28:36] + c[20:28] + c[36:])
    with pytest.raises(BookError, match="out of order"):
        OpeningBook.from_bytes(swapped)


def test_a_missing_book_is_a_book_error(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="missing"):
        OpeningBook.load(tmp_path / "nothing.bin")


def test_the_shipped_book_backs_up_from_its_last_ply() -> None:
    """Every position before the last ply scores the best of its children, and its move
    reaches that score (checked over every position of plies 0-7); so do the column
    values of every position of the last ply, where the book keeps them."""
    book = OpeningBook.load(SHIPPED)
    assert (book.first_ply, book.last_ply) == (0, 8)
    level = [Board()]
    for ply in range(book.last_ply):
        following: dict[int, Board] = {}
        for board in level:
            entry = book.best_move(board.current, board.mask)
            assert entry is not None, board.moves
            values: dict[int, Score] = {}
            for col in board.legal_moves():
                if board.is_winning_move(col):
                    values[col] = Score.win_now(ply)
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
    # The last ply: its last-ply values (when the book keeps them) agree with its scores.
    for board in level:
        entry = book.best_move(board.current, board.mask)
        assert entry is not None, board.moves
        kept = book.last_ply_values(board.current, board.mask)
        if not book.covers_next_ply:
            assert kept is None
            continue
        assert kept is not None, board.moves
        assert kept.best == entry[0], board.moves
        assert kept[entry[1]] == entry[0], board.moves
        assert list(kept) == board.legal_moves(), board.moves


def test_one_ply_past_the_book_perfect_looks_only_for_a_move_reaching_its_score(
    tmp_path: Path,
) -> None:
    """Of the next ply the book knows the score but keeps no move: Perfect's solver only
    finds a move that reaches that score (fewer nodes than solving it whole)."""
    data, said = make(tmp_path, "small", "--jobs", "2")
    assert data, said
    book = BookFile.at(tmp_path / "small.bin")
    solver = Solver()
    rng = random.Random(5)
    fewer = 0
    for _ in range(12):
        board = random_reachable(rng, SMALL_ROOT + "1", SMALL_LAST_PLY - len(SMALL_ROOT))
        while board.ply < SMALL_LAST_PLY + 1 and not board.is_over:
            board.play(rng.choice(board.legal_moves()))
        if board.is_over or any(board.is_winning_move(col) for col in board.legal_moves()):
            continue
        score = solver.solve(board.current, board.mask, board.ply).score
        request = SearchRequest(moves=board.moves, time_limit=None)
        move = Engine(book=book).think(request)  # each with tables of its own
        whole = Engine(book=book).think(dataclasses.replace(request, use_book=False))
        assert move.score.is_exact and move.score.value == score, board.moves
        assert move.column is not None and not move.from_book
        child = board.copy()
        child.play(move.column)
        reply = solver.solve(child.current, child.mask, child.ply).score
        assert -reply == score, (board.moves, move.column)
        assert move.nodes <= whole.nodes, board.moves
        fewer += move.nodes < whole.nodes
    assert fewer >= 3
