"""The Review screen: a finished game (or any game) move by move, each judged by the
exact solver.

Its parts (this package's modules): :mod:`.record` (the game, the values known, the moves
judged, the position shown), :mod:`.requests` (what the worker is asked, in the
background: the values fill in as they are solved), :mod:`.texts` (every sentence),
:mod:`.layout`, and the picture: :mod:`.view` (the board, its analysis and the best
line), :mod:`.graph` (the value graph), :mod:`.summary` (the players' rows) and
:mod:`.panel` (the move list and the shown move in words).

Left and Right step through the moves, Home and End go to the first and the last; a click
on the graph or on a move of the list shows that position.  The analysis of every column
is asked for the position the player stays on.  C copies the moves.
"""

from __future__ import annotations

from typing import Final

import pygame

from game.ai.explain import Cell
from game.ai.judge import PositionValue
from game.core import Player
from game.profile.choices import DiscColour
from game.ui import clipboard, reasons
from game.ui import input as ui_input
from game.ui.engine_link import Failure, Reply, Reviewed, ReviewEngine
from game.ui.input import Command, Order
from game.ui.notices import NoticePlace
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import Scene, SceneHost
from game.ui.scenes.review import texts
from game.ui.scenes.review.graph import GraphData, draw_graph, ply_at
from game.ui.scenes.review.layout import BUTTONS, ReviewLayout, compute_layout
from game.ui.scenes.review.panel import PanelPicture, draw_side_panel, move_cells, row_height
from game.ui.scenes.review.record import ReviewRecord
from game.ui.scenes.review.requests import ReviewRequests
from game.ui.scenes.review.summary import draw_summary
from game.ui.scenes.review.view import BoardPicture, draw_board
from game.ui.scenes.stack import Go, Transition
from game.ui.widgets import ActionKind, Item, ItemList

ANALYSE_AFTER: Final = 0.35
"""Seconds the player stays on a position before its analysis is asked for (stepping
through the moves asks for none on the way)."""


