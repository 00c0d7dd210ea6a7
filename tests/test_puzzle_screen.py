"""The Puzzles screen's logic: a try judged move by move (the analysis before the move or
the defence's reply after it), the refutation after a move that throws the win away, the
four that solves it, and what is recorded (once per try, rated on a first try only);
with the game's link to the computer player over an in-memory worker that answers from
the real engine in this process, and a stand-in for the player's records."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from types import SimpleNamespace

import pygame
import pytest

from game.ai.engine import Engine as RealEngine
from game.ai.protocol import SearchRequest
from game.ai.puzzles import Band, Puzzle
from game.ai.score import Analysis, Score
from game.core import Board
from game.profile.statistics import Statistics
from game.ui.requests import RequestKind
from game.ui.scenes.puzzles import PuzzleData, PuzzleScene
from game.ui.scenes.puzzles.attempt import LINE_PLIES, Ask, Attempt, Phase, defended
from game.ui.scenes.puzzles.texts import reason, refutation, status
from game.ui.scenes.puzzles.view import marked_column
from tests.conftest import build_script
from tests.fakes import HeldLink, key

plain = build_script("plain_reasons")

EASY = Puzzle("4444355553126411545166611626777777333", 2, 2)
"""Win with the second disc: column 3, then the four (the solver checked it)."""
MEDIUM = Puzzle("24664442422563334662333267771", 6, 3)
HARD = Puzzle("663745444232", 1, 12)
RATINGS = {"Beginner": 1000, "Easy": 1326, "Medium": 1574, "Hard": 1807, "Expert": 2070,
           "Master": 2238, "Perfect": 2405}  # fmt: skip
DAY = datetime.date(2026, 11, 25)


class Computer(HeldLink):
    """The game's link to a worker that answers from the real engine, when told to."""

    def __init__(self) -> None:
        self.engine = RealEngine(solver_capacity=1 << 18)
        super().__init__(self.engine.think)

    def answer(self) -> None:
        self.answer_all()


@dataclass
class Records:
    stats: Statistics = field(default_factory=Statistics)
    tries: list[tuple[str, bool, datetime.date | None, int | None]] = field(default_factory=list)
    band: str = "easy"

    def choose_band(self, band: str) -> None:
        self.band = band

    def all_statistics(self) -> Statistics:
        return self.stats.copy()

    def record_puzzle(
        self, name: str, solved: bool, *, daily: datetime.date | None, opponent: int | None
    ) -> None:
        self.tries.append((name, solved, daily, opponent))
        self.stats.puzzles.record(name, solved, daily=daily)
        if opponent is not None:
            self.stats.rating.add(opponent, float(solved), "puzzle")


def host() -> SimpleNamespace:
    sounds: list[str] = []
    return SimpleNamespace(
        size=(960, 720),
        sounds=SimpleNamespace(play=sounds.append, played=sounds),
        notices=[],
        notify=lambda text, **_: None,
    )


def scene(
    puzzles: tuple[Puzzle, ...] = (EASY, MEDIUM, HARD), records: Records | None = None
) -> tuple[PuzzleScene, Computer, Records]:
    computer, records = Computer(), Records() if records is None else records
    data = PuzzleData(puzzles, RATINGS, lambda: DAY)
    return PuzzleScene(host(), data, engine=computer, records=records), computer, records


def phase(attempt: Attempt) -> Phase:
    """The try's phase now (a call, so that a check after a move is not narrowed away)."""
    return attempt.phase


# -- a try, step by step ----------------------------------------------------------------


def test_the_answer_asks_the_defence_and_the_four_solves_it() -> None:
    attempt = Attempt.start(EASY)
    assert attempt.winning == {EASY.moves: frozenset({EASY.answer})}
    assert status(attempt) == "One column wins. Which?"
    asks = attempt.play(EASY.answer)
    assert phase(attempt) is Phase.DEFENCE and asks == [Ask(RequestKind.MOVE, attempt.board.moves)]
    defence = RealEngine().think(SearchRequest(moves=attempt.board.moves))
    assert defence.score.result == -1
    asks = attempt.answered(asks[0].moves, defence.column, defence.score)  # type: ignore[arg-type]
    assert phase(attempt) is Phase.YOUR_MOVE and asks == [
        Ask(RequestKind.ANALYSIS, attempt.board.moves)
    ]
    assert attempt.moves_played == 1
    board = attempt.board
    four = next(col for col in board.legal_moves() if board.is_winning_move(col))
    assert attempt.play(four) == [] and attempt.phase is Phase.SOLVED


