"""Make the exact opening book (assets/exact_book.bin): the exact score of every position
of the first plies (game.ai.exact_book describes the file).

How: every position of the last ply where the game is not over (91,295 of ply 8 up to
mirror images) is solved exactly by the engine's own solver, on every core; then every
earlier position takes the best of its children's scores, from the last ply back to the
first (a win with the next stone where one is playable).

Solving takes hours, so it runs in the background and keeps a checkpoint: every solved
position is appended to it at once (``key score nodes seconds column``, the key in hex,
the column a best move in the key's orientation; lines of the first runs have none), and a
new run skips what the checkpoint holds.  The checkpoint is committed between sessions
(build_scripts/data/README.md); the book is written only once every position of the last
ply is solved.  CI never makes the book.

Usage::

    nohup nice -n 10 .venv/bin/python build_scripts/make_exact_book.py --jobs 2 > book.log 2>&1 &
    .venv/bin/python build_scripts/make_exact_book.py --status      # how far, solving nothing
    .venv/bin/python build_scripts/make_exact_book.py --write-only  # the book, once complete

``--root MOVES --last-ply N`` makes the book of the positions reachable from another
position instead (the tests make small ones that way).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.ai.exact_book import book_bytes, canonical
from game.ai.kernel import win_now_score, winning_cells
from game.ai.solver import Solver
from game.core import Board
from game.core.bitboard import BOARD, BOTTOM, WIDTH, column_cells

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LAST_PLY = 8
DEFAULT_CHECKPOINT = ROOT / "build_scripts" / "data" / "exact_book_checkpoint.txt"
DEFAULT_OUT = ROOT / "assets" / "exact_book.bin"
TABLE_SLOTS = 1 << 23
"""Each worker's table: 64 MiB (a larger one solved these positions no faster)."""
PROGRESS_SECONDS = 60.0

Position = tuple[int, int]
"""``(current, mask)``: the stones of the player to move, and every stone."""


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


def read_checkpoint(path: Path) -> dict[int, int]:
    """The solved positions of a checkpoint: canonical key to exact score.  A line that
    does not read (a run killed while writing it) is skipped: that position is solved
    again."""
    solved: dict[int, int] = {}
    if not path.exists():
        return solved
    skipped = 0
    for line in path.read_text().splitlines():
        fields = line.split()
        try:
            key, score = int(fields[0], 16), int(fields[1])
            float(fields[3])
        except (IndexError, ValueError):
            skipped += bool(fields)
            continue
        solved[key] = score
    if skipped:
        print(f"{path}: {skipped} unreadable line(s) skipped", file=sys.stderr)
    return solved


_solver: Solver | None = None


def _solve(task: tuple[int, int, int, int]) -> tuple[int, int, int, float, int]:
    """Solve one position in a worker: ``(key, current, mask, ply)`` in, ``(key, score,
    nodes, seconds, column)`` out, the column a best move in the orientation of ``key``."""
    global _solver
    if _solver is None:
        _solver = Solver(TABLE_SLOTS)
    key, current, mask, ply = task
    _solver.clear()
    started = time.perf_counter()
    solution = _solver.solve(current, mask, ply)
    seconds = time.perf_counter() - started
    column = solution.column
    assert column is not None  # a position where the game goes on has a move
    if current + mask != key:  # the position solved is the mirror image of the key's
        column = WIDTH - 1 - column
    return key, solution.score, solution.nodes, seconds, column


def immediate_score(position: Position, ply: int) -> int | None:
    """The score of a position where the player to move wins with its next stone."""
    current, mask = position
    if winning_cells(current, mask) & (mask + BOTTOM) & BOARD:
        return win_now_score(ply)
    return None


