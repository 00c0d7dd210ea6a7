"""What one screen asked the computer player and still awaits: the request tracker every
screen that asks uses (play, review, puzzles).

A screen asks through its :class:`Requests`: a :class:`RequestKind` (why it asks) and a
request (:class:`~game.ai.protocol.SearchRequest` or
:class:`~game.ai.protocol.ReviewRequest`).  The tracker sends the request through the
engine link (:class:`game.ui.engine_link.Engine`), remembers by its id what it was for
(an :class:`Asked`), and when the reply comes hands the screen both, in the one shape
the reply came off the pipe (:class:`~game.ai.protocol.Answered` or
:class:`~game.ai.protocol.Refused`).  Cancelling (one kind, or everything when the
screen leaves) forgets the requests here and at the link at once, so a reply that was
already on its way never reaches the screen: the worker's handle drops it.

A new kind of request adds a member to :class:`RequestKind` and the screen's own code
that asks and receives it; nothing else changes.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.ai.protocol import Reply, Request
from game.ui.engine_link import Engine

log = logging.getLogger(__name__)


class RequestKind(enum.StrEnum):
    """Why a screen asks (the worker never sees it)."""

    MOVE = "move"
    """The computer's move (a Perfect level's move in the puzzles)."""
    HINT = "hint"
    """The best column for the player (an analysis's best column)."""
    ANALYSIS = "analysis"
    """Every column's value."""
    REVIEW = "review"
    """The value of one position of a game under review."""
    REASON = "reason"
    """Why a move the coach objects to loses, with the threat that decides a long-term
    loss (a review of the position before the move, with its reason)."""


@dataclass(frozen=True, slots=True)
class Asked:
    """What one request was for: its ``kind`` and the ``request`` itself."""

    kind: RequestKind
    request: Request

    @property
    def moves(self) -> str:
        """The position asked about."""
        return self.request.moves


Receiver = Callable[[Asked, Reply], None]
"""The screen's part that takes a reply, with what was asked."""


class Requests:
    """The requests a screen sent ``engine`` and still awaits; replies go to ``receive``."""

    def __init__(self, engine: Engine, receive: Receiver) -> None:
        self._engine = engine
        self._receive = receive
        self._awaiting: dict[int, Asked] = {}

    def ask(self, kind: RequestKind, request: Request) -> bool:
        """Send ``request`` for ``kind``; False if the engine refused it (the player was
        told, and nothing is awaited)."""
        request_id = self._engine.submit(request, owner=self)
        if request_id is None:
            return False
        self._awaiting[request_id] = Asked(kind, request)
        return True

    def awaited(self, *kinds: RequestKind) -> Iterator[Asked]:
        """What is awaited of ``kinds`` (of every kind when none is given), oldest first."""
        return (asked for asked in self._awaiting.values() if not kinds or asked.kind in kinds)

    def waits_for(self, kind: RequestKind, moves: str | None = None) -> bool:
        """Whether a request of ``kind`` is awaited (about the position ``moves``, if
        given)."""
        return any(moves is None or asked.moves == moves for asked in self.awaited(kind))

    def cancel(self, *kinds: RequestKind) -> None:
        """Stop what is awaited of ``kinds`` (everything when none is given: the screen
        leaves); no reply to those will be received."""
        for request_id, asked in list(self._awaiting.items()):
            if not kinds or asked.kind in kinds:
                del self._awaiting[request_id]
                self._engine.cancel(request_id)

    def deliver(self, reply: Reply) -> None:
        """The link's delivery of the reply to a request of ours (awaited: a cancelled
        one never comes)."""
        asked = self._awaiting.pop(reply.request_id)
        self._receive(asked, reply)
