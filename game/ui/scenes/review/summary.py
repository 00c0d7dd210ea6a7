"""The players' summary under the graph: a row per player with the accuracy (the share of
best moves) and how many moves of each verdict, so far."""

from __future__ import annotations

import pygame

from game.core import Player
from game.ui.scenes.review import texts
from game.ui.scenes.review.record import ReviewRecord
from game.ui.services import Look
from game.ui.text import Ink


def draw_summary(
    surface: pygame.Surface,
    look: Look,
    rect: pygame.Rect,
    record: ReviewRecord,
    names: tuple[str, str],
) -> None:
    """The table in ``rect``: the headings, then the first player's row and the second's."""
    theme, text = look.theme, look.text
    rows = [texts.headings()] + [
        list(texts.summary_row(names[int(player)], record.summary(player)))
        for player in (Player.FIRST, Player.SECOND)
    ]
    step = max(1, rect.height // len(rows))
    size = max(12, min(round(step * 0.62), 26))
    first = round(rect.width * 0.28)
    rest = (rect.width - first) // (len(rows[0]) - 1)
    with text.within(rect):
        for index, row in enumerate(rows):
            y = rect.y + index * step
            colour = theme.text_muted if index == 0 else theme.text
            for column, cell in enumerate(row):
                if column == 0:
                    slot = pygame.Rect(rect.x, y, first - 6, step)
                    anchor = "midleft"
                else:
                    slot = pygame.Rect(rect.x + first + (column - 1) * rest, y, rest - 6, step)
                    anchor = "center"
                text.blit_fitted(surface, cell, Ink(size, colour), slot, anchor=anchor)
