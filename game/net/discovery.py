"""Games on the local network, over mDNS / DNS-SD (python-zeroconf).

A hosting game registers one service of type :data:`SERVICE_TYPE` (``_connect4._tcp``)
with TXT records ``proto`` (the protocol version), ``name`` (the host's name) and
``room`` (the room code), and the port its server listens on (:class:`Advertiser`).
A joining game browses for that type (:class:`Browser`) and lists what it finds.  What
another machine announces is untrusted input like any network message: an entry whose
TXT records do not read (a room code not of the alphabet, a name too long, no address)
is left out.

Both sides block while zeroconf probes and resolves, so the window runs them in a
background thread (:mod:`game.net.hosting`, the join screen's browser thread).
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import ifaddr
from zeroconf import InterfaceChoice, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from game.net.codec import clean_text
from game.net.messages import MAX_NAME, PROTOCOL_VERSION, ROOM_ALPHABET, ROOM_CODE_LENGTH

SERVICE_TYPE: Final = "_connect4._tcp.local."
RESOLVE_TIMEOUT_MS: Final = 3000
_INSTANCE_BYTES: Final = 63  # DNS-SD's limit on an instance name's label

Interfaces = Sequence[str] | InterfaceChoice


@dataclass(frozen=True, slots=True, order=True)
class FoundGame:
    """A game hosted on the local network, as its host announced it."""

    name: str
    room: str
    host: str
    """An address (IPv4 where announced, else IPv6) to connect to."""
    port: int
    proto: int

    @property
    def address(self) -> str:
        """``host:port`` as a player would type it."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the likeliest first (the one
    a default route leaves from), for the host to give and to announce."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                found.append(ip.ip)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            primary = str(probe.getsockname()[0])
        except OSError:
            primary = ""
    if primary in found:
        found.remove(primary)
        found.insert(0, primary)
    return found


def instance_name(name: str, room: str) -> str:
    """The service's instance name: the room and the host's name, cut to DNS-SD's 63
    bytes on a character boundary."""
    label = f"{room} {name}"
    while len(label.encode("utf-8")) > _INSTANCE_BYTES:
        label = label[:-1]
    return f"{label}.{SERVICE_TYPE}"


class Advertiser:
    """Announces one hosted room while it waits for a player."""

    def __init__(
        self,
        *,
        name: str,
        room: str,
        port: int,
        addresses: Sequence[str],
        interfaces: Interfaces = InterfaceChoice.All,
    ) -> None:
        self._info = ServiceInfo(
            SERVICE_TYPE,
            instance_name(name, room),
            port=port,
            properties={"proto": str(PROTOCOL_VERSION), "name": name, "room": room},
            server=f"connect4-{room.lower()}.local.",
            parsed_addresses=list(addresses),
        )
        self._interfaces = interfaces
        self._zeroconf: Zeroconf | None = None

    def start(self) -> None:
        """Register the service (blocks while zeroconf probes the name: about a second)."""
        self._zeroconf = Zeroconf(interfaces=self._interfaces)
        self._zeroconf.register_service(self._info, allow_name_change=True)

    def stop(self) -> None:
        """Withdraw the announcement and close; safe to call twice."""
        zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is not None:
            zeroconf.unregister_service(self._info)
            zeroconf.close()


def read_entry(info: ServiceInfo) -> FoundGame | None:
    """The game a resolved service announces, or None if its records do not read."""
    props = info.decoded_properties
    room = (props.get("room") or "").upper()
    name = clean_text(props.get("name") or "")[:MAX_NAME]
    try:
        proto = int(props.get("proto") or "")
    except ValueError:
        return None
    if len(room) != ROOM_CODE_LENGTH or not set(room) <= set(ROOM_ALPHABET) or not name:
        return None
    port = info.port
    addresses = info.parsed_addresses()
    if port is None or not 0 < port < 65536 or not addresses:
        return None
    host = min(addresses, key=lambda address: ":" in address)  # IPv4 first
    return FoundGame(name=name, room=room, host=host, port=port, proto=proto)


class Browser(ServiceListener):
    """Lists the games announced on the local network, as they come and go."""

    def __init__(self, *, interfaces: Interfaces = InterfaceChoice.All) -> None:
        self._interfaces = interfaces
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._found: dict[str, FoundGame] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        self._zeroconf = Zeroconf(interfaces=self._interfaces)
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, listener=self)

    def games(self) -> list[FoundGame]:
        """The games found, of this protocol version, by name; thread-safe."""
        with self._lock:
            return sorted(g for g in self._found.values() if g.proto == PROTOCOL_VERSION)

    def stop(self) -> None:
        browser, zeroconf = self._browser, self._zeroconf
        self._browser = self._zeroconf = None
        if browser is not None:
            browser.cancel()
        if zeroconf is not None:
            zeroconf.close()

    # -- ServiceListener: called on the browser's thread, which may block -------------
    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=RESOLVE_TIMEOUT_MS)
        entry = None if info is None else read_entry(info)
        with self._lock:
            if entry is None:
                self._found.pop(name, None)
            else:
                self._found[name] = entry

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)
