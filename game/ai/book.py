"""The opening book: the exact score and a best move of every position of the first plies.

``build_scripts/make_book.py`` makes it with the engine's own exact solver: every
position of its last ply is solved, and every earlier position takes the best of its
children's values (negamax over the book itself).  So every position the book covers has
its exact score and a move that reaches it, and a position one ply earlier has the exact
value of every column.

**Mirror images** are stored once, under the smaller of the two keys (:func:`canonical`);
a position and its mirror image have the same score.

**The file** (all integers little-endian)::

    bytes 0-7    magic b"C4EXACT\\n"
    bytes 8-9    format version (FORMAT_VERSION)
    byte  10     the first ply it covers (0 for the game's book)
    byte  11     the last ply it covers
    bytes 12-15  the number of positions, n
    bytes 16-19  CRC-32 of everything after the header
    then n keys (8 bytes each, ascending), n score bytes (score + SCORE_BIAS), and n
    move bytes (a best column, 0-6, in the orientation of the key)

Keys are :func:`canonical` keys (a move of the mirror image reads ``WIDTH - 1 - col``);
scores follow :mod:`game.ai.requests` (``22 - k`` for a
win with the winner's ``k``-th stone, seen by the player to move).  The fixed-width key
array loads into an :class:`array.array` at once (no parsing per entry), so the book is
read in a few milliseconds and looked up by bisection.

Reading checks all of this; a missing, truncated or corrupt file raises
:class:`BookError` with one sentence saying what is wrong, and the engine then plays on
without a book (by search), never on values it could not check.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from game.core.bitboard import WIDTH, Bitboard, mirror

MAGIC: Final = b"C4EXACT\n"
FORMAT_VERSION: Final = 1
HEADER: Final = struct.Struct("<8sHBBII")
KEY_BYTES: Final = 8
SCORE_BIAS: Final = 64
BOOK_FILE: Final = "book.bin"
"""The book's name in the assets folder."""
MAX_SCORE: Final = 21
"""No score is beyond this either way (a win with the fourth stone scores 18)."""


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


class OpeningBook:
    """The positions of a book file and their exact scores."""

    def __init__(
        self, keys: array[int], scores: bytes, moves: bytes, plies: tuple[int, int]
    ) -> None:
        self._keys = keys
        self._scores = scores
        self._moves = moves
        self.first_ply, self.last_ply = plies

    def __len__(self) -> int:
        return len(self._keys)

    def score(self, current: Bitboard, mask: Bitboard) -> int | None:
        """The exact score of the position for the player to move, or None if the book
        does not hold it."""
        index = self._index(canonical(current, mask))
        return None if index is None else self._scores[index] - SCORE_BIAS

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[int, int] | None:
        """The exact score and a column that reaches it, or None if the book does not
        hold the position."""
        key, mirrored = oriented(current, mask)
        index = self._index(key)
        if index is None:
            return None
        col = self._moves[index]
        return self._scores[index] - SCORE_BIAS, WIDTH - 1 - col if mirrored else col

    def _index(self, key: int) -> int | None:
        index = bisect_left(self._keys, key)
        if index < len(self._keys) and self._keys[index] == key:
            return index
        return None

    def items(self) -> Iterable[tuple[int, tuple[int, int]]]:
        """Every position: its canonical key, its score and a best column in the key's
        orientation (what :func:`book_bytes` takes)."""
        for index, key in enumerate(self._keys):
            yield key, (self._scores[index] - SCORE_BIAS, self._moves[index])

    @classmethod
    def from_bytes(cls, data: bytes) -> OpeningBook:
        """Read a book file's bytes; raises BookError saying what is wrong with them."""
        if len(data) < HEADER.size:
            raise BookError(f"the opening book is truncated ({len(data)} bytes, no header)")
        magic, version, first_ply, last_ply, count, checksum = HEADER.unpack_from(data)
        if magic != MAGIC:
            raise BookError("the opening book is not a book file (wrong magic bytes)")
        if version != FORMAT_VERSION:
            raise BookError(
                f"the opening book has format {version}; this game reads {FORMAT_VERSION}"
            )
        body = memoryview(data)[HEADER.size :]
        expected = count * (KEY_BYTES + 2)
        if len(body) != expected:
            raise BookError(
                f"the opening book is truncated or padded: {len(body)} bytes of positions, "
                f"{expected} expected"
            )
        if zlib.crc32(body) != checksum:
            raise BookError("the opening book is corrupt (its checksum does not match)")
        keys = array("Q")
        keys.frombytes(body[: count * KEY_BYTES])
        if sys.byteorder != "little":
            keys.byteswap()
        scores = bytes(body[count * KEY_BYTES : count * (KEY_BYTES + 1)])
        moves = bytes(body[count * (KEY_BYTES + 1) :])
        if moves and max(moves) >= WIDTH:
            raise BookError("the opening book holds a move to no column")
        if scores and not (
            min(scores) >= SCORE_BIAS - MAX_SCORE and max(scores) <= SCORE_BIAS + MAX_SCORE
        ):
            raise BookError("the opening book holds a score no position has")
        if any(keys[index] >= keys[index + 1] for index in range(count - 1)):
            raise BookError("the opening book's positions are out of order")
        return cls(keys, scores, moves, (first_ply, last_ply))

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


def book_bytes(entries: dict[int, tuple[int, int]], first_ply: int, last_ply: int) -> bytes:
    """A book file holding ``entries`` (canonical key to exact score and a best column in
    the key's orientation)."""
    keys = sorted(entries)
    packed = array("Q", keys)
    if sys.byteorder != "little":
        packed.byteswap()
    body = (
        packed.tobytes()
        + bytes(entries[key][0] + SCORE_BIAS for key in keys)
        + bytes(entries[key][1] for key in keys)
    )
    header = HEADER.pack(MAGIC, FORMAT_VERSION, first_ply, last_ply, len(keys), zlib.crc32(body))
    return header + body
