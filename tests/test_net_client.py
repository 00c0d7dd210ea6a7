"""The game's side of the network: the mirror that trusts no server, addresses as typed,
the client thread against the game's own server on 127.0.0.1, and discovery on loopback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from game.net.client import (
    BadAddress,
    ChatReceived,
    Connected,
    ConnectionLost,
    CreateRoom,
    Failed,
    Failure,
    GameChanged,
    GameStarted,
    JoinRoom,
    NetClient,
    NetEvent,
    OfferReceived,
    OpponentChanged,
    Refusal,
    ResumeSeat,
    RoomOpened,
    server_url,
)
from game.net.codec import MalformedMessage, parse_server
from game.net.discovery import Advertiser, Browser, FoundGame, instance_name
from game.net.hosting import HostedServer
from game.net.messages import (
    ROOM_ALPHABET,
    ROOM_CODE_LENGTH,
    Chat,
    Colour,
    ErrorCode,
    Leave,
    Move,
    Offer,
    Reason,
    Resign,
    State,
    Status,
    Undo,
)
from game.net.mirror import Mirror, Untrusted

WIN = "4455667"


# -- the mirror ---------------------------------------------------------------------------


def started(moves: str = "") -> Mirror:
    mirror = Mirror()
    mirror.apply(_start(moves))
    return mirror


def _start(moves: str, room: str = "ABCDEF") -> Any:
    frame = {"type": "start", "room": room, "colour": "first", "token": "t" * 32,
             "opponent": "Bob", "moves": moves}  # fmt: skip
    return parse_server(json.dumps(frame))


def _state(moves: str, result: Any = None, reason: Any = None, room: str = "ABCDEF") -> Any:
    frame = {"type": "state", "room": room, "moves": moves, "result": result, "reason": reason}
    return parse_server(json.dumps(frame))


def test_the_mirror_follows_a_game_to_its_end() -> None:
    mirror = started()
    for ply in range(1, len(WIN)):
        mirror.apply(_state(WIN[:ply]))
    mirror.apply(_state(WIN, "first", "four"))
    assert mirror.game is not None and mirror.game.over
    assert mirror.game.board().outcome is not None
    mirror.apply(_state(WIN, "first", "four"))  # the same state again is no change


@pytest.mark.parametrize(
    ("before", "message", "why"),
    [
        ("", _start("4444444"), "not a game"),
        ("", _start("48"), "not a game"),
        ("", _state("44", room="XXXXXX"), "room"),
        ("", _state("4455667"), "the board says"),
        ("", _state("445566", "first", "four"), "nobody has won"),
        ("", _state("445566", "draw", "resigned"), "draw"),
        ("", State(room="ABCDEF", moves="", result="first", reason=None), "reason"),
        ("44", _state("4"), "back to"),
        ("44", _state("5"), "back to"),
        ("44", _state("35"), "back to"),
        ("", _state("4455667", "second", "four"), "the board says"),
    ],
)
def test_the_mirror_refuses_what_cannot_be_true(before: str, message: Any, why: str) -> None:
    mirror = started(before)
    with pytest.raises(Untrusted, match=why):
        mirror.apply(message)
    assert mirror.game is not None and mirror.game.moves == before


def test_a_state_before_a_game_and_a_game_changed_after_its_end_are_refused() -> None:
    with pytest.raises(Untrusted):
        Mirror().apply(_state(""))
    mirror = started()
    mirror.apply(_state("", "second", "resigned"))
    with pytest.raises(Untrusted, match="after its end"):
        mirror.apply(_state("4"))


def test_a_game_loses_moves_only_after_an_undo_this_side_asked_or_agreed() -> None:
    mirror = started("445")
    mirror.undo_agreed_at = 3
    mirror.apply(_state("4"))
    assert mirror.game is not None and mirror.game.moves == "4"
    with pytest.raises(Untrusted):
        mirror.apply(_state(""))  # the agreement was used up


@pytest.mark.parametrize(
    "frame",
    [
        "[]",
        '{"type": "start", "room": "A", "colour": "red", "token": "t", "opponent": "B", '
        '"moves": ""}',
        '{"type": "state", "room": "A", "moves": 4, "result": null}',
        '{"type": "state", "room": "A", "moves": "4", "result": "won", "reason": "four"}',
        '{"type": "state", "room": "A", "moves": "4", "result": "first"}',
        '{"type": "error", "code": "oops", "message": ""}',
        '{"type": "chat", "from": "' + "x" * 30 + '", "text": "hi"}',
        '{"type": "start", "room": "A", "colour": "first", "token": "t", "opponent": "B", '
        '"moves": "' + "1" * 43 + '"}',
    ],
)
def test_a_malformed_server_message_is_refused(frame: str) -> None:
    with pytest.raises(MalformedMessage):
        parse_server(frame)


def test_an_unknown_server_message_is_ignored() -> None:
    assert parse_server('{"type": "news", "text": "hi"}') is None


# -- addresses as typed -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("192.168.1.20", "ws://192.168.1.20:7474"),
        (" 192.168.1.20:5000 ", "ws://192.168.1.20:5000"),
        ("example.org", "ws://example.org:7474"),
        ("[::1]:5000", "ws://[::1]:5000"),
        ("[::1]", "ws://[::1]:7474"),
        ("wss://play.example.org/connect4", "wss://play.example.org/connect4"),
        ("ws://example.org:80", "ws://example.org:80"),
    ],
)
def test_an_address_becomes_a_url(typed: str, url: str) -> None:
    assert server_url(typed) == url


@pytest.mark.parametrize("typed", ["", "   ", "http://example.org", "host:99999", "host:port"])
def test_a_bad_address_is_refused_with_a_reason(typed: str) -> None:
    with pytest.raises(BadAddress):
        server_url(typed)


# -- the client thread against the game's own server --------------------------------------


class Listener:
    """Collects a client's events as the window would, with a bounded wait."""

    def __init__(self) -> None:
        self.wake = threading.Event()
        self.seen: list[NetEvent] = []

    def notify(self) -> None:
        self.wake.set()

    def wait_for(
        self, client: NetClient, want: Callable[[NetEvent], bool], timeout: float = 20.0
    ) -> NetEvent:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in client.events():
                self.seen.append(event)
                if want(event):
                    return event
            self.wake.wait(0.2)
            self.wake.clear()
        raise AssertionError(f"no such event in {timeout} s; saw {self.seen}")


