#!/usr/bin/env python3
"""The game server under load: many games at once on loopback.

    python build_scripts/bench_server.py [--games 500] [--moves 20] [--ramp 1.0]
        [--seed 1] [--processes 1] [--overlap] [--server-loop L] [--load-loop L]

A benchmark, not a test: it prints figures and asserts nothing.

It starts ``python -m game.net --host 127.0.0.1 --port 0`` (connect4-server) as its own
process and plays ``--games`` games on it at once (two WebSocket connections each, so 500
games are 1,000 connections), started over ``--ramp`` seconds so that the connections do
not all knock in the same millisecond.  Each game is ``--moves`` moves of a random legal
game that does not end before, every move 50-250 ms after the one before, as a person
plays.  The games wait until every one has started (both players seated), then play at
once: the moves are timed with all ``--games`` games open.  ``--overlap`` lets each game
play as soon as it starts instead, so that the first moves meet the other games'
handshakes (a thousand a second with the defaults).  It prints:

* **games finished** (target: all of them), and the most games in progress at once;
* **the start**: from a game's first connection to both players seated, p50/p99;
* **the move round trip**: from a move sent to the ``state`` of that move received by
  *both* players, its median and 99th percentile (target: p99 at most 50 ms);
* **the server's CPU** (user + system seconds, and as a share of the run) and its **peak
  memory** (maximum resident set size, from the operating system when the server exits
  on SIGTERM; target: at most 150 MB).

The load generator runs in this process (or ``--processes`` of them), on the same
machine: what it costs slows the server's figures too, and so does any other work on the
machine (the load average is printed).  Both run on uvloop's event loop when it is
installed (the server's ``--event-loop``; ``--server-loop`` and ``--load-loop`` choose):
the load generator's 1,000 connections on asyncio's own loop cost it as much CPU as the
server, and its own lateness was most of the p99.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import benchlib
from benchlib import load_average, percentile
from websockets.asyncio.client import ClientConnection, connect

from game.core import Board
from game.net.cli import has_uvloop

ROOT = Path(__file__).resolve().parent.parent
TARGET_P99_MS = 50.0
TARGET_MEMORY_MB = 150.0
GAME_TIMEOUT = 120.0


def random_game(moves: int, rng: random.Random) -> str:
    """A random legal move string of ``moves`` moves that is not over before its end."""
    while True:
        board = Board()
        while board.ply < moves and not board.is_over:
            board.play(rng.choice(board.legal_moves()))
        if board.ply == moves:  # the loop stops early only when a move ended the game
            return board.moves


@dataclass
class Tally:
    finished: int = 0
    failed: list[str] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    starts: list[float] = field(default_factory=list)
    """Seconds from a game's first connection to both players seated."""
    running: int = 0
    most_running: int = 0
    cpu: float = 0.0
    """The load generator's own CPU seconds (user + system)."""


