"""The players' summary under the graph: a row per player with the accuracy (the share of
best moves) and how many moves of each verdict, so far."""

from __future__ import annotations

import pygame

from game.core import Player
from game.ui.scenes.review import texts
from game.ui.scenes.review.record import ReviewRecord
from game.ui.services import Look
from game.ui.table import lay_out
from game.ui.text import Ink


def draw_summary(
    surface: pygame.Surface,
    look: Look,
    rect: pygame.Rect,
    record: ReviewRecord,
    names: tuple[str, str],
) -> None:
    """The table in ``rect``: the headings (the verdicts' marks where the words do not
    fit), then the first player's row and the second's."""
    theme, text = look.theme, look.text
    rows = [
        texts.summary_row(names[int(player)], record.summary(player))
        for player in (Player.FIRST, Player.SECOND)
    ]
    step = max(1, rect.height // (len(rows) + 1))
    size = max(12, min(round(step * 0.62), 26))
    table = lay_out(text, texts.headings(), rows, size, rect.width)
    anchors = ["midleft", *["center"] * (len(table.headings) - 1)]
    with text.within(rect):
        for index, row in enumerate([table.headings, *rows]):
            colour = theme.text_muted if index == 0 else theme.text
            slots = table.slots(rect.x, rect.y + index * step, step)
            for cell, slot, anchor in zip(row, slots, anchors, strict=True):
                text.blit_fitted(surface, cell, Ink(table.size, colour), slot, anchor=anchor)
