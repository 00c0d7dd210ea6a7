"""The play screen's parts on their own, without a window: the players, the per-game
table and its pace, the advice, the coach, the round and the buttons.  They ask the
game's engine link over an in-memory worker that answers only what the test hands it
(``tests/fakes.py``: :class:`~tests.fakes.HeldLink`)."""

from __future__ import annotations

import pytest

from game.ai.levels import level_by_name
from game.ai.protocol import Answered, Refused, SearchResult
from game.ai.score import DRAW, Analysis, Score
from game.core import Board, Player
from game.profile.preferences import Settings
from game.ui.match import Match, Session
from game.ui.options import GameConfig, Mode
from game.ui.players import ChosenMove, LocalPlayer, Stuck, players_for
from game.ui.requests import Asked, RequestKind, Requests
from game.ui.scenes.play import controls
from game.ui.scenes.play.advisor import Advisor
from game.ui.scenes.play.coach import Coach
from game.ui.scenes.play.computer import ComputerPlayer
from game.ui.scenes.play.current import CurrentGame
from game.ui.scenes.play.round import Round
from game.ui.scenes.play.watching import Watching, WatchSpeed
from tests.fakes import HeldLink

HARD = level_by_name("Hard")
PERFECT = level_by_name("Perfect")


def result(column: int | None, score: Score = DRAW, **extra: object) -> SearchResult:
    return SearchResult(column=column, score=score, depth=1, nodes=1, time=0.0, **extra)  # type: ignore[arg-type]


def unexpected(asked: Asked, reply: object) -> None:
    raise AssertionError(f"no reply was expected here: {asked}, {reply}")


# -- players ---------------------------------------------------------------------------


def test_the_computer_asks_at_its_level_and_hands_its_move_over_once() -> None:
    engine = HeldLink()
    settings = Settings()
    settings.perfect_budget = 7.0
    computer = ComputerPlayer(HARD, engine, settings)
    computer.your_turn(Board.from_moves("44"), now=2.5)
    request = engine.asked[1]
    assert request.moves == "44" and request.depth == HARD.depth
    assert request.time_limit == HARD.time_budget and not request.analyze
    assert computer.choosing and computer.take_move() is None
    engine.hand(Answered(1, result(2)))
    assert computer.choosing  # chosen, not yet taken
    assert computer.take_move() == ChosenMove(2, "44", 2.5, None)  # a depth level claims nothing
    assert computer.take_move() is None and not computer.choosing


def test_perfect_asks_with_the_settings_budget_and_says_whether_its_move_is_proven() -> None:
    engine = HeldLink()
    settings = Settings()
    settings.perfect_budget = 7.0
    computer = ComputerPlayer(PERFECT, engine, settings)
    computer.your_turn(Board(), now=0.0)
    assert engine.asked[1].time_limit == 7.0 and engine.asked[1].depth is None
    engine.hand(Answered(1, result(3, Score.exact(1))))
    chosen = computer.take_move()
    assert chosen is not None and chosen.proven is True
    computer.your_turn(Board.from_moves("4"), now=1.0)
    engine.hand(Answered(2, result(3, Score.estimate(5))))
    chosen = computer.take_move()
    assert chosen is not None and chosen.proven is False


def test_stopping_the_computer_cancels_its_request_and_forgets_its_move() -> None:
    engine = HeldLink()
    computer = ComputerPlayer(HARD, engine, Settings())
    computer.your_turn(Board(), now=0.0)
    computer.stop()
    assert engine.fake.cancelled == [1] and not computer.choosing
    engine.hand(Answered(1, result(3)))  # its answer was on the way: it is dropped
    assert computer.take_move() is None
    computer.your_turn(Board(), now=0.0)
    engine.hand(Answered(2, result(3)))
    computer.position_changed("4")  # the move no longer fits
    assert computer.take_move() is None


