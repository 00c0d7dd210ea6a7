"""Make the puzzles (assets/puzzles.bin): positions of real play where the player to move
has exactly one winning column (game.ai.puzzles describes the file and the bands).

Where the positions come from: the levels' games against each other (Beginner to Expert,
each pair from random openings of up to four moves, every move searched to the level's
depth without a time budget, so a game is the same on every run), and the positions of
the opening book (assets/book.bin) when it exists.

What makes a puzzle, checked by the engine's exact solver:

1. the game goes on, the player to move cannot win with its next disc (N >= 2), and its
   opponent threatens no four it must block at once (a forced move is no puzzle);
2. the position's exact score ``s`` is a win, with the winning disc the mover's N-th own
   disc from here (``N = 22 - s - ply // 2``), and N is at most :data:`MOST_DISCS`
   (a longer win is beyond a person's reading);
3. the exact value of every column: exactly one is above 0, the answer, and at least
   :data:`MIN_CHOICES` columns are playable (with fewer there is no real choice).

Mirror images and repeats count once; from one game at most one puzzle of each band for
each side (the earliest), so that the set is not a few games' winning lines seen disc by
disc.
Before the file is written, every chosen puzzle is solved again with a fresh solver,
column by column, and the run stops if one value differs.

Solving takes hours on a busy machine, so it runs in the background and keeps a
checkpoint (``build_scripts/data/puzzles_checkpoint.txt``): a line per game played
(``game <index> <moves>``), and a line per position the solver examined (``pos <game>
<moves> <score> <values>``, the values of the seven columns or ``-`` where they were not
needed, ``x`` for a full column).  A new run skips the games and positions it holds.
CI never makes the puzzles.

Usage::

    nohup nice -n 19 .venv/bin/python build_scripts/make_puzzles.py --games 900 > puzzles.log 2>&1 &
    .venv/bin/python build_scripts/make_puzzles.py --status       # how far, solving nothing
    .venv/bin/python build_scripts/make_puzzles.py --write-only   # the file from the checkpoint
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from game.ai.book import BookError, OpeningBook, canonical
from game.ai.columns import column_values
from game.ai.control import SearchStopped, StopControl
from game.ai.kernel import winning_cells
from game.ai.puzzles import (
    BAND_FIRST,
    MIN_WINS_IN,
    Band,
    Puzzle,
    puzzles_bytes,
    read_puzzles,
    wins_in,
)
from game.ai.solver import Solver
from game.core import Board
from game.core.bitboard import BOARD, BOTTOM, WIDTH

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CHECKPOINT = ROOT / "build_scripts" / "data" / "puzzles_checkpoint.txt"
DEFAULT_OUT = ROOT / "assets" / "puzzles.bin"
BOOK = ROOT / "assets" / "book.bin"

MOST_DISCS = 12
"""The longest win kept: the winning disc at most the mover's 12th from the position."""
MIN_CHOICES = 3
"""A puzzle has at least this many playable columns: with one or two there is no real choice."""
MIN_PLY = 8
"""No puzzle has fewer moves: from ply 9 on the Perfect level defends with the exact solver
(before that it may answer from a search), and the solver takes minutes there."""
SOLVE_SECONDS = 20.0
"""A position the solver cannot settle in this time (each of its solves) is passed over."""
PAIRS: tuple[tuple[int, int], ...] = (
    (1, 3), (3, 6), (6, 9), (1, 6), (3, 9), (9, 15), (6, 15), (3, 3), (6, 6), (9, 9),
)  # fmt: skip
"""The depths that play each other, in turn: the levels Beginner (1) to Expert (15)."""
MAX_OPENING = 4
TABLE_SLOTS = 1 << 22
"""The solver's tables: 32 MiB per process."""
SEED = 28


@dataclass(frozen=True, slots=True)
class Examined:
    """One position the solver looked at: its exact score, and each column's exact value
    (None for a full column) where the score left the puzzle open."""

    game: int
    moves: str
    score: int
    values: tuple[int | None, ...] | None


# -- playing the games ----------------------------------------------------------------


