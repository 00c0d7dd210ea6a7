"""The window's scale and type scale (game.ui.layout): computed once per size, in one place."""

from __future__ import annotations

import re
from dataclasses import astuple
from pathlib import Path

import pytest

from game.ui.layout import REFERENCE, BoardType, TypeScale, metrics, scale_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("size", "scale"),
    [((960, 720), 1.0), ((640, 480), 2 / 3), ((1920, 720), 1.0), ((960, 1440), 1.0)],
)
def test_the_scale_is_the_smaller_ratio_to_the_reference_window(
    size: tuple[int, int], scale: float
) -> None:
    assert scale_of(size) == pytest.approx(scale)


@pytest.mark.parametrize("size", [(640, 480), REFERENCE, (1920, 1080)])
def test_the_type_scale_goes_from_the_largest_size_to_the_smallest(size: tuple[int, int]) -> None:
    sizes = astuple(metrics(size).type)
    assert list(sizes) == sorted(sizes, reverse=True)
    assert metrics(size) is metrics(size)  # computed once per size


def test_sizes_grow_with_the_window_and_keep_their_floors() -> None:
    small, reference, big = (TypeScale.at(s) for s in (0.5, 1.0, 2.0))
    assert reference.body == 22 and reference.display == 64
    assert all(
        a <= b <= c
        for a, b, c in zip(astuple(small), astuple(reference), astuple(big), strict=True)
    )
    assert small.body == 15  # the floor
    assert BoardType.of(80).values > BoardType.of(40).values >= 12


def test_no_screen_computes_the_scale_itself() -> None:
    """The ratio to 960x720 is worked out in game/ui/layout.py only."""
    ratio = re.compile(r"/\s*960\b")
    offenders = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "game" / "ui").rglob("*.py")
        if path.name != "layout.py" and ratio.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
