"""The Review screen's requests to the computer player: what the review's driver needs
(each position's value, the best line and the reason of each mistake and blunder:
:class:`~game.ai.review_driver.ReviewDriver`, the command line's too), and the analysis
of every column of the position shown.

The worker answers one request at a time, in order.  So the driver's needs are sent
:data:`IN_FLIGHT` at a time (the worker never waits for the next, and an analysis the
player asks for waits behind two at most), in the driver's order, and the analysis
before them.  Every request carries an id; leaving the screen cancels what is awaited,
and a reply nobody awaits is dropped.
"""

from __future__ import annotations

import logging
from typing import Final

from game.ai.protocol import RequestKind, ReviewRequest, SearchRequest, SearchResult
from game.ai.review_driver import Answer as Found
from game.ai.review_driver import Need
from game.ui.engine_link import Answer, Failure, Reply, Reviewed, ReviewEngine, ReviewOwner
from game.ui.scenes.review.record import ReviewRecord

log = logging.getLogger(__name__)

IN_FLIGHT: Final = 2
"""Review requests sent before their answers come."""


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
        self._driver = record.driver
        self._analysis_seconds = analysis_seconds
        self._sent: dict[int, Need] = {}
        self._analysis: tuple[int, str] | None = None
        self.analyses: dict[str, SearchResult] = {}
        """Every column's value of the positions analysed, by move string."""
        self._moves = record.board.moves

    @property
    def busy(self) -> bool:
        """Whether values are still on their way."""
        return not self._driver.done

    @property
    def failed(self) -> int:
        """Needs the worker could not answer (the review says so)."""
        return self._driver.failures

    def analysing(self, moves: str) -> bool:
        return self._analysis is not None and self._analysis[1] == moves

    def pump(self) -> None:
        """Send what should be on its way now: :data:`IN_FLIGHT` review requests at most
        (an analysis asked meanwhile waits behind those alone)."""
        while len(self._sent) < IN_FLIGHT:
            need = self._driver.take()
            if need is None:
                return
            request = ReviewRequest(
                game=self._moves,
                ply=need.ply,
                line=need.line,
                time_limit=need.time_limit,
                explain=need.explain,
            )
            request_id = self._engine.submit_review(request, owner=self._owner)
            if request_id is None:  # the worker refused: the player was told
                self._driver.cancel()
                return
            self._sent[request_id] = need

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
        """A need's answer (or its failure) arrived; whether it was awaited."""
        need = self._sent.pop(reply.request_id, None)
        if need is None:
            return False
        if isinstance(reply, Reviewed):
            result = reply.result
            self._driver.receive(need, Found(result.value, result.reason))
        else:
            log.warning("the review of position %s failed: %s", need.ply, reply.error)
            self._driver.fail(need)
        self.pump()
        return True

    def cancel(self) -> None:
        """Stop everything on its way (the screen is left)."""
        for request_id in self._sent:
            self._engine.cancel(request_id)
        if self._analysis is not None:
            self._engine.cancel(self._analysis[0])
        self._sent.clear()
        self._driver.cancel()
        self._analysis = None
