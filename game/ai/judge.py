"""A game's moves judged: the verdict on each move from the value of the position before it
and the value of the move played, and the record of a whole game put together.

**The values** (Pons' scores, :mod:`game.ai.score`, always from the mover's side):

* ``best``: the value of the position before the move, that is the best column's;
* ``played``: the value of the column played, the next position's value negated (a
  win with this very stone, or the draw of the last cell, needs no position after it).

So a review needs the exact value of every position along the game and nothing else:
``played`` of move *k* is ``-value(k + 1)``, and ``played <= best`` always.

**The verdict** (issue 27):

==============  =====================================================================
``best``        the move's score equals the best score
``inaccuracy``  the same result (still a win, a draw or a loss), but a slower win or a
                quicker loss than the best
``mistake``     a win thrown away for a draw (best > 0, played = 0)
``blunder``     a position that was not lost turned into a lost one (best >= 0,
                played < 0)
==============  =====================================================================

Where a value is not exact (the time ran out: a bound, or the search's estimate), the
verdict is judged from the values' point estimates (:func:`point`) and is not
``certain``: the command line writes it with ``?``.  Such a verdict may still be
``proven`` by the results alone: a proven win against a draw is a mistake, a position
proven not lost against a proven loss a blunder, whatever their lengths.  The window and
the coach state a verdict as a fact only when it is proven, and say "probably" otherwise:
never a verdict from an estimate.

Imports :mod:`game.core`, :mod:`game.ai.score` and :mod:`game.ai.explain` only: the
window judges the values the worker sends without loading the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from game.ai.explain import Reason
from game.ai.score import DRAW, HEURISTIC_UNIT, Score, ScoreKind
from game.core.bitboard import CELLS, Column
from game.core.board import Board, Player


class MoveVerdict(enum.StrEnum):
    """What a move was worth against the best one (see the module docstring)."""

    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def shows_line(self) -> bool:
        """Whether the review shows the best column and the line that follows from it."""
        return self in (MoveVerdict.MISTAKE, MoveVerdict.BLUNDER)


MOVE_VERDICTS: tuple[MoveVerdict, ...] = tuple(MoveVerdict)
"""Best first."""


def point(score: Score) -> int:
    """A score's value in Pons' units, estimated where it is not exact: a bound's own
    number (a win of at least 3 is about 3), and a search's estimate rounded to the
    nearest proven score (an estimate is always under one unit: about a draw)."""
    if score.kind is ScoreKind.ESTIMATE:
        return round(score.value / HEURISTIC_UNIT)
    return score.value


@dataclass(frozen=True, slots=True)
class Judgement:
    """A move's verdict; whether it is ``certain`` (both values exact) and whether it is
    ``proven`` (certain, or settled by the results alone: the module docstring)."""

    verdict: MoveVerdict
    certain: bool
    proven: bool = False

    def __post_init__(self) -> None:
        if self.certain:
            object.__setattr__(self, "proven", True)


def verdict_of(best: int, played: int) -> MoveVerdict:
    """The verdict for exact scores ``best`` and ``played`` (``played <= best``)."""
    if played >= best:
        return MoveVerdict.BEST
    if best >= 0 > played:
        return MoveVerdict.BLUNDER
    if best > 0 and played == 0:
        return MoveVerdict.MISTAKE
    return MoveVerdict.INACCURACY


def judge(best: Score, played: Score) -> Judgement:
    """The verdict on a move (see the module docstring): certain when both values are
    exact, else judged from their point estimates (the best is never below the move
    played, whatever the estimates say)."""
    certain = best.is_exact and played.is_exact
    played_point = point(played)
    verdict = verdict_of(max(point(best), played_point), played_point)
    return Judgement(verdict, certain, certain or _by_results(verdict, best, played))


def _by_results(verdict: MoveVerdict, best: Score, played: Score) -> bool:
    """Whether the proven results alone settle ``verdict`` (a mistake or a blunder)."""
    if verdict is MoveVerdict.MISTAKE:
        return best.result == 1 and played.result == 0
    if verdict is MoveVerdict.BLUNDER:
        return best.result in (0, 1) and played.result == -1
    return False


@dataclass(frozen=True, slots=True)
class PositionValue:
    """The value of the position after ``ply`` moves of a game, for the player to move:
    ``score`` (exact, a bound, or an estimate), ``column`` a best column (None: not
    known), and ``line`` the principal variation from it (the best column first; empty
    when it was not asked for)."""

    ply: int
    score: Score
    column: Column | None = None
    line: tuple[Column, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move judged: the ``number``-th move of the game (from 1), in 0-based
    ``column``, by ``mover``; ``best`` and ``played`` from the mover's side, the
    judgement (``verdict``, ``certain``, ``proven``: :class:`Judgement`), the
    position's best column and line (when known), and for a mistake or a blunder the
    ``reason`` it loses (:mod:`game.ai.explain`; None: not known)."""

    number: int
    column: Column
    mover: Player
    best: Score
    played: Score
    verdict: MoveVerdict
    certain: bool
    proven: bool
    best_column: Column | None = None
    line: tuple[Column, ...] = ()
    reason: Reason | None = None

    @property
    def ply(self) -> int:
        """Moves played before this one."""
        return self.number - 1

    @property
    def judgement(self) -> Judgement:
        return Judgement(self.verdict, self.certain, self.proven)


