"""The one input layer: keys, clicks and buttons become commands here, and nowhere else.

A screen with a board (play, review, puzzles) and the Import box never look at a key
code: they ask :func:`key_order` for the :class:`Order` a key press gives in their
current :class:`KeyMap`, and :func:`button_order` for the order of one of their
buttons, then carry out the :class:`Command`.  Every key the game knows is in the maps
below, so the keys of one screen read as one table, and the same key means the same
command wherever it is used (1-7 drop a disc, Esc leaves, Tab moves the focus).

A map is chosen for the moment: the play screen uses :data:`PLAY_KEYS` while a game
goes on, :data:`CHOOSING_KEYS` when buttons are the only thing left to choose (game
over, the coach's question), and lays :data:`WATCH_KEYS` over them while two
computers play.  Maps are combined with ``|`` (the right-hand map wins).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import pygame

from game.core import WIDTH


class Command(enum.Enum):
    """What a key or a button asks a screen to do."""

    # The board
    DROP = enum.auto()
    """Drop a disc in the order's column (the cursor's when it names none)."""
    CURSOR_LEFT = enum.auto()
    CURSOR_RIGHT = enum.auto()
    # A game
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
    """The game on the Review screen (the finished one, or the one typed in)."""
    TAKE_BACK = enum.auto()
    """The coach's offer taken: the move it objects to is taken back."""
    KEEP = enum.auto()
    """The coach's offer declined: the move stands, the computer replies."""
    PAUSE = enum.auto()
    """Two computers: pause or go on."""
    STEP = enum.auto()
    """Two computers, paused: the next move."""
    SPEED = enum.auto()
    """Two computers: slow, normal, fast."""
    # Going through a game (the Review screen)
    BACK_ONE = enum.auto()
    FORWARD_ONE = enum.auto()
    BACK_TWO = enum.auto()
    """A move of each side back: the same player to move."""
    FORWARD_TWO = enum.auto()
    FIRST = enum.auto()
    """The start of the game."""
    LAST = enum.auto()
    """The end of the game."""
    COPY = enum.auto()
    """The game's moves onto the clipboard."""
    # Puzzles
    NEXT_PUZZLE = enum.auto()
    TRY_AGAIN = enum.auto()
    DAILY = enum.auto()
    # Online
    CHAT = enum.auto()
    """Write in the chat box (Enter sends, Esc or Tab stops)."""
    NEXT_BOX = enum.auto()
    """The next box to type into."""
    # Text (the Import box, the online screens' boxes)
    PASTE = enum.auto()
    ERASE = enum.auto()
    """The last character typed goes."""
    # Buttons and leaving
    FOCUS_BACK = enum.auto()
    FOCUS_NEXT = enum.auto()
    PRESS = enum.auto()
    """Press the focused button."""
    BACK = enum.auto()
    """Leave the screen."""


@dataclass(frozen=True, slots=True)
class Order:
    """A command, and the 0-based column it names (a drop by number or by click)."""

    command: Command
    column: int | None = None


NUMBER_KEYS: Mapping[int, int] = MappingProxyType(
    {
        **{getattr(pygame, f"K_{n}"): n - 1 for n in range(1, WIDTH + 1)},
        **{getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, WIDTH + 1)},
    }
)
"""The digit keys (top row and keypad) and the 0-based column each drops in."""
DROP_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN})
"""The keys that drop the disc where the cursor is."""
ENTER_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER})
PRESS_KEYS = ENTER_KEYS | {pygame.K_SPACE}
"""The keys that press the focused button where Space does not drop a disc (Down moves
the focus there, as in the menus)."""


@dataclass(frozen=True)
class KeyMap:
    """The commands of plain keys (``keys``) and of Ctrl with a key (``ctrl``; with
    Shift too in ``ctrl_shift``), and whether the digit keys drop a disc.  Keys a map
    does not name do nothing."""

    keys: Mapping[int, Command] = field(default_factory=dict)
    ctrl: Mapping[int, Command] = field(default_factory=dict)
    ctrl_shift: Mapping[int, Command] = field(default_factory=dict)
    numbers_drop: bool = False

    def __or__(self, other: KeyMap) -> KeyMap:
        """Both maps; ``other`` wins where they name the same key."""
        return KeyMap(
            {**self.keys, **other.keys},
            {**self.ctrl, **other.ctrl},
            {**self.ctrl_shift, **other.ctrl_shift},
            self.numbers_drop or other.numbers_drop,
        )


