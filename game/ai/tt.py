"""The transposition table: what the search learnt about a position, by key.

A table maps a position key (``current + mask``, see :mod:`game.core.bitboard`)
to one packed int.  The searches decide what the int holds (bound type, score,
best move, depth): :mod:`game.ai.solver` and :mod:`game.ai.search` each
document their packing.  Packing into one small int keeps an entry at about 95
bytes of CPython memory (the key, the value, and the dict slot).

Memory is bounded: the table holds at most ``capacity`` entries.  When a store
would exceed it, the table is emptied and starts again.  That is cruder than a
replacement scheme, but it costs nothing per lookup (a plain dict lookup is
about three times faster in CPython than indexing a fixed-size list by
``key % size``), and at the engine's speed a table of a million entries fills
only after many seconds of search, so a clear is rare within one move.

The search reads ``table.entries`` directly (a dict) in its inner loop and
calls :meth:`store`, which enforces the bound.
"""

from __future__ import annotations

BYTES_PER_ENTRY = 96
"""Measured CPython memory per entry (49-bit key, small int value, dict slot)."""

DEFAULT_CAPACITY = 1 << 20
"""About 100 MB when full."""


class TranspositionTable:
    """A bounded map from position key to a packed int (see the module docstring)."""

    __slots__ = ("capacity", "clears", "entries")

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, not {capacity}")
        self.capacity = capacity
        self.entries: dict[int, int] = {}
        self.clears = 0

    def get(self, key: int) -> int | None:
        return self.entries.get(key)

    def store(self, key: int, value: int) -> None:
        """Remember ``value`` for ``key``, emptying the table first if it is full."""
        entries = self.entries
        if len(entries) >= self.capacity and key not in entries:
            entries.clear()
            self.clears += 1
        entries[key] = value

    def clear(self) -> None:
        self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def max_bytes(self) -> int:
        """The approximate memory of a full table."""
        return self.capacity * BYTES_PER_ENTRY
