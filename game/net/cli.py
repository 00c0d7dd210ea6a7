"""``connect4-server``: the game server on its own, for play across the internet.

``connect4-server [--host H] [--port P] [--certfile F [--keyfile K]] [--keep-seconds S]
[--max-rooms N] [--max-connections N] [--event-loop auto|asyncio|uvloop]`` listens, then
prints ``listening on ws://HOST:PORT`` (``wss://`` with a certificate; the real port when
``--port 0``) on standard output as soon as it accepts connections.  It logs one line a
finished game on standard error, and stops cleanly on SIGTERM or SIGINT (every connection
closed, "going away"), exit status 0.  An address it cannot listen on, or a certificate it
cannot read, is one sentence on standard error and exit status 1; a bad option, argparse's
message and exit status 2.

The event loop is `uvloop <https://github.com/MagicStack/uvloop>`_'s when it is installed
(``pip install "connect4[server]"``, Linux and macOS): with 500 games at once the server
then spends about a sixth less CPU and the move round trip's p99 is about half
(build_scripts/bench_server.py); else asyncio's own.  ``--event-loop`` chooses.

An administrator's tool: its messages are in English (the game's catalogues are the
window's, and game.net imports nothing of it).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import logging
import signal
import ssl
import sys
from collections.abc import Coroutine, Sequence
from typing import Any

from game.net.messages import DEFAULT_PORT
from game.net.server import GameServer, ServerConfig, log_game


def _positive(kind: type[int] | type[float]) -> argparse._ActionType:
    def parse(text: str) -> float:
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its message
    return parse


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535, not {text}")
    return value


def parser() -> argparse.ArgumentParser:
    defaults = ServerConfig()
    p = argparse.ArgumentParser(
        prog="connect4-server",
        description="The Connect Four game server (protocol v1 over WebSocket).",
    )
    p.add_argument("--host", default=defaults.host, help="address to listen on (%(default)s)")
    p.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help="port (%(default)s; 0 picks a free one)"
    )
    p.add_argument("--certfile", help="TLS certificate chain (PEM): serve wss://")
    p.add_argument("--keyfile", help="its private key (PEM), unless the certificate file has it")
    p.add_argument(
        "--keep-seconds",
        type=_positive(float),
        default=defaults.keep_seconds,
        help="how long a dropped player may come back (%(default)g s)",
    )
    p.add_argument(
        "--max-rooms",
        type=_positive(int),
        default=defaults.max_rooms,
        help="rooms open at once; more are refused (%(default)s)",
    )
    p.add_argument(
        "--max-connections",
        type=_positive(int),
        default=defaults.max_connections,
        help="connections at once; more are refused with HTTP 503 (%(default)s)",
    )
    p.add_argument(
        "--event-loop",
        choices=("auto", "asyncio", "uvloop"),
        default="auto",
        help="uvloop's when installed (the server extra), else asyncio's (%(default)s)",
    )
    return p


def has_uvloop() -> bool:
    return importlib.util.find_spec("uvloop") is not None


def run(main: Coroutine[Any, Any, int], event_loop: str = "auto") -> int:
    """Run ``main`` on the chosen event loop ("auto": uvloop's if installed)."""
    if event_loop == "uvloop" or (event_loop == "auto" and has_uvloop()):
        import uvloop  # noqa: PLC0415 - optional: the server extra

        return uvloop.run(main)
    return asyncio.run(main)


async def serve_until_stopped(config: ServerConfig) -> int:
    """Listen, say so, and serve until SIGTERM or SIGINT; the exit status."""
    server = GameServer(config, on_game_over=log_game)
    try:
        await server.start()
    except (OSError, ssl.SSLError) as error:
        print(
            f"connect4-server: cannot listen on {config.host}:{config.port}: {error}",
            file=sys.stderr,
        )
        return 1
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(number, stop.set)
        except NotImplementedError:  # Windows: no signal handlers on the event loop
            signal.signal(number, lambda *_: loop.call_soon_threadsafe(stop.set))
    print(f"listening on {server.url}", flush=True)
    kind = "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"
    logging.getLogger("game.net.server").info("listening on %s (%s event loop)", server.url, kind)
    await stop.wait()
    logging.getLogger("game.net.server").info("stopping")
    server.close()
    await server.wait_closed()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.keyfile and not args.certfile:
        parser().error("--keyfile needs --certfile")
    if args.event_loop == "uvloop" and not has_uvloop():
        parser().error(
            '--event-loop uvloop: uvloop is not installed (pip install "connect4[server]")'
        )
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr, force=True
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)
    config = ServerConfig(
        host=args.host,
        port=args.port,
        certfile=args.certfile,
        keyfile=args.keyfile,
        keep_seconds=args.keep_seconds,
        max_rooms=args.max_rooms,
        max_connections=args.max_connections,
    )
    return run(serve_until_stopped(config), args.event_loop)
