"""The empty board solved on one thread, beside a reference C++ solver in the same run
(``bench_kernel.py --empty-board``).

The engine's solver gets a table of ``--table-mb`` MiB (both its tables together) and
solves the empty board exactly (or, with ``--weak``, only win/draw/loss); the figures are
its score, nodes, seconds, nodes per second and the process's peak memory.  With
``--reference DIR`` the run alternates with a reference program on the same position:

* the c4 solver of C. Steininger (``DIR/c4``): it solves the empty board by itself and
  prints its time and nodes; it solves strongly as shipped and weakly when built with
  ``SOLVE_STRONGLY = false`` (src/c4.cpp), and its table and threads are set in
  src/solver/settings.h (README: 64 MB and one thread, to compare like with like);
* Pascal Pons' solver (``DIR/c4solver``): reads the empty line as the empty board,
  ``-w`` for weak; it prints no nodes, so only its wall time counts.

Both are AGPL programs built in /tmp (README says how), never in this repository.
``--against FILE`` compares the engine with another build of its compiled kernel (a
``_ckernel*.so`` of another commit, :func:`load_kernel_build`) instead: the same solve on
both, alternating, with the time ratio and whether the node counts agree.
``--repeat N`` runs each N times, alternating, and prints the spread.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import benchlib

from game.ai.backend import KERNEL
from game.ai.solver import SLOT_BYTES, Solver

MIB = 1 << 20


@dataclass(frozen=True)
class Run:
    """One solve of the empty board."""

    score: int
    nodes: int | None
    seconds: float
    peak_bytes: int


def add_empty_board_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--empty-board", action="store_true", help="solve the empty board")
    parser.add_argument("--weak", action="store_true", help="with --empty-board: win/draw/loss")
    parser.add_argument(
        "--table-mb", type=int, default=64, help="with --empty-board: our tables' MiB (64)"
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="with --empty-board: runs of each, alternating"
    )


def load_kernel_build(path: Path) -> ModuleType:
    """The compiled kernel in the file ``path`` (another commit's ``_ckernel*.so``), loaded
    beside this checkout's own, which stays ``game.ai._ckernel``."""
    if not path.is_file():
        raise SystemExit(f"{path}: no such kernel build")
    ours = sys.modules.get("game.ai._ckernel")
    loader = importlib.machinery.ExtensionFileLoader("_ckernel", str(path))
    spec = importlib.util.spec_from_loader("_ckernel", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    if ours is not None:  # the build registers itself under its own name: put ours back
        sys.modules["game.ai._ckernel"] = ours
    if module is ours or getattr(module, "SolverKernel", None) is KERNEL.SolverKernel:
        raise SystemExit(f"{path} did not load apart from this checkout's kernel")
    return module


def solve_ours(
    table_mb: int,
    *,
    weak: bool,
    kernel: ModuleType = KERNEL,
    clock: Callable[[], float] = time.perf_counter,
) -> Run:
    solver = Solver(table_mb * MIB // SLOT_BYTES, kernel=kernel)
    started = clock()
    solution = solver.solve(0, 0, 0, weak=weak)
    seconds = clock() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return Run(solution.score, solution.nodes, seconds, peak)


def _number(pattern: str, text: str) -> str:
    found = re.search(pattern, text)
    if found is None:
        raise SystemExit(f"the reference printed no {pattern!r}:\n{text}")
    return found.group(1)


def solve_reference(program: Path, *, weak: bool) -> Run:
    """Run a reference program on the empty board (see the module docstring)."""
    if program.name == "c4solver":
        command = [str(program), "-w"] if weak else [str(program)]
        started = time.perf_counter()
        done = subprocess.run(command, input="\n", capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - started
        score = int(done.stdout.split()[-1])
        nodes = None
    else:
        done = subprocess.run(
            [str(program)], input="\n", capture_output=True, text=True, check=True
        )
        kind = _number(r"Final (strong|weak) score", done.stdout)
        if (kind == "weak") != weak:
            raise SystemExit(
                f"{program} solves {kind}ly: build it with SOLVE_STRONGLY = "
                f"{'false' if weak else 'true'} in src/c4.cpp for this run"
            )
        score = int(_number(r"Final \w+ score is (-?\d+)", done.stdout))
        seconds = float(_number(r"Time to solve\s*=\s*([\d.]+)", done.stdout))
        nodes = int(re.sub(r"\D", "", _number(r"Total\s*=\s*([\d,.' ]+)", done.stdout)))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return Run(score, nodes, seconds, peak)


def reference_program(folder: Path) -> Path:
    for name in ("c4", "c4solver"):
        if (folder / name).is_file():
            return folder / name
    if folder.is_file():
        return folder
    raise SystemExit(f"{folder} holds neither the c4 solver's c4 nor Pons' c4solver")


def _row(name: str, runs: list[Run]) -> str:
    seconds = [run.seconds for run in runs]
    median = statistics.median(seconds)
    nodes = runs[0].nodes
    nodes_text = f"{nodes:,}" if nodes else "-"
    rate = f"{nodes / median / 1e6:.1f}" if nodes else "-"
    spread = f"{min(seconds):.2f}-{max(seconds):.2f}" if len(runs) > 1 else "-"
    peak = max(run.peak_bytes for run in runs) / MIB
    cells = [name, str(runs[0].score), nodes_text, f"{median:.2f}", spread, rate, f"{peak:.0f}"]
    return "| " + " | ".join(cells) + " |"


def run_empty_board(args: argparse.Namespace) -> int:
    for line in benchlib.header_lines():
        print(line)
    kind = "weak (win/draw/loss)" if args.weak else "exact"
    print(f"\nThe empty board, {kind}, one thread; ours with {args.table_mb} MiB of tables\n")
    if getattr(args, "against", None) is not None:  # bench_kernel.py's option
        return _against(args)
    program = reference_program(args.reference) if args.reference else None
    ours: list[Run] = []
    theirs: list[Run] = []
    for _ in range(args.repeat):
        ours.append(solve_ours(args.table_mb, weak=args.weak))
        if program is not None:
            theirs.append(solve_reference(program, weak=args.weak))
    print("| program | score | nodes | seconds (median) | spread | Mnodes/s | peak MiB |")
    print("|:--|--:|--:|--:|--:|--:|--:|")
    print(_row("this engine (compiled)", ours))
    if program is not None:
        print(_row(f"reference {program}", theirs))
        ratios = [mine.seconds / other.seconds for mine, other in zip(ours, theirs, strict=True)]
        spread = f" (runs {min(ratios):.2f}-{max(ratios):.2f})" if len(ratios) > 1 else ""
        print(f"\ntime / reference: {statistics.median(ratios):.2f}{spread}")
        if any(run.score != ours[0].score for run in theirs):
            print("the scores DISAGREE")
            return 1
    return 0


def _against(args: argparse.Namespace) -> int:
    """This checkout's kernel and another build, alternating (the first to go changes
    every run), with the time ratio of each pair of runs."""
    other = load_kernel_build(args.against)
    clock = time.process_time if getattr(args, "cpu_time", False) else time.perf_counter
    ours: list[Run] = []
    theirs: list[Run] = []
    for index in range(args.repeat):
        if index % 2:
            theirs.append(solve_ours(args.table_mb, weak=args.weak, kernel=other, clock=clock))
        ours.append(solve_ours(args.table_mb, weak=args.weak, clock=clock))
        if not index % 2:
            theirs.append(solve_ours(args.table_mb, weak=args.weak, kernel=other, clock=clock))
    timed = "CPU seconds" if clock is time.process_time else "seconds"
    print(f"| program | score | nodes | {timed} (median) | spread | Mnodes/s | peak MiB |")
    print("|:--|--:|--:|--:|--:|--:|--:|")
    print(_row("this checkout's kernel", ours))
    print(_row(f"the kernel {args.against}", theirs))
    ratios = [mine.seconds / other.seconds for mine, other in zip(ours, theirs, strict=True)]
    print(
        f"\ntime / the other build: {statistics.median(ratios):.3f}"
        f" (runs {', '.join(f'{ratio:.3f}' for ratio in ratios)})"
    )
    if any((run.score, run.nodes) != (ours[0].score, ours[0].nodes) for run in ours + theirs):
        print("the scores or node counts DIFFER")
        return 1
    return 0
