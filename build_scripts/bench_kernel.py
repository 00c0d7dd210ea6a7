"""The exact solver's speed, compiled and pure, beside plain_port.py and the C++ reference.

Machines here vary 3-4x from day to day, so every figure this prints is measured in
one run and compared as a ratio: for each set, positions are taken in blocks of
:data:`BLOCK`, and each block is solved by every contestant in turn (in the reverse
order every other block) before the next block starts, so a slow minute slows them
all alike.  Every contestant starts each
position with an empty table and times only the solve:

* ``compiled`` and ``pure``: the engine's :class:`~game.ai.solver.Solver` on the
  compiled kernel and on the pure-Python one (same source, see game/ai/kernel.py);
* ``plain_port``: build_scripts/plain_port.py, the textbook CPython solver;
* ``reference``: a C++ solver binary given with ``--reference``, which must read move
  strings on stdin and print ``moves score nodes microseconds`` per line, with its
  table reset before each position (the public test sets' author's solver, with such
  a driver, built with -O3; its licence keeps it out of this repository);
* ``against``: another build of the compiled kernel, given with ``--against``: the
  ``_ckernel*.so`` of another commit (build it in a worktree of that commit with
  ``python setup.py build_ext --inplace`` and copy it out).  Its nodes must equal
  ``compiled``'s where only the code's shape changed: the table counts the positions
  where they differ, and ``time / compiled`` is the A/B ratio.

Usage::

    python build_scripts/bench_kernel.py                       # L2_R2 100, L1_R1 100
    python build_scripts/bench_kernel.py --set Test_L1_R2=20 --set Test_L1_R3=50 \\
        --without pure --without plain_port --reference /tmp/pons/c4bench
    python build_scripts/bench_kernel.py --empty-board [--weak] [--table-mb 64] \\
        [--reference /tmp/c4/out/optimise]
    python build_scripts/bench_kernel.py --set Test_L1_R2=100 --without pure \\
        --without plain_port --against /tmp/kold/_ckernel.cpython-311-x86_64-linux-gnu.so
    python build_scripts/bench_kernel.py --empty-board --repeat 3 --against /tmp/kold/...so

``--cpu-time`` times the engine's solves by the process's CPU time instead of the wall
clock: on a machine busy with other work, the time the solver actually ran.

``--empty-board`` solves the empty board alone (build_scripts/empty_board.py; README says
how to build the reference programs in /tmp); with ``--against``, the two builds alternate.

Not a test: it prints figures (a markdown table) and asserts nothing about time.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import benchlib
import plain_port
from empty_board import add_empty_board_options, load_kernel_build, run_empty_board

from game.ai.solver import Solver
from game.core import Board

DEFAULT_SETS = {"Test_L2_R2": 100, "Test_L1_R1": 100}
BLOCK = 10
CONTESTANTS = ("compiled", "pure", "plain_port", "reference", "against")

Solve = Callable[[list[str]], list[tuple[int, int, float]]]
"""Solves a block of move strings: (score, nodes, seconds) for each."""


@dataclass
class Tally:
    scores: list[int] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def add(self, results: list[tuple[int, int, float]]) -> None:
        for score, nodes, seconds in results:
            self.scores.append(score)
            self.nodes.append(nodes)
            self.seconds.append(seconds)


def engine_solver(
    *, pure: bool, kernel: ModuleType | None = None, clock: Callable[[], float] = time.perf_counter
) -> Solve:
    solver = Solver(pure=pure) if kernel is None else Solver(kernel=kernel)

    def solve(block: list[str]) -> list[tuple[int, int, float]]:
        out = []
        for moves in block:
            board = Board.from_moves(moves)
            solver.clear()
            start = clock()
            solution = solver.solve(board.current, board.mask, board.ply)
            out.append((solution.score, solution.nodes, clock() - start))
        return out

    return solve


def plain_port_solver(block: list[str]) -> list[tuple[int, int, float]]:
    out = []
    for moves in block:
        pos = plain_port.Position()
        for char in moves:
            pos.play_column(int(char) - 1)
        solver = plain_port.PlainSolver()
        start = time.perf_counter()
        score = solver.solve(pos)
        out.append((score, solver.nodes, time.perf_counter() - start))
    return out


def reference_solver(binary: Path) -> Solve:
    def solve(block: list[str]) -> list[tuple[int, int, float]]:
        done = subprocess.run(
            [str(binary)], input="\n".join(block) + "\n", capture_output=True, text=True, check=True
        )
        out = []
        for line in done.stdout.splitlines():
            _, score, nodes, micros = line.split()
            out.append((int(score), int(nodes), int(micros) / 1e6))
        return out

    return solve


def run_set(set_name: str, rows: list[tuple[str, int]], contestants: dict[str, Solve]) -> None:
    """Solve the positions ``rows`` of a set with every contestant, block by block, and
    print a row of the table for each."""
    tallies = {name: Tally() for name in contestants}
    for first in range(0, len(rows), BLOCK):
        block = [moves for moves, _ in rows[first : first + BLOCK]]
        turns = list(contestants.items())
        if first // BLOCK % 2:
            turns.reverse()  # no contestant always goes first (a warm cache, a quiet core)
        for name, solve in turns:
            tallies[name].add(solve(block))
    expected = [score for _, score in rows]
    compiled = tallies.get("compiled")
    compiled_time = sum(compiled.seconds) if compiled else None
    for name, tally in tallies.items():
        total = sum(tally.seconds)
        wrong = sum(got != want for got, want in zip(tally.scores, expected, strict=True))
        ratio = f"{total / compiled_time:.3f}" if compiled_time else "-"
        differ = "-"
        if compiled is not None:
            differ = str(sum(a != b for a, b in zip(tally.nodes, compiled.nodes, strict=True)))
        print(
            f"| {set_name} | {len(rows)} | {name} | {wrong} | {differ}"
            f" | {total / len(rows) * 1e3:.3f} | {statistics.median(tally.seconds) * 1e3:.3f}"
            f" | {max(tally.seconds) * 1e3:.1f} | {statistics.fmean(tally.nodes):,.0f}"
            f" | {sum(tally.nodes) / total / 1e6:.2f} | {ratio} |",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", type=plain_port.parse_set, action="append", metavar="NAME=COUNT")
    parser.add_argument(
        "--reference",
        type=Path,
        help="the C++ solver driver (see above); with --empty-board, the folder of a built"
        " c4 solver (its program c4) or of Pons' solver (its program c4solver)",
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="another build of the compiled kernel (a _ckernel*.so file) to compare with",
    )
    parser.add_argument(
        "--without", action="append", default=[], choices=CONTESTANTS, help="leave one out"
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time the engine by this process's CPU time, not the wall clock (on a busy"
        " machine; not with --reference, which times itself)",
    )
    add_empty_board_options(parser)
    args = parser.parse_args(argv)
    if args.cpu_time and args.reference is not None:
        parser.error("--cpu-time times this process only: not with --reference")
    clock = time.process_time if args.cpu_time else time.perf_counter
    if args.empty_board:
        return run_empty_board(args)
    sets = dict(args.set) if args.set else DEFAULT_SETS
    for line in benchlib.header_lines():
        print(line)
    contestants: dict[str, Solve] = {
        "compiled": engine_solver(pure=False, clock=clock),
        "pure": engine_solver(pure=True, clock=clock),
        "plain_port": plain_port_solver,
    }
    if args.reference is not None:
        contestants["reference"] = reference_solver(args.reference)
    if args.against is not None:
        other = load_kernel_build(args.against)
        contestants["against"] = engine_solver(pure=False, kernel=other, clock=clock)
    for name in args.without:
        contestants.pop(name, None)
    print(
        "\n| set | count | contestant | mismatches | nodes differ | mean ms | median ms | max ms"
        " | mean nodes | Mnodes/s | time / compiled |"
    )
    print("|:--|--:|:--|--:|--:|--:|--:|--:|--:|--:|--:|")
    for set_name, count in sets.items():
        if not (benchlib.TESTSETS / set_name).is_file():
            print(f"{set_name}: not found in {benchlib.TESTSETS}, skipped", file=sys.stderr)
            continue
        run_set(set_name, benchlib.read_set(set_name, count), contestants)
    return 0


if __name__ == "__main__":
    sys.exit(main())
