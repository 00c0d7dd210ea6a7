"""A question before something that cannot be taken back, drawn over the screen that
asked it (which stays frozen beneath): a title, what would be lost, and two buttons.

The safe answer has the focus, so Enter pressed by habit loses nothing; Esc is the
safe answer too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.layout import metrics
from game.ui.notices import MAX_NOTICES, NoticePlace
from game.ui.scenes.base import FormLayout, FormScene
from game.ui.scenes.stack import Confirm, Go, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList, draw_items, draw_panel

if TYPE_CHECKING:
    from game.ui.scenes.base import Scene, SceneHost


class ConfirmScene(FormScene):
    def __init__(self, host: SceneHost, question: Confirm, below: Scene | None) -> None:
        self.question = question
        self.below = below
        self.title = question.question
        items = [Item("yes", question.yes_label), Item("no", question.no_label, primary=True)]
        super().__init__(host, ItemList(items))
        self.items.focus_on("no")

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        w, h = size
        window = metrics(size)
        scale = window.scale
        title_size = window.type.dialog
        text_size = window.type.body
        width = min(w - 60, round(620 * scale))
        lines = self.host.text.wrap(self.question.detail, text_size, width)
        text_h = len(lines) * self.host.text.line_step(text_size, 1.3)
        row_h = max(30, round(48 * scale))
        gap = max(8, round(16 * scale))
        block = round(title_size * 1.4) + text_h + gap * 2 + row_h
        top = max(10, (h - block) // 2)
        body = pygame.Rect(w // 2 - width // 2, top + round(title_size * 1.4), width, text_h)
        button_w = (width - gap) // 2
        y = body.bottom + gap * 2
        rects = {
            "yes": pygame.Rect(body.x, y, button_w, row_h),
            "no": pygame.Rect(body.right - button_w, y, button_w, row_h),
        }
        frame = pygame.Rect(body.x, top, width, y + row_h - top)
        return FormLayout(scale, (w // 2, top), title_size, rects, frame, window.type)

    @staticmethod
    def box(layout: FormLayout) -> pygame.Rect:
        """The dialog's panel around its words and buttons."""
        return layout.body.inflate(round(48 * layout.scale), round(40 * layout.scale))

    def notice_place(self, size: tuple[int, int]) -> NoticePlace:
        """Below the dialog, never over its question (a notice from the screen beneath,
        an opponent's offer say, must not hide what would be lost)."""
        box = self.box(self.layout(size))
        gap = metrics(size).pad // 2
        return NoticePlace(size[0] // 2, size[1] - gap, size[0] - 40, MAX_NOTICES, box.bottom + gap)

    def activate(self, key: str) -> Transition | None:
        answer = self.question.yes if key == "yes" else self.question.no
        then = answer() if answer is not None else None
        return then if then is not None else Go.BACK

    def draw(self, surface: pygame.Surface) -> None:
        if self.below is not None:
            self.below.draw(surface)
        else:
            self.host.draw_background(surface)
        layout = self.layout(surface.get_size())
        theme, text = self.host.theme, self.host.text
        surface.blit(self.host.renderer.translucent(surface.get_size(), theme.shade), (0, 0))
        box = self.box(layout)
        draw_panel(surface, box, theme, radius=max(6, round(14 * layout.scale)))
        with text.within(box):
            self.draw_title(surface, layout)
            size = layout.type.body
            lines = text.wrap(self.question.detail, size, layout.body.width)
            top = layout.body.y + round(layout.title_size * 1.4)
            text.blit_lines(
                surface, lines, Ink(size, theme.text, 1.3), (layout.body.centerx, top), centre=True
            )
        draw_items(surface, self.items, layout.rects, self.host)

    def title_width(self, window_width: int) -> int:
        return self.layout(self.host.size).body.width
