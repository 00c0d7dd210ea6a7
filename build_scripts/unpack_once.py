"""The Linux one-file: unpack_once.c's program with PyInstaller's one-folder build packed after it.

PyInstaller's own one-file unpacks its whole bundle into a new temporary folder at every
launch; this one unpacks once into the player's cache folder and starts from there ever
after (unpack_once.c says how).  This module compiles the launcher, writes the pack and reads
it back (for the release's checks and the tests).

The file is the launcher's program, then each entry's data, then the index, then a
64-byte trailer, all numbers little-endian:

- trailer: ``C4PACK01``, the index's offset (u64) and size (u64), the number of entries
  (u32), the CRC-32 of the index followed by the rest of the trailer (u32), and the name
  of the folder it unpacks into (32 bytes, NUL padded): the version and a hash of the
  packed data and the index, so that each build has its own;
- index entry: kind (``D`` folder, ``F`` file, ``L`` symbolic link), flags (1: executable,
  2: the program to run), method (0 stored, 1 raw DEFLATE), the path's length (u16), the
  CRC-32 of the unpacked bytes (u32), the data's offset (u64), packed size (u64) and size
  (u64), then the path (UTF-8, relative, ``/``-separated).  A link's data is its target.
  Each path comes once, after the folder entry it is in.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import struct
import subprocess
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

SOURCE: Final = Path(__file__).resolve().parent / "unpack_once.c"
MAGIC: Final = b"C4PACK01"
TRAILER: Final = struct.Struct("<8sQQII32s")
TRAILER_HEAD: Final = struct.Struct("<8sQQI")
"""The trailer up to its CRC, which covers the index, this and the name after it."""
ENTRY: Final = struct.Struct("<BBBxHxxIxxxxQQQ")
NAME_SIZE: Final = 32
EXECUTABLE: Final = 1
PROGRAM: Final = 2
STORED: Final = 0
DEFLATE: Final = 1
KINDS: Final = {"D": "folder", "F": "file", "L": "link"}


class PackError(Exception):
    """The launcher cannot be built, or a file is not a pack; the message says why."""


@dataclass(frozen=True)
class Entry:
    """One path of a pack, as its index describes it."""

    kind: str
    path: str
    flags: int
    method: int
    crc: int
    offset: int
    packed_size: int
    size: int


@dataclass(frozen=True)
class Pack:
    """What :func:`read` finds in a packed file."""

    name: str
    entries: tuple[Entry, ...]

    @property
    def program(self) -> str:
        return next(entry.path for entry in self.entries if entry.flags & PROGRAM)


def compile_launcher(output: Path, compiler: str | None = None) -> Path:
    """Compile unpack_once.c into ``output`` with ``compiler`` (else $CC, else cc)."""
    compiler = compiler or os.environ.get("CC") or "cc"
    if shutil.which(compiler) is None:
        raise PackError(
            f"no C compiler ({compiler}) to build the launcher: install one (Debian: gcc)"
        )
    command = [compiler, "-O2", "-std=c11", "-pthread", "-Wall", "-o", str(output), str(SOURCE)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise PackError(f"compiling the launcher failed: {result.stderr.strip()[-2000:]}")
    return output


def folder_name(version: str, digest: str) -> str:
    """The kept folder's name: the version (what a player can read) and the pack's hash."""
    shown = re.sub(r"[^A-Za-z0-9._+-]", "_", version)[: NAME_SIZE - 13].strip(".")
    return f"{shown or 'game'}-{digest[:12]}"


def _walk(folder: Path) -> list[Path]:
    """Every path under ``folder``, each folder before what it holds, in a fixed order."""
    found = []
    for top, folders, files in os.walk(folder):
        folders.sort()
        for name in sorted(folders):
            path = Path(top) / name
            found.append(path)
            if path.is_symlink():
                folders.remove(name)  # packed as a link, not followed
        found.extend(Path(top) / name for name in sorted(files))
    return found


def deflate_best(raw: bytes) -> tuple[int, bytes]:
    """How a file is packed: raw DEFLATE at zlib's best, or stored when that is not
    smaller (already compressed data)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return (DEFLATE, packed) if len(packed) < len(raw) else (STORED, raw)


Deflate = Callable[[bytes], tuple[int, bytes]]
"""How a file's bytes are packed: (method, packed bytes)."""


@dataclass(frozen=True)
class Item:
    """One path to pack: its kind (``D``, ``F`` or ``L``), its path inside the folder,
    its flags, and its bytes (a link's target)."""

    kind: str
    path: str
    flags: int = 0
    raw: bytes = b""


