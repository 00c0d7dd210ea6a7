"""Protocol v1's messages: one small frozen dataclass per message type.

A frame on the wire is one JSON object with a ``"type"`` field (``docs/protocol.md``);
:mod:`game.net.codec` turns frames into these objects, checking every field, and back.
Client messages go from a player to the server, server messages the other way.  Each
class's ``TYPE`` is its ``"type"`` on the wire; field names are the wire's, except
``from_`` (``"from"`` is a Python keyword).

The required part of protocol v1 is the issue's: ``hello``, ``create``, ``join``,
``move``, ``chat``, ``resign``, ``resume`` from a client; ``welcome``, ``created``,
``start``, ``state``, ``chat``, ``opponent``, ``error`` from the server.  The game adds
a few optional messages a minimal client may ignore: ``leave`` (gone for good),
``rematch`` and ``undo`` (each needs the other player's consent: ``offer``,
``decline``, ``declined``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, TypeAlias

PROTOCOL_VERSION: Final = 1
APP: Final = "connect4"
DEFAULT_PORT: Final = 7474
"""The port a server listens on, and a typed address without a port means."""

MAX_FRAME_BYTES: Final = 4096
"""The largest frame a peer may send; the server closes a connection that sends a
larger one with code 1009 (message too big)."""
MAX_NAME: Final = 24
"""A player's name: 1-24 characters once control characters are removed."""
MAX_CHAT: Final = 200
"""A chat line: 1-200 characters."""
MAX_ROOM_FIELD: Final = 16
"""The longest string a ``room`` field may hold (a code is :data:`ROOM_CODE_LENGTH`)."""
MAX_TOKEN_FIELD: Final = 64
"""The longest string a ``token`` field may hold (a token is 32 hex digits)."""
ROOM_CODE_LENGTH: Final = 6
ROOM_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The room codes' letters: no I, L, O, 0 or 1, which read as one another."""
TOKEN_BYTES: Final = 16
"""A resume token's randomness: 128 bits."""


class ErrorCode(enum.StrEnum):
    """What ``error {code}`` says went wrong.  After an error nothing has changed and
    the connection stays open, except after :attr:`BAD_HELLO` (closed)."""

    BAD_HELLO = "bad-hello"
    """The first message was not a valid hello (wrong app, version or name)."""
    BAD_MESSAGE = "bad-message"
    """Not JSON, no type, an unknown type, a field of the wrong type or length, or a
    message that does not fit the connection's state (a second hello, a create while
    in a room)."""
    NO_ROOM = "no-room"
    """No such room, or the message needs a room and the connection has none."""
    ROOM_FULL = "room-full"
    """The room has two players already, or the server has no room for another room."""
    NOT_YOUR_TURN = "not-your-turn"
    """A move when the opponent is to move, or before the opponent has joined."""
    STALE_PLY = "stale-ply"
    """A move whose ply is not the number of moves played."""
    ILLEGAL_MOVE = "illegal-move"
    """A full column, a column outside 1-7, or a game already over (or an offer that
    does not fit the game: a rematch before the end, an undo with nothing to undo)."""
    BAD_TOKEN = "bad-token"
    """A resume whose token is not the room's for any seat."""
    TOO_FAST = "too-fast"
    """More messages than the rate limit allows; this one was dropped."""


class Colour(enum.StrEnum):
    FIRST = "first"
    SECOND = "second"

    @property
    def other(self) -> Colour:
        return Colour.SECOND if self is Colour.FIRST else Colour.FIRST

    def moves_in(self, ply: int) -> int:
        """How many of a game's first ``ply`` moves this colour played (the first
        colour plays the odd ones)."""
        return (ply + 1) // 2 if self is Colour.FIRST else ply // 2


class Reason(enum.StrEnum):
    """Why a game ended."""

    FOUR = "four"
    FULL = "full"
    RESIGNED = "resigned"
    ABANDONED = "abandoned"


class Status(enum.StrEnum):
    """The opponent's connection, in ``opponent {status}``."""

    AWAY = "away"
    """Their connection dropped; they have the keep time to resume."""
    BACK = "back"
    """They resumed."""
    LEFT = "left"
    """Gone for good: their keep time ran out, or they left."""


