"""The requests the play screen sent to the computer player and still waits for.

Every request carries an id (the link's) and a :class:`~game.ai.protocol.RequestKind`,
and may name who takes its answer (a player, for its move).  A reply is used only if
its id is still awaited *and* it is about the board's current position; anything else
is stale and dropped.  Undo, redo, a new game, leaving and quitting cancel what is
awaited.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.protocol import RequestKind, SearchRequest, SearchResult
from game.ui.engine_link import Engine, Reply, ReplyOwner

log = logging.getLogger(__name__)

MOVE, HINT, ANALYSIS = RequestKind.MOVE, RequestKind.HINT, RequestKind.ANALYSIS
"""The kinds of request the play screen sends (the worker echoes them)."""

AnswerTaker = Callable[[SearchResult], None]
"""Takes the answer to one request (the position is checked already)."""


@dataclass(frozen=True, slots=True)
class Awaited:
    """What a request in flight was for: its kind, and who takes its answer (None:
    the scene, by kind)."""

    kind: RequestKind
    taker: AnswerTaker | None = None


class InFlight:
    """Request id -> what it was for, of everything ``owner`` asked ``engine`` and
    still awaits."""

    def __init__(self, engine: Engine, owner: ReplyOwner) -> None:
        self._engine = engine
        self._owner = owner
        self.awaiting: dict[int, Awaited] = {}

    def ask(
        self, kind: RequestKind, request: SearchRequest, *, taker: AnswerTaker | None = None
    ) -> int | None:
        """Send ``request``; its id, or None (nothing is awaited) if the engine refused
        it.  ``taker`` gets the answer, if it comes and still fits."""
        request_id = self._engine.submit(request, kind=kind, owner=self._owner)
        if request_id is not None:
            self.awaiting[request_id] = Awaited(kind, taker)
        return request_id

    def waits_for(self, kind: RequestKind) -> bool:
        return any(awaited.kind == kind for awaited in self.awaiting.values())

    def awaits(self, request_id: int | None) -> bool:
        """Whether the request ``request_id`` is still on its way."""
        return request_id in self.awaiting

    def cancel(self, *kinds: RequestKind) -> None:
        """Stop what is awaited of ``kinds`` (every kind when none is given)."""
        for request_id, awaited in list(self.awaiting.items()):
            if not kinds or awaited.kind in kinds:
                self.cancel_one(request_id)

    def cancel_one(self, request_id: int) -> None:
        """Stop the request ``request_id`` if it is awaited."""
        if self.awaiting.pop(request_id, None) is not None:
            self._engine.cancel(request_id)

    def accept(self, reply: Reply, moves: str) -> Awaited | None:
        """What ``reply`` was for if it was awaited and is about the position ``moves``;
        None (and it is forgotten) if it is stale."""
        awaited = self.awaiting.pop(reply.request_id, None)
        if awaited is None or reply.moves != moves:
            log.debug("dropped a stale %s reply for %r", reply.kind, reply.moves)
            return None
        return awaited
