"""Benchmark the engine: exact solver, move times per level, and a strength ladder.

Usage::

    python build_scripts/bench_engine.py                       # every section
    python build_scripts/bench_engine.py --section solver --count Test_L2_R2=100
    python build_scripts/bench_engine.py --section levels
    python build_scripts/bench_engine.py --section ladder --depth-only --jobs 2
    python build_scripts/bench_engine.py --section ladder --depth-only --opening-moves 3
    python build_scripts/bench_engine.py --section accuracy --depths 4,6,8

Sections (``--section`` may be given several times; default all five):

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
    Each level plays the level just below it, Easy against Beginner up to Perfect
    against Master, from every two-move opening (``--opening-moves 3``: random
    three-move ones, a set the levels were not tuned on), each opening twice with
    the colours swapped.  The stronger side's score (win 1, draw 1/2) with its 95%
    Wilson interval, its wins/draws/losses as first and as second player, and the
    targets: 70% with a lower bound above 60% per step, Perfect 75% against Master
    and no loss as first player.  Perfect plays Master from the same openings, some
    of which are lost for the side Perfect plays, or with ``--perfect-opening-moves
    0`` from the empty board (what the level promises: perfect from the first move;
    each game has its own seed for Master's ties).  ``--games`` games per pair up to Expert and
    ``--master-games`` for Master and Perfect (both 98 by default); ``--pairs``
    chooses the pairs by the stronger level's name, ``--ladder-depths 1,2,4,...``
    tries levels of other depths instead (each against the one before it);
    ``--jobs`` plays games in parallel processes (same table whatever the number).
    By default each level plays with its own time budget, as in the game; the
    table counts the moves each side ended on its budget rather than at its depth
    ("stopped"); on a busy machine that measures the machine too.
    ``--depth-only`` drops the budgets of the depth levels (Perfect keeps its
    own), so every move is searched to the level's full depth and a run is
    reproducible game for game.

``perfect``
    Perfect from the empty board, first and second, against every level and random
    moves (``--perfect-games`` per opponent and colour), every move checked with the
    exact solver (from ply 10 also: the best exact score): results, moves that gave the
    result away or missed the best score, move times, exact answers and book hits
    (``engine_perfect.py``).  ``--cold`` gives every move a new engine (an empty table),
    as the engine's command line does.

``accuracy``
    The check of an evaluation change before the ladder: on test-set positions
    where the choice of move matters, the share of a depth-``d`` search's best
    moves that keep the exact result, for the levels' depths (``--depths``).  The
    children's exact values are solved once and cached (``--accuracy-cache``).

Each section is a module beside this driver (``engine_solver.py``,
``engine_levels.py``, ``engine_ladder.py``, ``engine_perfect.py``,
``engine_accuracy.py``); what every
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
import engine_accuracy
import engine_ladder
import engine_levels
import engine_perfect
import engine_solver
from benchlib import ROOT, SET_NAMES, TESTSETS, Report, git_short_hash, progress
from engine_solver import DEFAULT_COUNTS

from game.ai import LEVELS, Level, custom_level, level_by_name

SECTIONS = (
    engine_solver.SECTION,
    engine_levels.SECTION,
    engine_ladder.SECTION,
    engine_perfect.SECTION,
    engine_accuracy.SECTION,
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


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
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
        default=98,
        help="ladder games per pair up to Expert (default %(default)s)",
    )
    p.add_argument(
        "--master-games",
        type=non_negative,
        default=98,
        help="ladder games of Master (and Perfect) against the level below (default %(default)s)",
    )
    p.add_argument(
        "--pairs",
        type=lambda s: [level_named(n) for n in s.split(",")],
        help="ladder pairs, by the stronger level (e.g. Easy,Medium); default Easy to Perfect",
    )
    p.add_argument(
        "--ladder-depths",
        type=lambda s: [positive_int(n) for n in s.split(",")],
        help="ladder: try levels of these depths instead of the game's (e.g. 1,2,4,6,8,12): "
        "each plays the one before it",
    )
    p.add_argument(
        "--opening-moves",
        type=int,
        choices=(2, 3),
        default=2,
        help="ladder: openings of 2 moves (all 49) or 3 (random, of 343) (default %(default)s)",
    )
    p.add_argument(
        "--perfect-opening-moves",
        type=int,
        choices=(0, 2, 3),
        default=2,
        help="ladder: Perfect against Master from openings of 2 or 3 moves (some are lost"
        " for the side Perfect plays) or from the empty board (0: Perfect's promise, perfect"
        " from the first move) (default %(default)s)",
    )
    p.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help="ladder: games played at once in worker processes (default %(default)s)",
    )
    p.add_argument(
        "--perfect-games",
        type=non_negative,
        default=2,
        help="perfect: games per opponent and colour (default %(default)s)",
    )
    p.add_argument(
        "--depths",
        type=lambda s: [positive_int(n) for n in s.split(",")],
        help="accuracy: comma-separated search depths (default: the levels' depths)",
    )
    p.add_argument(
        "--accuracy-cache",
        type=Path,
        default=ROOT / "bench_results" / "accuracy-children.json",
        help="accuracy: JSON cache of the solved children (default %(default)s)",
    )
    p.add_argument(
        "--cold",
        action="store_true",
        help="perfect: a new engine for every move (an empty table), as the engine CLI",
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
        stronger: list[Level] = args.pairs or list(LEVELS[1:])
        index = {lv.name: i for i, lv in enumerate(LEVELS)}
        pairs = []
        if args.ladder_depths:
            tried = [custom_level(depth) for depth in args.ladder_depths]
            stronger = []
            pairs = list(zip(tried[1:], tried[:-1], strict=True))
        for level in stronger:
            position = index[level.name]
            if position == 0:
                raise SystemExit("bench_engine.py: Beginner has no level below it")
            pairs.append((level, LEVELS[position - 1]))
        plan = engine_ladder.LadderPlan(
            games=args.games,
            master_games=args.master_games,
            seed=args.seed,
            timing=engine_ladder.Timing(args.perfect_budget, depth_only=args.depth_only),
            opening_length=args.opening_moves,
            perfect_opening_length=args.perfect_opening_moves,
            jobs=args.jobs,
        )
        engine_ladder.run(report, pairs, plan)

    if "accuracy" in sections:
        depths = args.depths or sorted({lv.depth for lv in LEVELS if lv.depth is not None})
        engine_accuracy.run(report, depths, cache_path=args.accuracy_cache)

    if "perfect" in sections:
        engine_perfect.run(report, args.perfect_games, args.seed, cold=args.cold)

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
