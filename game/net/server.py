"""The game server: the lobby behind WebSocket connections, on one asyncio loop.

`websockets <https://websockets.readthedocs.io>`_ does the framing, the pings, the
closing handshake, TLS and the size limit (a frame over :data:`MAX_FRAME_BYTES` closes
the connection with code 1009); this module only moves text between a connection and
the :class:`~game.net.lobby.Lobby`.  :func:`serve_channel` is that loop for any
:class:`Channel`, so the same code runs over a socket here and over queues in
:mod:`game.net.memory` (the tests).

Limits, so that no client can make the server run out of anything: a rate limit per
connection (:class:`RateLimit`: a message over it is dropped with ``too-fast``), a cap
on connections (more are refused at the handshake with HTTP 503 and a sentence), the
lobby's cap on rooms, a bounded queue of messages to each client (a client that reads
none is disconnected), no compression (a deflate context per connection costs memory and
a small frame gains nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Final, Protocol

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.net.codec import ProtocolError, encode, parse_client
from game.net.lobby import Lobby, Room
from game.net.messages import DEFAULT_PORT, MAX_FRAME_BYTES, Error, ErrorCode, ServerMessage

log = logging.getLogger("game.net.server")

OUTBOX_LIMIT: Final = 256
"""Messages queued to one client at most; beyond, the client is too slow and dropped."""
CLOSE_TOO_SLOW: Final = 1008


class Channel(Protocol):
    """One connection's text frames, whatever carries them."""

    async def recv(self) -> str | bytes | None:
        """The next frame, or None once the connection has ended."""

    async def send(self, frame: str) -> None:
        """Send ``frame``; a connection that has ended swallows it."""

    async def close(self, code: int, reason: str) -> None: ...


@dataclass(frozen=True, kw_only=True, slots=True)
class ServerConfig:
    """How a server listens and what it allows.  ``port`` 0 picks a free port."""

    host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    certfile: str | None = None
    keyfile: str | None = None
    keep_seconds: float = 120.0
    max_rooms: int = 1000
    max_connections: int = 2500
    rate: float = 20.0
    """Messages a second one connection may send (with a burst of as many)."""
    ping_interval: float = 15.0
    """Seconds between pings; a connection that does not answer one in as many seconds
    is dropped (the seat is then away)."""


class RateLimit:
    """A token bucket: ``rate`` messages a second, up to ``rate`` at once."""

    __slots__ = ("_clock", "_last", "_rate", "_tokens")

    def __init__(self, rate: float, clock: Callable[[], float]) -> None:
        self._rate = rate
        self._tokens = rate
        self._clock = clock
        self._last = clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self._rate, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


