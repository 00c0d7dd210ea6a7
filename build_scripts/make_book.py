"""Make the opening book (assets/book.bin) with the engine's own exact solver.

**Which positions.**  Every position the Perfect level can face up to ``--max-ply``:
as the first player, the empty board, its own chosen move, every reply, its next
chosen move, and so on; as the second player, every opening move, its chosen answer,
every reply...  Such a position is an *entry*; the book holds the value of each of its
seven columns (game/ai/book.py), found by solving the position each column leads to.
Perfect's choice in an entry (the best value, the most central of equals) decides which
positions are entries two plies later, so the entries are made ply by ply.

**Every position of the first plies, too.**  Up to ``--every-to`` plies (default 6)
every position is an entry, whoever made its moves: a game begun from a chosen opening
(the ladder's two-move openings, a player's ``--position``) finds Perfect's answer
there, where the solver needs minutes.  From ply 7 on a weak solve mostly finishes within
Perfect's budget (see ``UNKNOWN_OPENING_PLIES`` in game/ai/perfect.py).  These entries do
not widen Perfect's own lines: the next plies follow its choices as before.

**Exact or result.**  A position of ``--strong-from`` plies or more is solved exactly
(its score); an earlier one only for its result (a weak solve: win, draw or loss), which
is what keeps a won game won (and the strong solve of the first plies takes hours each).
A drawn result is exact already (a draw scores 0), so it is never solved again.

**The columns' values** come from the engine's one routine
(:func:`game.ai.columns.column_values`), with the solved positions as its book
(:class:`Solved`); ``--verify`` re-solves them with the same routine and its solver.

**Resumable, parallel, deterministic.**  Every solved position is appended to the
checkpoint file (``--checkpoint``) as soon as it is known: killed at any moment and
started again, the run loses only the positions in flight.  Commit the checkpoint
between sessions.  ``--jobs`` processes solve in parallel (default: every core).  A
value does not depend on the order of work or the table (an exact score or a result is
unique), and every choice breaks ties the same way, so the same engine makes the same
book bytes.  The book file is written at the end from every ply that is complete.

Usage::

    nohup nice -n 10 python build_scripts/make_book.py --jobs 2 > book.log 2>&1 &
    python build_scripts/make_book.py --status            # what is done, nothing solved
    python build_scripts/make_book.py --write-only        # the book from the checkpoint
    python build_scripts/make_book.py --verify 1000       # re-solve random entries
    python build_scripts/make_book.py --verify 1000 --verify-from 400  # go on after 400

``--verify`` takes a few seconds an entry on average, but an entry of the first plies
takes minutes (its children are weak-solved from ply 4-7): 1,000 entries are hours on
two cores.  It reports the entries in the sample's order, so a run cut short is
continued with ``--verify-from`` the count it reached.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.ai.backend import KERNEL_NAME
from game.ai.book import BOOK_FILE, OpeningBook, book_bytes, canonical
from game.ai.columns import column_values
from game.ai.score import Analysis, Score
from game.ai.solver import Solver
from game.core import WIDTH, Board
from game.core.bitboard import Bitboard, Column

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAX_PLY = 8
DEFAULT_STRONG_FROM = 8
DEFAULT_EVERY_TO = 6
DEFAULT_CHECKPOINT = ROOT / "build_scripts" / "book_checkpoint.txt"
DEFAULT_OUT = ROOT / "assets" / BOOK_FILE
TABLE_SLOTS = 1 << 24
"""Each solving process's table: 128 MiB (long solves want room; the values do not
depend on it)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What to make: entries up to ``max_ply`` from ``root`` (None: the empty board),
    every position up to ``every_to`` besides, positions of ``strong_from`` plies or more
    solved exactly, on ``jobs`` processes, with the solved positions in ``checkpoint``."""

    max_ply: int = DEFAULT_MAX_PLY
    strong_from: int = DEFAULT_STRONG_FROM
    every_to: int = DEFAULT_EVERY_TO
    jobs: int = 1
    checkpoint: Path = DEFAULT_CHECKPOINT
    root: Board | None = None

    @property
    def start(self) -> Board:
        return self.root if self.root is not None else Board()


@dataclass(frozen=True, slots=True)
class Unit:
    """A position to solve: its canonical key, a move string reaching it (in the canonical
    orientation), and whether its exact score is wanted or only its result."""

    key: int
    moves: str
    strong: bool


def mirror_moves(moves: str) -> str:
    return "".join(str(WIDTH + 1 - int(char)) for char in moves)


def canonical_moves(board: Board) -> tuple[int, str]:
    key, mirrored = canonical(board.current, board.mask)
    return key, mirror_moves(board.moves) if mirrored else board.moves


class Solved:
    """The positions solved so far, by canonical key: a book of positions' values
    (:class:`game.ai.bookshelf.PositionBook`) for the columns of the entries."""

    def __init__(self) -> None:
        self.scores: dict[int, Score] = {}

    def score(self, current: Bitboard, mask: Bitboard) -> Score | None:
        return self.scores.get(canonical(current, mask)[0])

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[Score, Column] | None:
        """None: the entries' columns come from their children's scores."""
        return None

    def add(self, key: int, score: Score) -> None:
        """Keep ``score`` unless an exact one is known already."""
        known = self.scores.get(key)
        if known is None or (score.is_exact and not known.is_exact):
            self.scores[key] = score

    def needs(self, unit: Unit) -> bool:
        """Whether ``unit`` is still to be solved (as exactly as it asks)."""
        known = self.scores.get(unit.key)
        return known is None or (unit.strong and not known.is_exact)


# -- the checkpoint ------------------------------------------------------------------


def read_checkpoint(path: Path) -> Solved:
    """Solved positions; a torn last line (a kill mid-write) is skipped."""
    solved = Solved()
    if not path.exists():
        return solved
    for line in path.read_text(encoding="ascii").splitlines():
        fields = line.split()
        if len(fields) != 2 or fields[1][:1] not in "=~" or not fields[0].isdigit():
            continue
        try:
            value = int(fields[1][1:])
            board = Board.from_moves(fields[0])
        except ValueError:
            continue
        exact = fields[1][0] == "="
        score = Score.exact(value) if exact else Score.of_result(value)
        solved.add(canonical(board.current, board.mask)[0], score)
    return solved


def checkpoint_line(unit: Unit, score: int) -> str:
    return f"{unit.moves} {'=' if unit.strong else '~'}{score}\n"


# -- entries and their columns -----------------------------------------------------------


def entry_values(board: Board, solved: Solved) -> Analysis:
    """The value of each of an entry's columns from the solved positions; raises KeyError
    if a position it leads to is not solved yet."""
    valuation = column_values(board, book=solved, weak=True)
    if valuation is None:
        raise KeyError(board.moves)
    return valuation.analysis


def units_of(board: Board, strong_from: int) -> Iterator[Unit]:
    """The positions to solve for an entry's columns."""
    for col in range(WIDTH):
        if board.can_play(col) and not board.is_winning_move(col):
            child = board.copy()
            child.play(col)
            if not child.is_over:
                key, moves = canonical_moves(child)
                yield Unit(key, moves, child.ply >= strong_from)


