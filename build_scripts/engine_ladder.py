"""``bench_engine.py --section ladder``: each level against the level just below it.

Varied two-move openings, each played twice with the colours swapped; the
stronger side's score (win 1, draw 1/2) and how often each side's moves ended on
its time budget rather than at its depth ("stopped").  With ``depth_only`` the
depth levels search without their budgets (Perfect keeps its own), so a run is
reproducible game for game.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from benchlib import Report, openings, play_out, progress
from engine_levels import level_budget

from game.ai import Engine, Level, SearchRequest
from game.core import Board

SECTION = "ladder"

LADDER_TARGET = 0.70


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
    sides = (first, second)
    engines = (Engine(), Engine())
    spent = [0.0, 0.0]
    thinks = [0, 0]
    stopped = [0, 0]

    def choose(board: Board) -> int | None:
        mover = board.ply % 2
        level = sides[mover]
        budget: float | None = level_budget(level, perfect_budget)
        if depth_only and not level.is_perfect:
            budget = None
        request = SearchRequest(
            moves=board.moves, depth=level.depth, time_limit=budget, seed=seed * 1000 + board.ply
        )
        start = time.perf_counter()
        result = engines[mover].think(request)
        spent[mover] += time.perf_counter() - start
        thinks[mover] += 1
        stopped[mover] += result.stopped
        return result.column

    board = play_out(opening, choose)
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


def run(
    report: Report,
    pairs: Sequence[tuple[Level, Level]],
    games: int,
    master_games: int,
    perfect_budget: float,
    seed: int,
    *,
    depth_only: bool = False,
) -> None:
    report.line(SECTION, "## Strength ladder (each level against the one below)")
    report.line(SECTION)
    report.line(
        SECTION,
        "Two-move openings, each played twice with the colours swapped; win 1, draw 1/2; "
        + (
            "depth only: no time budget for the depth levels (Perfect keeps its own)."
            if depth_only
            else "each level with its own time budget."
        ),
    )
    report.line(SECTION)
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
        SECTION,
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
    report.line(SECTION)
