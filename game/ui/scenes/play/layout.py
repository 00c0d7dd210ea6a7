"""Where the play screen's parts go at one window size: the board on the left, scaled
to fit, the side panel on the right with its buttons at the bottom."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.board_view import BoardGeometry
from game.ui.layout import TypeScale, metrics
from game.ui.widgets import side_panel


@dataclass(frozen=True, slots=True)
class PlayLayout:
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


def compute_layout(size: tuple[int, int], button_keys: Sequence[str]) -> PlayLayout:
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
    return PlayLayout(size, scale, board, panel, banner, score_y, buttons, body)


class Layouts:
    """The layout of the last size and set of buttons asked for (computed once each)."""

    def __init__(self) -> None:
        self._last: dict[tuple[tuple[int, int], tuple[str, ...]], PlayLayout] = {}

    def get(self, size: tuple[int, int], button_keys: Sequence[str]) -> PlayLayout:
        key = (size, tuple(button_keys))
        layout = self._last.get(key)
        if layout is None:
            layout = compute_layout(size, key[1])
            self._last = {key: layout}
        return layout
