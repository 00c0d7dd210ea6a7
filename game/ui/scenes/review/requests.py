"""The Review screen's requests to the computer player: what the review's driver needs
(each position's value, the best line and the reason of each mistake and blunder:
:class:`~game.ai.review_driver.ReviewDriver`, the command line's too), and the analysis
of every column of the position shown.

The worker answers one request at a time, in order.  So the driver's needs are sent
:data:`IN_FLIGHT` at a time (the worker never waits for the next, and an analysis the
player asks for waits behind two at most), in the driver's order, and the analysis
before them.  They go through the screen's :class:`~game.ui.requests.Requests`: leaving
the screen cancels what is awaited.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final

from game.ai.protocol import (
    Answered,
    Refused,
    Reply,
    ReviewRequest,
    ReviewResult,
    SearchRequest,
    SearchResult,
)
from game.ai.review_driver import Answer, Need
from game.ui.engine_link import Engine
from game.ui.requests import Asked, RequestKind, Requests
from game.ui.scenes.review.record import ReviewRecord

log = logging.getLogger(__name__)

IN_FLIGHT: Final = 2
"""Review requests sent before their answers come."""


def need_of(request: ReviewRequest) -> Need:
    """The driver's need a review request was sent for."""
    return Need(request.ply, request.line, request.explain, request.time_limit)


class ReviewRequests:
    """What is asked of ``engine`` for ``record`` (see the module docstring);
    ``analysis_seconds`` is an analysis's time budget (Perfect's, in the settings), and
    ``analysed`` hears of each analysis that comes (the position's moves)."""

    def __init__(
        self,
        engine: Engine,
        record: ReviewRecord,
        *,
        analysis_seconds: float,
        analysed: Callable[[str], None] | None = None,
    ) -> None:
        self._requests = Requests(engine, self._receive)
        self._driver = record.driver
        self._analysis_seconds = analysis_seconds
        self._analysed = analysed
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
        return self._requests.waits_for(RequestKind.ANALYSIS, moves)

    def pump(self) -> None:
        """Send what should be on its way now: :data:`IN_FLIGHT` review requests at most
        (an analysis asked meanwhile waits behind those alone)."""
        sent = len(list(self._requests.awaited(RequestKind.REVIEW)))
        while sent < IN_FLIGHT:
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
            if not self._requests.ask(RequestKind.REVIEW, request):
                self._driver.cancel()  # the worker refused: the player was told
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
        """A need's answer or an analysis (or its failure) arrived."""
        request = asked.request
        match reply:
            case Answered(result=ReviewResult() as valued) if isinstance(request, ReviewRequest):
                self._driver.receive(need_of(request), Answer(valued.value, valued.reason))
            case Answered(result=SearchResult() as analysis):
                self.analyses[asked.moves] = analysis
                if self._analysed is not None:
                    self._analysed(asked.moves)
            case Refused(error=error) if isinstance(request, ReviewRequest):
                log.warning("the review of %s failed: %s", request, error)
                self._driver.fail(need_of(request))
            case Refused(error=error):
                log.warning("the analysis of %r failed: %s", asked.moves, error)
                if self._analysed is not None:
                    self._analysed(asked.moves)
        self.pump()

    def cancel(self) -> None:
        """Stop everything on its way (the screen is left)."""
        self._requests.cancel()
        self._driver.cancel()
