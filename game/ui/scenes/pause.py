"""The pause menu, drawn over the game it pauses (which stays frozen beneath)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.options import Mode
from game.ui.scenes.base import FormLayout, FormScene
from game.ui.widgets import Item, ItemList, column_layout, draw_items, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene


class PauseScene(FormScene):
    title = "Paused"

    def __init__(self, app: App, play: PlayScene) -> None:
        self.play = play
        new_game = "New game..." if play.config.mode is not Mode.TWO_PLAYERS else "New game"
        items = ItemList(
            [
                Item("resume", "Resume", primary=True),
                Item("restart", "Restart this game"),
                Item("new", new_game),
                Item("settings", "Settings"),
                Item("help", "How to play"),
                Item("menu", "Main menu"),
                Item("quit", "Quit"),
            ]
        )
        super().__init__(app, items)

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        w, h = size
        scale = min(w / 960, h / 720)
        row_h = max(28, round(46 * scale))
        gap = max(5, round(row_h * 0.18))
        title_size = max(26, round(52 * scale))
        col_w = min(w - 60, round(360 * scale))
        count = len(self.items.items)
        block = round(title_size * 1.3) + count * (row_h + gap)
        top = max(10, (h - block) // 2)
        keys = [i.key for i in self.items.items]
        rects = column_layout(keys, w // 2, top + round(title_size * 1.3), col_w, row_h, gap)
        body = pygame.Rect(w // 2 - col_w // 2, top, col_w, block)
        return FormLayout(scale, (w // 2, top), title_size, rects, body)

    def activate(self, key: str) -> None:
        app = self.app
        if key == "resume":
            app.pop()
        elif key == "restart":
            app.pop()
            self.play.restart()
        elif key == "new":
            mode = self.play.config.mode
            if mode is Mode.TWO_PLAYERS:
                app.pop()
                self.play.new_game()
            else:
                app.open_menu()
                app.open_setup(mode)
        elif key == "settings":
            app.open_settings()
        elif key == "help":
            app.open_help()
        elif key == "menu":
            app.open_menu()
        elif key == "quit":
            app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        self.play.draw(surface)
        layout = self.layout(surface.get_size())
        theme = self.app.theme
        surface.blit(self.app.renderer.translucent(surface.get_size(), theme.shade), (0, 0))
        box = layout.body.inflate(round(48 * layout.scale), round(40 * layout.scale))
        draw_panel(surface, box, theme, radius=max(6, round(14 * layout.scale)))
        self.draw_title(surface, layout)
        draw_items(surface, self.items, layout.rects, theme=theme, text=self.app.text)
