"""A small binary file checked on reading: its header says what it is (magic bytes),
which format (a version), a few numbers of its own, and a CRC-32 of everything after the
header.  The puzzle file is one (:mod:`game.ai.puzzles`); the book files have the same
header and can be read through it too.

A :class:`CheckedFormat` names the file as a sentence does ("the puzzle file"), gives
its header's layout (a :class:`struct.Struct` that begins with the magic bytes and the
version and ends with the checksum) and the exception that says what is wrong, in one
sentence.  :meth:`~CheckedFormat.read` reads a file, :meth:`~CheckedFormat.open` checks
its header and checksum, :meth:`~CheckedFormat.seal` writes one.

Imports nothing from the game; no work at import time.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class CheckedFormat:
    """A file format: ``name`` as a sentence names the file ("the puzzle file"),
    ``kind`` what a file with other magic bytes is not ("a puzzle file"), the ``magic``
    bytes, the format ``version``, the ``header`` (magic bytes, version, the format's
    own fields, checksum) and the ``error`` raised with what is wrong."""

    name: str
    kind: str
    magic: bytes
    version: int
    header: struct.Struct
    error: type[Exception]

    def read(self, path: Path) -> bytes:
        """The bytes of the file at ``path``; raises ``error`` (never OSError) when it is
        missing or cannot be read."""
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise self.error(f"{self.name} {path} is missing") from None
        except OSError as error:
            raise self.error(f"{self.name} {path} cannot be read: {error}") from None

    def open(self, data: bytes) -> tuple[tuple[int, ...], memoryview]:
        """The header's own fields (between the version and the checksum) and the body
        of the file ``data``; raises ``error`` when the header is cut short, names
        another kind of file or another format, or when the checksum does not match."""
        if len(data) < self.header.size:
            raise self.error(f"{self.name} is truncated ({len(data)} bytes, no header)")
        magic, version, *fields, checksum = self.header.unpack_from(data)
        if magic != self.magic:
            raise self.error(f"{self.name} is not {self.kind} (wrong magic bytes)")
        if version != self.version:
            raise self.error(f"{self.name} has format {version}; this game reads {self.version}")
        body = memoryview(data)[self.header.size :]
        if zlib.crc32(body) != checksum:
            raise self.error(f"{self.name} is corrupt (its checksum does not match)")
        return tuple(fields), body

    def seal(self, body: bytes, *fields: int) -> bytes:
        """The file holding ``body``: the header, with the format's own ``fields``, then
        ``body``."""
        return self.header.pack(self.magic, self.version, *fields, zlib.crc32(body)) + body
