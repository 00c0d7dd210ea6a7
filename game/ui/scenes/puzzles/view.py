"""The Puzzles screen's picture: the board with the try's discs, and after a failed try
the position before the move that failed, that move crossed above its column, the
columns that kept the win outlined, the winning play as numbered faint discs (the first
in such a column) and the cells of the reason ringed; and the side panel.

Drawing reads the scene's state (:class:`PuzzleState`) and changes none of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.core import Board, Player
from game.profile.choices import DiscColour
from game.profile.statistics import Statistics
from game.ui.animation import DiscDrop
from game.ui.board_screen import BoardLayout, BoardScreen, draw_column_numbers, draw_dots
from game.ui.layout import metrics
from game.ui.reason_marks import FaintLine, draw_crossed, draw_line, draw_marks
from game.ui.reasons import marked_cells
from game.ui.scenes.puzzles import texts
from game.ui.scenes.puzzles.attempt import Attempt, Phase
from game.ui.scenes.puzzles.shelf import Shelf
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.themes import Colour
from game.ui.widgets import draw_items, draw_panel

LINE_ALPHA = 130
"""How faint the winning play's discs are (0-255)."""


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


def shown_board(attempt: Attempt, drop: DiscDrop | None) -> Board:
    """The position on the board: the try's, or once a failed move's disc has landed the
    position before it (the winning play starts there)."""
    if attempt.phase is Phase.FAILED and attempt.mistake is not None and drop is None:
        return Board.from_moves(attempt.mistake)
    return attempt.board


def draw_board(
    surface: pygame.Surface, state: PuzzleState, attempt: Attempt, layout: BoardLayout
) -> None:
    look, g = state.look, layout.board
    theme, renderer = look.theme, look.renderer
    drop = state.drop
    board = shown_board(attempt, drop)
    failed = board is not attempt.board
    renderer.draw_discs(surface, g, theme, board=board, drop=drop, colour_of=colour_of)
    if failed:
        draw_line(surface, look, g, FaintLine(board, attempt.line, colour_of, LINE_ALPHA))
    renderer.draw_frame(surface, g, theme)
    kept = attempt.kept_columns()
    if failed and kept:
        for col in kept:  # an outline: the winning play's discs stay readable inside it
            width = max(3, g.cell // 16)
            pygame.draw.rect(surface, theme.hint, g.column_rect(col), width, border_radius=6)
    if failed and attempt.wrong is not None:
        draw_crossed(surface, look, g, attempt.wrong, colour_of(attempt.player))
        if attempt.reason is not None:
            cells = marked_cells(attempt.reason, attempt.player)
            draw_marks(surface, look, g, [(cell, colour_of(owner)) for cell, owner in cells])
    elif board.ply > attempt.puzzle.ply and drop is None:
        last = board.history[-1]
        renderer.draw_last_mark(surface, g.centre(last, board.height(last) - 1), g, theme)
    outcome = board.outcome
    if outcome is not None and outcome.winner is not None and drop is None:
        wave = state.win_wave
        for col, row in outcome.cells:
            renderer.draw_win_mark(surface, g.centre(col, row), g, theme, wave)
    _draw_above(surface, state, attempt, layout)


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
    draw_column_numbers(surface, look, g, marked_column(state, attempt))


def marked_column(state: PuzzleState, attempt: Attempt) -> int | None:
    """The column whose number is marked: the cursor's while the player is to move,
    over a full column too (the disc above the board is not drawn there, and the cursor
    must not vanish); else the column the reason names, if any."""
    if attempt.phase is Phase.YOUR_MOVE and state.drop is None:
        return state.cursor
    return None if attempt.reason is None else attempt.reason.column


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
    sizes = metrics(writer.surface.get_size()).type
    heading, small, gap = sizes.heading, sizes.small, body // 2
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
    failed = attempt.phase is Phase.FAILED
    for line in texts.refutation(attempt, theme.colour_names) if failed else []:
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
