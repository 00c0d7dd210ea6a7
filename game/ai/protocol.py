"""What the engine is asked and what it answers: small, picklable dataclasses.

A :class:`SearchRequest` goes in (to :meth:`game.ai.engine.Engine.think`, or through the
worker's pipe), a :class:`SearchResult` comes out; a :class:`ReviewRequest` (the value of
one position of a game under review) gets a :class:`ReviewResult`.  The worker wraps
either answer in a :class:`WorkerReply` labelled with the :class:`RequestKind` the game
gave.  Scores are :class:`~game.ai.score.Score` objects (exact, bound or estimate), an
analysis of every column an :class:`~game.ai.score.Analysis`.

Imports :mod:`game.core`, :mod:`game.ai.score`, :mod:`game.ai.judge` and
:mod:`game.ai.explain` only: the window and the worker's handle read these types without
loading the engine or its kernel.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from game.ai.explain import Reason
from game.ai.judge import PositionValue
from game.ai.score import Analysis, Score
from game.core.bitboard import Column

PROOF_TIME_LIMIT: Final = 30.0
"""Seconds from its start after which the Perfect level gives up proving its move.

Perfect never trades a result for time: when its budget runs out before a move is proven
to keep the position's result (win, draw or loss), it searches on past the budget for
that proof (:mod:`game.ai.perfect`).  This limit only keeps a game from freezing where no
proof comes in reasonable time (no compiled kernel, no opening book); how often Perfect
goes past its budget, and for how long, is in ``bench_engine.py --section perfect``."""


class RequestKind(enum.StrEnum):
    """Why the game asks: the label it gives a request and the worker echoes."""

    MOVE = "move"
    """The computer's move."""
    HINT = "hint"
    """The best column for the player (an analysis's best column)."""
    ANALYSIS = "analysis"
    """Every column's value."""
    REVIEW = "review"
    """The value of one position of a game under review."""


@dataclass(frozen=True, kw_only=True, slots=True)
class SearchRequest:
    """One question to the engine.

    ``moves`` is the position in 1-based notation.  ``depth`` is the search depth in
    plies (1-42); None asks for the exact value (the Perfect level).  ``time_limit``
    (seconds) and ``node_limit`` bound the effort: when either runs out, a depth level
    answers with the deepest search it completed.  The Perfect level treats its time
    limit as a budget it may overrun (up to :data:`PROOF_TIME_LIMIT`) to prove that its
    move keeps the result; a node limit it never overruns.  ``seed`` makes the random
    choice between equally good moves reproducible; None draws a fresh one.
    ``analyze`` asks for the score of every column too.  ``use_book``: the Perfect level
    answers from the opening book where it can.
    """

    moves: str = ""
    depth: int | None = None
    time_limit: float | None = None
    node_limit: int | None = None
    seed: int | None = None
    analyze: bool = False
    use_book: bool = True

    @property
    def longest(self) -> float | None:
        """The most seconds the engine may take on this request (None: no bound): the
        time limit, or for a Perfect move the proof's limit when that is longer."""
        if self.time_limit is None:
            return None
        if self.depth is None and not self.analyze:
            return max(self.time_limit, PROOF_TIME_LIMIT)
        return self.time_limit


@dataclass(frozen=True, kw_only=True, slots=True)
class SearchResult:
    """The engine's answer to a :class:`SearchRequest`.

    ``column`` is 0-based (None only when the position has no legal move); ``score`` is
    the position's value for the player to move as far as the engine knows it (exact,
    a bound, or an estimate).  ``depth`` is the deepest fully completed iteration in
    plies, ``nodes`` the positions visited, ``time`` the seconds spent; ``stopped`` is
    True when a stop flag or a limit cut the search short.  ``analysis``, when it was
    asked for, holds every playable column's score (None otherwise).  ``from_book`` is
    True when the opening book answered: its values are proven, though in the first
    plies only as results (a win at least 1, a loss at most -1).  ``overtime`` is True
    when the Perfect level went past its time budget to prove that its move keeps the
    result.
    """

    column: Column | None
    score: Score
    depth: int
    nodes: int
    time: float
    stopped: bool = False
    analysis: Analysis | None = None
    from_book: bool = False
    overtime: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class ReviewRequest:
    """The value of the position after ``ply`` moves of the game ``game`` (a move string,
    for the neighbours' values the engine knows: :mod:`game.ai.review`), exact within
    ``time_limit`` seconds (None: however long it takes), else the best estimate; with
    ``line`` > 0 its principal variation of up to that many moves too, and with
    ``explain`` the reason the move played from it loses, if it is a mistake or a
    blunder (:mod:`game.ai.explain`)."""

    game: str
    ply: int
    line: int = 0
    time_limit: float | None = None
    explain: bool = False

    @property
    def moves(self) -> str:
        """The position asked about."""
        return self.game[: self.ply]

    @property
    def longest(self) -> float | None:
        """The most seconds the engine may take (None: no bound)."""
        return self.time_limit


@dataclass(frozen=True, kw_only=True, slots=True)
class ReviewResult:
    """The answer to a :class:`ReviewRequest`: the position's ``value`` (its score, a best
    column, the line asked for), the ``nodes`` and ``time`` spent, whether a limit
    ``stopped`` the exact solve (the value is then a bound or an estimate), and the
    move's ``reason`` when it was asked for and proven."""

    value: PositionValue
    nodes: int
    time: float
    stopped: bool = False
    reason: Reason | None = None


Request = SearchRequest | ReviewRequest
"""Anything the engine is asked."""
Result = SearchResult | ReviewResult
"""Anything the engine answers."""


@dataclass(frozen=True, slots=True)
class WorkerReply:
    """The worker's answer to one request.

    ``kind`` is the label given to :meth:`game.ai.worker.AIWorker.submit`; ``moves`` is
    the position the answer is for.  Exactly one of ``result`` (a search's answer),
    ``review`` (a review request's) and ``error`` is set.
    """

    request_id: int
    kind: RequestKind
    moves: str
    result: SearchResult | None
    error: str | None = None
    review: ReviewResult | None = None

    @classmethod
    def answering(
        cls, request_id: int, kind: RequestKind, moves: str, answer: Result
    ) -> WorkerReply:
        """The reply carrying ``answer``, in the field of its kind."""
        if isinstance(answer, ReviewResult):
            return cls(request_id, kind, moves, None, review=answer)
        return cls(request_id, kind, moves, answer)
