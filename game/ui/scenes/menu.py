"""The main menu: how to play, against whom, settings, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.ui.options import Mode
from game.ui.scenes.base import FormLayout, FormScene, stacked_form_layout
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.app import App


class MenuScene(FormScene):
    title = "Connect Four"

    def __init__(self, app: App) -> None:
        items = ItemList(
            [
                Item("play", "Play against the computer", primary=True),
                Item("two", "Two players"),
                Item("watch", "Computer against computer"),
                Item("settings", "Settings"),
                Item("help", "How to play"),
                Item("quit", "Quit"),
            ]
        )
        super().__init__(app, items)

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return stacked_form_layout(
            size, [i.key for i in self.items.items], width=440, body_height=40
        )

    def activate(self, key: str) -> None:
        app = self.app
        if key == "play":
            app.open_setup(Mode.VS_COMPUTER)
        elif key == "two":
            app.start_game(app.config_for(Mode.TWO_PLAYERS))
        elif key == "watch":
            app.open_setup(Mode.WATCH)
        elif key == "settings":
            app.open_settings()
        elif key == "help":
            app.open_help()
        elif key == "quit":
            app.quit()

    def back(self) -> None:
        """Esc on the main menu moves the focus to Quit rather than quitting at once."""
        self.items.focus_on("quit")

    def draw_title(self, surface: pygame.Surface, layout: FormLayout) -> None:
        super().draw_title(surface, layout)
        theme = self.app.theme
        x, y = layout.title_pos
        width = self.app.text.font(layout.title_size).size(self.title)[0]
        radius = max(8, round(layout.title_size * 0.32))
        cy = y + round(layout.title_size * 0.36)
        renderer = self.app.renderer
        renderer.draw_disc(surface, (x - width // 2 - radius * 2, cy), radius, "red", theme)
        renderer.draw_disc(surface, (x + width // 2 + radius * 2, cy), radius, "yellow", theme)

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        size = max(14, round(18 * layout.scale))
        w, h = surface.get_size()
        self.app.text.blit(
            surface,
            f"version {__version__}",
            size,
            self.app.theme.text_muted,
            (w - 12, h - 10),
            anchor="bottomright",
        )