def solve_last_ply(books: Layers, checkpoint: Path, jobs: int, limit: int | None) -> dict[int, int]:
    """Solve the positions of the last ply the checkpoint does not hold (at most ``limit``),
    appending each to it; returns every solved position of that ply."""
    ply = books.last_ply
    layer = books.by_ply[-1]
    solved = read_checkpoint(checkpoint)
    for key, position in layer.items():
        if key not in solved:
            score = immediate_score(position, ply)
            if score is not None:
                solved[key] = score  # no need to keep it: it takes no search
    tasks = [
        (key, position[0], position[1], ply)
        for key, position in sorted(layer.items())
        if key not in solved
    ]
    if limit is not None:
        tasks = tasks[:limit]
    print(
        f"ply {ply}: {len(layer):,} positions, {len(layer) - len(tasks):,} known, "
        f"{len(tasks):,} to solve on {jobs} process(es)",
        flush=True,
    )
    if not tasks:
        return solved
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    last_report = started
    done = 0
    work = 0.0
    context = multiprocessing.get_context("spawn")
    if checkpoint.exists() and not checkpoint.read_bytes().endswith(b"\n"):
        with checkpoint.open("a") as out:
            out.write("\n")  # end a line cut off by a killed run
    with checkpoint.open("a") as out, context.Pool(jobs) as pool:
        for key, score, nodes, seconds, column in pool.imap_unordered(_solve, tasks, chunksize=2):
            solved[key] = score
            out.write(f"{key:x} {score} {nodes} {seconds:.3f} {column}\n")
            out.flush()
            done += 1
            work += seconds
            now = time.monotonic()
            if now - last_report >= PROGRESS_SECONDS or done == len(tasks):
                os.fsync(out.fileno())
                rate = done / (now - started)
                left = (len(tasks) - done) / rate if rate else 0.0
                print(
                    f"  {done:,}/{len(tasks):,} solved, {work / done:.2f} s each on a core, "
                    f"about {left / 60:.0f} min left",
                    flush=True,
                )
                last_report = now
    return solved


def back_up(books: Layers, last: dict[int, int]) -> dict[int, int]:
    """Every position's score, from the last ply's: each earlier position takes the best
    of its children (negamax)."""
    scores = {key: last[key] for key in books.by_ply[-1]}
    for index in range(len(books.by_ply) - 2, -1, -1):
        ply = books.first_ply + index
        for key, position in books.by_ply[index].items():
            best = -100
            for _col, child in children(position):
                if child is None:
                    value = win_now_score(ply)
                elif child[1] == BOARD:
                    value = 0
                else:
                    value = -scores[canonical(*child)]
                best = max(best, value)
            scores[key] = best
    return scores


def status(books: Layers, checkpoint: Path) -> int:
    solved = read_checkpoint(checkpoint)
    layer = books.by_ply[-1]
    known = sum(
        1
        for key, pos in layer.items()
        if key in solved or immediate_score(pos, books.last_ply) is not None
    )
    print(f"ply {books.last_ply}: {known:,} of {len(layer):,} positions known")
    lines = (
        [line.split() for line in checkpoint.read_text().splitlines()]
        if (checkpoint.exists())
        else []
    )
    if lines:
        seconds = sum(float(fields[3]) for fields in lines)
        print(
            f"checkpoint: {len(lines):,} solved, {seconds / 3600:.2f} core-hours, "
            f"{seconds / len(lines):.2f} s each"
        )
    return 0 if known == len(layer) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--last-ply", type=int, default=DEFAULT_LAST_PLY)
    parser.add_argument("--root", default="", help="the first position (moves 1-7)")
    parser.add_argument("--checkpoint", type=Path, default=DEFAULT_CHECKPOINT)
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
    if args.write_only:
        last = read_checkpoint(args.checkpoint)
        for key, position in books.by_ply[-1].items():
            score = immediate_score(position, books.last_ply)
            if score is not None:
                last[key] = score
    else:
        last = solve_last_ply(books, args.checkpoint, args.jobs, args.limit)
    missing = [key for key in books.by_ply[-1] if key not in last]
    if missing:
        print(f"not written: {len(missing):,} positions of ply {books.last_ply} unsolved")
        return 1
    scores = back_up(books, last)
    data = book_bytes(scores, books.first_ply, books.last_ply)
    args.out.write_bytes(data)
    print(f"wrote {args.out}: {len(scores):,} positions, {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
