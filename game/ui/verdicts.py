"""What a column is worth, as the player is told it: the analysis row above the board and
the side panel both say it from one :class:`Verdict`, so they always agree.

Exact results (the solver or the opening book proved them) are a win, a draw or a
loss, with the number of moves where it is known; a win or loss a shorter search
proved comes with the most moves it can take ("at most").  Anything else is the
search's estimate, on a five-step scale from strong to bad.  Each has a symbol as well
as a colour, so that no one needs to tell colours apart.  The raw engine scores stay
available to experts (``str(score)``, a setting).  The words themselves are the
play screen's (:mod:`game.ui.scenes.play.texts`).

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.ai.score import HEURISTIC_UNIT, Score

Kind = Literal["win", "draw", "loss", "better", "even", "worse"]
"""What a column leads to; the first three are proven, the rest estimates."""
Estimate = Literal["strong", "good", "even", "weak", "bad"]

ESTIMATES: tuple[tuple[int, Estimate, Kind], ...] = (
    (150, "strong", "better"),
    (40, "good", "better"),
    (-39, "even", "even"),
    (-149, "weak", "worse"),
    (-HEURISTIC_UNIT, "bad", "worse"),
)
"""The estimate scale: (lowest evaluation, step, kind), best first.  The evaluation's
largest single term is 200 (a parity or zugzwang advantage), so "strong" means the
search found about that much for the mover, "good" a smaller edge."""

ESTIMATE_SYMBOLS: dict[Estimate, str] = {
    "strong": "\u25b2\u25b2",
    "good": "\u25b2",
    "even": "\u2248",
    "weak": "\u25bc",
    "bad": "\u25bc\u25bc",
}

WIN, DRAW, LOSS = "\u2713", "=", "\u00d7"
"""The marks of a win, a draw and a loss.  The loss's is the multiplication sign: the
bundled font draws the ballot x (U+2717) as one anyway, and README shows the same."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One column's value for the player to move.

    ``moves`` is how many moves the winner still plays, its winning one included
    (None for a draw, an estimate, or a result whose length is not known, as where
    the opening book keeps results alone);
    ``at_most`` says that the winner may be faster.  ``estimate`` is the step of the
    scale when the value is not proven (then ``kind`` is "better", "even" or "worse").
    """

    kind: Kind
    symbol: str
    moves: int | None = None
    at_most: bool = False
    estimate: Estimate | None = None

    @property
    def exact(self) -> bool:
        """Whether the result is proven (win, draw or loss), not an estimate."""
        return self.estimate is None


def verdict(score: Score, *, ply: int) -> Verdict:
    """The verdict on a column whose score (for the player to move, in a position with
    ``ply`` moves played) the analysis gave."""
    result = score.result
    if result is None:
        step, kind = next(
            ((step, kind) for lowest, step, kind in ESTIMATES if score.units >= lowest),
            ("bad", "worse"),
        )
        return Verdict(kind, ESTIMATE_SYMBOLS[step], estimate=step)
    if result == 0:
        return Verdict("draw", DRAW)
    # A result alone (the opening book's first plies) says nothing of the length.
    moves = score.stones_to_win(ply) if score.length_known else None
    at_most = moves is not None and not score.is_exact
    if result > 0:
        return Verdict("win", WIN, moves, at_most=at_most)
    return Verdict("loss", LOSS, moves, at_most=at_most)
