"""The board marks of why a move loses (:mod:`game.ui.reasons`), drawn alike on the Review
screen and in a failed puzzle: each cell the reason names ringed in the colour of the
player it wins for.

Drawing reads and never changes state.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ai.explain import Cell
from game.choices import DiscColour
from game.ui.board_view import BoardGeometry
from game.ui.services import Look


def draw_marks(
    surface: pygame.Surface,
    look: Look,
    g: BoardGeometry,
    cells: Sequence[tuple[Cell, DiscColour]],
) -> None:
    """Ring each of ``cells`` in its colour, around its hole (a dark outline keeps the
    ring readable on the board and on any disc)."""
    theme = look.theme
    width = max(3, round(g.cell * 0.07))
    ring = g.radius + width // 2 + 1  # around the hole: a disc or number in it stays readable
    for (col, row), colour in cells:
        centre = g.centre(col, row)
        pygame.draw.circle(surface, theme.win_outline, centre, ring + 2, width + 4)
        pygame.draw.circle(surface, theme.discs[colour.value].fill, centre, ring, width)