NAMES = {"red": "Red", "yellow": "Yellow"}


def test_a_wrong_first_move_fails_at_once_and_the_winning_play_follows_move_by_move() -> None:
    attempt = Attempt.start(MEDIUM)
    wrong = next(
        col for col in Board.from_moves(MEDIUM.moves).legal_moves() if col != MEDIUM.answer
    )
    asks = attempt.play(wrong)
    # The winning play starts in the column that kept the win, with the player's disc.
    winning = MEDIUM.moves + str(MEDIUM.answer + 1)
    assert phase(attempt) is Phase.FAILED and asks == [Ask(RequestKind.MOVE, winning)]
    assert attempt.kept_columns() == frozenset({MEDIUM.answer}) and attempt.wrong == wrong
    assert attempt.line == [MEDIUM.answer]
    engine = RealEngine()
    while asks:
        found = engine.think(SearchRequest(moves=asks[0].moves))
        asks = attempt.answered(asks[0].moves, found.column, found.score)  # type: ignore[arg-type]
    line = Board.from_moves(MEDIUM.moves)
    for col in attempt.line:
        line.play(col)
    assert attempt.line_over and (line.is_over or len(attempt.line) == LINE_PLIES)
    assert line.outcome is None or line.outcome.winner == attempt.player
    assert attempt.board.moves == MEDIUM.moves + str(wrong + 1)  # the line is drawn, not played
    said = refutation(attempt, NAMES)
    assert said[0] == f"Column {MEDIUM.answer + 1} kept the win."
    assert said[-1] == (
        f"The numbered discs show how to win from there, starting in column {MEDIUM.answer + 1}."
    )


def test_a_later_move_is_judged_by_the_analysis_when_it_comes_first_and_says_why() -> None:
    attempt = Attempt.start(MEDIUM)
    attempt.play(MEDIUM.answer)
    defence = RealEngine().think(SearchRequest(moves=attempt.board.moves))
    attempt.answered(attempt.board.moves, defence.column, defence.score)  # type: ignore[arg-type]
    here = attempt.board.moves
    analysis = RealEngine().think(SearchRequest(moves=here, analyze=True)).analysis
    assert analysis is not None
    keeps = frozenset(col for col, score in analysis.items() if score.result == 1)
    wrong = next(col for col in analysis if col not in keeps)
    asks = attempt.play(wrong)  # no analysis yet: the defence's reply will judge it
    assert phase(attempt) is Phase.DEFENCE and asks == [Ask(RequestKind.MOVE, attempt.board.moves)]
    following = attempt.analysed(here, analysis)  # the analysis arrives first
    assert phase(attempt) is Phase.FAILED and attempt.kept_columns() == keeps
    assert attempt.line == [analysis.best_column()]
    assert following == [Ask(RequestKind.MOVE, attempt.line_position())]
    reply = RealEngine().think(SearchRequest(moves=attempt.board.moves))
    assert attempt.answered(asks[0].moves, reply.column, reply.score) == []  # type: ignore[arg-type]
    # Why, by the review's rules: the same as the plain board test's.
    assert attempt.reason is not None
    played = analysis[wrong]
    blunder = played.result == -1
    expected = plain.reason(here + str(wrong + 1), len(here), blunder, played.value)
    assert attempt.reason.code() == expected
    said = refutation(attempt, NAMES)
    assert said[1] == reason(attempt, NAMES) and said[1]


def test_the_defence_s_reply_judges_a_move_when_no_analysis_came() -> None:
    attempt = Attempt.start(MEDIUM)
    attempt.winning.clear()  # as if the puzzle's answer were not known
    attempt.play(next(col for col in attempt.board.legal_moves() if col != MEDIUM.answer))
    assert phase(attempt) is Phase.DEFENCE
    reply = attempt.board.legal_moves()[0]
    asks = attempt.answered(attempt.board.moves, reply, Score.exact(0))
    assert phase(attempt) is Phase.FAILED and attempt.line == [] and asks == []
    analysis = RealEngine().think(SearchRequest(moves=MEDIUM.moves, analyze=True)).analysis
    assert analysis is not None
    asks = attempt.analysed(MEDIUM.moves, analysis)  # the winning play starts now
    assert attempt.line == [MEDIUM.answer]
    assert asks == [Ask(RequestKind.MOVE, attempt.line_position())]


