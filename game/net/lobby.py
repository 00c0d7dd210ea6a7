"""The server's rooms and who sits in them, apart from any socket.

A connection is a :class:`Member` wrapped around a :class:`Peer` (something that sends
messages and can be closed: a WebSocket in :mod:`game.net.server`, a queue in
:mod:`game.net.memory`).  The :class:`Lobby` receives each member's parsed messages,
answers through the peers, and keeps the keep time of a dropped seat with a
:class:`Scheduler` (the event loop, or a fake clock in the tests).  All of it runs on
one thread (the server's event loop): no locks.

A room has two seats, first and second; the creator sits first, the one who joins
second, and a rematch swaps them.  A seat outlives its connection: when a connection
drops, the seat is *away* for ``keep_seconds`` and a ``resume`` with the seat's token
takes it back; when the time is up the seat is *gone* (the other player wins a game
still going on, "abandoned").  A room with no seat present or away is deleted.
"""

from __future__ import annotations

import hmac
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Protocol

from game.net.codec import ProtocolError
from game.net.messages import (
    APP,
    PROTOCOL_VERSION,
    ROOM_ALPHABET,
    ROOM_CODE_LENGTH,
    TOKEN_BYTES,
    Chat,
    ChatFrom,
    ClientMessage,
    Colour,
    Create,
    Created,
    Decline,
    Declined,
    Error,
    ErrorCode,
    Hello,
    Join,
    Leave,
    Move,
    Offer,
    Offered,
    Opponent,
    Rematch,
    Resign,
    Resume,
    ServerMessage,
    Start,
    Status,
    Undo,
    Welcome,
)
from game.net.room import Refused, RoomGame

CLOSE_POLICY: Final = 1008
"""The close code after a bad hello (WebSocket's "policy violation")."""
CLOSE_REPLACED: Final = 4001
"""The close code of a connection whose seat was resumed from another connection."""


class Peer(Protocol):
    """One connection's sending side."""

    def send(self, message: ServerMessage) -> None:
        """Queue ``message``; never blocks."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection after what is queued; the lobby hears no more of it."""


class Cancellable(Protocol):
    def cancel(self) -> None: ...


class Scheduler(Protocol):
    def call_later(self, delay: float, callback: Callable[[], object], /) -> Cancellable:
        """Call ``callback`` after ``delay`` seconds (an event loop's call_later)."""


@dataclass(eq=False, slots=True)
class Member:
    """One connection as the lobby sees it: its name once it said hello, its seat."""

    peer: Peer
    name: str | None = None
    seat: Seat | None = None


@dataclass(eq=False, slots=True)
class Seat:
    """A player's place in a room; ``member`` is None while away or once gone."""

    room: Room
    colour: Colour
    name: str
    token: str
    member: Member | None
    gone: bool = False
    timer: Cancellable | None = None

    @property
    def away(self) -> bool:
        return self.member is None and not self.gone

    def send(self, message: ServerMessage) -> None:
        if self.member is not None:
            self.member.peer.send(message)


@dataclass(eq=False, slots=True)
class Room:
    code: str
    game: RoomGame = field(default_factory=RoomGame)
    seats: dict[Colour, Seat] = field(default_factory=dict)

    def other(self, seat: Seat) -> Seat | None:
        return self.seats.get(seat.colour.other)


GameLog = Callable[[Room], None]
"""Told of each game that ends (the standalone server logs a line)."""


def new_token() -> str:
    """A resume token: 128 random bits as 32 hex digits."""
    return secrets.token_hex(TOKEN_BYTES)


def normalize_room(text: str) -> str:
    """A room code as typed: case and surrounding space do not matter."""
    return text.strip().upper()


