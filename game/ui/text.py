"""Text: pygame's default font at any size, with rendered lines cached.

Rendering a line costs a fraction of a millisecond; a frame shows dozens, so
every (text, size, colour) surface is kept until the cache fills, then the
cache starts again.  Call only after ``pygame.font.init()``.
"""

from __future__ import annotations

import pygame

from game.ui.themes import Colour

MAX_CACHED = 800


class TextCache:
    """Fonts by size and rendered text by (text, size, colour)."""

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._lines: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._wraps: dict[tuple[str, int, int], tuple[str, ...]] = {}

    def font(self, size: int) -> pygame.font.Font:
        size = max(8, size)
        font = self._fonts.get(size)
        if font is None:
            font = pygame.font.Font(None, size)
            self._fonts[size] = font
        return font

    def render(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """One line of anti-aliased text (transparent background)."""
        key = (text, size, colour)
        surface = self._lines.get(key)
        if surface is None:
            if len(self._lines) >= MAX_CACHED:
                self._lines.clear()
            surface = self.font(size).render(text, True, colour)
            self._lines[key] = surface
        return surface

    def wrap(self, text: str, size: int, width: int) -> tuple[str, ...]:
        """``text`` broken into lines at most ``width`` pixels wide (a word longer
        than that gets a line of its own); blank lines in ``text`` are kept."""
        key = (text, size, width)
        lines = self._wraps.get(key)
        if lines is None:
            if len(self._wraps) >= MAX_CACHED:
                self._wraps.clear()
            font = self.font(size)
            out: list[str] = []
            for paragraph in text.split("\n"):
                line = ""
                for word in paragraph.split(" "):
                    candidate = word if not line else f"{line} {word}"
                    if line and font.size(candidate)[0] > width:
                        out.append(line)
                        line = word
                    else:
                        line = candidate
                out.append(line)
            lines = tuple(out)
            self._wraps[key] = lines
        return lines

    def blit(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        pos: tuple[int, int],
        *,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        """Draw one line with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
        rendered = self.render(text, size, colour)
        rect = rendered.get_rect(**{anchor: pos})
        surface.blit(rendered, rect)
        return rect

    def blit_lines(
        self,
        surface: pygame.Surface,
        lines: tuple[str, ...] | list[str],
        size: int,
        colour: Colour,
        pos: tuple[int, int],
        *,
        spacing: float = 1.15,
        centre: bool = False,
    ) -> int:
        """Draw lines downwards from ``pos`` (their top-left, or top-centre); returns the
        y below the last line."""
        x, y = pos
        step = round(self.font(size).get_linesize() * spacing)
        for line in lines:
            if line:
                self.blit(
                    surface, line, size, colour, (x, y), anchor="midtop" if centre else "topleft"
                )
            y += step
        return y
