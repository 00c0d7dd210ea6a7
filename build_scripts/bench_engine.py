"""Benchmark the engine: exact solver, move times per level, and a strength ladder.

Usage::

    python build_scripts/bench_engine.py                       # every section
    python build_scripts/bench_engine.py --section solver --count Test_L2_R2=100
    python build_scripts/bench_engine.py --section levels
    python build_scripts/bench_engine.py --section ladder --games 40 --master-games 20
    python build_scripts/bench_engine.py --section ladder --depth-only

Sections (``--section`` may be given several times; default all four):

``solver``
    For each public test set in ``../shared/connect4-testsets`` (the sets' README
    describes them), solve the first N positions strongly, each with an empty
    transposition table like the reference figures, and print the count, the
    mismatches against the expected scores, the mean and maximum time, the mean
    nodes and the thousands of nodes per second.  N per set: ``--count
    SET=N`` (0 skips a set; defaults in :data:`DEFAULT_COUNTS`, a few minutes in
    all).  The reference columns are the plain CPython port quoted in the README.

``levels``
    For each difficulty level, the median and 95th percentile (nearest rank) of
    the time :meth:`game.ai.Engine.think` takes over a fixed list of opening,
    middle-game and late positions (:data:`LEVEL_POSITIONS`), each level with its
    own time budget (Perfect: ``--perfect-budget``, default 3 s).

``ladder``
    Each level plays the level just below it from varied two-move openings,
    each opening twice with the colours swapped, and the stronger side's score
    is printed (win 1, draw 1/2).  ``--games`` games per pair up to Expert
    (default 40), ``--master-games`` for Master against Expert (default 20);
    ``--pairs`` chooses the pairs by the stronger level's name.  This is the
    slow section (Master thinks up to 3 s a move): it prints each game as it
    ends.  By default each level plays with its own time budget, as in the
    game; the table counts the moves each side ended on its budget rather than
    at its depth ("stopped").  On a busy machine Master stops on its 3 s in
    the opening, so the pair measures the machine as much as the depth and
    two runs at one commit differ.  ``--depth-only`` drops the budgets of the
    depth levels (Perfect keeps its own), so every move is searched to the
    level's full depth and a run is reproducible game for game.

``perfect``
    Perfect from the empty board, first and second, against every level and random
    moves (``--perfect-games`` per opponent and colour), every move checked with the
    exact solver: results, moves that gave the result away, move times, exact answers
    and book hits (``engine_perfect.py``).

Each section is a module beside this driver (``engine_solver.py``,
``engine_levels.py``, ``engine_ladder.py``, ``engine_perfect.py``); what every
benchmark shares is in ``benchlib.py``.  The tables are printed and written to a Markdown
file (``--out``, default
``bench_results/engine-<git short hash>.md``).  Each section has its own block
in the file, so sections run separately at the same commit end up in one file;
running a section again replaces its block.  Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import pstats
import sys
from collections.abc import Sequence
from pathlib import Path

import benchlib
import engine_ladder
import engine_levels
import engine_perfect
import engine_solver
from benchlib import ROOT, SET_NAMES, TESTSETS, Report, git_short_hash, progress
from engine_solver import DEFAULT_COUNTS

from game.ai import LEVELS, Level, level_by_name

SECTIONS = (
    engine_solver.SECTION,
    engine_levels.SECTION,
    engine_ladder.SECTION,
    engine_perfect.SECTION,
)


# -- command line ----------------------------------------------------------


def parse_count(text: str) -> tuple[str, int]:
    name, sep, value = text.partition("=")
    if not sep or name not in SET_NAMES:
        raise argparse.ArgumentTypeError(
            f"expected SET=N with SET one of {', '.join(SET_NAMES)}, not {text!r}"
        )
    try:
        count = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"N must be a whole number in {text!r}") from None
    if count < 0:
        raise argparse.ArgumentTypeError(f"N must not be negative in {text!r}")
    return name, count


def level_named(name: str) -> Level:
    try:
        return level_by_name(name)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {text}")
    return value


def positive_seconds(text: str) -> float:
    value = float(text)
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text}")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bench_engine.py",
        description=(__doc__ or "").split("\n\n", 1)[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Defaults: "
        + ", ".join(f"{k}={v}" for k, v in DEFAULT_COUNTS.items())
        + ". Set counts accept 0 to skip a set.",
    )
    p.add_argument(
        "--section",
        action="append",
        choices=SECTIONS,
        help="run only this section (repeatable; default: all)",
    )
    p.add_argument(
        "--count",
        action="append",
        type=parse_count,
        default=[],
        metavar="SET=N",
        help="solve the first N positions of SET (repeatable)",
    )
    p.add_argument(
        "--only-counted",
        action="store_true",
        help="solve only the sets named with --count (skip the other defaults)",
    )
    p.add_argument(
        "--levels",
        type=lambda s: [level_named(n) for n in s.split(",")],
        help="comma-separated levels for the move-time table (default: all)",
    )
    p.add_argument(
        "--perfect-budget",
        type=positive_seconds,
        default=next(lv.time_budget for lv in LEVELS if lv.is_perfect),
        help="the Perfect level's time budget in seconds (default %(default)s)",
    )
    p.add_argument(
        "--games",
        type=non_negative,
        default=40,
        help="ladder games per pair up to Expert (default %(default)s)",
    )
    p.add_argument(
        "--master-games",
        type=non_negative,
        default=20,
        help="ladder games of Master (and Perfect) against the level below (default %(default)s)",
    )
    p.add_argument(
        "--pairs",
        type=lambda s: [level_named(n) for n in s.split(",")],
        help="ladder pairs, by the stronger level (e.g. Easy,Medium); default Easy to Master",
    )
    p.add_argument(
        "--perfect-games",
        type=non_negative,
        default=2,
        help="perfect: games per opponent and colour (default %(default)s)",
    )
    p.add_argument("--seed", type=int, default=1, help="seed for openings and tie-breaks")
    p.add_argument(
        "--depth-only",
        action="store_true",
        help="ladder: search every move to the level's depth, without its time budget",
    )
    p.add_argument(
        "--out", type=Path, help="Markdown file (default bench_results/engine-<hash>.md)"
    )
    p.add_argument("--no-write", action="store_true", help="print only, write no file")
    p.add_argument(
        "--profile",
        action="store_true",
        help="profile the solver section with cProfile and print the top functions",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = parser().parse_args(args_list)
    sections = args.section or list(SECTIONS)
    report = Report()
    progress(benchlib.interpreter())

    if "solver" in sections:
        counts = {} if args.only_counted else dict(DEFAULT_COUNTS)
        counts.update(dict(args.count))
        if not TESTSETS.is_dir():
            progress(f"test sets not found at {TESTSETS}: solver section skipped")
        elif args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(engine_solver.run, report, counts)
            pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(15)
        else:
            engine_solver.run(report, counts)

    if "levels" in sections:
        engine_levels.run(report, args.levels or list(LEVELS), args.perfect_budget)

    if "ladder" in sections:
        stronger: list[Level] = args.pairs or [lv for lv in LEVELS[1:] if not lv.is_perfect]
        index = {lv.name: i for i, lv in enumerate(LEVELS)}
        pairs = []
        for level in stronger:
            position = index[level.name]
            if position == 0:
                raise SystemExit("bench_engine.py: Beginner has no level below it")
            pairs.append((level, LEVELS[position - 1]))
        engine_ladder.run(
            report,
            pairs,
            args.games,
            args.master_games,
            args.perfect_budget,
            args.seed,
            depth_only=args.depth_only,
        )

    if "perfect" in sections:
        engine_perfect.run(report, args.perfect_games, args.seed)

    if not args.no_write and report.blocks:
        path = args.out or ROOT / "bench_results" / f"engine-{git_short_hash()}.md"
        command = " ".join(["python build_scripts/bench_engine.py", *args_list])
        benchlib.write_report(
            path, report, title="Engine benchmark", command=command, sections=SECTIONS
        )
        progress(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
