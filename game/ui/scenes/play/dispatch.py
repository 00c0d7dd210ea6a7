"""The play screen's input: each key, click and button press becomes a command
(:mod:`.controls`) that the scene carries out.

The :class:`Dispatcher` holds the table from command to the scene's method; the scene
hands it every event and takes back where to go next, if anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core import WIDTH
from game.ui.options import Mode
from game.ui.scenes.play import controls
from game.ui.scenes.play.controls import BUTTON_COMMANDS, Command, Order
from game.ui.scenes.stack import Pause, Review, Transition

if TYPE_CHECKING:
    from game.ui.scenes.play.scene import PlayScene


class Dispatcher:
    """The commands of ``scene``, by the keys, clicks and buttons that give them."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.table = self._table()

    def _table(self) -> dict[Command, Callable[[Order], Transition | None]]:
        scene = self.scene
        do = controls.ignoring_order
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
            Command.MENU: lambda order: Pause(scene),
            Command.REVIEW: lambda order: Review(scene.reviewed()),
            Command.RETRY: do(scene.retry),
            Command.TAKE_BACK: do(scene.take_back),
            Command.KEEP: do(scene.keep_move),
            Command.PAUSE: do(scene.toggle_pause),
            Command.STEP: do(scene.step_once),
            Command.SPEED: do(scene.cycle_speed),
            Command.FOCUS_BACK: do(lambda: scene.buttons.move(-1)),
            Command.FOCUS_NEXT: do(lambda: scene.buttons.move(1)),
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

    def press(self, key: str) -> Transition | None:
        """The button ``key`` was pressed."""
        self.scene.host.sounds.play("click")
        return self.table[BUTTON_COMMANDS[key]](Order(BUTTON_COMMANDS[key]))

    def handle(self, event: pygame.event.Event) -> Transition | None:
        """Carry ``event`` out; where to go next, if anywhere."""
        scene = self.scene
        layout = scene.layout(scene.host.size)
        if event.type == pygame.KEYDOWN:
            watching = scene.config.mode is Mode.WATCH
            stuck = scene.computer.stuck_at(scene.round.match.board.moves) is not None
            choosing = scene.round.over or scene.coach.offer is not None or stuck
            order = controls.key_order(event, watching=watching, over=choosing)
            return None if order is None else self.table[order.command](order)
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
                scene.try_drop(column)
        return None