def pack(  # noqa: PLR0913 - the last three are keywords
    folder: Path,
    launcher: Path,
    output: Path,
    *,
    version: str,
    program: str,
    deflate: Deflate = deflate_best,
) -> Pack:
    """Write ``output``: ``launcher`` with everything in ``folder`` packed after it.

    ``program`` is the path, inside ``folder``, of the program the launcher runs;
    ``deflate`` packs each file's bytes (the tests choose how, to reach every kind of
    DEFLATE block).
    """
    if not (folder / program).is_file():
        raise PackError(f"{folder / program} is missing: nothing for the launcher to run")
    items = []
    for path in _walk(folder):
        relative = path.relative_to(folder).as_posix()
        if path.is_symlink():
            item = Item("L", relative, 0, os.readlink(path).encode())
        elif path.is_dir():
            item = Item("D", relative)
        else:
            executable = EXECUTABLE if path.stat().st_mode & 0o111 else 0
            item = Item("F", relative, executable, path.read_bytes())
        if relative == program:
            item = replace(item, flags=item.flags | PROGRAM)
        items.append(item)
    return write(items, launcher, output, version=version, deflate=deflate)


def write(
    items: Sequence[Item], launcher: Path, output: Path, *, version: str, deflate: Deflate
) -> Pack:
    """Write ``output``: ``launcher``, then ``items`` packed as they are (the launcher
    refuses a pack whose paths are not each inside a folder item before them)."""
    data = bytearray()
    entries = []
    start = launcher.stat().st_size
    for item in items:
        method, packed = deflate(item.raw)
        offset = start + len(data)
        crc = zlib.crc32(item.raw)
        entries.append(
            Entry(item.kind, item.path, item.flags, method, crc, offset, len(packed), len(item.raw))
        )
        data += packed
    index = b"".join(_entry_bytes(entry) for entry in entries)
    name = folder_name(version, hashlib.sha256(bytes(data) + index).hexdigest())
    raw_name = name.encode().ljust(NAME_SIZE, b"\0")
    head = TRAILER_HEAD.pack(MAGIC, start + len(data), len(index), len(entries))
    trailer = TRAILER.pack(
        MAGIC, start + len(data), len(index), len(entries), _crc(index, head, raw_name), raw_name
    )
    with output.open("wb") as out:
        out.write(launcher.read_bytes())
        out.write(data)
        out.write(index)
        out.write(trailer)
    output.chmod(0o755)
    return Pack(name, tuple(entries))


def _crc(*parts: bytes) -> int:
    crc = 0
    for part in parts:
        crc = zlib.crc32(part, crc)
    return crc


def _entry_bytes(entry: Entry) -> bytes:
    path = entry.path.encode()
    head = ENTRY.pack(
        ord(entry.kind),
        entry.flags,
        entry.method,
        len(path),
        entry.crc,
        entry.offset,
        entry.packed_size,
        entry.size,
    )
    return head + path


def read(path: Path) -> Pack:
    """The pack carried by ``path``; :class:`PackError` if it carries none."""
    with path.open("rb") as file:
        size = file.seek(0, os.SEEK_END)
        if size < TRAILER.size:
            raise PackError(f"{path.name} carries no pack (too short)")
        file.seek(size - TRAILER.size)
        trailer = file.read(TRAILER.size)
        magic, index_at, index_size, count, crc, raw_name = TRAILER.unpack(trailer)
        if magic != MAGIC or index_at + index_size > size:
            raise PackError(f"{path.name} carries no pack")
        file.seek(index_at)
        index = file.read(index_size)
    if _crc(index, trailer[: TRAILER_HEAD.size], raw_name) != crc:
        raise PackError(f"{path.name} is damaged (its index)")
    entries = []
    at = 0
    for _ in range(count):
        kind, flags, method, path_size, crc, offset, packed_size, unpacked = ENTRY.unpack_from(
            index, at
        )
        at += ENTRY.size
        name = index[at : at + path_size].decode()
        at += path_size
        entries.append(Entry(chr(kind), name, flags, method, crc, offset, packed_size, unpacked))
    return Pack(raw_name.rstrip(b"\0").decode(), tuple(entries))


def extract(path: Path, entry: Entry) -> bytes:
    """The unpacked bytes of one entry of the pack in ``path``."""
    with path.open("rb") as file:
        file.seek(entry.offset)
        packed = file.read(entry.packed_size)
    data = zlib.decompress(packed, -15) if entry.method == DEFLATE else packed
    if zlib.crc32(data) != entry.crc or len(data) != entry.size:
        raise PackError(f"{path.name}: {entry.path} is damaged")
    return data
