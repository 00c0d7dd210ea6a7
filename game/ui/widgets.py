"""Buttons and option rows, their keyboard focus, and how they are drawn.

An :class:`Item` is a button (no choices) or an option row (a label and a value
changed with Left/Right or a click).  :class:`ItemList` turns keys and mouse
events into :class:`Action` values; the scene decides what they do.  Where the
items sit is the scene's layout (a ``key -> pygame.Rect`` mapping), so the same
items work at any window size.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.layout import metrics
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.themes import Theme

ACTIVATE_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})


@dataclass
class Item:
    """A button (``choices`` empty) or an option row showing ``choices[index]``.

    ``choices`` holds (value, text) pairs.  ``wrap`` makes Left at the first
    choice go to the last (for short lists); long numeric lists stop at the ends.
    """

    key: str
    label: str
    choices: Sequence[tuple[Any, str]] = ()
    index: int = 0
    enabled: bool = True
    primary: bool = False
    wrap: bool = True

    @property
    def is_option(self) -> bool:
        return bool(self.choices)

    @property
    def value(self) -> Any:
        return self.choices[self.index][0] if self.choices else None

    @property
    def value_text(self) -> str:
        return self.choices[self.index][1] if self.choices else ""

    def select(self, value: Any) -> None:
        """Show ``value`` (the nearest choice for a number not in the list)."""
        for i, (candidate, _) in enumerate(self.choices):
            if candidate == value:
                self.index = i
                return
        if isinstance(value, int | float) and self.choices:
            self.index = min(
                range(len(self.choices)), key=lambda i: abs(float(self.choices[i][0]) - value)
            )

    def step(self, delta: int) -> bool:
        """Move to the next (+1) or previous (-1) choice; True if the value changed."""
        if not self.choices or not self.enabled:
            return False
        count = len(self.choices)
        if self.wrap:
            new = (self.index + delta) % count
        else:
            new = min(max(self.index + delta, 0), count - 1)
        changed = new != self.index
        self.index = new
        return changed


class ActionKind(enum.Enum):
    """What an event did to a list of items."""

    ACTIVATE = "activate"
    """A button was pressed."""
    CHANGE = "change"
    """An option's value changed."""
    BACK = "back"
    """Leave (Esc)."""


@dataclass(frozen=True, slots=True)
class Action:
    """What an event did (:class:`ActionKind`), to the item ``key``."""

    kind: ActionKind
    key: str = ""


@dataclass
class ItemList:
    """Items with one keyboard focus; mouse hover moves the focus too."""

    items: list[Item]
    focus: int = 0
    hovered: str | None = field(default=None)

    def __post_init__(self) -> None:
        self.focus = self._first_enabled(self.focus, 1)

    def get(self, key: str) -> Item:
        for item in self.items:
            if item.key == key:
                return item
        raise KeyError(key)

    @property
    def focused(self) -> Item | None:
        return self.items[self.focus] if self.items else None

    def focus_on(self, key: str) -> None:
        for i, item in enumerate(self.items):
            if item.key == key and item.enabled:
                self.focus = i

    def _first_enabled(self, start: int, direction: int) -> int:
        count = len(self.items)
        for offset in range(count):
            i = (start + direction * offset) % count
            if self.items[i].enabled:
                return i
        return 0

    def move(self, direction: int) -> None:
        if self.items:
            self.focus = self._first_enabled((self.focus + direction) % len(self.items), direction)

    def handle_event(
        self, event: pygame.event.Event, rects: Mapping[str, pygame.Rect]
    ) -> Action | None:
        """The action ``event`` causes, given where each item is drawn."""
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = None
            for i, item in enumerate(self.items):
                rect = rects.get(item.key)
                if rect is not None and rect.collidepoint(event.pos) and item.enabled:
                    self.focus = i
                    self.hovered = item.key
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, item in enumerate(self.items):
                rect = rects.get(item.key)
                if rect is None or not rect.collidepoint(event.pos) or not item.enabled:
                    continue
                self.focus = i
                if not item.is_option:
                    return Action(ActionKind.ACTIVATE, item.key)
                # The left part of the value box steps back, the rest forwards.
                box = value_box(rect, labelled=bool(item.label))
                delta = -1 if event.pos[0] < box.centerx and box.collidepoint(event.pos) else 1
                return Action(ActionKind.CHANGE, item.key) if item.step(delta) else None
        return None

    def focus_end(self, *, first: bool) -> None:
        """The focus to the first item that can be pressed (``first``), else the last."""
        if self.items:
            start, step = (0, 1) if first else (len(self.items) - 1, -1)
            self.focus = self._first_enabled(start, step)

    def _key(self, code: int) -> Action | None:
        item = self.focused
        if code in (pygame.K_UP, pygame.K_w):
            self.move(-1)
        elif code in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
            self.move(1)
        elif code in (pygame.K_HOME, pygame.K_END):
            self.focus_end(first=code == pygame.K_HOME)
        elif code == pygame.K_ESCAPE:
            return Action(ActionKind.BACK)
        elif item is not None and item.enabled:
            if code in (pygame.K_LEFT, pygame.K_RIGHT) and item.is_option:
                if item.step(-1 if code == pygame.K_LEFT else 1):
                    return Action(ActionKind.CHANGE, item.key)
            elif code in (pygame.K_LEFT, pygame.K_RIGHT):
                # On a button, the arrows move the focus (buttons often stand side by side).
                self.move(-1 if code == pygame.K_LEFT else 1)
            elif code in ACTIVATE_KEYS:
                if not item.is_option:
                    return Action(ActionKind.ACTIVATE, item.key)
                if item.step(1):
                    return Action(ActionKind.CHANGE, item.key)
        return None


