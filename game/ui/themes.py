"""Colours of the window: the classic look and a high-contrast one with symbols on the discs.

A theme is plain data.  ``symbols`` asks the board view to mark each disc with
a shape (a cross on red, a ring on yellow) so that the two sides differ by more
than colour; the winning four is always marked with a star, in every theme.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class DiscStyle:
    fill: Colour
    rim: Colour
    shine: Colour
    mark: Colour
    """The colour of the symbol drawn on the disc (high-contrast theme)."""


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    label: str
    background_top: Colour
    background_bottom: Colour
    board: Colour
    board_edge: Colour
    board_back: Colour
    discs: Mapping[str, DiscStyle]
    symbols: bool
    text: Colour
    text_muted: Colour
    accent: Colour
    panel: Colour
    panel_edge: Colour
    button: Colour
    button_focus: Colour
    button_text: Colour
    button_disabled: Colour
    win_mark: Colour
    win_outline: Colour
    last_mark: Colour
    hint: Colour
    score_win: Colour
    score_loss: Colour
    score_draw: Colour
    notice: Colour
    notice_text: Colour
    banner: Colour
    shade: tuple[int, int, int, int]
    """Laid over a scene behind a pause menu."""


CLASSIC = Theme(
    name="classic",
    label="Classic",
    background_top=(28, 36, 64),
    background_bottom=(12, 16, 32),
    board=(36, 86, 196),
    board_edge=(22, 56, 140),
    board_back=(14, 28, 72),
    discs=MappingProxyType(
        {
            "red": DiscStyle((214, 40, 48), (150, 20, 30), (240, 110, 110), (255, 255, 255)),
            "yellow": DiscStyle((246, 200, 40), (190, 142, 10), (255, 236, 140), (40, 30, 0)),
        }
    ),
    symbols=False,
    text=(236, 240, 250),
    text_muted=(150, 162, 190),
    accent=(255, 210, 70),
    panel=(22, 30, 56),
    panel_edge=(58, 72, 116),
    button=(44, 58, 100),
    button_focus=(70, 110, 210),
    button_text=(240, 244, 255),
    button_disabled=(34, 42, 66),
    win_mark=(255, 255, 255),
    win_outline=(20, 20, 30),
    last_mark=(255, 255, 255),
    hint=(120, 255, 160),
    score_win=(110, 230, 120),
    score_loss=(255, 120, 110),
    score_draw=(200, 206, 222),
    notice=(250, 244, 210),
    notice_text=(30, 30, 30),
    banner=(16, 20, 40),
    shade=(0, 0, 0, 150),
)

HIGH_CONTRAST = Theme(
    name="high-contrast",
    label="High contrast",
    background_top=(0, 0, 0),
    background_bottom=(0, 0, 0),
    board=(0, 60, 200),
    board_edge=(255, 255, 255),
    board_back=(0, 0, 0),
    discs=MappingProxyType(
        {
            "red": DiscStyle((230, 0, 40), (255, 255, 255), (230, 0, 40), (255, 255, 255)),
            "yellow": DiscStyle((255, 230, 0), (255, 255, 255), (255, 230, 0), (0, 0, 0)),
        }
    ),
    symbols=True,
    text=(255, 255, 255),
    text_muted=(220, 220, 220),
    accent=(0, 255, 255),
    panel=(0, 0, 0),
    panel_edge=(255, 255, 255),
    button=(0, 0, 0),
    button_focus=(0, 90, 255),
    button_text=(255, 255, 255),
    button_disabled=(60, 60, 60),
    win_mark=(0, 255, 255),
    win_outline=(0, 0, 0),
    last_mark=(0, 255, 255),
    hint=(0, 255, 255),
    score_win=(0, 255, 0),
    score_loss=(255, 80, 80),
    score_draw=(255, 255, 255),
    notice=(255, 255, 255),
    notice_text=(0, 0, 0),
    banner=(0, 0, 0),
    shade=(0, 0, 0, 190),
)

THEMES: Mapping[str, Theme] = MappingProxyType({t.name: t for t in (CLASSIC, HIGH_CONTRAST)})


def theme_named(name: str) -> Theme:
    """The theme called ``name`` (one of :data:`game.settings.THEMES`); classic if unknown."""
    return THEMES.get(name, CLASSIC)
