"""The exact solver: the game-theoretic score of a position, and its best move.

Scores follow the convention of :mod:`game.ai.requests` (the public test sets):
``22 - k`` for a win with the winner's ``k``-th stone, negated for a loss, 0 for
a draw, always seen by the player to move.

:class:`Solver` narrows the score with a bisection of null-window probes
(:func:`next_probe`), each one a call of the kernel's recursion
(:class:`game.ai.kernel.SolverKernel`, whose docstring states the search
contract, the claimeven bound and the table entries).  Weak solving asks only
win / draw / loss (-1, 0, 1) with a window of (-1, 1), which prunes far more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.ai import kernel as pure_kernel
from game.ai.backend import KERNEL
from game.ai.control import StopControl
from game.ai.kernel import loss_next_score, win_now_score
from game.core.bitboard import BOARD, BOTTOM, CENTRE_FIRST, Bitboard, Column, column_cells

NO_MOVE: Final = len(CENTRE_FIRST)
"""The column of "no move known" (the kernel's ``NO_MOVE``)."""
DEFAULT_CAPACITY: Final = 1 << 21
"""Slots of a solver's table by default: 16 MiB (see :class:`game.ai.kernel.Table`).

A table much larger than the CPU cache makes every probe a trip to memory: on the first
100 positions of Test_L2_R2 (about 32,000 nodes each, compiled, table reset per position,
the sizes alternating in one run) 2**20 slots took 4.2 ms a position, 2**21 4.4 ms, 2**22
4.7 ms and 2**23 5.5 ms.  Long searches want room instead: on the first 4 of Test_L1_R3,
2**23 slots searched 17.5 M nodes a position and 2**20 24.3 M (in about the same time).
Searches that long (the book generator's) choose their own size."""


def _half_toward_zero(value: int) -> int:
    return -((-value) // 2) if value < 0 else value // 2


FAR_PROBES: Final = 3
"""How many probes of a solve may look beyond the midpoint (see :func:`next_probe`)."""


def next_probe(low: int, high: int, probes: int) -> int:
    """The alpha of the next null-window probe, for a score known to lie in ``[low, high]``
    (``low < high``) after ``probes`` probes.

    The first :data:`FAR_PROBES` probes go to half of a bound when that lies beyond the
    midpoint: a fast win or loss is cheap to prove, and these probes find one in a few
    steps.  After them the score is usually small, every probe close to it is costly,
    and plain bisection (the midpoint rounded toward zero) makes the fewest.  Measured
    on the first 300 positions of Test_L2_R2, against going beyond the midpoint
    throughout: 30,015 -> 28,500 nodes a position, 231 -> 219 ms (the two alternating
    position by position in one process); Test_L1_R1 (first 100) unchanged, 2,938
    nodes.  With two such probes the 300 took 29,652; with four, the first 100 took 33,913
    against 31,923 with three.
    """
    middle = low + (high - low) // 2
    if probes < FAR_PROBES:
        if middle <= 0 and _half_toward_zero(low) < middle:
            return _half_toward_zero(low)
        if middle >= 0 and _half_toward_zero(high) > middle:
            return _half_toward_zero(high)
    elif middle < 0 and (high - low) % 2 and middle + 1 < high:
        middle += 1  # rounded toward zero, not down
    return middle


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact result for one position: its score, a best move, and the effort."""

    score: int
    column: Column | None
    nodes: int


class Solver:
    """Solves positions exactly, reusing its transposition table between calls.

    Positions are given as the raw bitboards ``current`` (stones of the player to
    move), ``mask`` (all stones) and ``ply`` (moves played); the game must not be
    over.  Every method accepts a :class:`StopControl` and lets its
    :class:`~game.ai.control.SearchStopped` escape when a limit is reached.
    ``capacity`` is the table's number of slots (rounded up to a power of two, at
    least 2**17); ``pure`` runs the pure-Python kernel whatever :mod:`game.ai.backend`
    chose (the tests compare the two).
    """

    def __init__(self, capacity: int = DEFAULT_CAPACITY, *, pure: bool = False) -> None:
        kernel = KERNEL
        if pure:
            kernel = pure_kernel
        self.kernel = kernel
        self.table = kernel.Table(capacity, kernel.SOLVER_ENTRY_BITS)
        self.nodes = 0
        """Nodes of the last call."""

    def solve(
        self,
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        *,
        weak: bool = False,
        control: StopControl | None = None,
    ) -> Solution:
        """The exact score (weak: only its sign) and a move achieving it.

        The move is None only when the player to move has no legal move.
        """
        winning_cells = self.kernel.winning_cells
        mover_wins = winning_cells(current, mask)
        playable = (mask + BOTTOM) & BOARD
        if not playable:
            raise ValueError("the board is full")
        if mover_wins & playable:
            self.nodes = 1
            col = _first_column(mover_wins & playable)
            return Solution(1 if weak else win_now_score(ply), col, 1)

        opponent_wins = winning_cells(current ^ mask, mask)
        search = self.kernel.SolverKernel(self.table, control)
        low, high = loss_next_score(ply), win_now_score(ply)
        if weak:
            low, high = -1, 1
        best = NO_MOVE
        probes = 0
        try:
            while low < high:
                middle = next_probe(low, high, probes)
                probes += 1
                result = search.probe(current, mask, ply, middle, opponent_wins)
                if result <= middle:
                    high = result
                else:
                    low = result
                    best = search.cut_column
        finally:
            self.nodes = search.nodes
        if weak:
            low = max(-1, min(1, low))
        if best == NO_MOVE:
            # No move was ever proven better than losing as fast as possible:
            # any move that does not lose at once is as good as another.
            safe = self.kernel.safe_moves(mask, opponent_wins) or playable
            best = _first_column(safe)
        return Solution(low, best, self.nodes)

    def analyze(
        self,
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        *,
        control: StopControl | None = None,
    ) -> list[int | None]:
        """The exact score of playing each column (None for a full column),
        seen by the player to move now."""
        scores: list[int | None] = []
        total = 0
        mover_wins = self.kernel.winning_cells(current, mask)
        for col in range(NO_MOVE):
            move = (mask + BOTTOM) & column_cells(col)
            if not move:
                scores.append(None)
            elif move & mover_wins:
                scores.append(win_now_score(ply))
            else:
                after = mask | move
                if after == BOARD:
                    scores.append(0)
                    continue
                child = self.solve(current ^ mask, after, ply + 1, control=control)
                total += child.nodes
                scores.append(-child.score)
        self.nodes = total
        return scores


def _first_column(cells: Bitboard) -> Column:
    """The most central column holding one of ``cells``."""
    for col in CENTRE_FIRST:
        if cells & column_cells(col):
            return col
    raise ValueError("no cell given")
