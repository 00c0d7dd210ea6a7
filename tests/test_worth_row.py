"""The analysis row above the board: one size for the whole row, labels that never touch,
and in every language a shorter form (the symbol alone) where the words do not fit."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import i18n
from game.ai.score import Score
from game.profile.settings import SettingsStore
from game.ui import worth_row
from game.ui.app import App
from game.ui.options import LaunchOptions
from game.ui.review_game import ReviewGame
from game.ui.scenes.play import view as play_view
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.review import view as review_view
from game.ui.scenes.stack import Review
from game.ui.text import Drawn, TextCache
from game.ui.worth import worth, worth_labels
from game.ui.worth_row import gap_of, plan_row
from tests.conftest import build_script
from tests.fakes import FRAME, FakeWorker, start_game

SIZES = [(640, 480), (960, 720)]


@pytest.fixture
def fonts() -> Iterator[TextCache]:
    pygame.font.init()
    yield TextCache()


def test_a_row_too_narrow_for_the_words_says_the_symbol_alone(fonts: TextCache) -> None:
    win, loss = (worth(Score.exact(s), ply=10) for s in (3, -4))
    forms = {0: worth_labels(win), 1: worth_labels(loss)}
    wide = plan_row(fonts, forms, 26, 200)
    assert wide.size == 26 and wide.lines[0] == ["\u2713 Win", "in 14"]
    narrow = plan_row(fonts, forms, 26, fonts.size_of("in 14", 26)[0])
    assert narrow.size == 26 and narrow.lines[0] == ["\u2713", "in 14"]
    assert [lines[0] for lines in narrow.lines.values()] == ["\u2713", "\u00d7"]
    tiny = plan_row(fonts, forms, 26, fonts.size_of("14", 20)[0])
    assert tiny.lines[1] == ["\u00d7", "13"]


def _rows(app: App, monkeypatch: pytest.MonkeyPatch) -> list[list[Drawn]]:
    """The labels of each analysis row drawn in the next frame (the lines drawn in the
    band each row declared)."""
    bands: list[pygame.Rect] = []

    def recording(*args: Any) -> pygame.Rect:
        band = worth_row.draw_row(*args)
        bands.append(band)
        return band

    for module in (play_view, review_view):
        monkeypatch.setattr(module, "draw_row", recording)
    drawn: list[Drawn] = []
    app.stage.text.watch(drawn.append)
    app.step([], FRAME)
    app.stage.text.watch(None)
    return [[d for d in drawn if d.box == band] for band in bands]


def _check(row: list[Drawn]) -> None:
    assert len(row) >= 7, [d.text for d in row]  # every column is labelled
    assert len({d.pixels for d in row}) == 1, {d.text: d.pixels for d in row}
    assert not any(d.cut for d in row)
    gap = 4
    for a, b in itertools.combinations(row, 2):
        assert not a.rect.inflate(gap, 0).colliderect(b.rect), (a.text, b.text)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_the_analysis_rows_labels_are_one_size_and_never_touch(
    code: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    shots = build_script("screenshots")
    app = App(
        LaunchOptions(window_size=size, fullscreen=False, language=code),
        worker=FakeWorker(answer=shots.canned_analysis),
        store=SettingsStore(),
    )
    app.settings.show_analysis = True
    app.open()
    try:
        start_game(app, shots.versus(shots.MID_GAME))
        for _ in range(30):
            app.step([], FRAME)
        (row,) = _rows(app, monkeypatch)
        _check(row)
        app.go(Review(ReviewGame(shots.MID_GAME)))
        review = app.navigator.top
        assert isinstance(review, ReviewScene)
        review.show(len(shots.MID_GAME))
        for _ in range(40):
            app.step([], FRAME)
        (row,) = _rows(app, monkeypatch)[-1:]
        _check(row)
        assert gap_of(80) >= 6
    finally:
        app.close()
