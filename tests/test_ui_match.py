"""The window's game rules without a window: roles, undo to your turn, starters, score."""

from __future__ import annotations

import random

import pytest

from game.ai.levels import level_by_name
from game.core import Player
from game.profile.choices import DiscColour, Starter
from game.ui.match import Match, Session
from game.ui.options import GameConfig, Mode
from game.ui.scenes.play import texts

HARD = level_by_name("Hard")


def versus(starter: str = "you", colour: str = "red", moves: str = "") -> GameConfig:
    return GameConfig(
        mode=Mode.VS_COMPUTER,
        level=HARD,
        starter=Starter(starter),
        colour=DiscColour(colour),
        start_moves=moves,
    )


def test_the_human_keeps_their_colour_whoever_starts() -> None:
    first = Match(versus(colour="yellow"), human_first=True)
    second = Match(versus(colour="yellow"), human_first=False)
    assert first.human == Player.FIRST and second.human == Player.SECOND
    assert first.colour_of(Player.FIRST) == "yellow"
    assert second.colour_of(Player.SECOND) == "yellow"
    assert second.colour_of(Player.FIRST) == "red"
    assert first.human_to_move and second.computer_to_move


def test_a_start_position_gives_the_human_the_side_to_move() -> None:
    match = Match(versus(moves="445"), human_first=True)
    assert match.human == Player.SECOND
    assert match.human_to_move


@pytest.mark.parametrize(
    ("mode", "computer_first", "computer_second"),
    [(Mode.TWO_PLAYERS, False, False), (Mode.WATCH, True, True)],
)
def test_roles_in_the_other_modes(mode: Mode, computer_first: bool, computer_second: bool) -> None:
    match = Match(GameConfig(mode=mode, level=HARD))
    assert match.is_computer(Player.FIRST) is computer_first
    assert match.is_computer(Player.SECOND) is computer_second
    assert match.colour_of(Player.FIRST) == "red"
    assert texts.name_of(match, Player.SECOND) == "Yellow"
    orange_blue = {"red": "Orange", "yellow": "Blue"}  # the blue-orange theme's names
    assert texts.name_of(match, Player.SECOND, orange_blue) == "Blue"


def test_undo_against_the_computer_goes_back_to_the_humans_last_turn() -> None:
    match = Match(versus(), human_first=True)
    for column in (3, 2, 4, 4):  # human, computer, human, computer
        match.board.play(column)
    assert match.undo() == 2
    assert match.board.moves == "43"
    assert match.human_to_move
    assert match.redo() == 2
    assert match.board.moves == "4355"


def test_undo_while_the_computer_is_to_move_takes_back_only_the_humans_move() -> None:
    match = Match(versus(), human_first=True)
    match.board.play(3)
    assert match.undo() == 1
    assert match.board.moves == ""


def test_nothing_to_undo_before_the_humans_first_move() -> None:
    match = Match(versus(), human_first=False)
    match.board.play(3)  # the computer's opening move
    assert match.undo() == 0
    assert match.board.moves == "4"


def test_undo_stops_at_the_start_position() -> None:
    match = Match(GameConfig(mode=Mode.TWO_PLAYERS, level=HARD, start_moves="44"))
    match.board.play(0)
    assert match.undo() == 1
    assert match.undo() == 0
    assert match.board.moves == "44"


def test_redo_after_a_partial_undo_stops_at_the_humans_turn() -> None:
    match = Match(versus(), human_first=True)
    for column in (3, 2, 4, 4, 0):
        match.board.play(column)
    match.undo()  # the human's move 1 (computer had not answered)
    match.undo()  # back over "5" and "5"
    assert match.board.moves == "43"
    assert match.redo() == 2
    assert match.board.moves == "4355"
    assert match.redo() == 1  # only the human's move is left to redo
    assert match.board.moves == "43551"


def test_alternate_starter_switches_every_game_and_starts_with_you() -> None:
    session = Session(versus(starter="alternate"))
    humans = [session.next_match().human for _ in range(4)]
    assert humans == [Player.FIRST, Player.SECOND, Player.FIRST, Player.SECOND]


def test_random_starter_uses_the_sessions_random_source() -> None:
    session = Session(versus(starter="random"), rng=random.Random(3))
    humans = {session.next_match().human for _ in range(20)}
    assert humans == {Player.FIRST, Player.SECOND}


@pytest.mark.parametrize("starter", ["you", "computer", "alternate", "random"])
def test_restarting_keeps_the_starter_and_the_next_game_moves_on(starter: str) -> None:
    session = Session(versus(starter=starter), rng=random.Random(5))
    first = session.next_match()
    assert [session.restart_match().human for _ in range(10)] == [first.human] * 10
    if starter == "alternate":
        assert session.next_match().human != first.human


def test_session_score_counts_wins_by_colour_and_draws() -> None:
    session = Session(versus(colour="yellow"))
    win = session.next_match()
    for column in (0, 1, 0, 1, 0, 1, 0):  # yellow (the human, first) wins in column 1
        win.board.play(column)
    session.record(win)
    draw = session.next_match()
    for char in "617315721371413543521632362446574577645622":
        draw.board.play(int(char) - 1)
    session.record(draw)
    assert win.result_for_human() == "win"
    assert texts.headline(win) == "You win!"
    assert draw.result_for_human() == "draw"
    assert texts.score_line(session) == [("You", 1), ("Computer", 0), ("Draws", 1)]


def test_the_theme_names_the_sides_in_the_score_and_the_banner() -> None:
    orange_blue = {"red": "Orange", "yellow": "Blue"}
    session = Session(GameConfig(mode=Mode.TWO_PLAYERS, level=HARD))
    assert [label for label, _ in texts.score_line(session, orange_blue)] == [
        "Orange",
        "Blue",
        "Draws",
    ]
    match = Match(GameConfig(mode=Mode.TWO_PLAYERS, level=HARD, start_moves="121212"))
    match.board.play(0)  # red's fourth in column 1
    assert texts.headline(match, orange_blue) == "Orange wins!"
    assert texts.headline(match) == "Red wins!"
