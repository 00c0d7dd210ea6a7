"""A game in progress, kept in the settings file so that the next launch can continue it.

The file holds it under ``"game"``::

    "game": {"mode": "vs-computer", "moves": "4453", "start_moves": "", "redo": "",
             "levels": ["Hard", "Hard"], "human": 0, "starter": "you", "colour": "red",
             "score": [1, 0, 2], "coached": false}

It is plain data with the vocabulary of the new-game screen (modes, level names,
who starts, colours); the window turns it back into a board and a
:class:`game.ui.options.GameConfig`.  No pygame, no work at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.levels import CUSTOM_LEVEL, LEVELS, level_by_name
from game.core import Board, IllegalMoveError
from game.profile import fields
from game.profile.choices import DiscColour, Mode, Starter
from game.profile.repairs import Kind, Repair

MODES = tuple(mode.value for mode in Mode)
"""Against the computer, two players, computer against computer (:class:`Mode`)."""
STARTERS = tuple(starter.value for starter in Starter)
COLOURS = tuple(colour.value for colour in DiscColour)
LEVEL_CHOICES = (*(level.name for level in LEVELS), CUSTOM_LEVEL)
"""The level choices of the new-game screen; "Custom" goes with a depth setting."""


def is_level_name(name: str) -> bool:
    """A level a game can be played at: a name from :data:`game.ai.levels.LEVELS`,
    or ``"Custom N"`` for a depth N from 1 to 42 (``Level.name`` of a custom level);
    spelt exactly so."""
    if any(level.name == name for level in LEVELS):
        return True
    if not name.startswith(f"{CUSTOM_LEVEL} "):
        return False
    try:
        level_by_name(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class SavedGame:
    """A game in progress and the series it belongs to.

    ``moves`` are all the moves played, ``start_moves`` the position the game began
    from (a prefix of ``moves`` that undo does not go below) and ``redo`` the moves
    taken back that Redo would play again, in the order it would play them; all in
    columns 1-7.  The game is not over.  ``levels`` are the computer's strength for
    the first and the second player (the side a human plays keeps the level that
    gives its hints).  ``human`` is the player (0 first, 1 second) the human plays
    against the computer, None in the other modes.  ``starter`` and ``colour`` are
    the series' choices from the new-game screen, ``score`` its games so far: red's
    wins, yellow's wins, draws.  ``coached``: the coach has offered to take a move of
    this game back (the history marks the game so once it is finished).

    Construction checks everything and raises ``ValueError`` saying what is wrong.
    """

    mode: Mode
    moves: str
    levels: tuple[str, str]
    start_moves: str = ""
    redo: str = ""
    human: int | None = None
    starter: Starter = Starter.YOU
    colour: DiscColour = DiscColour.RED
    score: tuple[int, int, int] = (0, 0, 0)
    coached: bool = False

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"a game's mode is one of {', '.join(MODES)}, not {self.mode!r}")
        if not self.moves.startswith(self.start_moves):
            raise ValueError(f"the moves {self.moves!r} do not begin with {self.start_moves!r}")
        try:
            board = Board.with_redo(self.moves, self.redo)
        except IllegalMoveError as error:
            raise ValueError(f"the saved moves are not a game: {error}") from None
        if board.is_over:
            raise ValueError(f"the game {self.moves!r} is already over")
        if len(self.levels) != 2 or not all(is_level_name(name) for name in self.levels):
            raise ValueError(f"the levels {self.levels!r} are not two level names")
        fits = self.human in (0, 1) if self.mode == Mode.VS_COMPUTER else self.human is None
        if not fits:
            raise ValueError(f"human is {self.human!r}, which does not fit a {self.mode} game")
        if self.starter not in STARTERS or self.colour not in COLOURS:
            raise ValueError(f"unknown starter {self.starter!r} or colour {self.colour!r}")
        # Given as their text (the file's spelling), the choices become their members.
        object.__setattr__(self, "mode", Mode(self.mode))
        object.__setattr__(self, "starter", Starter(self.starter))
        object.__setattr__(self, "colour", DiscColour(self.colour))
        if len(self.score) != 3 or any(n < 0 for n in self.score):
            raise ValueError(f"the score {self.score!r} is not three counts")

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": str(self.mode),
            "moves": self.moves,
            "start_moves": self.start_moves,
            "redo": self.redo,
            "levels": list(self.levels),
            "human": self.human,
            "starter": str(self.starter),
            "colour": str(self.colour),
            "score": list(self.score),
            "coached": self.coached,
        }

    @classmethod
    def from_json(cls, data: object, repairs: list[Repair] | None = None) -> SavedGame:
        """The game from the file's "game" object; raises ``ValueError`` (or its
        :class:`game.profile.fields.Invalid`) if any part is missing, of the wrong type or
        not a game in progress.  Choices are read ignoring case, as elsewhere in the file;
        a count of the score out of range is clamped, and ``repairs`` says so."""
        if not isinstance(data, dict):
            raise fields.Invalid("not an object")
        levels = data.get("levels")
        score = data.get("score", [0, 0, 0])
        human = data.get("human")
        if not (isinstance(levels, list) and len(levels) == 2):
            raise fields.Invalid("levels is not a pair of level names")
        if not (isinstance(score, list) and len(score) == 3):
            raise fields.Invalid("score is not three counts")
        first, second = (fields.text(name) for name in levels)
        red, yellow, draws = counts = tuple(fields.count(n) for n in score)
        if repairs is not None and fields.clamped(score, counts):
            repairs.append(Repair(Kind.SAVED_SCORE_CLAMPED, old=tuple(score), new=counts))
        return cls(
            mode=fields.member(Mode)(data.get("mode")),
            moves=fields.text(data.get("moves")),
            start_moves=fields.text(data.get("start_moves", "")),
            redo=fields.text(data.get("redo", "")),
            levels=(first, second),
            human=None if human is None else fields.whole(human),
            starter=fields.member(Starter)(data.get("starter", Starter.YOU)),
            colour=fields.member(DiscColour)(data.get("colour", DiscColour.RED)),
            score=(red, yellow, draws),
            coached=fields.boolean(data.get("coached", False)),
        )
