"""The Puzzles screen's picture: the board with the try's discs, the refutation as
numbered faint discs, the columns that kept the win, and the side panel.

Drawing reads the scene's state (:class:`PuzzleState`) and changes none of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.choices import DiscColour
from game.core import WIDTH, Board, Player
from game.statistics import Statistics
from game.ui.animation import DiscDrop, pulse
from game.ui.board_screen import BoardLayout, BoardScreen, draw_column_numbers, draw_dots
from game.ui.scenes.puzzles import texts
from game.ui.scenes.puzzles.attempt import Attempt, Phase
from game.ui.scenes.puzzles.shelf import Shelf
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.themes import Colour
from game.ui.widgets import draw_items, draw_panel

LINE_ALPHA = 130
"""How faint the refutation's discs are (0-255)."""


class PuzzleState(BoardScreen, Protocol):
    """What the picture is made of (:class:`~.scene.PuzzleScene` has it)."""

    shelf: Shelf | None
    attempt: Attempt | None
    daily: bool
    first_try: bool
    rating_change: float | None
    drop: DiscDrop | None

    @property
    def statistics(self) -> Statistics: ...


@dataclass(slots=True)
class Writer:
    """The panel's text, paragraph after paragraph from the top; a paragraph that would
    reach ``bottom`` (the buttons) is left out."""

    surface: pygame.Surface
    look: Look
    x: int
    y: int
    width: int
    bottom: int

    def put(self, words: str, size: int, colour: Colour, *, space: int = 0) -> None:
        """``words`` wrapped to the width, ``space`` pixels below the last paragraph."""
        text = self.look.text
        lines = text.wrap(words, size, self.width)
        top = self.y + space
        if top + len(lines) * text.line_step(size) <= self.bottom:
            self.y = text.blit_lines(self.surface, lines, Ink(size, colour), (self.x, top))


def colour_of(player: Player) -> DiscColour:
    return DiscColour.RED if player == Player.FIRST else DiscColour.YELLOW


def draw(surface: pygame.Surface, state: PuzzleState, layout: BoardLayout) -> None:
    state.look.draw_background(surface)
    if state.attempt is not None:
        draw_board(surface, state, state.attempt, layout)
    draw_side(surface, state, layout)


