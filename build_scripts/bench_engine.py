"""Benchmark the engine: exact solver, move times per level, and a strength ladder.

Usage::

    python build_scripts/bench_engine.py                       # every section
    python build_scripts/bench_engine.py --section solver --count Test_L2_R2=100
    python build_scripts/bench_engine.py --section levels
    python build_scripts/bench_engine.py --section ladder --games 40 --master-games 20
    python build_scripts/bench_engine.py --section ladder --depth-only

Sections (``--section`` may be given several times; default all three):

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

The tables are printed and written to a Markdown file (``--out``, default
``bench_results/engine-<git short hash>.md``).  Each section has its own block
in the file, so sections run separately at the same commit end up in one file;
running a section again replaces its block.  Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import math
import os
import platform
import pstats
import random
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))


from game.ai import LEVELS, Engine, Level, SearchRequest  # noqa: E402
from game.ai.solver import Solver  # noqa: E402
from game.core import WIDTH, Board  # noqa: E402

TESTSETS = ROOT.parent / "shared" / "connect4-testsets"
SECTIONS = ("solver", "levels", "ladder")

SET_NAMES = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3")
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

LEVEL_POSITIONS: dict[str, tuple[str, ...]] = {
    "opening": ("", "4", "44", "573", "244", "4244", "41444", "626224"),
    "middle": (
        "2641445353346343",
        "43333734444161661",
        "57345555433374773117",
        "62622466344423223",
        "424442433223663357",
        "24442635755422435",
        "414445555433353341",
        "6364234332216616325523",
    ),
    "late": (
        "264144535334634365665354526177",
        "43333734444161661774711377122",
        "5734555543337477311735272444",
        "62622466344423223334411131176",
        "424442433223663357423266667555",
        "2444263575542243575564666226717",
        "414445555433353341136615116",
        "63642343322166163255231115",
    ),
}
"""Positions for the move-time table, frozen so figures compare between commits
(games of mixed-depth self-play, none with an immediate win for the mover)."""

P95 = 0.95
LADDER_TARGET = 0.70


# -- output ----------------------------------------------------------------


class Report:
    """Collects the Markdown of each section and echoes it to standard output."""

    def __init__(self) -> None:
        self.blocks: dict[str, list[str]] = {}

    def line(self, section: str, text: str = "") -> None:
        print(text, flush=True)
        self.blocks.setdefault(section, []).append(text)

    def table(self, section: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """A Markdown table: the first column left-aligned (names), the rest right (figures)."""
        widths = [max(len(x) for x in column) for column in zip(header, *rows, strict=True)]

        def fmt(cells: Sequence[str]) -> str:
            padded = [
                cell.ljust(width) if i == 0 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ]
            return "| " + " | ".join(padded) + " |"

        rule = [":" + "-" * (widths[0] + 1)] + ["-" * (w + 1) + ":" for w in widths[1:]]
        self.line(section, fmt(header))
        self.line(section, "|" + "|".join(rule) + "|")
        for row in rows:
            self.line(section, fmt(row))


class Progress:
    """Progress lines on standard error, at most one every ``every`` seconds."""

    def __init__(self, every: float = 5.0) -> None:
        self.every = every
        self.last = time.perf_counter()

    def __call__(self, text: str, *, force: bool = False) -> None:
        now = time.perf_counter()
        if force or now - self.last >= self.every:
            self.last = now
            progress(text)


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def git_short_hash() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip() or "unknown"


def engine_is_modified() -> bool:
    """Whether game/ has uncommitted changes (the figures then are not the commit's)."""
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain", "--", "game"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return False
    return bool(done.stdout.strip())


def interpreter() -> str:
    """The Python running this: its version, its executable, and whether it calls into
    libpython as a shared library.  The build matters as much as the machine: on the
    project's machine, CPython 3.11 as Debian ships it (libpython linked into the
    executable, profile-guided) runs the solver 16-18% faster than as pyenv builds it by
    default (a shared libpython, no profile-guided optimisation)."""
    base = Path(getattr(sys, "_base_executable", sys.executable)).resolve()
    maps = Path("/proc/self/maps")  # Linux: the libraries loaded
    shared = ", shared libpython" if maps.is_file() and "libpython" in maps.read_text() else ""
    kind = platform.python_implementation()
    return f"Python {platform.python_version()} ({kind}, {base}{shared})"


def write_markdown(path: Path, report: Report, argv: Sequence[str]) -> None:
    """Write (or update) the Markdown file: one block per section, others kept."""
    old = path.read_text(encoding="utf-8") if path.is_file() else ""
    blocks: dict[str, str] = {}
    for name in SECTIONS:
        found = re.search(
            rf"<!-- section:{name} -->\n(.*?)<!-- /section:{name} -->\n", old, flags=re.S
        )
        if found:
            blocks[name] = found.group(1)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(["python build_scripts/bench_engine.py", *argv])
    for name, lines in report.blocks.items():
        blocks[name] = f"_{stamp}: `{command}`_\n\n" + "\n".join(lines) + "\n"
    modified = " (with uncommitted changes in game/)" if engine_is_modified() else ""
    head = [
        f"# Engine benchmark at {git_short_hash()}{modified}",
        "",
        f"{interpreter()}, {platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}.",
        "",
        "",
    ]
    body = [
        f"<!-- section:{n} -->\n{blocks[n]}<!-- /section:{n} -->\n" for n in SECTIONS if n in blocks
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(head) + "\n".join(body), encoding="utf-8")


# -- solver ----------------------------------------------------------------


def read_set(name: str, limit: int) -> list[tuple[str, int]]:
    rows: list[tuple[str, int]] = []
    with (TESTSETS / name).open(encoding="ascii") as fh:
        for line in fh:
            if len(rows) >= limit:
                break
            moves, score = line.split()
            rows.append((moves, int(score)))
    return rows


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.2f}" if seconds < 0.1 else f"{seconds * 1e3:,.0f}"


