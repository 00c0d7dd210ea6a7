"""The opening book: the value of every move in the positions the Perfect level can face
in the first plies, where no search solves a position within a move's time.

``build_scripts/make_book.py`` makes it with the engine's own exact solver (how, and
which positions, is its docstring); the game reads it from ``assets/book.bin``.

**What an entry holds.**  A position where Perfect is to move, and for each of its
seven columns the value of playing there, seen by the player to move: the exact score
(:mod:`game.ai.score`'s convention), or, in the first plies where an exact score
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

**As a position book** (:class:`game.ai.bookshelf.PositionBook`) it answers the value
of a position (:meth:`OpeningBook.score`) from an entry that leads to it, or from its
own entry: the engine asks it for each child's value, as it will ask the exact book.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Final

from game.ai.score import Analysis, Score
from game.core.bitboard import WIDTH, Bitboard, Column, column_cells, mirror

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


def encode_value(value: Score | None) -> int:
    """The column byte of a column's value (None: full).  Requires a proven value: an
    exact score, or a result alone (at least 1, at most -1)."""
    if value is None:
        return FULL
    if value.is_exact:
        return value.value + SCORE_BIAS
    if value.result is None:
        raise ValueError(f"the book keeps proven values only, not {value}")
    return WEAK_DRAW + value.result


def decode_value(byte: int) -> Score | None:
    """The value of a column byte; raises BookError for a byte no value has."""
    if byte == FULL:
        return None
    if byte in (WEAK_LOSS, WEAK_DRAW, WEAK_WIN):
        return Score.of_result(byte - WEAK_DRAW)
    score = byte - SCORE_BIAS
    if not -21 <= score <= 21:
        raise BookError(f"the opening book holds a column value no position has ({byte})")
    return Score.exact(score)


def canonical(current: Bitboard, mask: Bitboard) -> tuple[int, bool]:
    """The key an entry of this position is stored under, and whether that is the key of
    the mirror image (whose columns then read right to left)."""
    key = current + mask
    mirrored = mirror(current) + mirror(mask)
    return (mirrored, True) if mirrored < key else (key, False)


def _decode_row(row: bytes) -> Analysis:
    return Analysis(
        (col, value) for col, value in enumerate(map(decode_value, row)) if value is not None
    )


class OpeningBook:
    """The entries of a book file, looked up by position."""

    def __init__(self, entries: Mapping[int, bytes], max_ply: int) -> None:
        self._entries = entries
        self.max_ply = max_ply

    def __len__(self) -> int:
        return len(self._entries)

    def items(self) -> Iterator[tuple[int, Analysis]]:
        """Every entry: its canonical key and its values in that orientation (what
        :func:`book_bytes` takes)."""
        for key, row in self._entries.items():
            yield key, _decode_row(row)

    def entry(self, current: Bitboard, mask: Bitboard) -> Analysis | None:
        """The value of each column for the player to move, or None if the position is
        not an entry."""
        key, mirrored = canonical(current, mask)
        row = self._entries.get(key)
        if row is None:
            return None
        values = _decode_row(row)
        return values.mirrored() if mirrored else values

    def score(self, current: Bitboard, mask: Bitboard) -> Score | None:
        """The value of the position for the player to move, or None if the book does not
        know it: the value of the move that led here in an entry one ply earlier (entries
        of one ply all hold values of the same kind, exact or results), else the best
        value of the position's own entry."""
        if mask.bit_count() > self.max_ply + 1:
            return None
        mover_before = current ^ mask
        for col in range(WIDTH):
            stones = mask & column_cells(col)
            top = 1 << (stones.bit_length() - 1) if stones else 0
            if top & mover_before:  # undo that stone: a position one ply earlier
                key, mirrored = canonical(mover_before ^ top, mask ^ top)
                row = self._entries.get(key)
                if row is not None:
                    before = decode_value(row[WIDTH - 1 - col if mirrored else col])
                    assert before is not None, "an entry's played column is never full"
                    return -before
        own = self.entry(current, mask)
        return own.best if own else None

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[Score, Column] | None:
        """None: this book answers with the value of every column (:meth:`entry`)."""
        return None

    @classmethod
    def from_bytes(cls, data: bytes) -> OpeningBook:
        """Read a book file's bytes; raises BookError saying what is wrong with them."""
        max_ply, count, checksum = _header(data)
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
        except OSError as error:
            missing = isinstance(error, FileNotFoundError)
            why = "is missing" if missing else f"cannot be read: {error}"
            raise BookError(f"the opening book {path} {why}") from None
        return cls.from_bytes(data)


def _header(data: bytes) -> tuple[int, int, int]:
    """The highest ply, the entry count and the checksum a book file's header gives;
    raises BookError when there is no header of this format."""
    if len(data) < HEADER.size:
        raise BookError(f"the opening book is truncated ({len(data)} bytes, no header)")
    magic, version, max_ply, _, count, checksum = HEADER.unpack_from(data)
    problem = None
    if magic != MAGIC:
        problem = "is not a book file (wrong magic bytes)"
    elif version != FORMAT_VERSION:
        problem = f"has format {version}; this game reads {FORMAT_VERSION}"
    if problem is not None:
        raise BookError(f"the opening book {problem}")
    return max_ply, count, checksum


def book_bytes(entries: Iterable[tuple[int, Analysis]], max_ply: int) -> bytes:
    """A book file holding ``entries`` (canonical key, values in that orientation)."""
    body = bytearray()
    count = 0
    for key, values in sorted(entries, key=lambda item: item[0]):
        body += key.to_bytes(KEY_BYTES, "little")
        body += bytes(encode_value(values.get(col)) for col in range(WIDTH))
        count += 1
    header = HEADER.pack(MAGIC, FORMAT_VERSION, max_ply, 0, count, zlib.crc32(body))
    return header + bytes(body)
