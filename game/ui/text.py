"""Text: the bundled fonts at any size, with fonts, rendered lines and wrapped paragraphs cached.

The font is Inter (:data:`game.resources.FONT`, SIL Open Font License).  pygame's
built-in font (FreeSans Bold) leaves gaps inside words at the sizes the window
uses ("compu ter", "Ct rl+Z"); Inter does not.  If the file is missing or cannot
be loaded, the text is drawn with the built-in font instead: the problem is
logged and kept in :attr:`TextCache.missing` or :attr:`TextCache.problems` for
the window to tell the player, as :class:`game.ui.sounds.SoundBank` does.

Inter has no Chinese characters: a character it lacks is drawn with the first
fallback font that has it (:data:`game.resources.CJK_FONT`, a subset of Noto Sans
CJK SC: the Chinese catalogue's characters and GB 2312's; :mod:`game.ui.glyphs` reads which
characters each file has).  A line is then drawn in runs, one per font, on Inter's
baseline and in Inter's line height, so layouts measure every language alike.  The
fallback is loaded when a text first needs it.

Wrapping breaks at spaces, and between Chinese characters (never before a closing
mark such as the ideographic comma or after an opening one); a word too long for its line is broken
where it must be.  :meth:`TextCache.blit_fitted` draws a line that must fit a width
(a button's label): smaller down to :data:`MIN_PIXELS`, and as a last resort cut short
with an ellipsis; glyphs are never squeezed.  Rows of labels side by side take one size
for all (:meth:`TextCache.fitting_size`), so that no neighbour is drawn smaller than
another; a layout that has no room for its words wraps them or says them shorter.
Every :meth:`TextCache.blit` can be watched (:meth:`TextCache.watch`) with the box the
drawing code declared (:meth:`TextCache.within`), its size and whether it was cut: the
tests check no text leaves its box and none is cut.

Sizes.  Callers pass a *layout size*, the unit every layout was tuned in:
pygame's built-in font draws at 0.6875 of the size asked, so a layout size of
32 is 22 px.  :func:`pixel_size` turns it into pixels for the bundled font
(which then keeps the widths the layouts expect) and never goes below
:data:`MIN_PIXELS`, which the smallest layout sizes at 640x480 (12-15, that is
8-10 px) would.  The layouts scale their sizes with the window
(:func:`game.ui.layout.scale_of`).

Call only after ``pygame.font.init()``.  The caches belong to one
:class:`TextCache` (the app makes one per window), so no font outlives the
``pygame.font`` session that made it.
"""

from __future__ import annotations

import functools
import logging
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pygame

from game.i18n import gettext as _
from game.resources import CJK_FONT, FONT, MissingAssetError, asset_path
from game.ui import glyphs
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

NO_BREAK_BEFORE = frozenset(
    "\uff0c\u3002\u3001\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u3011\u300b\u3009"
    ",.:;!?)]}%\u00a0\u202f"
)
"""Characters a line never starts with (they close or follow what is before them)."""
NO_BREAK_AFTER = frozenset("\uff08\u300c\u300e\u3010\u300a\u3008([{\u00a0\u202f")
ELLIPSIS = "\u2026"
"""Ends a line cut short (:meth:`TextCache.fitted`'s last resort)."""
"""Characters a line never ends with (they open what follows them, or join it)."""
NO_BREAK_SPACE = "\u00a0"
SYMBOLS = frozenset({"Sm", "So"})
"""The Unicode categories of marks that stay with the word after them (a tick, =, ▲)."""
SPACE_LIKE = frozenset(" \u00a0\u202f")
UNITS = frozenset({"s", "ms", "min", "MB", "GB", "px", "\u0441", "\u043c\u0441", "\u041c\u0411"})
"""Units a number is never parted from at a line's end ("8 s", and the Ukrainian
seconds, milliseconds and megabytes)."""
_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"
"""Drawn in place of a lone surrogate (half of a character that cannot be encoded)."""


def drawable(text: str) -> str:
    """``text`` as the font library takes it: a NUL (pygame refuses the whole line)
    left out, a lone surrogate (it cannot be encoded) drawn as :data:`REPLACEMENT`.
    Whatever a file or another player held, measuring or drawing it never raises."""
    return _SURROGATE.sub(REPLACEMENT, text.replace("\x00", ""))


