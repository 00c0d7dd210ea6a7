"""Colours of the window: the classic look, a colour-blind friendly one with shapes on the
discs, and a blue-and-orange palette that red-green colour-blind players can tell apart.

The classic theme is written here; the others are plain data in ``assets/themes.json``
(why each colour was chosen: ``assets/README.md``), read on first use.

A theme is plain data.  ``symbols`` asks the board view to mark each disc with
a shape (a cross on the first colour, a ring on the second) so that the two sides
differ by more than colour; the winning four is always marked with a star, in
every theme.  The two sides keep their names in the code ("red" moves first,
"yellow" second, as in the settings file); ``colour_names`` says what a theme
shows for them, since the blue-and-orange palette draws neither red nor yellow.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game import resources
from game.i18n import N_

log = logging.getLogger(__name__)

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
    """What the player reads for each side ("red", "yellow") in this theme, in English:
    translated where it is shown (:func:`game.ui.names.colour_name`), as ``label`` is."""
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
    label=N_("Classic"),
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
    colour_names=MappingProxyType({"red": N_("Red"), "yellow": N_("Yellow")}),
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

EXTRA_THEMES_FILE = "themes.json"
"""The other themes' palettes, an asset (data, not code): read on first use."""


def _colour(value: object) -> tuple[int, ...]:
    if not (
        isinstance(value, list)
        and len(value) in (3, 4)
        and all(isinstance(c, int) and 0 <= c <= 255 for c in value)
    ):
        raise ValueError(f"not a colour: {value!r}")
    return tuple(value)


def _theme(data: dict[str, Any]) -> Theme:
    """A theme from one record of the palettes file (the fields of :class:`Theme`)."""
    discs = {
        side: DiscStyle(*(_colour(style[part]) for part in ("fill", "rim", "shine", "mark")))  # type: ignore[arg-type]
        for side, style in data["discs"].items()
    }
    colours = {name: _colour(value) for name, value in data["colours"].items()}
    return Theme(
        name=str(data["name"]),
        label=str(data["label"]),
        discs=MappingProxyType(discs),
        colour_names=MappingProxyType({k: str(v) for k, v in data["colour_names"].items()}),
        symbols=bool(data["symbols"]),
        **colours,  # type: ignore[arg-type]
    )


@functools.cache
def themes() -> Mapping[str, Theme]:
    """Every theme by its name in the settings file
    (:data:`game.profile.preferences.THEMES`), in menu order: the classic one, built in,
    then those of the palettes file.  A missing or damaged file leaves the classic theme
    alone, with one warning in the log."""
    found = {CLASSIC.name: CLASSIC}
    try:
        data = json.loads(resources.asset_path(EXTRA_THEMES_FILE).read_text(encoding="utf-8"))
        for record in data["themes"]:
            theme = _theme(record)
            found[theme.name] = theme
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.warning("only the classic theme: the palettes file is unusable (%s)", error)
        found = {CLASSIC.name: CLASSIC}
    return MappingProxyType(found)


def theme_named(name: str) -> Theme:
    """The theme called ``name`` (one of :data:`game.profile.preferences.THEMES`); classic
    if unknown."""
    return themes().get(name, CLASSIC)
