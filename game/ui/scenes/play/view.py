"""The play screen's picture: the board with its discs and marks, the value of each
column above it, and the game-over banner.  The side panel is :mod:`.panel`.

While the coach objects to a move, the board rings the cells its reason names (the
missed win, the threats the move allows, the threat that decides a long-term loss) in
the colour of the player each wins for, as the Review screen does
(:mod:`game.ui.reason_marks`), and marks under the board the column its question names
as the one that still wins (or draws).

Drawing reads the scene's state (:class:`PlayState`) and changes none of it.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.ai.protocol import SearchResult
from game.core import WIDTH, Player
from game.profile.choices import DiscColour
from game.profile.preferences import Settings
from game.ui import reasons
from game.ui.board_screen import (
    BoardLayout,
    BoardScreen,
    draw_column_numbers,
    draw_dots,
    worth_colour,
)
from game.ui.layout import BoardType
from game.ui.players import Stuck
from game.ui.reason_marks import draw_marks
from game.ui.scenes.play import texts
from game.ui.scenes.play.advisor import Advisor
from game.ui.scenes.play.coach import Coach
from game.ui.scenes.play.round import Round
from game.ui.scenes.play.watching import Watching
from game.ui.text import Ink
from game.ui.worth import Worth, worth, worth_labels
from game.ui.worth_row import WorthRow, draw_row

ColumnValue = tuple[str, Worth]
"""A column's value: the engine's label (for experts) and the verdict in words."""


class PlayState(BoardScreen, Protocol):
    """What the play screen's picture is made of (:class:`PlayScene` has it)."""

    settings: Settings

    @property
    def round(self) -> Round: ...
    @property
    def advisor(self) -> Advisor: ...
    @property
    def coach(self) -> Coach: ...
    @property
    def watching(self) -> Watching: ...
    @property
    def shows_analysis(self) -> bool: ...
    @property
    def thinking(self) -> bool:
        """Whether a player not at this window is choosing its move."""
        ...

    @property
    def stuck(self) -> Stuck | None:
        """Why the move of the side to move will not come (None: it comes)."""
        ...

    def proof_for(self, moves: str) -> bool | None:
        """Whether the last move that led to ``moves`` was proven best (None: no claim)."""
        ...


def colour_of(state: PlayState, player: Player) -> DiscColour:
    return state.round.match.colour_of(player)


def shown_analysis(state: PlayState) -> SearchResult | None:
    """The analysis of the current position, when it is shown and has arrived."""
    if not state.shows_analysis:
        return None
    return state.advisor.analyses.get(state.round.match.board.moves)


def column_values(state: PlayState) -> list[ColumnValue | None]:
    """The shown analysis of each column, None where there is none (a full column);
    empty when no analysis is shown."""
    result = shown_analysis(state)
    if result is None or result.analysis is None:
        return []
    ply = state.round.match.board.ply
    found: list[ColumnValue | None] = []
    for col in range(WIDTH):
        score = result.analysis.get(col)
        found.append(None if score is None else (str(score), worth(score, ply=ply)))
    return found


def hint_text(state: PlayState) -> str:
    """The hint in words ("" when there is no hint for this position)."""
    board = state.round.match.board
    column = state.advisor.hint_column(board.moves)
    if column is None:
        return ""
    result = state.advisor.analyses.get(board.moves)
    said = None
    score = None if result is None or result.analysis is None else result.analysis.get(column)
    if score is not None:
        said = worth(score, ply=board.ply)
    return texts.hint(column, said)


