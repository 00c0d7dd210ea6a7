"""``bench_engine.py --section ladder``: each level against the level just below it.

Varied openings (every two-move opening, or random three-move ones), each played
twice with the colours swapped; the stronger side's score (win 1, draw 1/2) with a
95% confidence interval, its results by colour, and how often each side's moves
ended on its time budget rather than at its depth ("stopped").  With
``depth_only`` the depth levels search without their budgets (Perfect keeps its
own), so a run is reproducible game for game.  Games are independent and run in
a process pool (``jobs``); the table does not depend on the number of jobs.

After the table, the levels' ratings: an Elo scale fitted to the pairs' scores by
maximum likelihood (:func:`fit_ratings`), Beginner fixed at 1000.  A full run takes hours,
so the game's ratings (``assets/level_ratings.json``) are fitted from the recorded runs
of ``build_scripts/evaluation_tuning.md`` (:data:`RECORDED`)::

    .venv/bin/python build_scripts/engine_ladder.py --recorded           # print them
    .venv/bin/python build_scripts/engine_ladder.py --recorded --write   # and ship them
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from benchlib import ROOT, Report, game_engine, openings, play_out, progress, shipped_book
from engine_levels import level_budget

from game.ai import LEVELS, Level, SearchRequest, level_by_name
from game.ai.columns import column_values
from game.core import Board

SECTION = "ladder"

LADDER_TARGET = 0.70
"""The stronger level of each adjacent pair scores at least this share..."""
LOWER_BOUND_TARGET = 0.60
"""...and the lower end of its 95% confidence interval is above this."""
PERFECT_TARGET = 0.75
"""Perfect against Master scores at least this, and loses no game as first player."""

Z_95 = 1.959964


@dataclass(frozen=True, slots=True)
class Timing:
    """How long the levels think: Perfect's budget (seconds a move), and with
    ``depth_only`` the depth levels search to their depth without a time budget."""

    perfect_budget: float
    depth_only: bool = False


@dataclass(frozen=True, slots=True)
class LadderPlan:
    """What the ladder plays: ``games`` a pair (``master_games`` for the pairs above
    depth 8), from openings of ``opening_length`` moves (``perfect_opening_length`` for
    Perfect against Master) drawn with ``seed``, timed by ``timing``, on ``jobs``
    processes."""

    games: int
    master_games: int
    seed: int
    timing: Timing
    opening_length: int = 2
    perfect_opening_length: int = 2
    jobs: int = 1


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


def play_game(opening: str, first: Level, second: Level, seed: int, timing: Timing) -> Game:
    """One game from ``opening``; each side keeps its own engine (as the worker does),
    thinking as long as ``timing`` says."""
    sides = (first, second)
    engines = (game_engine(), game_engine())
    spent = [0.0, 0.0]
    thinks = [0, 0]
    stopped = [0, 0]

    def choose(board: Board) -> int | None:
        mover = board.ply % 2
        level = sides[mover]
        budget: float | None = level_budget(level, timing.perfect_budget)
        if timing.depth_only and not level.is_perfect:
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


def score_interval(score: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a score share (``score`` points out of ``games``).

    Draws count half a point.  The Wilson interval is the binomial one; a draw
    varies less than a win-or-loss, so with draws the interval is a little wider
    than it need be: the lower bound errs low, never high.
    """
    if games <= 0:
        return (0.0, 1.0)
    share = score / games
    z2 = Z_95 * Z_95
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = Z_95 * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
    half /= 1 + z2 / games
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class _Task:
    index: int
    opening: str
    strong: str
    weak: str
    strong_first: bool
    seed: int
    timing: Timing


def _play(task: _Task) -> tuple[int, Game]:
    strong, weak = level_by_name(task.strong), level_by_name(task.weak)
    first, second = (strong, weak) if task.strong_first else (weak, strong)
    return task.index, play_game(task.opening, first, second, task.seed, task.timing)


@dataclass(slots=True)
class _Tally:
    """The stronger side's results in one pair."""

    score: float = 0.0
    by_colour: tuple[list[int], list[int]] = ([0, 0, 0], [0, 0, 0])
    """Wins, draws, losses of the stronger side when it moved first, then second."""
    lengths: int = 0
    strong_time: float = 0.0
    weak_time: float = 0.0
    strong_moves: int = 0
    weak_moves: int = 0
    strong_stopped: int = 0
    weak_stopped: int = 0

    def add(self, game: Game, strong_colour: int) -> str:
        results = self.by_colour[strong_colour]
        if game.winner is None:
            results[1] += 1
            self.score += 0.5
            outcome = "draw"
        elif game.winner == strong_colour:
            results[0] += 1
            self.score += 1
            outcome = "stronger wins"
        else:
            results[2] += 1
            outcome = "weaker wins"
        self.lengths += len(game.moves)
        self.strong_time += game.think_time[strong_colour]
        self.weak_time += game.think_time[1 - strong_colour]
        self.strong_moves += game.thinks[strong_colour]
        self.weak_moves += game.thinks[1 - strong_colour]
        self.strong_stopped += game.stopped[strong_colour]
        self.weak_stopped += game.stopped[1 - strong_colour]
        return outcome


