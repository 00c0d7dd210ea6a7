"""Themes: every one is complete, named for what it is, and the blue-and-orange discs stay
apart for red-green colour-blind players (simulated with published matrices)."""

from __future__ import annotations

import dataclasses
import logging
import math
from pathlib import Path

import pygame
import pytest

from game import resources
from game.profile import preferences
from game.profile.choices import DiscColour
from game.ui.board_view import BoardRenderer
from game.ui.themes import CLASSIC, Colour, theme_named, themes

THEMES = themes()
COLOUR_BLIND = theme_named("high-contrast")
BLUE_ORANGE = theme_named("blue-orange")

Matrix = tuple[tuple[float, float, float], ...]

# Machado, Oliveira and Fernandes (2009), "A physiologically-based model for
# simulation of color vision deficiency", IEEE TVCG 15(6): the severity-1.0
# matrices, applied to linear RGB.
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
NORMAL: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
VISIONS = {"normal": NORMAL, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}

APART = 80.0
"""CIELAB distance (CIE76) the two discs keep under every simulated vision; about
twice what the classic red and yellow keep for a deuteranope (43)."""


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _seen(colour: Colour, matrix: Matrix) -> tuple[float, float, float]:
    """``colour`` as CIELAB (D65) after the vision ``matrix``."""
    rgb = [_linear(c) for c in colour]
    mixed = (sum(m * c for m, c in zip(row, rgb, strict=True)) for row in matrix)
    r, g, b = (min(1.0, max(0.0, value)) for value in mixed)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def distance(one: Colour, two: Colour, matrix: Matrix) -> float:
    return math.dist(_seen(one, matrix), _seen(two, matrix))


def test_the_simulation_finds_red_and_green_alike_for_the_colour_blind() -> None:
    """The model tells what it should: the pair that fails them, fails here."""
    red, green = (200, 30, 30), (40, 150, 40)
    assert distance(red, green, NORMAL) > 100
    assert distance(red, green, DEUTERANOPIA) < 15
    assert distance(red, green, PROTANOPIA) < 40


@pytest.mark.parametrize("vision", sorted(VISIONS))
def test_blue_and_orange_discs_stay_apart_for_deuteranopes_and_protanopes(vision: str) -> None:
    matrix = VISIONS[vision]
    first, second = BLUE_ORANGE.discs["red"], BLUE_ORANGE.discs["yellow"]
    assert distance(first.fill, second.fill, matrix) > APART
    # Each disc also stands out from the board and from an empty hole.
    for disc in (first, second):
        assert distance(disc.fill, BLUE_ORANGE.board, matrix) > 25
        assert distance(disc.fill, BLUE_ORANGE.board_back, matrix) > 45
    # Good and bad scores in the analysis do not lean on red against green.
    assert distance(BLUE_ORANGE.score_win, BLUE_ORANGE.score_loss, matrix) > APART
    # Better than the classic pair for the same player.
    classic = distance(CLASSIC.discs["red"].fill, CLASSIC.discs["yellow"].fill, matrix)
    assert distance(first.fill, second.fill, matrix) > classic


def test_the_palette_works_by_colour_alone_and_names_its_colours() -> None:
    assert BLUE_ORANGE.symbols is False  # the shapes are the other theme's answer
    assert dict(BLUE_ORANGE.colour_names) == {"red": "Orange", "yellow": "Blue"}


def test_the_theme_with_shapes_is_named_for_what_it_is() -> None:
    assert COLOUR_BLIND.symbols is True
    assert COLOUR_BLIND.label == "Colour-blind friendly"
    # Its name in settings files stays, so a saved choice still finds it.
    assert theme_named("high-contrast") is COLOUR_BLIND


def test_every_theme_is_offered_in_settings_and_complete() -> None:
    assert tuple(THEMES) == preferences.THEMES
    labels = [theme.label for theme in THEMES.values()]
    assert len(set(labels)) == len(labels)
    for name, theme in THEMES.items():
        assert theme.name == name and theme_named(name) is theme
        assert set(theme.discs) == set(theme.colour_names) == {"red", "yellow"}
        for field in dataclasses.fields(theme):
            assert getattr(theme, field.name) is not None, (name, field.name)
    assert theme_named("no such theme") is CLASSIC
    assert preferences.Settings(theme="Blue-Orange").theme == "blue-orange"


def test_the_blue_and_orange_discs_are_drawn_in_their_colours() -> None:
    """Through the real disc renderer: the centre of each disc shows its fill."""
    renderer = BoardRenderer()
    for side in DiscColour:
        surface = pygame.Surface((100, 100), pygame.SRCALPHA)
        renderer.draw_disc(surface, (50, 50), 40, side, BLUE_ORANGE)
        seen = tuple(surface.get_at((50 + 15, 50 + 15)))[:3]
        fill = BLUE_ORANGE.discs[side].fill
        assert max(abs(a - b) for a, b in zip(seen, fill, strict=True)) <= 4, (side, seen)


def test_a_missing_or_damaged_palettes_file_leaves_the_classic_theme(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from game.ui import themes as module  # noqa: PLC0415

    broken = tmp_path / "themes.json"
    broken.write_text('{"themes": [{"name": "x"}]}', encoding="utf-8")
    for path in (tmp_path / "absent.json", broken):
        monkeypatch.setattr(resources, "asset_path", lambda _name, path=path: path)
        module.themes.cache_clear()
        caplog.clear()
        try:
            assert dict(module.themes()) == {"classic": CLASSIC}
            assert theme_named("blue-orange") is CLASSIC
        finally:
            module.themes.cache_clear()
        assert [r.levelno for r in caplog.records] == [logging.WARNING]


def _luminance(colour: Colour) -> float:
    """WCAG 2's relative luminance."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: Colour, b: Colour) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("name", THEMES)
def test_a_disabled_row_stands_out_less_than_an_enabled_one(name: str) -> None:
    theme = THEMES[name]
    ground = theme.background_bottom
    assert _contrast(theme.button_disabled, ground) <= _contrast(theme.button, ground)
    disabled_words = _contrast(theme.text_muted, theme.button_disabled)
    assert disabled_words < _contrast(theme.button_text, theme.button)
    assert disabled_words >= 4.5  # still readable (WCAG AA for text)