def draw_board(surface: pygame.Surface, state: PlayState, layout: BoardLayout) -> None:
    """The board, its discs (the falling one where it is), and the marks on it."""
    look, g = state.look, layout.board
    theme, renderer = look.theme, look.renderer
    board = state.round.match.board
    drop = state.round.drop
    renderer.draw_back(surface, g, theme)
    for col in range(WIDTH):
        for row in range(board.height(col)):
            if drop is not None and drop.col == col and drop.row == row:
                continue
            owner = board.cell(col, row)
            assert owner is not None
            colour = colour_of(state, owner)
            renderer.draw_disc(surface, g.centre(col, row), g.radius, colour, theme)
    if drop is not None:
        centre = g.falling_centre(drop.col, drop.y)
        renderer.draw_disc(surface, centre, g.radius, colour_of(state, drop.player), theme)
    renderer.draw_frame(surface, g, theme)
    _draw_above(surface, state, layout)
    if board.history and drop is None:
        last = board.history[-1]
        renderer.draw_last_mark(surface, g.centre(last, board.height(last) - 1), g, theme)
    wave = state.win_wave
    for col, row in state.round.winning_cells():
        renderer.draw_win_mark(surface, g.centre(col, row), g, theme, wave)
    chosen = None if state.round.board_locked else state.cursor
    offer = state.coach.offer
    if offer is not None:
        chosen = offer.best_column  # the column the coach's question names ("still wins")
        if offer.reason is not None:
            cells = reasons.marked_cells(offer.reason, offer.mover)
            marks = [(cell, colour_of(state, owner)) for cell, owner in cells]
            draw_marks(surface, look, g, marks)
    draw_column_numbers(surface, look, g, chosen)


def _draw_above(surface: pygame.Surface, state: PlayState, layout: BoardLayout) -> None:
    """The hint's glow, and above the board the player's disc or the thinking dots."""
    look, g = state.look, layout.board
    board = state.round.match.board
    hint = state.advisor.hint_column(board.moves)
    if hint is not None and not state.round.board_locked:
        look.renderer.draw_column_glow(surface, g, hint, look.theme.hint)
    if state.hover_column is not None:
        centre = (g.column_x(state.cursor), g.hover_y)
        colour = colour_of(state, board.to_move)
        look.renderer.draw_disc(surface, centre, g.radius, colour, look.theme)
    elif state.thinking and not state.watching.paused and state.coach.offer is None:
        centre = (g.frame_rect.centerx, g.hover_y)
        draw_dots(surface, centre, g.cell // 8, look.theme.text, state.time)


def draw_scores(surface: pygame.Surface, state: PlayState, layout: BoardLayout) -> None:
    """Above each column what it is worth (analysis on), or that it is on its way."""
    if not state.shows_analysis:
        return
    look, g = state.look, layout.board
    text = look.text
    size = BoardType.of(g.cell).values
    if shown_analysis(state) is None:
        if state.advisor.analysing:
            slot = pygame.Rect(g.frame_rect.x, layout.score_y - size, g.frame_rect.width, 2 * size)
            text.blit_fitted(
                surface, texts.Says.ANALYSING.text, Ink(size, look.theme.text_muted), slot
            )
        return
    experts = state.settings.engine_scores
    labels = {
        col: (([[label]] if experts else worth_labels(said)), worth_colour(look, said))
        for col, found in enumerate(column_values(state))
        if found is not None
        for label, said in (found,)
    }
    draw_row(surface, look, g, WorthRow(labels, size, layout.score_y))


def draw_banner(surface: pygame.Surface, state: PlayState, layout: BoardLayout) -> None:
    """Game over: who won (or a draw) over the top rows, and the session's score."""
    look = state.look
    theme, text = look.theme, look.text
    rect = layout.banner
    if rect.height < 20:
        return
    surface.blit(look.renderer.translucent(rect.size, (*theme.banner, 225)), rect.topleft)
    pygame.draw.rect(surface, theme.accent, rect, 2, border_radius=8)
    names = theme.colour_names
    headline = texts.headline(state.round.match, names)
    size = max(20, min(round(rect.height * 0.42), round(layout.board.cell * 0.7)))
    inside = rect.inflate(-20, 0)
    with text.within(rect):
        slot = pygame.Rect(inside.x, rect.y, inside.width, rect.height * 4 // 5)
        text.blit_fitted(surface, headline, Ink(size, theme.accent), slot)
        small = max(13, round(size * 0.5))
        score_line = texts.score_line(state.round.session, names)
        score = " \u00b7 ".join(f"{label} {count}" for label, count in score_line)
        low = rect.height * 2 // 5
        slot = pygame.Rect(inside.x, rect.bottom - low, inside.width, low)
        text.blit_fitted(surface, score, Ink(small, theme.text), slot)
