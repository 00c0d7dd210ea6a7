"""The play screen's input: each key, click and button press becomes an order (the input
layer, :mod:`game.ui.input`) that the scene carries out.

The :class:`Dispatcher` holds the table from command to what the scene does; the scene
hands it every event and takes back where to go next, if anywhere.  It knows the scene
only as :class:`Commandable`, what the table calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.core import WIDTH
from game.ui import input as ui_input
from game.ui.board_screen import BoardLayout
from game.ui.input import Command, Order
from game.ui.options import GameConfig, Mode
from game.ui.players import Stuck
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import SceneHost
from game.ui.scenes.play.coach import Coach
from game.ui.scenes.play.controls import ignoring_order
from game.ui.scenes.play.round import Round
from game.ui.scenes.stack import Pause, PausedGame, Review, Transition
from game.ui.widgets import ItemList


class Commandable(Protocol):
    """What the dispatcher asks of the play screen."""

    buttons: ItemList
    cursor: int

    @property
    def host(self) -> SceneHost: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def round(self) -> Round: ...
    @property
    def coach(self) -> Coach: ...
    @property
    def stuck(self) -> Stuck | None: ...
    def layout(self, size: tuple[int, int]) -> BoardLayout: ...
    def try_drop(self, column: int) -> bool: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def ask_hint(self) -> None: ...
    def toggle_analysis(self) -> None: ...
    def ask_new_game(self) -> Transition | None: ...
    def new_game(self) -> None: ...
    def paused(self) -> PausedGame: ...
    def reviewed(self) -> ReviewGame: ...
    def retry(self) -> None: ...
    def take_back(self) -> None: ...
    def keep_move(self) -> None: ...
    def toggle_pause(self) -> None: ...
    def step_once(self) -> None: ...
    def cycle_speed(self) -> None: ...


class Dispatcher:
    """The commands of ``scene``, by the keys, clicks and buttons that give them."""

    def __init__(self, scene: Commandable) -> None:
        self.scene = scene
        self.table = self._table()

    def _table(self) -> dict[Command, Callable[[Order], Transition | None]]:
        scene = self.scene
        do = ignoring_order
        return {
            Command.DROP: self._drop,
            Command.CURSOR_LEFT: do(lambda: self._move_cursor(-1)),
            Command.CURSOR_RIGHT: do(lambda: self._move_cursor(1)),
            Command.UNDO: do(scene.undo),
            Command.REDO: do(scene.redo),
            Command.HINT: do(scene.ask_hint),
            Command.ANALYSIS: do(scene.toggle_analysis),
            Command.NEW_GAME: lambda order: scene.ask_new_game(),
            Command.PLAY_AGAIN: do(scene.new_game),
            Command.MENU: lambda order: Pause(scene.paused()),
            Command.REVIEW: lambda order: Review(scene.reviewed()),
            Command.TRY_AGAIN: do(scene.retry),
            Command.TAKE_BACK: do(scene.take_back),
            Command.KEEP: do(scene.keep_move),
            Command.PAUSE: do(scene.toggle_pause),
            Command.STEP: do(scene.step_once),
            Command.SPEED: do(scene.cycle_speed),
            Command.FOCUS_BACK: do(lambda: scene.buttons.move(-1)),
            Command.FOCUS_NEXT: do(lambda: scene.buttons.move(1)),
            Command.FIRST: do(lambda: scene.buttons.focus_end(first=True)),
            Command.LAST: do(lambda: scene.buttons.focus_end(first=False)),
            Command.PRESS: self._press_focused,
        }

    def _drop(self, order: Order) -> None:
        scene = self.scene
        scene.try_drop(scene.cursor if order.column is None else order.column)

    def _move_cursor(self, step: int) -> None:
        self.scene.cursor = min(max(self.scene.cursor + step, 0), WIDTH - 1)

    def _press_focused(self, order: Order) -> Transition | None:
        focused = self.scene.buttons.focused
        return None if focused is None else self.press(focused.key)

    def key_map(self) -> ui_input.KeyMap:
        """The keys of the moment: the buttons' when they are the choice (game over,
        the coach's question, a move that did not come), else the game's, with two
        computers' keys over them."""
        scene = self.scene
        if scene.round.over or scene.coach.offer is not None or scene.stuck is not None:
            return ui_input.CHOOSING_KEYS
        if scene.config.mode is Mode.WATCH:
            return ui_input.PLAY_KEYS | ui_input.WATCH_KEYS
        return ui_input.PLAY_KEYS

    def press(self, key: str) -> Transition | None:
        """The button ``key`` was pressed."""
        self.scene.host.sounds.play("click")
        return self.carry_out(ui_input.button_order(key))

    def carry_out(self, order: Order) -> Transition | None:
        """Do what ``order`` says; where to go next, if anywhere."""
        return self.table[order.command](order)

    def handle(self, event: pygame.event.Event) -> Transition | None:
        """Carry ``event`` out; where to go next, if anywhere."""
        scene = self.scene
        layout = scene.layout(scene.host.size)
        if event.type == pygame.KEYDOWN:
            order = ui_input.key_order(event, self.key_map())
            return None if order is None else self.carry_out(order)
        if event.type == pygame.MOUSEMOTION:
            scene.buttons.handle_event(event, layout.buttons)
            column = layout.board.column_at(event.pos)
            if column is not None:
                scene.cursor = column
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            action = scene.buttons.handle_event(event, layout.buttons)
            if action is not None:
                return self.press(action.key)
            column = layout.board.column_at(event.pos)
            if column is not None and not scene.round.over:
                return self.carry_out(Order(Command.DROP, column))
        return None
