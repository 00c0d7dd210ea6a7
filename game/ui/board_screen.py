"""The board screen shared by the play, review and puzzle screens: where the board and
the side panel go at one window size (the board on the left, scaled to fit, the panel
on the right with its buttons at the bottom), what every such screen has
(:class:`BoardScreen`), and the pieces of the picture they share: the columns'
numbers, the thinking dots, the colour of a column's worth.

Drawing reads and never changes state.  The screens' own pictures are their
packages' (``play.view``, ``review.view``, ``puzzles.view``); none of them imports
another's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.core import WIDTH
from game.ui.animation import pulse
from game.ui.board_view import BoardGeometry
from game.ui.layout import BoardType, TypeScale, metrics
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.widgets import ItemList, side_panel
from game.ui.worth import Worth, WorthKind


@dataclass(frozen=True, slots=True)
class BoardLayout:
    size: tuple[int, int]
    scale: float
    board: BoardGeometry
    panel: pygame.Rect
    banner: pygame.Rect
    score_y: int
    """The centre line of the analysis scores, above the hover row."""
    buttons: dict[str, pygame.Rect]
    body: int
    """Text size in the panel."""

    @property
    def pad(self) -> int:
        """The margin inside the panel and between its parts."""
        return metrics(self.size).pad

    @property
    def type(self) -> TypeScale:
        """The window's text sizes."""
        return metrics(self.size).type


def compute_layout(size: tuple[int, int], button_keys: Sequence[str]) -> BoardLayout:
    """Board on the left, scaled to fit; the side panel on the right."""
    split = side_panel(size, 0.27, (180, 360))
    scale, panel, area = split.scale, split.panel, split.area
    board = BoardGeometry.fit(area, above=1.6, below=0.45)
    frame = board.frame_rect
    score_y = board.hover_y - board.cell // 2 - round(board.cell * 0.3)
    banner_top = max(area.y, frame.top - round(board.cell * 1.6))
    banner = pygame.Rect(frame.x, banner_top, frame.width, frame.top - banner_top - 4)
    buttons = split.buttons(button_keys)
    body = metrics(size).type.body
    return BoardLayout(size, scale, board, panel, banner, score_y, buttons, body)


class Layouts:
    """The layout of the last size and set of buttons asked for (computed once each)."""

    def __init__(self) -> None:
        self._last: dict[tuple[tuple[int, int], tuple[str, ...]], BoardLayout] = {}

    def get(self, size: tuple[int, int], button_keys: Sequence[str]) -> BoardLayout:
        key = (size, tuple(button_keys))
        layout = self._last.get(key)
        if layout is None:
            layout = compute_layout(size, key[1])
            self._last = {key: layout}
        return layout


class BoardScreen(Protocol):
    """What every screen with a board to drop discs in and a side panel has (the play
    screen, the Puzzles screen)."""

    buttons: ItemList
    cursor: int
    """The column the player's disc hovers over (keys and mouse move it)."""
    time: float
    """Seconds since the scene began: the clock of its animations."""

    @property
    def look(self) -> Look: ...
    @property
    def hover_column(self) -> int | None: ...
    @property
    def win_wave(self) -> float:
        """How far the winning four's marks breathe out now, 0..1
        (:func:`~game.ui.animation.win_wave`)."""
        ...


def draw_column_numbers(
    surface: pygame.Surface, look: Look, g: BoardGeometry, chosen: int | None
) -> None:
    """The columns' numbers under the board, the ``chosen`` one (None: none) marked."""
    theme = look.theme
    size = BoardType.of(g.cell).numbers
    y = g.frame_rect.bottom + round(g.cell * 0.08)
    for col in range(WIDTH):
        colour = theme.accent if col == chosen else theme.text_muted
        look.text.blit(
            surface, str(col + 1), Ink(size, colour), (g.column_x(col), y), anchor="midtop"
        )


def draw_dots(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    colour: tuple[int, int, int],
    time: float,
) -> None:
    """Three dots breathing in turn: a player (the computer) is thinking."""
    x, y = centre
    radius = max(3, radius)
    for i in range(3):
        wave = pulse(time - i * 0.18, 0.9)
        r = max(2, round(radius * (0.55 + 0.45 * wave)))
        pygame.draw.circle(surface, colour, (x + (i - 1) * radius * 3, y), r)


def worth_colour(look: Look, said: Worth) -> tuple[int, int, int]:
    theme = look.theme
    colours = {
        WorthKind.WIN: theme.score_win,
        WorthKind.LOSS: theme.score_loss,
        WorthKind.DRAW: theme.score_draw,
    }
    return colours.get(said.kind, theme.text_muted)
