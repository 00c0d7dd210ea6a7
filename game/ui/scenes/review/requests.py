"""The Review screen's requests to the computer player: the value of each position of the
game, a few at a time, the best line of each mistake and blunder, and the analysis of
every column of the position shown.

The worker answers one request at a time, in order.  So the positions' values are sent
:data:`IN_FLIGHT` at a time (the worker never waits for the next, and an analysis the
player asks for waits behind two at most), in the order that reviews fastest (from the
last position back: :func:`game.ai.review.review_order`'s reason); a line goes before the
positions left, and the analysis before both.  Every request carries an id; leaving the
screen cancels what is awaited, and a reply nobody awaits is dropped.
"""

from __future__ import annotations

import collections
import logging
from typing import Final

from game.ai.protocol import (
    LINE_LENGTH,
    RequestKind,
    ReviewRequest,
    SearchRequest,
    SearchResult,
)
from game.ui.engine_link import Answer, Failure, Reply, Reviewed, ReviewEngine, ReviewOwner
from game.ui.scenes.review.record import ReviewRecord

log = logging.getLogger(__name__)

IN_FLIGHT: Final = 2
"""Review requests sent before their answers come."""
POSITION_SECONDS: Final = 4.0
"""The most a position's exact value may take before the review estimates it (with the
opening book, the first eight moves' values take no time at all)."""

Asked = tuple[int, int]
"""A review request: the position (moves played) and the length of line wanted."""


class ReviewRequests:
    """What ``owner`` asks ``engine`` for ``record`` (see the module docstring);
    ``analysis_seconds`` is an analysis's time budget (Perfect's, in the settings)."""

    def __init__(
        self,
        engine: ReviewEngine,
        owner: ReviewOwner,
        record: ReviewRecord,
        *,
        analysis_seconds: float,
    ) -> None:
        self._engine = engine
        self._owner = owner
        self._record = record
        self._analysis_seconds = analysis_seconds
        board = record.board
        order = [ply for ply in reversed(record.plies) if ply >= record.game.start]
        self._queue: collections.deque[Asked] = collections.deque((ply, 0) for ply in order)
        self._sent: dict[int, Asked] = {}
        self._analysis: tuple[int, str] | None = None
        self.analyses: dict[str, SearchResult] = {}
        """Every column's value of the positions analysed, by move string."""
        self.failed = 0
        """Positions the worker could not value (the review says so)."""
        self._moves = board.moves

    @property
    def busy(self) -> bool:
        """Whether values are still on their way."""
        return bool(self._queue or self._sent)

    def analysing(self, moves: str) -> bool:
        return self._analysis is not None and self._analysis[1] == moves

    def pump(self) -> None:
        """Send what should be on its way now: :data:`IN_FLIGHT` review requests at most
        (an analysis asked meanwhile waits behind those alone)."""
        while self._queue and len(self._sent) < IN_FLIGHT:
            ply, line = self._queue.popleft()
            request = ReviewRequest(
                game=self._moves, ply=ply, line=line, time_limit=POSITION_SECONDS
            )
            request_id = self._engine.submit_review(request, owner=self._owner)
            if request_id is None:  # the worker refused: the player was told
                self._queue.clear()
                return
            self._sent[request_id] = (ply, line)

    def analyse(self, moves: str) -> None:
        """Ask for every column's value of the position ``moves`` (once), before the
        values still to send; an analysis of another position on its way is cancelled."""
        if moves in self.analyses or self.analysing(moves):
            return
        if self._analysis is not None:
            self._engine.cancel(self._analysis[0])
        request = SearchRequest(
            moves=moves, depth=None, time_limit=self._analysis_seconds, analyze=True
        )
        request_id = self._engine.submit(request, kind=RequestKind.ANALYSIS, owner=self._owner)
        self._analysis = None if request_id is None else (request_id, moves)

    def receive(self, reply: Reply) -> bool:
        """An analysis (or its failure) arrived; whether it was awaited."""
        analysis = self._analysis
        if analysis is None or analysis[0] != reply.request_id:
            return False
        self._analysis = None
        if isinstance(reply, Answer):
            self.analyses[analysis[1]] = reply.result
        else:
            log.warning("the analysis of %r failed: %s", analysis[1], reply.error)
        return True

    def receive_value(self, reply: Reviewed | Failure) -> bool:
        """A position's value (or its failure) arrived; whether it was awaited."""
        asked = self._sent.pop(reply.request_id, None)
        if asked is None:
            return False
        if isinstance(reply, Reviewed):
            self._record.receive(reply.result.value)
            self._ask_lines()
        else:
            log.warning("the review of position %s failed: %s", asked[0], reply.error)
            self.failed += 1
        self.pump()
        return True

    def _ask_lines(self) -> None:
        """Ask first for the line of every mistake and blunder that lacks one."""
        asked = {ply for ply, line in (*self._queue, *self._sent.values()) if line}
        for ply in range(self._record.length):
            if ply not in asked and self._record.wants_line(ply):
                self._queue.appendleft((ply, LINE_LENGTH))

    def cancel(self) -> None:
        """Stop everything on its way (the screen is left)."""
        for request_id in self._sent:
            self._engine.cancel(request_id)
        if self._analysis is not None:
            self._engine.cancel(self._analysis[0])
        self._sent.clear()
        self._queue.clear()
        self._analysis = None