# -- drawing ---------------------------------------------------------------------


def value_box(rect: pygame.Rect, *, labelled: bool = True) -> pygame.Rect:
    """The part of an option row that shows "< value >": its right half, or all of it
    for a row without a label (where a heading nearby says what it chooses)."""
    if not labelled:
        return pygame.Rect(rect)
    width = rect.width * 11 // 20
    return pygame.Rect(rect.right - width, rect.y, width, rect.height)


def font_size_for(rect: pygame.Rect) -> int:
    return max(14, round(rect.height * 0.5))


def draw_item(
    surface: pygame.Surface,
    item: Item,
    rect: pygame.Rect,
    look: Look,
    *,
    focused: bool,
) -> None:
    """One button or option row in ``rect``."""
    theme, text = look.theme, look.text
    radius = max(4, rect.height // 4)
    if not item.enabled:
        fill = theme.button_disabled
    elif focused:
        fill = theme.button_focus
    else:
        fill = theme.button
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    edge = theme.accent if focused and item.enabled else theme.panel_edge
    pygame.draw.rect(surface, edge, rect, 3 if focused else 1, border_radius=radius)
    size = font_size_for(rect)
    colour = theme.button_text if item.enabled else theme.text_muted
    pad = rect.height // 3
    ink = Ink(size, colour)
    with text.within(rect):
        if not item.is_option:
            text.blit_fitted(surface, item.label, ink, rect.inflate(-2 * pad, 0))
            return
        box = value_box(rect, labelled=bool(item.label))
        if item.label:
            label = pygame.Rect(rect.x + pad, rect.y, box.x - rect.x - pad - pad // 2, rect.height)
            text.blit_fitted(surface, item.label, ink, label, anchor="midleft")
        arrow = max(5, rect.height // 6)
        text.blit_fitted(surface, item.value_text, ink, box.inflate(-2 * (pad + arrow + 4), 0))
    arrow = max(5, rect.height // 6)
    cy = rect.centery
    left_x = box.x + pad
    right_x = box.right - pad
    can_back = item.wrap or item.index > 0
    can_forward = item.wrap or item.index < len(item.choices) - 1
    dim = theme.text_muted
    pygame.draw.polygon(
        surface,
        colour if can_back else dim,
        [(left_x, cy), (left_x + arrow, cy - arrow), (left_x + arrow, cy + arrow)],
    )
    pygame.draw.polygon(
        surface,
        colour if can_forward else dim,
        [(right_x, cy), (right_x - arrow, cy - arrow), (right_x - arrow, cy + arrow)],
    )


def draw_items(
    surface: pygame.Surface,
    items: ItemList,
    rects: Mapping[str, pygame.Rect],
    look: Look,
    *,
    show_focus: bool = True,
) -> None:
    """Each item in its rect (``show_focus``: mark the focused one)."""
    for i, item in enumerate(items.items):
        rect = rects.get(item.key)
        if rect is not None:
            draw_item(surface, item, rect, look, focused=show_focus and i == items.focus)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int = 10) -> None:
    pygame.draw.rect(surface, theme.panel, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.panel_edge, rect, 1, border_radius=radius)


def column_layout(
    keys: Sequence[str], midtop: tuple[int, int], size: tuple[int, int], gap: int
) -> dict[str, pygame.Rect]:
    """Rects of ``size`` for ``keys``, ``gap`` apart, stacked downwards from ``midtop``
    (the first one's top centre)."""
    centre_x, top = midtop
    width, height = size
    rects = {}
    y = top
    for key in keys:
        rects[key] = pygame.Rect(centre_x - width // 2, y, width, height)
        y += height + gap
    return rects


@dataclass(frozen=True, slots=True)
class SidePanel:
    """A screen with a side panel on the right (the play and Review screens): the
    window's ``scale`` (1 at 960x720), the margin ``pad``, the ``panel`` and the
    ``area`` on its left."""

    scale: float
    pad: int
    panel: pygame.Rect
    area: pygame.Rect

    def buttons(self, keys: Sequence[str]) -> dict[str, pygame.Rect]:
        """Rects for ``keys``, stacked at the bottom of the panel."""
        row_h = max(28, round(44 * self.scale))
        gap = max(5, round(row_h * 0.2))
        panel, pad = self.panel, self.pad
        top = panel.bottom - pad - len(keys) * (row_h + gap) + gap
        return column_layout(keys, (panel.centerx, top), (panel.width - 2 * pad, row_h), gap)


def side_panel(size: tuple[int, int], share: float, width: tuple[int, int]) -> SidePanel:
    """The panel ``share`` of the window wide, between ``width`` (least, most) pixels, on
    the right of a window of ``size``, and the room left of it."""
    w, h = size
    window = metrics(size)
    scale, pad = window.scale, window.pad
    panel_w = min(max(round(w * share), width[0]), width[1])
    panel = pygame.Rect(w - panel_w - pad, pad, panel_w, h - 2 * pad)
    area = pygame.Rect(pad, pad, panel.x - 2 * pad, h - 2 * pad)
    return SidePanel(scale, pad, panel, area)