def test_a_computer_whose_move_does_not_come_says_why_until_it_is_asked_again() -> None:
    engine = HeldLink()
    computer = ComputerPlayer(HARD, engine, Settings())
    computer.your_turn(Board.from_moves("4"), now=0.0)
    engine.hand(Refused(1, "the worker died", crashed=True))
    assert computer.stuck == Stuck("4", crashed=True) and not computer.choosing
    assert computer.take_move() is None
    computer.your_turn(Board.from_moves("4"), now=1.0)  # try again
    assert computer.stuck is None and computer.choosing
    engine.hand(Refused(2, "illegal position"))
    assert computer.stuck == Stuck("4", crashed=False)
    computer.position_changed("")  # undo: that position is left
    assert computer.stuck is None


def test_a_local_player_never_chooses_by_itself() -> None:
    player = LocalPlayer()
    player.your_turn(Board(), 0.0)
    assert player.local and not player.choosing and player.take_move() is None


@pytest.mark.parametrize(
    ("mode", "human", "kinds"),
    [
        (Mode.VS_COMPUTER, Player.FIRST, (LocalPlayer, ComputerPlayer)),
        (Mode.VS_COMPUTER, Player.SECOND, (ComputerPlayer, LocalPlayer)),
        (Mode.TWO_PLAYERS, None, (LocalPlayer, LocalPlayer)),
        (Mode.WATCH, None, (ComputerPlayer, ComputerPlayer)),
    ],
)
def test_each_mode_has_its_two_kinds_of_player(
    mode: Mode, human: Player | None, kinds: tuple[type, type]
) -> None:
    config = GameConfig(mode=mode, level=HARD)
    made = players_for(config, human, lambda side: ComputerPlayer(HARD, HeldLink(), Settings()))
    assert tuple(type(player) for player in made) == kinds


# -- the table: one game's parts and its pace ----------------------------------------


def table(mode: Mode, *, second: str | None = None) -> tuple[CurrentGame, HeldLink]:
    engine = HeldLink()
    config = GameConfig(
        mode=mode,
        level=HARD,
        second_level=None if second is None else level_by_name(second),
    )
    settings = Settings()
    settings.watch_delay = WatchSpeed.NORMAL.delay
    parts = CurrentGame(
        Round(Session(config)), engine=engine, receive=unexpected, settings=settings
    )
    return parts, engine


def test_two_computers_play_each_at_its_own_level() -> None:
    parts, engine = table(Mode.WATCH, second="Easy")
    first, second = parts.players
    assert isinstance(first, ComputerPlayer) and isinstance(second, ComputerPlayer)
    assert (first.level.name, second.level.name) == ("Hard", "Easy")
    parts.to_move.your_turn(parts.round.match.board, now=0.0)
    assert parts.thinking and engine.asked[1].depth == HARD.depth


def test_a_held_move_waits_for_the_watch_delay_and_for_a_step_when_paused() -> None:
    parts, _engine = table(Mode.WATCH)
    move = ChosenMove(3, "", asked_at=1.0)
    parts.hold(move)
    assert parts.release(1.5) is None  # due at 1.6
    assert parts.release(1.6) == move and parts.held is None
    parts.watching.toggle_pause()
    parts.hold(move)
    assert parts.release(9.0) is None  # paused
    parts.watching.allow_step()
    parts.show_now(9.0)
    assert parts.release(9.0) == move
    parts.hold(move)
    assert parts.release(20.0) is None  # the step is spent


def test_the_coach_holds_the_computers_reply_until_the_player_decides() -> None:
    parts, _engine = table(Mode.VS_COMPUTER)
    parts.coach.waiting = ("4", 3)
    move = ChosenMove(2, "44", asked_at=0.0)
    parts.hold(move)
    assert parts.release(5.0) is None
    parts.coach.give_up_waiting()
    assert parts.release(5.0) == move


def test_a_move_held_for_another_position_is_dropped_and_stopping_cancels_every_request() -> None:
    parts, engine = table(Mode.VS_COMPUTER)
    parts.hold(ChosenMove(2, "", asked_at=0.0))
    parts.position_changed("4")
    assert parts.held is None
    parts.advisor.analyse("4")
    parts.players[1].your_turn(Board.from_moves("4"), now=0.0)
    parts.stop()
    assert sorted(engine.fake.cancelled) == [1, 2] and not parts.thinking


