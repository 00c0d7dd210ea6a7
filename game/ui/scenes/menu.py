"""The main menu: how to play, against whom, settings, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.ui.match import describe
from game.ui.options import DiscColour, Mode, config_for
from game.ui.scenes.base import BACKDROP_GAME, FormLayout, FormScene, stacked_form_layout
from game.ui.scenes.stack import Go, OpenSetup, Play, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.settings import SavedGame, Settings
    from game.ui.scenes.base import SceneHost


LEADS_TO: dict[str, Transition] = {
    "continue": Go.CONTINUE,
    "play": OpenSetup(Mode.VS_COMPUTER),
    "watch": OpenSetup(Mode.WATCH),
    "stats": Go.STATS,
    "settings": Go.SETTINGS,
    "help": Go.HELP,
    "quit": Go.QUIT,
}
"""Where the menu's items lead (Two players starts a game with the saved choices)."""


class MenuScene(FormScene):
    title = "Connect Four"
    backdrop = BACKDROP_GAME

    def __init__(self, host: SceneHost, *, settings: Settings, saved: SavedGame | None) -> None:
        """The menu; ``saved`` is the game in progress Continue goes back to, if any;
        Two players starts a game with ``settings``' choices."""
        self.settings = settings
        self.continues = "" if saved is None else describe(saved)
        """What Continue goes back to, in words ("" when there is no game in progress)."""
        first = [Item("continue", "Continue", primary=True)] if saved is not None else []
        items = ItemList(
            [
                *first,
                Item("play", "Play against the computer", primary=saved is None),
                Item("two", "Two players"),
                Item("watch", "Computer against computer"),
                Item("stats", "Statistics"),
                Item("settings", "Settings"),
                Item("help", "How to play"),
                Item("quit", "Quit"),
            ]
        )
        super().__init__(host, items)

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return stacked_form_layout(
            size, [i.key for i in self.items.items], width=440, body_height=40
        )

    def activate(self, key: str) -> Transition | None:
        if key == "two":
            return Play(config_for(self.settings, Mode.TWO_PLAYERS))
        return LEADS_TO.get(key)

    def back(self) -> Transition | None:
        """Esc on the main menu moves the focus to Quit rather than quitting at once."""
        self.items.focus_on("quit")
        return None

    def draw_title(self, surface: pygame.Surface, layout: FormLayout) -> None:
        super().draw_title(surface, layout)
        theme = self.host.theme
        x, y = layout.title_pos
        width = self.host.text.font(layout.title_size).size(self.title)[0]
        radius = max(8, round(layout.title_size * 0.32))
        cy = y + round(layout.title_size * 0.36)
        renderer = self.host.renderer
        renderer.draw_disc(
            surface, (x - width // 2 - radius * 2, cy), radius, DiscColour.RED, theme
        )
        renderer.draw_disc(
            surface, (x + width // 2 + radius * 2, cy), radius, DiscColour.YELLOW, theme
        )

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        size = max(14, round(18 * layout.scale))
        w, h = surface.get_size()
        if self.continues:
            # Under the items, what Continue goes back to.
            body = layout.body
            self.host.text.blit(
                surface,
                f"Continue: {self.continues}",
                Ink(size, self.host.theme.text_muted),
                (body.centerx, body.y + round(4 * layout.scale)),
                anchor="midtop",
            )
        self.host.text.blit(
            surface,
            f"version {__version__}",
            Ink(size, self.host.theme.text_muted),
            (w - 12, h - 10),
            anchor="bottomright",
        )
