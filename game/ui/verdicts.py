"""What a column is worth, in a player's words: the analysis row above the board and
the side panel both say it with :func:`verdict`, so they always agree.

Exact results (the solver or the opening book proved them) are "Win", "Draw" or
"Loss", with "in N moves" where the number is known; a win or loss a shorter search
proved is "Win in at most N moves".  Anything else is the search's estimate, on a
five-step scale from "Strong" to "Bad".  Each has a symbol as well as a colour, so
that no one needs to tell colours apart.  The raw engine scores stay available to
experts (:func:`engine_label`, a setting).

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.ai.requests import HEURISTIC_UNIT, proven_bound, stones_to_win

Kind = Literal["win", "draw", "loss", "better", "even", "worse"]

ESTIMATES: tuple[tuple[int, str, str, Kind], ...] = (
    (150, "Strong", "\u25b2\u25b2", "better"),
    (40, "Good", "\u25b2", "better"),
    (-39, "Even", "\u2248", "even"),
    (-149, "Weak", "\u25bc", "worse"),
    (-HEURISTIC_UNIT, "Bad", "\u25bc\u25bc", "worse"),
)
"""The estimate scale: (lowest evaluation, word, symbol, kind), best first.  The
evaluation's largest single term is 200 (a parity or zugzwang advantage), so "Strong"
means the search found about that much for the mover, "Good" a smaller edge."""

WIN, DRAW, LOSS = "\u2713", "=", "\u2717"


@dataclass(frozen=True, slots=True)
class Verdict:
    """One column's value for the player to move."""

    kind: Kind
    word: str
    """"Win", "Draw", "Loss", or a step of the estimate scale ("Good")."""
    detail: str
    """"in 3 moves", "in at most 5 moves", or ""."""
    symbol: str
    exact: bool
    """Whether the result is proven (win, draw or loss), not an estimate."""

    @property
    def short(self) -> str:
        """The label above the column's top line: the symbol and the word."""
        return f"{self.symbol} {self.word}"

    @property
    def short_detail(self) -> str:
        """The label's second line: "in 3", "in \u22645", or ""."""
        return self.detail.replace(" moves", "").replace(" move", "").replace("at most ", "\u2264")

    def sentence(self, column: int) -> str:
        """The side panel's line for 0-based ``column``: "Column 4: Win in 12 moves"."""
        if self.exact or self.kind in ("win", "loss"):
            said = f"{self.word} {self.detail}".strip()
        else:
            said = f"{self.word.lower()} (an estimate)"
        return f"Column {column + 1}: {said}"


def verdict(score: int, *, exact: bool, ply: int) -> Verdict:
    """The verdict on a column whose score (for the player to move, in a position
    with ``ply`` moves played) the analysis gave, exact or not."""
    bound = proven_bound(score, exact=exact)
    if bound is not None:
        moves = stones_to_win(bound, ply)
        detail = f"in at most {moves} {_moves(moves)}"
        if bound > 0:
            return Verdict("win", "Win", detail, WIN, True)
        return Verdict("loss", "Loss", detail, LOSS, True)
    if exact:
        if score == 0:
            return Verdict("draw", "Draw", "", DRAW, True)
        moves = stones_to_win(score, ply)
        detail = f"in {moves} {_moves(moves)}"
        if score > 0:
            return Verdict("win", "Win", detail, WIN, True)
        return Verdict("loss", "Loss", detail, LOSS, True)
    for lowest, word, symbol, kind in ESTIMATES:
        if score >= lowest:
            return Verdict(kind, word, "", symbol, False)
    return Verdict("worse", "Bad", "", "\u25bc\u25bc", False)


def engine_label(score: int, *, exact: bool) -> str:
    """The engine's own number for experts: the exact score (+N: the mover wins,
    bigger is sooner; -N loses; 0 draws), a proven bound (\u2265+N, \u2264-N), or
    ``~`` and the evaluation in hundredths of a proven win."""
    bound = proven_bound(score, exact=exact)
    if bound is not None:
        return f"\u2265+{bound}" if bound > 0 else f"\u2264{bound}"
    if not exact:
        value = round(score / HEURISTIC_UNIT * 100)
        return f"~{value:+d}" if value else "~0"
    return f"+{score}" if score > 0 else str(score)


def _moves(count: int) -> str:
    return "move" if count == 1 else "moves"


LEGEND = f"{WIN} win, {DRAW} draw, {LOSS} loss: certain if both sides play perfectly from here."
ESTIMATE_LEGEND = "\u25b2 \u2248 \u25bc: the computer's estimate, strong to bad."
ENGINE_LEGEND = (
    "Engine scores for the player to move: +N wins, -N loses (bigger: sooner), 0 draws;"
    " \u2265+N / \u2264-N proven, perhaps sooner; ~ estimates in hundredths of a win."
)