def positions_to_value(board: Board) -> list[int]:
    """The plies whose position a review of ``board``'s game needs the value of: every
    position a move was played from, and the last one unless the game is over."""
    plies = list(range(board.ply))
    if not board.is_over:
        plies.append(board.ply)
    return plies


def played_value(board: Board, ply: int, after: PositionValue | None) -> Score | None:
    """The value of the move played from position ``ply`` of ``board``'s game (its
    mover's view): a win with that stone, the draw of the last cell, or the next
    position's value negated (None while that is not known)."""
    if ply == board.ply - 1 and board.is_over:
        outcome = board.outcome
        assert outcome is not None
        return DRAW if outcome.winner is None else Score.win_now(ply)
    if ply == CELLS - 1:
        return DRAW
    return None if after is None else -after.score


def assemble(
    board: Board,
    values: Mapping[int, PositionValue],
    reasons: Mapping[int, Reason] | None = None,
) -> list[MoveReview | None]:
    """Every move of ``board``'s game judged from the positions' ``values`` (by ply),
    with the ``reasons`` known of its mistakes and blunders (by ply): a move whose values
    are not all known yet is None."""
    history = board.history
    reviews: list[MoveReview | None] = []
    for ply, column in enumerate(history):
        before = values.get(ply)
        played = played_value(board, ply, values.get(ply + 1))
        if before is None or played is None:
            reviews.append(None)
            continue
        judged = judge(before.score, played)
        reviews.append(
            MoveReview(
                number=ply + 1,
                column=column,
                mover=Player(ply & 1),
                best=before.score,
                played=played,
                verdict=judged.verdict,
                certain=judged.certain,
                proven=judged.proven,
                best_column=before.column,
                line=before.line,
                reason=reasons.get(ply) if reasons and judged.verdict.shows_line else None,
            )
        )
    return reviews


def written(score: Score) -> str:
    """A value as the command line prints it: the exact score (``3``, ``-2``, ``0``), or
    ``~`` and its point estimate (``~3``)."""
    return str(score.value) if score.is_exact else f"~{point(score)}"


def review_line(review: MoveReview, *, explain: bool = False) -> str:
    """A move as ``python -m game.ai review`` prints it:
    ``<n> <column> <verdict> <best> <played>`` (column 1-7; ``?`` after a verdict judged
    from an estimate); with ``explain``, a certain mistake or blunder is followed by its
    reason (:meth:`game.ai.explain.Reason.code`: ``allows-win 5``, ``long-term -``)."""
    mark = "" if review.certain else "?"
    line = (
        f"{review.number} {review.column + 1} {review.verdict}{mark}"
        f" {written(review.best)} {written(review.played)}"
    )
    if explain and review.certain and review.reason is not None:
        line = f"{line} {review.reason.code()}"
    return line