class ReviewScene(Scene):
    """The review of ``game`` (see the module docstring); ``engine`` values it, and an
    analysis takes ``analysis_seconds`` (Perfect's time, in the settings)."""

    def __init__(
        self, host: SceneHost, game: ReviewGame, *, engine: ReviewEngine, analysis_seconds: float
    ) -> None:
        super().__init__(host)
        self.record = ReviewRecord(game)
        self.requests = ReviewRequests(engine, self, self.record, analysis_seconds=analysis_seconds)
        self.buttons = ItemList([Item(key, texts.button_label(key)) for key in BUTTONS])
        self.buttons.focus_on("back")
        self.stayed = 0.0
        """Seconds the shown position has been on screen."""
        self._layouts: dict[tuple[int, int], ReviewLayout] = {}
        self.requests.pump()

    # -- what is shown -------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> ReviewLayout:
        layout = self._layouts.get(size)
        if layout is None:
            layout = compute_layout(size)
            self._layouts = {size: layout}
        return layout

    def notice_place(self, size: tuple[int, int]) -> NoticePlace:
        """One notice at a time, in the side panel above the buttons: never over the
        board, the graph or the summary."""
        layout = self.layout(size)
        bottom = min(rect.top for rect in layout.buttons.values()) - layout.pad // 2
        return NoticePlace(layout.panel.centerx, bottom, layout.panel.width - layout.pad, 1)

    def names(self) -> tuple[str, str]:
        """Who played each side, in the theme's words."""
        names = self.host.theme.colour_names
        game = self.record.game
        return (
            texts.side_name(game, Player.FIRST, names),
            texts.side_name(game, Player.SECOND, names),
        )

    def picture(self) -> BoardPicture:
        """The board to show: after the shown move, or for a mistake or a blunder with
        its line, before it (the line starts there)."""
        record = self.record
        review = record.move
        if review is not None and review.verdict.shows_line and review.line:
            board = record.position(review.ply)
            line = review.line
            played = review
        else:
            board, line, played = record.position(), (), None
        moves = board.moves
        reason = None if played is None else played.reason
        marks: tuple[tuple[Cell, DiscColour], ...] = ()
        if played is not None and reason is not None:
            game = record.game
            cells = reasons.marked_cells(reason, played.mover)
            marks = tuple((cell, game.colour_of(owner)) for cell, owner in cells)
        return BoardPicture(
            board,
            record.game,
            played,
            line,
            self.requests.analyses.get(moves),
            self.requests.analysing(moves),
            marks,
            None if reason is None else reason.column,
        )

    def graph(self) -> GraphData:
        record = self.record
        values = dict(record.values)
        last = record.reviews[-1] if record.reviews else None
        if record.board.is_over and last is not None:
            # The end: the last move's value, seen by the side that did not play it.
            values[record.length] = PositionValue(record.length, -last.played)
        marks = [
            (review.number, review.verdict, review.proven)
            for review in record.reviews[record.game.start :]
            if review is not None
        ]
        game = record.game
        colours = (game.colour_of(Player.FIRST), game.colour_of(Player.SECOND))
        return GraphData(values, record.length, record.shown, marks, colours, texts.draw_label())

    def status(self) -> tuple[str, ...]:
        record, requests = self.record, self.requests
        lines = [
            texts.progress(record.judged, record.to_judge) if not record.complete else texts.done()
        ]
        if requests.failed:
            lines.append(texts.failed(requests.failed))
        if record.estimated:
            lines.append(texts.estimates_note())
        return tuple(lines)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout(surface.get_size())
        self.host.draw_background(surface)
        picture = self.picture()
        draw_board(surface, self.host, layout, picture)
        draw_graph(surface, self.host, layout.graph, self.graph())
        names = self.names()
        draw_summary(surface, self.host, layout.summary, self.record, names)
        draw_side_panel(
            surface,
            self.host,
            layout,
            self.record,
            PanelPicture(names, self.buttons, self.status()),
        )

    # -- events and time ---------------------------------------------------------------
    def show(self, shown: int) -> None:
        """Show the position after ``shown`` moves."""
        if self.record.go_to(shown):
            self.stayed = 0.0

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        layout = self.layout(self.host.size)
        if event.type == pygame.KEYDOWN:
            order = ui_input.key_order(event, ui_input.REVIEW_KEYS)
            return None if order is None else self.carry_out(order)
        action = self.buttons.handle_event(event, layout.buttons)
        if action is not None and action.kind is ActionKind.ACTIVATE:
            return self.press(action.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos, layout)
        return None

    def carry_out(self, order: Order) -> Transition | None:
        """Do what ``order`` says; where to go next, if anywhere."""
        record = self.record
        steps = {
            Command.BACK_ONE: -1,
            Command.FORWARD_ONE: 1,
            Command.BACK_TWO: -2,
            Command.FORWARD_TWO: 2,
        }
        match order.command:
            case command if command in steps:
                self.show(record.shown + steps[command])
            case Command.FIRST:
                self.show(0)
            case Command.LAST:
                self.show(record.length)
            case Command.COPY:
                self.copy()
            case Command.BACK:
                return Go.BACK
            case Command.FOCUS_NEXT:
                self.buttons.move(1)
            case Command.PRESS:
                focused = self.buttons.focused
                return None if focused is None else self.press(focused.key)
        return None

    def _click(self, pos: tuple[int, int], layout: ReviewLayout) -> None:
        if layout.graph.collidepoint(pos):
            self.show(ply_at(layout.graph, pos[0], self.record.length))
            return
        record = self.record
        row_h = row_height(self.host, layout)
        for number, cell in move_cells(layout.moves, record.length, record.shown, row_h).items():
            if cell.collidepoint(pos):
                self.show(number)
                return

    def press(self, key: str) -> Transition | None:
        """The button ``key`` was pressed."""
        self.host.sounds.play("click")
        return self.carry_out(ui_input.button_order(key))

    def copy(self) -> None:
        """The game's moves onto the clipboard (or, without one, in a notice)."""
        moves = self.record.game.moves
        if clipboard.copy_text(moves):
            self.host.notify(texts.copied(moves), topic="copy")
        else:
            self.host.notify(texts.not_copied(moves), topic="copy")

    def update(self, dt: float) -> None:
        self.stayed += dt
        if self.stayed < ANALYSE_AFTER:
            return
        board = self.picture().board
        if not board.is_over:
            self.requests.analyse(board.moves)

    def next_frame_in(self) -> float | None:
        """When the shown position's analysis is due to be asked for; nothing moves here
        (the values and the analysis come as replies, which wake the window)."""
        if self.stayed < ANALYSE_AFTER:
            return ANALYSE_AFTER - self.stayed
        return None

    def handle_reply(self, reply: Reply) -> None:
        self.requests.receive(reply)

    def handle_review(self, reply: Reviewed | Failure) -> None:
        self.requests.receive_value(reply)

    def resume(self) -> None:
        self.buttons = ItemList([Item(key, texts.button_label(key)) for key in BUTTONS])
        self._layouts = {}

    def close(self) -> None:
        self.requests.cancel()


__all__ = ["ReviewScene"]
