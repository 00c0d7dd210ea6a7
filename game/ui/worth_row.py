"""The analysis row above a board (the play and Review screens): what each column is
worth, a label of one or two lines centred over its column.

A row is drawn in one size, and its labels never touch: when the longest form of every
label does not fit its column at the size asked (or a little smaller), the row says it
shorter, the symbol alone above the moves (:func:`game.ui.worth.worth_labels`), rather
than shrink one label below its neighbours or squeeze its glyphs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.ui.board_view import BoardGeometry
from game.ui.services import Look
from game.ui.text import Ink, TextCache
from game.ui.themes import Colour

SHRINK = 0.8
"""How far below the size asked a longer form may be drawn before a shorter one is taken."""


@dataclass(frozen=True, slots=True)
class RowPlan:
    """How a row is drawn: one layout ``size`` for all, each column's ``lines``."""

    size: int
    lines: Mapping[int, Sequence[str]]


def gap_of(cell: int) -> int:
    """The room kept free between two neighbours' labels."""
    return max(6, cell // 8)


def plan_row(
    text: TextCache, forms: Mapping[int, Sequence[Sequence[str]]], size: int, width: int
) -> RowPlan:
    """The largest form of every label (by column: its forms, longest first) that fits
    ``width`` in one size for the whole row: the size asked or down to :data:`SHRINK` of
    it, each form in turn, the shortest at any size the text may take (at the smallest
    when even that does not fit)."""
    depth = max((len(choices) for choices in forms.values()), default=1)
    for level in range(depth):
        lines = {col: choices[min(level, len(choices) - 1)] for col, choices in forms.items()}
        found = text.fitting_size([line for label in lines.values() for line in label], size, width)
        last = level == depth - 1
        if found is not None and (last or found >= math.ceil(size * SHRINK)):
            return RowPlan(found, lines)
        if last:
            return RowPlan(1, lines)
    return RowPlan(size, {})


@dataclass(frozen=True, slots=True)
class WorthRow:
    """A row to draw: each column's label (its forms, longest first, and its colour),
    the layout ``size`` asked for, and the line its labels are centred on."""

    labels: Mapping[int, tuple[Sequence[Sequence[str]], Colour]]
    size: int
    centre_y: int


def draw_row(surface: pygame.Surface, look: Look, g: BoardGeometry, row: WorthRow) -> pygame.Rect:
    """Each column's label over its column, the lines of each centred on the row's line;
    the band the row stands in (its text is declared in it)."""
    text = look.text
    width = g.cell - gap_of(g.cell)
    forms = {col: choices for col, (choices, _colour) in row.labels.items()}
    plan = plan_row(text, forms, row.size, width)
    line = text.line_step(plan.size, 1.0)
    centre_y = row.centre_y
    band = pygame.Rect(g.frame_rect.x, centre_y - line, g.frame_rect.width, 2 * line)
    with text.within(band):
        for col, lines in plan.lines.items():
            ink = Ink(plan.size, row.labels[col][1])
            y = centre_y - len(lines) * line // 2
            for words in lines:
                text.blit(surface, words, ink, (g.column_x(col), y), anchor="midtop")
                y += line
    return band
