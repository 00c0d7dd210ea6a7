"""The server over real connections: in memory (the connection loop), then WebSocket on
127.0.0.1 with port 0 (the whole protocol, the limits), then connect4-server itself as
a process (its output line, its log, SIGTERM, TLS)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import signal
import ssl
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.net import cli
from game.net.cli import has_uvloop
from game.net.lobby import Lobby
from game.net.memory import MemoryChannel, pipe
from game.net.server import GameServer, ServerConfig, serve_channel
from tests.netfakes import Speaker

ROOT = Path(__file__).resolve().parent.parent
WIN = "4455667"


def run(coroutine: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(coroutine(), 60))


def memory_speaker(channel: MemoryChannel) -> Speaker:
    return Speaker(channel.send, channel.recv)


async def hello(speaker: Speaker, name: str) -> None:
    await speaker.say("hello", app="connect4", proto=1, name=name)
    await speaker.expect("welcome", proto=1)


async def play_pair(ann: Speaker, bob: Speaker) -> str:
    """Ann creates, Bob joins: the room code."""
    await hello(ann, "Ann")
    await hello(bob, "Bob")
    await ann.say("create")
    code = str((await ann.expect("created"))["room"])
    await bob.say("join", room=code)
    await ann.expect("start", colour="first", opponent="Bob", moves="")
    await bob.expect("start", colour="second", opponent="Ann", moves="")
    return code


async def play_moves(ann: Speaker, bob: Speaker, moves: str, start: int = 0) -> dict[str, Any]:
    """Play ``moves`` from ply ``start`` (Ann first on even plies); the last state."""
    state: dict[str, Any] = {}
    for ply, char in enumerate(moves, start):
        await (ann if ply % 2 == 0 else bob).say("move", ply=ply, column=int(char))
        for each in (ann, bob):
            state = await each.expect("state")
    return state


# -- in memory ------------------------------------------------------------------------


class MemoryServer:
    """serve_channel for each connection a test opens, over pipes."""

    def __init__(self, *, keep: float = 120.0, rate: float = 20.0) -> None:
        self.lobby = Lobby(scheduler=asyncio.get_running_loop(), keep_seconds=keep)
        self.rate = rate
        self.tasks: list[asyncio.Task[None]] = []

    def connect(self) -> tuple[Speaker, MemoryChannel]:
        server_end, client_end = pipe()
        self.tasks.append(
            asyncio.get_running_loop().create_task(
                serve_channel(server_end, self.lobby, rate=self.rate)
            )
        )
        return memory_speaker(client_end), client_end


def test_in_memory_a_whole_game_through_the_connection_loop() -> None:
    async def body() -> None:
        server = MemoryServer()
        (ann, _), (bob, _) = server.connect(), server.connect()
        code = await play_pair(ann, bob)
        state = await play_moves(ann, bob, WIN)
        assert state == {
            "type": "state", "room": code, "moves": WIN, "result": "first", "reason": "four"
        }  # fmt: skip

    run(body)


def test_in_memory_unreadable_frames_are_bad_messages_and_a_bad_hello_closes() -> None:
    async def body() -> None:
        server = MemoryServer()
        speaker, end = server.connect()
        await hello(speaker, "Ann")
        for frame in ["{", "[1]", '{"type": 3}', "\u00ff" * 10, "[" * 3000 + "]" * 3000]:
            await speaker.raw(frame)
            await speaker.error("bad-message")
        await end.send(b'{"type":"create"}')
        await speaker.error("bad-message")
        late, late_end = server.connect()
        await late.say("create")
        await late.error("bad-hello")
        assert await late.hear() is None and late_end.close_code == 1008

    run(body)


def test_in_memory_more_than_twenty_messages_a_second_are_too_fast() -> None:
    async def body() -> None:
        server = MemoryServer(rate=20)
        speaker, _ = server.connect()
        await hello(speaker, "Ann")
        for _ in range(40):  # all at once: far more than 20 in a second
            await speaker.say("chat", text="hi")
        codes = [(await speaker.expect("error"))["code"] for _ in range(40)]
        assert codes.count("too-fast") >= 15
        assert set(codes) == {"no-room", "too-fast"}

    run(body)


# -- over WebSocket on 127.0.0.1 --------------------------------------------------------


@contextlib.asynccontextmanager
async def listening(**options: Any) -> AsyncIterator[GameServer]:
    server = GameServer(ServerConfig(host="127.0.0.1", port=0, **options))
    await server.start()
    try:
        yield server
    finally:
        server.close()
        await server.wait_closed()


@contextlib.asynccontextmanager
async def dial(url: str) -> AsyncIterator[tuple[Speaker, ClientConnection]]:
    async with connect(url, compression=None, max_size=None) as socket:

        async def recv() -> str | bytes | None:
            try:
                return await socket.recv()
            except ConnectionClosed:
                return None

        yield Speaker(socket.send, recv), socket


def test_two_clients_play_a_whole_game_and_chat() -> None:
    async def body() -> None:
        async with (
            listening() as server,
            dial(server.url) as (ann, _),
            dial(server.url) as (bob, _),
        ):
            code = await play_pair(ann, bob)
            await bob.say("chat", text="Good luck")
            await ann.expect("chat", **{"from": "Bob", "text": "Good luck"})
            state = await play_moves(ann, bob, "4343434")
            assert (state["room"], state["moves"], state["result"], state["reason"]) == (
                code, "4343434", "first", "four"
            )  # fmt: skip

    run(body)


def test_every_error_code_over_the_socket() -> None:
    async def body() -> None:
        async with (
            listening(max_rooms=1) as server,
            dial(server.url) as (ann, _),
            dial(server.url) as (bob, _),
            dial(server.url) as (eve, _),
        ):
            code = await play_pair(ann, bob)
            await hello(eve, "Eve")
            await eve.raw("not json")
            await eve.error("bad-message")
            await eve.say("join", room="ZZZZZZ")
            await eve.error("no-room")
            await eve.say("join", room=code)
            await eve.error("room-full")
            await eve.say("create")
            await eve.error("room-full")  # the server's one room is taken
            await bob.say("move", ply=0, column=4)
            await bob.error("not-your-turn")
            await ann.say("move", ply=3, column=4)
            await ann.error("stale-ply")
            await ann.say("move", ply=0, column=9)
            await ann.error("illegal-move")
            await eve.say("resume", room=code, token="0" * 32)
            await eve.error("bad-token")
            await ann.say("move", ply=0, column=4)  # nothing changed: still ply 0
            assert (await bob.expect("state"))["moves"] == "4"
            await ann.expect("state")
        async with listening() as server, dial(server.url) as (stranger, socket):
            await stranger.say("move", ply=0, column=4)
            await stranger.error("bad-hello")
            assert await stranger.hear() is None
            assert socket.close_code == 1008

    run(body)


def test_a_frame_over_4_kib_closes_the_connection_with_1009() -> None:
    async def body() -> None:
        async with listening() as server, dial(server.url) as (ann, socket):
            await hello(ann, "Ann")
            await ann.say("chat", text="x" * 10_000)
            assert await ann.hear() is None
            assert socket.close_code == 1009

    run(body)


def test_resume_with_the_right_token_and_a_wrong_one_then_the_keep_time_runs_out() -> None:
    async def body() -> None:
        async with (
            listening(keep_seconds=0.5) as server,
            dial(server.url) as (ann, _),
        ):
            async with dial(server.url) as (bob, _):
                await hello(ann, "Ann")
                await hello(bob, "Bob")
                await ann.say("create")
                code = (await ann.expect("created"))["room"]
                await bob.say("join", room=code)
                await ann.expect("start")
                token = (await bob.expect("start"))["token"]
                await play_moves(ann, bob, "4")
            await ann.expect("opponent", status="away")
            async with dial(server.url) as (back, _):
                await hello(back, "Bob")
                await back.say("resume", room=code, token="a" * 32)
                await back.error("bad-token")
                await back.say("resume", room=code, token=token)
                await back.expect("start", colour="second", moves="4", token=token)
                await ann.expect("opponent", status="back")
                await back.say("move", ply=1, column=3)
                assert (await ann.expect("state"))["moves"] == "43"
            await ann.expect("opponent", status="away")
            await ann.expect("state", result="first", reason="abandoned", moves="43")
            await ann.expect("opponent", status="left")

    run(body)


def test_connections_past_the_cap_are_refused_with_503() -> None:
    async def body() -> None:
        async with listening(max_connections=1) as server, dial(server.url):
            with pytest.raises(InvalidStatus) as refused:
                async with dial(server.url):
                    pass
            assert refused.value.response.status_code == 503
            assert b"full" in refused.value.response.body

    run(body)


# -- connect4-server, the process --------------------------------------------------------


def start_server(*options: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "game.net", "--host", "127.0.0.1", "--port", "0", *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    assert line.startswith("listening on "), (line, process.stderr and process.stderr.read())
    return process, line.removeprefix("listening on ")


def stop(process: subprocess.Popen[str], number: int = signal.SIGTERM) -> str:
    process.send_signal(number)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    return err


@pytest.mark.parametrize(
    ("number", "loop"),
    [
        (signal.SIGTERM, "asyncio"),
        (signal.SIGINT, "asyncio"),
        pytest.param(
            signal.SIGTERM,
            "uvloop",
            marks=pytest.mark.skipif(not has_uvloop(), reason="uvloop is not installed here"),
        ),
    ],
)
def test_the_server_process_prints_its_address_logs_a_game_and_stops_on_a_signal(
    number: int, loop: str
) -> None:
    process, url = start_server("--event-loop", loop)
    try:
        assert url.startswith("ws://127.0.0.1:") and not url.endswith(":0")

        async def body() -> None:
            async with dial(url) as (ann, _), dial(url) as (bob, _):
                code = await play_pair(ann, bob)
                await bob.say("resign")
                await ann.expect("state", room=code, result="first", reason="resigned")

        run(body)
    finally:
        err = stop(process, number)
    games = [line for line in err.splitlines() if " game " in line]
    assert len(games) == 1 and "Ann vs Bob: first (resigned)" in games[0], err
    assert f"({loop} event loop)" in err


def test_the_server_says_when_the_event_loop_asked_for_is_not_installed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "has_uvloop", lambda: False)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--event-loop", "uvloop"])
    assert stopped.value.code == 2
    assert "uvloop is not installed" in capsys.readouterr().err


def test_the_server_process_refuses_an_address_in_use_in_one_sentence() -> None:
    process, url = start_server()
    try:
        port = url.rsplit(":", 1)[1]
        taken = subprocess.run(
            [sys.executable, "-m", "game.net", "--host", "127.0.0.1", "--port", port],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert taken.returncode == 1 and taken.stdout == ""
        assert taken.stderr.startswith("connect4-server: cannot listen on 127.0.0.1:")
    finally:
        stop(process)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")
def test_the_server_process_speaks_tls_with_a_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    process, url = start_server("--certfile", str(cert), "--keyfile", str(key))
    try:
        assert url.startswith("wss://127.0.0.1:")
        context = ssl.create_default_context(cafile=str(cert))

        async def body() -> None:
            async with connect(url, ssl=context, compression=None) as socket:
                await socket.send(json.dumps({"type": "hello", "app": "connect4", "proto": 1,
                                              "name": "Ann"}))  # fmt: skip
                assert json.loads(await socket.recv()) == {"type": "welcome", "proto": 1}

        run(body)
    finally:
        stop(process)
