#!/usr/bin/env python3
"""Check the review's verdicts and reasons on fresh games against independent programs.

    python build_scripts/check_explain.py [--games 12] [--seed 1] [--noise 0.1]
        [--bitbully /tmp/bbvenv/bin/python]

Games are played by the depth search at the levels' depths (a depth drawn for each side
from Beginner's to Hard's, ties broken at random, and ``--noise`` of the moves a random
column: the slips that tactics punish) from seeded openings of two to four random moves,
so every seed gives games no test has seen.  Each is reviewed as ``python
-m game.ai review --explain`` does (the exact solver, the shipped opening book), and then:

* **the values**: the best and played score of every move against BitBully (PyPI
  ``bitbully``, installed in a virtual environment of its own: ``python3 -m venv
  /tmp/bbvenv && /tmp/bbvenv/bin/pip install bitbully``; never a dependency of the game),
  which scores every column of the position before the move: the best is their maximum,
  the move played its column's score.  Without ``--bitbully``, a fresh exact solver of
  this engine (no table, no book, no bounds) answers instead, which shares its code;
* **the verdict** of every move from those values (:func:`game.ai.judge.verdict_of`);
* **the reason** of every mistake and blunder against ``plain_reasons.py`` (a grid of
  lists and plain loops, no bitboards) given those values;
* **a deciding threat**, where the review names one: every move of its line a best move
  by the same independent scores, the line's last disc a four on the cell, the cell
  already a threat of the winner after the move (after the best move for a mistake's
  lost win) where the review says so, and where it says the end is a zugzwang, every move
  the loser had there letting the winner win at once (the plain test again).

It prints the reasons found, how many long-term reasons name a deciding threat, and
every disagreement; the exit status is 1 if there is any.
"""

from __future__ import annotations

import argparse
import collections
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import benchlib
import plain_reasons as plain

from game.ai.columns import column_values
from game.ai.engine import Engine
from game.ai.judge import MoveReview, MoveVerdict, verdict_of
from game.ai.review import review_game
from game.ai.review_driver import ReviewOptions
from game.ai.search import DepthSearch
from game.ai.solver import Solver
from game.core import Board

DEPTHS = (1, 3, 6, 9)
"""Beginner's to Hard's depths (:mod:`game.ai.levels`)."""

BITBULLY_SCRIPT = """
import sys
import bitbully
agent = bitbully.BitBully()
for line in sys.stdin:
    moves = line.strip()
    board = bitbully.Board.from_moves([int(c) - 1 for c in moves])
    scores = agent.score_all_moves(board)
    print(moves or "-", *(f"{col}:{score}" for col, score in sorted(scores.items())), flush=True)
"""

Scores = dict[int, int]
"""Every playable column's score (0-based), the mover's side."""


def level_game(rng: random.Random, search: DepthSearch, noise: float = 0.0) -> Board:
    """A game between two depths drawn from :data:`DEPTHS`, from a random opening; a
    ``noise`` share of the moves is a random column instead (a slip of the hand)."""
    depths = (rng.choice(DEPTHS), rng.choice(DEPTHS))
    opening = "".join(str(rng.randint(1, 7)) for _ in range(rng.randint(2, 4)))
    board = Board.from_moves(opening)
    while not board.is_over:
        found = search.search(board, depths[board.ply % 2], rng=rng).column
        column = rng.choice(board.legal_moves()) if rng.random() < noise else found
        assert column is not None
        board.play(column)
    return board


def ask_bitbully(python: Path) -> Callable[[list[str]], dict[str, Scores]]:
    def ask(positions: list[str]) -> dict[str, Scores]:
        answer = subprocess.run(
            [str(python), "-c", BITBULLY_SCRIPT],
            input="\n".join(positions) + "\n",
            capture_output=True,
            text=True,
            check=True,
        )
        found: dict[str, Scores] = {}
        for line in answer.stdout.splitlines():
            moves, *pairs = line.split()
            found["" if moves == "-" else moves] = {
                int(col): int(score) for col, score in (pair.split(":") for pair in pairs)
            }
        return found

    return ask


def ask_solver(positions: list[str]) -> dict[str, Scores]:
    """Every column's score by a fresh exact solver (no book, no memory of the review)."""
    solver = Solver()
    found: dict[str, Scores] = {}
    for moves in positions:
        valuation = column_values(Board.from_moves(moves), solver=solver)
        assert valuation is not None  # a solver values every column
        found[moves] = {col: score.value for col, score in valuation.analysis.items()}
    return found


def check_move(moves: str, review: MoveReview, scores: Scores) -> list[str]:
    """What is wrong with ``review`` (the move ``review.number`` of ``moves``) given the
    independent ``scores`` of its position's columns."""
    best, played = max(scores.values()), scores[review.column]
    problems = []
    if not (review.best.is_exact and review.played.is_exact):
        return [f"move {review.number}: a value is not exact"]
    if (review.best.value, review.played.value) != (best, played):
        problems.append(
            f"move {review.number}: values {review.best.value} {review.played.value},"
            f" independent {best} {played}"
        )
    verdict = verdict_of(best, played)
    if review.verdict is not verdict:
        problems.append(f"move {review.number}: {review.verdict}, independent {verdict}")
    if not verdict.shows_line:
        if review.reason is not None:
            problems.append(f"move {review.number}: a reason for a {verdict}")
        return problems
    expected = plain.reason(moves, review.ply, verdict is MoveVerdict.BLUNDER, played)
    given = None if review.reason is None else review.reason.code()
    if given != expected:
        problems.append(f"move {review.number}: reason {given}, plain board test {expected}")
    decider = None if review.reason is None else review.reason.decider
    if decider is None:
        return problems
    if decider.owner != (review.mover if decider.lost_win else review.mover.other):
        problems.append(f"move {review.number}: the deciding threat's owner is not the winner")
    return problems


