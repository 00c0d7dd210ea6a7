"""The rules of a game as the window sees them: who is who, undo to your turn, the score.

No pygame here.  A :class:`Match` wraps one :class:`~game.core.Board` with the
players' roles; a :class:`Session` is a series of matches with the same
:class:`~game.ui.options.GameConfig` (it decides who starts each game and keeps
the session score).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from game.ai.levels import level_by_name
from game.core import Board, Player
from game.i18n import ngettext
from game.profile.history import FinishedGame
from game.profile.saved_game import SavedGame
from game.profile.statistics import Result
from game.ui.names import level_name
from game.ui.options import DiscColour, GameConfig, Mode, Starter

if TYPE_CHECKING:
    from game.ui.services import Keeper

log = logging.getLogger(__name__)

COLOURS = (DiscColour.RED, DiscColour.YELLOW)
"""The first player's colour and the second's, when no human chose theirs."""

COLOUR_NAMES: Mapping[str, str] = MappingProxyType({"red": "Red", "yellow": "Yellow"})
"""The sides' names when no theme says otherwise."""

ABANDON_LOSS_MOVES = 4
"""A game against the computer left for a new one once this many moves were played
from its start counts as the player's loss (the question says so first): leaving a lost
game would otherwise keep the winning streak and the rating untouched."""


def abandoning_loses(saved: SavedGame | None) -> bool:
    """Whether leaving the unfinished game ``saved`` for a new one counts as a loss (a
    game from a set position counts for nothing: it is practice)."""
    if saved is None or saved.mode is not Mode.VS_COMPUTER or saved.human is None:
        return False
    if saved.start_moves:
        return False
    return len(saved.moves) - len(saved.start_moves) >= ABANDON_LOSS_MOVES


def abandoned_level(saved: SavedGame) -> str:
    """The level of the computer in the game against it ``saved``."""
    assert saved.human is not None
    return saved.levels[1 - saved.human]


def count_abandoned(keeper: Keeper, saved: SavedGame) -> None:
    """The game ``saved``, left for a new one when that loses
    (:func:`abandoning_loses`): the player's loss in the statistics, and in Your games
    as lost by leaving, so that both say the same."""
    assert saved.human is not None
    keeper.record_result(abandoned_level(saved), "loss")
    try:
        keeper.record_game(
            FinishedGame(
                moves=saved.moves,
                mode=saved.mode,
                levels=saved.levels,
                human=saved.human,
                colour=saved.colour,
                start=len(saved.start_moves),
                coached=saved.coached,
                forfeit=saved.human,
            )
        )
    except ValueError:  # not a game the history can hold (never one kept to continue)
        log.exception("the abandoned game %r could not be kept in the history", saved.moves)


def describe(saved: SavedGame) -> str:
    """The game in a few words, for the menu and for questions: "your game against
    Hard (12 discs played)" (discs, since the move list numbers a move of each side)."""
    discs = len(saved.moves)
    if saved.mode is Mode.VS_COMPUTER:
        computer = saved.levels[1 - (saved.human or 0)]
        return ngettext(
            "your game against {level} ({discs} disc played)",
            "your game against {level} ({discs} discs played)",
            discs,
        ).format(level=level_name(computer), discs=discs)
    if saved.mode is Mode.TWO_PLAYERS:
        return ngettext(
            "the two-player game ({discs} disc played)",
            "the two-player game ({discs} discs played)",
            discs,
        ).format(discs=discs)
    first, second = saved.levels
    return ngettext(
        "the computers' game, {first} against {second} ({discs} disc played)",
        "the computers' game, {first} against {second} ({discs} discs played)",
        discs,
    ).format(first=level_name(first), second=level_name(second), discs=discs)


