"""Make the opening book (assets/book.bin): the exact score and a best move of every
position of the first plies (game.ai.book describes the file).

How: every position of the last ply where the game is not over (91,295 of ply 8 up to
mirror images) is solved exactly by the engine's own solver, on every core; then every
earlier position takes the best of its children's scores, from the last ply back to the
first (a win with the next stone where one is playable), and as its move the most central
child that reaches it.  Then the positions one ply past the last (269,531 of ply 9) are
solved too, for the value of every column of the last ply: a parent's best move gives
70 thousand of them, and every parent's score bounds the rest from below, so the solver
starts there (sibling after sibling, keeping its table: they share much of their search).

Solving takes hours, so it runs in the background and keeps a checkpoint: every solved
position is appended to it at once (``key score nodes seconds column``, the key in hex,
the column a best move in the key's orientation; the next ply's go to a second file
beside it, ``<name>.next.txt``), and a new run skips what the checkpoints hold.  Lines of
the first runs have no column: before the book is written, a short search finds one for
each of them and appends the line again with it.  The checkpoints are committed between
sessions (build_scripts/data/README.md); the book is written only once every position of
the last ply is known, and keeps the last-ply values (each column's value) only once every
position of the next is.  CI never makes the book.

Usage::

    nohup nice -n 10 .venv/bin/python build_scripts/make_book.py --jobs 2 > book.log 2>&1 &
    .venv/bin/python build_scripts/make_book.py --status      # how far, solving nothing
    .venv/bin/python build_scripts/make_book.py --without-next-ply  # stop at the last ply
    .venv/bin/python build_scripts/make_book.py --write-only  # the book from what is known

``--root MOVES --last-ply N`` makes the book of the positions reachable from another
position instead (the tests make small ones that way).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.book import BOOK_FILE, book_bytes, canonical
from game.ai.columns import value_columns
from game.ai.kernel import central_column, winning_cells
from game.ai.score import Score, ScoreWindow
from game.ai.solver import Solver
from game.core import Board
from game.core.bitboard import BOARD, BOTTOM, CELLS, WIDTH, column_cells

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LAST_PLY = 8
DEFAULT_CHECKPOINT = ROOT / "build_scripts" / "data" / "book_checkpoint.txt"
DEFAULT_OUT = ROOT / "assets" / BOOK_FILE
TABLE_SLOTS = 1 << 23
"""Each worker's tables: 64 MiB (a larger one solved these positions no faster)."""
PROGRESS_SECONDS = 60.0
CHUNK = 8
"""Tasks a worker takes at a time: neighbours in the task list (siblings) share work."""

Position = tuple[int, int]
"""``(current, mask)``: the stones of the player to move, and every stone."""
Entry = tuple[int, int | None]
"""A position's exact score, and a best column in its key's orientation (None: not known)."""
Answer = tuple[int, int, int, float, int]
"""What a worker answers: key, score, nodes, seconds, column."""


@dataclass(frozen=True)
class Layers:
    """Every position reachable from the root, ply by ply, one per mirror pair."""

    first_ply: int
    by_ply: list[dict[int, Position]]
    """``[ply - first_ply]``: canonical key to one of the two positions."""

    @property
    def last_ply(self) -> int:
        return self.first_ply + len(self.by_ply) - 1


def children(position: Position) -> Iterator[tuple[int, Position | None]]:
    """Each playable column's move: ``(column, child)``, child None when the move wins."""
    current, mask = position
    possible = (mask + BOTTOM) & BOARD
    wins = winning_cells(current, mask)
    for col in range(WIDTH):
        move = possible & column_cells(col)
        if move:
            after = mask | move
            yield col, (None if move & wins else (current ^ mask, after))


def layers(root: Board, last_ply: int) -> Layers:
    """The positions reachable from ``root`` up to ``last_ply``, where the game is not over
    and a move is left."""
    level = {canonical(root.current, root.mask): (root.current, root.mask)}
    by_ply = [level]
    for _ply in range(root.ply, last_ply):
        following: dict[int, Position] = {}
        for position in level.values():
            for _col, child in children(position):
                if child is not None and child[1] != BOARD:
                    following.setdefault(canonical(*child), child)
        level = following
        by_ply.append(level)
    return Layers(root.ply, by_ply)


def in_key_orientation(key: int, position: Position, col: int) -> int:
    """``col`` of ``position`` as a column of the position ``key`` stands for."""
    return col if position[0] + position[1] == key else WIDTH - 1 - col


