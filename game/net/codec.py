"""Frames to messages and back, every field checked: a peer is untrusted input.

:func:`parse_client` is the server's reader: a frame that is not a JSON object with a
known ``"type"`` and fields of the right types and lengths raises :class:`ProtocolError`
with the code ``bad-message`` and a sentence saying what is wrong; extra fields are
ignored.  :func:`parse_server` is the client's reader of the server's frames: it raises
:class:`MalformedMessage` for the same faults and returns None for a type it does not
know (a later server may add messages).  Neither reads the game's rules: whether a move
is legal is for the room (server) and the mirror (client) to say.

Names and chat are plain text: :func:`clean_text` removes control and formatting
characters (a bidi override could make a name read backwards) and collapses white
space, on both sides.  JSON only, never pickle or eval.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Final

from game.net.messages import (
    MAX_CHAT,
    MAX_NAME,
    MAX_ROOM_FIELD,
    MAX_TOKEN_FIELD,
    RESULTS,
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
    Reason,
    Rematch,
    Resign,
    Result,
    Resume,
    ServerMessage,
    Start,
    State,
    Status,
    Undo,
    Welcome,
)

MAX_MOVES_FIELD: Final = 42
_APP_FIELD: Final = 32
_MESSAGE_FIELD: Final = 500
_KEPT_WHITE_SPACE: Final = "\t\n\r\v\f"
_JOINERS: Final = "\u200c\u200d"  # zero-width (non-)joiners shape some scripts and emoji
_REMOVED_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


class ProtocolError(ValueError):
    """A client's frame the server refuses: ``code`` and ``message`` go back in an
    ``error`` message."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class MalformedMessage(ValueError):
    """A server's frame the client cannot trust; ``str()`` says why."""


def clean_text(text: str) -> str:
    """``text`` as plain text: white space runs become one space (and none at either
    end), other control, formatting, private-use and unassigned characters go."""
    kept: list[str] = []
    for char in text:
        if char in _KEPT_WHITE_SPACE:
            kept.append(" ")
            continue
        category = unicodedata.category(char)
        if category in _REMOVED_CATEGORIES or (category == "Cf" and char not in _JOINERS):
            continue
        kept.append(char)
    return " ".join("".join(kept).split())


# -- reading fields -------------------------------------------------------------------


class _Fields:
    """The fields of one message object; each reader raises ``fault(sentence)``."""

    def __init__(
        self, obj: Mapping[str, object], kind: str, fault: Callable[[str], Exception]
    ) -> None:
        self._obj = obj
        self._kind = kind
        self._fault = fault

    def has(self, key: str) -> bool:
        """Whether the field is there and not null."""
        return self._obj.get(key) is not None

    def _get(self, key: str) -> object:
        if key not in self._obj:
            raise self._fault(f"{self._kind}: the field {key!r} is missing")
        return self._obj[key]

    def integer(self, key: str, low: int, high: int) -> int:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._fault(f"{self._kind}: {key!r} must be an integer")
        if not low <= value <= high:
            raise self._fault(f"{self._kind}: {key!r} must be {low}-{high}")
        return value

    def whole_number(self, key: str) -> int:
        """An integer of any size the game can hold (range checks are the caller's)."""
        return self.integer(key, -(2**31), 2**31 - 1)

    def string(self, key: str, longest: int, *, shortest: int = 0) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            raise self._fault(f"{self._kind}: {key!r} must be a string")
        if not shortest <= len(value) <= longest:
            raise self._fault(f"{self._kind}: {key!r} must have {shortest}-{longest} characters")
        return value

    def text(self, key: str, longest: int) -> str:
        """Plain text of 1-``longest`` characters, as sent and once cleaned."""
        cleaned = clean_text(self.string(key, longest, shortest=1))
        if not cleaned:
            raise self._fault(f"{self._kind}: {key!r} has no printable character")
        return cleaned

    def choice(self, key: str, values: tuple[str, ...]) -> str:
        value = self._get(key)
        if value not in values or not isinstance(value, str):
            raise self._fault(f"{self._kind}: {key!r} must be one of {', '.join(values)}")
        return value


def _load_object(frame: str | bytes, fault: Callable[[str], Exception]) -> dict[str, object]:
    if not isinstance(frame, str):
        raise fault("frames must be text (JSON), not binary")
    try:
        obj = json.loads(frame)
    except (ValueError, RecursionError) as error:
        raise fault(f"not JSON: {error}") from None
    if not isinstance(obj, dict):
        raise fault("a message must be a JSON object")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise fault("a message needs a string field 'type'")
    return obj


# -- client -> server -----------------------------------------------------------------


def _bad_message(sentence: str) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_MESSAGE, sentence)