def key_order(event: pygame.event.Event, keys: KeyMap) -> Order | None:
    """The order a KEYDOWN ``event`` gives in ``keys`` (None: the key does nothing)."""
    code = event.key
    if event.mod & pygame.KMOD_CTRL:
        table = keys.ctrl_shift if event.mod & pygame.KMOD_SHIFT else keys.ctrl
        return Order(table[code]) if code in table else None
    if keys.numbers_drop and code in NUMBER_KEYS:
        return Order(Command.DROP, NUMBER_KEYS[code])
    return Order(keys.keys[code]) if code in keys.keys else None


def _keys(*pairs: tuple[frozenset[int] | int, Command]) -> dict[int, Command]:
    table: dict[int, Command] = {}
    for keys, command in pairs:
        table.update(
            dict.fromkeys(keys, command) if isinstance(keys, frozenset) else {keys: command}
        )
    return table


# -- the maps ------------------------------------------------------------------------

_UNDO = KeyMap(
    ctrl={pygame.K_z: Command.UNDO, pygame.K_y: Command.REDO},
    ctrl_shift={pygame.K_z: Command.REDO},
)

PLAY_KEYS = _UNDO | KeyMap(
    _keys(
        (pygame.K_LEFT, Command.CURSOR_LEFT),
        (pygame.K_RIGHT, Command.CURSOR_RIGHT),
        (DROP_KEYS, Command.DROP),
        (pygame.K_h, Command.HINT),
        (pygame.K_a, Command.ANALYSIS),
        (pygame.K_ESCAPE, Command.MENU),
        (pygame.K_n, Command.NEW_GAME),
    ),
    numbers_drop=True,
)
"""The play screen while the game goes on."""

CHOOSING_KEYS = _UNDO | KeyMap(
    _keys(
        (pygame.K_LEFT, Command.FOCUS_BACK),
        (pygame.K_UP, Command.FOCUS_BACK),
        (pygame.K_RIGHT, Command.FOCUS_NEXT),
        (pygame.K_DOWN, Command.FOCUS_NEXT),
        (pygame.K_TAB, Command.FOCUS_NEXT),
        (pygame.K_HOME, Command.FIRST),
        (pygame.K_END, Command.LAST),
        (PRESS_KEYS, Command.PRESS),
        (pygame.K_ESCAPE, Command.MENU),
        (pygame.K_n, Command.NEW_GAME),
    )
)
"""The play screen when its buttons are the choice (game over, the coach's question):
Home and End go to the first and the last button, as on every screen's buttons."""

WATCH_KEYS = KeyMap(
    _keys(
        (pygame.K_p, Command.PAUSE),
        (pygame.K_SPACE, Command.PAUSE),
        (pygame.K_s, Command.STEP),
        (pygame.K_RIGHT, Command.STEP),
        (pygame.K_f, Command.SPEED),
    )
)
"""Laid over :data:`PLAY_KEYS` while two computers play."""

REVIEW_KEYS = KeyMap(
    _keys(
        (pygame.K_LEFT, Command.BACK_ONE),
        (pygame.K_RIGHT, Command.FORWARD_ONE),
        (pygame.K_UP, Command.BACK_TWO),
        (pygame.K_DOWN, Command.FORWARD_TWO),
        (pygame.K_HOME, Command.FIRST),
        (pygame.K_END, Command.LAST),
        (pygame.K_c, Command.COPY),
        (pygame.K_ESCAPE, Command.BACK),
        (PRESS_KEYS, Command.PRESS),
        (pygame.K_TAB, Command.FOCUS_NEXT),
    )
)
"""The Review screen."""

PUZZLE_KEYS = KeyMap(
    _keys(
        (pygame.K_ESCAPE, Command.BACK),
        (pygame.K_n, Command.NEXT_PUZZLE),
        (pygame.K_r, Command.TRY_AGAIN),
        (pygame.K_d, Command.DAILY),
    ),
    numbers_drop=True,
)
"""The Puzzles screen; its buttons take the other keys (focus, press, choose a band)."""

