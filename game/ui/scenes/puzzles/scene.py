"""The Puzzles screen: a position where one column wins, played to the four against the
Perfect level.  The scene wires :mod:`.attempt` (the try and its verdicts), :mod:`.shelf`
(which puzzle), :mod:`.texts` (the words) and :mod:`.view` (the picture) to the computer
player and the player's records.

It is given the puzzles (None when the file could not be read: the screen says so), the
computer player, the records (the statistics with the puzzles' progress and the rating),
the levels' ratings (None: nothing is rated) and the date (the daily puzzle's).
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ai.protocol import Answered, Refused, Reply, SearchRequest, SearchResult
from game.ai.puzzles import Band, Puzzle
from game.ai.score import Score
from game.core import WIDTH
from game.profile.rating import puzzle_opponent
from game.ui import input as ui_input
from game.ui.animation import DiscDrop, win_breathing, win_wave
from game.ui.board_screen import BoardLayout, Layouts
from game.ui.engine_link import Engine
from game.ui.input import Command, Order
from game.ui.notices import NoticePlace
from game.ui.pacing import EVERY_FRAME
from game.ui.requests import Asked, RequestKind, Requests
from game.ui.scenes.base import Scene
from game.ui.scenes.puzzles import texts
from game.ui.scenes.puzzles.attempt import Ask, Attempt, Phase
from game.ui.scenes.puzzles.shelf import Shelf
from game.ui.scenes.puzzles.view import draw
from game.ui.scenes.stack import Go, Transition
from game.ui.widgets import Action, ActionKind, Item, ItemList

if TYPE_CHECKING:
    from game.profile.statistics import Statistics
    from game.ui.scenes.base import SceneHost

log = logging.getLogger(__name__)

DEFENCE_SECONDS = 3.0
"""The Perfect level's budget for each defending move (it goes past it to prove a move)."""
BUTTONS = ("daily", "band", "next", "again", "back")


class PuzzleRecords(Protocol):
    """The player's records as the Puzzles screen uses them."""

    def all_statistics(self) -> Statistics:
        """Every window's statistics, with the puzzles' progress and the rating."""
        ...

    def record_puzzle(
        self, name: str, solved: bool, *, daily: datetime.date | None, opponent: int | None
    ) -> None:
        """Count a try of puzzle ``name``; rate it against ``opponent`` (None: unrated)."""

    @property
    def band(self) -> str:
        """The band the player chose last (the screen opens on it)."""
        ...

    def choose_band(self, band: str) -> None:
        """Keep ``band`` as the one chosen last."""


@dataclass(frozen=True, slots=True)
class PuzzleData:
    """What the screen plays from: the puzzles (None: the file could not be read), the
    levels' ratings (None: nothing is rated) and the date of the daily puzzle."""

    puzzles: Sequence[Puzzle] | None
    ratings: Mapping[str, int] | None
    today: Callable[[], datetime.date] = datetime.date.today


def _label(key: str) -> str:
    """A button's label; the band's row has none: all of it shows the band (the heading
    above names it too), which a narrow panel could not hold beside "Difficulty"."""
    return "" if key == "band" else texts.button_label(key)