class _Outbox:
    """A connection's :class:`~game.net.lobby.Peer`: messages wait here for the writer,
    so that the lobby never waits on a slow client."""

    __slots__ = ("closing", "frames", "wake")

    def __init__(self) -> None:
        self.frames: deque[str] = deque()
        self.wake = asyncio.Event()
        self.closing: tuple[int, str] | None = None

    def send(self, message: ServerMessage) -> None:
        if self.closing is not None:
            return
        if len(self.frames) >= OUTBOX_LIMIT:
            self.close(CLOSE_TOO_SLOW, "too slow: messages were not read")
            return
        self.frames.append(encode(message))
        self.wake.set()

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = (code, reason)
            self.wake.set()

    async def drain(self, channel: Channel) -> None:
        """Send the frames as they come, then close the channel when asked."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.frames:
                await channel.send(self.frames.popleft())
            if self.closing is not None:
                await channel.close(*self.closing)
                return


async def serve_channel(channel: Channel, lobby: Lobby, *, rate: float) -> None:
    """Run one connection: its frames to the lobby, the lobby's answers back, until the
    connection ends or the lobby closes it."""
    loop = asyncio.get_running_loop()
    outbox = _Outbox()
    writer = loop.create_task(outbox.drain(channel))
    member = lobby.open(outbox)
    limit = RateLimit(rate, loop.time)
    try:
        while outbox.closing is None:
            frame = await channel.recv()
            if frame is None:
                break
            if not limit.take():
                outbox.send(Error(ErrorCode.TOO_FAST, f"at most {rate:g} messages a second"))
                continue
            try:
                message = parse_client(frame)
            except ProtocolError as error:
                lobby.refuse(member, error)
                continue
            lobby.receive(member, message)
    finally:
        lobby.drop(member)
        outbox.close(1000, "")
        await writer


class _SocketChannel:
    """A websockets connection as a :class:`Channel`."""

    __slots__ = ("_socket",)

    def __init__(self, socket: ServerConnection) -> None:
        self._socket = socket

    async def recv(self) -> str | bytes | None:
        try:
            return await self._socket.recv()
        except ConnectionClosed:
            return None

    async def send(self, frame: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self._socket.send(frame)

    async def close(self, code: int, reason: str) -> None:
        await self._socket.close(code, reason)


def log_game(room: Room) -> None:
    """One line a finished game."""
    names = {colour.value: seat.name for colour, seat in room.seats.items()}
    game = room.game
    log.info(
        "game %s: %s vs %s: %s (%s) after %d moves %s",
        room.code,
        names.get("first", "?"),
        names.get("second", "?"),
        game.result,
        game.reason,
        game.board.ply,
        game.board.moves or "-",
    )


class GameServer:
    """A lobby served over WebSocket.  ``await start()`` listens; ``close()`` and
    ``await wait_closed()`` stop it (every connection is closed, going away)."""

    def __init__(self, config: ServerConfig, *, on_game_over: Callable[[Room], None] | None = None):
        self.config = config
        self._on_game_over = on_game_over
        self._server: Server | None = None
        self.lobby: Lobby | None = None

    @property
    def url(self) -> str:
        """``ws://HOST:PORT`` (``wss://`` with TLS), with the port really bound."""
        if self._server is None:
            raise RuntimeError("the server is not listening")
        port = self._server.sockets[0].getsockname()[1]
        scheme = "wss" if self.config.certfile else "ws"
        host = self.config.host
        return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the server is not listening")
        return int(self._server.sockets[0].getsockname()[1])

    @property
    def connections(self) -> int:
        """The connections past their handshake and not yet gone (closing ones count:
        they still hold their memory).  ``Server.connections`` would build a set of
        every open one at each handshake: 1,000 connections made a million checks."""
        return 0 if self._server is None else len(self._server.all_connections)

    async def start(self) -> None:
        """Listen; raises OSError when the address is taken or not this machine's, and
        ssl.SSLError or OSError for a certificate that cannot be read."""
        config = self.config
        context = None
        if config.certfile:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(config.certfile, config.keyfile)
        self.lobby = Lobby(
            scheduler=asyncio.get_running_loop(),
            keep_seconds=config.keep_seconds,
            max_rooms=config.max_rooms,
            on_game_over=self._on_game_over,
        )
        lobby = self.lobby

        async def handler(socket: ServerConnection) -> None:
            await serve_channel(_SocketChannel(socket), lobby, rate=config.rate)

        self._server = await serve(
            handler,
            config.host,
            config.port,
            ssl=context,
            compression=None,
            max_size=MAX_FRAME_BYTES,
            ping_interval=config.ping_interval,
            ping_timeout=config.ping_interval,
            close_timeout=5,
            process_request=self._admit,
        )

    def _admit(self, connection: ServerConnection, request: Request) -> Response | None:
        if self.connections >= self.config.max_connections:
            return connection.respond(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"The server is full ({self.config.max_connections} connections); try later.\n",
            )
        return None

    def close(self) -> None:
        if self._server is not None:
            self._server.close()

    async def wait_closed(self) -> None:
        if self._server is not None:
            await self._server.wait_closed()
