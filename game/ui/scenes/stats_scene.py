"""The statistics screen: games won, lost and drawn against each level, and streaks.

It shows every window's games (the settings file's counts plus this window's
unsaved ones).  Reset asks to be pressed twice, then forgets every level's games,
in this window and in the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.levels import LEVELS
from game.statistics import Record
from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.stack import Go, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost
    from game.ui.services import Records

COLUMNS = ("Level", "Won", "Lost", "Drawn", "Streak", "Best")
RESET = "Reset statistics"
CONFIRM = "Sure? Press again"


def rows(per_level: dict[str, Record]) -> list[tuple[str, ...]]:
    """One row per level played (the levels in their order, then custom depths),
    with the totals last; empty when no game was played."""
    order = {level.name: index for index, level in enumerate(LEVELS)}
    names = sorted(per_level, key=lambda name: (order.get(name, len(order)), name))
    table: list[tuple[str, ...]] = [
        (name, str(r.wins), str(r.losses), str(r.draws), str(r.streak), str(r.best_streak))
        for name in names
        if (r := per_level[name]).games
    ]
    if table:
        won = sum(r.wins for r in per_level.values())
        lost = sum(r.losses for r in per_level.values())
        drawn = sum(r.draws for r in per_level.values())
        table.append(("All levels", str(won), str(lost), str(drawn), "", ""))
    return table


class StatsScene(FormScene):
    title = "Statistics"

    def __init__(self, host: SceneHost, records: Records) -> None:
        items = [Item("back", "Back", primary=True), Item("reset", RESET)]
        super().__init__(host, ItemList(items))
        self.records = records
        self.table = rows(dict(records.all_statistics().per_level))

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, ["back", "reset"], button_width=300, body_width=760)

    def activate(self, key: str) -> Transition | None:
        if key == "back":
            return Go.BACK
        item = self.items.get("reset")
        if item.label != CONFIRM:  # the first press asks again
            item.label = CONFIRM
            return None
        item.label = RESET
        problem = self.records.reset_statistics()
        if problem is not None:
            self.host.notify(problem)
        else:
            self.host.notify("Statistics reset: every level starts again from nothing.")
        self.table = rows(dict(self.records.all_statistics().per_level))
        return None

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        theme, text = self.host.theme, self.host.text
        body = layout.body
        size = max(15, round(24 * layout.scale))
        step = text.line_step(size, 1.35)
        if not self.table:
            lines = text.wrap(
                "No games against the computer yet. Win, lose or draw one, and it is counted"
                " here, level by level, with your winning streaks.",
                size,
                body.width,
            )
            text.blit_lines(surface, lines, Ink(size, theme.text), (body.x, body.y))
            return
        first = round(body.width * 0.34)
        rest = (body.width - first) // (len(COLUMNS) - 1)
        xs = [body.x] + [body.x + first + rest * i + rest // 2 for i in range(len(COLUMNS) - 1)]
        y = body.y
        for x, name in zip(xs, COLUMNS, strict=True):
            anchor = "topleft" if x == body.x else "midtop"
            text.blit(surface, name, Ink(size, theme.accent), (x, y), anchor=anchor)
        y += step
        for index, row in enumerate(self.table):
            if y + step > body.bottom:
                break
            total = index == len(self.table) - 1
            colour = theme.text_muted if total else theme.text
            for x, cell in zip(xs, row, strict=True):
                anchor = "topleft" if x == body.x else "midtop"
                text.blit(surface, cell, Ink(size, colour), (x, y), anchor=anchor)
            y += step
        note = "Streak: games won in a row now; Best: the longest run of wins."
        if y + step <= body.bottom:
            text.blit_lines(
                surface, text.wrap(note, size, body.width), Ink(size, theme.text_muted), (body.x, y)
            )