PUZZLE_TURN_KEYS = PUZZLE_KEYS | KeyMap(
    _keys(
        (pygame.K_LEFT, Command.CURSOR_LEFT),
        (pygame.K_RIGHT, Command.CURSOR_RIGHT),
        (DROP_KEYS, Command.DROP),
    )
)
"""The Puzzles screen while it is the player's move."""

IMPORT_KEYS = KeyMap(
    _keys((ENTER_KEYS, Command.REVIEW), (pygame.K_BACKSPACE, Command.ERASE)),
    ctrl={pygame.K_v: Command.PASTE},
)
"""The Import box (typed text comes as text, not as keys); its buttons take the rest.
Enter always reviews, as the screen says, wherever the buttons' focus is: a player who
pressed an arrow to move a caret must not lose what was typed to Paste or Back."""

ONLINE_KEYS = KeyMap(
    _keys(
        (pygame.K_LEFT, Command.CURSOR_LEFT),
        (pygame.K_RIGHT, Command.CURSOR_RIGHT),
        (pygame.K_SPACE, Command.DROP),
        (pygame.K_UP, Command.FOCUS_BACK),
        (pygame.K_DOWN, Command.FOCUS_NEXT),
        (ENTER_KEYS, Command.PRESS),
        (pygame.K_TAB, Command.CHAT),
        (pygame.K_ESCAPE, Command.BACK),
    ),
    numbers_drop=True,
)
"""The online game screen: the digits and Space drop, Up, Down and Enter work the
buttons, Tab goes to the chat."""

TEXT_KEYS = KeyMap(
    _keys((pygame.K_BACKSPACE, Command.ERASE), (pygame.K_TAB, Command.NEXT_BOX)),
    ctrl={pygame.K_v: Command.PASTE},
)
"""A screen's text boxes (typed text comes as text); Up, Down, Enter and Esc are its
buttons'."""

CHAT_KEYS = KeyMap(
    _keys(
        (ENTER_KEYS, Command.PRESS),
        (pygame.K_BACKSPACE, Command.ERASE),
        (pygame.K_ESCAPE, Command.BACK),
    ),
    ctrl={pygame.K_v: Command.PASTE},
)
"""The online game screen while the player writes in the chat box.  Tab, which opened
it, does not close it: a player who presses it again to start the next line would
otherwise type into the game (a space or a digit drops a disc)."""

TYPING_KEYS = frozenset({pygame.K_SPACE})
"""Keys that type in a text box and so press no button there."""


# -- buttons ---------------------------------------------------------------------------

BUTTON_COMMANDS: Mapping[str, Command] = MappingProxyType(
    {
        # play
        "again": Command.PLAY_AGAIN,
        "menu": Command.MENU,
        "review": Command.REVIEW,
        "retry": Command.TRY_AGAIN,
        "takeback": Command.TAKE_BACK,
        "keep": Command.KEEP,
        "undo": Command.UNDO,
        "redo": Command.REDO,
        "hint": Command.HINT,
        "pause": Command.PAUSE,
        "step": Command.STEP,
        "speed": Command.SPEED,
        # review, import
        "copy": Command.COPY,
        "paste": Command.PASTE,
        "back": Command.BACK,
        # puzzles
        "next": Command.NEXT_PUZZLE,
        "daily": Command.DAILY,
    }
)
"""The command of each button, by its key (the Puzzles screen's "again" is
:data:`PUZZLE_BUTTONS`')."""

PUZZLE_BUTTONS: Mapping[str, Command] = MappingProxyType(
    {**BUTTON_COMMANDS, "again": Command.TRY_AGAIN}
)


def button_order(key: str, buttons: Mapping[str, Command] = BUTTON_COMMANDS) -> Order:
    """The order the button ``key`` gives."""
    return Order(buttons[key])


__all__ = [
    "BUTTON_COMMANDS",
    "CHAT_KEYS",
    "CHOOSING_KEYS",
    "DROP_KEYS",
    "IMPORT_KEYS",
    "NUMBER_KEYS",
    "ONLINE_KEYS",
    "PLAY_KEYS",
    "PUZZLE_BUTTONS",
    "PUZZLE_KEYS",
    "PUZZLE_TURN_KEYS",
    "REVIEW_KEYS",
    "TEXT_KEYS",
    "TYPING_KEYS",
    "WATCH_KEYS",
    "Command",
    "KeyMap",
    "Order",
    "button_order",
    "key_order",
]
