"""The opening book: the value of every move in the positions the Perfect level can face
in the first plies, where no search solves a position within a move's time.

``build_scripts/make_book.py`` makes it with the engine's own exact solver (how, and
which positions, is its docstring); the game reads it from ``assets/book.bin``.

**What an entry holds.**  A position where Perfect is to move, and for each of its
seven columns the value of playing there, seen by the player to move: the exact score
(:mod:`game.ai.requests`'s convention), or, in the first plies where an exact score
is out of reach, only the result (win, draw or loss), or "full".  So a book position
answers the move and the analysis of all seven columns at once; and a position one
ply later (the opponent to move) is answered from its children, which are entries.

**Mirror images** are stored once: an entry is kept under the smaller of the key of
its position and the key of its left-right mirror image, with its columns in that
orientation.

**The file** (all integers little-endian)::

    bytes 0-7    magic b"C4BOOK\\r\\n"
    bytes 8-9    format version (FORMAT_VERSION)
    byte  10     the highest ply of an entry
    byte  11     0 (reserved)
    bytes 12-15  the number of entries
    bytes 16-19  CRC-32 of everything after the header
    then each entry: its key (7 bytes; keys ascending), then 7 column bytes

A column byte: 0 the column is full; ``score + 64`` (43 to 85) an exact score;
:data:`WEAK_LOSS`, :data:`WEAK_DRAW`, :data:`WEAK_WIN` the result alone.

Reading checks all of this; a missing, truncated or corrupt file raises
:class:`BookError` with one sentence saying what is wrong, and the engine then
plays without a book (solver, then search).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.core.bitboard import WIDTH, Bitboard, mirror

MAGIC: Final = b"C4BOOK\r\n"
FORMAT_VERSION: Final = 1
HEADER: Final = struct.Struct("<8sHBBII")
KEY_BYTES: Final = 7
ENTRY_BYTES: Final = KEY_BYTES + WIDTH
FULL: Final = 0
SCORE_BIAS: Final = 64
WEAK_LOSS: Final = 128
WEAK_DRAW: Final = 129
WEAK_WIN: Final = 130
BOOK_FILE: Final = "book.bin"
"""The book's name in the assets folder."""


class BookError(Exception):
    """The book file is missing, truncated or corrupt; the message says which, in one
    sentence."""


@dataclass(frozen=True, slots=True)
class ColumnValue:
    """The value of playing a column, seen by the player to move.

    ``score`` is the exact score when ``exact``; otherwise only its sign is known
    (1 a win, 0 a draw, -1 a loss).
    """

    score: int
    exact: bool

    @property
    def sign(self) -> int:
        return (self.score > 0) - (self.score < 0)


Values = tuple[ColumnValue | None, ...]
"""One :class:`ColumnValue` per column, None for a full column."""


def encode_value(value: ColumnValue | None) -> int:
    """The column byte of a value."""
    if value is None:
        return FULL
    if value.exact:
        return value.score + SCORE_BIAS
    return WEAK_DRAW + value.sign


def decode_value(byte: int) -> ColumnValue | None:
    """The value of a column byte; raises BookError for a byte no value has."""
    if byte == FULL:
        return None
    if byte in (WEAK_LOSS, WEAK_DRAW, WEAK_WIN):
        return ColumnValue(byte - WEAK_DRAW, exact=False)
    score = byte - SCORE_BIAS
    if not -21 <= score <= 21:
        raise BookError(f"the opening book holds a column value no position has ({byte})")
    return ColumnValue(score, exact=True)


def canonical(current: Bitboard, mask: Bitboard) -> tuple[int, bool]:
    """The key an entry of this position is stored under, and whether that is the key of
    the mirror image (whose columns then read right to left)."""
    key = current + mask
    mirrored = mirror(current) + mirror(mask)
    return (mirrored, True) if mirrored < key else (key, False)


def best_column(values: Values) -> int:
    """The column to play: the best value (an exact score, or only a result), the most
    central of equal ones."""
    centre_first = sorted(range(WIDTH), key=lambda col: (abs(2 * col - (WIDTH - 1)), col))

    def rank(col: int) -> tuple[int, int]:
        value = values[col]
        if value is None:
            return (-1_000, 0)
        # A result alone ranks as the least of its kind: a win beats every draw, etc.
        return (value.score if value.exact else value.sign, -centre_first.index(col))

    return max(range(WIDTH), key=rank)


class OpeningBook:
    """The entries of a book file, looked up by position."""

    def __init__(self, entries: Mapping[int, bytes], max_ply: int) -> None:
        self._entries = entries
        self.max_ply = max_ply

    def __len__(self) -> int:
        return len(self._entries)

    def items(self) -> Iterator[tuple[int, Values]]:
        """Every entry: its canonical key and its values in that orientation (what
        :func:`book_bytes` takes)."""
        for key, row in self._entries.items():
            yield key, tuple(decode_value(byte) for byte in row)

    def values(self, current: Bitboard, mask: Bitboard) -> Values | None:
        """The value of each column for the player to move, or None if the position is
        not in the book."""
        key, mirrored = canonical(current, mask)
        row = self._entries.get(key)
        if row is None:
            return None
        values = tuple(decode_value(byte) for byte in row)
        return values[::-1] if mirrored else values

    @classmethod
    def from_bytes(cls, data: bytes) -> OpeningBook:
        """Read a book file's bytes; raises BookError saying what is wrong with them."""
        if len(data) < HEADER.size:
            raise BookError(f"the opening book is truncated ({len(data)} bytes, no header)")
        magic, version, max_ply, _, count, checksum = HEADER.unpack_from(data)
        if magic != MAGIC:
            raise BookError("the opening book is not a book file (wrong magic bytes)")
        if version != FORMAT_VERSION:
            raise BookError(
                f"the opening book has format {version}; this game reads {FORMAT_VERSION}"
            )
        body = data[HEADER.size :]
        if len(body) != count * ENTRY_BYTES:
            raise BookError(
                f"the opening book is truncated: {len(body)} bytes of entries, "
                f"{count * ENTRY_BYTES} expected"
            )
        if zlib.crc32(body) != checksum:
            raise BookError("the opening book is corrupt (its checksum does not match)")
        entries: dict[int, bytes] = {}
        for offset in range(0, len(body), ENTRY_BYTES):
            key = int.from_bytes(body[offset : offset + KEY_BYTES], "little")
            row = body[offset + KEY_BYTES : offset + ENTRY_BYTES]
            for byte in row:
                decode_value(byte)  # every byte must decode
            entries[key] = row
        return cls(entries, max_ply)

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """Read the book at ``path``; raises BookError (never OSError) when it cannot."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise BookError(f"the opening book {path} is missing") from None
        except OSError as error:
            raise BookError(f"the opening book {path} cannot be read: {error}") from None
        return cls.from_bytes(data)


def book_bytes(entries: Iterable[tuple[int, Values]], max_ply: int) -> bytes:
    """A book file holding ``entries`` (canonical key, values in that orientation)."""
    body = bytearray()
    count = 0
    for key, values in sorted(entries, key=lambda item: item[0]):
        body += key.to_bytes(KEY_BYTES, "little")
        body += bytes(encode_value(value) for value in values)
        count += 1
    header = HEADER.pack(MAGIC, FORMAT_VERSION, max_ply, 0, count, zlib.crc32(body))
    return header + bytes(body)
