"""How to play: the rules and the controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.backend import IS_COMPILED, KERNEL_NAME
from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.stack import Go, Transition
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost

RULES = (
    "Two players take turns dropping a disc into one of the seven columns; it falls to the "
    "lowest free cell. The first to line up four of their discs in a row, a column or a "
    "diagonal wins. A full board with no four is a draw."
)

CONTROLS = (
    ("Mouse", "click a column to drop a disc there"),
    ("1 - 7", "drop in that column"),
    ("Left / Right", "move the cursor; Enter, Space or Down drops"),
    ("Ctrl+Z", "undo (against the computer: back to your last turn)"),
    ("Ctrl+Y", "redo"),
    ("H", "hint: the column the engine recommends"),
    ("A", "analysis on or off: the value of every column"),
    ("N", "new game"),
    ("Esc", "pause menu / back"),
    ("F11 / M", "fullscreen / mute"),
)

ANALYSIS = (
    "With Show analysis on (Settings), each column shows its score for the player to move: "
    "+N wins, -N loses (the bigger, the sooner), 0 draws; ~ marks an estimate."
)


def engine_line() -> str:
    """The engine kernel in use, in a player's words."""
    if IS_COMPILED:
        return "Engine: compiled (fast)"
    return f"Engine: {KERNEL_NAME}; the computer thinks more slowly"


class HowToScene(FormScene):
    title = "How to play"

    def __init__(self, host: SceneHost) -> None:
        super().__init__(host, ItemList([Item("back", "Back", primary=True)]))

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
        text.blit(surface, "Rules", heading, theme.accent, (body.x, y))
        y += round(heading * 1.1)
        y = text.blit_lines(
            surface, text.wrap(RULES, size, body.width), size, theme.text, (body.x, y)
        )
        y += size // 2
        text.blit(surface, "Controls", heading, theme.accent, (body.x, y))
        y += round(heading * 1.1)
        key_w = round(body.width * 0.24)
        for name, what in CONTROLS:
            text.blit(surface, name, size, theme.accent, (body.x + 8, y))
            y = text.blit_lines(
                surface,
                text.wrap(what, size, body.width - key_w),
                size,
                theme.text,
                (body.x + key_w, y),
                spacing=1.1,
            )
        y += size // 2
        text.blit(surface, "Analysis", heading, theme.accent, (body.x, y))
        y += round(heading * 1.1)
        y = text.blit_lines(
            surface, text.wrap(ANALYSIS, size, body.width), size, theme.text, (body.x, y)
        )
        y += size // 2
        text.blit_lines(
            surface, text.wrap(engine_line(), size, body.width), size, theme.text_muted, (body.x, y)
        )
