"""What a column is worth, as the player is told it: the analysis row above the board and
the side panel both say it from one :class:`Worth`, so they always agree.

Exact results (the solver or the opening book proved them) are a win, a draw or a
loss, with the number of moves where it is known; a win or loss a shorter search
proved comes with the most moves it can take ("at most").  Anything else is the
search's estimate, on a five-step scale from strong to bad.  Each has a symbol as well
as a colour, so that no one needs to tell colours apart.  The raw engine scores stay
available to experts (``str(score)``, a setting).  The words are here too
(:func:`worth_lines` above a column, :func:`worth_sentence` in a side panel): the play,
review and puzzle screens all say a column's worth the same way.

(A review's verdict on a move played, best to blunder, is another thing:
:class:`game.ai.judge.MoveVerdict`.)

No pygame here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.ai.score import HEURISTIC_UNIT, Score
from game.i18n import gettext as _
from game.i18n import ngettext


class WorthKind(enum.StrEnum):
    """What a column leads to; the first three are proven, the rest estimates."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    BETTER = "better"
    EVEN = "even"
    WORSE = "worse"


class Estimate(enum.StrEnum):
    """The step of the estimate scale, strong to bad."""

    STRONG = "strong"
    GOOD = "good"
    EVEN = "even"
    WEAK = "weak"
    BAD = "bad"


ESTIMATES: tuple[tuple[int, Estimate, WorthKind], ...] = (
    (150, Estimate.STRONG, WorthKind.BETTER),
    (40, Estimate.GOOD, WorthKind.BETTER),
    (-39, Estimate.EVEN, WorthKind.EVEN),
    (-149, Estimate.WEAK, WorthKind.WORSE),
    (-HEURISTIC_UNIT, Estimate.BAD, WorthKind.WORSE),
)
"""The estimate scale: (lowest evaluation, step, kind), best first.  The evaluation's
largest single term is 200 (a parity or zugzwang advantage), so "strong" means the
search found about that much for the mover, "good" a smaller edge."""

ESTIMATE_SYMBOLS: dict[Estimate, str] = {
    Estimate.STRONG: "\u25b2\u25b2",
    Estimate.GOOD: "\u25b2",
    Estimate.EVEN: "\u2248",
    Estimate.WEAK: "\u25bc",
    Estimate.BAD: "\u25bc\u25bc",
}

WIN, DRAW, LOSS = "\u2713", "=", "\u00d7"
"""The marks of a win, a draw and a loss.  The loss's is the multiplication sign: the
bundled font draws the ballot x (U+2717) as one anyway, and README shows the same."""


@dataclass(frozen=True, slots=True)
class Worth:
    """One column's value for the player to move.

    ``moves`` is how many moves the winner still plays, its winning one included
    (None for a draw, an estimate, or a result whose length is not known, as where
    the opening book keeps results alone);
    ``at_most`` says that the winner may be faster.  ``estimate`` is the step of the
    scale when the value is not proven (then ``kind`` is better, even or worse).
    """

    kind: WorthKind
    symbol: str
    moves: int | None = None
    at_most: bool = False
    estimate: Estimate | None = None

    @property
    def exact(self) -> bool:
        """Whether the result is proven (win, draw or loss), not an estimate."""
        return self.estimate is None


def worth(score: Score, *, ply: int) -> Worth:
    """What a column is worth whose score (for the player to move, in a position with
    ``ply`` moves played) the analysis gave."""
    result = score.result
    if result is None:
        step, kind = next(
            ((step, kind) for lowest, step, kind in ESTIMATES if score.units >= lowest),
            (Estimate.BAD, WorthKind.WORSE),
        )
        return Worth(kind, ESTIMATE_SYMBOLS[step], estimate=step)
    if result == 0:
        return Worth(WorthKind.DRAW, DRAW)
    # A result alone (the opening book's first plies) says nothing of the length.
    moves = score.stones_to_win(ply) if score.length_known else None
    at_most = moves is not None and not score.is_exact
    if result > 0:
        return Worth(WorthKind.WIN, WIN, moves, at_most=at_most)
    return Worth(WorthKind.LOSS, LOSS, moves, at_most=at_most)


