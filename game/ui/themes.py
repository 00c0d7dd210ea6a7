"""Colours of the window: the classic look, a colour-blind friendly one with shapes on the
discs, and a blue-and-orange palette that red-green colour-blind players can tell apart.

A theme is plain data.  ``symbols`` asks the board view to mark each disc with
a shape (a cross on the first colour, a ring on the second) so that the two sides
differ by more than colour; the winning four is always marked with a star, in
every theme.  The two sides keep their names in the code ("red" moves first,
"yellow" second, as in the settings file); ``colour_names`` says what a theme
shows for them, since the blue-and-orange palette draws neither red nor yellow.
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
    """The colour of the symbol drawn on the disc (themes with ``symbols``)."""


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
    colour_names: Mapping[str, str]
    """What the player reads for each side ("red", "yellow") in this theme."""
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
    colour_names=MappingProxyType({"red": "Red", "yellow": "Yellow"}),
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

# Named "high-contrast" in settings files from before it had its present label.
COLOUR_BLIND = Theme(
    name="high-contrast",
    label="Colour-blind friendly",
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
    colour_names=MappingProxyType({"red": "Red", "yellow": "Yellow"}),
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

# Blue against orange: the pair that stays apart for deuteranopes and protanopes,
# who lose the red-green axis but keep the blue-yellow one and lightness.  The
# hues follow Okabe and Ito's colour-universal-design palette (blue 0,114,178 and
# orange 230,159,0), made brighter to stand out on a dark board: the orange is
# also much lighter than the blue, so even lightness alone tells them apart.
# Simulated with Machado, Oliveira and Fernandes' (2009) full-severity matrices,
# the two discs stay more than 120 CIELAB units apart for both (red and green
# fall to 9 for deuteranopes); tests/test_themes.py checks it.  The board is a
# neutral grey, not blue, so the blue disc keeps its contrast, and nothing else
# on screen leans on red against green: the analysis uses blue for good and
# orange for bad.
BLUE_ORANGE = Theme(
    name="blue-orange",
    label="Blue and orange",
    background_top=(34, 36, 44),
    background_bottom=(14, 15, 20),
    board=(92, 96, 108),
    board_edge=(58, 61, 70),
    board_back=(24, 26, 32),
    discs=MappingProxyType(
        {
            "red": DiscStyle((245, 140, 20), (176, 92, 0), (255, 200, 130), (40, 20, 0)),
            "yellow": DiscStyle((30, 110, 220), (12, 64, 150), (130, 180, 250), (255, 255, 255)),
        }
    ),
    colour_names=MappingProxyType({"red": "Orange", "yellow": "Blue"}),
    symbols=False,
    text=(238, 240, 246),
    text_muted=(160, 166, 180),
    accent=(240, 228, 66),
    panel=(26, 28, 36),
    panel_edge=(74, 78, 92),
    button=(52, 56, 68),
    button_focus=(90, 98, 120),
    button_text=(244, 246, 250),
    button_disabled=(36, 38, 46),
    win_mark=(255, 255, 255),
    win_outline=(20, 20, 24),
    last_mark=(255, 255, 255),
    hint=(240, 228, 66),
    score_win=(110, 190, 255),
    score_loss=(255, 150, 60),
    score_draw=(210, 212, 220),
    notice=(250, 246, 220),
    notice_text=(30, 30, 30),
    banner=(20, 21, 28),
    shade=(0, 0, 0, 150),
)

THEMES: Mapping[str, Theme] = MappingProxyType(
    {t.name: t for t in (CLASSIC, COLOUR_BLIND, BLUE_ORANGE)}
)
"""Every theme by its name in the settings file (:data:`game.settings.THEMES`), in menu order."""


def theme_named(name: str) -> Theme:
    """The theme called ``name`` (one of :data:`game.settings.THEMES`); classic if unknown."""
    return THEMES.get(name, CLASSIC)
