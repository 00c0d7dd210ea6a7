"""Where the board sits in the window, and drawing it.

:class:`BoardGeometry` maps cells to pixels and the mouse to a column for one
cell size; the board is a ``WIDTH`` x ``HEIGHT`` grid of square cells inside a
frame, with a *hover row* above it where the next disc waits.  Discs are
circles of a fixed share of the cell, so they stay round at any window shape.

:class:`BoardRenderer` draws it.  The frame (a plate with round holes) and the
discs are rendered once per size and theme, supersampled for smooth edges, and
cached; a frame of the play screen is then a few dozen blits.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core import HEIGHT, WIDTH, Board, Player
from game.profile.choices import DiscColour
from game.ui.themes import Colour, DiscStyle, Theme

if TYPE_CHECKING:
    from game.ui.animation import DiscDrop

DISC = 0.41
"""Disc radius as a share of the cell."""
HOLE = 0.44
"""Hole radius as a share of the cell: a thin dark ring shows around each disc."""
FRAME = 0.18
"""The frame's margin around the holes, as a share of the cell."""
SUPERSAMPLE = 3
"""Pieces are drawn this many times larger, then scaled down: smooth edges.
Cells over :data:`BIG_CELL` pixels use 2, which looks the same and halves the work."""
BIG_CELL = 100


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """The board's cells at (``left``, ``top``), each ``cell`` pixels square.

    ``top`` is the top edge of the highest row of cells (the frame reaches
    ``FRAME`` cells further out); the hover row is one cell above the frame.
    """

    left: int
    top: int
    cell: int

    @classmethod
    def fit(cls, area: pygame.Rect, *, above: float = 1.0, below: float = 0.0) -> BoardGeometry:
        """The largest board centred in ``area`` with ``above`` cells of room over the
        frame (hover row and more) and ``below`` cells under it."""
        columns = WIDTH + 2 * FRAME
        rows = HEIGHT + 2 * FRAME + above + below
        cell = max(8, int(min(area.width / columns, area.height / rows)))
        width = round(cell * columns)
        height = round(cell * rows)
        left = area.x + (area.width - width) // 2 + round(cell * FRAME)
        top = area.y + (area.height - height) // 2 + round(cell * (above + FRAME))
        return cls(left, top, cell)

    @property
    def margin(self) -> int:
        return round(self.cell * FRAME)

    @property
    def radius(self) -> int:
        return max(2, round(self.cell * DISC))

    @property
    def cells_rect(self) -> pygame.Rect:
        return pygame.Rect(self.left, self.top, WIDTH * self.cell, HEIGHT * self.cell)

    @property
    def frame_rect(self) -> pygame.Rect:
        return self.cells_rect.inflate(2 * self.margin, 2 * self.margin)

    def column_x(self, col: int) -> int:
        return self.left + col * self.cell + self.cell // 2

    def centre(self, col: int, row: int) -> tuple[int, int]:
        """The centre of cell (``col``, ``row``), row 0 being the bottom."""
        return self.column_x(col), self.top + (HEIGHT - 1 - row) * self.cell + self.cell // 2

    @property
    def hover_y(self) -> int:
        """The centre line of the hover row."""
        return self.top - self.margin - self.cell // 2

    def fall_distance(self, row: int) -> float:
        """Cells from the hover row down to ``row``'s centre (what a drop falls)."""
        return HEIGHT - row + FRAME

    def falling_centre(self, col: int, fallen: float) -> tuple[int, int]:
        return self.column_x(col), self.hover_y + round(fallen * self.cell)

    def column_rect(self, col: int) -> pygame.Rect:
        """The column's strip from the hover row to the bottom of the frame."""
        top = self.hover_y - self.cell // 2
        bottom = self.frame_rect.bottom
        return pygame.Rect(self.left + col * self.cell, top, self.cell, bottom - top)

    def column_at(self, pos: tuple[int, int]) -> int | None:
        """The column under ``pos`` (hover row or board), or None."""
        x, y = pos
        top = self.hover_y - self.cell // 2
        if not top <= y < self.frame_rect.bottom:
            return None
        col = (x - self.left) // self.cell
        if 0 <= col < WIDTH and x >= self.left:
            return int(col)
        return None