def next_entries(entries: list[Board], solved: Solved) -> list[Board]:
    """The entries two plies after ``entries``: Perfect plays its choice, then every reply."""
    found: dict[int, Board] = {}
    for board in entries:
        mine = board.copy()
        mine.play(entry_values(board, solved).best_column())
        if mine.is_over:
            continue
        add_children(mine, found)
    return [found[key] for key in sorted(found)]


def add_children(board: Board, found: dict[int, Board]) -> None:
    """Add to ``found`` (by canonical key, in that orientation) every position one move
    after ``board`` where the game goes on."""
    for col in range(WIDTH):
        if board.can_play(col):
            after = board.copy()
            after.play(col)
            if not after.is_over:
                key, moves = canonical_moves(after)
                found.setdefault(key, Board.from_moves(moves))


def every_position(root: Board, ply: int) -> list[Board]:
    """Every position ``ply`` plies into the game that can follow ``root`` and is not over,
    once each (canonical orientation, sorted by key)."""
    if ply < root.ply:
        return []
    key, moves = canonical_moves(root)
    found = {key: Board.from_moves(moves)}
    for _ in range(ply - root.ply):
        following: dict[int, Board] = {}
        for board in found.values():
            add_children(board, following)
        found = following
    return [found[key] for key in sorted(found)]


def first_entries(root: Board, second: bool) -> list[Board]:
    """The root (Perfect to move there), or with ``second`` every move from the root
    (Perfect answers them): the first two plies of entries."""
    if not second:
        return [root]
    found: dict[int, Board] = {}
    add_children(root, found)
    return [found[key] for key in sorted(found)]


# -- solving ---------------------------------------------------------------------------

_solver: Solver | None = None


def solve_unit(unit: Unit) -> tuple[Unit, int, float]:
    """Solve one position in a worker process (a fresh table each time)."""
    global _solver
    if _solver is None:
        _solver = Solver(TABLE_SLOTS)
    board = Board.from_moves(unit.moves)
    _solver.clear()
    start = time.perf_counter()
    solution = _solver.solve(board.current, board.mask, board.ply, weak=not unit.strong)
    return unit, solution.score, time.perf_counter() - start