@pytest.mark.parametrize(
    ("moves", "perfect", "defence"),
    [
        ("12121", 6, 0),  # red threatens the top of column 1: the defence takes it
        ("44556", 0, 2),  # two threats (columns 3 and 7): every move loses, one is blocked
        ("44556", 6, 6),  # the Perfect level's move blocks already
        ("4455", 0, 0),  # no threat at once: the Perfect level's move stands
    ],
)
def test_the_defence_blocks_a_four_when_every_move_loses(
    moves: str, perfect: int, defence: int
) -> None:
    assert defended(Board.from_moves(moves), perfect) == defence


def test_stale_answers_change_nothing() -> None:
    attempt = Attempt.start(EASY)
    attempt.play(EASY.answer)
    before = attempt.board.moves
    assert attempt.answered(EASY.moves, 0, Score.exact(-3)) == []  # before the player's move
    assert attempt.answered(before + "1", 0, Score.exact(3)) == []  # a position not reached
    attempt.analysed("44", Analysis({0: Score.exact(1)}))
    assert phase(attempt) is Phase.DEFENCE and attempt.board.moves == before
    with pytest.raises(ValueError, match="cannot be played now"):
        attempt.play(0)


# -- the screen --------------------------------------------------------------------------


def test_the_screen_opens_on_the_daily_puzzle_and_records_a_solved_first_try_rated() -> None:
    shown, computer, records = scene()
    daily = shown.shelf.daily(DAY) if shown.shelf else None
    assert shown.daily and shown.attempt is not None and shown.attempt.puzzle == daily
    shown.start(EASY)
    attempt = shown.attempt
    assert attempt is not None and shown.first_try and not shown.daily
    shown.drop_in(EASY.answer)
    computer.answer()
    assert phase(attempt) is Phase.YOUR_MOVE
    board = attempt.board
    shown.drop = None
    shown.drop_in(next(c for c in board.legal_moves() if board.is_winning_move(c)))
    assert phase(attempt) is Phase.SOLVED
    assert records.tries == [(EASY.moves, True, None, RATINGS["Easy"])]
    assert shown.rating_change is not None and shown.rating_change > 0
    assert "win" in shown.host.sounds.played
    shown.drop = None
    shown.drop_in(0)  # over: nothing more is played or recorded
    assert len(records.tries) == 1


def test_a_failed_try_is_recorded_once_and_a_second_try_is_not_rated() -> None:
    shown, computer, records = scene()
    shown.start(MEDIUM)
    wrong = next(c for c in Board.from_moves(MEDIUM.moves).legal_moves() if c != MEDIUM.answer)
    shown.drop_in(wrong)
    computer.answer()
    attempt = shown.attempt
    assert attempt is not None and phase(attempt) is Phase.FAILED and attempt.line_over
    assert records.tries == [(MEDIUM.moves, False, None, RATINGS["Medium"])]
    shown.handle_event(pygame.event.Event(pygame.USEREVENT))  # nothing happens
    shown.press("again")
    assert shown.attempt is not attempt and not shown.first_try
    shown.drop_in(MEDIUM.answer)
    computer.answer()
    assert len(records.tries) == 1  # still going


def test_next_takes_the_next_unsolved_puzzle_of_the_band_and_the_band_can_change() -> None:
    second = Puzzle("4444355553126411545166611626777777", 4, 2)
    puzzles = (EASY, second, MEDIUM, HARD)
    shown, _computer, records = scene(puzzles)
    records.stats.puzzles.record(EASY.moves, True)
    shown.start(EASY)
    shown.next_puzzle()
    assert shown.attempt is not None and shown.attempt.puzzle == second
    shown.choose_band(HARD.band)
    assert shown.attempt.puzzle == HARD
    assert records.band == "hard"  # kept: the next visit opens on it


def band(shown: PuzzleScene) -> Band:
    """The screen's band now (a call, so that a check after a key is not narrowed away)."""
    return shown.band