def of(kind: type) -> Callable[[NetEvent], bool]:
    return lambda event: isinstance(event, kind)


def moves_are(moves: str) -> Callable[[NetEvent], bool]:
    return lambda event: isinstance(event, GameChanged) and event.game.moves == moves


@contextlib.contextmanager
def hosted(keep_seconds: float = 120.0) -> Iterator[HostedServer]:
    server = HostedServer(host="127.0.0.1", port=0, keep_seconds=keep_seconds)
    server.start()
    try:
        yield server
    finally:
        server.stop(wait=True)


@contextlib.contextmanager
def client(
    url: str, name: str, intent: Any, **options: Any
) -> Iterator[tuple[NetClient, Listener]]:
    listener = Listener()
    net = NetClient(url, name, intent, notify=listener.notify, **options)
    net.start()
    try:
        yield net, listener
    finally:
        net.close()


def test_two_clients_play_a_game_chat_and_offer_an_undo() -> None:
    with hosted() as server, client(server.local_url, "Ann", CreateRoom()) as (ann, ann_ear):
        assert server.port > 0
        opened = ann_ear.wait_for(ann, of(RoomOpened))
        assert isinstance(opened, RoomOpened)
        with client(server.local_url, "Bob", JoinRoom(opened.room.lower())) as (bob, bob_ear):
            begun = bob_ear.wait_for(bob, of(GameStarted))
            assert isinstance(begun, GameStarted) and begun.game.colour is Colour.SECOND
            first = ann_ear.wait_for(ann, of(GameStarted))
            assert isinstance(first, GameStarted) and first.game.my_turn
            bob.send(Chat("Good luck"))
            assert ann_ear.wait_for(ann, of(ChatReceived)) == ChatReceived("Bob", "Good luck")
            bob.send(Move(0, 4))
            refused = bob_ear.wait_for(bob, of(Refusal))
            assert refused == Refusal(ErrorCode.NOT_YOUR_TURN, "it is your opponent's turn")
            ann.send(Move(0, 4))
            bob_ear.wait_for(bob, of(GameChanged))
            ann.send(Undo(1))
            assert bob_ear.wait_for(bob, of(OfferReceived)) == OfferReceived(Offer.UNDO)
            bob.send(Undo(1))
            undone = ann_ear.wait_for(ann, moves_are(""))
            assert isinstance(undone, GameChanged)
            for ply, char in enumerate(WIN):
                (ann if ply % 2 == 0 else bob).send(Move(ply, int(char)))
                bob_ear.wait_for(bob, moves_are(WIN[: ply + 1]))
            last = ann_ear.wait_for(ann, lambda e: isinstance(e, GameChanged) and e.game.over)
            assert isinstance(last, GameChanged)
            assert (last.game.result, last.game.reason) == ("first", Reason.FOUR)


