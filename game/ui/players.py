"""The two sides of a game on a screen with a board, and the one interface the screen
asks them through (the play screen, and the online game screen).

The scene never asks "is this the computer?": it asks the side to move for its move
through :class:`Player`, and every kind of player answers the same way.

* :class:`LocalPlayer`: a person at this window.  Its moves come from the mouse and
  the keys (the scene's ``try_drop``), so it has none to hand over itself.
* :class:`~game.ui.scenes.play.computer.ComputerPlayer`: asks the engine for its move.
* :class:`~game.ui.scenes.online.network.NetworkPlayer`: a player across the network,
  the third kind: it hands over the moves the server sends, and sends the local
  player's moves as the position changes (the online game screen plays through it).

The flow, one game long (the play screen's
:class:`~game.ui.scenes.play.current.CurrentGame` makes the players anew for each game):

1. the side to move is not local and not choosing: the scene calls
   :meth:`Player.your_turn`;
2. every frame the scene calls :meth:`Player.take_move` of the side to move; a move
   comes out once, as a :class:`ChosenMove`, and the scene's pace (two computers'
   speed, the coach's question) decides when it reaches the board.  A player whose
   move will not come says why (:attr:`Player.stuck`) until it is asked again (the
   player's "Try again") or the position changes;
3. after every change of the position (a move of either side, undo, redo) both
   sides hear :meth:`Player.position_changed`;
4. undo, a new game or leaving the screen: :meth:`Player.stop`.

No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.core import Board
from game.core import Player as Side
from game.ui.options import GameConfig, Mode


@dataclass(frozen=True, slots=True)
class ChosenMove:
    """A move a player chose: its 0-based ``column``, the position ``moves`` it was
    chosen for, when (scene time) the player was asked, and ``proven``: whether it is
    proven best (the opening book or the exact solver), None where the player makes no
    claim (a depth level, a person)."""

    column: int
    moves: str
    asked_at: float
    proven: bool | None = None


@dataclass(frozen=True, slots=True)
class Stuck:
    """No move will come for the position ``moves``: the engine's process died on it
    again and again (``crashed``), or the engine refused it."""

    moves: str
    crashed: bool


class Player(Protocol):
    """One side of the game (see the module docstring).  Every method returns at once."""

    @property
    def local(self) -> bool:
        """Whether this window's mouse and keys play this side."""
        ...

    @property
    def choosing(self) -> bool:
        """Whether it was asked for a move and has not handed one over yet."""
        ...

    def your_turn(self, board: Board, now: float) -> None:
        """It is this side's move in ``board`` (scene time ``now``)."""

    def take_move(self) -> ChosenMove | None:
        """The move it chose, once (None: none yet)."""
        ...

    @property
    def stuck(self) -> Stuck | None:
        """Why the move asked for will not come (None: it comes, or none was asked)."""
        ...

    def position_changed(self, moves: str) -> None:
        """The game went on (or back) to the position ``moves``."""

    def stop(self) -> None:
        """Forget the move on its way: undo, a new game, or the screen closes."""


class LocalPlayer:
    """A person at this window: the board takes their clicks and keys."""

    local = True
    choosing = False
    stuck: Stuck | None = None

    def your_turn(self, board: Board, now: float) -> None:
        pass  # the player's clicks and keys come through the scene

    def take_move(self) -> ChosenMove | None:
        return None

    def position_changed(self, moves: str) -> None:
        pass

    def stop(self) -> None:
        pass


PlayerMaker = Callable[[Side], Player]
"""Makes the player of one side of a new game (the first side is 0)."""


def players_for(
    config: GameConfig, human: Side | None, computer: PlayerMaker
) -> tuple[Player, Player]:
    """The two sides of a game of ``config``: a person at this window for ``human``'s
    side against the computer, persons on both sides with two players, computers on
    both when two computers play (``computer`` makes one for a side)."""

    def side(player: Side) -> Player:
        if config.mode is Mode.TWO_PLAYERS or (config.mode is Mode.VS_COMPUTER and player == human):
            return LocalPlayer()
        return computer(player)

    return side(Side.FIRST), side(Side.SECOND)
