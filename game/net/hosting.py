"""The server inside the game, while a player hosts: a thread with its own event loop.

The "Host a game" screen starts a :class:`HostedServer` (listening on every interface,
on :data:`~game.net.messages.DEFAULT_PORT` if it is free, else on any free port), joins
it as a client like any other player, and announces the room on the local network
(:meth:`HostedServer.advertise`) until someone joins.  :meth:`HostedServer.stop` closes
the listener: when the host leaves that screen without a game, or the game ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import threading
from collections.abc import Sequence

from game.net.discovery import Advertiser, Interfaces, local_addresses
from game.net.messages import DEFAULT_PORT
from game.net.server import GameServer, ServerConfig, log_game

log = logging.getLogger("game.net.hosting")

START_TIMEOUT = 10.0


class HostedServer:
    """A :class:`~game.net.server.GameServer` in a background thread."""

    def __init__(
        self, *, host: str = "0.0.0.0", port: int = DEFAULT_PORT, keep_seconds: float = 120.0
    ) -> None:
        self._config = ServerConfig(host=host, port=port, keep_seconds=keep_seconds)
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: OSError | None = None
        self._server: GameServer | None = None
        self._advertiser: Advertiser | None = None
        self._advertising: threading.Thread | None = None
        self.port = 0

    def start(self) -> int:
        """Listen; the port.  Falls back to any free port when the default one is taken;
        raises OSError when nothing can be listened on."""
        try:
            return self._start(self._config)
        except OSError as error:
            if error.errno != errno.EADDRINUSE or self._config.port == 0:
                raise
            log.info("port %d is taken; listening on another", self._config.port)
            fallback = ServerConfig(
                host=self._config.host, port=0, keep_seconds=self._config.keep_seconds
            )
            return self._start(fallback)

    def _start(self, config: ServerConfig) -> int:
        self._ready.clear()
        self._error = None
        self._thread = threading.Thread(
            target=lambda: asyncio.run(self._serve(config)), name="net-host", daemon=True
        )
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT):
            raise OSError(errno.ETIMEDOUT, "the game server did not start")
        failure = self._failure()
        if failure is not None:
            self._thread.join(START_TIMEOUT)
            raise failure
        return self.port

    def _failure(self) -> OSError | None:
        """Why the server thread could not listen (it sets this before ``_ready``)."""
        return self._error

    async def _serve(self, config: ServerConfig) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        server = GameServer(config, on_game_over=log_game)
        try:
            await server.start()
        except OSError as error:
            self._error = error
            self._ready.set()
            return
        self._server = server
        self.port = server.port
        self._ready.set()
        await self._stopping.wait()
        server.close()
        await server.wait_closed()

    @property
    def local_url(self) -> str:
        """The URL the host's own client connects to."""
        return f"ws://127.0.0.1:{self.port}"

    def addresses(self) -> list[str]:
        """``ip:port`` for each of this machine's addresses, the likeliest first."""
        return [f"{ip}:{self.port}" for ip in local_addresses()]

    def advertise(
        self,
        name: str,
        room: str,
        *,
        addresses: Sequence[str] | None = None,
        interfaces: Interfaces | None = None,
    ) -> None:
        """Announce ``room`` on the local network, in the background (registering takes
        about a second); :meth:`stop_advertising` or :meth:`stop` withdraws it."""
        self.stop_advertising()
        options = {} if interfaces is None else {"interfaces": interfaces}
        advertiser = Advertiser(
            name=name,
            room=room,
            port=self.port,
            addresses=local_addresses() if addresses is None else addresses,
            **options,
        )
        self._advertiser = advertiser

        def register() -> None:
            try:
                advertiser.start()
            except Exception:  # no network for mDNS: the address can still be typed
                log.exception("the room could not be announced on the local network")

        self._advertising = threading.Thread(target=register, name="net-mdns", daemon=True)
        self._advertising.start()

    def stop_advertising(self, *, wait: bool = False) -> None:
        """Withdraw the announcement: in the background (the window does not wait for
        zeroconf's goodbye), or before returning with ``wait``."""
        advertiser, thread = self._advertiser, self._advertising
        self._advertiser = self._advertising = None
        if advertiser is None:
            return

        def withdraw() -> None:
            if thread is not None:
                thread.join(START_TIMEOUT)
            with contextlib.suppress(Exception):
                advertiser.stop()

        if wait:
            withdraw()
        else:
            threading.Thread(target=withdraw, name="net-mdns-stop", daemon=True).start()

    def stop(self, *, wait: bool = False) -> None:
        """Withdraw the announcement and close the listener and its connections."""
        self.stop_advertising(wait=wait)
        loop, stopping, thread = self._loop, self._stopping, self._thread
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopping.set)
        if thread is not None:
            thread.join(START_TIMEOUT)
        self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()