def read_checkpoint(path: Path) -> dict[int, Entry]:
    """The solved positions of a checkpoint (the last line of a key counts).  A line that
    does not read (a run killed while writing it) is skipped: that position is solved
    again."""
    solved: dict[int, Entry] = {}
    if not path.exists():
        return solved
    skipped = 0
    for line in path.read_text().splitlines():
        fields = line.split()
        try:
            key, score = int(fields[0], 16), int(fields[1])
            float(fields[3])
            column = int(fields[4]) if len(fields) > 4 else None
        except (IndexError, ValueError):
            skipped += bool(fields)
            continue
        solved[key] = (score, column)
    if skipped:
        print(f"{path}: {skipped} unreadable line(s) skipped", file=sys.stderr)
    return solved


def immediate(key: int, position: Position, ply: int) -> Entry | None:
    """The entry of a position where the player to move wins with its next stone."""
    current, mask = position
    wins = winning_cells(current, mask) & (mask + BOTTOM) & BOARD
    if not wins:
        return None
    return Score.win_now(ply).value, in_key_orientation(key, position, central_column(wins))


# -- the workers ------------------------------------------------------------------

_solver: Solver | None = None


def _worker_solver(*, fresh: bool = True) -> Solver:
    """This worker's solver, its tables cleared unless not ``fresh``."""
    global _solver
    if _solver is None:
        _solver = Solver(TABLE_SLOTS)
    if fresh:
        _solver.clear()
    return _solver


def _solve(task: tuple[int, int, int, int]) -> Answer:
    """Solve one position: ``(key, current, mask, ply)`` in, ``(key, score, nodes, seconds,
    column)`` out."""
    key, current, mask, ply = task
    started = time.perf_counter()
    solution = _worker_solver().solve(current, mask, ply)
    seconds = time.perf_counter() - started
    assert solution.column is not None  # a position where the game goes on has a move
    column = in_key_orientation(key, (current, mask), solution.column)
    return key, solution.score, solution.nodes, seconds, column


def _find_column(task: tuple[int, int, int, int, int]) -> Answer:
    """A best column of a position whose score is known: ``(key, current, mask, ply,
    score)`` in, as :func:`_solve` out."""
    key, current, mask, ply, score = task
    started = time.perf_counter()
    solution = _worker_solver().solve_within(current, mask, ply, (score, score))
    seconds = time.perf_counter() - started
    assert solution.score == score and solution.column is not None
    column = in_key_orientation(key, (current, mask), solution.column)
    return key, score, solution.nodes, seconds, column


def _solve_child(task: tuple[int, int, int, int, int]) -> Answer:
    """Solve one position one ply past the book, whose score is at least ``low`` (its
    parents' values bound it): ``(key, current, mask, ply, low)`` in, as :func:`_solve` out.
    The table is kept from one position to the next: the tasks come sibling by sibling,
    and a sibling's search is much of the next one's."""
    key, current, mask, ply, low = task
    solver = _worker_solver(fresh=False)
    started = time.perf_counter()
    solution = solver.solve_within(current, mask, ply, ScoreWindow(low, CELLS, low + 1))
    seconds = time.perf_counter() - started
    assert solution.column is not None and solution.score >= low
    column = in_key_orientation(key, (current, mask), solution.column)
    return key, solution.score, solution.nodes, seconds, column


def run_pool(
    worker: Callable[[Any], Answer],
    tasks: Sequence[tuple[int, ...]],
    checkpoint: Path,
    jobs: int,
    what: str,
) -> dict[int, Entry]:
    """Run ``tasks`` through ``worker`` on ``jobs`` processes, CHUNK tasks at a time,
    appending every answer to the checkpoint at once; returns the answers."""
    answers: dict[int, Entry] = {}
    if not tasks:
        return answers
    print(f"{len(tasks):,} positions to {what} on {jobs} process(es)", flush=True)
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    if checkpoint.exists() and not checkpoint.read_bytes().endswith(b"\n"):
        with checkpoint.open("a") as out:
            out.write("\n")  # end a line cut off by a killed run
    started = last_report = time.monotonic()
    work = 0.0
    context = multiprocessing.get_context("spawn")
    with checkpoint.open("a") as out, context.Pool(jobs) as pool:
        for key, score, nodes, seconds, column in pool.imap_unordered(worker, tasks, CHUNK):
            answers[key] = (score, column)
            out.write(f"{key:x} {score} {nodes} {seconds:.3f} {column}\n")
            out.flush()
            work += seconds
            now = time.monotonic()
            if now - last_report >= PROGRESS_SECONDS or len(answers) == len(tasks):
                os.fsync(out.fileno())
                left = (len(tasks) - len(answers)) * (now - started) / len(answers)
                print(
                    f"  {len(answers):,}/{len(tasks):,}, {work / len(answers):.2f} s each on"
                    f" a core, about {left / 60:.0f} min left",
                    flush=True,
                )
                last_report = now
    return answers


