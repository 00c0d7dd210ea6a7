"""The window's scale and its type scale, computed once per window size.

Every screen was laid out at :data:`REFERENCE` (960x720) and scales with the window by
:func:`scale_of`: the smaller of the two ratios, so that a wide or a tall window keeps
the proportions.  :class:`TypeScale` names the few text sizes the screens write in
(layout sizes, as :mod:`game.ui.text` takes them: the bundled font draws a layout size
of 22 at 15 pixels, and never below :data:`game.ui.text.MIN_PIXELS`); the text on a board
scales with its cells instead (:class:`BoardType`).

A screen asks :func:`metrics` for its window size and reads the sizes by name, so that
the same kind of text is the same size on every screen.  No pygame here.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

REFERENCE = (960, 720)
"""The window size every layout was tuned at (scale 1)."""


def scale_of(size: tuple[int, int]) -> float:
    """How much bigger than :data:`REFERENCE` a window of ``size`` is (the smaller ratio)."""
    width, height = size
    return min(width / REFERENCE[0], height / REFERENCE[1])


def scaled(base: float, scale: float, floor: int) -> int:
    """``base`` (a length at scale 1) at ``scale``, never below ``floor``."""
    return max(floor, round(base * scale))


@dataclass(frozen=True, slots=True)
class TypeScale:
    """The text sizes of one window size, largest first (layout sizes)."""

    display: int
    """The title of a form of stacked buttons (the main menu, the new-game screen)."""
    title: int
    """The title of a page (Statistics, How to play) and of the pause menu."""
    dialog: int
    """A question's title (Start a new game?)."""
    heading: int
    """A side panel's headings and a page's section titles."""
    reading: int
    """A page meant to be read (How to play, the Statistics table)."""
    body: int
    """Sentences in a side panel, a form's explanations, the notices."""
    small: int
    """Secondary lines: a panel's details, notes under a form, the move lists."""
    tiny: int
    """The keys' help at the foot of a panel."""

    @classmethod
    def at(cls, scale: float) -> TypeScale:
        body = scaled(22, scale, 15)
        small = max(13, round(body * 0.82))
        return cls(
            display=scaled(64, scale, 28),
            title=scaled(54, scale, 26),
            dialog=scaled(44, scale, 24),
            heading=max(16, round(body * 1.2)),
            reading=scaled(24, scale, 15),
            body=body,
            small=small,
            tiny=max(12, round(small * 0.9)),
        )


@dataclass(frozen=True, slots=True)
class BoardType:
    """The text sizes on and around a board whose cells are ``cell`` pixels wide."""

    numbers: int
    """The columns' numbers under the board."""
    values: int
    """What each column is worth, above the board."""
    line: int
    """The numbers on the discs of a line shown on the board."""

    @classmethod
    def of(cls, cell: int) -> BoardType:
        return cls(
            numbers=max(12, round(cell * 0.3)),
            values=max(12, round(cell * 0.32)),
            line=max(12, round(cell * 0.38)),
        )


@dataclass(frozen=True, slots=True)
class Metrics:
    """The scale of one window size, its margin and its type scale."""

    size: tuple[int, int]
    scale: float
    pad: int
    """The margin around and inside panels."""
    type: TypeScale

    def length(self, base: float, floor: int = 0) -> int:
        """A length of ``base`` pixels at scale 1, in this window (at least ``floor``)."""
        return scaled(base, self.scale, floor)


@functools.lru_cache(maxsize=8)
def metrics(size: tuple[int, int]) -> Metrics:
    """The metrics of a window of ``size`` (computed once per size)."""
    scale = scale_of(size)
    return Metrics(size, scale, scaled(14, scale, 8), TypeScale.at(scale))
