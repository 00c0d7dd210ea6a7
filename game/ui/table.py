"""Tables of text (the Statistics table, Your games, the Review screen's summary): each
column as wide as its widest cell, the room left shared out, one size for the table.

A heading may have shorter forms (a verdict's mark for "Inaccuracies"): the table takes
the longest headings that fit at the size asked, or a little smaller, before it says
them shorter; it never squeezes a cell or draws one column smaller than its neighbours.
Only when even the shortest headings do not fit at the smallest size is a cell cut: the
widest columns are narrowed, as little as needed, and the others keep their width (a
layout to fix: the tests look for it).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.text import TextCache, smaller_sizes

SHRINK = 0.8
"""How far below the size asked the longer headings may be drawn before shorter ones."""


@dataclass(frozen=True, slots=True)
class TableLayout:
    """A table laid out: the layout ``size`` of all its text, the ``headings`` chosen,
    and each column's left edge (from the table's) and width."""

    size: int
    headings: tuple[str, ...]
    lefts: tuple[int, ...]
    widths: tuple[int, ...]

    def slots(self, x: int, y: int, height: int) -> list[pygame.Rect]:
        """The cells of a row whose top-left is (``x``, ``y``)."""
        return [
            pygame.Rect(x + left, y, width, height)
            for left, width in zip(self.lefts, self.widths, strict=True)
        ]


def lay_out(
    text: TextCache,
    headings: Sequence[Sequence[str]],
    rows: Sequence[Sequence[str]],
    size: int,
    width: int,
) -> TableLayout:
    """The columns of a table ``width`` pixels wide: ``headings`` gives each column's
    heading, longest form first, and ``rows`` the cells under them.  A gap of a third
    of a line's height stands between columns; the room left widens every column
    alike."""
    key = (tuple(tuple(forms) for forms in headings), tuple(tuple(row) for row in rows))
    known = _LAYOUTS.setdefault(text, {})
    layout = known.get((*key, size, width))
    if layout is None:
        if len(known) >= MAX_LAYOUTS:
            known.clear()
        layout = known[(*key, size, width)] = _lay_out(text, *key, size, width)
    return layout


MAX_LAYOUTS = 32
"""Layouts kept per text cache (a table is drawn every frame, laid out once)."""
_LAYOUTS: weakref.WeakKeyDictionary[TextCache, dict[tuple[object, ...], TableLayout]] = (
    weakref.WeakKeyDictionary()
)


def _lay_out(
    text: TextCache,
    headings: tuple[tuple[str, ...], ...],
    rows: tuple[tuple[str, ...], ...],
    size: int,
    width: int,
) -> TableLayout:
    depth = max(len(forms) for forms in headings)
    chosen: tuple[str, ...] = ()
    for level in range(depth):
        chosen = tuple(forms[min(level, len(forms) - 1)] for forms in headings)
        floor = 1 if level == depth - 1 else math.ceil(size * SHRINK)
        for candidate in smaller_sizes(size, floor):
            natural = _natural(text, (chosen, *rows), candidate)
            gap = max(6, text.font(candidate).get_height() // 3)
            spare = width - sum(natural) - gap * (len(natural) - 1)
            if spare >= 0:
                return _spread(candidate, chosen, natural, gap, spare)
    # Nothing fits: at the smallest size, the widest columns are narrowed to one width,
    # as little as makes the table fit (their cells are cut; the others keep theirs).
    smallest = list(smaller_sizes(size))[-1]
    natural = _natural(text, (chosen, *rows), smallest)
    gap = max(6, text.font(smallest).get_height() // 3)
    room = max(len(natural), width - gap * (len(natural) - 1))
    capped = [min(column, _cap(natural, room)) for column in natural]
    return _spread(smallest, chosen, capped, gap, room - sum(capped))


def _cap(natural: Sequence[int], room: int) -> int:
    """The widest a column may be so that ``natural`` widths capped at it add up to at
    most ``room`` (the columns under it keep their width; at least one pixel)."""
    narrow, count = 0, len(natural)
    for index, column in enumerate(sorted(natural)):
        wide = count - index  # this column and the wider ones take the cap
        if narrow + column * wide > room:
            return max(1, (room - narrow) // wide)
        narrow += column
    return max(natural)


def _natural(text: TextCache, rows: Sequence[Sequence[str]], size: int) -> list[int]:
    """Each column's widest cell at ``size``."""
    return [
        max(text.size_of(cell, size)[0] for cell in column) for column in zip(*rows, strict=True)
    ]


def _spread(
    size: int, headings: tuple[str, ...], natural: list[int], gap: int, spare: int
) -> TableLayout:
    """Each column its width and the same share of ``spare``, ``gap`` apart."""
    extra = spare // len(natural)
    lefts, widths, x = [], [], 0
    for column in natural:
        lefts.append(x)
        widths.append(column + extra)
        x += column + extra + gap
    return TableLayout(size, headings, tuple(lefts), tuple(widths))