def game_of(index: int) -> tuple[str, tuple[int, int]]:
    """Game ``index``'s opening and its depths (first player's, second's)."""
    rng = random.Random(SEED * 1_000_003 + index)
    first, second = PAIRS[index % len(PAIRS)]
    if rng.random() < 0.5:
        first, second = second, first
    board = Board()
    for _move in range(rng.randint(0, MAX_OPENING)):
        board.play(rng.choice(board.legal_moves()))
    return board.moves, (first, second)


def play_game(index: int) -> str:
    """The moves of game ``index``, every move searched to its side's depth."""
    from game.ai.engine import Engine  # noqa: PLC0415 - the kernel loads in the worker
    from game.ai.protocol import SearchRequest  # noqa: PLC0415

    opening, depths = game_of(index)
    engine = Engine()
    board = Board.from_moves(opening)
    while not board.is_over:
        request = SearchRequest(
            moves=board.moves, depth=depths[board.ply % 2], seed=index * 100 + board.ply
        )
        column = engine.think(request).column
        assert column is not None
        board.play(column)
    return board.moves


# -- judging positions ---------------------------------------------------------------


def needs_solver(board: Board) -> bool:
    """Whether a position may be a puzzle at all before any solving: the game goes on,
    the mover has no win at once and no four of its opponent's to block."""
    if board.is_over or board.ply < MIN_PLY:
        return False
    possible = (board.mask + BOTTOM) & BOARD
    mover = winning_cells(board.current, board.mask)
    opponent = winning_cells(board.current ^ board.mask, board.mask)
    return not (mover | opponent) & possible


def exact_values(
    board: Board, solver: Solver, control: StopControl | None = None
) -> tuple[int | None, ...]:
    """Every column's exact value (None: a full column), by the engine's one column
    routine (:func:`game.ai.columns.column_values`) with ``solver``."""
    valuation = column_values(board, solver=solver, control=control)
    assert valuation is not None  # with a solver, every column has a value
    values = valuation.analysis
    return tuple(values[col].value if col in values else None for col in range(WIDTH))


def examine(solver: Solver, game: int, board: Board) -> Examined | None:
    """The solver's verdict on one position (None: it took too long)."""
    solver.clear()
    try:
        control = StopControl(time_limit=SOLVE_SECONDS)
        score = solver.solve(board.current, board.mask, board.ply, control=control).score
        if score <= 0 or wins_in(score, board.ply) > MOST_DISCS:
            return Examined(game, board.moves, score, None)
        control = StopControl(time_limit=SOLVE_SECONDS)
        values = exact_values(board, solver, control)
    except SearchStopped:
        return None
    return Examined(game, board.moves, score, values)


def puzzle_of(found: Examined) -> Puzzle | None:
    """The puzzle a position makes, or None (see the module docstring)."""
    if found.values is None or found.score <= 0 or len(found.moves) < MIN_PLY:
        return None
    winning = [col for col, value in enumerate(found.values) if value is not None and value > 0]
    playable = sum(value is not None for value in found.values)
    if len(winning) != 1 or playable < MIN_CHOICES:
        return None
    if max(value for value in found.values if value is not None) != found.score:
        raise ValueError(f"{found.moves}: the best column's value is not the score")
    discs = wins_in(found.score, len(found.moves))
    if not MIN_WINS_IN <= discs <= MOST_DISCS:
        return None
    return Puzzle(found.moves, winning[0], discs)


_solver: Solver | None = None
_known: frozenset[int] = frozenset()


def _start_worker(known: frozenset[int]) -> None:
    global _known
    _known = known


def _worker_solver() -> Solver:
    global _solver
    if _solver is None:
        _solver = Solver(TABLE_SLOTS)
    return _solver


def _positions(moves: str) -> Iterator[Board]:
    board = Board()
    for char in moves:
        board.play(int(char) - 1)
        yield board.copy()


def _game_task(index: int) -> tuple[int, str, list[Examined], float]:
    """Play game ``index`` and examine each of its positions the checkpoint lacks."""
    started = time.perf_counter()
    moves = play_game(index)
    found = []
    seen: set[int] = set()
    for board in _positions(moves):
        key = canonical(board.current, board.mask)
        if key in _known or key in seen or not needs_solver(board):
            continue
        seen.add(key)
        verdict = examine(_worker_solver(), index, board)
        if verdict is not None:
            found.append(verdict)
    return index, moves, found, time.perf_counter() - started


