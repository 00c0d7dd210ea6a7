"""The statistics screen: games won, lost and drawn against each level, and streaks (Your
games lists the finished games kept for review: :mod:`game.ui.scenes.games`); the
player's rating with its graph over time, the puzzles (:mod:`game.ui.rating_view`), and
how many of the mistakes replayed in Your games the player fixed.

It shows every window's games (the settings file's counts plus this window's
unsaved ones).  Reset asks to be pressed twice (the first press says what would go),
then forgets every level's games, the rating and the puzzles, in this window and in the
file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.ai.levels import LEVELS
from game.i18n import gettext as _
from game.i18n import ngettext, number, pgettext
from game.profile.rating import shipped_level_ratings
from game.profile.statistics import ONLINE_RECORD, Record, Statistics
from game.ui import rating_view
from game.ui.names import level_name
from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.stack import Go, Transition
from game.ui.services import Games, Records
from game.ui.table import lay_out
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost


class StatsRecords(Records, Games, Protocol):
    """The statistics and the finished games (whose mistakes fixed in Replay my mistakes
    the screen counts)."""


def fixed_line(fixed: int, replayed: int) -> str:
    """How many of the mistakes replayed (in Your games) the player fixed."""
    return ngettext(
        "Replay my mistakes: {fixed} of {count} mistake fixed in Your games.",
        "Replay my mistakes: {fixed} of {count} mistakes fixed in Your games.",
        replayed,
    ).format(fixed=number(fixed), count=number(replayed))


def headings() -> list[str]:
    """The table's headings: games won, lost and drawn (plural: "Gagnées"; one game's
    result is another word, in Your games), streaks."""
    return [
        _("Level"),
        pgettext("statistics column", "Won"),
        pgettext("statistics column", "Lost"),
        pgettext("statistics column", "Drawn"),
        _("Streak"),
        _("Best"),
    ]


def reset_label(asked: bool) -> str:
    """The reset button's words: "Reset statistics", or once pressed, asking again."""
    return _("Sure? Press again") if asked else _("Reset statistics")


def rows(per_level: dict[str, Record]) -> list[tuple[str, ...]]:
    """One row per level played (the levels in their order, then custom depths),
    with the totals last; empty when no game was played.  Names and numbers are in the
    language in use."""
    order = {level.name: index for index, level in enumerate(LEVELS)}
    online = per_level.get(ONLINE_RECORD)
    levels = {name: r for name, r in per_level.items() if name != ONLINE_RECORD}
    names = sorted(levels, key=lambda name: (order.get(name, len(order)), name))
    table: list[tuple[str, ...]] = [
        (level_name(name), *map(number, (r.wins, r.losses, r.draws, r.streak, r.best_streak)))
        for name in names
        if (r := levels[name]).games
    ]
    if table:
        won = sum(r.wins for r in levels.values())
        lost = sum(r.losses for r in levels.values())
        drawn = sum(r.draws for r in levels.values())
        table.append((_("All levels"), number(won), number(lost), number(drawn), "", ""))
    if online is not None and online.games:
        # Games against friends over the network, apart from the levels' and their total.
        counts = (online.wins, online.losses, online.draws, online.streak, online.best_streak)
        table.append((_("Online games"), *map(number, counts)))
    return table


