"""The player across the network: the third kind of :class:`~.players.Player`.

It hands over the moves the server sends (the game the server last said, as the
client's mirror checked it: :class:`~game.net.mirror.OnlineGame`), and sends the moves
of the person at this window as the position changes, each with its ply.  It never
plays on its own: a move comes out only when the server's game is the board's position
with one more move, so a stale or repeated message cannot put a disc on the board.
No pygame here.
"""

from __future__ import annotations

from typing import Protocol

from game.core import Board
from game.net.messages import ClientMessage, Move
from game.net.mirror import OnlineGame
from game.ui.players import ChosenMove


class GameLine(Protocol):
    """What the network player needs of the connection (a
    :class:`~game.ui.net_link.NetLink`)."""

    @property
    def game(self) -> OnlineGame | None: ...

    def send(self, message: ClientMessage) -> None: ...


class NetworkPlayer:
    """The opponent's side, played on another computer (see the module docstring)."""

    local = False
    stuck = None
    """Never stuck: a move that does not come is the connection's, which the online
    screen shows (reconnecting, the opponent away)."""

    def __init__(self, line: GameLine) -> None:
        self._line = line
        self._asked: tuple[str, float] | None = None
        """The position this player was asked to move in, and when."""
        self._sent: str | None = None
        """The position after the last move sent, so that it is sent once."""

    @property
    def choosing(self) -> bool:
        return self._asked is not None

    def your_turn(self, board: Board, now: float) -> None:
        self._asked = (board.moves, now)

    def take_move(self) -> ChosenMove | None:
        asked, game = self._asked, self._line.game
        if asked is None or game is None:
            return None
        moves, since = asked
        if len(game.moves) <= len(moves) or not game.moves.startswith(moves):
            return None
        self._asked = None
        return ChosenMove(int(game.moves[len(moves)]) - 1, moves, since)

    def position_changed(self, moves: str) -> None:
        """After a move at this window, send it (once) with its ply."""
        game = self._line.game
        if game is None or not game.my_turn or moves == self._sent:
            return
        if len(moves) == len(game.moves) + 1 and moves.startswith(game.moves):
            self._sent = moves
            self._line.send(Move(ply=len(game.moves), column=int(moves[-1])))

    def stop(self) -> None:
        self._asked = None
