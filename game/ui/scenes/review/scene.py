"""The Review screen: a finished game (or any game) move by move, each judged by the
exact solver.

Its parts (this package's modules): :mod:`.record` (the game, the values known, the moves
judged, the position shown), :mod:`.requests` (what the worker is asked, in the
background: the values fill in as they are solved), :mod:`.texts` (every sentence),
:mod:`.layout`, and the picture: :mod:`.view` (the board, its analysis and the best
line), :mod:`.graph` (the value graph), :mod:`.summary` (the players' rows) and
:mod:`.panel` (the move list and the shown move in words).

Left and Right (or the mouse wheel) step through the moves, Home and End go to the first
and the last; a click on the graph or on a move of the list shows that position.  The
analysis of every column is asked for the position the player stays on.  C copies the
moves.

Once the review is complete, Replay my mistakes sets each of the player's mistakes and
blunders as a puzzle in turn (:mod:`.replay`, :mod:`.replay_mode`): the screen's board
then takes the player's moves, and what is fixed is kept with the game (``keeper``).
"""

from __future__ import annotations

from typing import Final

import pygame

from game.ai.explain import Cell
from game.ai.judge import MoveReview, PositionValue
from game.core import Player
from game.profile.choices import DiscColour
from game.ui import clipboard, reasons
from game.ui import input as ui_input
from game.ui.engine_link import Engine
from game.ui.input import Command, Order
from game.ui.notices import NoticePlace
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import Scene, SceneHost
from game.ui.scenes.review import texts
from game.ui.scenes.review.graph import GraphData, draw_graph, ply_at
from game.ui.scenes.review.layout import (
    BUTTONS,
    REPLAY_BUTTONS,
    WITH_REPLAY,
    ReviewLayout,
    compute_layout,
)
from game.ui.scenes.review.panel import (
    PanelPicture,
    draw_side_panel,
    footer_top,
    list_rect,
    move_cells,
    row_height,
)
from game.ui.scenes.review.record import ReviewRecord
from game.ui.scenes.review.replay import Replay, mistakes_of
from game.ui.scenes.review.replay_mode import REPLAY_KEYS, ReplayKeeper, ReplayMode
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
        self,
        host: SceneHost,
        game: ReviewGame,
        *,
        engine: Engine,
        analysis_seconds: float,
        keeper: ReplayKeeper | None = None,
    ) -> None:
        super().__init__(host)
        self.record = ReviewRecord(game)
        self.requests = ReviewRequests(
            engine, self.record, analysis_seconds=analysis_seconds, analysed=self._analysed
        )
        self.keeper = keeper
        """Where the mistakes fixed in a replay are kept with the game (None: nowhere)."""
        self.replaying: ReplayMode | None = None
        """Replay my mistakes, while it goes on."""
        self.buttons = self._buttons(BUTTONS)
        self.buttons.focus_on("back")
        self.stayed = 0.0
        """Seconds the shown position has been on screen."""
        self._layouts: dict[tuple[tuple[int, int], tuple[str, ...]], ReviewLayout] = {}
        self.requests.pump()

    def _buttons(self, keys: tuple[str, ...]) -> ItemList:
        last = self.replaying is not None and self.replaying.replay.last_one
        mine = self.record.game.human is not None  # else every side's mistakes are replayed
        return ItemList([Item(key, texts.button_label(key, last=last, mine=mine)) for key in keys])

    @property
    def mistakes(self) -> list[MoveReview]:
        """The player's mistakes and blunders to replay: the human's against the
        computer, every side's in another game."""
        game = self.record.game
        player = None if game.human is None else Player(game.human)
        return mistakes_of(self.record.reviews[game.start :], player)

    # -- what is shown -------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> ReviewLayout:
        keys = tuple(item.key for item in self.buttons.items)
        layout = self._layouts.get((size, keys))
        if layout is None:
            layout = compute_layout(size, keys)
            self._layouts = {(size, keys): layout}
        return layout

    def notice_place(self, size: tuple[int, int]) -> NoticePlace:
        """One notice at a time, in the side panel above the keys' help: never over the
        board, the graph, the summary, the keys or the buttons."""
        layout = self.layout(size)
        words = None if self.replaying is None else texts.replay_keys()
        bottom = footer_top(self.host, layout, words) - layout.pad // 2
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
        its line, before it (the line starts there); while replaying, the replay's."""
        record = self.record
        if self.replaying is not None:
            return self.replaying.picture(record.position(self.replaying.replay.current.ply))
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
        draw_summary(surface, self.host, layout.summary, self.record, self.names())
        draw_side_panel(surface, self.host, layout, self.record, self.panel_picture())

    def panel_picture(self) -> PanelPicture:
        """What the side panel shows besides the record (for drawing, and for clicks on
        the move list, whose height the sentences under it decide)."""
        replay = None
        if self.replaying is not None:
            game, colours = self.record.game, self.host.theme.colour_names
            lines = texts.replay_lines(self.replaying.replay, game, colours)
            if self.replaying.kept_nowhere:
                lines.append(texts.replay_kept_nowhere())
            replay = tuple(lines)
        # While a replayed mistake is tried, Enter plays the disc, not a button.
        enter_presses = self.replaying is None or not self.replaying.trying
        return PanelPicture(self.names(), self.buttons, self.status(), replay, enter_presses)

    # -- events and time ---------------------------------------------------------------
    def show(self, shown: int) -> None:
        """Show the position after ``shown`` moves."""
        if self.record.go_to(shown):
            self.stayed = 0.0

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        layout = self.layout(self.host.size)
        if event.type == pygame.KEYDOWN:
            keys = ui_input.REVIEW_KEYS if self.replaying is None else REPLAY_KEYS
            order = ui_input.key_order(event, keys)
            return None if order is None else self.carry_out(order)
        if event.type == pygame.MOUSEWHEEL and event.y:
            # Up: back a move, as Left; down: on, as Right.
            wheel = Command.BACK_ONE if event.y > 0 else Command.FORWARD_ONE
            return self.carry_out(Order(wheel))
        action = self.buttons.handle_event(event, layout.buttons)
        if action is not None and action.kind is ActionKind.ACTIVATE:
            return self.press(action.key)
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if self.replaying is not None and event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
        ):
            column = layout.board.column_at(event.pos)
            if column is not None:
                self.replaying.cursor = column
                if clicked:
                    self.replay_move(column)
        elif clicked:
            self._click(event.pos, layout)
        return None

    def carry_out(self, order: Order) -> Transition | None:
        """Do what ``order`` says; where to go next, if anywhere."""
        if self.replaying is not None:
            return self._replay_order(order, self.replaying)
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
        moves = list_rect(self.host, layout, record, self.panel_picture())
        for number, cell in move_cells(moves, record.length, record.shown, row_h).items():
            if cell.collidepoint(pos):
                self.show(number)
                return

    def press(self, key: str) -> Transition | None:
        """The button ``key`` was pressed."""
        self.host.sounds.play("click")
        if key == "replay":
            self.start_replay()
            return None
        if key == "next":
            self.next_mistake()
            return None
        if key == "review":
            self.stop_replay()
            return None
        return self.carry_out(ui_input.button_order(key))

    # -- Replay my mistakes --------------------------------------------------------------
    def start_replay(self) -> None:
        """Set the player's mistakes as puzzles, the first one now."""
        mistakes = self.mistakes
        if not mistakes:
            return
        game = self.record.game
        self.replaying = ReplayMode(Replay(game.moves, tuple(mistakes)), game, self.keeper)
        self.buttons = self._buttons(REPLAY_BUTTONS)
        self.buttons.focus_on("next")
        self._ask_replay_analysis()

    def stop_replay(self) -> None:
        """Back to the review, on the position of the last mistake replayed."""
        if self.replaying is None:
            return
        shown = self.replaying.replay.current.number
        self.replaying = None
        self.buttons = self._buttons(self._review_buttons())
        self.buttons.focus_on("back")
        self.show(shown)

    def next_mistake(self) -> None:
        """On to the next mistake (back to the review after the last)."""
        replaying = self.replaying
        if replaying is None:
            return
        if not replaying.replay.next():
            self.stop_replay()
            return
        self.buttons = self._buttons(REPLAY_BUTTONS)
        self.buttons.focus_on("next")
        self._ask_replay_analysis()

    def replay_move(self, column: int) -> None:
        """The player tries ``column`` on the mistake replayed."""
        replaying = self.replaying
        if replaying is None:
            return
        position = replaying.replay.position
        result = self.requests.analyses.get(position)
        replaying.play(column, None if result is None else result.analysis)
        if replaying.replay.over:
            self.host.sounds.play("win" if replaying.replay.found is not None else "loss")

    def _ask_replay_analysis(self) -> None:
        """Ask for the values of the mistake's position, and show its move in the list
        and on the graph."""
        if self.replaying is not None:
            self.requests.analyse(self.replaying.replay.position)
            self.show(self.replaying.replay.current.number)

    def _replay_order(self, order: Order, replaying: ReplayMode) -> Transition | None:
        match order.command:
            case Command.DROP:
                self.replay_move(replaying.cursor if order.column is None else order.column)
            case Command.CURSOR_LEFT:
                replaying.move_cursor(-1)
            case Command.CURSOR_RIGHT:
                replaying.move_cursor(1)
            case Command.PRESS if replaying.trying:
                self.replay_move(replaying.cursor)
            case Command.PRESS:
                focused = self.buttons.focused
                return None if focused is None else self.press(focused.key)
            case Command.NEXT_PUZZLE:
                self.next_mistake()
            case Command.FOCUS_NEXT:
                self.buttons.move(1)
            case Command.BACK:
                self.stop_replay()
        return None

    def _review_buttons(self) -> tuple[str, ...]:
        """The review's buttons: with Replay my mistakes once the review is complete and
        the player has some."""
        return WITH_REPLAY if self.record.complete and self.mistakes else BUTTONS

    def copy(self) -> None:
        """The game's moves onto the clipboard (or, without one, in a notice)."""
        moves = self.record.game.moves
        if clipboard.copy_text(moves):
            self.host.notify(texts.copied(moves), topic="copy")
        else:
            self.host.notify(texts.not_copied(moves), topic="copy")

    def update(self, dt: float) -> None:
        if self.replaying is None and self._review_buttons() != tuple(
            item.key for item in self.buttons.items
        ):
            focused = self.buttons.focused
            self.buttons = self._buttons(self._review_buttons())
            self.buttons.focus_on("back" if focused is None else focused.key)
        self.stayed += dt
        if self.stayed < ANALYSE_AFTER or self.replaying is not None:
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

    def _analysed(self, moves: str) -> None:
        """An analysis came (or failed): the move a replay waits for is judged by it."""
        replaying = self.replaying
        if replaying is None or replaying.replay.waiting is None:
            return
        position = replaying.replay.position
        result = self.requests.analyses.get(position)
        if result is not None and result.analysis is not None:
            replaying.analysed(position, result.analysis)
        elif moves == position and not self.requests.analysing(position):
            self._ask_replay_analysis()  # it failed: ask again

    def resume(self) -> None:
        keys = tuple(item.key for item in self.buttons.items)
        self.buttons = self._buttons(keys)
        self._layouts = {}

    def close(self) -> None:
        self.requests.cancel()


__all__ = ["ReviewScene"]
