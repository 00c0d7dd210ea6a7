"""Everything that lives as long as one game on the play screen, made anew for each.

A :class:`CurrentGame` holds the :class:`~.round.Round` (the game on the board), its two
:class:`~.players.Player` sides, the advice and its requests, the coach and the pace of
two computers.  A new game, a restart or a game taken from the menu builds a
new one and stops the old one: nothing is reset by hand, so nothing can be
forgotten.  The series (the score, who starts next) outlives them: it is the
round's :class:`~game.ui.match.Session`.

The move a player handed over waits here (:attr:`CurrentGame.held`) until the pace lets it
onto the board: at once against the computer, unless the coach asks first; when two
computers play, after the chosen speed, one move at a time while paused.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Player as Side
from game.profile.preferences import Settings
from game.ui.engine_link import Engine
from game.ui.options import Mode
from game.ui.players import ChosenMove, Player, Stuck, players_for
from game.ui.requests import Receiver, Requests
from game.ui.scenes.play.advisor import Advisor
from game.ui.scenes.play.coach import Coach
from game.ui.scenes.play.computer import ComputerPlayer
from game.ui.scenes.play.round import Round
from game.ui.scenes.play.watching import Watching


@dataclass(frozen=True, slots=True)
class HeldMove:
    """A player's move waiting for the pace: the move, and when (scene time) it may
    reach the board."""

    move: ChosenMove
    due: float


class CurrentGame:
    """One game's parts (see the module docstring).  ``receive`` gets the replies to
    the advice's :attr:`requests` (the scene, which passes them on); each computer
    player asks ``engine`` through requests of its own."""

    def __init__(
        self, round_: Round, *, engine: Engine, receive: Receiver, settings: Settings
    ) -> None:
        self.round = round_
        self.requests = Requests(engine, receive)
        self.advisor = Advisor(self.requests, settings)
        self.coach = Coach(coached=round_.match.coached)
        self.watching = Watching(settings)
        config = round_.config

        def computer(side: Side) -> Player:
            return ComputerPlayer(config.level_of(int(side)), engine, settings)

        self.players = players_for(config, round_.match.human, computer)
        self.held: HeldMove | None = None
        self.last_proof: tuple[str, bool] | None = None
        """The position after the last move a player proved or did not prove best
        (a Perfect computer's), and whether it did; None after any other move."""

    @property
    def to_move(self) -> Player:
        """The player of the side to move."""
        return self.players[self.round.match.board.to_move]

    @property
    def stuck(self) -> Stuck | None:
        """Why the move of the side to move will not come (None: it comes, or it is
        this window's turn, or the game is over)."""
        return None if self.round.over else self.to_move.stuck

    @property
    def thinking(self) -> bool:
        """Whether a player other than this window's is choosing, or its move waits."""
        return self.held is not None or any(
            player.choosing for player in self.players if not player.local
        )

    def hold(self, move: ChosenMove) -> None:
        """Keep ``move`` until the pace lets it onto the board."""
        delay = self.watching.delay if self.round.config.mode is Mode.WATCH else 0.0
        self.held = HeldMove(move, move.asked_at + delay)

    def show_now(self, now: float) -> None:
        """The player asked for the held move (Step): it is due at once."""
        if self.held is not None:
            self.held = HeldMove(self.held.move, now)

    def release(self, now: float) -> ChosenMove | None:
        """The held move once it is due and may be shown (then it is no longer held):
        never while the coach holds the game, nor while two computers are paused."""
        held = self.held
        if held is None or now < held.due or self.coach.holding:
            return None
        if not self.watching.may_move:
            return None
        self.held = None
        self.watching.spend_step()
        return held.move

    def proof_for(self, moves: str) -> bool | None:
        """Whether the last move was proven best, while the position ``moves`` still
        follows from it; None before such a move, and once undo went back past it."""
        if self.last_proof is None:
            return None
        after, was_proven = self.last_proof
        if not moves.startswith(after):
            return None
        return was_proven

    def position_changed(self, moves: str) -> None:
        """Tell both players; a held move for another position is dropped."""
        if self.held is not None and self.held.move.moves != moves:
            self.held = None
        for player in self.players:
            player.position_changed(moves)

    def stop(self) -> None:
        """Stop every request and player of this game (it is being left)."""
        self.held = None
        for player in self.players:
            player.stop()
        self.requests.cancel()
