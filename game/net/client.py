"""A player's connection to a game server, run in a background thread for the window.

The window makes a :class:`NetClient` with what it wants (:class:`CreateRoom`,
:class:`JoinRoom` or :class:`ResumeSeat`), calls :meth:`~NetClient.send` with client
messages from its own thread, and drains :meth:`~NetClient.events` each frame (the
``notify`` callback says when there is something to drain).  The thread runs its own
asyncio loop and a websockets connection; every server message is read by
:func:`~game.net.codec.parse_server` and checked by a :class:`~game.net.mirror.Mirror`
before it becomes an event, so what the window gets is already a legal game.

When a connection drops once a seat is held, the client reconnects by itself with
backoff (:func:`backoff_delays`) and sends ``resume`` with the seat's token; the window
hears :class:`ConnectionLost` (when the next try is) and then :class:`GameStarted`
again.  It stops for good with :class:`Failed`: the server unreachable before any seat,
the seat gone (``no-room`` or ``bad-token`` on resume), a refused hello, or a message
that cannot be true (the connection is closed at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import queue
import random
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.uri import parse_uri

from game.net.codec import MalformedMessage, encode, parse_server
from game.net.lobby import CLOSE_REPLACED
from game.net.messages import (
    DEFAULT_PORT,
    MAX_FRAME_BYTES,
    ChatFrom,
    ClientMessage,
    Create,
    Created,
    Declined,
    Error,
    ErrorCode,
    Hello,
    Join,
    Offer,
    Offered,
    Opponent,
    Resume,
    ServerMessage,
    Start,
    State,
    Status,
    Undo,
    Welcome,
)
from game.net.mirror import Mirror, OnlineGame, Untrusted

log = logging.getLogger("game.net.client")

OPEN_TIMEOUT: Final = 10.0
GIVE_UP_AFTER: Final = 600.0
"""Seconds of failed reconnection after which the client stops trying."""


# -- what the window asks -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateRoom:
    pass


@dataclass(frozen=True, slots=True)
class JoinRoom:
    room: str


@dataclass(frozen=True, slots=True)
class ResumeSeat:
    room: str
    token: str


Intent: TypeAlias = CreateRoom | JoinRoom | ResumeSeat


# -- what the window hears ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Connected:
    """The server said welcome (after every reconnection too)."""


@dataclass(frozen=True, slots=True)
class RoomOpened:
    room: str
    token: str


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A game began, a rematch began, or the seat was resumed: ``game`` is all of it."""

    game: OnlineGame


@dataclass(frozen=True, slots=True)
class GameChanged:
    """A move, a resignation, an undo or an abandonment: ``game`` is all of it."""

    game: OnlineGame


@dataclass(frozen=True, slots=True)
class ChatReceived:
    sender: str
    text: str


@dataclass(frozen=True, slots=True)
class OpponentChanged:
    """The opponent's connection; ``seconds``: with "away", how long the server keeps
    their seat (None when it does not say)."""

    status: Status
    seconds: int | None = None


@dataclass(frozen=True, slots=True)
class OfferReceived:
    offer: Offer


@dataclass(frozen=True, slots=True)
class OfferDeclined:
    offer: Offer


@dataclass(frozen=True, slots=True)
class Refusal:
    """The server refused a request (``error``); nothing changed."""

    code: ErrorCode
    message: str


@dataclass(frozen=True, slots=True)
class ConnectionLost:
    """The connection dropped; the ``attempt``-th try to resume is in ``retry_in`` s."""

    attempt: int
    retry_in: float


class Failure(enum.Enum):
    UNREACHABLE = "unreachable"
    """No connection could be made (before any seat was held)."""
    REFUSED = "refused"
    """The server refused the hello: another game or another protocol version."""
    GONE = "gone"
    """The room or the seat no longer exists (resume refused), or resuming gave up."""
    UNTRUSTED = "untrusted"
    """The server sent a message that cannot be true; the connection was closed."""


@dataclass(frozen=True, slots=True)
class Failed:
    """The client has stopped; ``detail`` is English, for the log."""

    failure: Failure
    detail: str


NetEvent: TypeAlias = (
    Connected
    | RoomOpened
    | GameStarted
    | GameChanged
    | ChatReceived
    | OpponentChanged
    | OfferReceived
    | OfferDeclined
    | Refusal
    | ConnectionLost
    | Failed
)


class BadAddress(ValueError):
    """An address the player typed that is no server address; ``str()`` says why."""


