"""The pause menu, drawn over the game it pauses (which stays frozen beneath).

It names where each choice leads, and knows of the game only what the play screen
handed it (:class:`~game.ui.scenes.stack.PausedGame`): restarting or starting the
next game is that game's own business."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import gettext as _
from game.ui.layout import metrics
from game.ui.options import Mode
from game.ui.scenes.base import FormLayout, FormScene
from game.ui.scenes.stack import Go, OpenSetup, PausedGame, Transition
from game.ui.widgets import Item, ItemList, column_layout, draw_items, draw_panel

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost


LEADS_TO: dict[str, Transition] = {
    "resume": Go.BACK,
    "settings": Go.SETTINGS,
    "help": Go.HELP,
    "menu": Go.MENU,
    "quit": Go.QUIT,
}
"""Where the choices that leave the paused game as it is lead."""


def sure() -> str:
    """The label of a choice that asks to be pressed again."""
    return _("Sure? Press again")


class PauseScene(FormScene):
    def __init__(self, host: SceneHost, game: PausedGame) -> None:
        self.game = game
        self.asking: str | None = None
        """The choice pressed once that asks to be pressed again."""
        items = [Item(key, label, primary=key == "resume") for key, label in self.labels.items()]
        super().__init__(host, ItemList(items))

    @property
    def title(self) -> str:  # type: ignore[override]
        # A finished game is not paused: the menu says so, and leads back to the board.
        return _("Game over") if self.game.over else _("Paused")

    @property
    def labels(self) -> dict[str, str]:
        """Each choice's words in the language in use."""
        over = self.game.over
        # "..." where a new game first asks for its settings.
        two = self.game.mode is Mode.TWO_PLAYERS
        return {
            "resume": _("Back to the board") if over else _("Resume"),
            "restart": _("Play again") if over else _("Restart this game"),
            "new": _("New game") if two else _("New game..."),
            "settings": _("Settings"),
            "help": _("How to play"),
            "menu": _("Main menu"),
            "quit": _("Quit"),
        }

    def title_width(self, window_width: int) -> int:
        return self.layout(self.host.size).body.width

    def relabel(self) -> None:
        labels = self.labels
        for item in self.items.items:
            item.label = sure() if item.key == self.asking else labels[item.key]

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        w, h = size
        window = metrics(size)
        scale = window.scale
        row_h = max(28, round(46 * scale))
        gap = max(5, round(row_h * 0.18))
        title_size = window.type.title
        col_w = min(w - 60, round(360 * scale))
        count = len(self.items.items)
        block = round(title_size * 1.3) + count * (row_h + gap)
        top = max(10, (h - block) // 2)
        keys = [i.key for i in self.items.items]
        rects = column_layout(keys, (w // 2, top + round(title_size * 1.3)), (col_w, row_h), gap)
        body = pygame.Rect(w // 2 - col_w // 2, top, col_w, block)
        return FormLayout(scale, (w // 2, top), title_size, rects, body, window.type)

    def activate(self, key: str) -> Transition | None:
        game = self.game
        loses_the_game = key == "restart" or (key == "new" and game.mode is Mode.TWO_PLAYERS)
        # An unfinished game is not thrown away by one click: the first asks again.
        if loses_the_game and game.unfinished and self.asking != key:
            self.asking = key
            self.relabel()
            if game.leaving_loses:
                said = _("This game is not finished: press again to leave it; it counts as a loss.")
            else:
                said = _("This game is not finished: press again to leave it.")
            self.host.notify(said)
            return None
        if key == "restart":
            game.restart()
        elif key == "new" and game.mode is Mode.TWO_PLAYERS:
            game.new_game()
        elif key == "new":
            return OpenSetup(game.mode, over_menu=True)
        else:
            return LEADS_TO.get(key)
        return Go.BACK

    def draw(self, surface: pygame.Surface) -> None:
        self.game.draw(surface)
        layout = self.layout(surface.get_size())
        theme = self.host.theme
        surface.blit(self.host.renderer.translucent(surface.get_size(), theme.shade), (0, 0))
        box = layout.body.inflate(round(48 * layout.scale), round(40 * layout.scale))
        draw_panel(surface, box, theme, radius=max(6, round(14 * layout.scale)))
        with self.host.text.within(box):
            self.draw_title(surface, layout)
        draw_items(surface, self.items, layout.rects, self.host)
