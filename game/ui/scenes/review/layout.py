"""Where the Review screen's parts go at one window size: on the left the board (the
analysis above it), the value graph under it and the players' summary at the foot; on the
right the side panel, its buttons at the bottom."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.board_view import BoardGeometry
from game.ui.layout import BoardType, TypeScale, metrics
from game.ui.text import pixel_size
from game.ui.widgets import side_panel

BUTTONS = ("copy", "back")
"""The buttons while reviewing."""
WITH_REPLAY = ("replay", "copy", "back")
"""The buttons once the player has mistakes to replay."""
REPLAY_BUTTONS = ("next", "review")
"""The buttons while replaying the player's mistakes."""


@dataclass(frozen=True, slots=True)
class ReviewLayout:
    scale: float
    board: BoardGeometry
    graph: pygame.Rect
    summary: pygame.Rect
    panel: pygame.Rect
    moves: pygame.Rect
    """The move list's room in the panel."""
    buttons: dict[str, pygame.Rect]
    body: int
    """Text size in the panel."""
    pad: int
    type: TypeScale
    """The window's text sizes."""


def compute_layout(size: tuple[int, int], keys: Sequence[str] = BUTTONS) -> ReviewLayout:
    """Where everything goes at ``size``, with the buttons ``keys``."""
    split = side_panel(size, 0.3, (200, 380))
    scale, pad, panel, left = split.scale, split.pad, split.panel, split.area
    h = size[1]
    summary_h = max(60, round(h * 0.13))
    graph_h = max(70, round(h * 0.2))
    board_area = pygame.Rect(left.x, left.y, left.width, left.height - summary_h - graph_h - pad)
    board = BoardGeometry.fit(board_area, above=1.5, below=0.35)
    # Under the board: its column numbers (see draw_column_numbers), whose line at the
    # smallest type is taller than the 0.35 cell kept for it on a short window.
    numbers = round(board.cell * 0.08) + round(pixel_size(BoardType.of(board.cell).numbers) * 1.25)
    graph_top = board.frame_rect.bottom + max(round(board.cell * 0.35), numbers) + pad // 2
    graph = pygame.Rect(left.x, graph_top, left.width, graph_h)
    summary = pygame.Rect(left.x, graph.bottom + pad // 2, left.width, left.bottom - graph.bottom)
    sizes = metrics(size).type
    body = sizes.body
    heading = round(body * 1.9)
    inner_w = panel.width - 2 * pad
    moves = pygame.Rect(panel.x + pad, panel.y + pad + heading, inner_w, round(panel.height * 0.3))
    buttons = split.buttons(keys)
    return ReviewLayout(scale, board, graph, summary, panel, moves, buttons, body, pad, sizes)
