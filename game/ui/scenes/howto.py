"""How to play: the rules and the controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.stack import Go, Transition
from game.ui.text import Ink
from game.ui.verdicts import DRAW, LOSS, WIN
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.verdicts import DRAW, LOSS, WIN
from game.ui.scenes.base import SceneHost

RULES = (
    "Two players take turns dropping a disc into one of the seven columns; it falls to the "
    "lowest free cell. The first to line up four of their discs in a row, a column or a "
    "diagonal wins. A full board with no four is a draw."
)

CONTROLS = (
    ("Mouse, 1 - 7", "click a column, or press its number, to drop a disc there"),
    ("Left / Right", "move the cursor; Enter, Space or Down drops"),
    ("Ctrl+Z / Y", "undo (to your last turn) / redo"),
    ("H", "hint: the column the engine recommends"),
    ("A", "analysis on or off: what every column is worth"),
    ("N", "new game (asks first if this one is not finished)"),
    ("P / S / F", "computer against computer: pause, step, speed"),
    ("Esc, F11, M", "pause menu or back, fullscreen, mute"),
)

ANALYSIS = (
    f"Each column says what a disc there is worth: {WIN} Win, {DRAW} Draw or {LOSS} Loss if both "
    "sides play perfectly (in N moves), or an estimate, \u25b2\u25b2 Strong to \u25bc\u25bc Bad."
)


def engine_line(kernel_name: str) -> str:
    """The engine kernel in use (``kernel_name``, :data:`game.ai.backend.KERNEL_NAME`'s
    words), in a player's words."""
    if kernel_name == "compiled":
        return "Engine: compiled (fast)"
    return f"Engine: {kernel_name}; the computer thinks more slowly"


class HowToScene(FormScene):
    title = "How to play"

    def __init__(self, host: SceneHost, kernel_name: str) -> None:
        """The page; ``kernel_name`` says which build of the engine's kernel runs."""
        super().__init__(host, ItemList([Item("back", "Back", primary=True)]))
        self.kernel_name = kernel_name
        self.content_bottom = 0
        """Where the text drawn last ended (the body must hold it)."""

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, ["back"])

    def activate(self, key: str) -> Transition | None:
        return Go.BACK

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        theme, text = self.host.theme, self.host.text
        body = layout.body
        size = max(15, round(25 * layout.scale))
        heading = max(18, round(30 * layout.scale))
        y = body.y
        text.blit(surface, "Rules", Ink(heading, theme.accent), (body.x, y))
        y += round(heading * 1.1)
        y = text.blit_lines(
            surface, text.wrap(RULES, size, body.width), Ink(size, theme.text), (body.x, y)
        )
        y += size // 2
        text.blit(surface, "Controls", Ink(heading, theme.accent), (body.x, y))
        y += round(heading * 1.1)
        key_w = round(body.width * 0.24)
        for name, what in CONTROLS:
            text.blit(surface, name, Ink(size, theme.accent), (body.x + 8, y))
            y = text.blit_lines(
                surface,
                text.wrap(what, size, body.width - key_w),
                Ink(size, theme.text, 1.1),
                (body.x + key_w, y),
            )
        y += size // 2
        text.blit(surface, "Analysis", Ink(heading, theme.accent), (body.x, y))
        y += round(heading * 1.1)
        y = text.blit_lines(
            surface, text.wrap(ANALYSIS, size, body.width), Ink(size, theme.text), (body.x, y)
        )
        y += size // 2
        y = text.blit_lines(
            surface,
            text.wrap(engine_line(self.kernel_name), size, body.width),
            Ink(size, theme.text_muted),
            (body.x, y),
        )
        self.content_bottom = y
