"""The opening book: the exact score and a best move of every position of the first plies,
and the value of every column of the last one (its **last-ply values**).

``build_scripts/make_book.py`` makes it with the engine's own exact solver: every
position of its last ply is solved, and every earlier position takes the best of its
children's values (negamax over the book itself).  So every position the book covers has
its exact score and a move that reaches it, and a position one ply earlier has the exact
value of every column.  The positions one ply past the last are solved too, and the book
keeps their scores as the **last-ply values**: the value of each move of the last ply,
so that its analysis needs no search, and a position of the next ply is answered through
a parent (:meth:`OpeningBook.score`).

**Mirror images** are stored once, under the smaller of the two keys (:func:`canonical`);
a position and its mirror image have the same score.

**The file** (all integers little-endian)::

    bytes 0-7    magic b"C4EXACT\\n"
    bytes 8-9    format version (FORMAT_VERSION)
    byte  10     the first ply it covers (0 for the game's book)
    byte  11     the last ply it covers
    bytes 12-15  the number of positions, n
    bytes 16-19  the length of the body (what follows the header), in bytes
    bytes 20-23  CRC-32 of the header's bytes before it and of the body
    then the body: the contents, compressed by LZMA (the .xz format):
      the number of positions of each ply (4 bytes each, first ply to last), and m,
      the number of positions of the last ply with last-ply values (0 or all of them);
      n keys (8 bytes each; ply by ply, ascending within a ply), n score bytes
      (score + SCORE_BIAS), n move bytes (a best column, 0-6, in the orientation of the
      key); and WIDTH bytes for each of the first m positions of the last ply: each
      column's value for the player to move (+ SCORE_BIAS), 0 where the column is full.

Keys are :func:`canonical` keys (a move of the mirror image reads ``WIDTH - 1 - col``);
scores follow :mod:`game.ai.score` (``22 - k`` for a
win with the winner's ``k``-th stone, seen by the player to move), and the book answers
with exact :class:`~game.ai.score.Score` values: it is a
:class:`~game.ai.bookshelf.PositionBook` as it stands.  The contents load into
an :class:`array.array` and two byte strings at once (no parsing per entry): the book is
read in a few tens of milliseconds and looked up by bisection within a ply.

Reading checks all of this; a missing, truncated or corrupt file raises
:class:`BookError` with one sentence saying what is wrong, and the engine then plays on
without a book (by search), never on values it could not check.
"""

from __future__ import annotations

import itertools
import os
import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.ai.score import Analysis, Score
from game.core.bitboard import WIDTH, Bitboard, Column, column_cells, has_four, mirror

MAGIC: Final = b"C4EXACT\n"
FORMAT_VERSION: Final = 2
HEADER: Final = struct.Struct("<8sHBBIII")
COUNT: Final = struct.Struct("<I")
KEY_BYTES: Final = 8
SCORE_BIAS: Final = 64
NO_VALUE: Final = 0
"""A column value byte where the column is full."""
BOOK_FILE: Final = "book.bin"
"""The book's name in the assets folder."""
MAX_SCORE: Final = 21
"""No score is beyond this either way (a win with the fourth stone scores 18)."""
DECOMPRESS_MEMORY: Final = 64 << 20
"""The most memory the decompressor may take (a book written here takes 8 MiB and a bit:
its window is 8 MiB, more than the whole contents)."""


MAX_FILE_BYTES: Final = DECOMPRESS_MEMORY
"""No book body is larger than this (the shipped one is under 1 MiB)."""


class BookError(Exception):
    """The book file is missing, truncated or corrupt; the message says which, in one
    sentence."""


def canonical(current: Bitboard, mask: Bitboard) -> int:
    """The key a position is stored under: the smaller of its key and its mirror image's."""
    key = current + mask
    return min(key, mirror(current) + mirror(mask))


def oriented(current: Bitboard, mask: Bitboard) -> tuple[int, bool]:
    """The key a position is stored under, and whether it is its mirror image's."""
    key = current + mask
    mirrored = mirror(current) + mirror(mask)
    return (mirrored, True) if mirrored < key else (key, False)


@dataclass(frozen=True)
class Contents:
    """What a book file holds, ply by ply (the file's layout: see the module)."""

    first_ply: int
    starts: tuple[int, ...]
    """Where each ply's positions begin among the keys, and (last) how many there are."""
    keys: array[int]
    scores: bytes
    moves: bytes
    last_ply_values: bytes
    """WIDTH bytes for each of the first positions of the last ply; empty: none."""

    @property
    def last_ply(self) -> int:
        return self.first_ply + len(self.starts) - 2