# -- the book -----------------------------------------------------------------------


def last_ply_entries(books: Layers, checkpoint: Path) -> dict[int, Entry]:
    """What is known of the last ply's positions: the checkpoint's, and every position
    with a win at once (no search needed)."""
    known = read_checkpoint(checkpoint)
    entries = {key: known[key] for key in books.by_ply[-1] if key in known}
    for key, position in books.by_ply[-1].items():
        entry = immediate(key, position, books.last_ply)
        if entry is not None:
            entries[key] = entry
    return entries


def solve_last_ply(books: Layers, checkpoint: Path, jobs: int, limit: int | None) -> None:
    """Solve the positions of the last ply the checkpoint does not hold (at most
    ``limit``), then find a column for those it holds without one."""
    entries = last_ply_entries(books, checkpoint)
    ply = books.last_ply
    layer = books.by_ply[-1]
    print(f"ply {ply}: {len(layer):,} positions, {len(entries):,} known", flush=True)
    tasks = [
        (key, position[0], position[1], ply)
        for key, position in sorted(layer.items())
        if key not in entries
    ]
    if limit is not None:
        tasks = tasks[:limit]
    entries.update(run_pool(_solve, tasks, checkpoint, jobs, "solve"))
    if len(entries) < len(layer):
        return
    columns = [
        (key, layer[key][0], layer[key][1], ply, score)
        for key, (score, column) in sorted(entries.items())
        if column is None
    ]
    run_pool(_find_column, columns, checkpoint, jobs, "find a best column of")


def back_up(books: Layers, last: dict[int, Entry]) -> list[dict[int, tuple[int, int]]]:
    """Every position's entry, ply by ply, from the last ply's: each earlier position
    takes the best of its children's scores (negamax, by the engine's column routine),
    and the most central column that reaches it."""
    entries: dict[int, tuple[int, int]] = {}
    for key, (score, column) in last.items():
        assert column is not None, f"{key:x} has no column"
        entries[key] = (score, column)

    def child_value(current: int, mask: int) -> Score:
        return Score.exact(entries[canonical(current, mask)][0])

    for index in range(len(books.by_ply) - 2, -1, -1):
        ply = books.first_ply + index
        for key, position in books.by_ply[index].items():
            values = value_columns(*position, ply, child_value)
            assert values is not None  # every child is known (or it raised KeyError)
            col = values.best_column()
            entries[key] = (values.best.value, in_key_orientation(key, position, col))
    return [{key: entries[key] for key in layer} for layer in books.by_ply]


@dataclass(frozen=True)
class NextPly:
    """The positions one ply past the book's last, one per mirror pair: what the
    analysis of a last-ply position asks, so the book keeps the value of every column
    there.  A child's score is at least minus its parent's; it equals it where the
    parent's best move leads."""

    positions: dict[int, Position]
    """Canonical key to one of the two positions, sibling by sibling (where the game goes
    on after the move)."""
    low: dict[int, int]
    """The lowest score each can have: the highest of minus its parents' scores."""
    exact: dict[int, int]
    """The score of those a parent's best move leads to."""


def next_ply(books: Layers, last: dict[int, Entry]) -> NextPly:
    """The children of the book's last ply, from that ply's entries."""
    positions: dict[int, Position] = {}
    low: dict[int, int] = {}
    exact: dict[int, int] = {}
    for key, position in sorted(books.by_ply[-1].items()):
        score, best = last[key]
        for col, child in children(position):
            if child is None or child[1] == BOARD:
                continue
            child_key = canonical(*child)
            positions.setdefault(child_key, child)
            low[child_key] = max(low.get(child_key, -CELLS), -score)
            if in_key_orientation(key, position, col) == best:
                exact[child_key] = -score
    return NextPly(positions, low, exact)


def next_checkpoint(checkpoint: Path) -> Path:
    """The checkpoint of the positions one ply past the last, beside the last ply's."""
    return checkpoint.with_name(f"{checkpoint.stem}.next{checkpoint.suffix}")


def solve_next_ply(books: Layers, checkpoint: Path, jobs: int, limit: int | None) -> None:
    """Solve the children of the last ply that neither a parent's best move nor their
    checkpoint gives (at most ``limit``)."""
    following = next_ply(books, last_ply_entries(books, checkpoint))
    known = read_checkpoint(next_checkpoint(checkpoint))
    print(
        f"ply {books.last_ply + 1}: {len(following.positions):,} positions,"
        f" {len(following.exact):,} known from a parent, {len(known):,} solved",
        flush=True,
    )
    tasks = [
        (key, position[0], position[1], books.last_ply + 1, following.low[key])
        for key, position in following.positions.items()
        if key not in following.exact and key not in known
    ]
    if limit is not None:
        tasks = tasks[:limit]
    run_pool(_solve_child, tasks, next_checkpoint(checkpoint), jobs, "solve")


