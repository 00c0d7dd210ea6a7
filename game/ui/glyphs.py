"""Which characters a font file draws: its character map (the OpenType ``cmap`` table).

pygame draws a box for a character its font lacks and cannot say which those are;
the text module asks this instead, to draw each character with the first font that
has it (Inter, then the CJK subset).  The table is read once per file, from its
Unicode subtable: format 12 (every plane) where there is one, else format 4 (the
basic plane).  A file without a readable one covers nothing.

No pygame here: a few struct reads of the file.
"""

from __future__ import annotations

import logging
import struct
from pathlib import Path

log = logging.getLogger(__name__)

# (platform, encoding) of the Unicode subtables, the fullest first.
_PREFERRED = ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0))


def characters(path: Path) -> frozenset[int]:
    """The code points the font file at ``path`` maps to a glyph (empty when the file
    cannot be read as an OpenType or TrueType font)."""
    try:
        data = path.read_bytes()
        return frozenset(_cmap(data))
    except (OSError, ValueError, struct.error) as error:
        log.warning("cannot read the characters of %s: %s", path, error)
        return frozenset()


def _table(data: bytes, tag: bytes) -> int:
    """The offset of table ``tag`` in the font ``data``; ValueError if it has none."""
    (count,) = struct.unpack_from(">H", data, 4)
    for index in range(count):
        name, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if name == tag:
            return int(offset)
    raise ValueError(f"no {tag.decode()} table")


def _cmap(data: bytes) -> set[int]:
    base = _table(data, b"cmap")
    _version, count = struct.unpack_from(">HH", data, base)
    subtables: dict[tuple[int, int], int] = {}
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * index)
        subtables.setdefault((platform, encoding), base + offset)
    for key in _PREFERRED:
        if key in subtables:
            start = subtables[key]
            (kind,) = struct.unpack_from(">H", data, start)
            if kind == 12:
                return _format_12(data, start)
            if kind == 4:
                return _format_4(data, start)
    raise ValueError("no Unicode character map of format 4 or 12")


def _format_12(data: bytes, start: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, start + 12)
    table = data[start + 16 : start + 16 + 12 * groups]
    if len(table) < 12 * groups:
        raise ValueError("the character map is cut short")
    found: set[int] = set()
    for first, last, glyph in struct.iter_unpack(">III", table):
        # Each code of the group maps to glyph + (code - first); glyph 0 is "missing".
        found.update(range(first + (glyph == 0), last + 1))
    return found


def _format_4(data: bytes, start: int) -> set[int]:
    (doubled,) = struct.unpack_from(">H", data, start + 6)
    segments = doubled // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts_at = start + 16 + doubled
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + doubled)
    offsets_at = starts_at + 2 * doubled
    offsets = struct.unpack_from(f">{segments}H", data, offsets_at)
    found: set[int] = set()
    for index in range(segments):
        first, last, delta, offset = starts[index], ends[index], deltas[index], offsets[index]
        for code in range(first, min(last, 0xFFFE) + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                at = offsets_at + 2 * index + offset + 2 * (code - first)
                (glyph,) = struct.unpack_from(">H", data, at)
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.add(code)
    return found
