"""The game as a client sees it, rebuilt from every server message and checked.

The client trusts no server.  A ``start`` or ``state`` carries the whole move string
(as Lichess's board protocol does), so the client's board is always rebuilt from it
with :mod:`game.core` and never drifts; :meth:`Mirror.apply` raises :class:`Untrusted`
for a message that cannot be true: a move string that is not a legal game, a result the
board contradicts (a four nobody made, a draw on a board with room left), a game that
loses moves it had without an undo both players agreed to, a message for another room.
The client then closes the connection and says why; the window never shows a board the
rules do not allow.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core import Board, IllegalMoveError, Player
from game.net.messages import (
    PROTOCOL_VERSION,
    Colour,
    Created,
    Offer,
    Offered,
    Reason,
    Result,
    ServerMessage,
    Start,
    State,
    Welcome,
)


class Untrusted(ValueError):
    """A server message that contradicts the rules or what came before; ``str()`` says
    what (in English: the window words it for the player and logs this)."""


@dataclass(frozen=True, slots=True)
class OnlineGame:
    """One game as the client knows it: the board is :meth:`board`, rebuilt from
    ``moves``.  ``colour`` is this player's."""

    room: str
    colour: Colour
    opponent: str
    token: str
    moves: str = ""
    result: Result = None
    reason: Reason | None = None

    def board(self) -> Board:
        return Board.from_moves(self.moves)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        mover = Colour.FIRST if len(self.moves) % 2 == 0 else Colour.SECOND
        return not self.over and mover is self.colour


_WINNER: dict[Player, Result] = {Player.FIRST: "first", Player.SECOND: "second"}


def check_result(board: Board, result: Result, reason: Reason | None) -> None:
    """Raise :class:`Untrusted` unless ``result`` and ``reason`` fit ``board``."""
    outcome = board.outcome
    if (result is None) != (reason is None):
        raise Untrusted(f"a result {result!r} with the reason {reason!r}")
    if outcome is not None:
        expected = (
            ("draw", Reason.FULL)
            if outcome.winner is None
            else (_WINNER[outcome.winner], Reason.FOUR)
        )
        if (result, reason) != expected:
            raise Untrusted(f"the board says {expected}, the server {result!r} ({reason})")
    elif reason in (Reason.FOUR, Reason.FULL):
        raise Untrusted(f"the result {result!r} ({reason}) on a board where nobody has won")
    elif result == "draw":
        raise Untrusted(f"a draw ({reason}) on a board with room left")


def legal_board(moves: str) -> Board:
    try:
        return Board.from_moves(moves)
    except IllegalMoveError as error:
        raise Untrusted(f"the moves {moves!r} are not a game: {error}") from None


class Mirror:
    """Follows one connection's messages; :attr:`game` is None until a game starts."""

    def __init__(self) -> None:
        self.game: OnlineGame | None = None
        self.room: str | None = None
        self.token: str | None = None
        self.undo_agreed_at: int | None = None
        """The ply at which this client asked for an undo or agreed to one (the client
        sets it as it sends ``undo``): only then may a game lose moves."""

    def apply(self, message: ServerMessage) -> None:
        if isinstance(message, Welcome):
            if message.proto != PROTOCOL_VERSION:
                raise Untrusted(f"the server speaks protocol {message.proto}")
        elif isinstance(message, Created):
            self.room, self.token = message.room, message.token or self.token
        elif isinstance(message, Start):
            self._start(message)
        elif isinstance(message, State):
            self._state(message)
        elif (
            isinstance(message, Offered)
            and message.offer is Offer.UNDO
            and (self.game is None or message.ply != len(self.game.moves))
        ):
            raise Untrusted(f"an undo offered at ply {message.ply}")

    def _start(self, message: Start) -> None:
        if self.room is not None and message.room != self.room:
            raise Untrusted(f"a game of room {message.room} on a connection to {self.room}")
        legal_board(message.moves)
        self.room, self.token = message.room, message.token
        self.undo_agreed_at = None
        self.game = OnlineGame(
            room=message.room,
            colour=message.colour,
            opponent=message.opponent,
            token=message.token,
            moves=message.moves,
        )

    def _state(self, message: State) -> None:
        game = self.game
        if game is None:
            raise Untrusted("a game's state before the game started")
        if message.room != game.room:
            raise Untrusted(f"the state of room {message.room} in room {game.room}")
        board = legal_board(message.moves)
        check_result(board, message.result, message.reason)
        known = game.moves
        if not message.moves.startswith(known):
            undo = self.undo_agreed_at
            shorter = len(known) - len(message.moves)
            if undo != len(known) or shorter not in (1, 2) or not known.startswith(message.moves):
                raise Untrusted(f"the game went from {known!r} back to {message.moves!r}")
            self.undo_agreed_at = None
        if game.over and (message.moves, message.result) != (known, game.result):
            raise Untrusted(f"the game changed after its end: {known!r} then {message.moves!r}")
        self.game = replace(game, moves=message.moves, result=message.result, reason=message.reason)
