"""Connections without sockets: two ends of a pipe of text frames, in one process.

The tests run the server's connection loop (:func:`game.net.server.serve_channel`) and
the client's over a :func:`pipe`, as KDE's libkdegames tests its games over
``KMessageDirect``: the protocol and the lobby without the network's timing.
"""

from __future__ import annotations

import asyncio
from typing import Final

_CLOSED: Final = None


class MemoryChannel:
    """One end of a :func:`pipe`; satisfies :class:`game.net.server.Channel`."""

    def __init__(self) -> None:
        self._inbox: asyncio.Queue[str | bytes | None] = asyncio.Queue()
        self.peer: MemoryChannel | None = None
        self.close_code: int | None = None
        """The code the connection was closed with, by either end (None while open)."""
        self.closed = False

    async def recv(self) -> str | bytes | None:
        if self.closed and self._inbox.empty():
            return None
        frame = await self._inbox.get()
        if frame is _CLOSED:
            self.closed = True
        return frame

    async def send(self, frame: str | bytes) -> None:
        if not self.closed and self.peer is not None and not self.peer.closed:
            self.peer._inbox.put_nowait(frame)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self._inbox.put_nowait(_CLOSED)
        if self.peer is not None and not self.peer.closed:
            self.peer.close_code = code
            self.peer._inbox.put_nowait(_CLOSED)


def pipe() -> tuple[MemoryChannel, MemoryChannel]:
    """Two connected ends: what one sends, the other receives."""
    one, two = MemoryChannel(), MemoryChannel()
    one.peer, two.peer = two, one
    return one, two