def server_url(text: str) -> str:
    """The WebSocket URL of an address as a player types it: ``host``, ``host:port``
    (port :data:`~game.net.messages.DEFAULT_PORT` if none), ``[v6]:port`` or a whole
    ``ws://`` or ``wss://`` URL.  Raises :class:`BadAddress`."""
    text = text.strip()
    if not text:
        raise BadAddress("no address")
    if "://" not in text:
        parts = urllib.parse.urlsplit("ws://" + text)
        try:
            port = parts.port
        except ValueError:
            raise BadAddress(f"{text!r} has a port that is not 0-65535") from None
        text = "ws://" + text if port is not None else f"ws://{parts.netloc}:{DEFAULT_PORT}"
        if parts.path or parts.query:
            text += urllib.parse.urlunsplit(("", "", parts.path, parts.query, ""))
    try:
        parse_uri(text)
        urllib.parse.urlsplit(text).port  # noqa: B018 (raises for a port out of range)
    except (InvalidURI, ValueError) as error:
        raise BadAddress(str(error)) from None
    return text


def backoff_delays(
    *, first: float = 0.5, factor: float = 2.0, most: float = 10.0
) -> Iterator[float]:
    """Seconds to wait before each reconnection: doubling up to ``most``, each with up to
    a quarter of jitter, so that the two players of a room do not knock in step."""
    delay = first
    while True:
        yield delay * random.uniform(0.75, 1.0)
        delay = min(delay * factor, most)


class _Stop(Exception):
    """The session ends and the client with it (a :class:`Failed` was sent)."""


