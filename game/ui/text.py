"""Text: the bundled font at any size, with fonts, rendered lines and wrapped paragraphs cached.

The font is Inter (:data:`game.resources.FONT`, SIL Open Font License).  pygame's
built-in font (FreeSans Bold) leaves gaps inside words at the sizes the window
uses ("compu ter", "Ct rl+Z"); Inter does not.  If the file is missing or cannot
be loaded, the text is drawn with the built-in font instead: the problem is
logged and kept in :attr:`TextCache.missing` or :attr:`TextCache.problems` for
the window to tell the player, as :class:`game.ui.sounds.SoundBank` does.

Sizes.  Callers pass a *layout size*, the unit every layout was tuned in:
pygame's built-in font draws at 0.6875 of the size asked, so a layout size of
32 is 22 px.  :func:`pixel_size` turns it into pixels for the bundled font
(which then keeps the widths the layouts expect) and never goes below
:data:`MIN_PIXELS`, which the smallest layout sizes at 640x480 (12-15, that is
8-10 px) would.  The layouts scale their sizes with the window
(``min(width / 960, height / 720)``).

Call only after ``pygame.font.init()``.  The caches belong to one
:class:`TextCache` (the app makes one per window), so no font outlives the
``pygame.font`` session that made it.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path
from typing import NamedTuple

import pygame

from game.resources import FONT, MissingAssetError, asset_path
from game.ui.themes import Colour

log = logging.getLogger(__name__)

MIN_PIXELS = 14
"""No text is drawn smaller than this many pixels (the font's em size)."""

LAYOUT_UNIT = 0.6875
"""Pixels per layout size: the factor pygame-ce applies to its built-in font."""

MAX_CACHED = 800
"""Rendered lines (and wrapped paragraphs) kept; a frame shows a few dozen."""

MAX_FONTS = 64
"""Font sizes kept: a window being resized asks for a new size every frame."""


class Ink(NamedTuple):
    """How text is drawn: its layout ``size``, its ``colour``, and for a block of lines
    the ``spacing`` from one line's top to the next (in line heights)."""

    size: int
    colour: Colour
    spacing: float = 1.15


def pixel_size(size: int) -> int:
    """The pixel size of the text for layout size ``size``: at least :data:`MIN_PIXELS`."""
    return max(MIN_PIXELS, round(size * LAYOUT_UNIT))


class TextCache:
    """Fonts by size, rendered text by (text, size, colour), wrapped text by (text, size, width).

    ``font_file`` is an asset name (default :data:`game.resources.FONT`).  Looking it
    up happens here; loading it, at the first :meth:`font` or at :meth:`load`.
    """

    def __init__(self, font_file: str = FONT) -> None:
        self.font_file = font_file
        self.missing: list[MissingAssetError] = []
        self.problems: list[str] = []
        self._path: Path | None
        try:
            self._path = asset_path(font_file)
        except MissingAssetError as error:
            log.error("%s Text uses pygame's built-in font instead.", error)
            self.missing.append(error)
            self._path = None
        # Per instance (not on the methods): the caches go with the window's fonts.
        self._fonts = functools.lru_cache(maxsize=MAX_FONTS)(self._load_font)
        self._lines = functools.lru_cache(maxsize=MAX_CACHED)(self._render)
        self._wraps = functools.lru_cache(maxsize=MAX_CACHED)(self._wrap)

    @property
    def bundled(self) -> bool:
        """True while text is drawn with the bundled font (not the built-in fallback)."""
        return self._path is not None

    def load(self) -> None:
        """Load the font now, so a damaged file is in :attr:`problems` before the
        first frame.  Never raises; needs ``pygame.font.init()``."""
        self.font(0)

    def font(self, size: int) -> pygame.font.Font:
        """The font for layout size ``size`` (see :func:`pixel_size`)."""
        return self._fonts(pixel_size(size))

    def line_step(self, size: int, spacing: float = 1.15) -> int:
        """Pixels from one line's top to the next in :meth:`blit_lines`: measure a block
        of text with this, not with ``size`` (the floor makes small sizes taller)."""
        return round(self.font(size).get_linesize() * spacing)

    def render(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """One line of anti-aliased text (transparent background)."""
        return self._lines(text, pixel_size(size), colour)

    def wrap(self, text: str, size: int, width: int) -> tuple[str, ...]:
        """``text`` broken into lines at most ``width`` pixels wide (a word longer
        than that gets a line of its own); blank lines in ``text`` are kept."""
        return self._wraps(text, pixel_size(size), width)

    def _load_font(self, pixels: int) -> pygame.font.Font:
        if self._path is not None:
            try:
                font = pygame.font.Font(self._path, pixels)
                # pygame-ce 2.5 returns a font even for a damaged file; its first
                # measurement raises (and some other calls would crash the process).
                font.size(self.font_file)
                return font
            except (pygame.error, OSError, ValueError) as error:
                message = (
                    f"The font {self.font_file!r} could not be loaded ({error});"
                    " text uses pygame's built-in font instead."
                )
                log.error("%s", message)
                self.problems.append(message)
                self._path = None
        # The built-in font is drawn at LAYOUT_UNIT of the size asked.
        return pygame.font.Font(None, round(pixels / LAYOUT_UNIT))

    def _render(self, text: str, pixels: int, colour: Colour) -> pygame.Surface:
        return self._fonts(pixels).render(text, True, colour)

    def _wrap(self, text: str, pixels: int, width: int) -> tuple[str, ...]:
        font = self._fonts(pixels)
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
        return tuple(out)

    def blit(
        self,
        surface: pygame.Surface,
        text: str,
        ink: Ink,
        pos: tuple[int, int],
        *,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        """Draw one line in ``ink`` with its ``anchor`` (a pygame.Rect attribute name) at
        ``pos``."""
        rendered = self.render(text, ink.size, ink.colour)
        rect = rendered.get_rect(**{anchor: pos})
        surface.blit(rendered, rect)
        return rect

    def blit_lines(
        self,
        surface: pygame.Surface,
        lines: tuple[str, ...] | list[str],
        ink: Ink,
        pos: tuple[int, int],
        *,
        centre: bool = False,
    ) -> int:
        """Draw lines downwards from ``pos`` (their top-left, or top-centre), ``ink.spacing``
        apart; returns the y below the last line."""
        x, y = pos
        step = self.line_step(ink.size, ink.spacing)
        anchor = "midtop" if centre else "topleft"
        for line in lines:
            if line:
                self.blit(surface, line, ink, (x, y), anchor=anchor)
            y += step
        return y
