"""The Review screen's board: the discs of the position on it, the last move marked, the
analysis of every column above it, and for a mistake or a blunder the best line as faint
numbered discs and the cells its reason names (:mod:`game.ui.reason_marks`).

A mistake or a blunder with its line is shown on the position *before* it (the best line
starts there), with the move played as a small crossed disc above its column; every
other move, on the position after it.  Drawing reads the scene's state and changes none.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ai.explain import Cell
from game.ai.judge import MoveReview
from game.ai.protocol import SearchResult
from game.core import WIDTH, Board
from game.profile.choices import DiscColour
from game.ui.board_screen import worth_colour
from game.ui.board_view import BoardGeometry
from game.ui.layout import BoardType
from game.ui.reason_marks import FaintLine, draw_crossed, draw_line, draw_marks
from game.ui.review_game import ReviewGame
from game.ui.scenes.review import texts
from game.ui.scenes.review.layout import ReviewLayout
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.worth import worth, worth_labels
from game.ui.worth_row import WorthRow, draw_row

LINE_ALPHA = 95
"""How see-through the best line's discs are (0-255)."""


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """What the board shows: the ``board`` (a position), the move ``played`` from it
    when the best line is shown instead, that ``line``, and the ``analysis`` of the
    position (None: none yet); ``analysing`` while it is on its way."""

    board: Board
    game: ReviewGame
    played: MoveReview | None = None
    line: tuple[int, ...] = ()
    analysis: SearchResult | None = None
    analysing: bool = False
    marks: tuple[tuple[Cell, DiscColour], ...] = ()
    """The cells the move's reason names, each in the colour of the side it wins for."""
    column: int | None = None
    """The column the reason names (its number is marked under the board)."""
    hover: tuple[int, DiscColour] | None = None
    """While a mistake is replayed: the column the player's disc hovers over, and its
    colour."""


def draw_board(
    surface: pygame.Surface, look: Look, layout: ReviewLayout, picture: BoardPicture
) -> None:
    """The board, its discs and marks, the line, the values above the columns."""
    g, theme, renderer = layout.board, look.theme, look.renderer
    board, game = picture.board, picture.game
    renderer.draw_back(surface, g, theme)
    for col in range(WIDTH):
        for row in range(board.height(col)):
            owner = board.cell(col, row)
            assert owner is not None
            colour = game.colour_of(owner)
            renderer.draw_disc(surface, g.centre(col, row), g.radius, colour, theme)
    draw_line(surface, look, g, FaintLine(board, picture.line, game.colour_of, LINE_ALPHA))
    renderer.draw_frame(surface, g, theme)
    if board.history and not picture.line:
        last = board.history[-1]
        renderer.draw_last_mark(surface, g.centre(last, board.height(last) - 1), g, theme)
    outcome = board.outcome
    if outcome is not None and outcome.winner is not None:
        for col, row in outcome.cells:
            renderer.draw_win_mark(surface, g.centre(col, row), g, theme, 0.5)
    played = picture.played
    if played is not None:
        draw_crossed(surface, look, g, played.column, game.colour_of(played.mover))
    draw_marks(surface, look, g, picture.marks)
    if picture.hover is not None:
        col, colour = picture.hover
        renderer.draw_disc(surface, (g.column_x(col), g.hover_y), g.radius, colour, theme)
    _draw_column_numbers(surface, look, g, picture.column)
    _draw_values(surface, look, layout, picture)


def _draw_column_numbers(
    surface: pygame.Surface, look: Look, g: BoardGeometry, marked: int | None
) -> None:
    """The columns' numbers under the board, the one a reason names in the accent."""
    size = BoardType.of(g.cell).numbers
    y = g.frame_rect.bottom + round(g.cell * 0.05)
    for col in range(WIDTH):
        ink = Ink(size, look.theme.accent if col == marked else look.theme.text_muted)
        look.text.blit(surface, str(col + 1), ink, (g.column_x(col), y), anchor="midtop")


def _draw_values(
    surface: pygame.Surface, look: Look, layout: ReviewLayout, picture: BoardPicture
) -> None:
    """What each column is worth in the position on the board (the analysis), or that it
    is on its way."""
    g, text = layout.board, look.text
    size = BoardType.of(g.cell).values
    line = text.line_step(size, 1.0)
    top = g.frame_rect.top - round(g.cell * 0.55) - 2 * line
    result = picture.analysis
    if result is None or result.analysis is None:
        if picture.analysing:
            slot = pygame.Rect(g.frame_rect.x, top, g.frame_rect.width, 2 * line)
            ink = Ink(size, look.theme.text_muted)
            text.blit_fitted(surface, texts.analysing(), ink, slot)
        return
    ply = picture.board.ply
    labels = {
        col: (worth_labels(said), worth_colour(look, said))
        for col, score in result.analysis.items()
        for said in (worth(score, ply=ply),)
    }
    draw_row(surface, look, g, WorthRow(labels, size, top + line))
