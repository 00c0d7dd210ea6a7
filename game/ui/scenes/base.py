"""What every screen has: events in, time passing, a picture out.

A scene's :meth:`~Scene.draw` only reads its state (caches of rendered pieces
aside): the same state draws the same picture, however often it is drawn.
Scenes move between each other through the :class:`~game.ui.app.App`, which
keeps them on a stack (a pause menu sits over the game it pauses).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import ItemList, column_layout, draw_items

if TYPE_CHECKING:
    from game.ai.requests import WorkerReply
    from game.ui.app import App


class Scene:
    """One screen.  The app calls :meth:`handle_event` for each event, then
    :meth:`update` once per frame, then :meth:`draw`, all only while the scene is
    on top, except :meth:`handle_reply`, which reaches the scene that asked."""

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds (animations, timers)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen onto ``surface``; changes no state."""
        raise NotImplementedError

    def handle_reply(self, reply: WorkerReply) -> None:
        """An answer to a request this scene submitted through :meth:`App.submit`."""

    def resume(self) -> None:
        """The scene is on top again (the one above it was closed)."""

    def close(self) -> None:
        """The scene leaves for good: cancel what it asked for."""


@dataclass(frozen=True, slots=True)
class FormLayout:
    """Where a form's parts go at one window size."""

    scale: float
    title_pos: tuple[int, int]
    title_size: int
    rects: Mapping[str, pygame.Rect]
    body: pygame.Rect
    """Room for what the form shows besides its items (notes, records, text)."""


class FormScene(Scene):
    """A screen made of a title and items (buttons and option rows).

    Subclasses fill :attr:`items`, lay them out in :meth:`layout`, and answer
    :meth:`activate`, :meth:`changed` and :meth:`back`.
    """

    title = ""

    def __init__(self, app: App, items: ItemList) -> None:
        super().__init__(app)
        self.items = items
        self._layouts: dict[tuple[int, int], FormLayout] = {}

    def layout(self, size: tuple[int, int]) -> FormLayout:
        layout = self._layouts.get(size)
        if layout is None:
            layout = self.compute_layout(size)
            self._layouts = {size: layout}
        return layout

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> None:
        rects = self.layout(self.app.size).rects
        action = self.items.handle_event(event, rects)
        if action is None:
            return
        if action.kind == "back":
            self.back()
        elif action.kind == "activate":
            self.app.sounds.play("click")
            self.activate(action.key)
        elif action.kind == "change":
            self.app.sounds.play("click")
            self.changed(action.key)

    def activate(self, key: str) -> None:
        """A button was pressed."""

    def changed(self, key: str) -> None:
        """An option row's value changed."""

    def back(self) -> None:
        """Esc: leave the screen."""
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout(surface.get_size())
        self.app.draw_background(surface)
        self.draw_title(surface, layout)
        self.draw_body(surface, layout)
        theme = self.app.theme
        draw_items(surface, self.items, layout.rects, theme=theme, text=self.app.text)

    def draw_title(self, surface: pygame.Surface, layout: FormLayout) -> None:
        self.app.text.blit(
            surface,
            self.title,
            layout.title_size,
            self.app.theme.text,
            layout.title_pos,
            anchor="midtop",
        )

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        """Whatever the form shows in ``layout.body``."""


def stacked_form_layout(
    size: tuple[int, int],
    keys: list[str],
    *,
    width: float,
    body_height: float = 0.0,
    row: float = 52.0,
) -> FormLayout:
    """A title at the top, then ``keys`` stacked in a centred column ``width``
    pixels wide (at 960x720; everything scales with the window), then a body
    area ``body_height`` tall; the whole block is centred in the room left."""
    w, h = size
    scale = min(w / 960, h / 720)
    title_size = max(28, round(64 * scale))
    title_top = round(36 * scale)
    top = title_top + round(title_size * 1.2)
    row_h = max(30, round(row * scale))
    gap = max(6, round(row_h * 0.2))
    col_w = min(w - 40, round(width * scale))
    body_h = round(body_height * scale)
    block = len(keys) * (row_h + gap) + body_h
    start = top + max(0, (h - top - block - round(20 * scale)) // 2)
    rects = column_layout(keys, w // 2, start, col_w, row_h, gap)
    body_top = start + len(keys) * (row_h + gap)
    body = pygame.Rect(w // 2 - col_w // 2, body_top, col_w, max(0, h - body_top - 10))
    return FormLayout(scale, (w // 2, title_top), title_size, rects, body)


__all__ = ["FormLayout", "FormScene", "Scene", "stacked_form_layout"]
