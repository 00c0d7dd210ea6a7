"""``bench_engine.py --section levels``: how long each level takes to move.

For each difficulty level, the median and 95th percentile of the time
:meth:`game.ai.Engine.think` takes over a fixed list of opening, middle-game and
late positions (:data:`LEVEL_POSITIONS`), each level with its own time budget
(Perfect: ``--perfect-budget``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

from benchlib import Report, game_engine, ms, percentile, progress

from game.ai import Level, SearchRequest

SECTION = "levels"
DEPTH_LEVEL_TARGET = 1.0
"""Seconds: the 95th percentile of a depth level's move time.  (Issue 11 asked 0.25 s of
the levels of then, depth 12 at most; the re-spaced levels of issue 13 go to depth 18
and are asked 1 s, their budgets stops reported.)"""

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

P95 = 95


def level_budget(level: Level, perfect_budget: float) -> float:
    """The seconds ``level`` may think per move (Perfect's from the command line)."""
    return perfect_budget if level.is_perfect else level.time_budget


def run(report: Report, levels: Sequence[Level], perfect_budget: float) -> None:
    positions = [(kind, moves) for kind, group in LEVEL_POSITIONS.items() for moves in group]
    report.line(SECTION, "## Move time per level")
    report.line(SECTION)
    kinds = ", ".join(f"{len(group)} {kind}" for kind, group in LEVEL_POSITIONS.items())
    report.line(
        SECTION,
        f"{len(positions)} positions ({kinds}); a fresh engine per position;"
        " each level's own time budget.",
    )
    report.line(SECTION)
    rows: list[list[str]] = []
    for level in levels:
        budget = level_budget(level, perfect_budget)
        times: list[float] = []
        by_kind: dict[str, list[float]] = {}
        stopped = exact = 0
        depths: list[int] = []
        for kind, moves in positions:
            request = SearchRequest(moves=moves, depth=level.depth, time_limit=budget, seed=1)
            engine = game_engine()  # empty tables, made before the clock starts (as the worker)
            start = time.perf_counter()
            result = engine.think(request)
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            by_kind.setdefault(kind, []).append(elapsed)
            stopped += result.stopped
            exact += result.score.is_exact
            depths.append(result.depth)
        median = statistics.median(times)
        progress(f"{level.name}: median {ms(median)} ms, max {ms(max(times))} ms")
        # A depth level answers within DEPTH_LEVEL_TARGET; Perfect within its budget.
        target = DEPTH_LEVEL_TARGET if level.depth is not None else budget
        p95 = percentile(times, P95)
        rows.append(
            [
                level.label,
                f"{budget:g}",
                ms(median),
                ms(p95),
                ms(max(times)),
                *(ms(statistics.median(by_kind[k])) for k in LEVEL_POSITIONS),
                str(stopped),
                str(exact),
                f"{sum(depths) / len(depths):.1f}",
                f"{'met' if p95 <= target else 'MISSED'} (<= {target:g} s)",
            ]
        )
    report.table(
        SECTION,
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
    report.line(SECTION)