def drop_every_connection(hosted: HostedServer) -> None:
    """Cut every connection without a closing handshake, as a network failure would."""
    loop, game = hosted._loop, hosted._server
    assert loop is not None and game is not None and game._server is not None
    sockets = game._server

    def abort() -> None:
        for connection in list(sockets.connections):
            connection.transport.abort()

    loop.call_soon_threadsafe(abort)


def test_a_dropped_connection_reconnects_and_resumes_by_itself() -> None:
    fast = lambda: iter([0.05] * 1000)  # noqa: E731
    with (
        hosted() as server,
        client(server.local_url, "Ann", CreateRoom(), delays=fast) as (
            ann,
            ann_ear,
        ),
    ):
        opened = ann_ear.wait_for(ann, of(RoomOpened))
        assert isinstance(opened, RoomOpened)
        with client(server.local_url, "Bob", JoinRoom(opened.room), delays=fast) as (bob, ear):
            ear.wait_for(bob, of(GameStarted))
            ann_ear.wait_for(ann, of(GameStarted))
            ann.send(Move(0, 4))
            ear.wait_for(bob, of(GameChanged))
            drop_every_connection(server)
            lost = ear.wait_for(bob, of(ConnectionLost))
            assert isinstance(lost, ConnectionLost) and lost.attempt == 1
            again = ear.wait_for(bob, of(GameStarted))
            assert isinstance(again, GameStarted) and again.game.moves == "4"
            ann_ear.wait_for(ann, of(GameStarted))
            bob.send(Move(1, 4))
            moved = ann_ear.wait_for(ann, of(GameChanged))
            assert isinstance(moved, GameChanged) and moved.game.moves == "44"


def test_resuming_a_seat_from_a_new_client_and_a_seat_that_is_gone() -> None:
    with (
        hosted(keep_seconds=0.3) as server,
        client(server.local_url, "Ann", CreateRoom()) as (
            ann,
            ann_ear,
        ),
    ):
        opened = ann_ear.wait_for(ann, of(RoomOpened))
        assert isinstance(opened, RoomOpened)
        with client(server.local_url, "Bob", JoinRoom(opened.room)) as (bob, ear):
            begun = ear.wait_for(bob, of(GameStarted))
            assert isinstance(begun, GameStarted)
        # Bob's window closed: his seat is away; a new window resumes it.
        assert ann_ear.wait_for(ann, of(OpponentChanged)) == OpponentChanged(Status.AWAY, 1)
        seat = ResumeSeat(opened.room, begun.game.token)
        with client(server.local_url, "Bob", seat) as (back, ear):
            resumed = ear.wait_for(back, of(GameStarted))
            assert isinstance(resumed, GameStarted) and resumed.game.colour is Colour.SECOND
        ann_ear.wait_for(ann, lambda e: isinstance(e, GameChanged) and e.game.over)
        with client(server.local_url, "Bob", seat) as (late, ear):
            failed = ear.wait_for(late, of(Failed))
            assert isinstance(failed, Failed) and failed.failure is Failure.GONE


def test_an_unreachable_server_fails_at_once() -> None:
    with hosted() as server:
        url = server.local_url
    with client(url, "Ann", CreateRoom()) as (ann, ear):
        failed = ear.wait_for(ann, of(Failed))
        assert isinstance(failed, Failed) and failed.failure is Failure.UNREACHABLE