class Progress:
    """A one-line progress bar on stderr with the time left for the current ply."""

    EVERY = 2.0
    """Seconds between two redraws."""

    def __init__(self, ply: int, total: int) -> None:
        self.ply, self.total, self.done = ply, total, 0
        self.start = self.shown = time.perf_counter()

    def step(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if now - self.shown < self.EVERY and self.done < self.total:
            return
        self.shown = now
        elapsed = now - self.start
        left = elapsed / self.done * (self.total - self.done)
        width = 30
        filled = width * self.done // max(1, self.total)
        bar = "#" * filled + "." * (width - filled)
        print(
            f"\rply {self.ply}: [{bar}] {self.done}/{self.total}"
            f"  {elapsed / 60:.1f} min, about {left / 60:.1f} min left ",
            end="",
            file=sys.stderr,
            flush=True,
        )


def solve_all(units: list[Unit], plan: Plan, solved: Solved, ply: int) -> None:
    """Solve ``units``, appending each result to the checkpoint as it arrives."""
    if not units:
        return
    progress = Progress(ply, len(units))
    with plan.checkpoint.open("a", encoding="ascii") as out:
        if plan.jobs == 1:
            results: Iterator[tuple[Unit, int, float]] = map(solve_unit, units)
            for unit, score, _ in results:
                out.write(checkpoint_line(unit, score))
                out.flush()
                solved.add(unit.key, Score.exact(score) if unit.strong else Score.of_result(score))
                progress.step()
        else:
            context = multiprocessing.get_context("spawn")
            with context.Pool(plan.jobs) as pool:
                for unit, score, _ in pool.imap_unordered(solve_unit, units):
                    out.write(checkpoint_line(unit, score))
                    out.flush()
                    os.fsync(out.fileno())
                    found = Score.exact(score) if unit.strong else Score.of_result(score)
                    solved.add(unit.key, found)
                    progress.step()
    print(file=sys.stderr)


Entries = dict[int, tuple[Board, Analysis]]
"""The book being made: by canonical key, the entry's board (in that orientation) and the
values of its columns."""


def entries_of_ply(
    ply: int, plan: Plan, levels: dict[int, list[Board]], solved: Solved
) -> list[Board]:
    """The entries of ``ply``: Perfect's lines (kept in ``levels`` for the plies after),
    and up to ``every_to`` every position besides."""
    start = plan.start
    if ply < start.ply + 2:
        entries = first_entries(start, second=ply > start.ply)
    else:
        entries = next_entries(levels[ply - 2], solved)
    levels[ply] = entries
    if ply <= plan.every_to:
        known_keys = {canonical(board.current, board.mask)[0] for board in entries}
        entries = entries + [
            board
            for board in every_position(start, ply)
            if canonical(board.current, board.mask)[0] not in known_keys
        ]
    return entries


def build(plan: Plan, *, solve: bool) -> Entries:
    """Make (or, without ``solve``, only read) every ply's entries of ``plan``; returns
    those of the plies that are complete."""
    solved = read_checkpoint(plan.checkpoint)
    book: Entries = {}
    levels: dict[int, list[Board]] = {}
    for ply in range(plan.start.ply, plan.max_ply + 1):
        entries = entries_of_ply(ply, plan, levels, solved)
        units: dict[int, Unit] = {}
        for board in entries:
            for unit in units_of(board, plan.strong_from):
                if solved.needs(unit):
                    units.setdefault(unit.key, unit)
        todo = sorted(units.values(), key=lambda unit: unit.key)
        print(
            f"ply {ply}: {len(entries)} entries, {len(todo)} positions to solve",
            file=sys.stderr,
            flush=True,
        )
        if todo and not solve:
            return book
        solve_all(todo, plan, solved, ply)
        for board in entries:  # canonical boards: their values need no mirroring
            key, _ = canonical(board.current, board.mask)
            book[key] = (board, entry_values(board, solved))
    return book


def write_book(book: Entries, out: Path) -> None:
    max_ply = max((board.ply for board, _ in book.values()), default=0)
    data = book_bytes(((key, values) for key, (_, values) in book.items()), max_ply)
    out.write_bytes(data)
    OpeningBook.load(out)  # reads back
    print(f"wrote {out}: {len(book)} entries up to ply {max_ply}, {len(data):,} bytes")


# -- verifying ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sample:
    """``count`` random entries (chosen by ``seed`` alone) of the book at ``path``, from
    the ``start``-th on (a run cut short at "verified N" goes on with ``start`` N)."""

    path: Path
    count: int
    seed: int = 1
    start: int = 0


def verify(sample: Sample, plan: Plan) -> int:
    """Re-solve the sample's entries' columns over ``plan.jobs`` processes, in the
    sample's order; print and return the mismatches."""
    book = OpeningBook.load(sample.path)
    made = build(dataclasses.replace(plan, max_ply=book.max_ply, jobs=1), solve=False)
    keys = sorted(made)
    picked = random.Random(sample.seed).sample(keys, min(sample.count, len(keys)))
    chosen = [made[key][0].moves for key in picked]
    wrong = checked = 0
    started = time.perf_counter()
    done = sample.start
    tasks = [(str(sample.path), moves) for moves in chosen[sample.start :]]
    if plan.jobs > 1:
        context = multiprocessing.get_context("spawn")
        with context.Pool(plan.jobs) as pool:
            results: Iterator[tuple[list[str], int]] = pool.imap(_verify_entry, tasks)
            wrong, checked, done = _report(results, done, len(chosen), started)
    else:
        wrong, checked, done = _report(map(_verify_entry, tasks), done, len(chosen), started)
    print(file=sys.stderr)
    resumed = f" (from entry {sample.start + 1} of the sample)" if sample.start else ""
    print(
        f"verify: {len(chosen) - sample.start} entries ({checked} columns) re-solved"
        f"{resumed}, {wrong} wrong"
    )
    return wrong


def _report(
    results: Iterator[tuple[list[str], int]], done: int, total: int, started: float
) -> tuple[int, int, int]:
    """Print each entry's mismatches as it comes; the mismatches, the columns checked and
    the entries done."""
    wrong = checked = 0
    for lines, columns in results:
        done += 1
        for line in lines:
            print(line, flush=True)
        wrong, checked = wrong + len(lines), checked + columns
        print(
            f"\rverified {done}/{total} entries, {wrong} wrong,"
            f" {time.perf_counter() - started:.0f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )
    return wrong, checked, done


_VERIFY_STATE: dict[str, tuple[OpeningBook, Solver]] = {}


def _verify_entry(task: tuple[str, str]) -> tuple[list[str], int]:
    """Re-solve one entry's columns (its moves from the empty board) as exactly as the book
    keeps them; the mismatches as lines to print, and the number of columns checked.  A
    process keeps one book and one solver for all its entries."""
    path, moves = task
    if path not in _VERIFY_STATE:
        _VERIFY_STATE[path] = (OpeningBook.load(Path(path)), Solver(TABLE_SLOTS))
    book, solver = _VERIFY_STATE[path]
    board = Board.from_moves(moves)
    stored = book.entry(board.current, board.mask)
    if stored is None:
        return [f"MISSING {moves}: an entry of the checkpoint is not in the book"], 0
    exact = all(value.is_exact for value in stored.values())
    solver.clear()
    valuation = column_values(board, solver=solver, weak=not exact)
    assert valuation is not None  # with a solver there is always an answer
    fresh = valuation.analysis
    lines = [
        f"MISMATCH {moves} column {col + 1}: book {stored.get(col)}, solver {fresh.get(col)}"
        for col in range(WIDTH)
        if _differ(stored.get(col), fresh.get(col), exact=exact)
    ]
    return lines, WIDTH


def _differ(stored: Score | None, fresh: Score | None, *, exact: bool) -> bool:
    if stored is None or fresh is None:
        return (stored is None) != (fresh is None)
    return stored != fresh if exact else stored.result != fresh.result


# -- the command line ----------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-ply", type=int, default=DEFAULT_MAX_PLY)
    parser.add_argument("--strong-from", type=int, default=DEFAULT_STRONG_FROM)
    parser.add_argument(
        "--every-to",
        type=int,
        default=DEFAULT_EVERY_TO,
        metavar="PLY",
        help="every position up to this ply is an entry too, not only Perfect's lines",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--checkpoint", type=Path, default=DEFAULT_CHECKPOINT)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--status", action="store_true", help="say what is done; solve nothing")
    parser.add_argument("--write-only", action="store_true", help="write the complete plies")
    parser.add_argument("--verify", type=int, metavar="N", help="re-solve N random entries")
    parser.add_argument(
        "--verify-from",
        type=int,
        default=0,
        metavar="K",
        help="skip the sample's first K entries (verified by a run cut short)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--root",
        type=Board.from_moves,
        help="start from this position instead of the empty board (small books for tests)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    print(f"engine kernel: {KERNEL_NAME}", file=sys.stderr)
    plan = Plan(
        max_ply=args.max_ply,
        strong_from=args.strong_from,
        every_to=args.every_to,
        jobs=args.jobs,
        checkpoint=args.checkpoint,
        root=args.root,
    )
    if args.verify is not None:
        sample = Sample(args.out, args.verify, args.seed, args.verify_from)
        return 1 if verify(sample, plan) else 0
    book = build(plan, solve=not (args.status or args.write_only))
    if not args.status:
        write_book(book, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
