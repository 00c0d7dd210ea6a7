"""The input layer: every key and button of the screens with a board and of the Import
box becomes one command, in one table per moment."""

from __future__ import annotations

import pygame
import pytest

from game.ui import input as ui_input
from game.ui.input import Command, KeyMap, Order, button_order, key_order
from game.ui.scenes.import_game import BUTTONS as IMPORT_BUTTONS
from game.ui.scenes.puzzles.scene import BUTTONS as PUZZLE_BUTTONS
from game.ui.scenes.review.layout import BUTTONS as REVIEW_BUTTONS


def press(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)


@pytest.mark.parametrize(
    ("keys", "code", "mod", "expected"),
    [
        (ui_input.PLAY_KEYS, pygame.K_4, 0, Order(Command.DROP, 3)),
        (ui_input.PLAY_KEYS, pygame.K_KP7, 0, Order(Command.DROP, 6)),
        (ui_input.PLAY_KEYS, pygame.K_8, 0, None),
        (ui_input.PLAY_KEYS, pygame.K_SPACE, 0, Order(Command.DROP)),
        (ui_input.PLAY_KEYS, pygame.K_z, pygame.KMOD_CTRL, Order(Command.UNDO)),
        (ui_input.PLAY_KEYS, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, Order(Command.REDO)),
        (ui_input.PLAY_KEYS, pygame.K_y, pygame.KMOD_CTRL, Order(Command.REDO)),
        (ui_input.PLAY_KEYS, pygame.K_4, pygame.KMOD_CTRL, None),
        (ui_input.PLAY_KEYS, pygame.K_ESCAPE, 0, Order(Command.MENU)),
        (ui_input.CHOOSING_KEYS, pygame.K_4, 0, None),
        (ui_input.CHOOSING_KEYS, pygame.K_RETURN, 0, Order(Command.PRESS)),
        (ui_input.CHOOSING_KEYS, pygame.K_SPACE, 0, Order(Command.PRESS)),
        (ui_input.CHOOSING_KEYS, pygame.K_DOWN, 0, Order(Command.FOCUS_NEXT)),  # as in menus
        (ui_input.CHOOSING_KEYS, pygame.K_n, 0, Order(Command.NEW_GAME)),
        (ui_input.PLAY_KEYS | ui_input.WATCH_KEYS, pygame.K_SPACE, 0, Order(Command.PAUSE)),
        (ui_input.PLAY_KEYS | ui_input.WATCH_KEYS, pygame.K_RIGHT, 0, Order(Command.STEP)),
        (ui_input.PLAY_KEYS | ui_input.WATCH_KEYS, pygame.K_ESCAPE, 0, Order(Command.MENU)),
        (ui_input.REVIEW_KEYS, pygame.K_UP, 0, Order(Command.BACK_TWO)),
        (ui_input.REVIEW_KEYS, pygame.K_END, 0, Order(Command.LAST)),
        (ui_input.REVIEW_KEYS, pygame.K_4, 0, None),
        (ui_input.PUZZLE_KEYS, pygame.K_2, 0, Order(Command.DROP, 1)),
        (ui_input.PUZZLE_KEYS, pygame.K_LEFT, 0, None),
        (ui_input.PUZZLE_TURN_KEYS, pygame.K_LEFT, 0, Order(Command.CURSOR_LEFT)),
        (ui_input.PUZZLE_TURN_KEYS, pygame.K_r, 0, Order(Command.TRY_AGAIN)),
        (ui_input.IMPORT_KEYS, pygame.K_v, pygame.KMOD_CTRL, Order(Command.PASTE)),
        (ui_input.IMPORT_KEYS, pygame.K_SPACE, 0, None),
        (ui_input.IMPORT_KEYS, pygame.K_KP_ENTER, 0, Order(Command.REVIEW)),
    ],
)
def test_a_key_gives_the_command_of_its_map(
    keys: KeyMap, code: int, mod: int, expected: Order | None
) -> None:
    assert key_order(press(code, mod), keys) == expected


def test_the_right_hand_map_wins_and_both_keep_their_keys() -> None:
    left = KeyMap({pygame.K_a: Command.HINT, pygame.K_b: Command.UNDO})
    right = KeyMap({pygame.K_a: Command.COPY}, numbers_drop=True)
    both = left | right
    assert both.keys == {pygame.K_a: Command.COPY, pygame.K_b: Command.UNDO}
    assert both.numbers_drop


@pytest.mark.parametrize(
    "button",
    sorted({*REVIEW_BUTTONS, *IMPORT_BUTTONS, "again", "menu", "review", "takeback", "keep"}),
)
def test_every_button_of_the_screens_gives_a_command(button: str) -> None:
    assert isinstance(button_order(button).command, Command)


@pytest.mark.parametrize("button", [b for b in PUZZLE_BUTTONS if b != "band"])
def test_every_puzzle_button_gives_a_command_and_again_tries_again(button: str) -> None:
    order = button_order(button, ui_input.PUZZLE_BUTTONS)
    assert isinstance(order.command, Command)
    if button == "again":
        assert order.command is Command.TRY_AGAIN
