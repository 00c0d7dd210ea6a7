"""The requests the play screen sent to the computer player and still waits for.

Every request carries an id (the link's) and a :class:`~game.ai.protocol.RequestKind`.
A reply is used only if its id is still awaited *and* it is about the board's
current position; anything else is stale and dropped.  Undo, redo, a new game,
leaving and quitting cancel what is awaited.
"""

from __future__ import annotations

import logging

from game.ai.protocol import RequestKind, SearchRequest
from game.ui.engine_link import Engine, Reply, ReplyOwner

log = logging.getLogger(__name__)

MOVE, HINT, ANALYSIS = RequestKind.MOVE, RequestKind.HINT, RequestKind.ANALYSIS
"""The kinds of request the play screen sends (the worker echoes them)."""


class InFlight:
    """Request id -> kind of everything ``owner`` asked ``engine`` and still awaits."""

    def __init__(self, engine: Engine, owner: ReplyOwner) -> None:
        self._engine = engine
        self._owner = owner
        self.awaiting: dict[int, RequestKind] = {}

    def ask(self, kind: RequestKind, request: SearchRequest) -> None:
        """Send ``request`` (nothing is awaited if the engine refused it)."""
        request_id = self._engine.submit(request, kind=kind, owner=self._owner)
        if request_id is not None:
            self.awaiting[request_id] = kind

    def waits_for(self, kind: RequestKind) -> bool:
        return kind in self.awaiting.values()

    def cancel(self, *kinds: RequestKind) -> None:
        """Stop what is awaited of ``kinds`` (every kind when none is given)."""
        for request_id, kind in list(self.awaiting.items()):
            if not kinds or kind in kinds:
                self._engine.cancel(request_id)
                del self.awaiting[request_id]

    def accept(self, reply: Reply, moves: str) -> RequestKind | None:
        """The kind of ``reply`` if it was awaited and is about the position ``moves``;
        None (and it is forgotten) if it is stale."""
        kind = self.awaiting.pop(reply.request_id, None)
        if kind is None or reply.moves != moves:
            log.debug("dropped a stale %s reply for %r", reply.kind, reply.moves)
            return None
        return kind