_CLIENT_READERS: Final[dict[str, Callable[[_Fields], ClientMessage]]] = {
    Hello.TYPE: lambda f: Hello(
        name=f.text("name", MAX_NAME),
        app=f.string("app", _APP_FIELD),
        proto=f.whole_number("proto"),
    ),
    Create.TYPE: lambda f: Create(),
    Join.TYPE: lambda f: Join(room=f.string("room", MAX_ROOM_FIELD)),
    Move.TYPE: lambda f: Move(ply=f.whole_number("ply"), column=f.whole_number("column")),
    Chat.TYPE: lambda f: Chat(text=f.text("text", MAX_CHAT)),
    Resign.TYPE: lambda f: Resign(),
    Resume.TYPE: lambda f: Resume(
        room=f.string("room", MAX_ROOM_FIELD), token=f.string("token", MAX_TOKEN_FIELD)
    ),
    Leave.TYPE: lambda f: Leave(),
    Rematch.TYPE: lambda f: Rematch(),
    Undo.TYPE: lambda f: Undo(ply=f.whole_number("ply")),
    Decline.TYPE: lambda f: Decline(offer=Offer(f.choice("offer", tuple(Offer)))),
}


def parse_client(frame: str | bytes) -> ClientMessage:
    """The client message in ``frame``; raises :class:`ProtocolError` (bad-message)."""
    obj = _load_object(frame, _bad_message)
    kind = str(obj["type"])
    reader = _CLIENT_READERS.get(kind)
    if reader is None:
        raise _bad_message(f"unknown message type {kind[:40]!r}")
    return reader(_Fields(obj, kind, _bad_message))


# -- server -> client -----------------------------------------------------------------


def _result(f: _Fields) -> tuple[Result, Reason | None]:
    if not f.has("result"):
        return None, None
    result = f.choice("result", RESULTS)
    reason = Reason(f.choice("reason", tuple(Reason)))
    if result == "first":
        return "first", reason
    if result == "second":
        return "second", reason
    return "draw", reason


def _state(f: _Fields) -> State:
    result, reason = _result(f)
    return State(
        room=f.string("room", MAX_ROOM_FIELD, shortest=1),
        moves=f.string("moves", MAX_MOVES_FIELD),
        result=result,
        reason=reason,
    )


_SERVER_READERS: Final[dict[str, Callable[[_Fields], ServerMessage]]] = {
    Welcome.TYPE: lambda f: Welcome(proto=f.whole_number("proto")),
    Created.TYPE: lambda f: Created(
        room=f.string("room", MAX_ROOM_FIELD, shortest=1),
        token=f.string("token", MAX_TOKEN_FIELD) if f.has("token") else "",
    ),
    Start.TYPE: lambda f: Start(
        room=f.string("room", MAX_ROOM_FIELD, shortest=1),
        colour=Colour(f.choice("colour", tuple(Colour))),
        token=f.string("token", MAX_TOKEN_FIELD, shortest=1),
        opponent=f.text("opponent", MAX_NAME),
        moves=f.string("moves", MAX_MOVES_FIELD),
    ),
    State.TYPE: _state,
    ChatFrom.TYPE: lambda f: ChatFrom(
        from_=f.text("from", MAX_NAME), text=f.text("text", MAX_CHAT)
    ),
    Opponent.TYPE: lambda f: Opponent(
        status=Status(f.choice("status", tuple(Status))),
        seconds=f.integer("seconds", 0, 10**6) if f.has("seconds") else None,
    ),
    Error.TYPE: lambda f: Error(
        code=ErrorCode(f.choice("code", tuple(ErrorCode))),
        message=clean_text(f.string("message", _MESSAGE_FIELD)),
    ),
    Offered.TYPE: lambda f: Offered(
        offer=Offer(f.choice("offer", tuple(Offer))),
        ply=f.integer("ply", 0, MAX_MOVES_FIELD) if f.has("ply") else 0,
    ),
    Declined.TYPE: lambda f: Declined(offer=Offer(f.choice("offer", tuple(Offer)))),
}


def parse_server(frame: str | bytes) -> ServerMessage | None:
    """The server message in ``frame``, or None for a type this client does not know;
    raises :class:`MalformedMessage`.  Names and chat come back cleaned."""
    obj = _load_object(frame, MalformedMessage)
    kind = str(obj["type"])
    reader = _SERVER_READERS.get(kind)
    if reader is None:
        return None
    return reader(_Fields(obj, kind, MalformedMessage))


# -- messages -> frames ---------------------------------------------------------------

_WIRE_NAMES: dict[type, tuple[tuple[str, str], ...]] = {}


def encode(message: ClientMessage | ServerMessage) -> str:
    """The frame of ``message``: compact JSON, ``"type"`` first."""
    cls = type(message)
    names = _WIRE_NAMES.get(cls)
    if names is None:
        names = tuple((f.name, f.name.rstrip("_")) for f in fields(message))
        _WIRE_NAMES[cls] = names
    obj: dict[str, object] = {"type": message.TYPE}
    for attribute, wire in names:
        obj[wire] = getattr(message, attribute)
    return json.dumps(obj, separators=(",", ":"))