def run_solver(report: Report, counts: dict[str, int]) -> None:
    section = "solver"
    report.line(section, "## Exact solver (strong, empty table per position)")
    report.line(section)
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
            solver.table.clear()
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
        section,
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
    report.line(section)


# -- levels ----------------------------------------------------------------


def nearest_rank(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at or above ``share`` of them."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def level_budget(level: Level, perfect_budget: float) -> float:
    return perfect_budget if level.is_perfect else level.time_budget


def run_levels(report: Report, levels: Sequence[Level], perfect_budget: float) -> None:
    section = "levels"
    positions = [(kind, moves) for kind, group in LEVEL_POSITIONS.items() for moves in group]
    report.line(section, "## Move time per level")
    report.line(section)
    kinds = ", ".join(f"{len(group)} {kind}" for kind, group in LEVEL_POSITIONS.items())
    report.line(
        section,
        f"{len(positions)} positions ({kinds}); a fresh engine per position;"
        " each level's own time budget.",
    )
    report.line(section)
    rows: list[list[str]] = []
    for level in levels:
        budget = level_budget(level, perfect_budget)
        times: list[float] = []
        by_kind: dict[str, list[float]] = {}
        stopped = exact = 0
        depths: list[int] = []
        for kind, moves in positions:
            request = SearchRequest(moves=moves, depth=level.depth, time_limit=budget, seed=1)
            start = time.perf_counter()
            result = Engine().think(request)
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            by_kind.setdefault(kind, []).append(elapsed)
            stopped += result.stopped
            exact += result.exact
            depths.append(result.depth)
        progress(f"{level.name}: median {ms(median(times))} ms, max {ms(max(times))} ms")
        target = 1.0 if level.depth is not None and level.depth <= 8 else 3.0
        p95 = nearest_rank(times, P95)
        rows.append(
            [
                level.label,
                f"{budget:g}",
                ms(median(times)),
                ms(p95),
                ms(max(times)),
                *(ms(median(by_kind[k])) for k in LEVEL_POSITIONS),
                str(stopped),
                str(exact),
                f"{sum(depths) / len(depths):.1f}",
                f"{'met' if p95 <= target else 'MISSED'} (<= {target:g} s)",
            ]
        )
    report.table(
        section,
        [
            "level",
            "budget s",
            "median ms",
            "p95 ms",
            "max ms",
            *(f"{k} median ms" for k in LEVEL_POSITIONS),
            "stopped",
            "exact",
            "mean depth",
            "p95 target",
        ],
        rows,
    )
    report.line(section)


# -- ladder ----------------------------------------------------------------


def openings(count: int, seed: int) -> list[str]:
    """``count`` distinct two-move openings in a fixed random order (49 exist)."""
    every = [f"{a}{b}" for a in range(1, WIDTH + 1) for b in range(1, WIDTH + 1)]
    random.Random(seed).shuffle(every)
    return [every[i % len(every)] for i in range(count)]


@dataclass(frozen=True, slots=True)
class Game:
    opening: str
    moves: str
    winner: int | None
    """0 for the first player, 1 for the second, None for a draw."""
    think_time: tuple[float, float]
    """Seconds each side (by colour) spent thinking."""
    thinks: tuple[int, int]
    """Moves each side (by colour) chose."""
    stopped: tuple[int, int]
    """Moves each side (by colour) ended on its time budget before its depth."""


def play_game(
    opening: str,
    first: Level,
    second: Level,
    seed: int,
    perfect_budget: float,
    *,
    depth_only: bool = False,
) -> Game:
    """One game from ``opening``; each side keeps its own engine (as the worker does).

    With ``depth_only`` a level with a depth searches without a time budget.
    """
    board = Board.from_moves(opening)
    sides = (first, second)
    engines = (Engine(), Engine())
    spent = [0.0, 0.0]
    thinks = [0, 0]
    stopped = [0, 0]
    while not board.is_over:
        mover = board.ply % 2
        level = sides[mover]
        request = SearchRequest(
            moves=board.moves,
            depth=level.depth,
            time_limit=None
            if depth_only and not level.is_perfect
            else level_budget(level, perfect_budget),
            seed=seed * 1000 + board.ply,
        )
        start = time.perf_counter()
        result = engines[mover].think(request)
        spent[mover] += time.perf_counter() - start
        thinks[mover] += 1
        stopped[mover] += result.stopped
        if result.column is None or not board.can_play(result.column):
            raise RuntimeError(f"{level.name} played an illegal move in {board.moves!r}")
        board.play(result.column)
    outcome = board.outcome
    assert outcome is not None
    winner = None if outcome.winner is None else int(outcome.winner)
    return Game(
        opening,
        board.moves,
        winner,
        (spent[0], spent[1]),
        (thinks[0], thinks[1]),
        (stopped[0], stopped[1]),
    )


def run_ladder(
    report: Report,
    pairs: Sequence[tuple[Level, Level]],
    games: int,
    master_games: int,
    perfect_budget: float,
    seed: int,
    *,
    depth_only: bool = False,
) -> None:
    section = "ladder"
    report.line(section, "## Strength ladder (each level against the one below)")
    report.line(section)
    report.line(
        section,
        "Two-move openings, each played twice with the colours swapped; win 1, draw 1/2; "
        + (
            "depth only: no time budget for the depth levels (Perfect keeps its own)."
            if depth_only
            else "each level with its own time budget."
        ),
    )
    report.line(section)
    rows: list[list[str]] = []
    for strong, weak in pairs:
        count = master_games if strong.depth is None or (strong.depth or 0) > 8 else games
        if count <= 0:
            continue
        score = 0.0
        wins = draws = losses = 0
        lengths: list[int] = []
        strong_time = weak_time = 0.0
        strong_moves = weak_moves = 0
        strong_stopped = weak_stopped = 0
        starts = openings((count + 1) // 2, seed)
        for index in range(count):
            opening = starts[index // 2]
            strong_first = index % 2 == 0
            first, second = (strong, weak) if strong_first else (weak, strong)
            game = play_game(
                opening, first, second, seed + index, perfect_budget, depth_only=depth_only
            )
            strong_colour = 0 if strong_first else 1
            if game.winner is None:
                draws += 1
                score += 0.5
                result = "draw"
            elif game.winner == strong_colour:
                wins += 1
                score += 1
                result = f"{strong.name} wins"
            else:
                losses += 1
                result = f"{weak.name} wins"
            lengths.append(len(game.moves))
            strong_time += game.think_time[strong_colour]
            weak_time += game.think_time[1 - strong_colour]
            strong_moves += game.thinks[strong_colour]
            weak_moves += game.thinks[1 - strong_colour]
            strong_stopped += game.stopped[strong_colour]
            weak_stopped += game.stopped[1 - strong_colour]
            progress(
                f"[{strong.name} vs {weak.name}] game {index + 1}/{count}:"
                f" opening {opening}, {first.name} first: {result} in {len(game.moves)} moves"
                f" ({game.moves}); {strong.name} {score:g}/{index + 1}"
            )
        share = score / count
        rows.append(
            [
                f"{strong.name} vs {weak.name}",
                str(count),
                str(wins),
                str(draws),
                str(losses),
                f"{score:g}",
                f"{share:.0%}",
                f"{sum(lengths) / len(lengths):.1f}",
                f"{strong_time / max(1, strong_moves):.3f}",
                f"{weak_time / max(1, weak_moves):.3f}",
                f"{strong_stopped}/{weak_stopped}",
                "met" if share >= LADDER_TARGET else "MISSED",
            ]
        )
    report.table(
        section,
        [
            "pair (stronger first)",
            "games",
            "wins",
            "draws",
            "losses",
            "score",
            "score %",
            "mean length",
            "stronger s/move",
            "weaker s/move",
            "stopped (stronger/weaker)",
            f">= {LADDER_TARGET:.0%}",
        ],
        rows,
    )
    report.line(section)


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
    for level in LEVELS:
        if level.name.lower() == name.strip().lower():
            return level
    raise argparse.ArgumentTypeError(
        f"unknown level {name!r}: choose from {', '.join(lv.name for lv in LEVELS)}"
    )


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
    progress(interpreter())

    if "solver" in sections:
        counts = {} if args.only_counted else dict(DEFAULT_COUNTS)
        counts.update(dict(args.count))
        if not TESTSETS.is_dir():
            progress(f"test sets not found at {TESTSETS}: solver section skipped")
        elif args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(run_solver, report, counts)
            pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(15)
        else:
            run_solver(report, counts)

    if "levels" in sections:
        run_levels(report, args.levels or list(LEVELS), args.perfect_budget)

    if "ladder" in sections:
        stronger: list[Level] = args.pairs or [lv for lv in LEVELS[1:] if not lv.is_perfect]
        index = {lv.name: i for i, lv in enumerate(LEVELS)}
        pairs = []
        for level in stronger:
            position = index[level.name]
            if position == 0:
                raise SystemExit("bench_engine.py: Beginner has no level below it")
            pairs.append((level, LEVELS[position - 1]))
        run_ladder(
            report,
            pairs,
            args.games,
            args.master_games,
            args.perfect_budget,
            args.seed,
            depth_only=args.depth_only,
        )

    if not args.no_write and report.blocks:
        path = args.out or ROOT / "bench_results" / f"engine-{git_short_hash()}.md"
        write_markdown(path, report, args_list)
        progress(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