def test_the_proof_of_the_last_move_holds_while_the_game_follows_from_it() -> None:
    parts, _engine = table(Mode.VS_COMPUTER)
    assert parts.proof_for("4") is None
    parts.last_proof = ("43", True)
    assert parts.proof_for("43") is True and parts.proof_for("4352") is True
    assert parts.proof_for("4") is None  # undo went back past it


def test_the_watch_speed_cycles_and_is_kept_as_seconds() -> None:
    settings = Settings()
    settings.watch_delay = 0.5  # the nearest step
    watching = Watching(settings)
    assert watching.speed is WatchSpeed.NORMAL
    assert watching.cycle_speed() is WatchSpeed.FAST and settings.watch_delay == 0.15
    assert watching.cycle_speed() is WatchSpeed.SLOW and settings.watch_delay == 2.0


# -- advice and the coach -------------------------------------------------------------


def test_the_advisor_asks_once_and_a_known_analysis_answers_the_hint_at_once() -> None:
    engine = HeldLink()
    advisor = Advisor(Requests(engine, unexpected), Settings())
    advisor.analyse("4")
    advisor.analyse("4")
    assert len(engine.asked) == 1 and advisor.analysing
    advisor.ask_hint("4")  # the analysis on its way answers it
    assert advisor.looking_for_hint("4") and len(engine.asked) == 1
    analysis = Analysis({2: DRAW, 3: Score.exact(5)})
    advisor.receive(RequestKind.ANALYSIS, "4", result(3, analysis=analysis))
    assert advisor.hint_column("4") == 3 and advisor.hint_column("44") is None


def test_the_coach_objects_to_a_blunder_only_once_the_analysis_is_there() -> None:
    coach = Coach()
    coach.moved("", 0, None)
    assert coach.holding and coach.offer is None
    analysis = Analysis({0: Score.exact(-10), 3: Score.exact(10)})
    coach.analysed("", result(3, analysis=analysis))
    assert coach.offer is not None and coach.offer.column == 0 and coach.coached
    coach.decided()
    assert not coach.holding and coach.coached


def test_the_coach_says_nothing_of_a_best_move() -> None:
    coach = Coach()
    analysis = Analysis({0: Score.exact(-10), 3: Score.exact(10)})
    coach.moved("", 3, result(3, analysis=analysis))
    assert coach.offer is None and not coach.holding and not coach.coached


# -- the round and the buttons ---------------------------------------------------------


def test_a_round_counts_its_game_once_and_locks_the_board_while_a_disc_falls() -> None:
    config = GameConfig(mode=Mode.TWO_PLAYERS, level=HARD, start_moves="445566")
    round_ = Round(Session(config))
    round_.play(0)
    assert round_.board_locked
    for _ in range(100):  # a fall takes well under 5 s
        if round_.drop is None:
            break
        round_.fall(0.05)
    assert not round_.board_locked
    round_.play(0)
    round_.drop = None
    round_.play(2)  # 3, 4, 5 and 6 along the bottom
    round_.drop = None
    ending = round_.end()
    assert ending is not None and ending.first and ending.winner_known
    assert round_.end() is None and round_.session.wins
    assert round_.undo() == 1 and not round_.over


def test_the_buttons_fit_the_moment() -> None:
    parts, _engine = table(Mode.VS_COMPUTER)
    keys = [item.key for item in controls.buttons(parts.round, parts.watching)]
    assert keys == ["undo", "redo", "hint", "menu"]
    offered = controls.buttons(parts.round, parts.watching, offer=True)
    assert [item.key for item in offered] == ["takeback", "keep", "menu"]
    watch, _ = table(Mode.WATCH)
    assert [item.key for item in controls.buttons(watch.round, watch.watching)][:3] == [
        "pause",
        "step",
        "speed",
    ]


def test_a_match_knows_who_is_at_this_window() -> None:
    match = Match(GameConfig(mode=Mode.VS_COMPUTER, level=HARD), human_first=False)
    assert match.computer_to_move and match.human == Player.SECOND
