"""The exact solver: the game-theoretic score of a position, and its best move.

Scores follow the convention of :mod:`game.ai.score` (the public test sets):
``22 - k`` for a win with the winner's ``k``-th stone, negated for a loss, 0 for
a draw, always seen by the player to move.

:class:`Solver` narrows the score with a bisection of null-window probes
(:func:`~game.ai.kernel.next_probe`), each one a call of the kernel's recursion
(:class:`game.ai.kernel.SolverKernel`, whose docstring states the search
contract, the follow-up bounds and the table entries).  Weak solving asks only
win / draw / loss (-1, 0, 1) with a window of (-1, 1), which prunes far more.
"""

from __future__ import annotations

from types import ModuleType
from typing import Final, NamedTuple

from game.ai import kernel as pure_kernel
from game.ai.backend import KERNEL
from game.ai.control import StopControl
from game.ai.kernel import NO_GUESS
from game.ai.score import ScoreWindow
from game.core.bitboard import BOARD, BOTTOM, CELLS, Bitboard, Column

DEFAULT_CAPACITY: Final = 1 << 21
"""Slots of a solver's tables by default, 8 bytes each: 16 MiB in all (see
:class:`game.ai.kernel.Table`; the tuning record has the measurements)."""
SLOT_BYTES: Final = pure_kernel.SLOT_BYTES


class Solution(NamedTuple):
    """The exact result for one position: its score, a best move, and the effort.

    (A named tuple: made for every solve, it costs a third of a frozen dataclass, which
    counts where a solve takes a few microseconds.)"""

    score: int
    column: Column | None
    nodes: int


class Solver:
    """Solves positions exactly, reusing its transposition table between calls.

    Positions are given as the raw bitboards ``current`` (stones of the player to
    move), ``mask`` (all stones) and ``ply`` (moves played); the game must not be
    over.  Every method accepts a :class:`StopControl` and lets its
    :class:`~game.ai.control.SearchStopped` escape when a limit is reached.
    ``capacity`` is the number of slots of its two tables together (8 bytes each; the
    small one takes :data:`~game.ai.kernel.DEEP_SLOTS` of them, or a quarter of a small
    capacity; each has at least 2**17); ``pure`` runs the pure-Python kernel whatever
    :mod:`game.ai.backend` chose (the tests compare the two), and ``kernel`` another build
    of :mod:`game.ai.kernel` (the benchmarks compare one commit's with another's).
    """

    def __init__(
        self, capacity: int = DEFAULT_CAPACITY, *, pure: bool = False, kernel: ModuleType = KERNEL
    ) -> None:
        if pure:
            kernel = pure_kernel
        self.kernel = kernel
        deep = min(kernel.DEEP_SLOTS, max(capacity // 4, 1))
        self.table = kernel.Table(max(capacity - deep, 1), kernel.SOLVER_ENTRY_BITS)
        self.deep_table = kernel.Table(deep, kernel.SOLVER_ENTRY_BITS)
        self._search = kernel.SolverKernel(self.table, self.deep_table)
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
        return self._run((current, mask, ply), weak, (-CELLS, CELLS), control, None)

    def solve_within(
        self,
        current: Bitboard,
        mask: Bitboard,
        ply: int,
        bounds: tuple[int, int] | ScoreWindow,
        *,
        control: StopControl | None = None,
    ) -> Solution:
        """As :meth:`solve` (exact), where the caller knows the score to lie within
        ``bounds`` (lowest, highest; a parent's book value bounds its children's, for
        one): the search starts from them, and asks first whether the score is the lower.
        A :class:`ScoreWindow` with a guess asks first whether the score is the guess instead.
        """
        guess = bounds.guess if isinstance(bounds, ScoreWindow) else None
        low_high = (bounds[0], bounds[1])
        return self._run((current, mask, ply), False, low_high, control, guess)

    def _run(
        self,
        position: tuple[Bitboard, Bitboard, int],
        weak: bool,
        bounds: tuple[int, int],
        control: StopControl | None,
        guess: int | None,
    ) -> Solution:
        current, mask, ply = position
        if not (mask + BOTTOM) & BOARD:
            raise ValueError("the board is full")
        search = self._search
        search.start(control)
        try:
            expected = NO_GUESS if guess is None else guess
            score = search.solve(current, mask, ply, weak, bounds[0], bounds[1], expected)
        finally:
            self.nodes = search.nodes
        return Solution(score, search.best_column, self.nodes)

    def clear(self) -> None:
        """Forget every position searched so far (both tables)."""
        self.table.clear()
        self.deep_table.clear()

    @property
    def max_bytes(self) -> int:
        """The memory of both tables."""
        return int(self.table.max_bytes + self.deep_table.max_bytes)
