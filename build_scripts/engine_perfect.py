"""``bench_engine.py --section perfect``: the Perfect level from the empty board.

Perfect plays whole games, as the first player and as the second, against every other
level and against a random player (a random opening, the rest random moves: the
positions no level would reach), each side with its own engine kept for the game as the
worker keeps it. Every Perfect move from ply :data:`CHECK_FROM` on is checked with a
separate exact solver: does it keep the game-theoretic result of the position it was
played in (a win stays a win, a draw a draw)? (Earlier positions take the solver minutes
each: the book's moves there are checked by tests/test_book.py and
book_against_reference.py.) The table gives, per opponent and colour: Perfect's results,
the moves that gave the result away (must be 0), its move times (median, p95, max), the
share of exact answers and the book hits, and the moves Perfect proved past its budget
rather than play an unproven one (how many, and how many milliseconds past the budget;
issue 26).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from benchlib import Report, game_engine, ms, percentile, progress

from game.ai import LEVELS, Level, SearchRequest
from game.ai.columns import column_values
from game.ai.solver import Solver
from game.core import Board

SECTION = "perfect"
P95 = 95
RANDOM = "random moves"
CHECK_FROM = 8
BEST_FROM = 10
"""From this ply (the 11th move of the game) on, Perfect's move must also have the best
exact score of all columns, not only keep the result."""


@dataclass
class Tally:
    """Perfect's record against one opponent with one colour."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    gave_away: int = 0
    not_best: int = 0
    times: list[float] = field(default_factory=list)
    exact: int = 0
    book: int = 0
    overtime: list[float] = field(default_factory=list)
    """Seconds past the budget of each move proven past it."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """Who plays: ``perfect``, against ``opponent`` (None: random moves), moving first
    when ``perfect_first``."""

    perfect: Level
    opponent: Level | None
    perfect_first: bool


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def play(pairing: Pairing, seed: int, checker: Solver, tally: Tally, *, cold: bool = False) -> str:
    """One game of ``pairing``; returns its moves.

    With ``cold`` every Perfect move comes from a new engine (an empty table, the book
    read again), as ``python -m game.ai bestmove MOVES --level Perfect`` does, and the
    time is the one the engine reports; otherwise one engine serves the whole game, as
    the game's worker does, and the time is measured around the call."""
    perfect, opponent, perfect_first = pairing.perfect, pairing.opponent, pairing.perfect_first
    rng = random.Random(seed)
    mine, theirs = game_engine(), game_engine()
    board = Board()
    while not board.is_over:
        perfect_to_move = (board.ply % 2 == 0) == perfect_first
        if perfect_to_move:
            before = board.copy()
            if cold:
                mine = game_engine()
            started = time.perf_counter()
            result = mine.think(
                SearchRequest(moves=board.moves, time_limit=perfect.time_budget, seed=seed)
            )
            elapsed = time.perf_counter() - started
            tally.times.append(result.time if cold else elapsed)
            tally.exact += result.score.is_exact
            tally.book += result.from_book
            if result.overtime:
                tally.overtime.append(max(0.0, result.time - perfect.time_budget))
            assert result.column is not None
            column = result.column
            if before.ply >= CHECK_FROM and _gives_away(checker, before, column):
                tally.gave_away += 1
                progress(f"  gave the result away: {before.moves} + {column + 1}")
            elif before.ply >= BEST_FROM and not _is_best(checker, before, column):
                tally.not_best += 1
                progress(f"  not the best exact score: {before.moves} + {column + 1}")
        elif opponent is None:
            column = rng.choice(board.legal_moves())
        else:
            answer = theirs.think(
                SearchRequest(
                    moves=board.moves,
                    depth=opponent.depth,
                    time_limit=opponent.time_budget,
                    seed=seed,
                )
            )
            assert answer.column is not None
            column = answer.column
        board.play(column)
    outcome = board.outcome
    assert outcome is not None
    tally.games += 1
    if outcome.winner is None:
        tally.draws += 1
    elif (outcome.winner == 0) == perfect_first:
        tally.wins += 1
    else:
        tally.losses += 1
    return board.moves


