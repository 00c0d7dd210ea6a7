"""Text: the bundled font, readable sizes, bounded caches, and a fallback when the font is gone."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import resources
from game.ui import text as text_module
from game.ui.text import MIN_PIXELS, Ink, TextCache, pixel_size

WHITE = (255, 255, 255)

# Words the issue saw broken apart by the built-in font ("compu ter", "Ct rl+Z").
WORDS = ("computer", "Your turn", "depth", "Ctrl+Z", "sooner", "against", "Session", "Draws")

LAYOUT_SIZES = range(8, 65)
"""Every layout size the scenes ask for, from the 640x480 window to 1920x1080."""


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    was_on = pygame.font.get_init()
    pygame.font.init()
    yield
    if not was_on:
        pygame.font.quit()


def _ink_columns(surface: pygame.Surface) -> list[bool]:
    """For each pixel column of a rendered line: does any pixel in it show?"""
    width, _ = surface.get_size()
    alpha = pygame.image.tobytes(surface, "RGBA")[3::4]
    return [max(alpha[x::width]) > 60 for x in range(width)]


def _widest_blank(columns: list[bool]) -> int:
    """The widest run of blank columns between the first and the last inked one."""
    first, last = columns.index(True), len(columns) - 1 - columns[::-1].index(True)
    widest = run = 0
    for inked in columns[first : last + 1]:
        run = 0 if inked else run + 1
        widest = max(widest, run)
    return widest


def test_no_text_is_smaller_than_14_pixels() -> None:
    cache = TextCache()
    for size in LAYOUT_SIZES:
        assert pixel_size(size) >= MIN_PIXELS == 14
        assert cache.font(size).point_size == pixel_size(size)
    assert cache.font(1).point_size == 14


def test_text_grows_with_the_layout_size() -> None:
    """The layouts scale their sizes with the window; the text must follow them up."""
    cache = TextCache()
    sizes = [pixel_size(size) for size in LAYOUT_SIZES]
    assert sizes == sorted(sizes) and sizes[-1] > 2 * sizes[0]
    widths = [cache.render("Your turn", size, WHITE).get_width() for size in (20, 32, 64)]
    assert widths == sorted(widths) and widths[0] < widths[-1] / 2
    # Above the floor, a layout size keeps the width the layouts were tuned for.
    assert pixel_size(64) == 44 and pixel_size(32) == 22


def test_the_bundled_font_draws_the_text() -> None:
    cache = TextCache()
    assert cache.bundled and cache.missing == [] and cache.problems == []
    cache.load()
    assert cache.bundled and cache.problems == []
    assert resources.FONT in resources.ASSET_FILES


def test_no_gap_inside_a_word_is_as_wide_as_the_space_between_words() -> None:
    """The defect seen in every screenshot: letters of one word drawn a word apart."""
    cache = TextCache()
    for size in sorted({pixel_size(size) for size in LAYOUT_SIZES}):
        # The blank between two words, measured in the same font and size.
        space = _widest_blank(_ink_columns(cache._lines("n n", size, WHITE)))
        for phrase in WORDS:
            for word in phrase.split():
                gap = _widest_blank(_ink_columns(cache._lines(word, size, WHITE)))
                assert gap < space, f"{word!r} at {size} px has a gap of {gap} px (space {space})"


def test_line_step_is_what_blit_lines_advances_and_respects_the_floor() -> None:
    cache = TextCache()
    surface = pygame.Surface((400, 400))
    for size in (8, 20, 40):
        step = cache.line_step(size)
        assert step >= MIN_PIXELS
        assert cache.blit_lines(surface, ["a", "", "b"], Ink(size, WHITE), (0, 10)) == 10 + 3 * step
    assert cache.line_step(8) == cache.line_step(12)  # both at the 14 px floor


def test_rendered_lines_and_wraps_are_cached_and_bounded() -> None:
    cache = TextCache()
    first = cache.render("Your turn", 20, WHITE)
    assert cache.render("Your turn", 20, WHITE) is first
    assert cache.wrap("a b c", 20, 1000) is cache.wrap("a b c", 20, 1000)
    for number in range(text_module.MAX_CACHED + 50):
        cache.render(str(number), 20, WHITE)
    assert cache._lines.cache_info().currsize == text_module.MAX_CACHED
    assert cache.font(20) is cache.font(20)


@pytest.mark.parametrize(
    ("paragraph", "width", "expected"),
    [
        ("one two three", 10_000, ("one two three",)),
        # A word wider than the line is broken where it must be, never drawn past it.
        ("one two", 1, ("o", "n", "e", "t", "w", "o")),
        ("one\n\ntwo", 10_000, ("one", "", "two")),
    ],
)
def test_wrap_breaks_at_spaces_and_keeps_blank_lines(
    paragraph: str, width: int, expected: tuple[str, ...]
) -> None:
    assert TextCache().wrap(paragraph, 20, width) == expected


def test_a_line_as_wide_as_the_widest_word_holds_one_word_each() -> None:
    cache = TextCache()
    width = max(cache.size_of(word, 20)[0] for word in ("one", "two", "three"))
    assert cache.wrap("one two three", 20, width) == ("one", "two", "three")


def test_wrapped_lines_fit_the_width() -> None:
    cache = TextCache()
    sentence = "Scores for the player to move: wins, losses and draws, proven or estimated."
    for width in (120, 200, 320):
        lines = cache.wrap(sentence, 20, width)
        assert " ".join(lines) == sentence
        assert all(cache.font(20).size(line)[0] <= width for line in lines)


def test_a_missing_font_is_reported_and_the_built_in_font_draws_instead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(resources.ASSETS_ENV, str(tmp_path))
    with caplog.at_level(logging.ERROR, logger="game.ui.text"):
        cache = TextCache()
        cache.load()
    assert not cache.bundled
    [error] = cache.missing
    assert error.asset == resources.FONT
    assert resources.FONT in caplog.text and "built-in font" in caplog.text
    line = cache.render("Your turn", 20, WHITE)
    assert line.get_width() > 0
    # The fallback is drawn at the same pixel size.
    assert abs(cache.font(40).get_height() - TextCache().font(40).get_height()) <= 4


def test_a_damaged_font_is_reported_once_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged = tmp_path / resources.FONT
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes(b"OTTO" + b"\x00junk" * 20)
    monkeypatch.setenv(resources.ASSETS_ENV, str(tmp_path))
    cache = TextCache()
    assert cache.missing == [] and cache.bundled
    cache.load()
    [problem] = cache.problems
    assert resources.FONT in problem and "built-in font" in problem
    assert not cache.bundled
    assert cache.render("Your turn", 30, WHITE).get_width() > 0
    assert cache.wrap("one two", 30, 10_000) == ("one two",)
    assert len(cache.problems) == 1


def _watched(cache: TextCache) -> list[text_module.Drawn]:
    drawn: list[text_module.Drawn] = []
    cache.watch(drawn.append)
    return drawn


def test_a_line_too_wide_is_drawn_smaller_never_squeezed() -> None:
    cache = TextCache()
    words = "Ungenauigkeiten"
    natural = cache.size_of(words, 24)[0]
    narrower = cache.size_of(words, 20)[0]
    assert narrower < natural
    surface = pygame.Surface((300, 60))
    drawn = _watched(cache)
    slot = pygame.Rect(0, 0, narrower, 40)
    rect = cache.blit_fitted(surface, words, Ink(24, WHITE), slot)
    assert rect.width <= slot.width
    # The glyphs keep their shape: the width is the font's own at the size drawn.
    assert rect.width == cache._measure(words, drawn[-1].pixels)[0]
    assert drawn[-1].pixels < pixel_size(24) and not drawn[-1].cut


def test_a_line_too_wide_even_at_the_smallest_size_is_cut_with_an_ellipsis() -> None:
    cache = TextCache()
    words = "Réinitialiser les statistiques"
    surface = pygame.Surface((300, 60))
    drawn = _watched(cache)
    slot = pygame.Rect(0, 0, 90, 40)
    rect = cache.blit_fitted(surface, words, Ink(24, WHITE), slot)
    assert rect.width <= slot.width
    assert drawn[-1].cut and drawn[-1].pixels == MIN_PIXELS and drawn[-1].text == words
    shown = cache.fitted(words, Ink(24, WHITE), 90)
    assert shown.get_height() == cache.font(1).get_height()  # not squeezed flat either


def test_a_line_typed_too_long_for_its_box_shows_its_end_at_its_size() -> None:
    cache = TextCache()
    typed = "the first words scroll away " * 6 + "and the last stay|"
    surface = pygame.Surface((300, 60))
    drawn = _watched(cache)
    slot = pygame.Rect(10, 0, 200, 40)
    rect = cache.blit_end(surface, typed, Ink(24, WHITE), slot)
    assert rect.left == slot.left and rect.width <= slot.width
    assert drawn[-1].cut and drawn[-1].pixels == pixel_size(24)  # cut, never smaller
    shown = cache._cut(typed, pixel_size(24), slot.width, keep_end=True)
    assert shown.startswith(text_module.ELLIPSIS) and typed.endswith(shown[1:])
    assert "and the last stay|" in shown
    assert rect.width == cache._measure(shown, pixel_size(24))[0]
    cache.blit_end(surface, "short|", Ink(24, WHITE), slot)
    assert not drawn[-1].cut


def test_labels_side_by_side_take_one_size_that_fits_them_all() -> None:
    cache = TextCache()
    labels = ["\u2713 Win", "\u00d7 Przegrana", "= Draw"]
    width = cache.size_of(labels[1], 22)[0]
    assert cache.fitting_size(labels, 30, width) == 22 or (
        cache.size_of(labels[1], cache.fitting_size(labels, 30, width) or 0)[0] <= width
    )
    size = cache.fitting_size(labels, 30, width)
    assert size is not None and all(cache.size_of(t, size)[0] <= width for t in labels)
    bigger = next(s for s in range(size + 1, 40) if pixel_size(s) > pixel_size(size))
    assert cache.size_of(labels[1], bigger)[0] > width  # the largest that fits
    assert cache.fitting_size(labels, 30, 10) is None  # too wide even at the smallest


def test_a_symbol_stays_with_its_word_and_a_number_with_its_chinese_unit() -> None:
    cache = TextCache()
    french = "Meilleur\u00a0: \u2713 Victoire en 13. Joué\u00a0: \u2713 Victoire en 1."
    for width in range(60, 400, 7):
        lines = cache.wrap(french, 20, width)
        assert not any(line.endswith("\u2713") for line in lines), (width, lines)
    chinese = "提示\uff1a第 4 列\uff08双方都走最佳着时是和局\uff09"
    for width in range(cache.size_of("第 4 列", 20)[0], 300, 5):
        lines = cache.wrap(chinese, 20, width)
        joined = "".join(lines).replace("\u00a0", " ")
        assert joined == chinese, lines
        assert not any(line.endswith("第") or line.startswith(("4", "列")) for line in lines)


def test_a_number_stays_with_its_unit() -> None:
    """A number and its unit never end up a line apart ("8 s": a reconnecting line at
    760x560 broke there); an ordinary word after a number may still start a line."""
    cache = TextCache()
    sentence = "Connection lost: trying again in 8 s"
    for width in range(cache.size_of("again in 8 s", 20)[0], 400, 3):
        lines = cache.wrap(sentence, 20, width)
        assert not any(line.endswith("8") for line in lines), (width, lines)
        assert "".join(lines).replace("\u00a0", " ").replace(" ", "") == sentence.replace(" ", "")
    words = "Depth 20 is Medium, at best play"
    assert any(line.endswith("20") for w in range(40, 300, 3) for line in cache.wrap(words, 20, w))