class StatsScene(FormScene):
    def __init__(self, host: SceneHost, records: StatsRecords) -> None:
        items = [
            Item("back", _("Back"), primary=True),
            Item("games", _("Your games")),
            Item("reset", reset_label(False)),
        ]
        super().__init__(host, ItemList(items))
        self.records = records
        self.asked = False
        """Whether reset was pressed once (the next press resets)."""
        self.stats = Statistics()
        self.table: list[tuple[str, ...]] = []
        self.replayed = self.fixed = 0
        """The mistakes replayed and fixed in Replay my mistakes, over Your games."""
        self._read()

    def _read(self) -> None:
        """Every window's statistics, read again (after a reset, or back on top)."""
        self.stats = self.records.all_statistics()
        self.table = rows(dict(self.stats.per_level))
        games = self.records.all_games()
        self.replayed = sum(len(game.mistakes) for game in games)
        self.fixed = sum(len(game.fixed) for game in games)

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Statistics")

    def close(self) -> None:
        """Leaving unanswered: the notice of what a second press would forget goes too."""
        self.host.withdraw("reset")

    def relabel(self) -> None:
        self.items.get("back").label = _("Back")
        self.items.get("games").label = _("Your games")
        self.items.get("reset").label = reset_label(self.asked)
        self._read()

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, ["back", "games", "reset"], button_width=300, body_width=760)

    def activate(self, key: str) -> Transition | None:
        if key == "back":
            return Go.BACK
        if key == "games":
            return Go.GAMES
        item = self.items.get("reset")
        if not self.asked:  # the first press asks again, and says what would go
            self.asked = True
            item.label = reset_label(True)
            said = _(
                "Press again to forget the games of every level, your rating and your"
                " solved puzzles."
            )
            self.host.notify(said, topic="reset")
            return None
        self.asked = False
        item.label = reset_label(False)
        self.host.withdraw("reset")
        problem = self.records.reset_statistics()
        if problem is not None:
            self.host.notify(problem)
        else:
            self.host.notify(_("Statistics reset: every level starts again from nothing."))
        self._read()
        return None

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        theme, text = self.host.theme, self.host.text
        body = layout.body
        size = layout.type.reading
        step = text.line_step(size, 1.35)
        with text.within(body):
            if self.stats.rating.count or self.stats.puzzles.tries or self.replayed:
                body = self._draw_rating(surface, body, size)
            if not self.table:
                lines = text.wrap(
                    _(
                        "No games against the computer yet. Win, lose or draw one, and it is"
                        " counted here, level by level, with your winning streaks."
                    ),
                    size,
                    body.width,
                )
                text.blit_lines(surface, lines, Ink(size, theme.text), (body.x, body.y))
                return
            self._draw_table(surface, body, size, step)

    def _draw_rating(self, surface: pygame.Surface, body: pygame.Rect, size: int) -> pygame.Rect:
        """The rating, the puzzles and the graph at the bottom of ``body``; what is left."""
        theme, text = self.host.theme, self.host.text
        stats = self.stats
        lines = [rating_view.summary(stats.rating), rating_view.puzzles_line(stats.puzzles)]
        if self.replayed:
            lines.append(fixed_line(self.fixed, self.replayed))
        wrapped = [part for line in lines for part in text.wrap(line, size, body.width)]
        step = text.line_step(size)
        graph_h = min(round(body.height * 0.4), 220)
        top = body.bottom - graph_h - len(wrapped) * step - 6
        text.blit_lines(surface, wrapped, Ink(size, theme.text), (body.x, top))
        graph = pygame.Rect(body.x, body.bottom - graph_h, body.width, graph_h)
        rating_view.draw_graph(surface, self.host, graph, stats.rating, shipped_level_ratings())
        return pygame.Rect(body.x, body.y, body.width, max(0, top - 8 - body.y))

    def _draw_table(self, surface: pygame.Surface, body: pygame.Rect, size: int, step: int) -> None:
        theme, text = self.host.theme, self.host.text
        table = lay_out(text, [[name] for name in headings()], self.table, size, body.width)
        anchors = ["topleft", *["midtop"] * (len(table.headings) - 1)]
        y = body.y
        for index, row in enumerate([table.headings, *self.table]):
            if y + step > body.bottom:
                break
            total = index == len(self.table)
            colour = theme.accent if index == 0 else theme.text_muted if total else theme.text
            ink = Ink(table.size, colour)
            for cell, slot, anchor in zip(row, table.slots(body.x, y, step), anchors, strict=True):
                if cell:
                    text.blit_fitted(surface, cell, ink, slot, anchor=anchor)
            y += step
        note = _("Streak: games won in a row now; Best: the longest run of wins.")
        lines = text.wrap(note, size, body.width)
        if y + len(lines) * text.line_step(size) <= body.bottom:
            text.blit_lines(surface, lines, Ink(size, theme.text_muted), (body.x, y))
