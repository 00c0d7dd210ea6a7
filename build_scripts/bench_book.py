"""The opening book's figures (issue 24): loading, analyses, Perfect's moves, size.

    python build_scripts/bench_book.py [--book assets/book.bin] [--positions 200]
        [--ply8 300] [--cold 20] [--seed 1]

Prints, for the book given:

* its size on disk, and loading it: the time and the memory it adds to a fresh process
  (resident after loading; lzma is imported before the clock starts: a few ms more in a
  process that has not imported it yet);
* ``solve --analyze`` of random positions of plies 0-7 through the engine (every column
  must come out exact): mean and p95 time after the book is loaded;
* the same of positions of ply 8 (p95; the target is 1 s): from the book's last-ply values
  where it keeps them; else the solver answers the children from the bound the book's
  value gives, and a few of them take two or three seconds, so a p95 of fifty positions
  is mostly where two of those fall: 300 by default (about two minutes);
* Perfect's move in a cold process (``python -m game.ai bestmove MOVES --level Perfect``)
  in positions of plies 0-8: wall time of the whole process, and whether each column
  played is a best one by the book's own values (the target is 0.5 s each);
* the one-file executable's size when ``dist/`` holds one.

Positions are random games (seeded), one per ply drawn uniformly, never over.  Figures
only: nothing here is a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import benchlib

from game.ai.book import BOOK_FILE, OpeningBook
from game.ai.bookshelf import BookFile
from game.ai.columns import column_values
from game.ai.engine import Engine
from game.ai.protocol import SearchRequest
from game.core import Board

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BOOK = ROOT / "assets" / BOOK_FILE
LOAD_PROBE = """
import lzma, resource, sys, time
from pathlib import Path
from game.ai.book import OpeningBook

def resident():
    # The resident memory now (Linux), else the peak so far (which startup may set).
    try:
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

before = resident()
started = time.perf_counter()
book = OpeningBook.load(Path(sys.argv[1]))
book.score(0, 0)
seconds = time.perf_counter() - started
print(seconds, resident() - before, len(book))
"""


def random_position(rng: random.Random, ply: int) -> Board:
    while True:
        board = Board()
        while board.ply < ply and not board.is_over:
            board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            return board


def load_figures(book: Path) -> None:
    runs = []
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-c", LOAD_PROBE, str(book)],
            capture_output=True,
            text=True,
            check=True,
        )
        seconds, added, count = done.stdout.split()
        runs.append((float(seconds), int(added), int(count)))
    times = sorted(run[0] for run in runs)
    print(
        f"- loading: {runs[0][2]:,} positions, median {statistics.median(times) * 1e3:.1f} ms"
        f" (runs {times[0] * 1e3:.1f}-{times[-1] * 1e3:.1f}), adds"
        f" {max(run[1] for run in runs) / 2**20:.1f} MiB to the process (target: 100 ms, 20 MB)"
    )


def analysis_figures(engine: Engine, boards: list[Board], what: str, target: str) -> None:
    times = []
    inexact = 0
    for board in boards:
        started = time.perf_counter()
        result = engine.think(SearchRequest(moves=board.moves, analyze=True))
        times.append(time.perf_counter() - started)
        assert result.analysis is not None
        inexact += sum(1 for score in result.analysis.values() if not score.is_exact)
    print(
        f"- analysis of {len(boards)} positions of {what}: mean"
        f" {statistics.fmean(times) * 1e3:.1f} ms, p95 {benchlib.percentile(times, 95) * 1e3:.1f}"
        f" ms, max {max(times) * 1e3:.1f} ms; columns not exact: {inexact} (target: {target})"
    )


def best_columns(book: OpeningBook, board: Board) -> set[int]:
    """The columns that reach the position's exact value, by the book's values of the
    children (the engine's column routine, book alone), for a position whose children
    the book holds; else the book's one kept move."""
    valuation = column_values(board, book=book)
    if valuation is None:
        found = book.best_move(board.current, board.mask)
        assert found is not None
        return {found[1]}
    values = valuation.analysis
    return {col for col, score in values.items() if score == values.best}


def cold_perfect_figures(book: OpeningBook, boards: list[Board]) -> None:
    times = []
    wrong = []
    for board in boards:
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "game.ai", "bestmove", board.moves, "--level", "Perfect"],
            capture_output=True,
            text=True,
            check=True,
        )
        times.append(time.perf_counter() - started)
        column = int(done.stdout.split()[0]) - 1
        if column not in best_columns(book, board):
            wrong.append(board.moves)
    print(
        f"- Perfect's move, cold process, {len(boards)} positions of plies 0-8: mean"
        f" {statistics.fmean(times):.2f} s, p95 {benchlib.percentile(times, 95):.2f} s, max"
        f" {max(times):.2f} s; not a best column: {len(wrong)} {wrong} (target: 0.5 s each)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--book", type=Path, default=DEFAULT_BOOK)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--ply8", type=int, default=300)
    parser.add_argument("--cold", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for line in benchlib.header_lines():
        print(line)
    print(f"\n- the book on disk: {args.book.stat().st_size:,} bytes (target: 1.5 MB)")
    book = OpeningBook.load(args.book)
    print(
        f"- plies {book.first_ply}-{book.last_ply}, {len(book):,} positions; the value of"
        f" every column of ply {book.last_ply}: {'yes' if book.covers_next_ply else 'no'}"
    )
    load_figures(args.book)
    rng = random.Random(args.seed)
    engine = Engine(book=BookFile.at(args.book))
    engine.think(SearchRequest(moves="", analyze=True))  # the book read once, as in the game
    early = [random_position(rng, rng.randrange(8)) for _ in range(args.positions)]
    analysis_figures(engine, early, "plies 0-7", "20 ms on average")
    ply8 = [random_position(rng, 8) for _ in range(args.ply8)]
    analysis_figures(engine, ply8, "ply 8", "p95 1 s")
    cold = [random_position(rng, rng.randrange(9)) for _ in range(args.cold)]
    cold_perfect_figures(book, cold)
    executables = sorted((ROOT / "dist").glob("connect4-*")) if (ROOT / "dist").exists() else []
    for path in executables:
        if path.is_file():
            print(
                f"- executable {path.name}: {path.stat().st_size / 2**20:.1f} MiB (target: 30 MB)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
