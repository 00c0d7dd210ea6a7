#!/usr/bin/env python3
"""Check random entries of the shipped opening book against an independent solver.

    python build_scripts/book_against_reference.py [--solver PATH] [--results N]
                                                   [--lines M] [--seed S]

``make_book.py --verify`` re-solves entries with this engine's own solver; this script asks
another program: Pascal Pons' C++ solver (github.com/PascalPons/connect4, AGPL: build it
outside the repository, ``make c4solver`` in a copy under /tmp, and never copy its code
here).  It reads one position a line (columns 1-7) and, with ``-a``, prints the score of
each column (``-w``: only its sign; a full column scores -1000 or less).

The sample: ``--results`` random positions of plies 3-6 (the book holds every position
there, each column's result alone), and ``--lines`` entries of plies 6-8 on Perfect's own
lines (one side plays the book's move, the other at random; exact scores from ply 8 on).
Every column of every entry is compared: the exact score where the book holds one, else the
result.  A position of ply 3-6 takes the reference solver 1-60 s, so 40 + 30 entries take
about a quarter of an hour on one core.  Exit status 1 if any column disagrees.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchlib import shipped_book

from game.ai.book import OpeningBook
from game.ai.score import Analysis
from game.core import WIDTH, Board

DEFAULT_SOLVER = Path("/tmp/pons/c4solver")
FULL_COLUMN = -1000
"""The reference solver's score of a column that cannot be played (or less)."""


def disagreements(values: Analysis, reference: Sequence[int]) -> list[int]:
    """The columns (0-6) where the book's ``values`` and the reference solver's scores
    differ: an exact book score must equal the reference's, a result alone its sign (the
    reference may give signs only)."""
    wrong = []
    for col in range(WIDTH):
        value, score = values.get(col), reference[col]
        if value is None:
            agrees = score <= FULL_COLUMN
        elif score <= FULL_COLUMN:
            agrees = False
        elif value.is_exact:
            agrees = value.value == score
        else:
            agrees = value.result == (score > 0) - (score < 0)
        if not agrees:
            wrong.append(col)
    return wrong


def reference_scores(solver: Path, moves: str, weak: bool) -> list[int]:
    """Every column's score of the position ``moves`` from the reference solver."""
    args = [str(solver), "-a"] + (["-w"] if weak else [])
    # Run in the solver's folder: it looks for its own opening book there.
    done = subprocess.run(
        args, input=moves + "\n", capture_output=True, text=True, cwd=solver.parent, check=True
    )
    fields = done.stdout.split()
    if len(fields) != 1 + WIDTH or fields[0] != moves:
        raise RuntimeError(f"the reference solver answered {done.stdout!r} for {moves!r}")
    return [int(field) for field in fields[1:]]


def sample(book: OpeningBook, rng: random.Random, results: int, lines: int) -> list[str]:
    """The positions to check (see the module docstring)."""
    chosen: list[str] = []
    while len(chosen) < results:
        board = Board()
        for _ in range(rng.choice((3, 4, 5, 6, 6, 6))):
            board.play(rng.choice(board.legal_moves()))
        if book.entry(board.current, board.mask) is not None:
            chosen.append(board.moves)
    wanted = len(chosen) + lines
    while len(chosen) < wanted:
        board, perfect = Board(), rng.randrange(2)
        target = rng.choice((6, 7, 8))
        while board.ply < target and not board.is_over:
            values = book.entry(board.current, board.mask)
            if board.ply % 2 == perfect and values is not None:
                board.play(values.best_column())
            else:
                board.play(rng.choice(board.legal_moves()))
        if not board.is_over and book.entry(board.current, board.mask) is not None:
            chosen.append(board.moves)
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--solver", type=Path, default=DEFAULT_SOLVER, help="the reference c4solver")
    p.add_argument("--results", type=int, default=40, help="entries of plies 3-6")
    p.add_argument("--lines", type=int, default=30, help="entries of plies 6-8 on Perfect's lines")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if not args.solver.is_file():
        print(
            f"No reference solver at {args.solver}: build Pascal Pons' c4solver (make c4solver"
            " in a copy of github.com/PascalPons/connect4 outside this repository) and pass"
            " --solver.",
            file=sys.stderr,
        )
        return 2
    shelf = shipped_book()
    book = shelf.book
    if not isinstance(book, OpeningBook):
        print(f"The opening book did not load: {shelf.problem}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    wrong = 0
    positions = sample(book, random.Random(args.seed), args.results, args.lines)
    for moves in positions:
        board = Board.from_moves(moves)
        values = book.entry(board.current, board.mask)
        assert values is not None
        exact = all(value.is_exact for value in values.values())
        found = disagreements(values, reference_scores(args.solver, moves, weak=not exact))
        wrong += len(found)
        columns = ", ".join(str(col + 1) for col in found)
        verdict = f"DIFFERS in columns {columns}" if found else "ok"
        kind = "exact scores" if exact else "results"
        elapsed = time.perf_counter() - start
        print(f"{moves:<9} ply {board.ply}, {kind}: {verdict}  ({elapsed:.0f} s)", flush=True)
    print(
        f"{len(positions)} entries, {len(positions) * WIDTH} columns checked against"
        f" {args.solver}: {wrong} disagree ({time.perf_counter() - start:.0f} s)"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