def breaks_anywhere(char: str) -> bool:
    """Whether a line may break before or after ``char`` without a space: the characters
    of Chinese and Japanese (wide, or their punctuation)."""
    return unicodedata.east_asian_width(char) in ("W", "F")


@dataclass(frozen=True, slots=True)
class Drawn:
    """One line of text drawn: its words, where it landed, the box its drawing code
    declared for it (None: the whole surface), its size in pixels (0: not said) and
    whether it was ``cut`` short to fit (its end left out)."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect | None
    surface: tuple[int, int]
    pixels: int = 0
    cut: bool = False


class Ink(NamedTuple):
    """How text is drawn: its layout ``size``, its ``colour``, and for a block of lines
    the ``spacing`` from one line's top to the next (in line heights)."""

    size: int
    colour: Colour
    spacing: float = 1.15


class Said(NamedTuple):
    """What a line drawn says: its ``text``, its size in ``pixels``, and whether it was
    ``cut`` short (what a :class:`Drawn` reports besides where it went)."""

    text: str
    pixels: int = 0
    cut: bool = False


def pixel_size(size: int) -> int:
    """The pixel size of the text for layout size ``size``: at least :data:`MIN_PIXELS`."""
    return max(MIN_PIXELS, round(size * LAYOUT_UNIT))


def smaller_sizes(size: int, floor: int = 1) -> Iterator[int]:
    """Layout sizes from ``size`` down to ``floor``, one per pixel size they are drawn
    at (the largest of each), down to the one drawn at :data:`MIN_PIXELS`."""
    pixels = pixel_size(size) + 1
    for candidate in range(size, max(floor, 1) - 1, -1):
        if pixel_size(candidate) < pixels:
            pixels = pixel_size(candidate)
            yield candidate
            if pixels <= MIN_PIXELS:
                return


