"""The Review screen's requests to the computer player: the value of each position of the
game, a few at a time, the best line of each mistake and blunder, and the analysis of
every column of the position shown.

The worker answers one request at a time, in order.  So the positions' values are sent
:data:`IN_FLIGHT` at a time (the worker never waits for the next, and an analysis the
player asks for waits behind two at most), in the order that reviews fastest (from the
last position back: :func:`game.ai.review.review_order`'s reason); a line goes before the
positions left, and the analysis before both.  They go through the screen's
:class:`~game.ui.requests.Requests`: leaving the screen cancels what is awaited.
"""

from __future__ import annotations

import collections
import logging
from typing import Final

from game.ai.protocol import (
    LINE_LENGTH,
    Answered,
    Refused,
    Reply,
    ReviewRequest,
    ReviewResult,
    SearchRequest,
    SearchResult,
)
from game.ui.engine_link import Engine
from game.ui.requests import Asked, RequestKind, Requests
from game.ui.scenes.review.record import ReviewRecord

log = logging.getLogger(__name__)

IN_FLIGHT: Final = 2
"""Review requests sent before their answers come."""
POSITION_SECONDS: Final = 4.0
"""The most a position's exact value may take before the review estimates it (with the
opening book, the first eight moves' values take no time at all)."""

Valued = tuple[int, int]
"""A position's value to ask for: the position (moves played) and the length of line
wanted."""


class ReviewRequests:
    """What is asked of ``engine`` for ``record`` (see the module docstring);
    ``analysis_seconds`` is an analysis's time budget (Perfect's, in the settings)."""

    def __init__(self, engine: Engine, record: ReviewRecord, *, analysis_seconds: float) -> None:
        self._requests = Requests(engine, self._receive)
        self._record = record
        self._analysis_seconds = analysis_seconds
        order = [ply for ply in reversed(record.plies) if ply >= record.game.start]
        self._queue: collections.deque[Valued] = collections.deque((ply, 0) for ply in order)
        self.analyses: dict[str, SearchResult] = {}
        """Every column's value of the positions analysed, by move string."""
        self.failed = 0
        """Positions the worker could not value (the review says so)."""
        self._moves = record.board.moves

    @property
    def busy(self) -> bool:
        """Whether values are still on their way."""
        return bool(self._queue) or self._requests.waits_for(RequestKind.REVIEW)

    def analysing(self, moves: str) -> bool:
        return self._requests.waits_for(RequestKind.ANALYSIS, moves)

    def _valuing(self) -> list[Valued]:
        """The values on their way: (position, line length) of each."""
        return [
            (asked.request.ply, asked.request.line)
            for asked in self._requests.awaited(RequestKind.REVIEW)
            if isinstance(asked.request, ReviewRequest)
        ]

    def pump(self) -> None:
        """Send what should be on its way now: :data:`IN_FLIGHT` review requests at most
        (an analysis asked meanwhile waits behind those alone)."""
        sent = len(self._valuing())
        while self._queue and sent < IN_FLIGHT:
            ply, line = self._queue.popleft()
            request = ReviewRequest(
                game=self._moves, ply=ply, line=line, time_limit=POSITION_SECONDS
            )
            if not self._requests.ask(RequestKind.REVIEW, request):
                self._queue.clear()  # the worker refused: the player was told
                return
            sent += 1

    def analyse(self, moves: str) -> None:
        """Ask for every column's value of the position ``moves`` (once), before the
        values still to send; an analysis of another position on its way is cancelled."""
        if moves in self.analyses or self.analysing(moves):
            return
        self._requests.cancel(RequestKind.ANALYSIS)
        request = SearchRequest(
            moves=moves, depth=None, time_limit=self._analysis_seconds, analyze=True
        )
        self._requests.ask(RequestKind.ANALYSIS, request)

    def _receive(self, asked: Asked, reply: Reply) -> None:
        """A position's value or an analysis (or its failure) arrived."""
        match reply:
            case Answered(result=ReviewResult() as valued):
                self._record.receive(valued.value)
                self._ask_lines()
            case Answered(result=SearchResult() as analysis):
                self.analyses[asked.moves] = analysis
            case Refused(error=error) if asked.kind is RequestKind.REVIEW:
                log.warning("the review of %s failed: %s", asked.request, error)
                self.failed += 1
            case Refused(error=error):
                log.warning("the analysis of %r failed: %s", asked.moves, error)
        self.pump()

    def _ask_lines(self) -> None:
        """Ask first for the line of every mistake and blunder that lacks one."""
        asked = {ply for ply, line in (*self._queue, *self._valuing()) if line}
        for ply in range(self._record.length):
            if ply not in asked and self._record.wants_line(ply):
                self._queue.appendleft((ply, LINE_LENGTH))

    def cancel(self) -> None:
        """Stop everything on its way (the screen is left)."""
        self._requests.cancel()
        self._queue.clear()
