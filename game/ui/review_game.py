"""A game to review, as the screens that open the Review screen name it (the play screen
after a game, Your games, Import a game): plain data, no pygame."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Player
from game.profile.choices import DiscColour
from game.profile.history import FinishedGame


@dataclass(frozen=True, slots=True)
class ReviewGame:
    """A game to review: its ``moves`` (columns 1-7 from the empty board), the first
    ``start`` of them the position it began from (not the players' moves); against the
    computer, the side the human played (``human``, 0 or 1), the human's disc ``colour``
    and the computer's ``level`` name; ``id`` the history's name of the game (None: not
    known, the latest game of these moves is meant); ``opponent`` the friend's name in a
    game played online ("" otherwise)."""

    moves: str
    start: int = 0
    human: int | None = None
    colour: DiscColour = DiscColour.RED
    level: str | None = None
    id: str | None = None
    opponent: str = ""

    @classmethod
    def of(cls, game: FinishedGame) -> ReviewGame:
        """A game of the history."""
        return cls(
            game.moves,
            game.start,
            game.human,
            game.colour,
            game.computer_level,
            game.id,
            game.opponent,
        )

    def colour_of(self, player: Player) -> DiscColour:
        """The disc colour ``player`` played with."""
        if self.human is None:
            return DiscColour.RED if player is Player.FIRST else DiscColour.YELLOW
        return self.colour if int(player) == self.human else self.colour.other
