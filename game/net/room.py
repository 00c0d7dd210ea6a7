"""One room's game, as the server keeps it: the board, the result, the open offers.

The server's rules in one place, apart from connections and timers
(:mod:`game.net.lobby` has those): every request is checked against :mod:`game.core`'s
:class:`~game.core.Board` and either changes the game or raises :class:`Refused` with the
error code and sentence the player gets back, leaving everything as it was.  Colours
are the seats': the first player moves on the empty board.
"""

from __future__ import annotations

from game.core import WIDTH, Board, IllegalMoveError, Player
from game.net.messages import Colour, ErrorCode, Offer, Reason, Result, State


class Refused(Exception):
    """A request the game cannot grant; nothing changed."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_COLOUR = {Player.FIRST: Colour.FIRST, Player.SECOND: Colour.SECOND}
_WIN: dict[Colour, Result] = {Colour.FIRST: "first", Colour.SECOND: "second"}


class RoomGame:
    """The game in a room of two players (``started`` once the second has joined).

    A rematch starts a new game in the same room; the lobby swaps the seats' colours.
    """

    __slots__ = ("board", "offers", "reason", "result", "started")

    def __init__(self) -> None:
        self.board = Board()
        self.started = False
        self.result: Result = None
        self.reason: Reason | None = None
        self.offers: dict[Offer, tuple[Colour, int]] = {}
        """The open offers: who made each, at which ply."""

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def to_move(self) -> Colour:
        return _COLOUR[self.board.to_move]

    def state(self, room: str) -> State:
        return State(room=room, moves=self.board.moves, result=self.result, reason=self.reason)

    # -- requests --------------------------------------------------------------------
    def move(self, colour: Colour, ply: int, column: int) -> None:
        """Play ``column`` (1-7) for ``colour`` at ``ply``; the game may end."""
        self._check_playing(ErrorCode.NOT_YOUR_TURN)
        if colour is not self.to_move:
            raise Refused(ErrorCode.NOT_YOUR_TURN, "it is your opponent's turn")
        if ply != self.board.ply:
            raise Refused(
                ErrorCode.STALE_PLY, f"ply {ply} is not the game's: {self.board.ply} moves played"
            )
        if not 1 <= column <= WIDTH:
            raise Refused(ErrorCode.ILLEGAL_MOVE, f"column {column} is not 1-{WIDTH}")
        try:
            self.board.play(column - 1)
        except IllegalMoveError as error:
            raise Refused(ErrorCode.ILLEGAL_MOVE, error.reason) from None
        self.offers.pop(Offer.UNDO, None)
        outcome = self.board.outcome
        if outcome is not None:
            winner = outcome.winner
            if winner is None:
                self._end("draw", Reason.FULL)
            else:
                self._end(_WIN[_COLOUR[winner]], Reason.FOUR)

    def resign(self, colour: Colour) -> None:
        self._check_playing(ErrorCode.ILLEGAL_MOVE)
        self._end(_WIN[colour.other], Reason.RESIGNED)

    def abandon(self, colour: Colour) -> bool:
        """``colour`` is gone for good: the other wins if the game was going on.
        Returns whether the game ended now."""
        if not self.started or self.over:
            return False
        self._end(_WIN[colour.other], Reason.ABANDONED)
        return True

    def offer(self, kind: Offer, colour: Colour, ply: int) -> bool:
        """``colour`` proposes ``kind`` (an undo at ``ply``) or accepts the other's
        proposal.  Returns True when both agree: the caller then carries it out
        (:meth:`take_back` or a rematch)."""
        if kind is Offer.REMATCH:
            if not self.over:
                raise Refused(ErrorCode.ILLEGAL_MOVE, "a rematch comes after the game")
            ply = self.board.ply
        else:
            self._check_playing(ErrorCode.ILLEGAL_MOVE)
            if ply != self.board.ply:
                raise Refused(
                    ErrorCode.STALE_PLY,
                    f"ply {ply} is not the game's: {self.board.ply} moves played",
                )
        pending = self.offers.get(kind)
        if pending is not None and pending[0] is colour.other and pending[1] == ply:
            return True
        if kind is Offer.UNDO and not colour.moves_in(self.board.ply):
            raise Refused(ErrorCode.ILLEGAL_MOVE, "you have no move to take back")
        self.offers[kind] = (colour, ply)
        return False

    def decline(self, kind: Offer, colour: Colour) -> None:
        """``colour`` declines the other's open offer of ``kind``."""
        pending = self.offers.get(kind)
        if pending is None or pending[0] is not colour.other:
            raise Refused(ErrorCode.ILLEGAL_MOVE, f"there is no {kind.value} offer to decline")
        del self.offers[kind]

    def take_back(self) -> None:
        """Carry out the agreed undo: back to before the asker's last move."""
        asker, _ = self.offers.pop(Offer.UNDO)
        count = 2 if self.to_move is asker else 1
        self.board = Board.from_moves(self.board.moves[:-count])

    # -- internals --------------------------------------------------------------------
    def _check_playing(self, code: ErrorCode) -> None:
        if not self.started:
            raise Refused(code, "the game has not started: your opponent has not joined")
        if self.over:
            raise Refused(ErrorCode.ILLEGAL_MOVE, "the game is over")

    def _end(self, result: Result, reason: Reason) -> None:
        self.result = result
        self.reason = reason
        self.offers.clear()