class Match:
    """One game: a board, which side the human plays, and the undo rules.

    Against the computer the human plays ``human``; the computer the other
    side.  With two players both sides are human; when watching, neither is.
    The human's colour stays the same whoever starts; otherwise the first
    player is red.  Moves of ``config.start_moves`` cannot be undone.  ``coached``:
    the coach offered to take a move of this game back before it was kept and
    continued (the coach of the window that continues it starts from it).
    """

    def __init__(
        self, config: GameConfig, *, human_first: bool = True, coached: bool = False
    ) -> None:
        self.config = config
        self.coached = coached
        self.board = Board.from_moves(config.start_moves)
        self.floor = self.board.ply
        if config.start_moves:
            self.human: Player | None = self.board.to_move
        else:
            self.human = Player.FIRST if human_first else Player.SECOND
        if config.mode is not Mode.VS_COMPUTER:
            self.human = None

    # -- roles ---------------------------------------------------------------
    @property
    def mode(self) -> Mode:
        return self.config.mode

    def is_computer(self, player: Player) -> bool:
        if self.mode is Mode.WATCH:
            return True
        if self.mode is Mode.TWO_PLAYERS:
            return False
        return player != self.human

    @property
    def computer_to_move(self) -> bool:
        return not self.board.is_over and self.is_computer(self.board.to_move)

    @property
    def human_to_move(self) -> bool:
        return not self.board.is_over and not self.is_computer(self.board.to_move)

    def colour_of(self, player: Player) -> DiscColour:
        if self.mode is Mode.VS_COMPUTER and self.human is not None:
            mine = self.config.colour
            return mine if player == self.human else mine.other
        return COLOURS[player]

    # -- undo and redo -------------------------------------------------------
    def _undo_count(self) -> int:
        """How many moves :meth:`undo` would take back now."""
        board = self.board
        if board.ply <= self.floor:
            return 0
        if self.mode is not Mode.VS_COMPUTER:
            return 1
        human_moves = [ply for ply in range(self.floor, board.ply) if Player(ply & 1) == self.human]
        return board.ply - human_moves[-1] if human_moves else 0

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take anything back."""
        return self._undo_count() > 0

    def undo(self) -> int:
        """Take back moves; returns how many (0 when there is nothing to undo).

        Against the computer: back to the human's last turn, i.e. up to and
        including the human's last move, so the human is to move again.  A
        position where the human has not moved yet is left alone.  Otherwise
        one move.  Never below the start position.
        """
        count = self._undo_count()
        for _ in range(count):
            self.board.undo()
        return count

    def redo(self) -> int:
        """Replay undone moves; returns how many.  Against the computer: up to the
        human's next turn (or as far as the redo list goes)."""
        board = self.board
        if not board.can_redo:
            return 0
        board.redo()
        count = 1
        if self.mode is Mode.VS_COMPUTER:
            while board.can_redo and self.computer_to_move:
                board.redo()
                count += 1
        return count

    # -- the result -----------------------------------------------------------
    @property
    def winner_colour(self) -> DiscColour | None:
        outcome = self.board.outcome
        if outcome is None or outcome.winner is None:
            return None
        return self.colour_of(outcome.winner)

    def result_for_human(self) -> Result | None:
        """ "win", "loss" or "draw" against the computer once the game is over; else None."""
        outcome = self.board.outcome
        if outcome is None or self.mode is not Mode.VS_COMPUTER:
            return None
        if outcome.winner is None:
            return "draw"
        return "win" if outcome.winner == self.human else "loss"


@dataclass
class Session:
    """Consecutive games with one config: who starts each one, and the score.

    The score counts wins by colour (the human's colour is fixed against the
    computer) and draws.
    """

    config: GameConfig
    rng: random.Random = field(default_factory=random.Random)
    wins: dict[DiscColour, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))
    draws: int = 0
    _human_started_last: bool | None = None

    def next_match(self) -> Match:
        """A new match; ``starter`` decides who moves first (alternate starts with you)."""
        starter = self.config.starter
        if starter is Starter.COMPUTER:
            human_first = False
        elif starter is Starter.ALTERNATE:
            last = self._human_started_last
            human_first = True if last is None else not last
        elif starter is Starter.RANDOM:
            human_first = self.rng.random() < 0.5
        else:
            human_first = True
        self._human_started_last = human_first
        return Match(self.config, human_first=human_first)

    def restart_match(self) -> Match:
        """The game being played, from its start again, with the same player to start
        (only :meth:`next_match` moves the alternation on or draws a new starter)."""
        last = self._human_started_last
        return Match(self.config, human_first=True if last is None else last)

    @classmethod
    def restore(cls, saved: SavedGame) -> tuple[Session, Match]:
        """The series and the game in progress a :class:`SavedGame` describes (it
        checked its levels and moves when it was made)."""
        mode = saved.mode
        first, second = (level_by_name(name) for name in saved.levels)
        computer = 1 - saved.human if saved.human is not None else 0
        config = GameConfig(
            mode=mode,
            level=(first, second)[computer],
            starter=saved.starter,
            colour=saved.colour,
            start_moves=saved.start_moves,
            second_level=second if mode is Mode.WATCH and second != first else None,
        )
        red, yellow, draws = saved.score
        human_first = saved.human != 1
        session = cls(config, wins={DiscColour.RED: red, DiscColour.YELLOW: yellow}, draws=draws)
        session._human_started_last = human_first
        match = Match(config, human_first=human_first, coached=saved.coached)
        match.board = Board.with_redo(saved.moves, saved.redo)
        return session, match

    def saved(self, match: Match) -> SavedGame | None:
        """``match`` and this series as a :class:`SavedGame`, to continue later; None
        when there is nothing to continue (the game is over, or nothing was played
        since its start)."""
        board = match.board
        if board.is_over or (board.ply == match.floor and not board.can_redo):
            return None
        config = self.config
        return SavedGame(
            mode=config.mode,
            moves=board.moves,
            start_moves=config.start_moves,
            redo=board.redo_moves,
            levels=(config.level_of(0).name, config.level_of(1).name),
            human=None if match.human is None else int(match.human),
            starter=config.starter,
            colour=config.colour,
            score=(self.wins[DiscColour.RED], self.wins[DiscColour.YELLOW], self.draws),
        )

    def finished(self, match: Match, *, coached: bool = False) -> FinishedGame | None:
        """``match``, over, as the history keeps it (None: not over, or two computers
        played it); ``coached``: the coach offered to take a move of it back."""
        config = self.config
        if not match.board.is_over or config.mode is Mode.WATCH:
            return None
        return FinishedGame(
            moves=match.board.moves,
            mode=config.mode,
            levels=(config.level_of(0).name, config.level_of(1).name),
            human=None if match.human is None else int(match.human),
            colour=config.colour,
            start=match.floor,
            coached=coached,
        )

    def record(self, match: Match) -> None:
        """Count a finished match (the caller counts each match once)."""
        winner = match.winner_colour
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
