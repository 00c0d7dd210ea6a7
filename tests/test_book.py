"""The opening book in the engine: a missing or damaged book, the shipped book's values
and moves, and a sample of it solved again.

The book's file and its generator are tested in test_book_file.py.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from game.ai import Engine, SearchRequest
from game.ai.backend import IS_COMPILED
from game.ai.book import BOOK_FILE, OpeningBook, book_bytes, oriented
from game.ai.bookshelf import BookFile
from game.ai.columns import column_values, sibling_guess
from game.ai.score import Analysis, Score
from game.ai.solver import Solver
from game.core import WIDTH, Board
from tests.conftest import ROOT

SHIPPED = ROOT / "assets" / BOOK_FILE
RESOLVE_ENV = "CONNECT4_BOOK_RESOLVE"
"""How many positions of the book's last ply the solver solves again exactly (20 unless
set: each takes a few tenths of a second; the closing check of a new book sets 2000)."""
WEAK_RESOLVE_ENV = "CONNECT4_BOOK_RESOLVE_WEAK"
"""How many positions of the book's last ply the solver solves again for their result
alone (win, draw or loss), on every core: 400 unless set (2,000 took the suite's longest
test 2.5 minutes; the closing check of a new book sets 2000)."""


def shipped_engine() -> Engine:
    """An engine with the shipped book, as the game's entry points make it."""
    return Engine(book=BookFile.at(SHIPPED))


def shipped_book() -> OpeningBook:
    if not SHIPPED.is_file():
        pytest.fail(f"the opening book {SHIPPED} is not in the repository")
    return OpeningBook.load(SHIPPED)


def solved(board: Board, *, weak: bool, solver: Solver | None = None) -> Analysis:
    """Every column's value by the solver alone: exact, or with ``weak`` the result."""
    valuation = column_values(board, solver=solver or Solver(1), weak=weak)
    assert valuation is not None
    return valuation.analysis


def test_a_missing_or_damaged_book_warns_once_and_the_engine_plays_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "book.bin"
    broken.write_bytes(SHIPPED.read_bytes()[:100] if SHIPPED.is_file() else b"C4EXACT\n")
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


def test_the_shipped_book_knows_the_first_move_exactly() -> None:
    book = shipped_book()
    assert (book.first_ply, book.last_ply) == (0, 8)
    first = shipped_engine().think(SearchRequest(moves="", analyze=True))
    assert first.from_book and first.column == 3
    # The published solution: the centre wins with the first player's last disc, the
    # columns beside it draw, and the others lose.
    assert first.analysis == Analysis(
        (col, Score.exact(value)) for col, value in enumerate((-2, -1, 0, 1, 0, -1, -2))
    )


@pytest.mark.parametrize("moves", ["1", "23", "765", "1234", "12345", "123456", "1234567"])
def test_the_book_answers_every_column_exactly_up_to_ply_seven(moves: str) -> None:
    engine = shipped_engine()
    result = engine.think(SearchRequest(moves=moves, analyze=True))
    assert result.from_book and result.nodes == 0
    assert result.analysis is not None and len(result.analysis) == WIDTH
    assert all(score.is_exact for score in result.analysis.values())
    assert result.score == result.analysis.best


@pytest.mark.parametrize("moves", ["12345671", "44444435", "76543217"])
def test_at_ply_eight_perfect_plays_the_books_move_at_once(moves: str) -> None:
    board = Board.from_moves(moves)
    result = shipped_engine().think(SearchRequest(moves=moves))
    assert result.from_book and result.nodes == 0 and result.column is not None
    child = board.copy()
    child.play(result.column)
    reply = Solver().solve(child.current, child.mask, child.ply)
    assert result.score == Score.exact(-reply.score)


@pytest.mark.parametrize("moves", ["514", "374"])
def test_where_every_move_loses_perfect_plays_the_slowest_loss(moves: str) -> None:
    # The first player's discs in columns 4 and 5 (or 3 and 4) of the bottom row: every
    # answer loses, and the most central one, column 4, loses at once to an open three.
    engine = shipped_engine()
    result = engine.think(SearchRequest(moves=moves, analyze=True))
    assert result.analysis is not None and result.column is not None
    assert all(score.result == -1 for score in result.analysis.values())
    assert result.score == result.analysis.best
    assert result.analysis[result.column] > result.analysis[3]


def random_positions(ply: int, count: int, rng: random.Random) -> list[Board]:
    """``count`` positions of ``ply`` reached by random moves, where the game goes on."""
    boards: list[Board] = []
    while len(boards) < count:
        board = Board()
        while board.ply < ply and not board.is_over:
            board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            boards.append(board)
    return boards


def weak_results(positions: list[str]) -> list[int]:
    """The result (1, 0, -1) of each position, by the solver (a worker's task)."""
    solver = Solver(1 << 21)
    results = []
    for moves in positions:
        board = Board.from_moves(moves)
        solver.clear()
        results.append(solver.solve(board.current, board.mask, board.ply, weak=True).score)
    return results


