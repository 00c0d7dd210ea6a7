"""``bench_engine.py --section solver``: the exact solver on the public test sets.

For each set in ``../shared/connect4-testsets``, solve the first N positions
strongly, each with an empty transposition table like the reference figures,
and report the count, the mismatches against the expected scores, the mean and
maximum time, the mean nodes and the thousands of nodes per second, beside the
plain CPython port's figures from the sets' README.
"""

from __future__ import annotations

import time

from benchlib import SET_NAMES, TESTSETS, Progress, Report, ms, progress, read_set

from game.ai.solver import Solver
from game.core import Board

SECTION = "solver"

DEFAULT_COUNTS = {
    "Test_L3_R1": 1000,
    "Test_L2_R1": 1000,
    "Test_L2_R2": 100,
    "Test_L1_R1": 100,
    "Test_L1_R2": 20,
    "Test_L1_R3": 0,
}
"""Positions solved per set by default: about three minutes on a 2-core machine."""

REFERENCE = {
    "Test_L3_R1": "0.35 ms / 51",
    "Test_L2_R1": "2.0 ms / 272",
    "Test_L2_R2": "351 ms / 50,485",
    "Test_L1_R1": "25 ms / 3,457",
    "Test_L1_R2": "~8 s",
    "Test_L1_R3": "minutes",
}
"""Mean time / mean nodes of the plain CPython port, from the test sets' README."""

TARGETS = {"Test_L2_R2": (0.250, 51_000), "Test_L1_R1": (0.020, 3_500)}
"""Issue 3's targets for the first 100 lines: (mean seconds, mean nodes) at most."""


def run(report: Report, counts: dict[str, int]) -> None:
    """Solve the first ``counts[name]`` positions of each set (0 or missing: skip it)."""
    report.line(SECTION, "## Exact solver (strong, empty table per position)")
    report.line(SECTION)
    rows: list[list[str]] = []
    solver = Solver()
    for name in SET_NAMES:
        count = counts.get(name, 0)
        if count <= 0:
            continue
        if not (TESTSETS / name).is_file():
            progress(f"{name}: not found in {TESTSETS}, skipped")
            continue
        positions = read_set(name, count)
        mismatches: list[str] = []
        times: list[float] = []
        nodes = 0
        tick = Progress()
        for index, (moves, expected) in enumerate(positions, start=1):
            board = Board.from_moves(moves)
            solver.clear()
            start = time.perf_counter()
            solution = solver.solve(board.current, board.mask, board.ply)
            times.append(time.perf_counter() - start)
            nodes += solution.nodes
            if solution.score != expected:
                mismatches.append(f"{moves}: expected {expected}, got {solution.score}")
            tick(
                f"{name}: {index}/{len(positions)} solved, {len(mismatches)} mismatches",
                force=index == len(positions),
            )
        n = len(positions)
        total = sum(times)
        mean_time, mean_nodes = total / n, nodes / n
        verdict = ""
        if name in TARGETS and n >= 100:
            max_time, max_nodes = TARGETS[name]
            verdict = (
                f"time {'met' if mean_time <= max_time else 'MISSED'} (<= {max_time * 1e3:.0f} ms),"
                f" nodes {'met' if mean_nodes <= max_nodes else 'MISSED'} (<= {max_nodes:,})"
            )
        rows.append(
            [
                name,
                str(n),
                str(len(mismatches)),
                ms(mean_time),
                ms(max(times)),
                f"{mean_nodes:,.0f}",
                f"{nodes / total / 1e3:,.0f}" if total > 0 else "-",
                REFERENCE[name],
                verdict,
            ]
        )
        for text in mismatches[:10]:
            progress(f"  MISMATCH {name} {text}")
    report.table(
        SECTION,
        [
            "set",
            "count",
            "mismatches",
            "mean ms",
            "max ms",
            "mean nodes",
            "knodes/s",
            "plain CPython port",
            "target (first 100)",
        ],
        rows,
    )
    report.line(SECTION)
