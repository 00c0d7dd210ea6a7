"""Notices: short sentences for the player that stand a few seconds on screen, newest
lowest, then fade out.  A notice on a topic replaces the one before on that topic
("Speed: fast." the "Speed: slow." before it); the same sentence twice stays once."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import pygame

from game.ui.layout import Metrics, metrics
from game.ui.services import Look
from game.ui.text import Ink

log = logging.getLogger(__name__)

NOTICE_SECONDS = 6.0
LONG_NOTICE_SECONDS = 12.0
MAX_NOTICES = 4
FADE_SECONDS = 0.5


@dataclass(frozen=True, slots=True)
class NoticePlace:
    """Where a screen shows its notices: stacked up from ``bottom``, centred on
    ``centre_x``, each at most ``width`` wide, the newest ``count`` of them, none above
    ``top`` (but the newest, which is always shown)."""

    centre_x: int
    bottom: int
    width: int
    count: int
    top: int = 0


@dataclass
class Notice:
    text: str
    remaining: float
    topic: str | None = None


class Notices:
    """The notices on screen, oldest first (at most :data:`MAX_NOTICES`)."""

    def __init__(self) -> None:
        self.shown: list[Notice] = []

    def notify(
        self, text: str, *, seconds: float = NOTICE_SECONDS, topic: str | None = None
    ) -> None:
        """Show ``text`` for ``seconds``; it replaces the notice on the same ``topic``."""
        for notice in self.shown:
            if notice.text == text:
                notice.remaining = max(notice.remaining, seconds)
                return
        if topic is not None:
            self.shown = [notice for notice in self.shown if notice.topic != topic]
        log.info("notice: %s", text)
        self.shown.append(Notice(text, seconds, topic))
        del self.shown[:-MAX_NOTICES]

    def withdraw(self, topic: str) -> None:
        """The notice on ``topic`` goes now (what it said no longer holds)."""
        self.shown = [notice for notice in self.shown if notice.topic != topic]

    def next_frame_in(self) -> float | None:
        """Every frame while a notice fades out; else when the next one starts to fade
        (None: no notice is shown).  See :meth:`game.ui.scenes.base.Scene.next_frame_in`."""
        if not self.shown:
            return None
        return max(0.0, min(notice.remaining for notice in self.shown) - FADE_SECONDS)

    def update(self, dt: float) -> None:
        """``dt`` seconds passed: the notices whose time is up go."""
        for notice in self.shown:
            notice.remaining -= dt
        self.shown = [n for n in self.shown if n.remaining > 0]

    def draw(
        self, surface: pygame.Surface, look: Look, place: NoticePlace | None = None
    ) -> list[pygame.Rect]:
        """The newest notices, newest lowest, stacked up from ``place``'s bottom (default:
        the bottom of the window, up to :data:`MAX_NOTICES` of them), as many as fit
        below the window's top (the newest always: at the top if it must); the boxes
        drawn."""
        if not self.shown:
            return []
        w, h = surface.get_size()
        window = metrics((w, h))
        pad = window.length(10, 6)
        if place is None:
            place = NoticePlace(w // 2, h - pad * 2, min(w - 40, window.length(760)), MAX_NOTICES)
        y = place.bottom
        boxes: list[pygame.Rect] = []
        room = pygame.Rect(place.centre_x - place.width // 2, 0, place.width, h)
        with look.text.within(room):
            for notice in reversed(self.shown[-place.count :]):
                card = _card(look, notice, replace(place, bottom=y), window)
                if card.box.top < place.top:
                    if boxes:
                        break  # no room for the older ones
                    card.box.top = max(0, min(card.box.top, place.top))  # the newest shows
                _paint(surface, look, card, notice.remaining)
                boxes.append(card.box)
                y = card.box.top - pad // 2
        return boxes


@dataclass(frozen=True, slots=True)
class _Card:
    """A notice laid out: its box, its lines, their size and spacing, the margin."""

    box: pygame.Rect
    lines: tuple[str, ...]
    size: int
    line_h: int
    pad: int


def _card(look: Look, notice: Notice, place: NoticePlace, window: Metrics) -> _Card:
    """One notice in a box at most ``place.width`` wide, its bottom centre at ``place``'s."""
    text = look.text
    size = window.type.body
    pad = window.length(10, 6)
    lines = text.wrap(notice.text, size, place.width - 2 * pad)
    line_h = text.font(size).get_linesize()
    widest = max(text.size_of(line, size)[0] for line in lines)
    box = pygame.Rect(0, 0, widest + 2 * pad, len(lines) * line_h + 2 * pad)
    box.midbottom = (place.centre_x, place.bottom)
    return _Card(box, lines, size, line_h, pad)


def _paint(surface: pygame.Surface, look: Look, card: _Card, remaining: float) -> None:
    """The card, fading out in its last :data:`FADE_SECONDS`."""
    text, theme, box = look.text, look.theme, card.box
    alpha = round(255 * min(1.0, remaining / FADE_SECONDS))
    surface.blit(look.renderer.translucent(box.size, (*theme.notice, alpha)), box.topleft)
    top = box.y + card.pad
    for line in card.lines:
        text.blit(
            surface, line, Ink(card.size, theme.notice_text), (box.centerx, top), anchor="midtop"
        )
        top += card.line_h