class Player:
    """One connection: its reader notes when each ply's state arrived."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.first: asyncio.Future[dict[str, object]] = asyncio.get_running_loop().create_future()
        self.arrived: dict[int, asyncio.Future[float]] = {}
        self.reader = asyncio.ensure_future(self._read())

    def arrival(self, ply: int) -> asyncio.Future[float]:
        if ply not in self.arrived:
            self.arrived[ply] = asyncio.get_running_loop().create_future()
        return self.arrived[ply]

    async def _read(self) -> None:
        async for frame in self.socket:
            now = time.perf_counter()
            message = json.loads(frame)
            kind = message["type"]
            if kind == "state":
                future = self.arrival(len(message["moves"]) - 1)
                if not future.done():
                    future.set_result(now)
            elif kind in ("created", "start") and not self.first.done():
                self.first.set_result(message)
            elif kind == "error":
                raise RuntimeError(f"the server refused: {message}")

    async def say(self, kind: str, **fields: object) -> None:
        await self.socket.send(json.dumps({"type": kind, **fields}))


class StartLine:
    """Holds every game until all have started (or failed to): then they play at once."""

    def __init__(self, games: int, *, hold: bool) -> None:
        self.waiting = games
        self.hold = hold
        self.open = asyncio.Event()
        if not hold:
            self.open.set()

    def leave(self) -> None:
        """One game is seated, or will never be."""
        self.waiting -= 1
        if self.waiting == 0:
            self.open.set()

    async def wait(self) -> None:
        await self.open.wait()


@dataclass(frozen=True)
class Load:
    """What one load generator process plays."""

    url: str
    games: int
    moves: int
    ramp: float
    seed: int
    overlap: bool
    loop: str


@dataclass
class Game:
    """One game to play: its moves, when it starts, its random delays."""

    moves: str
    delay: float
    rng: random.Random


async def play_one(url: str, game: Game, tally: Tally, line: StartLine) -> None:
    moves, rng = game.moves, game.rng
    await asyncio.sleep(game.delay)
    knocked = time.perf_counter()
    async with (
        connect(url, compression=None, open_timeout=60, ping_interval=None) as one,
        connect(url, compression=None, open_timeout=60, ping_interval=None) as two,
    ):
        a, b = Player(one), Player(two)
        await a.say("hello", app="connect4", proto=1, name="A")
        await b.say("hello", app="connect4", proto=1, name="B")
        await a.say("create")
        created = await a.first
        a.first = asyncio.get_running_loop().create_future()
        await b.say("join", room=created["room"])
        await asyncio.gather(a.first, b.first)
        tally.starts.append(time.perf_counter() - knocked)
        tally.running += 1
        tally.most_running = max(tally.most_running, tally.running)
        line.leave()
        await line.wait()
        try:
            for ply, char in enumerate(moves):
                await asyncio.sleep(rng.uniform(0.05, 0.25))
                sent = time.perf_counter()
                await (a if ply % 2 == 0 else b).say("move", ply=ply, column=int(char))
                got = await asyncio.gather(a.arrival(ply), b.arrival(ply))
                tally.round_trips.append(max(got) - sent)
        finally:
            tally.running -= 1
        tally.finished += 1
        for player in (a, b):
            player.reader.cancel()


async def play_all(load: Load) -> Tally:
    rng = random.Random(load.seed)
    tally = Tally()
    line = StartLine(load.games, hold=not load.overlap)

    async def guarded(index: int) -> None:
        game_rng = random.Random(rng.random())
        game = Game(random_game(load.moves, game_rng), load.ramp * index / load.games, game_rng)
        seated = len(tally.starts)
        try:
            await asyncio.wait_for(play_one(load.url, game, tally, line), GAME_TIMEOUT)
        except Exception as error:  # a benchmark reports a failed game and goes on
            tally.failed.append(f"{type(error).__name__}: {error}")
            if len(tally.starts) == seated and line.waiting > 0:
                line.leave()  # it failed before its seat: the others must not wait for it

    await asyncio.gather(*(guarded(i) for i in range(load.games)))
    return tally


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def worker(load: Load) -> Tally:
    before = _cpu_seconds()
    playing = play_all(load)
    if load.loop == "uvloop":
        import uvloop  # noqa: PLC0415 - optional, as for the server

        tally = uvloop.run(playing)
    else:
        tally = asyncio.run(playing)
    tally.cpu = _cpu_seconds() - before
    return tally


def start_server(games: int, loop: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "game.net", "--host", "127.0.0.1", "--port", "0",
         "--max-rooms", str(games + 10), "--max-connections", str(2 * games + 20),
         "--event-loop", loop],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line.startswith("listening on "):
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.removeprefix("listening on ")


def stop_server(process: subprocess.Popen[str]) -> resource.struct_rusage:
    process.send_signal(signal.SIGTERM)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--ramp", type=float, default=1.0, help="seconds to start every game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1, help="load generator processes")
    parser.add_argument(
        "--overlap", action="store_true", help="each game plays as soon as it starts"
    )
    loops = ("uvloop", "asyncio") if has_uvloop() else ("asyncio",)
    parser.add_argument("--server-loop", choices=loops, default=loops[0])
    parser.add_argument("--load-loop", choices=loops, default=loops[0])
    args = parser.parse_args()

    for line in benchlib.header_lines():
        print(line)
    print(f"load average before: {load_average()}")
    process, url = start_server(args.games, args.server_loop)
    began = time.perf_counter()
    try:
        shares = [args.games // args.processes + (i < args.games % args.processes)
                  for i in range(args.processes)]  # fmt: skip
        loads = [
            Load(url, n, args.moves, args.ramp, args.seed + i, args.overlap, args.load_loop)
            for i, n in enumerate(shares)
        ]
        if args.processes == 1:
            tallies = [worker(loads[0])]
        else:
            with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
                tallies = pool.map(worker, loads)
    finally:
        wall = time.perf_counter() - began
        usage = stop_server(process)
    finished = sum(t.finished for t in tallies)
    failed = [reason for t in tallies for reason in t.failed]
    trips = [ms * 1e3 for t in tallies for ms in t.round_trips]
    starts = [ms * 1e3 for t in tallies for ms in t.starts]
    cpu = usage.ru_utime + usage.ru_stime
    peak_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
    print(f"load average after: {load_average()}")
    print(
        f"{args.games} games of {args.moves} moves ({2 * args.games} connections),"
        f" started over {args.ramp:g} s, {args.processes} load process(es); run {wall:.1f} s"
    )
    print(
        f"event loops: the server's {args.server_loop}, the load generator's {args.load_loop};"
        + (
            " each game plays as soon as it starts (--overlap)"
            if args.overlap
            else " the games play once all have started"
        )
    )
    print(
        f"games finished: {finished} of {args.games}"
        f" (target: all); at most {max(t.most_running for t in tallies)} in progress at once"
        + ("" if args.processes == 1 else " in one load process")
    )
    if failed:
        print(f"failed games: {len(failed)}, first: {failed[0]}")
    if starts:
        print(
            f"start (connect, hello, create or join, seated): p50"
            f" {statistics.median(starts):.1f} ms, p99 {percentile(starts, 99):.1f} ms"
        )
    if trips:
        print(
            f"move round trip ({len(trips)} moves): p50 {statistics.median(trips):.1f} ms,"
            f" p99 {percentile(trips, 99):.1f} ms (target: at most {TARGET_P99_MS:g} ms),"
            f" max {max(trips):.1f} ms"
        )
    print(
        f"server CPU: {cpu:.1f} s ({cpu / wall:.0%} of one core over the run);"
        f" peak memory {peak_mb:.1f} MB (target: at most {TARGET_MEMORY_MB:g} MB);"
        f" exit status {process.returncode}"
    )
    print(f"load generator CPU: {sum(t.cpu for t in tallies):.1f} s")


if __name__ == "__main__":
    main()