def _value(checker: Solver, board: Board) -> int:
    """The sign of the position's value for the player to move (a fresh table)."""
    checker.clear()
    return _sign(checker.solve(board.current, board.mask, board.ply, weak=True).score)


def _is_best(checker: Solver, board: Board, column: int) -> bool:
    """Whether ``column`` has the best exact score of all the columns."""
    checker.clear()
    valuation = column_values(board, solver=checker)
    assert valuation is not None  # with a solver there is always an answer
    return valuation.analysis[column] == valuation.analysis.best


def _gives_away(checker: Solver, board: Board, column: int) -> bool:
    """Whether playing ``column`` makes the mover's result worse than the position's."""
    before = _value(checker, board)
    if board.is_winning_move(column):
        return False
    after = board.copy()
    after.play(column)
    return (0 if after.is_over else -_value(checker, after)) < before


def run(report: Report, games_per_opponent: int, seed: int, *, cold: bool = False) -> None:
    perfect = next(level for level in LEVELS if level.is_perfect)
    opponents: Sequence[Level | None] = [*(lv for lv in LEVELS if not lv.is_perfect), None]
    checker = Solver(1 << 22)
    report.line(
        SECTION,
        f"Perfect ({perfect.time_budget:g} s a move) from the empty board, {games_per_opponent}"
        " games per opponent and colour; every Perfect move checked with the exact solver"
        f" (from ply {CHECK_FROM}: keeps the result; from ply {BEST_FROM}: the best exact score)."
        + (
            " Cold: a new engine for every move (empty table, book read again), the time the"
            " engine reports."
            if cold
            else " One engine a game, as the game's worker; the time around the call."
        ),
    )
    report.line(SECTION)
    rows: list[list[str]] = []
    all_times: list[float] = []
    all_overtime: list[float] = []
    for opponent in opponents:
        for perfect_first in (True, False):
            tally = Tally()
            name = RANDOM if opponent is None else opponent.name
            for game in range(games_per_opponent):
                pairing = Pairing(perfect, opponent, perfect_first)
                moves = play(pairing, seed + game, checker, tally, cold=cold)
                progress(f"Perfect {'first' if perfect_first else 'second'} v {name}: {moves}")
            all_times += tally.times
            all_overtime += tally.overtime
            rows.append(_row(name, perfect_first, tally))
    report.table(
        SECTION,
        [
            "opponent",
            "Perfect plays",
            "won / drawn / lost",
            "gave the result away",
            "not the best score",
            "median ms",
            "p95 ms",
            "max ms",
            "exact",
            "book",
            "past the budget",
        ],
        rows,
    )
    report.line(SECTION)
    report.line(
        SECTION,
        f"All Perfect moves: {len(all_times)}, median {ms(statistics.median(all_times))} ms,"
        f" p95 {ms(percentile(all_times, P95))} ms, max {ms(max(all_times))} ms.",
    )
    report.line(
        SECTION,
        f"Proven past the budget ({perfect.time_budget:g} s) rather than played unproven:"
        f" {_overtime(all_overtime)} of {len(all_times)} moves.",
    )


def _row(name: str, perfect_first: bool, tally: Tally) -> list[str]:
    return [
        name,
        "first" if perfect_first else "second",
        f"{tally.wins} / {tally.draws} / {tally.losses}",
        str(tally.gave_away),
        str(tally.not_best),
        ms(statistics.median(tally.times)),
        ms(percentile(tally.times, P95)),
        ms(max(tally.times)),
        f"{tally.exact / len(tally.times):.0%}",
        f"{tally.book / len(tally.times):.0%}",
        _overtime(tally.overtime),
    ]


def _overtime(seconds: list[float]) -> str:
    """How many moves went past the budget, and by how much (median and most)."""
    if not seconds:
        return "0"
    return (
        f"{len(seconds)} (median {ms(statistics.median(seconds))} ms,"
        f" max {ms(max(seconds))} ms past)"
    )
