"""What the engine is asked and what it answers: small, picklable dataclasses.

Score convention (the one of the public test sets), always from the point of
view of the player to move:

* ``0``: a draw with best play (or, for a heuristic score, an even position).
* ``s > 0``: the player to move wins; ``s = 22 - k`` where ``k`` is the number of
  stones the winner has on the board once it plays its winning stone.  Faster
  wins score higher: winning with your 4th stone is 18, with your 21st is 1.
* ``s < 0``: the opponent wins, with the same scale negated.

A result is ``exact`` when its score is the game-theoretic value of the
position.  A depth-limited search that ran out of depth reports a heuristic
score instead, in :data:`HEURISTIC_UNIT` steps between -999 and 999 (positive
favours the player to move), or a proven win or loss it could not prove to be
the fastest, as ``s * HEURISTIC_UNIT`` (the winner wins at least that fast);
:func:`describe_score` turns any of them into words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.bitboard import CELLS, Column

HEURISTIC_UNIT = 1000
"""A proven score ``s`` is ``s * HEURISTIC_UNIT`` inside the depth-limited search,
so that every heuristic value (strictly between -1000 and 1000) sits between a
proven loss and a proven win."""

MAX_SCORE = (CELLS + 1) // 2 - 3
"""The best exact score: a win with the winner's 4th stone (18 on 7x6)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class SearchRequest:
    """One question to the engine.

    ``moves`` is the position in 1-based notation.  ``depth`` is the search
    depth in plies (1-42); None asks for the exact value (the Perfect level).
    ``time_limit`` (seconds) and ``node_limit`` bound the effort: when either runs
    out, the engine answers with the deepest search it completed.  ``seed``
    makes the random choice between equally good moves reproducible; None
    draws a fresh one.  ``analyze`` asks for the score of every column too.
    ``use_book``: the Perfect level answers from the opening book where it can.
    """

    moves: str = ""
    depth: int | None = None
    time_limit: float | None = None
    node_limit: int | None = None
    seed: int | None = None
    analyze: bool = False
    use_book: bool = True


@dataclass(frozen=True, kw_only=True, slots=True)
class SearchResult:
    """The engine's answer to a :class:`SearchRequest`.

    ``column`` is 0-based (None only when the position has no legal move).
    ``score`` follows the module's convention; ``exact`` says whether it is the
    proven value.  ``depth`` is the deepest fully completed iteration in plies,
    ``nodes`` the positions visited, ``time`` the seconds spent; ``stopped`` is
    True when a stop flag or a limit cut the search short.  ``column_scores``,
    when analysis was asked for, holds one score per column (None for a full
    column), from the point of view of the player to move, and ``column_exact``
    says for each whether it is exact (the same convention as ``score``).
    ``from_book`` is True when the opening book answered: its values are proven, but
    in the first plies only the result is known, as a proven win or loss that may be
    faster (``HEURISTIC_UNIT`` or ``-HEURISTIC_UNIT``, not exact) or an exact draw.
    """

    column: Column | None
    score: int
    exact: bool
    depth: int
    nodes: int
    time: float
    stopped: bool = False
    column_scores: tuple[int | None, ...] = field(default_factory=tuple)
    column_exact: tuple[bool, ...] = field(default_factory=tuple)
    from_book: bool = False

    def describe(self, ply: int) -> str:
        """The score in words for a position with ``ply`` moves played."""
        return describe_score(self.score, exact=self.exact, ply=ply)


@dataclass(frozen=True, slots=True)
class WorkerReply:
    """The worker's answer to one request.

    ``kind`` is the label given to :meth:`game.ai.worker.AIWorker.submit` (the game uses
    ``"move"``, ``"hint"`` and ``"analysis"``); ``moves`` is the position the
    answer is for.  Exactly one of ``result`` and ``error`` is set.
    """

    request_id: int
    kind: str
    moves: str
    result: SearchResult | None
    error: str | None = None


def stones_to_win(score: int, ply: int) -> int:
    """How many more stones the winner plays, its winning stone included.

    ``score`` is an exact score (non-zero) of a position with ``ply`` moves played,
    seen by the player to move.
    """
    winner_is_mover = score > 0
    mover_stones = ply // 2
    winner_stones = mover_stones if winner_is_mover else ply - mover_stones
    return (CELLS // 2 + 1 - abs(score)) - winner_stones


def proven_bound(score: int, *, exact: bool) -> int | None:
    """The bound a score that is not exact but a whole number of units stands for:
    a win or loss a depth-limited search proved, which the winner may win faster
    still.  Returns it in test-set units (the exact score is at least it for a
    win, at most it for a loss), or None for any other score."""
    if exact or not score or score % HEURISTIC_UNIT:
        return None
    return score // HEURISTIC_UNIT


def describe_score(score: int, *, exact: bool, ply: int) -> str:
    """``"win in 3"``, ``"loss in 5"``, ``"draw"``, or a signed heuristic like ``"+0.42"``.

    Counts are the winner's own moves still to play, the winning one included.
    A score that is not exact but a whole number of units is a proven win or
    loss from a depth-limited search, which the winner may win faster still:
    ``"win in at most 4"``.
    """
    bound = proven_bound(score, exact=exact)
    if bound is not None:
        n = stones_to_win(bound, ply)
        return f"{'win' if bound > 0 else 'loss'} in at most {n}"
    if exact:
        if score == 0:
            return "draw"
        n = stones_to_win(score, ply)
        return f"{'win' if score > 0 else 'loss'} in {n}"
    return f"{score / HEURISTIC_UNIT:+.2f}"
