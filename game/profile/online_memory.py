"""What the game remembers of play across the network: ``online.json`` beside the settings.

The file::

    {"name": "Ann", "servers": ["play.example.org", "192.168.1.20:7474"],
     "seat": {"url": "ws://192.168.1.20:7474", "room": "K7QX2M", "token": "9f0c...",
              "name": "Ann", "opponent": "Bob", "colour": "first", "moves": "4453"}}

``name`` is the name the player last played under; ``servers`` the addresses typed on the
join screen, the latest first (at most :data:`MAX_SERVERS`); ``seat`` the online game in
progress, which **Continue** resumes with its token while the room lives (None when there
is none).  A file that cannot be read is ignored (and replaced at the next save): nothing
in it is worth a warning.  Written atomically; never raises.

No pygame; no work at import time.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Final

from game.profile import files

log = logging.getLogger(__name__)

ONLINE_FILE: Final = "online.json"
MAX_SERVERS: Final = 5
_MAX_BYTES: Final = 20_000
_MAX_TEXT: Final = 300


@dataclass(frozen=True, slots=True)
class OnlineSeat:
    """An online game to resume: where, which seat, and what the window last showed."""

    url: str
    room: str
    token: str
    name: str
    opponent: str
    colour: str
    moves: str = ""

    @classmethod
    def from_json(cls, data: object) -> OnlineSeat | None:
        if not isinstance(data, dict):
            return None
        values = {name: data.get(name) for name in cls.__dataclass_fields__}
        if not all(isinstance(v, str) and len(v) <= _MAX_TEXT for v in values.values()):
            return None
        if values["colour"] not in ("first", "second") or not values["token"]:
            return None
        return cls(**values)  # type: ignore[arg-type]


@dataclass(slots=True)
class OnlineMemory:
    """The file's contents (see the module docstring); :meth:`load` and :meth:`save`."""

    path: Path
    name: str = ""
    servers: list[str] = field(default_factory=list)
    seat: OnlineSeat | None = None

    @classmethod
    def load(cls, path: Path) -> OnlineMemory:
        memory = cls(path)
        try:
            data = files.json_object(path.read_bytes(), _MAX_BYTES)
        except FileNotFoundError:
            return memory
        except (OSError, files.Damaged) as error:
            log.warning("%s is not readable, it is ignored: %s", path, error)
            return memory
        name = data.get("name")
        if isinstance(name, str) and len(name) <= _MAX_TEXT:
            memory.name = name
        servers = data.get("servers")
        if isinstance(servers, list):
            memory.servers = [s for s in servers if isinstance(s, str) and 0 < len(s) <= _MAX_TEXT][
                :MAX_SERVERS
            ]
        memory.seat = OnlineSeat.from_json(data.get("seat"))
        return memory

    def remember_server(self, address: str) -> None:
        """``address`` first in the list of servers used."""
        self.servers = [address, *(s for s in self.servers if s != address)][:MAX_SERVERS]

    def save(self) -> None:
        data = {
            "name": self.name,
            "servers": self.servers,
            "seat": None if self.seat is None else asdict(self.seat),
        }
        try:
            files.write_atomically(self.path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError as error:
            log.warning("%s could not be written: %s", self.path, error)
