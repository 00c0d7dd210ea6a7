"""What a position or a move is worth: a :class:`Score`, and an :class:`Analysis` of every
column.

**The convention** (Pascal Pons', the one of the public test sets), always from the point
of view of the player to move:

* ``0``: a draw with best play;
* ``s > 0``: the player to move wins; ``s = 22 - k`` where ``k`` is the number of stones
  the winner has on the board once it plays its winning stone.  Faster wins score higher:
  winning with your 4th stone is 18, with your 21st is 1;
* ``s < 0``: the opponent wins, on the same scale negated.

**Four kinds of score**, one type (as python-chess's ``Score`` covers ``Cp`` and ``Mate``):

=============  ===================================================================
``EXACT``      the game-theoretic value ``s`` (the solver, the book, a search that
               saw the end)
``AT_LEAST``   a proven bound: the value is ``s`` or more.  A win a depth-limited
               search proved (the winner may win faster still), or a weak solve's
               win (at least 1: the result alone; :meth:`Score.bound`)
``AT_MOST``    the same for a loss: the value is ``s`` or less
``ESTIMATE``   no proof: the evaluation of a depth-limited search, in thousandths of a
               proven result (strictly between ``-HEURISTIC_UNIT`` and
               ``HEURISTIC_UNIT``; positive favours the player to move)
=============  ===================================================================

Scores compare in one order: every proven win above every estimate, every estimate above
every proven loss, faster wins above slower ones; a bound ranks as its bound (``at most
-3`` just below exact ``-3``, ``at least 3`` just above exact ``3``).  ``str(score)`` is the
engine's number (``+3``, ``≥+2``, ``≤-4``, ``~+42``); :meth:`Score.describe` says it in
words for a position of a given ply (``win in 3``, ``loss in at most 5``, ``+0.42``).

Imports :mod:`game.core` only: the window reads scores without loading the engine.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final, NamedTuple

from game.core.bitboard import CELLS, CENTRE_FIRST, WIDTH, Column

HEURISTIC_UNIT: Final = 1000
"""A proven score ``s`` is ``s * HEURISTIC_UNIT`` inside the depth-limited search, so that
every estimate (strictly between -1000 and 1000) sits between a proven loss and a proven
win."""

MAX_SCORE: Final = (CELLS + 1) // 2 - 3
"""The best exact score: a win with the winner's 4th stone (18 on 7x6)."""

LIMIT: Final = CELLS // 2
"""No proven score is beyond this either way (the kernel's bounds may touch it)."""


class ScoreKind(enum.Enum):
    """What a :class:`Score`'s value says (the table in the module docstring)."""

    EXACT = "exact"
    AT_LEAST = "at least"
    AT_MOST = "at most"
    ESTIMATE = "estimate"


_ORDER_IN_TIES: Final = {
    ScoreKind.AT_MOST: 0,
    ScoreKind.ESTIMATE: 1,
    ScoreKind.EXACT: 2,
    ScoreKind.AT_LEAST: 3,
}
"""How scores of the same value rank: at most ``s`` < exactly ``s`` < at least ``s`` (and
an even estimate below a proven draw), so that two scores rank the same only when equal."""
_TURNED: Final = {
    ScoreKind.EXACT: ScoreKind.EXACT,
    ScoreKind.AT_LEAST: ScoreKind.AT_MOST,
    ScoreKind.AT_MOST: ScoreKind.AT_LEAST,
    ScoreKind.ESTIMATE: ScoreKind.ESTIMATE,
}
"""A bound seen by the other player bounds the other way."""


