"""The Review screen while the player's mistakes are replayed (:mod:`.replay`): its keys,
what the player's moves do, what is kept with the game, and the board to show.

No pygame beyond the key map; the scene hands the analyses over and draws the picture.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import pygame

from game.ai.explain import Cell
from game.ai.score import Analysis
from game.core import WIDTH, Board
from game.profile.choices import DiscColour
from game.ui import reasons
from game.ui.input import DROP_KEYS, Command, KeyMap
from game.ui.review_game import ReviewGame
from game.ui.scenes.review.replay import Replay, Step
from game.ui.scenes.review.view import BoardPicture

REPLAY_KEYS = KeyMap(
    {
        pygame.K_LEFT: Command.CURSOR_LEFT,
        pygame.K_RIGHT: Command.CURSOR_RIGHT,
        **dict.fromkeys(DROP_KEYS, Command.PRESS),
        pygame.K_n: Command.NEXT_PUZZLE,
        pygame.K_TAB: Command.FOCUS_NEXT,
        pygame.K_ESCAPE: Command.BACK,
    },
    numbers_drop=True,
)
"""Replaying: the digits play in their column, Left and Right move the disc, Enter (or
Space, Down) plays it while the player tries and presses the focused button once the
mistake is settled; N goes to the next mistake, Esc back to the review."""


class ReplayKeeper(Protocol):
    """Where the mistakes replayed and fixed are kept with the game (the history)."""

    def keep_replay(
        self, game_id: str | None, moves: str, mistakes: Iterable[int], fixed: Iterable[int]
    ) -> bool:
        """Keep them; whether the history holds the game."""
        ...


class ReplayMode:
    """The replay of ``replay`` for the game ``game``, kept by ``keeper`` (None: nowhere)."""

    def __init__(self, replay: Replay, game: ReviewGame, keeper: ReplayKeeper | None) -> None:
        self.replay = replay
        self.game = game
        self.keeper = keeper
        self.cursor = WIDTH // 2
        self.kept_nowhere = keeper is None
        """Whether what is fixed cannot be kept (the history lacks the game)."""
        self._kept: set[int] = set()

    @property
    def trying(self) -> bool:
        return self.replay.step is Step.TRYING

    def move_cursor(self, step: int) -> None:
        self.cursor = min(max(self.cursor + step, 0), WIDTH - 1)

    def play(self, column: int, analysis: Analysis | None) -> None:
        """The player tries ``column`` (where it has room), the analysis in hand."""
        if not self.trying or not Board.from_moves(self.replay.position).can_play(column):
            return
        self.cursor = column
        self.replay.play(column, analysis)
        self._keep()

    def analysed(self, moves: str, analysis: Analysis) -> None:
        self.replay.analysed(moves, analysis)
        self._keep()

    def _keep(self) -> None:
        """Keep the current mistake with the game once it is settled (once)."""
        replay = self.replay
        number = replay.current.number
        if not replay.over or number in self._kept:
            return
        self._kept.add(number)
        if self.keeper is None:
            return
        fixed = [number] if replay.step is Step.FIXED else []
        kept = self.keeper.keep_replay(self.game.id, self.game.moves, [number], fixed)
        self.kept_nowhere = not kept

    def picture(self, board: Board) -> BoardPicture:
        """The board: the position before the mistake with the player's disc over the
        cursor's column while trying; the move that fixed it played; or once the tries
        ran out, the game's move crossed, the best line and the reason's cells."""
        replay, game = self.replay, self.game
        review = replay.current
        mover = review.mover
        if replay.step is Step.FIXED and replay.found is not None:
            fixed = board.copy()
            fixed.play(replay.found)
            return BoardPicture(fixed, game)
        if replay.step is Step.SHOWN:
            marks: tuple[tuple[Cell, DiscColour], ...] = ()
            if review.reason is not None:
                cells = reasons.marked_cells(review.reason, mover)
                marks = tuple((cell, game.colour_of(owner)) for cell, owner in cells)
            column = None if review.reason is None else review.reason.column
            return BoardPicture(board, game, review, review.line, marks=marks, column=column)
        hover = None
        if self.trying and board.can_play(self.cursor):
            hover = (self.cursor, game.colour_of(mover))
        return BoardPicture(board, game, hover=hover)