@pytest.mark.skipif(not IS_COMPILED, reason="solving positions again wants the compiled kernel")
def test_a_random_sample_of_the_books_last_ply_agrees_with_the_solver() -> None:
    """The positions of the last ply are the ones the generator solved (the earlier ones
    are their negamax: test_book_file.py checks that over every one of them); a random
    sample is solved again, and each kept move checked to reach the score."""
    book = shipped_book()
    count = int(os.environ.get(RESOLVE_ENV, "20"))
    seed = random.randrange(1 << 30)
    solver = Solver(1 << 22)
    for board in random_positions(book.last_ply, count, random.Random(seed)):
        found = book.best_move(board.current, board.mask)
        assert found is not None, board.moves
        score, column = found
        solver.clear()
        solution = solver.solve(board.current, board.mask, board.ply)
        assert Score.exact(solution.score) == score, (seed, board.moves)
        if not board.is_winning_move(column):
            child = board.copy()
            child.play(column)
            reply = solver.solve_within(child.current, child.mask, child.ply, (-score.value, 42))
            assert Score.exact(-reply.score) == score, (seed, board.moves, column)


@pytest.mark.skipif(not IS_COMPILED, reason="solving positions again wants the compiled kernel")
def test_a_random_sample_of_the_next_ply_agrees_with_the_solver() -> None:
    """The book keeps the score of every position one ply past its last (as the last-ply
    values of their parents); a random sample of them is solved again."""
    book = shipped_book()
    if not book.covers_next_ply:
        pytest.skip("the shipped book keeps no last-ply values yet: ply 9 is still being solved")
    count = int(os.environ.get(RESOLVE_ENV, "20"))
    seed = random.randrange(1 << 30)
    solver = Solver(1 << 22)
    for board in random_positions(book.last_ply + 1, count, random.Random(seed)):
        score = book.score(board.current, board.mask)
        assert score is not None, (seed, board.moves)
        solver.clear()
        assert Score.exact(solver.solve(board.current, board.mask, board.ply).score) == score, (
            seed,
            board.moves,
        )


@pytest.mark.skipif(not IS_COMPILED, reason="solving positions again wants the compiled kernel")
def test_random_positions_of_the_last_ply_have_the_books_result() -> None:
    """The result of every one of a random 400 (``CONNECT4_BOOK_RESOLVE_WEAK``) positions
    of the book's last ply, solved again on every core: the sign of the book's score."""
    book = shipped_book()
    count = int(os.environ.get(WEAK_RESOLVE_ENV, "400"))
    seed = random.randrange(1 << 30)
    boards = random_positions(book.last_ply, count, random.Random(seed))
    jobs = max(1, min(4, os.cpu_count() or 1))
    chunks = [[board.moves for board in boards[i::jobs]] for i in range(jobs)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        answers = list(pool.map(weak_results, chunks))
    solved = {
        moves: result
        for chunk, results in zip(chunks, answers, strict=True)
        for moves, result in zip(chunk, results, strict=True)
    }
    for board in boards:
        score = book.score(board.current, board.mask)
        assert score is not None, board.moves
        assert solved[board.moves] == score.result, (seed, board.moves, score)


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


def tiny_book(tmp_path: Path, positions: list[Board]) -> Path:
    """A book file holding ``positions`` (all of one ply), solved now."""
    entries: dict[int, tuple[int, int]] = {}
    for board in positions:
        solution = Solver(1).solve(board.current, board.mask, board.ply)
        assert solution.column is not None
        key, mirrored = oriented(board.current, board.mask)
        best = WIDTH - 1 - solution.column if mirrored else solution.column
        entries[key] = (solution.score, best)
    path = tmp_path / "tiny.bin"
    ply = positions[0].ply
    path.write_bytes(book_bytes([entries], ply))
    return path


def test_a_book_of_a_positions_children_answers_its_analysis(tmp_path: Path) -> None:
    root = Board.from_moves("4444433336")
    children = []
    for col in root.legal_moves():
        child = root.copy()
        child.play(col)
        if not child.is_over:
            children.append(child)
    path = tiny_book(tmp_path, children)
    book = BookFile.at(path)
    result = Engine(book=book).think(SearchRequest(moves=root.moves, analyze=True))
    assert result.from_book and isinstance(book.book, OpeningBook)
    assert result.analysis == solved(root, weak=False)
    assert result.score == solved(root, weak=False).best
    # Damaged, it is a book problem: the engine plays on without it.
    path.write_bytes(path.read_bytes()[:-1])
    damaged = BookFile.at(path)
    assert damaged.score(root.current, root.mask) is None
    assert damaged.problem is not None and "truncated" in damaged.problem


def test_at_the_books_last_ply_an_analysis_solves_from_the_books_value(tmp_path: Path) -> None:
    """Where the book holds a position but not its children (its last ply), Perfect plays
    the book's move at once, and an analysis solves the children from the bound the
    book's value gives: the same exact values as without the book."""
    root = Board.from_moves("4444433336")
    engine = Engine(book=BookFile.at(tiny_book(tmp_path, [root])))
    move = engine.think(SearchRequest(moves=root.moves))
    solution = Solver(1).solve(root.current, root.mask, root.ply)
    assert move.from_book and move.nodes == 0
    assert move.column == solution.column and move.score.value == solution.score
    analysis = engine.think(SearchRequest(moves=root.moves, analyze=True, time_limit=None))
    assert analysis.analysis == solved(root, weak=False)
    without = Engine().think(
        SearchRequest(moves=root.moves, analyze=True, time_limit=None, use_book=False)
    )
    assert without.analysis == analysis.analysis


def test_the_first_probe_of_a_child_asks_about_its_siblings_most_common_score() -> None:
    """At the book's last ply the children are solved one by one; each one's first probes
    ask about the score most of its siblings had (the earliest of equals), and the first
    one's about the score just short of the parent's best."""
    assert sibling_guess([], -3) == -2
    assert sibling_guess([2, -1, 2, 4], -3) == 2
    assert sibling_guess([4, -1, -1, 4], -3) == 4
