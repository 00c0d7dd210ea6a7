"""A plain CPython solver, to calibrate the engine's timings on the machine of the day.

Issue 3's time targets come from the figures of "a plain CPython port" of a
well-known C++ bitboard solver, quoted in ../shared/connect4-testsets/README.md
and measured on another day.  This machine is shared and its speed varies from
day to day by a factor of two, so a time measured here today says little next
to a time measured there then.  This script is a straightforward solver of the
same textbook design, written for this project (not the port itself, which is
not available here): a position object copied for every child, a dictionary as
the transposition table, the moves sorted by the number of winning cells they
leave, null-window searches narrowing the score.  Timing it beside
``bench_engine.py --section solver`` on the same positions, in the same minutes,
says how the engine compares with such a solver on today's machine.

Not part of the game and not a test: nothing in game/ imports it.

Usage::

    python build_scripts/plain_port.py                      # L2_R2 and L1_R1, first 100
    python build_scripts/plain_port.py --set Test_L2_R1=100 --set Test_L3_R1=1000
"""

from __future__ import annotations

import argparse
import sys
import time

import benchlib
from benchlib import TESTSETS, Report, read_set

WIDTH, HEIGHT = 7, 6
SIZE = WIDTH * HEIGHT
BOTTOM = sum(1 << (col * (HEIGHT + 1)) for col in range(WIDTH))
BOARD = BOTTOM * ((1 << HEIGHT) - 1)
ORDER = tuple(WIDTH // 2 + (1 - 2 * (i % 2)) * (i + 1) // 2 for i in range(WIDTH))
"""Columns centre first: 3, 2, 4, 1, 5, 0, 6."""

DEFAULT_SETS = {"Test_L2_R2": 100, "Test_L1_R1": 100}


def column_mask(col: int) -> int:
    return ((1 << HEIGHT) - 1) << (col * (HEIGHT + 1))


def top_cell(col: int) -> int:
    return 1 << (HEIGHT - 1 + col * (HEIGHT + 1))


def winning_cells(stones: int, mask: int) -> int:
    """The empty cells that would complete a four of ``stones``."""
    found = (stones << 1) & (stones << 2) & (stones << 3)
    for step in (HEIGHT + 1, HEIGHT, HEIGHT + 2):
        pair = (stones << step) & (stones << 2 * step)
        found |= pair & (stones << 3 * step)
        found |= pair & (stones >> step)
        pair = (stones >> step) & (stones >> 2 * step)
        found |= pair & (stones << step)
        found |= pair & (stones >> 3 * step)
    return found & (BOARD ^ mask)


class Position:
    """The textbook position: the mover's stones, all stones, the move count."""

    __slots__ = ("current", "mask", "moves")

    def __init__(self, current: int = 0, mask: int = 0, moves: int = 0) -> None:
        self.current, self.mask, self.moves = current, mask, moves

    def copy(self) -> Position:
        return Position(self.current, self.mask, self.moves)

    def can_play(self, col: int) -> bool:
        return not self.mask & top_cell(col)

    def play(self, move: int) -> None:
        """Play the cell ``move`` (one bit); the other player is to move next."""
        self.current ^= self.mask
        self.mask |= move
        self.moves += 1

    def play_column(self, col: int) -> None:
        self.play((self.mask + (1 << (col * (HEIGHT + 1)))) & column_mask(col))

    def key(self) -> int:
        return self.current + self.mask

    def possible(self) -> int:
        return (self.mask + BOTTOM) & BOARD

    def can_win_next(self) -> bool:
        return bool(winning_cells(self.current, self.mask) & self.possible())

    def non_losing_moves(self) -> int:
        possible = self.possible()
        threats = winning_cells(self.current ^ self.mask, self.mask)
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return 0
            possible = forced
        return possible & ~(threats >> 1)

    def move_score(self, move: int) -> int:
        return winning_cells(self.current | move, self.mask).bit_count()


class PlainSolver:
    """Negamax with alpha-beta, a dictionary table of bounds, sorted moves."""

    def __init__(self) -> None:
        self.table: dict[int, int] = {}
        self.nodes = 0

    def negamax(self, pos: Position, alpha: int, beta: int) -> int:
        """The score of ``pos`` within (alpha, beta); requires no immediate win."""
        self.nodes += 1
        moves = pos.non_losing_moves()
        if not moves:
            return -((SIZE - pos.moves) // 2)
        if pos.moves >= SIZE - 2:
            return 0
        # The window narrowed by the score's range at this ply: closed by the lowest
        # score, it returns that; closed by the highest, that one.
        low = -((SIZE - 2 - pos.moves) // 2)
        high = (SIZE - 1 - pos.moves) // 2
        alpha = low if alpha < low else alpha
        narrowed = high if beta > high else beta
        if alpha >= narrowed:
            return alpha if narrowed == beta else narrowed
        beta = narrowed
        # Then by the table's bound: a window it closes returns the bound.
        key = pos.key()
        entry = self.table.get(key)
        if entry is not None:
            value = entry >> 1
            if entry & 1:  # a lower bound
                alpha = value if alpha < value else alpha
            else:  # an upper bound
                beta = value if beta > value else beta
            if alpha >= beta:
                return value
        scored = []
        for rank, col in enumerate(ORDER):
            move = moves & column_mask(col)
            if move:
                scored.append((pos.move_score(move), -rank, move))
        scored.sort(reverse=True)
        for _, _, move in scored:
            child = pos.copy()
            child.play(move)
            score = -self.negamax(child, -beta, -alpha)
            if score >= beta:
                self.table[key] = score << 1 | 1
                return score
            alpha = max(alpha, score)
        self.table[key] = alpha << 1
        return alpha

    def solve(self, pos: Position) -> int:
        """The exact score (the test sets' convention), by null-window searches."""
        if pos.can_win_next():
            return (SIZE + 1 - pos.moves) // 2
        low, high = -((SIZE - pos.moves) // 2), (SIZE + 1 - pos.moves) // 2
        while low < high:
            med = low + (high - low) // 2
            # Halving towards zero (C's division), not Python's floor.
            if med <= 0 and -(-low // 2) < med:
                med = -(-low // 2)
            elif med >= 0 and high // 2 > med:
                med = high // 2
            result = self.negamax(pos, med, med + 1)
            if result <= med:
                high = result
            else:
                low = result
        return low


def parse_set(text: str) -> tuple[str, int]:
    name, _, count = text.partition("=")
    if not count.isdigit():
        raise argparse.ArgumentTypeError(f"expected NAME=COUNT, e.g. Test_L2_R2=100, not {text!r}")
    return name, int(count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", type=parse_set, action="append", metavar="NAME=COUNT")
    args = parser.parse_args(argv)
    sets = dict(args.set) if args.set else DEFAULT_SETS
    benchlib.progress(benchlib.interpreter())
    report = Report()
    rows: list[list[str]] = []
    for name, count in sets.items():
        if not (TESTSETS / name).is_file():
            benchlib.progress(f"{name}: not found in {TESTSETS}, skipped")
            continue
        positions = read_set(name, count)
        times: list[float] = []
        nodes = mismatches = 0
        for moves, expected in positions:
            pos = Position()
            for char in moves:
                pos.play_column(int(char) - 1)
            solver = PlainSolver()  # an empty table for each position
            start = time.perf_counter()
            score = solver.solve(pos)
            times.append(time.perf_counter() - start)
            nodes += solver.nodes
            mismatches += score != expected
        total = sum(times)
        rows.append(
            [
                name,
                str(len(positions)),
                str(mismatches),
                benchlib.ms(total / len(positions)),
                benchlib.ms(max(times)),
                f"{nodes / len(positions):,.0f}",
                f"{nodes / total / 1e3:,.0f}" if total > 0 else "-",
            ]
        )
        benchlib.progress(f"{name}: {len(positions)} solved")
    header = ["set", "count", "mismatches", "mean ms", "max ms", "mean nodes", "knodes/s"]
    report.table("plain", header, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