def test_left_and_right_on_the_difficulty_row_change_it_not_the_cursor() -> None:
    """Tab to the difficulty row: Left and Right there choose the band (as on every
    option row); elsewhere they move the cursor over the board."""
    shown, _computer, _records = scene()
    shown.start(EASY)
    assert shown._turn() and shown.buttons.focused is not None
    cursor = shown.cursor
    shown.handle_event(key(pygame.K_RIGHT))
    assert shown.cursor == cursor + 1 and band(shown) is Band.EASY
    shown.handle_event(key(pygame.K_TAB))
    assert shown.buttons.focused is not None and shown.buttons.focused.key == "band"
    shown.handle_event(key(pygame.K_LEFT))  # from the first band round to the last
    assert band(shown) is Band.HARD and shown.cursor == cursor + 1
    assert shown.attempt is not None and shown.attempt.puzzle == HARD
    # The pointer passing over the row leaves the focus there: the arrows aim again.
    shown.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    )
    shown.handle_event(key(pygame.K_LEFT))
    assert band(shown) is Band.HARD and shown.cursor == cursor


def test_next_after_the_days_puzzle_goes_on_in_the_band_chosen_last() -> None:
    shown, _computer, _records = scene(records=Records(band="easy"))
    assert shown.daily and shown.attempt is not None
    assert shown.attempt.puzzle == HARD  # the day's puzzle, of its own band
    shown.next_puzzle()
    assert shown.attempt.puzzle == EASY and shown.band is Band.EASY


def test_the_screen_opens_on_the_band_chosen_last_once_the_days_puzzle_is_done() -> None:
    records = Records(band="hard")
    records.stats.puzzles.daily.add(DAY.isoformat())
    shown, _computer, _records = scene(records=records)
    assert shown.band is Band.HARD and shown.attempt is not None
    assert shown.attempt.puzzle == HARD and not shown.daily
    assert shown.buttons.get("band").value is Band.HARD


def test_without_puzzles_the_screen_says_so_and_asks_nothing() -> None:
    shown, computer, _records = scene(())
    assert shown.shelf is None and shown.attempt is None and computer.asked == {}
    shown.drop_in(3)
    shown.next_puzzle()
    assert shown.attempt is None


def test_a_missed_win_at_once_is_said_once_not_three_times() -> None:
    """The second move of a win in two misses the four: the reason says where it was,
    and neither "Column C kept the win." nor the one numbered disc's sentence repeats it."""
    puzzle = Puzzle("42122455", 5, 2)  # a shipped puzzle: the second disc wins
    attempt = Attempt.start(puzzle)
    attempt.play(puzzle.answer)
    defence = RealEngine().think(SearchRequest(moves=attempt.board.moves))
    attempt.answered(attempt.board.moves, defence.column, defence.score)  # type: ignore[arg-type]
    here = attempt.board.moves
    board = Board.from_moves(here)
    four = next(col for col in board.legal_moves() if board.is_winning_move(col))
    analysis = RealEngine().think(SearchRequest(moves=here, analyze=True)).analysis
    assert analysis is not None
    attempt.analysed(here, analysis)
    wrong = next(col for col in board.legal_moves() if col != four)
    asks = attempt.play(wrong)
    while asks:
        found = RealEngine().think(SearchRequest(moves=asks[0].moves))
        asks = attempt.answered(asks[0].moves, found.column, found.score)  # type: ignore[arg-type]
    assert phase(attempt) is Phase.FAILED and attempt.line == [four]
    assert attempt.kept_columns() == frozenset({four})
    said = refutation(attempt, NAMES)
    assert said == [f"Red could have won at once in column {four + 1}."]


def test_the_cursor_stays_marked_over_a_full_column() -> None:
    shown, computer, _records = scene()
    shown.start(EASY)
    attempt = shown.attempt
    assert attempt is not None
    shown.drop_in(EASY.answer)
    computer.answer()
    shown.drop = None
    assert phase(attempt) is Phase.YOUR_MOVE
    full = next(col for col in range(7) if not attempt.board.can_play(col))
    shown.cursor = full
    assert shown.hover_column is None  # no disc to drop there: none is drawn above it
    assert marked_column(shown, attempt) == full  # but its number stays marked
