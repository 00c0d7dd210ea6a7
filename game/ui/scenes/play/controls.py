"""What the player can do on the play screen: the keys, the side panel's buttons, and
the command each one gives.

:func:`key_order` turns a key press into an :class:`Order` (a command, and the column
for a drop); :func:`buttons` lists the buttons that fit the moment, each of which
gives the command :data:`BUTTON_COMMANDS` names.  The scene carries the orders out.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core import WIDTH
from game.ui.options import Mode
from game.ui.scenes.play import texts
from game.ui.scenes.play.round import Round
from game.ui.scenes.play.watching import Watching
from game.ui.widgets import Item, ItemList


class Command(enum.Enum):
    """What a key or a button asks the play screen to do."""

    DROP = enum.auto()
    """Drop a disc in the order's column (the cursor's when it names none)."""
    CURSOR_LEFT = enum.auto()
    CURSOR_RIGHT = enum.auto()
    UNDO = enum.auto()
    REDO = enum.auto()
    HINT = enum.auto()
    ANALYSIS = enum.auto()
    """Show or hide the value of every column."""
    NEW_GAME = enum.auto()
    """The next game of the series (asks first if this one is unfinished)."""
    PLAY_AGAIN = enum.auto()
    """The next game, once this one is over."""
    MENU = enum.auto()
    """The pause menu."""
    REVIEW = enum.auto()
    """The finished game on the Review screen."""
    RETRY = enum.auto()
    """No computer move came: ask for it again."""
    TAKE_BACK = enum.auto()
    """The coach's offer taken: the move it objects to is taken back."""
    KEEP = enum.auto()
    """The coach's offer declined: the move stands, the computer replies."""
    PAUSE = enum.auto()
    """Two computers: pause or go on."""
    STEP = enum.auto()
    SPEED = enum.auto()
    FOCUS_BACK = enum.auto()
    FOCUS_NEXT = enum.auto()
    PRESS = enum.auto()
    """Press the focused button (game over)."""


@dataclass(frozen=True, slots=True)
class Order:
    command: Command
    column: int | None = None


NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, WIDTH + 1)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, WIDTH + 1)})
DROP_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN})
WATCH_KEYS = {
    pygame.K_p: Command.PAUSE,
    pygame.K_SPACE: Command.PAUSE,
    pygame.K_s: Command.STEP,
    pygame.K_RIGHT: Command.STEP,
    pygame.K_f: Command.SPEED,
}
"""Two computers playing: pause or go on, step one move, change the speed."""
OVER_KEYS = {
    pygame.K_LEFT: Command.FOCUS_BACK,
    pygame.K_UP: Command.FOCUS_BACK,
    pygame.K_RIGHT: Command.FOCUS_NEXT,
    pygame.K_DOWN: Command.FOCUS_NEXT,
    pygame.K_TAB: Command.FOCUS_NEXT,
    **dict.fromkeys(DROP_KEYS, Command.PRESS),
}
"""Game over: the keys move between the buttons and press one."""
PLAY_KEYS = {
    pygame.K_LEFT: Command.CURSOR_LEFT,
    pygame.K_RIGHT: Command.CURSOR_RIGHT,
    **dict.fromkeys(DROP_KEYS, Command.DROP),
    pygame.K_h: Command.HINT,
    pygame.K_a: Command.ANALYSIS,
}
ANYTIME_KEYS = {pygame.K_ESCAPE: Command.MENU, pygame.K_n: Command.NEW_GAME}

BUTTON_COMMANDS = {
    "again": Command.PLAY_AGAIN,
    "menu": Command.MENU,
    "review": Command.REVIEW,
    "retry": Command.RETRY,
    "takeback": Command.TAKE_BACK,
    "keep": Command.KEEP,
    "undo": Command.UNDO,
    "redo": Command.REDO,
    "hint": Command.HINT,
    "pause": Command.PAUSE,
    "step": Command.STEP,
    "speed": Command.SPEED,
}


def key_order(event: pygame.event.Event, *, watching: bool, over: bool) -> Order | None:
    """The order a key press gives (``watching``: two computers play; ``over``: the
    game is over); None for a key that does nothing here."""
    code = event.key
    if event.mod & pygame.KMOD_CTRL:
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        undo = {pygame.K_z: Command.REDO if shift else Command.UNDO, pygame.K_y: Command.REDO}
        return Order(undo[code]) if code in undo else None
    if not over and code in NUMBER_KEYS:
        return Order(Command.DROP, NUMBER_KEYS[code])
    # Later tables win: the keys that work anytime, then those of two computers playing.
    keys = {
        **(OVER_KEYS if over else PLAY_KEYS),
        **(WATCH_KEYS if watching and not over else {}),
        **ANYTIME_KEYS,
    }
    return Order(keys[code]) if code in keys else None


def buttons(
    round_: Round, watching: Watching, *, offer: bool = False, stuck: bool = False
) -> list[Item]:
    """The side panel's buttons for the moment, enabled or not (``offer``: the coach
    offers to take a move back; ``stuck``: the computer's move did not come)."""
    paused, speed = watching.paused, texts.speed_name(watching.speed)
    two_computers = round_.config.mode is Mode.WATCH

    def item(key: str, *, enabled: bool = True, primary: bool = False) -> Item:
        label = texts.button_label(key, paused=paused, speed=speed)
        return Item(key, label, enabled=enabled, primary=primary)

    if offer:
        return [item("takeback", primary=True), item("keep"), item("menu")]
    if stuck and not round_.over:
        keys = [item("retry", primary=True)]
        if not two_computers:
            keys.append(item("undo", enabled=round_.can_undo))
        return [*keys, item("menu")]
    if round_.over:
        keys = [item("again", primary=True), item("review")]
        if not two_computers:
            keys.append(item("undo", enabled=round_.can_undo))
        return [*keys, item("menu")]
    if two_computers:
        return [item("pause"), item("step"), item("speed"), item("menu")]
    return [
        item("undo", enabled=round_.can_undo),
        item("redo", enabled=round_.can_redo),
        item("hint", enabled=not round_.board_locked),
        item("menu"),
    ]


def refreshed(current: ItemList, items: list[Item]) -> ItemList:
    """``current`` if it shows ``items`` already (keys, labels, enabled), else a list of
    ``items`` that keeps the focus on the same key where it can."""
    if [(i.key, i.label, i.enabled) for i in items] == [
        (i.key, i.label, i.enabled) for i in current.items
    ]:
        return current
    fresh = ItemList(items)
    if current.focused is not None:
        fresh.focus_on(current.focused.key)
    return fresh


def ignoring_order(action: Callable[[], object]) -> Callable[[Order], None]:
    """A command's handler that needs nothing of its order (no column)."""

    def run(order: Order) -> None:
        action()

    return run
