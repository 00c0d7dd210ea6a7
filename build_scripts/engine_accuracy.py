"""``bench_engine.py --section accuracy``: how often the depth search keeps the result.

The check of an evaluation change before the ladder: on positions of the public
test sets where the choice of move matters (some move keeps the game-theoretic
result and some other move loses it), the share of moves of a depth-``d``
search that keep the result.  Every child of every position is weakly solved
with the exact solver (win, draw or loss); the search scores every column at
depth ``d`` with a full window, and when several columns tie for best the share
counts each of them equally (the levels choose between ties at random), so the
figure does not depend on a seed.

The children's values take minutes to solve and never change, so they are kept
in a JSON cache (``--accuracy-cache``) keyed by position.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

from benchlib import TESTSETS, Progress, Report, read_set

from game.ai.columns import column_values
from game.ai.search import DepthSearch
from game.ai.solver import Solver
from game.core import WIDTH, Board

SECTION = "accuracy"

DEFAULT_SETS = {"Test_L1_R2": 500, "Test_L2_R2": 500}
"""Positions read per set: the opening and the middle game, where games are decided."""


def child_values(moves: str, solver: Solver) -> list[int | None]:
    """Win (1), draw (0) or loss (-1) for the player to move after each column,
    None for a full column."""
    valuation = column_values(Board.from_moves(moves), solver=solver, weak=True)
    assert valuation is not None  # with a solver there is always an answer
    return [None if s is None else s.result for s in map(valuation.analysis.get, range(WIDTH))]


def load_values(sets: dict[str, int], cache_path: Path | None) -> dict[str, list[int | None]]:
    """Every position's child values, from the cache where it has them."""
    cache: dict[str, list[int | None]] = {}
    if cache_path is not None and cache_path.is_file():
        cache = json.loads(cache_path.read_text(encoding="utf-8"))
    wanted = [moves for name, count in sets.items() for moves, _ in read_set(name, count)]
    missing = [moves for moves in wanted if moves not in cache]
    if missing:
        solver = Solver()
        say = Progress()
        for done, moves in enumerate(missing, start=1):
            cache[moves] = child_values(moves, solver)
            say(f"[accuracy] solved the children of {done}/{len(missing)} positions")
            if cache_path is not None and done % 20 == 0:
                cache_path.parent.mkdir(parents=True, exist_ok=True)
                cache_path.write_text(json.dumps(cache), encoding="utf-8")
        if cache_path is not None:
            cache_path.parent.mkdir(parents=True, exist_ok=True)
            cache_path.write_text(json.dumps(cache), encoding="utf-8")
    return {moves: cache[moves] for moves in wanted}


def keep_share(moves: str, values: list[int | None], depth: int, search: DepthSearch) -> float:
    """The share of the depth search's best columns that keep the result."""
    board = Board.from_moves(moves)
    result = search.search(board, depth, rng=random.Random(0), all_scores=True)
    scores = result.column_scores
    best = max(score for score in scores if score is not None)
    ties = [col for col, score in enumerate(scores) if score == best]
    target = max(value for value in values if value is not None)
    return sum(values[col] == target for col in ties) / len(ties)


def run(
    report: Report,
    depths: Sequence[int],
    sets: dict[str, int] | None = None,
    cache_path: Path | None = None,
) -> None:
    sets = dict(DEFAULT_SETS if sets is None else sets)
    report.line(SECTION, "## Accuracy of the depth search against exact results")
    report.line(SECTION)
    if not TESTSETS.is_dir():
        report.line(SECTION, f"Test sets not found at {TESTSETS}: section skipped.")
        return
    values = load_values(sets, cache_path)
    matters = {
        moves: vals for moves, vals in values.items() if len({v for v in vals if v is not None}) > 1
    }
    described = ", ".join(f"{name} first {count}" for name, count in sets.items())
    report.line(
        SECTION,
        f"Positions: {described}; {len(matters)} of {len(values)} where the choice of move "
        "matters.  Share of the search's best columns (ties counted equally) that keep the "
        "game-theoretic result.",
    )
    report.line(SECTION)
    rows = []
    for depth in depths:
        search = DepthSearch()
        shares = [keep_share(moves, vals, depth, search) for moves, vals in matters.items()]
        rows.append([str(depth), f"{sum(shares) / max(1, len(shares)):.1%}"])
    report.table(SECTION, ["depth", "moves keeping the result"], rows)
    report.line(SECTION)
