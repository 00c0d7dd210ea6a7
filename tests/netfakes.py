"""Fakes for the network tests: a peer that records, a clock the test moves, and a small
async client that speaks protocol v1 as JSON dicts over any connection."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from game.net.codec import encode
from game.net.messages import ServerMessage


@dataclass
class RecordingPeer:
    """A :class:`game.net.lobby.Peer` that keeps what it was sent, as wire dicts."""

    sent: list[dict[str, Any]] = field(default_factory=list)
    closed: tuple[int, str] | None = None

    def send(self, message: ServerMessage) -> None:
        assert self.closed is None, "a message after close"
        self.sent.append(json.loads(encode(message)))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def take(self) -> list[dict[str, Any]]:
        """What was sent since the last take."""
        sent, self.sent = self.sent, []
        return sent

    def types(self) -> list[str]:
        return [message["type"] for message in self.take()]


@dataclass
class _Timer:
    when: float
    callback: Callable[[], object]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class FakeClock:
    """A :class:`game.net.lobby.Scheduler` whose time moves only in :meth:`advance`."""

    now: float = 0.0
    timers: list[_Timer] = field(default_factory=list)

    def call_later(self, delay: float, callback: Callable[[], object], /) -> _Timer:
        timer = _Timer(self.now + delay, callback)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        self.now += seconds
        due = sorted((t for t in self.timers if t.when <= self.now), key=lambda t: t.when)
        self.timers = [t for t in self.timers if t.when > self.now]
        for timer in due:
            if not timer.cancelled:
                timer.callback()

    @property
    def pending(self) -> int:
        return sum(not t.cancelled for t in self.timers)


class SilentClient:
    """A :class:`game.net.client.NetClient` that never connects: what the window sends
    is kept; no event ever comes (the test sets the link's state itself)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.sent: list[object] = []

    def start(self) -> None: ...

    def send(self, message: object) -> None:
        self.sent.append(message)

    def close(self, timeout: float = 5.0) -> None: ...

    def events(self) -> list[object]:
        return []


class Speaker:
    """One protocol v1 client as a test writes it: dicts out, dicts in.

    ``send`` and ``recv`` are the connection's (a websockets client, or a memory channel);
    ``recv`` returns None once the connection has ended.
    """

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        recv: Callable[[], Awaitable[str | bytes | None]],
    ) -> None:
        self._send = send
        self._recv = recv

    async def say(self, kind: str, **fields: Any) -> None:
        await self._send(json.dumps({"type": kind, **fields}))

    async def raw(self, frame: str) -> None:
        await self._send(frame)

    async def hear(self, timeout: float = 10.0) -> dict[str, Any] | None:
        """The next message, or None when the connection ended."""
        frame = await asyncio.wait_for(self._recv(), timeout)
        if frame is None:
            return None
        message = json.loads(frame)
        assert isinstance(message, dict)
        return message

    async def expect(self, kind: str, **fields: Any) -> dict[str, Any]:
        message = await self.hear()
        assert message is not None, f"the connection ended while {kind} was expected"
        assert message["type"] == kind, message
        for key, value in fields.items():
            assert message[key] == value, (key, message)
        return message

    async def error(self, code: str) -> dict[str, Any]:
        return await self.expect("error", code=code)
