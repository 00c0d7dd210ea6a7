"""What the engine is asked and what it answers, and the messages on the worker's pipe:
small, frozen, picklable dataclasses.

A :class:`SearchRequest` goes in (to :meth:`game.ai.engine.Engine.think`, or through the
worker's pipe), a :class:`SearchResult` comes out; a :class:`ReviewRequest` (the value of
one position of a game under review) gets a :class:`ReviewResult`.  Scores are
:class:`~game.ai.score.Score` objects (exact, bound or estimate), an analysis of every
column an :class:`~game.ai.score.Analysis`.

The worker's pipe carries these messages and nothing else (:mod:`game.ai.worker`)::

    game -> worker   Submit(id, request)   answer this (in the order submitted)
                     Cancel(id)            stop that search, or forget it if queued
                     Quit()
    worker -> game   Answered(id, result)  the request's result
                     Refused(id, error)    the engine refused the request
                     BookMissing(problem)  the opening book could not be read (once)

The game's side of the pipe (:class:`game.ai.client.WorkerClient`) hands an
:class:`Answered` or a :class:`Refused` as it came to whoever asked: a reply keeps one
shape from the pipe to the screen.  Why a request was asked is the asker's business and
never crosses the pipe.

Imports :mod:`game.core`, :mod:`game.ai.score`, :mod:`game.ai.judge` and
:mod:`game.ai.explain` only: the window and the worker's handle read these types without
loading the engine or its kernel.
"""

from __future__ import annotations

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

LINE_LENGTH: Final = 6
"""Moves of the best line the review shows for a mistake or a blunder (three of each
side): the ``line`` the window asks of a :class:`ReviewRequest` there."""


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


# -- the worker's pipe ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Submit:
    """Game to worker: answer ``request``; its reply carries ``request_id``."""

    request_id: int
    request: Request


@dataclass(frozen=True, slots=True)
class Cancel:
    """Game to worker: stop the search of ``request_id`` (within one stop check), or
    forget it if it is still queued; no reply will come for it."""

    request_id: int


@dataclass(frozen=True, slots=True)
class Quit:
    """Game to worker: end the process."""


ToWorker = Submit | Cancel | Quit
"""Every message the game sends the worker."""


@dataclass(frozen=True, slots=True)
class Answered:
    """Worker to game: the ``result`` of the request ``request_id`` (a
    :class:`SearchResult` for a :class:`SearchRequest`, a :class:`ReviewResult` for a
    :class:`ReviewRequest`)."""

    request_id: int
    result: Result


@dataclass(frozen=True, slots=True)
class Refused:
    """Worker to game: the request ``request_id`` got no result; ``error`` says why, in
    English, for the log.  ``crashed`` is set by the game's side when the worker process
    died on the request again and again (:data:`game.ai.client.MAX_ATTEMPTS`), rather
    than the engine refusing it: asking again may work, or fail the same way."""

    request_id: int
    error: str
    crashed: bool = False


@dataclass(frozen=True, slots=True)
class BookMissing:
    """Worker to game: the opening book could not be read (``problem`` says why, for the
    log); the Perfect level and the analysis search the opening instead, which takes
    seconds a move.  Sent once per worker process, when the book is first needed."""

    problem: str


Reply = Answered | Refused
"""A reply to one request: what reaches whoever asked."""
FromWorker = Answered | Refused | BookMissing
"""Every message the worker sends the game."""