# -- the words ---------------------------------------------------------------------------


def _estimate_word(step: Estimate) -> str:
    words = {
        Estimate.STRONG: _("Strong"),
        Estimate.GOOD: _("Good"),
        Estimate.EVEN: _("Even"),
        Estimate.WEAK: _("Weak"),
        Estimate.BAD: _("Bad"),
    }
    return words[step]


def _estimate_sentence(step: Estimate, column: int) -> str:
    sentences = {
        Estimate.STRONG: _("Column {column}: strong (an estimate)"),
        Estimate.GOOD: _("Column {column}: good (an estimate)"),
        Estimate.EVEN: _("Column {column}: even (an estimate)"),
        Estimate.WEAK: _("Column {column}: weak (an estimate)"),
        Estimate.BAD: _("Column {column}: bad (an estimate)"),
    }
    return sentences[step].format(column=column + 1)


def _result_word(said: Worth) -> str:
    words = {WorthKind.WIN: _("Win"), WorthKind.DRAW: _("Draw"), WorthKind.LOSS: _("Loss")}
    return words[said.kind]


def worth_lines(said: Worth) -> list[str]:
    """The label above a column, a line each: "✓ Win" and "in 3" (or "in ≤5"); an
    estimate's symbol above its word (the widest would not fit a narrow column)."""
    if said.estimate is not None:
        return [said.symbol, _estimate_word(said.estimate)]
    first = f"{said.symbol} {_result_word(said)}"
    if said.moves is None:
        return [first]
    if said.at_most:
        return [first, _("in \u2264{moves}").format(moves=said.moves)]
    return [first, _("in {moves}").format(moves=said.moves)]


def worth_labels(said: Worth) -> tuple[list[str], ...]:
    """The label above a column from its longest form to its shortest, for a row that
    has not the room for the longer: ["✓ Win", "in 3"], then the symbol alone above the
    moves (["✓", "in 3"]), then above their number (["✓", "3"]); an estimate's symbol and
    word, then its symbol alone.  The symbol always stays: it says the result."""
    full = worth_lines(said)
    if said.moves is None or said.estimate is not None:
        return (full, [said.symbol])
    count = f"\u2264{said.moves}" if said.at_most else str(said.moves)
    return (full, [said.symbol, full[1]], [said.symbol, count])


def worth_sentence(said: Worth, column: int) -> str:
    """The side panel's line for 0-based ``column``: "✓ Column 4: Win in 12 moves"."""
    if said.estimate is not None:
        return f"{said.symbol} {_estimate_sentence(said.estimate, column)}"
    number, moves = column + 1, said.moves
    if moves is None:
        sentence = {
            WorthKind.WIN: _("Column {column}: Win"),
            WorthKind.DRAW: _("Column {column}: Draw"),
            WorthKind.LOSS: _("Column {column}: Loss"),
        }[said.kind].format(column=number)
    elif said.kind is WorthKind.WIN and said.at_most:
        sentence = ngettext(
            "Column {column}: Win in at most {moves} move",
            "Column {column}: Win in at most {moves} moves",
            moves,
        ).format(column=number, moves=moves)
    elif said.kind is WorthKind.WIN:
        sentence = ngettext(
            "Column {column}: Win in {moves} move", "Column {column}: Win in {moves} moves", moves
        ).format(column=number, moves=moves)
    elif said.at_most:
        sentence = ngettext(
            "Column {column}: Loss in at most {moves} move",
            "Column {column}: Loss in at most {moves} moves",
            moves,
        ).format(column=number, moves=moves)
    else:
        sentence = ngettext(
            "Column {column}: Loss in {moves} move",
            "Column {column}: Loss in {moves} moves",
            moves,
        ).format(column=number, moves=moves)
    return f"{said.symbol} {sentence}"