class Lobby:
    """Every room of one server.  ``max_rooms`` caps the rooms open at once."""

    def __init__(
        self,
        *,
        scheduler: Scheduler,
        keep_seconds: float = 120.0,
        max_rooms: int = 1000,
        on_game_over: GameLog | None = None,
    ) -> None:
        self.rooms: dict[str, Room] = {}
        self._scheduler = scheduler
        self._keep_seconds = keep_seconds
        self._max_rooms = max_rooms
        self._on_game_over = on_game_over

    # -- a connection's life ---------------------------------------------------------
    def open(self, peer: Peer) -> Member:
        return Member(peer)

    def refuse(self, member: Member, error: ProtocolError) -> None:
        """A frame that could not be read: before hello the connection is closed."""
        if member.name is None:
            self._bad_hello(member, error.message)
        else:
            member.peer.send(Error(error.code, error.message))

    def receive(self, member: Member, message: ClientMessage) -> None:
        """Answer one message of ``member``'s; every fault is an ``error`` reply."""
        if member.name is None:
            self._hello(member, message)
            return
        handler = self._HANDLERS.get(type(message))
        try:
            if handler is None:  # a second hello
                raise Refused(ErrorCode.BAD_MESSAGE, "hello is said once, first")
            handler(self, member, message)
        except Refused as refusal:
            member.peer.send(Error(refusal.code, refusal.message))

    def drop(self, member: Member) -> None:
        """``member``'s connection ended: its seat is away for the keep time."""
        seat = member.seat
        member.seat = None
        if seat is None or seat.member is not member:
            return
        seat.member = None
        seat.timer = self._scheduler.call_later(self._keep_seconds, lambda: self._expire(seat))
        other = seat.room.other(seat)
        if other is not None:
            other.send(Opponent(Status.AWAY, math.ceil(self._keep_seconds)))

    # -- messages --------------------------------------------------------------------
    def _hello(self, member: Member, message: ClientMessage) -> None:
        if not isinstance(message, Hello):
            self._bad_hello(member, f"say hello first, not {message.TYPE!r}")
        elif message.app != APP:
            self._bad_hello(member, f"this server plays {APP!r}, not {message.app[:32]!r}")
        elif message.proto != PROTOCOL_VERSION:
            self._bad_hello(
                member, f"this server speaks protocol {PROTOCOL_VERSION}, not {message.proto}"
            )
        else:
            member.name = message.name
            member.peer.send(Welcome(PROTOCOL_VERSION))

    def _bad_hello(self, member: Member, sentence: str) -> None:
        member.peer.send(Error(ErrorCode.BAD_HELLO, sentence))
        member.peer.close(CLOSE_POLICY, "bad hello")

    def _create(self, member: Member, _: Create) -> None:
        name = self._seatless(member)
        if len(self.rooms) >= self._max_rooms:
            raise Refused(
                ErrorCode.ROOM_FULL,
                f"the server is full: it holds at most {self._max_rooms} rooms; try later",
            )
        code = self._new_code()
        room = Room(code)
        seat = Seat(room, Colour.FIRST, name, new_token(), member)
        room.seats[Colour.FIRST] = seat
        member.seat = seat
        self.rooms[code] = room
        member.peer.send(Created(code, seat.token))

    def _join(self, member: Member, message: Join) -> None:
        name = self._seatless(member)
        room = self._room(message.room)
        if room.game.started or Colour.SECOND in room.seats:
            raise Refused(ErrorCode.ROOM_FULL, f"room {room.code} has two players already")
        seat = Seat(room, Colour.SECOND, name, new_token(), member)
        room.seats[Colour.SECOND] = seat
        member.seat = seat
        room.game.started = True
        for each in room.seats.values():
            self._send_start(each)

    def _move(self, member: Member, message: Move) -> None:
        seat = self._seat(member)
        seat.room.game.move(seat.colour, message.ply, message.column)
        self._broadcast_state(seat.room)

    def _chat(self, member: Member, message: Chat) -> None:
        seat = self._seat(member)
        other = seat.room.other(seat)
        if other is not None:
            other.send(ChatFrom(seat.name, message.text))

    def _resign(self, member: Member, _: Resign) -> None:
        seat = self._seat(member)
        seat.room.game.resign(seat.colour)
        self._broadcast_state(seat.room)

    def _resume(self, member: Member, message: Resume) -> None:
        self._seatless(member)
        room = self._room(message.room)
        seat = self._seat_of_token(room, message.token)
        was_away = seat.away
        if seat.member is not None:  # the old connection has not noticed it is dead
            seat.member.seat = None
            seat.member.peer.close(CLOSE_REPLACED, "resumed from another connection")
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        seat.member = member
        member.seat = seat
        other = room.other(seat)
        if other is None:
            member.peer.send(Created(room.code, seat.token))
            return
        self._send_start(seat)
        if room.game.over:
            seat.send(room.game.state(room.code))
        if other.away:
            seat.send(Opponent(Status.AWAY))  # (how long is left is not kept)
        elif other.gone:
            seat.send(Opponent(Status.LEFT))
        for kind, (colour, ply) in room.game.offers.items():
            if colour is other.colour:
                seat.send(Offered(kind, ply))
        if was_away:
            other.send(Opponent(Status.BACK))

    def _leave(self, member: Member, _: Leave) -> None:
        seat = self._seat(member)
        member.seat = None
        seat.member = None
        self._gone(seat)

    def _rematch(self, member: Member, _: Rematch) -> None:
        seat = self._seat(member)
        room = seat.room
        other = self._present_opponent(seat)
        if not room.game.offer(Offer.REMATCH, seat.colour, 0):
            other.send(Offered(Offer.REMATCH))
            return
        room.seats = {each.colour.other: each for each in room.seats.values()}
        for each in room.seats.values():
            each.colour = each.colour.other
        room.game = RoomGame()
        room.game.started = True
        for each in room.seats.values():
            self._send_start(each)

    def _undo(self, member: Member, message: Undo) -> None:
        seat = self._seat(member)
        game = seat.room.game
        other = self._present_opponent(seat)
        if game.offer(Offer.UNDO, seat.colour, message.ply):
            game.take_back()
            self._broadcast_state(seat.room)
        else:
            other.send(Offered(Offer.UNDO, message.ply))

    def _decline(self, member: Member, message: Decline) -> None:
        seat = self._seat(member)
        seat.room.game.decline(message.offer, seat.colour)
        other = seat.room.other(seat)
        if other is not None:
            other.send(Declined(message.offer))

    _HANDLERS: Final[dict[type, Callable[[Lobby, Member, ClientMessage], None]]] = {
        Create: _create,  # type: ignore[dict-item]
        Join: _join,  # type: ignore[dict-item]
        Move: _move,  # type: ignore[dict-item]
        Chat: _chat,  # type: ignore[dict-item]
        Resign: _resign,  # type: ignore[dict-item]
        Resume: _resume,  # type: ignore[dict-item]
        Leave: _leave,  # type: ignore[dict-item]
        Rematch: _rematch,  # type: ignore[dict-item]
        Undo: _undo,  # type: ignore[dict-item]
        Decline: _decline,  # type: ignore[dict-item]
    }

    # -- seats and rooms ---------------------------------------------------------------
    def _seatless(self, member: Member) -> str:
        """The name of a member who may take a seat (one who has none)."""
        if member.seat is not None:
            raise Refused(
                ErrorCode.BAD_MESSAGE,
                f"you are in room {member.seat.room.code} already: leave it first",
            )
        assert member.name is not None
        return member.name

    def _seat(self, member: Member) -> Seat:
        if member.seat is None:
            raise Refused(ErrorCode.NO_ROOM, "you are in no room: create or join one first")
        return member.seat

    def _present_opponent(self, seat: Seat) -> Seat:
        other = seat.room.other(seat)
        if other is None or other.gone:
            raise Refused(ErrorCode.NO_ROOM, "your opponent has left the room")
        return other

    def _room(self, text: str) -> Room:
        room = self.rooms.get(normalize_room(text))
        if room is None:
            raise Refused(ErrorCode.NO_ROOM, f"there is no room {text[:16]!r} on this server")
        return room

    def _seat_of_token(self, room: Room, token: str) -> Seat:
        # Compare with every seat, in constant time each, so that the time taken
        # says nothing about which seat or how much of a token matched.
        found = None
        for seat in room.seats.values():
            if hmac.compare_digest(seat.token.encode(), token.encode()):
                found = seat
        if found is None or found.gone:
            raise Refused(ErrorCode.BAD_TOKEN, f"that token opens no seat of room {room.code}")
        return found

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _send_start(self, seat: Seat) -> None:
        other = seat.room.other(seat)
        assert other is not None
        seat.send(
            Start(
                room=seat.room.code,
                colour=seat.colour,
                token=seat.token,
                opponent=other.name,
                moves=seat.room.game.board.moves,
            )
        )

    def _broadcast_state(self, room: Room) -> None:
        state = room.game.state(room.code)
        for seat in room.seats.values():
            seat.send(state)
        if room.game.over and self._on_game_over is not None:
            self._on_game_over(room)

    # -- leaving ------------------------------------------------------------------------
    def _expire(self, seat: Seat) -> None:
        seat.timer = None
        if seat.away:
            self._gone(seat)

    def _gone(self, seat: Seat) -> None:
        """``seat``'s player is gone for good: the other wins a game going on."""
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        seat.gone = True
        room = seat.room
        other = room.other(seat)
        room.game.offers.clear()
        if room.game.abandon(seat.colour):
            self._broadcast_state(room)
        if other is not None:
            other.send(Opponent(Status.LEFT))
        if all(each.gone for each in room.seats.values()):
            del self.rooms[room.code]