class OpeningBook:
    """The positions of a book file and their exact scores."""

    def __init__(self, contents: Contents) -> None:
        self._book = contents
        self.first_ply, self.last_ply = contents.first_ply, contents.last_ply

    def __len__(self) -> int:
        return len(self._book.keys)

    @property
    def covers_next_ply(self) -> bool:
        """Whether the book knows the value of every column of its last ply (and so the
        score of every position one ply past it)."""
        return bool(self._book.last_ply_values)

    def score(self, current: Bitboard, mask: Bitboard) -> Score | None:
        """The exact score of the position for the player to move, or None if the book
        does not hold it."""
        ply = mask.bit_count()
        if ply == self.last_ply + 1:
            found = self._next_ply_score(current, mask)
            return None if found is None else Score.exact(found)
        index = self._index(canonical(current, mask), ply)
        return None if index is None else Score.exact(self._book.scores[index] - SCORE_BIAS)

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[Score, Column] | None:
        """The exact score and a column that reaches it, or None if the book does not
        hold the position (nor a best move of it: of the next ply it holds only the
        score)."""
        key, mirrored = oriented(current, mask)
        index = self._index(key, mask.bit_count())
        if index is None:
            return None
        col = self._book.moves[index]
        score = Score.exact(self._book.scores[index] - SCORE_BIAS)
        return score, WIDTH - 1 - col if mirrored else col

    def last_ply_values(self, current: Bitboard, mask: Bitboard) -> Analysis | None:
        """Each playable column's exact value for the player to move in a position of the
        last ply, or None if the book does not hold them."""
        key, mirrored = oriented(current, mask)
        index = self._index(key, self.last_ply) if mask.bit_count() == self.last_ply else None
        row = self._values_row(index)
        if row is None:
            return None
        found = ((col, byte - SCORE_BIAS) for col, byte in enumerate(row) if byte != NO_VALUE)
        values = Analysis((col, Score.exact(value)) for col, value in found)
        return values.mirrored() if mirrored else values

    def _values_row(self, index: int | None) -> bytes | None:
        if index is None:
            return None
        start = (index - self._book.starts[-2]) * WIDTH
        row = self._book.last_ply_values[start : start + WIDTH]
        return row if len(row) == WIDTH else None

    def _next_ply_score(self, current: Bitboard, mask: Bitboard) -> int | None:
        """A position one ply past the last is a parent's column: take back a top stone
        of the player who moved last, and if the book holds that position, read the
        column's value there."""
        moved_last = current ^ mask
        if not self.covers_next_ply or has_four(moved_last):
            return None  # (a game over has no score, as at the other plies)
        for col in range(WIDTH):
            column = mask & column_cells(col)
            top = 1 << (column.bit_length() - 1) if column else 0
            if not top & moved_last:
                continue
            key, mirrored = oriented(moved_last ^ top, mask ^ top)
            row = self._values_row(self._index(key, self.last_ply))
            if row is not None:
                value = row[WIDTH - 1 - col if mirrored else col]
                if value != NO_VALUE:
                    return SCORE_BIAS - value
        return None

    def _index(self, key: int, ply: int) -> int | None:
        if not self.first_ply <= ply <= self.last_ply:
            return None
        starts = self._book.starts
        low, high = starts[ply - self.first_ply], starts[ply - self.first_ply + 1]
        index = bisect_left(self._book.keys, key, low, high)
        if index < high and self._book.keys[index] == key:
            return index
        return None

    @classmethod
    def from_bytes(cls, data: bytes) -> OpeningBook:
        """Read a book file's bytes; raises BookError saying what is wrong with them."""
        if len(data) < HEADER.size:
            raise BookError(f"the opening book is truncated ({len(data)} bytes, no header)")
        magic, version, first_ply, last_ply, count, length, checksum = HEADER.unpack_from(data)
        if magic != MAGIC:
            raise BookError("the opening book is not a book file (wrong magic bytes)")
        if version != FORMAT_VERSION:
            raise BookError(
                f"the opening book has format {version}; this game reads {FORMAT_VERSION}"
            )
        body = memoryview(data)[HEADER.size :]
        if len(body) != length:
            raise BookError(
                f"the opening book is truncated or padded: {len(body)} bytes after its"
                f" header, {length} expected"
            )
        if _checksum(data[: HEADER.size - 4], body) != checksum:
            raise BookError("the opening book is corrupt (its checksum does not match)")
        if last_ply < first_ply:
            raise BookError("the opening book ends before it begins")
        most = COUNT.size * (last_ply - first_ply + 2) + count * (KEY_BYTES + 2 + WIDTH)
        return cls(_parse(_decompress(body, most), first_ply, last_ply, count))

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """Read the book at ``path``; raises BookError (never OSError) when it cannot.  The
        header comes first: a file of another size than it says, or larger than
        :data:`MAX_FILE_BYTES`, is refused before its body is read (a 300 MB file took
        333 MB of memory to refuse)."""
        try:
            with path.open("rb") as fh:
                data = fh.read(HEADER.size)
                after = os.fstat(fh.fileno()).st_size - len(data)
                if len(data) == HEADER.size and data.startswith(MAGIC):  # else not a book
                    length = HEADER.unpack(data)[5]
                    if after > MAX_FILE_BYTES:
                        raise BookError(f"the opening book is too large ({after} bytes)")
                    if after != length:
                        raise BookError(
                            f"the opening book is truncated or padded: {after} bytes after"
                            f" its header, {length} expected"
                        )
                    data += fh.read()
        except FileNotFoundError:
            raise BookError(f"the opening book {path} is missing") from None
        except OSError as error:
            raise BookError(f"the opening book {path} cannot be read: {error}") from None
        return cls.from_bytes(data)