class Offer(enum.StrEnum):
    """What one player may propose and the other accept or decline."""

    UNDO = "undo"
    REMATCH = "rematch"


Result: TypeAlias = Literal["first", "second", "draw"] | None
"""A game's result on the wire: null while it goes on."""
RESULTS: Final = ("first", "second", "draw")


# -- client -> server ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    TYPE: ClassVar = "hello"
    name: str
    app: str = APP
    proto: int = PROTOCOL_VERSION


@dataclass(frozen=True, slots=True)
class Create:
    TYPE: ClassVar = "create"


@dataclass(frozen=True, slots=True)
class Join:
    TYPE: ClassVar = "join"
    room: str


@dataclass(frozen=True, slots=True)
class Move:
    """``ply`` is the number of moves already played; ``column`` is 1-7."""

    TYPE: ClassVar = "move"
    ply: int
    column: int


@dataclass(frozen=True, slots=True)
class Chat:
    TYPE: ClassVar = "chat"
    text: str


@dataclass(frozen=True, slots=True)
class Resign:
    TYPE: ClassVar = "resign"


@dataclass(frozen=True, slots=True)
class Resume:
    TYPE: ClassVar = "resume"
    room: str
    token: str


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the room for good (mid-game, the opponent wins: abandoned)."""

    TYPE: ClassVar = "leave"


@dataclass(frozen=True, slots=True)
class Rematch:
    """Propose a rematch after the game, or accept the opponent's proposal."""

    TYPE: ClassVar = "rematch"


@dataclass(frozen=True, slots=True)
class Undo:
    """Propose to take back one's last move (``ply`` as in :class:`Move`), or accept
    the opponent's proposal at the same ply."""

    TYPE: ClassVar = "undo"
    ply: int


@dataclass(frozen=True, slots=True)
class Decline:
    TYPE: ClassVar = "decline"
    offer: Offer


ClientMessage: TypeAlias = (
    Hello | Create | Join | Move | Chat | Resign | Resume | Leave | Rematch | Undo | Decline
)


# -- server -> client ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome:
    TYPE: ClassVar = "welcome"
    proto: int = PROTOCOL_VERSION


@dataclass(frozen=True, slots=True)
class Created:
    """The room is open; ``token`` resumes the seat if the connection drops while
    waiting (an extra field)."""

    TYPE: ClassVar = "created"
    room: str
    token: str = ""


@dataclass(frozen=True, slots=True)
class Start:
    """A game begins (or is resumed): ``colour`` is the receiver's."""

    TYPE: ClassVar = "start"
    room: str
    colour: Colour
    token: str
    opponent: str
    moves: str


@dataclass(frozen=True, slots=True)
class State:
    """The whole game after a move, a resignation, an undo or an abandonment.
    ``reason`` is None exactly when ``result`` is."""

    TYPE: ClassVar = "state"
    room: str
    moves: str
    result: Result = None
    reason: Reason | None = None


@dataclass(frozen=True, slots=True)
class ChatFrom:
    TYPE: ClassVar = "chat"
    from_: str
    text: str


@dataclass(frozen=True, slots=True)
class Opponent:
    """``seconds`` (an extra field, with "away"): how long the server keeps the seat."""

    TYPE: ClassVar = "opponent"
    status: Status
    seconds: int | None = None


@dataclass(frozen=True, slots=True)
class Error:
    TYPE: ClassVar = "error"
    code: ErrorCode
    message: str


@dataclass(frozen=True, slots=True)
class Offered:
    """The opponent proposes ``offer``; for an undo, ``ply`` is the game's ply."""

    TYPE: ClassVar = "offer"
    offer: Offer
    ply: int = 0


@dataclass(frozen=True, slots=True)
class Declined:
    TYPE: ClassVar = "declined"
    offer: Offer


ServerMessage: TypeAlias = (
    Welcome | Created | Start | State | ChatFrom | Opponent | Error | Offered | Declined
)