def _book_task(moves: str) -> tuple[int, str, list[Examined], float]:
    started = time.perf_counter()
    verdict = examine(_worker_solver(), -1, Board.from_moves(moves))
    return -1, moves, [] if verdict is None else [verdict], time.perf_counter() - started


# -- the checkpoint -------------------------------------------------------------------


@dataclass(slots=True)
class Checkpoint:
    """What the runs so far did: the games played, and the positions examined."""

    games: dict[int, str]
    positions: dict[int, Examined]
    """Canonical key to the first examination of that position."""


def _values_text(values: tuple[int | None, ...] | None) -> str:
    if values is None:
        return "-"
    return ",".join("x" if value is None else str(value) for value in values)


def _read_values(text: str) -> tuple[int | None, ...] | None:
    if text == "-":
        return None
    values = tuple(None if field == "x" else int(field) for field in text.split(","))
    if len(values) != WIDTH:
        raise ValueError(text)
    return values


def read_checkpoint(path: Path) -> Checkpoint:
    """The checkpoint's games and positions; a line that does not read (a run killed
    while writing it) is skipped, and its game or position done again."""
    done = Checkpoint({}, {})
    if not path.exists():
        return done
    for line in path.read_text(encoding="ascii").splitlines():
        fields = line.split()
        try:
            if fields[0] == "game" and len(fields) == 3:
                Board.from_moves(fields[2])
                done.games[int(fields[1])] = fields[2]
            elif fields[0] == "pos" and len(fields) == 5:
                board = Board.from_moves(fields[2])
                found = Examined(int(fields[1]), fields[2], int(fields[3]), _read_values(fields[4]))
                done.positions.setdefault(canonical(board.current, board.mask), found)
        except (IndexError, ValueError):
            continue
    return done


def _append(out: TextIO, index: int, moves: str, found: Sequence[Examined]) -> None:
    for item in found:
        out.write(f"pos {item.game} {item.moves} {item.score} {_values_text(item.values)}\n")
    if index >= 0:
        out.write(f"game {index} {moves}\n")
    out.flush()


def book_positions(path: Path, done: Checkpoint) -> list[str]:
    """The opening book's won positions of plies MIN_PLY and later whose win is short
    enough for a puzzle, that the checkpoint lacks (none when the book is absent)."""
    try:
        book = OpeningBook.load(path)
    except BookError as error:
        print(f"no positions from the opening book: {error}", flush=True)
        return []
    found: list[str] = []
    level = {canonical(0, 0): Board()}
    for ply in range(book.last_ply + 1):
        following: dict[int, Board] = {}
        for key, board in level.items():
            score = book.score(board.current, board.mask)
            if (
                ply >= MIN_PLY
                and key not in done.positions
                and score is not None
                and score.value > 0
                and wins_in(score.value, ply) <= MOST_DISCS
                and needs_solver(board)
            ):
                found.append(board.moves)
            for col in board.legal_moves():
                child = board.copy()
                child.play(col)
                if not child.is_over:
                    following.setdefault(canonical(child.current, child.mask), child)
        level = following
    return found


def run(games: int, jobs: int, checkpoint: Path, book: Path) -> None:
    """Play and examine the games below ``games`` that the checkpoint lacks, and the
    opening book's positions, appending each one's lines to the checkpoint when it is done."""
    done = read_checkpoint(checkpoint)
    todo = [index for index in range(games) if index not in done.games]
    from_book = book_positions(book, done)
    print(
        f"{len(done.games):,} games and {len(done.positions):,} positions in the checkpoint;"
        f" {len(todo):,} games and {len(from_book):,} book positions to do on {jobs} process(es)",
        flush=True,
    )
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    if checkpoint.exists() and not checkpoint.read_bytes().endswith(b"\n"):
        with checkpoint.open("a", encoding="ascii") as out:
            out.write("\n")  # end a line cut off by a killed run
    started = time.monotonic()
    context = multiprocessing.get_context("spawn")
    known = frozenset(done.positions)
    total = len(todo) + len(from_book)
    count = 0
    with (
        checkpoint.open("a", encoding="ascii") as out,
        context.Pool(jobs, _start_worker, (known,)) as pool,
    ):
        batches = (
            pool.imap_unordered(_game_task, todo),
            pool.imap_unordered(_book_task, from_book),
        )
        for batch in batches:
            for index, moves, found, seconds in batch:
                count += 1
                _append(out, index, moves, found)
                puzzles = sum(puzzle_of(item) is not None for item in found)
                what = f"game {index}" if index >= 0 else f"book {moves}"
                print(
                    f"  {count}/{total} {what}: {len(found)} solved, {puzzles} puzzles,"
                    f" {seconds:.1f} s ({(time.monotonic() - started) / 60:.1f} min in all)",
                    flush=True,
                )