def _checksum(header: bytes, body: bytes | memoryview) -> int:
    """The CRC-32 of the header's fields before it and of the body."""
    return zlib.crc32(body, zlib.crc32(header))


def _decompress(body: memoryview, most: int) -> bytes:
    """The body's contents, at most ``most`` bytes (what the header's count allows), read
    within a bounded memory; raises BookError when they cannot be."""
    try:
        import lzma  # noqa: PLC0415 (a Python built without it still plays, by search)
    except ImportError:
        raise BookError("this Python cannot read the opening book (no lzma module)") from None
    reader = lzma.LZMADecompressor(lzma.FORMAT_XZ, memlimit=DECOMPRESS_MEMORY)
    try:
        contents = reader.decompress(body, max_length=most + 1)
    except lzma.LZMAError:
        raise BookError("the opening book is corrupt (it does not decompress)") from None
    if not reader.eof or reader.unused_data or len(contents) > most:
        raise BookError("the opening book is corrupt (its contents do not add up)")
    return contents


def _parse(data: bytes, first_ply: int, last_ply: int, count: int) -> Contents:
    """The contents of a book from its decompressed body; raises BookError when they do
    not add up."""
    plies = last_ply - first_ply + 1
    if len(data) < COUNT.size * (plies + 1):
        raise BookError("the opening book is corrupt (its contents do not add up)")
    counts = [COUNT.unpack_from(data, COUNT.size * index)[0] for index in range(plies + 1)]
    *per_ply, valued = counts
    offset = COUNT.size * (plies + 1)
    expected = offset + count * (KEY_BYTES + 2) + valued * WIDTH
    if sum(per_ply) != count or valued not in {0, per_ply[-1]} or len(data) != expected:
        raise BookError("the opening book is corrupt (its contents do not add up)")
    keys = array("Q")
    keys.frombytes(data[offset : offset + count * KEY_BYTES])
    if sys.byteorder != "little":
        keys.byteswap()
    offset += count * KEY_BYTES
    scores, moves = data[offset : offset + count], data[offset + count : offset + 2 * count]
    values = data[offset + 2 * count :]
    if moves and max(moves) >= WIDTH:
        raise BookError("the opening book holds a move to no column")
    if not all(_in_range(part) for part in (scores, values.replace(bytes([NO_VALUE]), b""))):
        raise BookError("the opening book holds a score no position has")
    starts = [0]
    for number in per_ply:
        starts.append(starts[-1] + number)
    if any(
        keys[index] >= keys[index + 1]
        for low, high in itertools.pairwise(starts)
        for index in range(low, high - 1)
    ):
        raise BookError("the opening book's positions are out of order")
    return Contents(first_ply, tuple(starts), keys, scores, moves, values)


def _in_range(scores: bytes) -> bool:
    return not scores or (
        min(scores) >= SCORE_BIAS - MAX_SCORE and max(scores) <= SCORE_BIAS + MAX_SCORE
    )


def book_bytes(
    plies: Sequence[Mapping[int, tuple[int, int]]],
    first_ply: int,
    last_ply_values: Mapping[int, Sequence[int | None]] | None = None,
) -> bytes:
    """A book file holding ``plies`` (for each ply from ``first_ply``: canonical key to
    exact score and a best column in the key's orientation), and where given, the value
    of each column (None: full) of every position of the last ply, in the key's
    orientation."""
    keys = [key for ply in plies for key in sorted(ply)]
    entries = [ply[key] for ply in plies for key in sorted(ply)]
    packed = array("Q", keys)
    if sys.byteorder != "little":
        packed.byteswap()
    valued = sorted(plies[-1]) if last_ply_values else []
    contents = b"".join(
        [
            *(COUNT.pack(len(ply)) for ply in plies),
            COUNT.pack(len(valued)),
            packed.tobytes(),
            bytes(score + SCORE_BIAS for score, _col in entries),
            bytes(col for _score, col in entries),
            *(_value_row(last_ply_values[key]) for key in valued if last_ply_values),
        ]
    )
    import lzma  # noqa: PLC0415 (only the book's maker writes one)

    strongest = {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 1 << 23}
    body = lzma.compress(contents, format=lzma.FORMAT_XZ, filters=[strongest])
    last_ply = first_ply + len(plies) - 1
    fields = HEADER.pack(MAGIC, FORMAT_VERSION, first_ply, last_ply, len(keys), len(body), 0)
    return fields[:-4] + struct.pack("<I", _checksum(fields[:-4], body)) + body


def _value_row(values: Sequence[int | None]) -> bytes:
    if len(values) != WIDTH:
        raise ValueError(f"a position has {WIDTH} columns, not {len(values)}")
    return bytes(NO_VALUE if value is None else value + SCORE_BIAS for value in values)