def last_ply_values(books: Layers, checkpoint: Path) -> dict[int, list[int | None]] | None:
    """The value of each column of every position of the last ply (by the engine's column
    routine), in its key's orientation (None: full), from both checkpoints; None while
    some are not known."""
    last = last_ply_entries(books, checkpoint)
    following = next_ply(books, last)
    known = {key: entry[0] for key, entry in read_checkpoint(next_checkpoint(checkpoint)).items()}
    known.update(following.exact)

    def child_value(current: int, mask: int) -> Score | None:
        score = known.get(canonical(current, mask))
        return None if score is None else Score.exact(score)

    rows: dict[int, list[int | None]] = {}
    for key, position in books.by_ply[-1].items():
        values = value_columns(*position, books.last_ply, child_value)
        if values is None:
            return None
        row: list[int | None] = [None] * WIDTH
        for col, score in values.items():
            row[in_key_orientation(key, position, col)] = score.value
        rows[key] = row
    return rows


def status(books: Layers, checkpoint: Path) -> int:
    entries = last_ply_entries(books, checkpoint)
    layer = books.by_ply[-1]
    without = sum(1 for _score, column in entries.values() if column is None)
    print(
        f"ply {books.last_ply}: {len(entries):,} of {len(layer):,} positions known,"
        f" {without:,} of them without a column yet"
    )
    complete = len(entries) == len(layer) and not without
    if complete:
        following = next_ply(books, entries)
        solved = read_checkpoint(next_checkpoint(checkpoint)).keys() | following.exact.keys()
        solved &= following.positions.keys()  # (a checkpoint of another book's would not do)
        print(
            f"ply {books.last_ply + 1}: {len(solved):,} of {len(following.positions):,}"
            " positions known"
        )
        complete = len(solved) == len(following.positions)
    for path in (checkpoint, next_checkpoint(checkpoint)):
        lines = path.read_text().splitlines() if path.exists() else []
        times = [float(line.split()[3]) for line in lines if len(line.split()) >= 4]
        if times:
            print(
                f"{path.name}: {len(times):,} lines, {sum(times) / 3600:.2f} core-hours,"
                f" {sum(times) / len(times):.2f} s each"
            )
    return 0 if complete else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--last-ply", type=int, default=DEFAULT_LAST_PLY)
    parser.add_argument("--root", default="", help="the first position (moves 1-7)")
    parser.add_argument("--checkpoint", type=Path, default=DEFAULT_CHECKPOINT)
    parser.add_argument(
        "--without-next-ply",
        action="store_true",
        help="solve only up to the last ply (the book keeps no last-ply values)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--limit", type=int, help="solve at most this many positions")
    parser.add_argument("--status", action="store_true", help="report progress, solve nothing")
    parser.add_argument("--write-only", action="store_true", help="solve nothing")
    args = parser.parse_args(argv)
    root = Board.from_moves(args.root)
    if root.is_over or args.last_ply < root.ply:
        parser.error("the root must be a position where the game goes on, before --last-ply")
    books = layers(root, args.last_ply)
    if args.status:
        return status(books, args.checkpoint)
    if not args.write_only:
        solve_last_ply(books, args.checkpoint, args.jobs, args.limit)
    last = last_ply_entries(books, args.checkpoint)
    missing = len(books.by_ply[-1]) - sum(1 for entry in last.values() if entry[1] is not None)
    if missing:
        print(f"not written: {missing:,} positions of ply {books.last_ply} not known yet")
        return 1
    if not args.write_only and not args.without_next_ply:
        solve_next_ply(books, args.checkpoint, args.jobs, args.limit)
    values = None if args.without_next_ply else last_ply_values(books, args.checkpoint)
    if values is None and not args.without_next_ply:
        print(
            f"the positions of ply {books.last_ply + 1} are not all known yet: the book keeps"
            " no last-ply values"
        )
    entries = back_up(books, last)
    data = book_bytes(entries, books.first_ply, values)
    args.out.write_bytes(data)
    count = sum(len(ply) for ply in entries)
    print(f"wrote {args.out}: {count:,} positions, {len(data):,} bytes")
    return 0 if values is not None or args.without_next_ply else 1


if __name__ == "__main__":
    sys.exit(main())