class TextCache:
    """Fonts by size, rendered text by (text, size, colour), wrapped text by (text, size, width).

    ``font_file`` is an asset name (default :data:`game.resources.FONT`), ``fallbacks``
    the fonts for the characters it lacks (default the CJK subset).  Looking the
    main font up happens here; loading it, at the first :meth:`font` or at
    :meth:`load`; the fallbacks, when a text first needs one.
    """

    def __init__(self, font_file: str = FONT, fallbacks: tuple[str, ...] = (CJK_FONT,)) -> None:
        self.font_file = font_file
        self.fallback_files = fallbacks
        self.missing: list[MissingAssetError] = []
        self.problems: list[str] = []
        self._path: Path | None
        try:
            self._path = asset_path(font_file)
        except MissingAssetError as error:
            log.error("%s Text uses pygame's built-in font instead.", error)
            self.missing.append(error)
            self._path = None
        self._chains: list[tuple[Path, frozenset[int]]] | None = None
        self._boxes: list[pygame.Rect] = []
        self._watchers: list[Callable[[Drawn], None]] = []
        # Per instance (not on the methods): the caches go with the window's fonts.
        self._fonts = functools.lru_cache(maxsize=MAX_FONTS)(self._load_font)
        self._fallback_fonts = functools.lru_cache(maxsize=MAX_FONTS)(self._load_fallback)
        self._lines = functools.lru_cache(maxsize=MAX_CACHED)(self._render)
        self._wraps = functools.lru_cache(maxsize=MAX_CACHED)(self._wrap)
        self._runs = functools.lru_cache(maxsize=MAX_CACHED)(self._split_runs)

    @property
    def bundled(self) -> bool:
        """True while text is drawn with the bundled font (not the built-in fallback)."""
        return self._path is not None

    def load(self) -> None:
        """Load the font now, so a damaged file is in :attr:`problems` before the
        first frame.  Never raises; needs ``pygame.font.init()``."""
        self.font(0)

    def font(self, size: int) -> pygame.font.Font:
        """The main font for layout size ``size`` (see :func:`pixel_size`)."""
        return self._fonts(pixel_size(size))

    def line_step(self, size: int, spacing: float = 1.15) -> int:
        """Pixels from one line's top to the next in :meth:`blit_lines`: measure a block
        of text with this, not with ``size`` (the floor makes small sizes taller)."""
        return round(self.font(size).get_linesize() * spacing)

    def render(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """One line of anti-aliased text (transparent background)."""
        return self._lines(text, pixel_size(size), colour)

    def size_of(self, text: str, size: int) -> tuple[int, int]:
        """The width and height of ``text`` drawn on one line at layout size ``size``."""
        return self._measure(text, pixel_size(size))

    def wrap(self, text: str, size: int, width: int) -> tuple[str, ...]:
        """``text`` broken into lines at most ``width`` pixels wide (at spaces, between
        Chinese characters, and inside a word only when it is wider than a line);
        blank lines in ``text`` are kept."""
        return self._wraps(text, pixel_size(size), width)

    # -- fonts -------------------------------------------------------------------------------
    def _load_font(self, pixels: int) -> pygame.font.Font:
        if self._path is not None:
            try:
                font = pygame.font.Font(self._path, pixels)
                # pygame-ce 2.5 returns a font even for a damaged file; its first
                # measurement raises (and some other calls would crash the process).
                font.size(self.font_file)
                return font
            except (pygame.error, OSError, ValueError) as error:
                message = _(
                    "The font {file!r} could not be loaded ({error}); text uses pygame's"
                    " built-in font instead."
                ).format(file=self.font_file, error=error)
                log.error("%s", message)
                self.problems.append(message)
                self._path = None
        # The built-in font is drawn at LAYOUT_UNIT of the size asked.
        return pygame.font.Font(None, round(pixels / LAYOUT_UNIT))

    def _load_fallback(self, index: int, pixels: int) -> pygame.font.Font:
        path = self._fallbacks()[index][0]
        return pygame.font.Font(path, pixels)

    def _fallbacks(self) -> list[tuple[Path, frozenset[int]]]:
        """The fallback fonts that load, with the characters each has (read once)."""
        if self._chains is None:
            self._chains = []
            for name in self.fallback_files:
                try:
                    path = asset_path(name)
                    pygame.font.Font(path, MIN_PIXELS).size("0")
                except (MissingAssetError, pygame.error, OSError, ValueError) as error:
                    log.error("the fallback font %r is not usable: %s", name, error)
                    continue
                self._chains.append((path, glyphs.characters(path)))
        return self._chains

    @functools.cached_property
    def _main_characters(self) -> frozenset[int]:
        return glyphs.characters(self._path) if self._path is not None else frozenset()

    def covers(self, text: str) -> str:
        """The characters of ``text`` that no font of this cache draws (empty: all are
        drawn with real glyphs)."""
        runs = self._runs(text)
        missing = []
        for font_index, part in runs:
            chars = self._main_characters if font_index < 0 else self._fallbacks()[font_index][1]
            missing += [c for c in part if ord(c) not in chars and c not in SPACE_LIKE]
        return "".join(dict.fromkeys(missing))

    def _split_runs(self, text: str) -> tuple[tuple[int, str], ...]:
        """``text`` in runs of one font each: -1 the main font, else a fallback's index.
        A character no font has goes to the main font (which draws a box); spaces stay
        with the run they are in; the runs hold :func:`drawable` text."""
        text = drawable(text)
        if self._path is None:
            return ((-1, text),)
        main = self._main_characters
        if all(ord(c) in main for c in text):
            return ((-1, text),)
        runs: list[tuple[int, str]] = []
        for char in text:
            index = -1
            if ord(char) not in main and char not in SPACE_LIKE:
                index = next(
                    (i for i, (_p, chars) in enumerate(self._fallbacks()) if ord(char) in chars),
                    -1,
                )
            if runs and (runs[-1][0] == index or char in SPACE_LIKE):
                runs[-1] = (runs[-1][0], runs[-1][1] + char)
            else:
                runs.append((index, char))
        return tuple(runs)

    def _run_font(self, index: int, pixels: int) -> pygame.font.Font:
        return self._fonts(pixels) if index < 0 else self._fallback_fonts(index, pixels)

    def _measure(self, text: str, pixels: int) -> tuple[int, int]:
        runs = self._runs(text)
        main = self._fonts(pixels)
        if len(runs) == 1 and runs[0][0] < 0:
            return main.size(runs[0][1])
        width = sum(self._run_font(index, pixels).size(part)[0] for index, part in runs)
        return width, main.get_height()

    def _render(self, text: str, pixels: int, colour: Colour) -> pygame.Surface:
        runs = self._runs(text)
        main = self._fonts(pixels)
        if len(runs) == 1 and runs[0][0] < 0:
            return main.render(runs[0][1], True, colour)
        # Each run on the main font's baseline, in the main font's line height: the
        # fallback's taller ascent is empty space above its characters.
        pieces = [self._run_font(i, pixels).render(part, True, colour) for i, part in runs]
        line = pygame.Surface((sum(p.get_width() for p in pieces), main.get_height()))
        line = line.convert_alpha() if pygame.display.get_surface() is not None else line
        line.fill((0, 0, 0, 0))
        x = 0
        for (index, _part), piece in zip(runs, pieces, strict=True):
            y = main.get_ascent() - self._run_font(index, pixels).get_ascent()
            line.blit(piece, (x, y))
            x += piece.get_width()
        return line

    # -- wrapping --------------------------------------------------------------------------
    def _wrap(self, text: str, pixels: int, width: int) -> tuple[str, ...]:
        out: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for piece in _pieces(_bind(paragraph)):
                candidate = line + piece
                if line and self._measure(candidate.rstrip(" "), pixels)[0] > width:
                    out.append(line.rstrip(" "))
                    line = piece.lstrip(" ")
                else:
                    line = candidate
                while self._measure(line.rstrip(" "), pixels)[0] > width and len(line) > 1:
                    head = self._longest_fit(line, pixels, width)
                    out.append(head)
                    line = line[len(head) :]
            out.append(line.rstrip(" "))
        return tuple(out)

    def _longest_fit(self, word: str, pixels: int, width: int) -> str:
        """The longest start of ``word`` that fits ``width`` (one character at least)."""
        for end in range(len(word) - 1, 0, -1):
            if self._measure(word[:end], pixels)[0] <= width:
                return word[:end]
        return word[:1]

    # -- drawing ---------------------------------------------------------------------------
    @contextmanager
    def within(self, box: pygame.Rect) -> Iterator[None]:
        """Declare that the text drawn in the block belongs inside ``box`` (what
        :meth:`watch` reports with each line)."""
        self._boxes.append(pygame.Rect(box))
        try:
            yield
        finally:
            self._boxes.pop()

    def watch(self, watcher: Callable[[Drawn], None] | None) -> None:
        """Call ``watcher`` with every line drawn from now on (None: stop watching)."""
        self._watchers = [] if watcher is None else [watcher]

    def _blit_surface(
        self, surface: pygame.Surface, rendered: pygame.Surface, said: Said, rect: pygame.Rect
    ) -> pygame.Rect:
        surface.blit(rendered, rect)
        if self._watchers:
            box = self._boxes[-1] if self._boxes else None
            drawn = Drawn(said.text, pygame.Rect(rect), box, surface.get_size(), *said[1:])
            for watcher in self._watchers:
                watcher(drawn)
        return rect

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
        return self._blit_surface(surface, rendered, Said(text, pixel_size(ink.size)), rect)

    def fitting_size(self, texts: Sequence[str], size: int, width: int) -> int | None:
        """The largest layout size up to ``size`` at which each of ``texts`` fits
        ``width`` pixels on one line, drawn no smaller than :data:`MIN_PIXELS`; None
        when one is too wide even then.  Labels side by side take it together."""
        for candidate in smaller_sizes(size):
            pixels = pixel_size(candidate)
            if all(self._measure(text, pixels)[0] <= width for text in texts):
                return candidate
        return None

    def fitted(self, text: str, ink: Ink, width: int) -> pygame.Surface:
        """One line of ``text`` at most ``width`` pixels wide: in ``ink``'s size if it
        fits, else smaller (never below :data:`MIN_PIXELS`), else cut short with an
        ellipsis (glyphs are never squeezed: a layout that cuts is a layout to fix)."""
        return self._fit(text, ink, width)[0]

    def _fit(self, text: str, ink: Ink, width: int) -> tuple[pygame.Surface, int, str]:
        """:meth:`fitted`, with its size in pixels and the words drawn."""
        pixels = pixel_size(ink.size)
        while pixels > MIN_PIXELS and self._measure(text, pixels)[0] > width:
            pixels -= 1
        shown = text
        if self._measure(text, pixels)[0] > width:
            shown = self._cut(text, pixels, width)
        return self._lines(shown, pixels, ink.colour), pixels, shown

    def _cut(self, text: str, pixels: int, width: int, *, keep_end: bool = False) -> str:
        """The longest start of ``text`` (``keep_end``: end) that, with an ellipsis, is
        at most ``width`` pixels wide at ``pixels`` (found by halving: a line may be any
        length)."""

        def part(count: int) -> str:
            if keep_end:
                return ELLIPSIS + (text[len(text) - count :] if count else "").lstrip()
            return text[:count].rstrip() + ELLIPSIS

        low, high = 0, len(text)
        while low < high:
            middle = (low + high + 1) // 2
            if self._measure(part(middle), pixels)[0] <= width:
                low = middle
            else:
                high = middle - 1
        return part(low)

    def blit_fitted(
        self,
        surface: pygame.Surface,
        text: str,
        ink: Ink,
        slot: pygame.Rect,
        *,
        anchor: str = "center",
    ) -> pygame.Rect:
        """One line no wider than ``slot`` (see :meth:`fitted`), its ``anchor`` at the
        slot's (a pygame.Rect attribute name: "midleft" puts it at the slot's left)."""
        if self.size_of(text, ink.size)[0] <= slot.width:
            return self.blit(surface, text, ink, getattr(slot, anchor), anchor=anchor)
        rendered, pixels, shown = self._fit(text, ink, slot.width)
        rect = rendered.get_rect(**{anchor: getattr(slot, anchor)})
        return self._blit_surface(surface, rendered, Said(text, pixels, shown != text), rect)

    def blit_end(
        self, surface: pygame.Surface, text: str, ink: Ink, slot: pygame.Rect
    ) -> pygame.Rect:
        """One line in ``ink``'s size at the left of ``slot``: the whole of ``text`` if
        it fits the slot's width, else its end after an ellipsis (a box being typed
        into keeps the words being typed in view)."""
        pixels = pixel_size(ink.size)
        shown = text
        if self._measure(text, pixels)[0] > slot.width:
            shown = self._cut(text, pixels, slot.width, keep_end=True)
        rendered = self._lines(shown, pixels, ink.colour)
        rect = rendered.get_rect(midleft=slot.midleft)
        return self._blit_surface(surface, rendered, Said(text, pixels, shown != text), rect)

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


def _bind(paragraph: str) -> str:
    """``paragraph`` with the spaces no line may break at made no-break spaces: beside a
    Chinese character (Chinese lines break between its characters: "第 4 列" stays
    whole), after a symbol (the mark stays with its word: "✓ Victoire"), and between a
    number and its unit (:data:`UNITS`: "8 s" never ends up a line apart)."""
    chars = list(paragraph)
    for i, char in enumerate(chars):
        if char != " ":
            continue
        before = paragraph[i - 1] if i else ""
        after = paragraph[i + 1] if i + 1 < len(paragraph) else ""
        wide = any(c and breaks_anywhere(c) for c in (before, after))
        symbol = before and unicodedata.category(before) in SYMBOLS
        if wide or symbol or (before.isdigit() and _unit_at(paragraph, i + 1)):
            chars[i] = NO_BREAK_SPACE
    return "".join(chars)


def _unit_at(text: str, start: int) -> bool:
    """Whether a unit of :data:`UNITS` begins at ``start`` of ``text`` (as a word)."""
    end = start
    while end < len(text) and text[end].isalpha():
        end += 1
    return text[start:end] in UNITS


def _pieces(paragraph: str) -> Iterator[str]:
    """The units a line may break between: a word with the space before it, or one
    Chinese character (with the marks that may not start a line after it)."""
    piece = ""
    for char in paragraph:
        if char == " ":
            if piece and not piece.endswith(" "):
                yield piece
                piece = ""
            piece += char
        elif breaks_anywhere(char) and char not in NO_BREAK_BEFORE:
            if piece.strip(" ") and piece[-1] not in NO_BREAK_AFTER:
                yield piece
                piece = ""
            piece += char
        elif piece and breaks_anywhere(piece[-1]) and char not in NO_BREAK_BEFORE:
            if piece[-1] not in NO_BREAK_AFTER:
                yield piece
                piece = ""
            piece += char
        else:
            piece += char
    if piece:
        yield piece