class PuzzleScene(Scene):
    def __init__(
        self, host: SceneHost, data: PuzzleData, *, engine: Engine, records: PuzzleRecords
    ) -> None:
        super().__init__(host)
        self.shelf = Shelf(data.puzzles) if data.puzzles else None
        self.requests = Requests(engine, self.receive)
        self.records = records
        self.ratings = data.ratings
        self._today = data.today
        self.layouts = Layouts()
        self.band = Band(records.band)
        self.daily = False
        self.attempt: Attempt | None = None
        self.first_try = False
        self.rating_change: float | None = None
        self.drop: DiscDrop | None = None
        self.cursor = WIDTH // 2
        self.hovering = False
        self._focus_by_keys = False
        """Whether the keys moved the buttons' focus last (not the pointer)."""
        self.time = 0.0
        self.ended_at: float | None = None
        """When (scene time) the try's four was made; None until then."""
        self._recorded = False
        self.statistics = records.all_statistics()
        """The player's records as last read (every window's: the settings file's and this
        window's unsaved ones); read again after each try."""
        choices = [(band, texts.band_name(band)) for band in Band]
        self.buttons = ItemList(
            [Item(key, _label(key), choices=choices if key == "band" else ()) for key in BUTTONS]
        )
        if self.shelf is not None:
            date = self._today()
            done = date.isoformat() in self.statistics.puzzles.daily
            if done:
                self.start(self.shelf.next_of(self.band, self.statistics.puzzles.solved))
            else:
                self.start(self.shelf.daily(date), daily=True)

    # -- state the view reads

    @property
    def look(self) -> SceneHost:
        return self.host

    def layout(self) -> BoardLayout:
        return self.layouts.get(self.host.size, BUTTONS)

    @property
    def hover_column(self) -> int | None:
        """The column the player's disc hovers over, when they may drop one."""
        attempt = self.attempt
        if attempt is None or attempt.phase is not Phase.YOUR_MOVE or self.drop is not None:
            return None
        return self.cursor if attempt.board.can_play(self.cursor) else None

    # -- puzzles

    def start(self, puzzle: Puzzle, *, daily: bool = False) -> None:
        """Begin a try at ``puzzle`` (what was asked for the last one is dropped)."""
        self.requests.cancel()
        self.attempt = Attempt.start(puzzle)
        self.daily = daily
        self.band = puzzle.band
        self.buttons.get("band").select(puzzle.band)
        self.first_try = self.statistics.puzzles.first_try(puzzle.moves)
        self.rating_change = None
        self.drop = None
        self._recorded = False
        # The first move's verdict is known (the puzzle's column); the analysis still warms
        # the engine's tables for the defence's reply.
        self._ask([Ask(RequestKind.ANALYSIS, puzzle.moves)])

    def next_puzzle(self) -> None:
        if self.shelf is None:
            return
        current = self.attempt.puzzle if self.attempt is not None else None
        # After the day's puzzle, the band the player chose last (the daily's may differ).
        band = Band(self.records.band) if self.daily else self.band
        self.start(self.shelf.next_of(band, self.statistics.puzzles.solved, current))

    # -- events

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        layout = self.layout()
        if event.type == pygame.KEYDOWN:
            board_keys = self._turn() and not self._choosing_band(event)
            keys = ui_input.PUZZLE_TURN_KEYS if board_keys else ui_input.PUZZLE_KEYS
            order = ui_input.key_order(event, keys)
            if order is not None:
                return self.carry_out(order)
            self._focus_by_keys = True  # Tab, Up, Home, End: the buttons' keys
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._focus_by_keys = False
        if event.type == pygame.MOUSEMOTION:
            column = layout.board.column_at(event.pos)
            self.hovering = column is not None
            if column is not None:
                self.cursor = column
        action = self.buttons.handle_event(event, layout.buttons)
        if action is not None:
            return self._button(action)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            column = layout.board.column_at(event.pos)
            if column is not None:
                return self.carry_out(Order(Command.DROP, column))
        return None

    def _button(self, action: Action) -> Transition | None:
        if action.kind is ActionKind.BACK:
            return Go.BACK
        if action.kind is ActionKind.CHANGE:
            self.host.sounds.play("click")
            if action.key == "band":
                self.choose_band(self.buttons.get("band").value)
            return None
        return self.press(action.key)

    def press(self, key: str) -> Transition | None:
        """The button ``key`` was pressed."""
        return self.carry_out(ui_input.button_order(key, ui_input.PUZZLE_BUTTONS))

    def carry_out(self, order: Order) -> Transition | None:
        """Do what ``order`` says; where to go next, if anywhere."""
        command = order.command
        if command is Command.BACK:
            return Go.BACK
        if command is Command.DROP:
            self.cursor = self.cursor if order.column is None else order.column
            self.drop_in(self.cursor)
        elif command is Command.CURSOR_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif command is Command.CURSOR_RIGHT:
            self.cursor = min(WIDTH - 1, self.cursor + 1)
        else:
            self.host.sounds.play("click")
            if command is Command.NEXT_PUZZLE:
                self.next_puzzle()
            elif command is Command.TRY_AGAIN and self.attempt is not None:
                self.start(self.attempt.puzzle, daily=self.daily)
            elif command is Command.DAILY and self.shelf is not None:
                self.start(self.shelf.daily(self._today()), daily=True)
        return None

    def choose_band(self, band: Band) -> None:
        """The next puzzle is of ``band`` (the band button shows it; the next visit
        opens on it)."""
        self.band = band
        self.records.choose_band(band.value)
        self.buttons.get("band").select(band)
        self.next_puzzle()

    def _choosing_band(self, event: pygame.event.Event) -> bool:
        """Left or Right with the focus moved to the difficulty row by the keys: they
        change it (as on every option row), not the cursor over the board.  A focus the
        pointer left there does not count: a player aiming with the arrows would lose
        the puzzle in progress to the next one of another band."""
        focused = self.buttons.focused
        return (
            self._focus_by_keys
            and focused is not None
            and focused.key == "band"
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        )

    def _turn(self) -> bool:
        return self.attempt is not None and self.attempt.phase is Phase.YOUR_MOVE

    def drop_in(self, column: int) -> None:
        """The player drops a disc in ``column``, when it is their turn and it has room."""
        attempt = self.attempt
        if attempt is None or attempt.phase is not Phase.YOUR_MOVE or self.drop is not None:
            return
        if not attempt.board.can_play(column):
            return
        self._ask(attempt.play(column))
        self._animate_last()
        self._after_change()

    # -- the computer

    def _ask(self, asks: list[Ask]) -> None:
        for ask in asks:
            if ask.kind is RequestKind.ANALYSIS:
                request = SearchRequest(moves=ask.moves, depth=None, analyze=True)
            else:
                request = SearchRequest(moves=ask.moves, depth=None, time_limit=DEFENCE_SECONDS)
            self.requests.ask(ask.kind, request)

    def receive(self, asked: Asked, reply: Reply) -> None:
        """The reply to a request of this try's (a new try cancels the last one's)."""
        attempt = self.attempt
        if attempt is None:
            return
        match reply:
            case Refused(error=error):
                self.host.notify(texts.could_not_answer(error))
            case Answered(result=SearchResult() as result) if asked.kind is RequestKind.ANALYSIS:
                if result.analysis is not None:
                    self._ask(attempt.analysed(asked.moves, result.analysis))
                self._after_change()
            case Answered(result=SearchResult(column=int() as column, score=score)):
                self._moved(attempt, asked.moves, column, score)

    def _moved(self, attempt: Attempt, moves: str, column: int, score: Score) -> None:
        """The Perfect level's ``column`` in the position ``moves``."""
        ply = attempt.board.ply
        self._ask(attempt.answered(moves, column, score))
        if attempt.board.ply > ply:
            self._animate_last()
        self._after_change()

    def _after_change(self) -> None:
        """Count the try once it is over (the first time)."""
        attempt = self.attempt
        if attempt is None or not attempt.over or self._recorded:
            return
        self._recorded = True
        solved = attempt.phase is Phase.SOLVED
        opponent = None
        if self.first_try and self.ratings is not None:
            opponent = puzzle_opponent(attempt.puzzle.wins_in, self.ratings)
        before = self.statistics.rating.rating
        daily = self._today() if self.daily else None
        self.records.record_puzzle(attempt.puzzle.moves, solved, daily=daily, opponent=opponent)
        self.statistics = self.records.all_statistics()
        if opponent is not None:
            self.rating_change = self.statistics.rating.rating - before
        self.host.sounds.play("win" if solved else "loss")
        self.buttons.focus_on("next" if solved else "again")

    # -- time

    def _animate_last(self) -> None:
        attempt = self.attempt
        assert attempt is not None
        board = attempt.board
        col = board.history[-1]
        row = board.height(col) - 1
        player = board.cell(col, row)
        assert player is not None
        self.drop = DiscDrop(col, row, player, self.layout().board.fall_distance(row))

    def update(self, dt: float) -> None:
        self.time += dt
        if self.drop is not None:
            if self.drop.update(dt):
                self.host.sounds.play("drop")
            if self.drop.done:
                self.drop = None
        if not self._four_shown:
            self.ended_at = None
        elif self.ended_at is None:
            self.ended_at = self.time

    @property
    def _four_shown(self) -> bool:
        """Whether the board shows a four made (and no disc still falling)."""
        attempt = self.attempt
        if attempt is None or self.drop is not None:
            return False
        outcome = attempt.board.outcome
        return outcome is not None and outcome.winner is not None

    @property
    def win_wave(self) -> float:
        """The winning four's breath now (:func:`~game.ui.animation.win_wave`)."""
        return win_wave(None if self.ended_at is None else self.time - self.ended_at)

    def next_frame_in(self) -> float | None:
        """Every frame while a disc falls, the defence thinks (its dots breathe) or a
        four does; otherwise the screen waits for an event or a reply."""
        attempt = self.attempt
        thinking = attempt is not None and attempt.phase is Phase.DEFENCE
        since = None if self.ended_at is None else self.time - self.ended_at
        if self.drop is not None or thinking or win_breathing(since):
            return EVERY_FRAME
        return None

    def draw(self, surface: pygame.Surface) -> None:
        draw(surface, self, self.layout())

    def notice_place(self, size: tuple[int, int]) -> NoticePlace:
        """One notice at a time, in the side panel just above its buttons: never over
        the board or a button."""
        layout = self.layouts.get(size, BUTTONS)
        bottom = min(rect.top for rect in layout.buttons.values()) - layout.pad // 2
        return NoticePlace(layout.panel.centerx, bottom, layout.panel.width - layout.pad, 1)

    def close(self) -> None:
        self.requests.cancel()

    def resume(self) -> None:
        self.statistics = self.records.all_statistics()
        for key in BUTTONS:
            self.buttons.get(key).label = _label(key)
        band = self.buttons.get("band")
        band.choices = [(b, texts.band_name(b)) for b in Band]
