"""The game in progress as the settings file keeps it: checked when built and when read."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.levels import CUSTOM_LEVEL
from game.core import Board
from game.profile import saved_game
from game.profile.saved_game import SavedGame, is_level_name
from game.ui.options import Mode


def a_game(**changes: Any) -> SavedGame:
    fields: dict[str, Any] = {
        "mode": "vs-computer",
        "moves": "44536",
        "start_moves": "44",
        "redo": "27",
        "levels": ("Hard", "Hard"),
        "human": 1,
        "starter": "alternate",
        "colour": "yellow",
        "score": (2, 1, 3),
    }
    fields.update(changes)
    return SavedGame(**fields)


def test_the_vocabulary_is_the_new_game_screens() -> None:
    assert tuple(mode.value for mode in Mode) == saved_game.MODES
    assert saved_game.LEVEL_CHOICES[-1] == CUSTOM_LEVEL == "Custom"


@pytest.mark.parametrize(
    ("name", "known"),
    [
        ("Hard", True),
        ("Perfect", True),
        ("Custom 9", True),
        ("Custom 42", True),
        ("Custom 0", False),
        ("Custom 43", False),
        ("Custom", False),  # the setting's choice, not a level a game is played at
        ("hard", False),
        ("Grandmaster", False),
    ],
)
def test_level_names(name: str, known: bool) -> None:
    assert is_level_name(name) is known


def test_the_json_round_trip_is_exact_and_restores_the_board() -> None:
    game = a_game()
    assert SavedGame.from_json(game.to_json()) == game
    # What the window will do with it: replay moves and redo, then take the redo back.
    board = Board.from_moves(game.moves + game.redo)
    for _ in game.redo:
        board.undo()
    assert board.moves == "44536" and board.can_redo


@pytest.mark.parametrize(
    ("changes", "complaint"),
    [
        ({"mode": "solo"}, "mode"),
        ({"moves": "4x", "start_moves": ""}, "not a game"),
        ({"moves": "8", "start_moves": ""}, "not a game"),
        ({"moves": "1111111", "start_moves": ""}, "not a game"),  # a column overflows
        ({"moves": "1212121", "start_moves": "", "redo": ""}, "already over"),
        ({"start_moves": "45"}, "do not begin with"),
        ({"redo": "1111111"}, "not a game"),
        ({"levels": ("Hard",)}, "levels"),
        ({"levels": ("Hard", "Grandmaster")}, "levels"),
        ({"human": None}, "human"),
        ({"human": 2}, "human"),
        ({"mode": "two-players", "human": 0}, "human"),
        ({"starter": "me"}, "starter"),
        ({"colour": "green"}, "colour"),
        ({"score": (1, -1, 0)}, "score"),
    ],
)
def test_a_game_that_cannot_be_continued_is_refused(
    changes: dict[str, Any], complaint: str
) -> None:
    with pytest.raises(ValueError, match=complaint):
        a_game(**changes)


def test_two_players_and_watching_have_no_human_side() -> None:
    assert a_game(mode="two-players", human=None).human is None
    assert a_game(mode="watch", human=None, levels=("Beginner", "Perfect")).levels[1] == "Perfect"


@pytest.mark.parametrize(
    "change",
    [
        {"levels": "Hard"},
        {"levels": ["Hard", 3]},
        {"score": [1, 2]},
        {"score": [1, 2, "x"]},
        {"moves": 4453},
        {"mode": None},
        {"human": "0"},
        {"human": 0.5},
        {"levels": ["Hard", "Nope"]},
    ],
)
def test_a_damaged_game_from_the_file_is_refused(change: dict[str, Any]) -> None:
    data = a_game().to_json() | change
    with pytest.raises(ValueError):
        SavedGame.from_json(data)


def test_a_game_from_the_file_reads_choices_ignoring_case_and_missing_defaults() -> None:
    data = {"mode": "Two-Players", "moves": "4", "levels": ["Medium", "Medium"]}
    game = SavedGame.from_json(data)
    assert game == SavedGame(mode=Mode.TWO_PLAYERS, moves="4", levels=("Medium", "Medium"))
    assert (game.start_moves, game.redo, game.starter, game.colour, game.score) == (
        "",
        "",
        "you",
        "red",
        (0, 0, 0),
    )
    with pytest.raises(ValueError):
        SavedGame.from_json(["not", "an", "object"])