@contextlib.contextmanager
def lying_server(frames: list[dict[str, Any]]) -> Iterator[str]:
    """A server that says welcome, then ``frames``, whatever it is told."""
    ready = threading.Event()
    port: list[int] = []
    control: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []

    async def handler(socket: ServerConnection) -> None:
        await socket.recv()
        await socket.send(json.dumps({"type": "welcome", "proto": 1}))
        for frame in frames:
            await socket.send(json.dumps(frame))
        await socket.wait_closed()

    async def main() -> None:
        stop = asyncio.Event()
        control.append((asyncio.get_running_loop(), stop))
        async with serve(handler, "127.0.0.1", 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield f"ws://127.0.0.1:{port[0]}"
    finally:
        loop, stop = control[0]
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)


def test_an_impossible_state_from_the_server_ends_the_connection_with_a_reason() -> None:
    frames: list[dict[str, Any]] = [
        {"type": "start", "room": "ABCDEF", "colour": "first", "token": "t" * 32,
         "opponent": "Bob", "moves": ""},
        {"type": "state", "room": "ABCDEF", "moves": "4444444", "result": None},
    ]  # fmt: skip
    with lying_server(frames) as url, client(url, "Ann", CreateRoom()) as (ann, ear):
        failed = ear.wait_for(ann, of(Failed))
        assert isinstance(failed, Failed) and failed.failure is Failure.UNTRUSTED
        assert "not a game" in failed.detail
        assert [type(e) for e in ear.seen] == [Connected, GameStarted, Failed]
        time.sleep(0.2)
        assert not ann.alive


# -- discovery on loopback ----------------------------------------------------------------


def test_a_hosted_room_is_found_on_loopback_and_withdrawn() -> None:
    # Only this test's room is looked at: another test running beside it, or a real
    # game on the machine, may be announcing its own.
    room = "".join(random.Random(os.getpid()).choices(ROOM_ALPHABET, k=ROOM_CODE_LENGTH))
    advertiser = Advertiser(
        name="Ann", room=room, port=7474, addresses=["127.0.0.1"], interfaces=["127.0.0.1"]
    )
    browser = Browser(interfaces=["127.0.0.1"])

    def ours() -> list[FoundGame]:
        return [game for game in browser.games() if game.room == room]

    advertiser.start()
    browser.start()
    try:
        expected = FoundGame(name="Ann", room=room, host="127.0.0.1", port=7474, proto=1)
        deadline = time.monotonic() + 20
        while ours() != [expected] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert ours() == [expected]
        assert expected.address == "127.0.0.1:7474"
        advertiser.stop()
        deadline = time.monotonic() + 20
        while ours() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert ours() == []
    finally:
        advertiser.stop()
        browser.stop()


def test_an_instance_name_fits_dns_sd_on_a_character_boundary() -> None:
    name = instance_name("Łukasz " + "木" * 24, "ABC234")
    label = name.removesuffix("._connect4._tcp.local.")
    assert len(label.encode()) <= 63 and label.startswith("ABC234 Łukasz")


def test_a_decided_game_whose_opponent_left_is_not_reconnected_to() -> None:
    """The game is over and the opponent left the room (the host closed its window): when
    the connection drops too there is nothing to resume, so the client says the game is
    gone at once instead of trying again for minutes."""
    fast = lambda: iter([0.05] * 1000)  # noqa: E731
    with (
        hosted() as server,
        client(server.local_url, "Ann", CreateRoom(), delays=fast) as (ann, ann_ear),
    ):
        opened = ann_ear.wait_for(ann, of(RoomOpened))
        assert isinstance(opened, RoomOpened)
        with client(server.local_url, "Bob", JoinRoom(opened.room), delays=fast) as (bob, ear):
            ear.wait_for(bob, of(GameStarted))
            ann_ear.wait_for(ann, of(GameStarted))
            ann.send(Resign())
            ear.wait_for(bob, lambda e: isinstance(e, GameChanged) and e.game.over)
            ann.send(Leave())
            assert ear.wait_for(bob, of(OpponentChanged)) == OpponentChanged(Status.LEFT)
            drop_every_connection(server)
            failed = ear.wait_for(bob, lambda e: isinstance(e, Failed | ConnectionLost))
            assert isinstance(failed, Failed) and failed.failure is Failure.GONE
