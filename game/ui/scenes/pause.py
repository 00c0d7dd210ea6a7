"""The pause menu, drawn over the game it pauses (which stays frozen beneath).

It names where each choice leads; restarting or starting the next game is the
paused play scene's own business (:meth:`PlayScene.restart`,
:meth:`PlayScene.new_game`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.options import Mode
from game.ui.scenes.base import FormLayout, FormScene
from game.ui.scenes.stack import Go, OpenSetup, Transition
from game.ui.widgets import Item, ItemList, column_layout, draw_items, draw_panel

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost
    from game.ui.scenes.play import PlayScene


LEADS_TO: dict[str, Transition] = {
    "resume": Go.BACK,
    "settings": Go.SETTINGS,
    "help": Go.HELP,
    "menu": Go.MENU,
    "quit": Go.QUIT,
}
"""Where the choices that leave the paused game as it is lead."""
SURE = "Sure? Press again"


class PauseScene(FormScene):
    title = "Paused"

    def __init__(self, host: SceneHost, play: PlayScene) -> None:
        self.play = play
        # A finished game is not paused: the menu says so, and leads back to the board.
        if play.round.over:
            self.title = "Game over"
        # "..." where a new game first asks for its settings.
        new_game = "New game..." if play.config.mode is not Mode.TWO_PLAYERS else "New game"
        labels = {
            "resume": "Back to the board" if play.round.over else "Resume",
            "restart": "Play this game again" if play.round.over else "Restart this game",
            "new": new_game,
            "settings": "Settings",
            "help": "How to play",
            "menu": "Main menu",
            "quit": "Quit",
        }
        self.labels = labels
        items = [Item(key, label, primary=key == "resume") for key, label in labels.items()]
        super().__init__(host, ItemList(items))

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
        rects = column_layout(keys, (w // 2, top + round(title_size * 1.3)), (col_w, row_h), gap)
        body = pygame.Rect(w // 2 - col_w // 2, top, col_w, block)
        return FormLayout(scale, (w // 2, top), title_size, rects, body)

    def activate(self, key: str) -> Transition | None:
        play = self.play
        loses_the_game = key == "restart" or (key == "new" and play.config.mode is Mode.TWO_PLAYERS)
        if loses_the_game and play.round.unfinished:
            # An unfinished game is not thrown away by one click: the first asks again.
            item = self.items.get(key)
            if item.label != SURE:
                for other in self.items.items:
                    other.label = self.labels[other.key]
                item.label = SURE
                self.host.notify("This game is not finished: press again to leave it.")
                return None
        if key == "restart":
            play.restart()
        elif key == "new" and play.config.mode is Mode.TWO_PLAYERS:
            play.new_game()
        elif key == "new":
            return OpenSetup(play.config.mode, over_menu=True)
        else:
            return LEADS_TO.get(key)
        return Go.BACK

    def draw(self, surface: pygame.Surface) -> None:
        self.play.draw(surface)
        layout = self.layout(surface.get_size())
        theme = self.host.theme
        surface.blit(self.host.renderer.translucent(surface.get_size(), theme.shade), (0, 0))
        box = layout.body.inflate(round(48 * layout.scale), round(40 * layout.scale))
        draw_panel(surface, box, theme, radius=max(6, round(14 * layout.scale)))
        self.draw_title(surface, layout)
        draw_items(surface, self.items, layout.rects, self.host)