# -- choosing and writing --------------------------------------------------------------


def choose(done: Checkpoint) -> list[Puzzle]:
    """The puzzles of the checkpoint: one per position up to mirror image, at most one
    of each band and side from a game (its earliest), sorted by band, length and moves."""
    taken: dict[tuple[int, Band, int], Puzzle] = {}
    book: list[Puzzle] = []
    for found in done.positions.values():
        puzzle = puzzle_of(found)
        if puzzle is None:
            continue
        if found.game < 0:
            book.append(puzzle)
            continue
        slot = (found.game, puzzle.band, puzzle.ply % 2)
        if slot not in taken or puzzle.ply < taken[slot].ply:
            taken[slot] = puzzle
    chosen = [*taken.values(), *book]
    return sorted(chosen, key=lambda p: (BAND_FIRST[p.band], p.wins_in, p.ply, p.moves))


def verify(puzzles: Sequence[Puzzle]) -> None:
    """Solve every column of every puzzle again with a fresh solver; raises ValueError on
    the first that is not exactly what it says."""
    solver = Solver(TABLE_SLOTS)
    started = time.monotonic()
    for count, puzzle in enumerate(puzzles, start=1):
        board = Board.from_moves(puzzle.moves)
        solver.clear()
        values = exact_values(board, solver)
        winning = [col for col, value in enumerate(values) if value is not None and value > 0]
        best = max(value for value in values if value is not None)
        if winning != [puzzle.answer] or wins_in(best, board.ply) != puzzle.wins_in:
            raise ValueError(f"{puzzle.line()}: the solver says {values}")
        if count % 100 == 0:
            print(f"  verified {count}/{len(puzzles)} ({time.monotonic() - started:.0f} s)")


def write(done: Checkpoint, out: Path) -> int:
    puzzles = choose(done)
    counts = {band: sum(p.band is band for p in puzzles) for band in Band}
    shown = ", ".join(f"{band.value} {count}" for band, count in counts.items())
    print(f"{len(puzzles)} puzzles ({shown}); verifying each with a fresh solver", flush=True)
    verify(puzzles)
    data = puzzles_bytes(puzzles)
    assert read_puzzles(data) == tuple(puzzles)
    out.write_bytes(data)
    print(f"wrote {out}: {len(puzzles)} puzzles, {len(data):,} bytes")
    return 0


def status(done: Checkpoint) -> int:
    puzzles = choose(done)
    counts = {band: sum(p.band is band for p in puzzles) for band in Band}
    by_discs: dict[int, int] = {}
    for puzzle in puzzles:
        by_discs[puzzle.wins_in] = by_discs.get(puzzle.wins_in, 0) + 1
    print(
        f"{len(done.games):,} games, {len(done.positions):,} positions solved;"
        f" {len(puzzles)} puzzles: "
        + ", ".join(f"{band.value} {count}" for band, count in counts.items())
    )
    print("by N: " + ", ".join(f"{n}: {count}" for n, count in sorted(by_discs.items())))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=900, help="play games 0 to this one")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--checkpoint", type=Path, default=DEFAULT_CHECKPOINT)
    parser.add_argument("--book", type=Path, default=BOOK)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--status", action="store_true", help="report progress, solve nothing")
    parser.add_argument("--write-only", action="store_true", help="play and solve nothing")
    parser.add_argument("--no-write", action="store_true", help="do not write the file")
    args = parser.parse_args(argv)
    if args.status:
        return status(read_checkpoint(args.checkpoint))
    if not args.write_only:
        run(args.games, args.jobs, args.checkpoint, args.book)
    if args.no_write:
        return status(read_checkpoint(args.checkpoint))
    return write(read_checkpoint(args.checkpoint), args.out)


if __name__ == "__main__":
    sys.exit(main())
