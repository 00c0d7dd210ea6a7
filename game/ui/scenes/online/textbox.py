"""Boxes to type into (a name, an address, a room code, a chat line), and the keys a
screen with such boxes keeps from its buttons.

While a box takes the typing, a letter key is a letter: it must not move the buttons'
focus (W and S do on a form) nor reach the window's own keys (M mutes), so a screen with
boxes says :attr:`~game.ui.scenes.base.Scene.typing`.  Tab moves to the next box, Ctrl+V
pastes, Backspace deletes; Up, Down, Enter and Esc still work the buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from game.ui import clipboard
from game.ui.input import TEXT_KEYS, Command, key_order
from game.ui.services import Look
from game.ui.text import Ink

BUTTON_KEYS: Final = frozenset(
    {pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE}
)
"""The keys a screen's buttons still get while a box takes the typing."""


COUNTED_FROM: Final = 0.75
"""A box of :data:`COUNTED_LIMIT` characters or more shows how many are typed once it is
this full (a chat line stops at 200: the count says so before it does); a shorter one
(a name) only once it is full, when what is typed further is left out.  A room code's
box never: a code has its one length."""
COUNTED_LIMIT: Final = 40


@dataclass
class TextBox:
    """One line of text, at most ``limit`` characters; ``upper`` for room codes (in
    capitals, without the spaces a code copied from a message may bring)."""

    label: str
    limit: int
    text: str = ""
    upper: bool = False

    @property
    def count(self) -> str | None:
        """What is typed against the limit ("150/200") once a long box is nearly full
        (:data:`COUNTED_FROM`) or any other box but a room code's is full, else None."""
        typed = len(self.text)
        full = typed >= self.limit and not self.upper
        if not full and (self.limit < COUNTED_LIMIT or typed < self.limit * COUNTED_FROM):
            return None
        return f"{typed}/{self.limit}"

    def type(self, typed: str) -> None:
        printable = "".join(char for char in typed if char.isprintable())
        if self.upper:
            printable = "".join(printable.split()).upper()
        self.text = (self.text + printable)[: self.limit]

    def erase(self) -> None:
        self.text = self.text[:-1]

    def paste(self) -> None:
        """The clipboard's text, on one line, after what is typed."""
        pasted = clipboard.paste_text()
        if pasted is not None:
            self.type(" ".join(pasted.split()))


class Boxes:
    """The boxes of one screen, one of them taking the typing (:attr:`active`)."""

    def __init__(self, boxes: list[TextBox]) -> None:
        self.boxes = boxes
        self.active = 0

    @property
    def current(self) -> TextBox:
        return self.boxes[self.active]

    def handle(self, event: pygame.event.Event, rects: list[pygame.Rect]) -> bool:
        """Whether ``event`` was typing (or a click on a box): the buttons do not get it."""
        if event.type == pygame.TEXTINPUT:
            self.current.type(event.text)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(rects):
                if rect.collidepoint(event.pos):
                    self.active = index
                    return True
            return False
        if event.type != pygame.KEYDOWN or event.key in BUTTON_KEYS:
            return False
        order = key_order(event, TEXT_KEYS)
        command = None if order is None else order.command
        if command is Command.NEXT_BOX:
            self.active = (self.active + 1) % len(self.boxes)
        elif command is Command.ERASE:
            self.current.erase()
        elif command is Command.PASTE:
            self.current.paste()
        return True  # any other key is typing (its text comes as TEXTINPUT)


def label_lines(look: Look, label: str, size: int, width: int) -> tuple[int, tuple[str, ...]]:
    """A box's ``label`` (the box's type ``size``, ``width`` pixels wide) as it is drawn
    above it: its type size and its lines (a long hint wraps rather than being cut)."""
    label_size = max(12, round(size * 0.8))
    return label_size, look.text.wrap(label, label_size, width)


def draw_box(  # noqa: PLR0913 (keywords: how it is shown)
    surface: pygame.Surface,
    look: Look,
    box: TextBox,
    rect: pygame.Rect,
    size: int,
    *,
    active: bool,
    label: str | None = None,
) -> None:
    """``box`` in ``rect``: its label (or ``label``) above, its text inside, a caret
    when ``active``."""
    theme, text = look.theme, look.text
    label_size, lines = label_lines(look, box.label if label is None else label, size, rect.width)
    top = rect.y - 4 - len(lines) * text.line_step(label_size)
    text.blit_lines(surface, lines, Ink(label_size, theme.text_muted), (rect.x, top))
    pygame.draw.rect(surface, theme.panel, rect, border_radius=6)
    edge = theme.accent if active else theme.panel_edge
    pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
    inside = rect.inflate(-16, 0)
    if box.count is not None:  # at the box's right, the rest of the box for the text
        full = len(box.text) >= box.limit
        ink = Ink(label_size, theme.score_loss if full else theme.text_muted)
        counted = text.blit(surface, box.count, ink, inside.midright, anchor="midright")
        inside.width = max(0, counted.left - 8 - inside.left)
    if active:  # the end of what is typed stays in view, beside the caret
        text.blit_end(surface, box.text + "|", Ink(size, theme.text), inside)
    else:
        text.blit_fitted(surface, box.text, Ink(size, theme.text), inside, anchor="midleft")
