"""Check the exact opening book against independent solvers, ply by ply.

    python build_scripts/book_against_reference.py [--pons /tmp/pons/c4solver]
        [--bitbully /tmp/bbvenv/bin/python] [--per-ply 300] [--seed 1] [--book PATH]
        [--results FILE]

The book's own generator solved it with this engine's solver; this script asks programs
that share none of its code:

* Pascal Pons' C++ solver (github.com/PascalPons/connect4, AGPL: build it in /tmp with
  ``make c4solver``, never copy its code here), which reads a position a line and prints
  its exact score.  Early positions take it minutes each, so every answer is appended to
  ``--results`` at once and a new run skips what that file holds.
* BitBully (PyPI ``bitbully``, with its 12-ply database of exact distances), installed in a
  virtual environment of its own (``python3 -m venv /tmp/bbvenv && /tmp/bbvenv/bin/pip
  install bitbully``), never a dependency of the game: ``--bitbully`` names that
  environment's Python, which scores every column and so gives the position's score as
  the best of them.

The sample: for every ply the book covers (one past its last where it keeps the value
of every column there), every position when there are at most
``--per-ply`` of them (one of each mirror pair), else that many at random.  Each position
is asked as a move string that reaches it.  Exit status 1 if any score disagrees.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from game.ai.book import BOOK_FILE, OpeningBook, canonical
from game.core import WIDTH, Board

DEFAULT_BOOK = Path(__file__).resolve().parent.parent / "assets" / BOOK_FILE
DEFAULT_RESULTS = Path("/tmp/book_reference.txt")

BITBULLY_SCRIPT = """
import sys
import bitbully
agent = bitbully.BitBully()
for line in sys.stdin:
    moves = line.strip()
    board = bitbully.Board.from_moves([int(c) - 1 for c in moves])
    scores = agent.score_all_moves(board)
    print(moves, max(scores.values()), flush=True)
"""


def positions_by_ply(last_ply: int) -> list[dict[int, str]]:
    """A move string for every position of each ply up to ``last_ply`` where the game goes
    on, one per mirror pair (``[ply]``: canonical key to moves)."""
    layers = [{canonical(0, 0): ""}]
    boards = {"": Board()}
    for _ply in range(last_ply):
        following: dict[int, str] = {}
        next_boards: dict[str, Board] = {}
        for moves in layers[-1].values():
            board = boards[moves]
            for col in board.legal_moves():
                if board.is_winning_move(col):
                    continue
                child = board.copy()
                child.play(col)
                if child.is_over:
                    continue
                key = canonical(child.current, child.mask)
                if key not in following:
                    following[key] = moves + str(col + 1)
                    next_boards[following[key]] = child
        layers.append(following)
        boards = next_boards
    return layers


def sample(layers: list[dict[int, str]], per_ply: int, rng: random.Random) -> list[str]:
    chosen: list[str] = []
    for layer in layers:
        moves = sorted(layer.values())
        chosen += moves if len(moves) <= per_ply else rng.sample(moves, per_ply)
    return chosen


def read_results(path: Path) -> dict[str, int]:
    done: dict[str, int] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            fields = line.split()
            if len(fields) == 2 and fields[1].lstrip("-").isdigit():
                done[fields[0]] = int(fields[1])
            elif len(fields) == 1 and fields[0].lstrip("-").isdigit():
                done[""] = int(fields[0])  # the empty board
    return done


def ask_pons(program: Path, results: Path) -> Callable[[list[str]], dict[str, int]]:
    def ask(positions: list[str]) -> dict[str, int]:
        done = read_results(results)
        todo = [moves for moves in positions if moves not in done]
        # Quick ones first, so that an interrupted run has answered the most.
        todo.sort(key=len, reverse=True)
        with results.open("a") as out:
            for moves in todo:
                answer = subprocess.run(
                    [str(program)],
                    input=moves + "\n",
                    capture_output=True,
                    text=True,
                    check=True,
                )
                score = int(answer.stdout.split()[-1])
                done[moves] = score
                out.write(f"{moves} {score}\n")
                out.flush()
        return done

    return ask


def ask_bitbully(python: Path) -> Callable[[list[str]], dict[str, int]]:
    def ask(positions: list[str]) -> dict[str, int]:
        answer = subprocess.run(
            [str(python), "-c", BITBULLY_SCRIPT],
            input="\n".join(positions) + "\n",
            capture_output=True,
            text=True,
            check=True,
        )
        done: dict[str, int] = {}
        for line in answer.stdout.splitlines():
            fields = line.split()
            if len(fields) == 1:
                done[""] = int(fields[0])
            else:
                done[fields[0]] = int(fields[1])
        return done

    return ask


def compare(book: OpeningBook, positions: list[str], answers: dict[str, int], name: str) -> int:
    """Print the tally per ply; returns how many disagree."""
    wrong = 0
    per_ply: dict[int, list[int]] = {}
    for moves in positions:
        if moves not in answers:
            continue
        board = Board.from_moves(moves)
        known = book.score(board.current, board.mask)
        mine = None if known is None else known.value
        tally = per_ply.setdefault(board.ply, [0, 0])
        tally[0] += 1
        if mine != answers[moves]:
            tally[1] += 1
            wrong += 1
            print(f"  {moves or '(empty)'}: book {mine}, {name} {answers[moves]}")
    for ply in sorted(per_ply):
        checked, bad = per_ply[ply]
        print(f"{name}: ply {ply}: {checked} positions checked, {bad} disagree")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--book", type=Path, default=DEFAULT_BOOK)
    parser.add_argument("--pons", type=Path, help="Pons' c4solver, built in /tmp")
    parser.add_argument("--bitbully", type=Path, help="the Python of a venv with bitbully")
    parser.add_argument("--per-ply", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", type=Path, default=DEFAULT_RESULTS)
    args = parser.parse_args(argv)
    if args.pons is None and args.bitbully is None:
        parser.error("name at least one reference: --pons or --bitbully")
    book = OpeningBook.load(args.book)
    if book.first_ply != 0:
        parser.error(f"{args.book} is not a book from the empty board")
    # Where the book keeps the last-ply values, it knows the next ply too.
    last_ply = book.last_ply + book.covers_next_ply
    layers = positions_by_ply(last_ply)
    positions = sample(layers, args.per_ply, random.Random(args.seed))
    print(f"{len(positions)} positions of plies 0-{last_ply} ({WIDTH} columns)")
    wrong = 0
    if args.bitbully is not None:
        wrong += compare(book, positions, ask_bitbully(args.bitbully)(positions), "BitBully")
    if args.pons is not None:
        wrong += compare(book, positions, ask_pons(args.pons, args.results)(positions), "Pons")
    print("all agree" if wrong == 0 else f"{wrong} DISAGREE")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