def decider_start(moves: str, review: MoveReview) -> str | None:
    """The position a review's deciding threat is about (after the move, or after the
    best move for a lost win); None without one."""
    decider = None if review.reason is None else review.reason.decider
    if decider is None:
        return None
    column = review.best_column if decider.lost_win else review.column
    return None if column is None else moves[: review.ply] + str(column + 1)


def line_positions(start: str, line: tuple[int, ...]) -> list[str]:
    """The positions along ``line`` from ``start`` where a move is still to come."""
    return [start + "".join(str(col + 1) for col in line[:index]) for index in range(len(line))]


def check_decider(start: str, review: MoveReview, scores: dict[str, Scores]) -> list[str]:
    """What is wrong with the deciding threat of ``review``, from the position ``start``:
    each move of its line best by the independent ``scores``, the line's last disc a
    four on the cell (plain test), the cell a threat from the start if ``now``, and
    every move at the end losing at once if ``forced``."""
    assert review.reason is not None and review.reason.decider is not None
    decider = review.reason.decider
    name = f"move {review.number}: the deciding threat {decider.cell}"
    line = "".join(str(col + 1) for col in decider.line)
    for position, col in zip(line_positions(start, decider.line), decider.line, strict=True):
        known = scores[position]
        if known[col] != max(known.values()):
            return [f"{name}: its line's move {col + 1} after {position} is not a best move"]
    end = start + line
    owner, (col, row) = int(decider.owner), decider.cell
    grid = plain.grid_of(end[:-1])
    if (col + 1, row) != (int(end[-1]), len(grid[col])) or not plain.makes_four(
        grid, owner, col, row
    ):
        return [f"{name}: the line does not end with a four there"]
    if decider.now != plain.is_threat(start, owner, col, row):
        return [f"{name}: 'now' is {decider.now}, the plain test says otherwise"]
    if decider.forced:
        before_last = plain.grid_of(end[:-2])
        for reply in range(plain.COLUMNS):
            if len(before_last[reply]) < plain.ROWS and not plain.wins_now(
                plain.dropped(before_last, reply, 1 - owner), owner
            ):
                return [f"{name}: no zugzwang at the end: column {reply + 1} holds"]
    elif not decider.now:
        return [f"{name}: neither a threat now nor a zugzwang"]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12, help="games to generate and check")
    parser.add_argument("--seed", type=int, default=1, help="the games' seed")
    parser.add_argument(
        "--noise", type=float, default=0.1, help="the share of random moves (slips)"
    )
    parser.add_argument("--bitbully", type=Path, help="the Python of a venv with bitbully")
    args = parser.parse_args(argv)
    for line in benchlib.header_lines():
        print(line)
    rng = random.Random(args.seed)
    search = DepthSearch()
    games = [level_game(rng, search, args.noise) for _ in range(args.games)]
    ask = ask_solver if args.bitbully is None else ask_bitbully(args.bitbully)
    print(f"values from {'a fresh exact solver' if args.bitbully is None else 'BitBully'}")
    reasons: collections.Counter[str] = collections.Counter()
    deciders = long_term = moves_checked = 0
    problems: list[str] = []
    for number, game in enumerate(games, start=1):
        engine = Engine(book=benchlib.shipped_book())
        reviews = review_game(game, engine.reviewer, ReviewOptions(line=0, explain=True))
        starts = {review.number: decider_start(game.moves, review) for review in reviews}
        positions = {game.moves[: review.ply] for review in reviews}
        for review in reviews:
            start = starts[review.number]
            if start is not None and review.reason is not None and review.reason.decider:
                positions.update(line_positions(start, review.reason.decider.line))
        scores = ask(sorted(positions))
        for review in reviews:
            moves_checked += 1
            found = check_move(game.moves, review, scores[game.moves[: review.ply]])
            start = starts[review.number]
            if start is not None:
                found += check_decider(start, review, scores)
            problems += [f"{game.moves}: {problem}" for problem in found]
            if review.reason is not None:
                reasons[str(review.reason.why)] += 1
                if review.reason.why == "long-term":
                    long_term += 1
                    deciders += review.reason.decider is not None
        benchlib.progress(f"game {number}/{len(games)}: {len(problems)} problems so far")
    print(f"{len(games)} games, {moves_checked} moves checked")
    print("reasons: " + ", ".join(f"{why} {count}" for why, count in sorted(reasons.items())))
    print(f"long-term reasons with a deciding threat: {deciders} of {long_term}")
    for problem in problems:
        print("  " + problem)
    print(f"disagreements: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