def _star(centre: tuple[int, int], outer: float, inner: float) -> list[tuple[float, float]]:
    x, y = centre
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        r = outer if i % 2 == 0 else inner
        points.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return points


class BoardRenderer:
    """Cached surfaces for the board and discs; draws them onto a target surface."""

    def __init__(self) -> None:
        self._frames: dict[tuple[int, str], pygame.Surface] = {}
        self._discs: dict[tuple[int, str, str, int], pygame.Surface] = {}
        self._translucent: dict[
            tuple[tuple[int, int], tuple[int, int, int, int]], pygame.Surface
        ] = {}

    # -- cached pieces ------------------------------------------------------------
    def frame(self, geometry: BoardGeometry, theme: Theme) -> pygame.Surface:
        """The plate with holes, the size of ``geometry.frame_rect``."""
        key = (geometry.cell, theme.name)
        surface = self._frames.get(key)
        if surface is None:
            if len(self._frames) > 8:
                self._frames.clear()
            surface = _render_frame(geometry, theme)
            self._frames[key] = surface
        return surface

    def disc(
        self, radius: int, colour: DiscColour, theme: Theme, *, alpha: int = 255
    ) -> pygame.Surface:
        key = (radius, colour, theme.name, alpha)
        surface = self._discs.get(key)
        if surface is None:
            if len(self._discs) > 64:
                self._discs.clear()
            surface = _render_disc(radius, theme.discs[colour], colour, theme)
            if alpha < 255:
                surface.set_alpha(alpha)
            self._discs[key] = surface
        return surface

    def translucent(
        self, size: tuple[int, int], colour: tuple[int, int, int, int]
    ) -> pygame.Surface:
        """A surface of ``size`` filled with the see-through ``colour`` (RGBA)."""
        key = (size, colour)
        surface = self._translucent.get(key)
        if surface is None:
            if len(self._translucent) > 16:
                self._translucent.clear()
            surface = pygame.Surface(size, pygame.SRCALPHA, 32)
            surface.fill(colour)
            self._translucent[key] = surface
        return surface

    # -- drawing ---------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface, geometry: BoardGeometry, theme: Theme) -> None:
        """What shows through empty holes."""
        pygame.draw.rect(surface, theme.board_back, geometry.cells_rect)

    def draw_discs(  # noqa: PLR0913 (what a board's discs are drawn from)
        self,
        surface: pygame.Surface,
        g: BoardGeometry,
        theme: Theme,
        *,
        board: Board,
        drop: DiscDrop | None,
        colour_of: Callable[[Player], DiscColour],
    ) -> None:
        """The board's back and its discs, the falling ``drop`` where it is now (its
        cell left empty until it lands); the frame is the caller's to draw over them."""
        self.draw_back(surface, g, theme)
        for col in range(WIDTH):
            for row in range(board.height(col)):
                if drop is not None and (drop.col, drop.row) == (col, row):
                    continue
                owner = board.cell(col, row)
                assert owner is not None
                self.draw_disc(surface, g.centre(col, row), g.radius, colour_of(owner), theme)
        if drop is not None:
            centre = g.falling_centre(drop.col, drop.y)
            self.draw_disc(surface, centre, g.radius, colour_of(drop.player), theme)

    def draw_frame(self, surface: pygame.Surface, geometry: BoardGeometry, theme: Theme) -> None:
        surface.blit(self.frame(geometry, theme), geometry.frame_rect.topleft)

    def draw_disc(
        self,
        surface: pygame.Surface,
        centre: tuple[int, int],
        radius: int,
        colour: DiscColour,
        theme: Theme,
    ) -> None:
        """A disc of ``colour`` centred on ``centre``."""
        disc = self.disc(radius, colour, theme)
        surface.blit(disc, disc.get_rect(center=centre))

    def draw_last_mark(
        self,
        surface: pygame.Surface,
        centre: tuple[int, int],
        geometry: BoardGeometry,
        theme: Theme,
    ) -> None:
        """A small dot with an outline on the last disc played."""
        r = max(3, round(geometry.cell * 0.09))
        pygame.draw.circle(surface, theme.win_outline, centre, r + 2)
        pygame.draw.circle(surface, theme.last_mark, centre, r)

    def draw_win_mark(
        self,
        surface: pygame.Surface,
        centre: tuple[int, int],
        geometry: BoardGeometry,
        theme: Theme,
        wave: float,
    ) -> None:
        """A star on the disc and a ring around it; ``wave`` (0..1) makes them breathe."""
        radius = geometry.radius
        ring = radius + 2 + round(wave * geometry.cell * 0.05)
        width = max(2, round(geometry.cell * 0.05))
        pygame.draw.circle(surface, theme.win_outline, centre, ring + 1, width + 2)
        pygame.draw.circle(surface, theme.win_mark, centre, ring, width)
        outer = radius * (0.55 + 0.12 * wave)
        points = _star(centre, outer, outer * 0.45)
        pygame.draw.polygon(surface, theme.win_mark, points)
        pygame.draw.polygon(surface, theme.win_outline, points, max(1, width // 2))

    def draw_column_glow(
        self, surface: pygame.Surface, geometry: BoardGeometry, col: int, colour: Colour
    ) -> None:
        rect = geometry.column_rect(col)
        surface.blit(self.translucent(rect.size, (*colour, 60)), rect.topleft)
        pygame.draw.rect(surface, colour, rect, max(2, geometry.cell // 20), border_radius=6)


def _render_frame(geometry: BoardGeometry, theme: Theme) -> pygame.Surface:
    """The plate, with the cells made of one supersampled tile (a whole
    supersampled plate takes over 100 ms at fullscreen sizes; this takes a few)."""
    rect = geometry.frame_rect
    cell = geometry.cell
    frame = pygame.Surface(rect.size, pygame.SRCALPHA, 32)
    corner = round(cell * 0.25)
    pygame.draw.rect(frame, theme.board, frame.get_rect(), border_radius=corner)
    pygame.draw.rect(frame, theme.board_edge, frame.get_rect(), max(2, round(cell * 0.04)), corner)
    cells = geometry.cells_rect.move(-rect.x, -rect.y)
    frame.fill((0, 0, 0, 0), cells)
    tile = _hole_tile(cell, theme)
    for col in range(WIDTH):
        for row in range(HEIGHT):
            # MAX onto transparent black copies the tile's pixels, alpha included.
            position = (cells.x + col * cell, cells.y + row * cell)
            frame.blit(tile, position, special_flags=pygame.BLEND_RGBA_MAX)
    return frame


def _hole_tile(cell: int, theme: Theme) -> pygame.Surface:
    """One cell of the plate: board colour with a rimmed, see-through round hole."""
    k = SUPERSAMPLE if cell <= BIG_CELL else 2
    big = pygame.Surface((cell * k, cell * k), pygame.SRCALPHA, 32)
    big.fill(theme.board)
    centre = (cell * k // 2, cell * k // 2)
    hole = round(cell * HOLE * k)
    pygame.draw.circle(big, theme.board_edge, centre, hole + max(1, k * cell // 40))
    pygame.draw.circle(big, (0, 0, 0, 0), centre, hole)
    return pygame.transform.smoothscale(big, (cell, cell))


def _render_disc(radius: int, style: DiscStyle, colour: DiscColour, theme: Theme) -> pygame.Surface:
    k = SUPERSAMPLE if 2 * radius <= BIG_CELL else 2
    size = 2 * radius + 2
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA, 32)
    c = (size * k // 2, size * k // 2)
    r = radius * k
    pygame.draw.circle(big, style.rim, c, r)
    pygame.draw.circle(big, style.fill, c, round(r * 0.9))
    if theme.symbols:
        width = max(2, round(r * 0.16))
        if colour == DiscColour.RED:
            d = r * 0.42
            for sign in (1, -1):
                start = (c[0] - d, c[1] - sign * d)
                end = (c[0] + d, c[1] + sign * d)
                pygame.draw.line(big, style.mark, start, end, width)
        else:
            pygame.draw.circle(big, style.mark, c, round(r * 0.5), width)
    else:
        pygame.draw.circle(big, style.rim, c, round(r * 0.7), max(1, round(r * 0.06)))
        pygame.draw.circle(big, style.shine, (c[0] - r * 0.3, c[1] - r * 0.3), round(r * 0.16))
    return pygame.transform.smoothscale(big, (size, size))