def draw_board(
    surface: pygame.Surface, state: PuzzleState, attempt: Attempt, layout: BoardLayout
) -> None:
    look, g = state.look, layout.board
    theme, renderer = look.theme, look.renderer
    board, drop = attempt.board, state.drop
    renderer.draw_back(surface, g, theme)
    for col in range(WIDTH):
        for row in range(board.height(col)):
            if drop is not None and (drop.col, drop.row) == (col, row):
                continue
            owner = board.cell(col, row)
            assert owner is not None
            renderer.draw_disc(surface, g.centre(col, row), g.radius, colour_of(owner), theme)
    if drop is not None:
        centre = g.falling_centre(drop.col, drop.y)
        renderer.draw_disc(surface, centre, g.radius, colour_of(drop.player), theme)
    _draw_line(surface, state, attempt, layout)
    renderer.draw_frame(surface, g, theme)
    kept = attempt.kept_columns()
    if attempt.phase is Phase.FAILED and kept:
        for col in kept:  # an outline: the refutation's discs stay readable inside it
            width = max(3, g.cell // 16)
            pygame.draw.rect(surface, theme.hint, g.column_rect(col), width, border_radius=6)
    if board.ply > attempt.puzzle.ply and drop is None:
        last = board.history[-1]
        renderer.draw_last_mark(surface, g.centre(last, board.height(last) - 1), g, theme)
    outcome = board.outcome
    if outcome is not None and outcome.winner is not None and drop is None:
        wave = pulse(state.time)
        for col, row in outcome.cells:
            renderer.draw_win_mark(surface, g.centre(col, row), g, theme, wave)
    _draw_above(surface, state, attempt, layout)


def _draw_line(
    surface: pygame.Surface, state: PuzzleState, attempt: Attempt, layout: BoardLayout
) -> None:
    """The refutation: each move a faint disc with its number."""
    if not attempt.line or state.drop is not None:
        return
    look, g = state.look, layout.board
    line = Board.from_moves(attempt.board.moves)
    size = max(12, round(g.cell * 0.4))
    for number, col in enumerate(attempt.line, start=1):
        row = line.height(col)
        player = line.to_move
        line.play(col)
        disc = look.renderer.disc(g.radius, colour_of(player), look.theme, alpha=LINE_ALPHA)
        centre = g.centre(col, row)
        surface.blit(disc, disc.get_rect(center=centre))
        ink = Ink(size, look.theme.text)
        look.text.blit(surface, str(number), ink, centre, anchor="center")


def _draw_above(
    surface: pygame.Surface, state: PuzzleState, attempt: Attempt, layout: BoardLayout
) -> None:
    """The player's disc over the cursor's column, or the computer thinking; the column
    numbers under the board."""
    look, g = state.look, layout.board
    theme = look.theme
    hover = state.hover_column
    if hover is not None:
        centre = (g.column_x(hover), g.hover_y)
        look.renderer.draw_disc(surface, centre, g.radius, colour_of(attempt.player), theme)
    elif attempt.phase is Phase.DEFENCE and state.drop is None:
        draw_dots(surface, (g.frame_rect.centerx, g.hover_y), g.cell // 8, theme.text, state.time)
    draw_column_numbers(surface, look, g, None if hover is None else state.cursor)


def draw_side(surface: pygame.Surface, state: PuzzleState, layout: BoardLayout) -> None:
    look = state.look
    panel = layout.panel
    draw_panel(surface, panel, look.theme, radius=max(6, round(12 * layout.scale)))
    pad = layout.pad
    top_button = min((r.top for r in layout.buttons.values()), default=panel.bottom)
    writer = Writer(
        surface, look, panel.x + pad, panel.y + pad, panel.width - 2 * pad, top_button - pad
    )
    with look.text.within(panel):
        _panel_text(writer, state, layout.body)
    draw_items(surface, state.buttons, layout.buttons, look, show_focus=True)


def _panel_text(writer: Writer, state: PuzzleState, body: int) -> None:
    theme = state.look.theme
    heading, small, gap = max(16, round(body * 1.15)), max(13, round(body * 0.82)), body // 2
    attempt, shelf = state.attempt, state.shelf
    if attempt is None or shelf is None:
        writer.put(texts.title(), heading, theme.text)
        writer.put(texts.unavailable(), body, theme.text, space=gap)
        return
    number, count = shelf.place(attempt.puzzle)
    writer.put(
        texts.heading(attempt.puzzle.band, number, count, daily=state.daily), heading, theme.text
    )
    writer.put(texts.task(attempt, theme.colour_names), small, theme.text_muted)
    colour = {Phase.SOLVED: theme.score_win, Phase.FAILED: theme.score_loss}.get(
        attempt.phase, theme.accent
    )
    writer.put(texts.status(attempt), body, colour, space=gap)
    for line in texts.refutation(attempt) if attempt.phase is Phase.FAILED else []:
        writer.put(line, small, theme.text)
    stats = state.statistics
    progress = stats.puzzles
    solved = sum(p.moves in progress.solved for p in shelf.band(attempt.puzzle.band))
    lines = [
        texts.rating(stats.rating.rating, state.rating_change),
        texts.rated(state.first_try),
        *texts.progress(solved, count, progress.streak, progress.best_streak),
    ]
    if state.daily and attempt.phase is Phase.SOLVED:
        lines.append(texts.daily_done())
    for index, line in enumerate([*lines, texts.keys_help()]):
        writer.put(line, small, theme.text_muted, space=gap if index == 0 else 0)
