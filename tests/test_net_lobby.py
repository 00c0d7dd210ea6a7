"""The server's rules without a socket: the lobby with recording peers and a fake clock."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import Board
from game.net.codec import ProtocolError, parse_client
from game.net.lobby import CLOSE_POLICY, CLOSE_REPLACED, Lobby, Member, Room
from game.net.messages import ROOM_ALPHABET, ClientMessage, Colour
from tests.netfakes import FakeClock, RecordingPeer

WIN = "4455667"  # the first player wins on the bottom row


class Table:
    """A lobby and the players at it, each a (member, peer)."""

    def __init__(self, *, keep: float = 120.0, max_rooms: int = 100) -> None:
        self.clock = FakeClock()
        self.ended: list[Room] = []
        self.lobby = Lobby(
            scheduler=self.clock,
            keep_seconds=keep,
            max_rooms=max_rooms,
            on_game_over=self.ended.append,
        )

    def connect(self, name: str | None = None) -> tuple[Member, RecordingPeer]:
        peer = RecordingPeer()
        member = self.lobby.open(peer)
        if name is not None:
            self.send(member, {"type": "hello", "app": "connect4", "proto": 1, "name": name})
            assert peer.take() == [{"type": "welcome", "proto": 1}]
        return member, peer

    def send(self, member: Member, obj: dict[str, Any]) -> None:
        try:
            message: ClientMessage = parse_client(json.dumps(obj))
        except ProtocolError as error:
            self.lobby.refuse(member, error)
            return
        self.lobby.receive(member, message)

    def pair(self) -> tuple[str, tuple[Member, RecordingPeer], tuple[Member, RecordingPeer]]:
        """Ann created a room, Bob joined it; both peers emptied."""
        ann = self.connect("Ann")
        bob = self.connect("Bob")
        self.send(ann[0], {"type": "create"})
        code = ann[1].take()[0]["room"]
        self.send(bob[0], {"type": "join", "room": code})
        ann[1].take()
        bob[1].take()
        return code, ann, bob


def test_a_whole_game_reaches_both_players_with_the_whole_move_list() -> None:
    table = Table()
    ann, ann_peer = table.connect("Ann")
    bob, bob_peer = table.connect("Bob")
    table.send(ann, {"type": "create"})
    created = ann_peer.take()
    assert [m["type"] for m in created] == ["created"]
    code = created[0]["room"]
    assert len(code) == 6 and set(code) <= set(ROOM_ALPHABET)
    assert len(created[0]["token"]) == 32
    table.send(bob, {"type": "join", "room": code.lower()})
    (ann_start,) = ann_peer.take()
    (bob_start,) = bob_peer.take()
    assert ann_start | {"token": ""} == {
        "type": "start", "room": code, "colour": "first", "token": "", "opponent": "Bob",
        "moves": "",
    }  # fmt: skip
    assert bob_start["colour"] == "second" and bob_start["opponent"] == "Ann"
    assert ann_start["token"] != bob_start["token"]
    players = {"first": ann, "second": bob}
    for ply, char in enumerate(WIN):
        mover = players["first" if ply % 2 == 0 else "second"]
        table.send(mover, {"type": "move", "ply": ply, "column": int(char)})
        for peer in (ann_peer, bob_peer):
            (state,) = peer.take()
            assert state["moves"] == WIN[: ply + 1]
    assert state == {
        "type": "state", "room": code, "moves": WIN, "result": "first", "reason": "four"
    }  # fmt: skip
    assert [room.code for room in table.ended] == [code]


def test_a_full_board_is_a_draw() -> None:
    draw = "547125662261271266215743771576315353334444"
    board = Board.from_moves(draw)
    assert board.is_over and board.outcome is not None and board.outcome.is_draw
    table = Table()
    _, ann, bob = table.pair()
    players = [ann, bob]
    for ply, char in enumerate(draw):
        table.send(players[ply % 2][0], {"type": "move", "ply": ply, "column": int(char)})
    last = ann[1].take()[-1]
    assert (last["result"], last["reason"], last["moves"]) == ("draw", "full", draw)


@pytest.mark.parametrize(
    ("first", "code"),
    [
        ({"type": "create"}, "bad-hello"),
        ({"type": "hello", "app": "chess", "proto": 1, "name": "Ann"}, "bad-hello"),
        ({"type": "hello", "app": "connect4", "proto": 2, "name": "Ann"}, "bad-hello"),
        ({"type": "hello", "app": "connect4", "proto": 1, "name": "x" * 25}, "bad-hello"),
        ({"type": "hello", "app": "connect4", "proto": 1, "name": "\u0000\u200e "}, "bad-hello"),
        ({"type": "hello", "app": "connect4", "proto": "1", "name": "Ann"}, "bad-hello"),
        ({"kind": "hello"}, "bad-hello"),
    ],
)
def test_anything_but_a_good_hello_first_closes_the_connection(
    first: dict[str, Any], code: str
) -> None:
    table = Table()
    member, peer = table.connect()
    table.send(member, first)
    (error,) = peer.take()
    assert error["type"] == "error" and error["code"] == code and error["message"]
    assert peer.closed is not None and peer.closed[0] == CLOSE_POLICY


def test_a_name_is_plain_text() -> None:
    table = Table()
    ann, ann_peer = table.connect("\u202eAnn\u0007\n  Lee ")
    bob, bob_peer = table.connect("Bob")
    table.send(ann, {"type": "create"})
    code = ann_peer.take()[0]["room"]
    table.send(bob, {"type": "join", "room": code})
    assert bob_peer.take()[0]["opponent"] == "Ann Lee"


def test_errors_change_nothing_and_keep_the_connection() -> None:
    table = Table()
    lone, lone_peer = table.connect("Lone")
    table.send(lone, {"type": "move", "ply": 0, "column": 4})
    table.send(lone, {"type": "chat", "text": "hi"})
    table.send(lone, {"type": "resign"})
    table.send(lone, {"type": "join", "room": "ZZZZZZ"})
    table.send(lone, {"type": "resume", "room": "ZZZZZZ", "token": "0" * 32})
    table.send(lone, {"type": "hello", "app": "connect4", "proto": 1, "name": "Again"})
    table.send(lone, {"type": "dance"})
    table.send(lone, {"type": "move", "ply": "0", "column": 4})
    table.send(lone, {"type": "move", "ply": 0, "column": True})
    table.send(lone, {"type": "chat", "text": "x" * 201})
    table.send(lone, {"type": "chat", "text": ""})
    table.send(lone, {"type": "join"})
    assert [m["code"] for m in lone_peer.take()] == [
        "no-room", "no-room", "no-room", "no-room", "no-room",
        "bad-message", "bad-message", "bad-message", "bad-message", "bad-message",
        "bad-message", "bad-message",
    ]  # fmt: skip
    assert lone_peer.closed is None

    code, (ann, ann_peer), (bob, bob_peer) = table.pair()
    table.send(lone, {"type": "join", "room": code})
    table.send(bob, {"type": "move", "ply": 0, "column": 4})
    table.send(ann, {"type": "move", "ply": 1, "column": 4})
    table.send(ann, {"type": "move", "ply": 0, "column": 8})
    table.send(ann, {"type": "move", "ply": 0, "column": 0})
    table.send(ann, {"type": "create"})
    table.send(ann, {"type": "resume", "room": code, "token": "f" * 32})
    assert [m["code"] for m in lone_peer.take()] == ["room-full"]
    assert [m["code"] for m in bob_peer.take()] == ["not-your-turn"]
    assert [m["code"] for m in ann_peer.take()] == [
        "stale-ply", "illegal-move", "illegal-move", "bad-message", "bad-message"
    ]  # fmt: skip
    room = table.lobby.rooms[code]
    assert room.game.board.moves == ""

    for ply, column in enumerate([1, 2, 1, 2, 1, 2]):
        table.send([ann, bob][ply % 2], {"type": "move", "ply": ply, "column": column})
    table.send(ann, {"type": "move", "ply": 6, "column": 1})  # the first column's fourth: a win
    table.send(bob, {"type": "move", "ply": 7, "column": 1})
    table.send(bob, {"type": "resign"})
    ann_codes = [m.get("code") for m in ann_peer.take() if m["type"] == "error"]
    bob_codes = [m.get("code") for m in bob_peer.take() if m["type"] == "error"]
    assert ann_codes == [] and bob_codes == ["illegal-move", "illegal-move"]
    assert room.game.result == "first"


def test_a_full_column_is_an_illegal_move() -> None:
    table = Table()
    _, ann, bob = table.pair()
    for ply in range(6):
        table.send([ann, bob][ply % 2][0], {"type": "move", "ply": ply, "column": 3})
    table.send(ann[0], {"type": "move", "ply": 6, "column": 3})
    assert ann[1].take()[-1]["code"] == "illegal-move"


def test_a_move_before_the_opponent_joins_is_not_your_turn() -> None:
    table = Table()
    ann, peer = table.connect("Ann")
    table.send(ann, {"type": "create"})
    peer.take()
    table.send(ann, {"type": "move", "ply": 0, "column": 4})
    assert peer.take()[0]["code"] == "not-your-turn"


def test_resignation_and_chat() -> None:
    table = Table()
    code, (ann, ann_peer), (bob, bob_peer) = table.pair()
    table.send(ann, {"type": "chat", "text": "Good\tluck\u0000!"})
    assert bob_peer.take() == [{"type": "chat", "from": "Ann", "text": "Good luck!"}]
    assert ann_peer.take() == []
    table.send(bob, {"type": "resign"})
    expected = {"type": "state", "room": code, "moves": "", "result": "first", "reason": "resigned"}
    assert ann_peer.take() == [expected] and bob_peer.take() == [expected]


def test_max_rooms_refuses_with_a_message() -> None:
    table = Table(max_rooms=2)
    for name in ("A", "B"):
        member, peer = table.connect(name)
        table.send(member, {"type": "create"})
        assert peer.take()[0]["type"] == "created"
    member, peer = table.connect("C")
    table.send(member, {"type": "create"})
    (error,) = peer.take()
    assert error["code"] == "room-full" and "at most 2 rooms" in error["message"]


def test_resume_with_the_right_token_and_a_wrong_one() -> None:
    table = Table(keep=60)
    code, (ann, ann_peer), (bob, bob_peer) = table.pair()
    table.send(ann, {"type": "move", "ply": 0, "column": 4})
    ann_peer.take()
    bob_peer.take()
    token = table.lobby.rooms[code].seats[Colour.SECOND].token
    table.lobby.drop(bob)
    assert ann_peer.take() == [{"type": "opponent", "status": "away", "seconds": 60}]
    table.clock.advance(59)
    again, again_peer = table.connect("Bob")
    table.send(again, {"type": "resume", "room": code, "token": token[:-1] + "x"})
    table.send(again, {"type": "resume", "room": code, "token": 3})
    assert [m["code"] for m in again_peer.take()] == ["bad-token", "bad-message"]
    table.send(again, {"type": "resume", "room": code.lower(), "token": token})
    assert again_peer.take() == [
        {"type": "start", "room": code, "colour": "second", "token": token, "opponent": "Ann",
         "moves": "4"}
    ]  # fmt: skip
    assert ann_peer.take() == [{"type": "opponent", "status": "back", "seconds": None}]
    table.clock.advance(10)  # the cancelled keep time does not fire
    assert ann_peer.take() == [] and table.lobby.rooms[code].game.result is None
    table.send(again, {"type": "move", "ply": 1, "column": 4})
    assert ann_peer.take()[0]["moves"] == "44"


def test_the_keep_time_running_out_gives_the_game_to_the_one_who_stayed() -> None:
    table = Table(keep=120)
    code, (ann, _ann_peer), (bob, bob_peer) = table.pair()
    table.lobby.drop(ann)
    assert bob_peer.take() == [{"type": "opponent", "status": "away", "seconds": 120}]
    table.clock.advance(119.5)
    assert bob_peer.take() == []
    table.clock.advance(1)
    assert bob_peer.take() == [
        {"type": "state", "room": code, "moves": "", "result": "second", "reason": "abandoned"},
        {"type": "opponent", "status": "left", "seconds": None},
    ]
    token = table.lobby.rooms[code].seats[Colour.FIRST].token
    late, late_peer = table.connect("Ann")
    table.send(late, {"type": "resume", "room": code, "token": token})
    assert late_peer.take()[0]["code"] == "bad-token"
    table.lobby.drop(bob)
    table.clock.advance(121)
    assert table.lobby.rooms == {} and table.clock.pending == 0


def test_a_room_nobody_joined_expires_with_its_creator() -> None:
    table = Table(keep=30)
    ann, peer = table.connect("Ann")
    table.send(ann, {"type": "create"})
    created = peer.take()[0]
    table.lobby.drop(ann)
    table.clock.advance(10)
    back, back_peer = table.connect("Ann")
    table.send(back, {"type": "resume", "room": created["room"], "token": created["token"]})
    assert back_peer.take() == [created]
    table.lobby.drop(back)
    table.clock.advance(31)
    assert table.lobby.rooms == {}


def test_resuming_over_a_connection_that_has_not_noticed_it_died_replaces_it() -> None:
    table = Table()
    code, (ann, ann_peer), (_bob, bob_peer) = table.pair()
    token = table.lobby.rooms[code].seats[Colour.FIRST].token
    second, second_peer = table.connect("Ann")
    table.send(second, {"type": "resume", "room": code, "token": token})
    assert ann_peer.closed is not None and ann_peer.closed[0] == CLOSE_REPLACED
    assert second_peer.take()[0]["type"] == "start"
    assert bob_peer.take() == []  # Ann never was away
    table.lobby.drop(ann)  # the old connection's end changes nothing
    assert bob_peer.take() == [] and table.clock.pending == 0


def test_leave_mid_game_is_abandoned_and_the_room_goes_when_both_are_gone() -> None:
    table = Table()
    code, (ann, ann_peer), (bob, bob_peer) = table.pair()
    table.send(bob, {"type": "leave"})
    assert ann_peer.take() == [
        {"type": "state", "room": code, "moves": "", "result": "first", "reason": "abandoned"},
        {"type": "opponent", "status": "left", "seconds": None},
    ]
    table.send(bob, {"type": "create"})
    assert bob_peer.take()[-1]["type"] == "created"
    table.send(ann, {"type": "rematch"})
    assert ann_peer.take()[0]["code"] == "no-room"
    table.send(ann, {"type": "leave"})
    assert code not in table.lobby.rooms


def test_a_rematch_swaps_the_colours() -> None:
    table = Table()
    _code, (ann, ann_peer), (bob, bob_peer) = table.pair()
    table.send(ann, {"type": "rematch"})
    assert ann_peer.take()[0]["code"] == "illegal-move"
    table.send(bob, {"type": "resign"})
    ann_peer.take()
    bob_peer.take()
    table.send(bob, {"type": "rematch"})
    assert ann_peer.take() == [{"type": "offer", "offer": "rematch", "ply": 0}]
    table.send(ann, {"type": "rematch"})
    (ann_start,) = ann_peer.take()
    (bob_start,) = bob_peer.take()
    assert (ann_start["colour"], bob_start["colour"]) == ("second", "first")
    assert ann_start["moves"] == bob_start["moves"] == ""
    table.send(bob, {"type": "move", "ply": 0, "column": 4})
    assert ann_peer.take()[0]["moves"] == "4"


def test_undo_needs_the_opponents_consent() -> None:
    table = Table()
    code, (ann, ann_peer), (bob, bob_peer) = table.pair()
    table.send(ann, {"type": "undo", "ply": 0})
    assert ann_peer.take()[0]["code"] == "illegal-move"  # nothing of Ann's to take back
    for ply, column in enumerate([4, 3]):
        table.send([ann, bob][ply], {"type": "move", "ply": ply, "column": column})
    ann_peer.take()
    bob_peer.take()
    table.send(ann, {"type": "undo", "ply": 2})
    assert bob_peer.take() == [{"type": "offer", "offer": "undo", "ply": 2}]
    table.send(bob, {"type": "decline", "offer": "undo"})
    assert ann_peer.take() == [{"type": "declined", "offer": "undo"}]
    table.send(bob, {"type": "undo", "ply": 2})  # Bob asks for his own move back
    table.send(ann, {"type": "undo", "ply": 2})  # Ann agrees: Bob's one move goes
    assert ann_peer.take()[-1]["moves"] == "4"
    table.send(bob, {"type": "move", "ply": 1, "column": 5})
    table.send(ann, {"type": "undo", "ply": 2})
    table.send(bob, {"type": "undo", "ply": 2})  # agreed: Ann's move and Bob's reply go
    assert bob_peer.take()[-1] == {
        "type": "state", "room": code, "moves": "", "result": None, "reason": None
    }  # fmt: skip


def test_a_move_cancels_an_open_undo_offer() -> None:
    table = Table()
    _, (ann, ann_peer), (bob, bob_peer) = table.pair()
    table.send(ann, {"type": "move", "ply": 0, "column": 4})
    table.send(ann, {"type": "undo", "ply": 1})
    table.send(bob, {"type": "move", "ply": 1, "column": 4})
    table.send(bob, {"type": "undo", "ply": 1})
    assert bob_peer.take()[-1]["code"] == "stale-ply"
    table.send(bob, {"type": "decline", "offer": "undo"})
    assert bob_peer.take()[-1]["code"] == "illegal-move"
    assert ann_peer.take()[-1]["moves"] == "44"
