"""One game on the play screen: whose turn, the moves, undo and redo, the result.

A :class:`Round` holds the :class:`~game.ui.match.Match` being played (board and
roles) in its :class:`~game.ui.match.Session` (the series: who starts next, the
score), the disc still falling, if any, and a column the player chose while it
fell.  The board already holds a falling disc's move; the animation only shows it
arriving, and the board is locked until it lands.

No requests to the engine, no drawing, no saving here: the scene asks the round
what happened and tells the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.profile.saved_game import SavedGame
from game.profile.statistics import Result
from game.ui.animation import DiscDrop
from game.ui.board_view import BoardGeometry
from game.ui.match import Match, Session
from game.ui.options import GameConfig, Mode

UNIT_BOARD = BoardGeometry(0, 0, 1)
"""A board of one-pixel cells: the drop animation counts in cells."""


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended, told once when it does.

    ``first`` is False when the game was taken back after its end and finished again
    (to review it or try another line): it keeps its first result, counted once.
    ``result`` is the human's ("win", "loss", "draw") against the computer, else None;
    ``winner_known`` whether a side won (not a draw).
    """

    first: bool
    result: Result | None
    winner_known: bool


class Round:
    """The game on screen and the series it belongs to (see the module docstring)."""

    def __init__(self, session: Session, match: Match | None = None) -> None:
        """The next game of ``session``, or ``match`` (a game to continue, or a new
        game the scene chose).  A round is one game: the next game is a new round."""
        self.session = session
        self.match: Match = match if match is not None else session.next_match()
        self.drop: DiscDrop | None = None
        self.queued_drop: int | None = None
        """A column the player chose while a disc was still falling."""
        self.over = False
        self.counted = False
        """Whether this game's result is in the score and the statistics already."""

    @property
    def config(self) -> GameConfig:
        return self.session.config

    @property
    def board_locked(self) -> bool:
        """True while a disc falls, the computer is to move, or the game is over."""
        return self.drop is not None or not self.match.human_to_move

    @property
    def can_undo(self) -> bool:
        return self.config.mode is not Mode.WATCH and self.match.can_undo

    @property
    def can_redo(self) -> bool:
        return self.match.board.can_redo

    @property
    def unfinished(self) -> bool:
        """Whether leaving for a new game would lose something: a game that is not over,
        with moves made since its start (watching two computers loses nothing)."""
        watching = self.config.mode is Mode.WATCH
        return not watching and not self.over and self.saved() is not None

    def saved(self) -> SavedGame | None:
        """The game to continue later (None: nothing to continue)."""
        return self.session.saved(self.match)

    def winning_cells(self) -> tuple[tuple[int, int], ...]:
        """The cells marked as the winning line(s) (empty unless a four was made)."""
        outcome = self.match.board.outcome
        if not self.over or outcome is None:
            return ()
        return outcome.cells

    # -- moves -------------------------------------------------------------------------
    def play(self, column: int) -> None:
        """Play ``column`` (playable) for the side to move; its disc starts to fall."""
        board = self.match.board
        player = board.to_move
        row = board.height(column)
        board.play(column)
        self.drop = DiscDrop(column, row, player, target=UNIT_BOARD.fall_distance(row))

    def fall(self, dt: float) -> tuple[bool, bool]:
        """Let the falling disc fall ``dt`` (animation) seconds: whether it hit the board
        on this frame (the sound), and whether it has come to rest (the board unlocks)."""
        drop = self.drop
        if drop is None:
            return False, False
        impact = drop.update(dt)
        if drop.done:
            self.drop = None
        return impact, drop.done

    def take_queued(self) -> int | None:
        """The column chosen while a disc fell, once (None: none)."""
        queued, self.queued_drop = self.queued_drop, None
        return queued

    def undo(self) -> int:
        """Take moves back (:meth:`Match.undo`); how many.  The game is not over then."""
        count = self._through_history(self.match.undo)
        self.over = False
        return count

    def redo(self) -> int:
        """Play undone moves again (:meth:`Match.redo`); how many."""
        return self._through_history(self.match.redo)

    def _through_history(self, step: Callable[[], int]) -> int:
        """Land a falling disc and forget a queued one, then ``step``."""
        self.queued_drop = None
        if self.drop is not None:
            self.drop.finish()
            self.drop = None
        return step()

    def end(self) -> Ending | None:
        """Once the board is over: mark the game over and count it in the session the
        first time; the ending, or None when there is nothing new (not over, or over
        already)."""
        match = self.match
        if not match.board.is_over or self.over:
            return None
        self.over = True
        first = not self.counted
        self.counted = True
        if first:
            self.session.record(match)
        return Ending(first, match.result_for_human(), match.winner_colour is not None)