def _openings_named(length: int) -> str:
    if length == 0:
        return "the empty board"
    if length == 2:
        return "every two-move opening"
    return f"random {length}-move openings"


def _verdict(strong: Level, tally: _Tally, games: int) -> str:
    share = tally.score / games
    low, _ = score_interval(tally.score, games)
    if strong.is_perfect:
        lost_first = tally.by_colour[0][2]
        ok = share >= PERFECT_TARGET and lost_first == 0
    else:
        ok = share >= LADDER_TARGET and low > LOWER_BOUND_TARGET
    return "met" if ok else "MISSED"


def run(report: Report, pairs: Sequence[tuple[Level, Level]], plan: LadderPlan) -> None:
    opening_length, perfect_opening_length = plan.opening_length, plan.perfect_opening_length
    seed = plan.seed
    report.line(SECTION, "## Strength ladder (each level against the one below)")
    report.line(SECTION)
    report.line(
        SECTION,
        f"Openings: {_openings_named(opening_length)} (seed {seed}); Perfect against Master:"
        f" {_openings_named(perfect_opening_length)}. Each opening is played twice with the"
        " colours swapped (from the empty board, every game has its own seed for ties); "
        "win 1, draw 1/2; 95% Wilson interval of the score; "
        + (
            "depth only: no time budget for the depth levels (Perfect keeps its own)."
            if plan.timing.depth_only
            else "each level with its own time budget."
        ),
    )
    report.line(
        SECTION,
        f"Targets: {LADDER_TARGET:.0%} and a lower bound above {LOWER_BOUND_TARGET:.0%} per "
        f"adjacent pair; Perfect {PERFECT_TARGET:.0%} against Master and no loss as first player.",
    )
    report.line(SECTION)
    rows: list[list[str]] = []
    notes: list[str] = []
    scores: list[PairResult] = []
    for strong, weak in pairs:
        deep = strong.depth is None or strong.depth > 8
        count = plan.master_games if deep else plan.games
        if count <= 0:
            continue
        length = perfect_opening_length if strong.is_perfect else opening_length
        starts = openings((count + 1) // 2, seed, length)
        tasks = [
            _Task(
                index,
                starts[index // 2],
                strong.name,
                weak.name,
                index % 2 == 0,
                seed + index,
                plan.timing,
            )
            for index in range(count)
        ]
        results: dict[int, Game] = {}
        if plan.jobs > 1:
            with ProcessPoolExecutor(plan.jobs) as pool:
                for done, (index, game) in enumerate(pool.map(_play, tasks), start=1):
                    results[index] = game
                    progress(f"[{strong.name} vs {weak.name}] {done}/{count} games")
        else:
            for done, task in enumerate(tasks, start=1):
                index, game = _play(task)
                results[index] = game
                progress(f"[{strong.name} vs {weak.name}] {done}/{count} games")
        tally = _Tally(by_colour=([0, 0, 0], [0, 0, 0]))
        for index, task in enumerate(tasks):
            game = results[index]
            first = strong.name if task.strong_first else weak.name
            outcome = tally.add(game, 0 if task.strong_first else 1)
            progress(
                f"[{strong.name} vs {weak.name}] game {index + 1}/{count}: opening {task.opening},"
                f" {first} first: {outcome} in {len(game.moves)} moves ({game.moves});"
                f" {strong.name} {tally.score:g}/{index + 1}"
            )
        if strong.is_perfect and length > 0:
            notes.extend(_against_the_openings(strong, weak, tasks, results, length))
        scores.append(PairResult(strong.name, weak.name, tally.score, count))
        low, high = score_interval(tally.score, count)
        first_wdl, second_wdl = ("/".join(map(str, wdl)) for wdl in tally.by_colour)
        rows.append(
            [
                f"{strong.label} vs {weak.label}",
                str(count),
                f"{tally.score:g}",
                f"{tally.score / count:.1%}",
                f"{low:.1%} - {high:.1%}",
                first_wdl,
                second_wdl,
                f"{tally.lengths / count:.1f}",
                f"{tally.strong_time / max(1, tally.strong_moves):.3f}",
                f"{tally.weak_time / max(1, tally.weak_moves):.3f}",
                f"{tally.strong_stopped}/{tally.weak_stopped}",
                _verdict(strong, tally, count),
            ]
        )
    report.table(
        SECTION,
        [
            "pair (stronger first)",
            "games",
            "score",
            "score %",
            "95% interval",
            "stronger first W/D/L",
            "stronger second W/D/L",
            "mean length",
            "stronger s/move",
            "weaker s/move",
            "stopped (stronger/weaker)",
            "target",
        ],
        rows,
    )
    report.line(SECTION)
    for note in notes:
        report.line(SECTION, note)
    if notes:
        report.line(SECTION)
    for line in ratings_lines(scores):
        report.line(SECTION, line)
    report.line(SECTION)


OPENING_VALUES = Path(__file__).with_name("two_move_values.json")
"""The exact result of every two-move opening for the first player (made by this engine)."""


def opening_values(path: Path = OPENING_VALUES) -> dict[str, int]:
    """Opening (two moves) -> 1, 0 or -1: a win, draw or loss for the first player."""
    values = json.loads(path.read_text(encoding="utf-8"))["values"]
    return {str(opening): int(value) for opening, value in values.items()}


def book_opening_values(openings: Sequence[str]) -> dict[str, int]:
    """Opening -> 1, 0 or -1 for the first player, from the shipped opening book (it
    holds every position of the first six moves); raises ValueError when it cannot say."""
    book = shipped_book()
    found: dict[str, int] = {}
    for opening in openings:
        board = Board.from_moves(opening)
        valuation = column_values(board, book=book, weak=True)
        best = None if valuation is None else valuation.analysis.best.result
        if best is None:
            problem = book.problem or "the position is not in it"
            raise ValueError(f"the opening book has no value for {opening!r}: {problem}")
        found[opening] = best if board.ply % 2 == 0 else -best
    return found


def _against_the_openings(
    strong: Level,
    weak: Level,
    tasks: Sequence[_Task],
    results: dict[int, Game],
    length: int = 2,
) -> list[str]:
    """How the stronger side's games compare with what its side of each opening is worth
    with perfect play from there: where it fell short of that, and where the weaker side
    did (so the stronger side won more than the opening gave it).  Two-move openings are
    judged by ``two_move_values.json``, longer ones by the shipped book."""
    try:
        if length == 2:
            values, source = opening_values(), "build_scripts/two_move_values.json"
        else:
            values = book_opening_values(sorted({task.opening for task in tasks}))
            source = "the shipped opening book"
    except (OSError, ValueError, KeyError) as error:
        return [f"(No exact values of the openings to judge {strong.name}'s games: {error}.)"]
    short = [0, 0]  # the stronger side fell short of the opening's value, as first and second
    lost_first_kept = 0  # lost as first player an opening the first player does not lose
    gained = 0
    theory = 0.0
    for index, task in enumerate(tasks):
        game = results[index]
        side = 0 if task.strong_first else 1
        worth = values[task.opening] * (1 if side == 0 else -1)
        got = 0 if game.winner is None else (1 if game.winner == side else -1)
        theory += (worth + 1) / 2
        if got < worth:
            short[side] += 1
        elif got > worth:
            gained += 1
        if side == 0 and got < 0 and values[task.opening] >= 0:
            lost_first_kept += 1
    games = len(tasks)
    return [
        f"{strong.name} against the openings' exact values ({source}):"
        f" with perfect play on both sides it would score {theory:g} of {games}"
        f" ({theory / games:.1%}). It fell short of its opening's value in {sum(short)} games"
        f" ({short[0]} as first player, {short[1]} as second), and lost as first player"
        f" {lost_first_kept} opening(s) that the first player does not lose;"
        f" {weak.name} fell short in {gained}."
    ]


# -- the levels' ratings ----------------------------------------------------------------

RATING_ANCHOR = ("Beginner", 1000)
"""The level whose rating is fixed, and its rating."""
LEVEL_RATINGS = ROOT / "assets" / "level_ratings.json"
ELO_SCALE = 400.0


@dataclass(frozen=True, slots=True)
class PairResult:
    """The stronger level's score (win 1, draw 1/2) in ``games`` games against the weaker."""

    stronger: str
    weaker: str
    score: float
    games: int
    source: str = ""


RECORDED: tuple[PairResult, ...] = (
    PairResult("Easy", "Beginner", 88 + 82, 196, "89.8% two-move, 83.7% three-move (depths 1/3)"),
    PairResult("Medium", "Easy", 81 + 77, 196, "82.7% two-move, 78.6% three-move (depths 3/6)"),
    PairResult("Hard", "Medium", 78 + 77.5, 196, "79.6% two-move, 79.1% three-move (depths 6/9)"),
    PairResult("Expert", "Hard", 75.5 + 85, 196, "77.0% two-move, 86.7% three-move (15/9)"),
    PairResult(
        "Master", "Expert", 70 + 72, 196, "71.4% two-move on budgets, 73.5% three-move (21/15)"
    ),
    PairResult("Perfect", "Master", 77.5 + 64.5, 196, "79.1% two-move, 65.8% three-move"),
)
"""The ladder's runs of the levels as they are now, from build_scripts/evaluation_tuning.md
(98 games each; the score is the share times 98, to the half point): the 2026-11-24
"1/3/6/9/13/18" row for the three lowest pairs (their depths have not changed), "Expert 15
and Master 21" for the next two, and "the book to ply 6" for Perfect."""


def fit_ratings(
    results: Sequence[PairResult], anchor: tuple[str, int] = RATING_ANCHOR
) -> dict[str, float]:
    """Every level's rating that makes the pairs' scores most likely under Elo's model
    (expected score ``1 / (1 + 10 ** (-difference / 400))``; a draw counts as half a win
    and half a loss), the anchor level fixed.  Each level must be linked to the anchor
    by pairs, and no pair's score may be all or nothing (its difference would be
    infinite); raises ValueError otherwise."""
    names = {anchor[0]} | {r.stronger for r in results} | {r.weaker for r in results}
    for result in results:
        if not 0 < result.score < result.games:
            raise ValueError(f"{result.stronger} against {result.weaker}: no finite rating")
    linked, frontier = {anchor[0]}, [anchor[0]]
    while frontier:
        name = frontier.pop()
        for result in results:
            pair = {result.stronger, result.weaker}
            if name in pair and not pair <= linked:
                linked |= pair
                frontier.extend(pair)
    if names - linked:
        raise ValueError(f"{', '.join(sorted(names - linked))}: not linked to {anchor[0]}")
    ratings = dict.fromkeys(names, float(anchor[1]))
    slope = math.log(10) / ELO_SCALE
    for _round in range(500):
        moved = 0.0
        for name in sorted(names - {anchor[0]}):
            gradient = curvature = 0.0
            for result in results:
                if name not in (result.stronger, result.weaker):
                    continue
                sign = 1.0 if name == result.stronger else -1.0
                other = result.weaker if sign > 0 else result.stronger
                won = result.score if sign > 0 else result.games - result.score
                share = 1 / (1 + 10 ** ((ratings[other] - ratings[name]) / ELO_SCALE))
                gradient += (won - result.games * share) * slope
                curvature += result.games * share * (1 - share) * slope * slope
            step = max(-400.0, min(400.0, gradient / curvature))
            ratings[name] += step
            moved = max(moved, abs(step))
        if moved < 1e-7:
            return ratings
    raise ValueError("the ratings did not settle")


def ratings_lines(results: Sequence[PairResult]) -> list[str]:
    """The ratings of the levels in ``results`` as report lines (a sentence when they
    cannot be fitted)."""
    try:
        ratings = fit_ratings(results)
    except ValueError as error:
        return [f"(No ratings from these pairs: {error}.)"]
    order = [level.name for level in LEVELS if level.name in ratings]
    shown = ", ".join(f"{name} {ratings[name]:.0f}" for name in order)
    return [
        f"Ratings (Elo, maximum likelihood over these pairs, {RATING_ANCHOR[0]} fixed at"
        f" {RATING_ANCHOR[1]}): {shown}."
    ]


def ratings_document(results: Sequence[PairResult]) -> dict[str, object]:
    """What ``assets/level_ratings.json`` holds: every level's rating, and where from."""
    ratings = fit_ratings(results)
    missing = [level.name for level in LEVELS if level.name not in ratings]
    if missing:
        raise ValueError(f"no rating for {', '.join(missing)}")
    return {
        "format": 1,
        "scale": f"Elo, {RATING_ANCHOR[0]} fixed at {RATING_ANCHOR[1]}",
        "made_by": "build_scripts/engine_ladder.py --recorded --write",
        "ratings": {level.name: round(ratings[level.name]) for level in LEVELS},
        "pairs": [
            {
                "stronger": r.stronger,
                "weaker": r.weaker,
                "score": r.score,
                "games": r.games,
                "source": r.source,
            }
            for r in results
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The levels' ratings from the ladder's recorded runs (a run of the"
        " ladder itself: bench_engine.py --section ladder)."
    )
    parser.add_argument("--recorded", action="store_true", help="fit the recorded runs")
    parser.add_argument("--write", action="store_true", help=f"write {LEVEL_RATINGS.name}")
    args = parser.parse_args(argv)
    if not args.recorded:
        parser.error("say --recorded (a new run is bench_engine.py --section ladder)")
    for result in RECORDED:
        print(
            f"{result.stronger} against {result.weaker}: {result.score:g}/{result.games}"
            f" ({result.score / result.games:.1%}; {result.source})"
        )
    for line in ratings_lines(RECORDED):
        print(line)
    if args.write:
        text = json.dumps(ratings_document(RECORDED), indent=2) + "\n"
        LEVEL_RATINGS.write_text(text, encoding="utf-8")
        print(f"wrote {LEVEL_RATINGS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
