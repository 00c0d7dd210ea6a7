"""The marks of a move judged, drawn alike on the Review screen and in a failed puzzle:
the best line as faint numbered discs, the move played instead as its disc crossed above
its column, and the cells its reason names (:mod:`game.ui.reasons`), each ringed in the
colour of the player it wins for.

Drawing reads and never changes state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ai.explain import Cell
from game.core import Board, Player
from game.core.bitboard import Column
from game.profile.choices import DiscColour
from game.ui.board_view import BoardGeometry
from game.ui.layout import BoardType
from game.ui.services import Look
from game.ui.text import Ink


@dataclass(frozen=True, slots=True)
class FaintLine:
    """A line to draw: its ``moves`` from the position ``start``, each disc in its
    player's colour (``colour_of``), ``alpha`` (0-255) how see-through."""

    start: Board
    moves: Sequence[Column]
    colour_of: Callable[[Player], DiscColour]
    alpha: int


def draw_line(surface: pygame.Surface, look: Look, g: BoardGeometry, line: FaintLine) -> None:
    """Each move of ``line`` a faint disc, numbered in the order it would be played."""
    board = line.start.copy()
    size = BoardType.of(g.cell).line
    for number, col in enumerate(line.moves, start=1):
        if not board.can_play(col):
            return
        player = board.to_move
        row = board.height(col)
        board.play(col)
        centre = g.centre(col, row)
        disc = look.renderer.disc(g.radius, line.colour_of(player), look.theme, alpha=line.alpha)
        surface.blit(disc, disc.get_rect(center=centre))
        look.text.blit(surface, str(number), Ink(size, look.theme.text), centre, anchor="center")


def draw_crossed(
    surface: pygame.Surface, look: Look, g: BoardGeometry, column: Column, colour: DiscColour
) -> None:
    """The move played instead of the line: a small disc of ``colour``, crossed, above
    ``column``."""
    radius = max(4, round(g.cell * 0.25))
    centre = (g.column_x(column), g.frame_rect.top - radius - 3)
    look.renderer.draw_disc(surface, centre, radius, colour, look.theme)
    d = round(radius * 0.75)
    width = max(2, radius // 4)
    x, y = centre
    for sign in (1, -1):
        pygame.draw.line(
            surface, look.theme.score_loss, (x - d, y - sign * d), (x + d, y + sign * d), width
        )


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