def stones_to_win(score: int, ply: int) -> int:
    """How many more stones the winner plays, its winning stone included.

    ``score`` is a proven score (non-zero, Pons' units) of a position with ``ply`` moves
    played, seen by the player to move.
    """
    winner_is_mover = score > 0
    mover_stones = ply // 2
    winner_stones = mover_stones if winner_is_mover else ply - mover_stones
    return (CELLS // 2 + 1 - abs(score)) - winner_stones


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Score:
    """One score (see the module docstring); make it with the class methods.

    ``value`` is in Pons' units for a proven kind and in thousandths of a proven result
    for an estimate.  Immutable, hashable and picklable (it crosses the worker's pipe).
    """

    value: int
    kind: ScoreKind = ScoreKind.EXACT

    def __post_init__(self) -> None:
        if self.kind is ScoreKind.ESTIMATE:
            if not -HEURISTIC_UNIT < self.value < HEURISTIC_UNIT:
                raise ValueError(f"an estimate is strictly inside ±{HEURISTIC_UNIT}: {self.value}")
        elif not -LIMIT <= self.value <= LIMIT:
            raise ValueError(f"a proven score is within ±{LIMIT}: {self.value}")

    # -- making one

    @classmethod
    def exact(cls, value: int) -> Score:
        return cls(value, ScoreKind.EXACT)

    @classmethod
    def estimate(cls, value: int) -> Score:
        return cls(value, ScoreKind.ESTIMATE)

    @classmethod
    def bound(cls, value: int) -> Score:
        """A proven win or loss (``value`` non-zero) the winner may reach sooner still:
        a win of at least ``value``, or a loss of at most ``value``."""
        if not value:
            raise ValueError("a bound is a proven win or loss, not 0")
        return cls(value, ScoreKind.AT_LEAST if value > 0 else ScoreKind.AT_MOST)

    @classmethod
    def of_result(cls, sign: int) -> Score:
        """A result alone (a weak solve's 1, 0 or -1): a win of unknown length is at
        least 1, a loss at most -1, and a draw is exactly 0."""
        return cls.bound(sign) if sign else DRAW

    @classmethod
    def win_now(cls, ply: int) -> Score:
        """The player to move wins with its next stone, after ``ply`` moves."""
        return cls.exact((CELLS + 1 - ply) // 2)

    @classmethod
    def from_search(cls, units: int, *, exact: bool) -> Score:
        """A depth-limited search's score (proven results are multiples of
        :data:`HEURISTIC_UNIT`): ``exact`` when the search proved it is the value, else a
        proven result is a bound (the winner may be faster) and the rest an estimate."""
        proven = units % HEURISTIC_UNIT == 0
        if exact and proven:
            return cls.exact(units // HEURISTIC_UNIT)
        if proven and units:
            return cls.bound(units // HEURISTIC_UNIT)
        return cls.estimate(units)

    # -- what it says

    @property
    def is_exact(self) -> bool:
        return self.kind is ScoreKind.EXACT

    @property
    def result(self) -> int | None:
        """The proven result for the player to move: 1 a win, 0 a draw, -1 a loss; None
        for an estimate or a bound that leaves the result open."""
        sign = (self.value > 0) - (self.value < 0)
        if self.kind is ScoreKind.EXACT:
            return sign
        if (self.kind is ScoreKind.AT_LEAST and sign > 0) or (
            self.kind is ScoreKind.AT_MOST and sign < 0
        ):
            return sign
        return None

    @property
    def length_known(self) -> bool:
        """Whether a proven win or loss says how soon it ends: not for a result alone
        (a bound of ±1, the weakest there is)."""
        return self.result not in (None, 0) and (self.is_exact or abs(self.value) > 1)

    def stones_to_win(self, ply: int) -> int | None:
        """How many more stones the winner plays (the winning one included) in a position
        of ``ply`` moves, at most that many for a bound; None for a draw, an estimate, or
        an open bound."""
        if self.result in (None, 0):
            return None
        return stones_to_win(self.value, ply)

    @property
    def units(self) -> int:
        """The score on the depth search's scale: a proven value times
        :data:`HEURISTIC_UNIT`, an estimate as it is."""
        return self.value if self.kind is ScoreKind.ESTIMATE else self.value * HEURISTIC_UNIT

    def _rank(self) -> tuple[int, int]:
        return self.units, _ORDER_IN_TIES[self.kind]

    def __lt__(self, other: Score) -> bool:
        return self._rank() < other._rank()

    def __neg__(self) -> Score:
        """The same score seen by the other player (a bound turns round)."""
        return Score(-self.value, _TURNED[self.kind])

    def describe(self, ply: int) -> str:
        """In words, for a position of ``ply`` moves: ``"win in 3"``, ``"loss in 5"``,
        ``"draw"``, ``"win in at most 4"``, ``"win"`` (a result alone), or a signed
        estimate like ``"+0.42"``.  Counts are the winner's own moves still to play, the
        winning one included."""
        result = self.result
        if result is None:
            return f"{self.units / HEURISTIC_UNIT:+.2f}"
        if result == 0:
            return "draw"
        word = "win" if result > 0 else "loss"
        if not self.length_known:
            return word
        moves = stones_to_win(self.value, ply)
        return f"{word} in {moves}" if self.is_exact else f"{word} in at most {moves}"

    def __str__(self) -> str:
        """The engine's number: the exact score (``+3``, ``-2``, ``0``), a bound
        (``≥+2``, ``≤-4``), or ``~`` and an estimate in hundredths of a proven result."""
        if self.kind is ScoreKind.ESTIMATE:
            hundredths = round(self.value / HEURISTIC_UNIT * 100)
            return f"~{hundredths:+d}" if hundredths else "~0"
        number = f"{self.value:+d}" if self.value else "0"
        prefix = {ScoreKind.AT_LEAST: "\u2265", ScoreKind.AT_MOST: "\u2264"}.get(self.kind, "")
        return prefix + number


DRAW: Final = Score(0)


class Analysis(Mapping[Column, Score]):
    """The score of playing each playable column (0-based), seen by the player to move
    before the move.  Immutable and picklable; a full column has no entry."""

    __slots__ = ("_scores",)

    def __init__(self, scores: Mapping[Column, Score] | Iterable[tuple[Column, Score]]) -> None:
        pairs = dict(scores)
        if any(not 0 <= col < WIDTH for col in pairs):
            raise ValueError(f"columns are 0 to {WIDTH - 1}: {sorted(pairs)}")
        self._scores: tuple[Score | None, ...] = tuple(pairs.get(col) for col in range(WIDTH))

    def __getitem__(self, col: Column) -> Score:
        score = self._scores[col] if 0 <= col < WIDTH else None
        if score is None:
            raise KeyError(col)
        return score

    def __iter__(self) -> Iterator[Column]:
        return (col for col, score in enumerate(self._scores) if score is not None)

    def __len__(self) -> int:
        return sum(score is not None for score in self._scores)

    def __repr__(self) -> str:
        shown = ", ".join(f"{col}: {score!r}" for col, score in self.items())
        return f"Analysis({{{shown}}})"

    def __reduce__(self) -> tuple[type[Analysis], tuple[dict[Column, Score]]]:
        return Analysis, (dict(self.items()),)

    @property
    def best(self) -> Score:
        """The highest score; raises ValueError when no column is playable."""
        return max(self.values())

    def best_column(self) -> Column:
        """The column to play: the highest score, the most central of equal ones.
        Raises ValueError when no column is playable."""
        if not self:
            raise ValueError("no playable column")
        best = self.best
        return next(col for col in CENTRE_FIRST if col in self and self[col] >= best)

    def mirrored(self) -> Analysis:
        """The analysis of the position's mirror image (columns read right to left)."""
        return Analysis((WIDTH - 1 - col, score) for col, score in self.items())


class ScoreWindow(NamedTuple):
    """Where a caller knows a score to lie (``low`` to ``high``, both included), and the
    score it expects there, if any (a sibling's, say).  The guess only decides which
    probes come first: the answer is the same, sooner when the guess is right."""

    low: int
    high: int
    guess: int | None = None