class NetClient:
    """One player's connection; see the module's docstring.

    ``notify`` is called from the client's thread after each event is queued (the window
    wakes its loop with it); it must not block.
    """

    def __init__(
        self,
        url: str,
        name: str,
        intent: Intent,
        *,
        notify: Callable[[], None] | None = None,
        delays: Callable[[], Iterator[float]] = backoff_delays,
    ) -> None:
        self.url = url
        self.name = name
        self._intent = intent
        self._notify = notify
        self._delays = delays
        self._events: queue.SimpleQueue[NetEvent] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outgoing: asyncio.Queue[ClientMessage] | None = None
        self._task: asyncio.Task[None] | None = None
        self._ready = threading.Event()
        self._welcomed = False
        self._opponent_left = False
        """Whether the server said the opponent left the room (and has not come back)."""
        self.mirror = Mirror()
        """Owned by the client's thread; the window reads the events' snapshots."""

    # -- the window's side --------------------------------------------------------
    def start(self) -> None:
        self._thread.start()
        self._ready.wait(OPEN_TIMEOUT)

    def send(self, message: ClientMessage) -> None:
        """Send ``message`` when connected; while the connection is down it is dropped
        (the window lets no move be made then)."""
        loop, outgoing = self._loop, self._outgoing
        if loop is not None and outgoing is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(outgoing.put_nowait, message)

    def events(self) -> list[NetEvent]:
        """Every event since the last call, oldest first."""
        found: list[NetEvent] = []
        while True:
            try:
                found.append(self._events.get_nowait())
            except queue.Empty:
                return found

    def close(self, timeout: float = 5.0) -> None:
        """Close the connection (the seat stays, away, for the server's keep time) and
        wait for the thread."""
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(task.cancel)
        if self._thread.is_alive():
            self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # -- the client's thread ------------------------------------------------------------
    def _emit(self, event: NetEvent) -> None:
        self._events.put(event)
        if self._notify is not None:
            self._notify()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as error:  # never take the window down: say it and stop
            log.exception("the network client failed")
            self._emit(Failed(Failure.UNREACHABLE, f"internal error: {error!r}"))
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outgoing = asyncio.Queue()
        self._task = asyncio.current_task()
        self._ready.set()
        with contextlib.suppress(asyncio.CancelledError, _Stop):
            await self._keep_connected()

    async def _keep_connected(self) -> None:
        """Connect, and reconnect while a seat is held; returns or raises :class:`_Stop`
        once a :class:`Failed` was sent."""
        assert self._loop is not None
        delays = self._delays()
        attempt = 0
        lost_since: float | None = None
        while True:
            try:
                async with connect(
                    self.url,
                    compression=None,
                    max_size=MAX_FRAME_BYTES * 4,
                    open_timeout=OPEN_TIMEOUT,
                    ping_interval=10,
                    ping_timeout=10,
                    close_timeout=2,
                    proxy=None,
                ) as socket:
                    await self._session(socket)
            except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed) as error:
                if self.mirror.token is None:
                    self._emit(Failed(Failure.UNREACHABLE, f"{self.url}: {error}"))
                    return
                log.info("connection to %s lost: %s", self.url, error)
            if self._welcomed:
                attempt, lost_since, delays = 0, None, self._delays()
                self._welcomed = False
            now = self._loop.time()
            lost_since = now if lost_since is None else lost_since
            game = self.mirror.game
            if game is not None and game.over and self._opponent_left:
                # Nothing to resume: the game is decided and nobody is left to play again.
                self._emit(Failed(Failure.GONE, "the game is over and the opponent has left"))
                return
            if self.mirror.token is None or now - lost_since > GIVE_UP_AFTER:
                self._emit(Failed(Failure.GONE, "the connection could not be resumed"))
                return
            attempt += 1
            delay = next(delays)
            self._emit(ConnectionLost(attempt, delay))
            await asyncio.sleep(delay)

    async def _session(self, socket: ClientConnection) -> None:
        """One connection: hello, the intent (or resume), then messages both ways,
        until the connection drops (raises ConnectionClosed) or the client stops for
        good (raises :class:`_Stop`)."""
        assert self._outgoing is not None
        while not self._outgoing.empty():  # requests made while disconnected are stale
            self._outgoing.get_nowait()
        await socket.send(encode(Hello(self.name)))
        mirror = self.mirror
        if mirror.room is not None and mirror.token:
            first: ClientMessage = Resume(mirror.room, mirror.token)
        elif isinstance(self._intent, ResumeSeat):
            first = Resume(self._intent.room, self._intent.token)
        elif isinstance(self._intent, JoinRoom):
            first = Join(self._intent.room)
        else:
            first = Create()
        await socket.send(encode(first))
        reader = asyncio.ensure_future(self._read(socket, isinstance(first, Resume)))
        writer = asyncio.ensure_future(self._write(socket))
        try:
            done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            reader.cancel()
            writer.cancel()
        for task in done:
            task.result()  # raises what ended it
        if socket.close_code == CLOSE_REPLACED:
            self._emit(Failed(Failure.GONE, "the seat was resumed from another connection"))
            raise _Stop
        raise ConnectionClosed(None, None)

    async def _write(self, socket: ClientConnection) -> None:
        assert self._outgoing is not None
        while True:
            message = await self._outgoing.get()
            if isinstance(message, Undo):
                self.mirror.undo_agreed_at = message.ply
            await socket.send(encode(message))

    async def _read(self, socket: ClientConnection, resuming: bool) -> None:
        async for frame in socket:
            try:
                message = parse_server(frame)
                if message is None:
                    continue
                self.mirror.apply(message)
            except (MalformedMessage, Untrusted) as error:
                log.warning("closing the connection to %s: %s", self.url, error)
                await socket.close(1008, "untrusted message")
                self._emit(Failed(Failure.UNTRUSTED, str(error)))
                raise _Stop from None
            if isinstance(message, (Start, Created)):
                resuming = False
            elif isinstance(message, Error):
                await self._refused(socket, message, resuming)
                continue
            event = self._event(message)
            if event is not None:
                self._emit(event)

    async def _refused(self, socket: ClientConnection, error: Error, resuming: bool) -> None:
        if error.code is ErrorCode.BAD_HELLO:
            self._emit(Failed(Failure.REFUSED, error.message))
            raise _Stop
        if resuming and error.code in (ErrorCode.NO_ROOM, ErrorCode.BAD_TOKEN):
            await socket.close()
            self._emit(Failed(Failure.GONE, error.message))
            raise _Stop
        self._emit(Refusal(error.code, error.message))

    def _event(self, message: ServerMessage) -> NetEvent | None:
        if isinstance(message, Welcome):
            self._welcomed = True
        elif isinstance(message, Opponent):
            self._opponent_left = message.status is Status.LEFT
        elif isinstance(message, Start):
            self._opponent_left = False
        convert = _EVENTS.get(type(message))
        return None if convert is None else convert(message, self.mirror.game)


def _known(game: OnlineGame | None) -> OnlineGame:
    assert game is not None, "the mirror holds a game after start and state"
    return game


_EVENTS: Final[dict[type, Callable[[Any, OnlineGame | None], NetEvent]]] = {
    Welcome: lambda m, g: Connected(),
    Created: lambda m, g: RoomOpened(m.room, m.token),
    Start: lambda m, g: GameStarted(_known(g)),
    State: lambda m, g: GameChanged(_known(g)),
    ChatFrom: lambda m, g: ChatReceived(m.from_, m.text),
    Opponent: lambda m, g: OpponentChanged(m.status, m.seconds),
    Offered: lambda m, g: OfferReceived(m.offer),
    Declined: lambda m, g: OfferDeclined(m.offer),
}
"""Each server message the window hears of, as its event (an error is a Refusal or a
Failed, :meth:`NetClient._refused`)."""
