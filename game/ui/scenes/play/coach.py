"""The coach (a setting, off by default): against the computer, a mistake or a blunder of
the player's is said at once, before the computer replies, with an offer to take it back.

It judges the move from the analysis of the position before it (every column's value,
the analysis the hint and the analysis row use, asked for while the player thinks): the
best column's value against the value of the column played, by the review's rules
(:func:`game.ai.judge.judge`), and says why the move loses in the Review screen's words
(:mod:`game.ui.reasons`): at once a tactic the board shows, or how soon the loss comes;
a moment later, for a long-term loss, the threat that decides it, once the solver's best
line confirms it (:meth:`Coach.why_wanted`, :meth:`Coach.reasoned`).  It speaks only
when the verdict is proven (exact values, or proven results: a won position against a
drawn or lost one), never on an estimate.
If the analysis has not come when the move is made, the computer's reply waits for it
(its time is Perfect's, in the settings).

A game in which the coach offered to take a move back counts as coached (the history
keeps it so).  While the computer's reply waits on the coach, the game kept for Continue
stops before the move judged (:attr:`Coach.judged`): a window closed on the question
loses neither the move nor the question.  No pygame and no requests here: the scene
asks and tells.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from game.ai.explain import Reason, Why, classify
from game.ai.judge import Judgement, MoveVerdict, judge
from game.ai.protocol import SearchResult
from game.ai.score import Score
from game.core import Board, Player
from game.profile.choices import DiscColour
from game.ui import reasons
from game.ui.names import colour_name


@dataclass(frozen=True, slots=True)
class Offer:
    """A move the coach objects to: the position ``moves`` after it, its 0-based
    ``column``, the values and the verdict, the best column, and why the move loses
    (:func:`game.ai.explain.classify`: the tactics and the length of the loss the
    analysis proves; None where its values do not say)."""

    moves: str
    column: int
    best: Score
    played: Score
    judgement: Judgement
    best_column: int
    reason: Reason | None = None

    @property
    def wants_decider(self) -> bool:
        """Whether the loss is long-term and its deciding threat not known yet."""
        reason = self.reason
        return reason is not None and reason.why is Why.LONG_TERM and reason.decider is None

    @property
    def mover(self) -> Player:
        """The player who made the move."""
        return Player((len(self.moves) - 1) % 2)

    def reason_words(
        self, colour_of: Callable[[Player], DiscColour], names: Mapping[str, str]
    ) -> str | None:
        """Why the move loses, in the words the Review screen uses (the players named by
        their colours: ``colour_of`` a player, ``names`` the theme's colour names)."""
        if self.reason is None:
            return None
        mover = colour_name(names, colour_of(self.mover))
        opponent = colour_name(names, colour_of(self.mover.other))
        mistake = self.judgement.verdict is MoveVerdict.MISTAKE
        sides = reasons.Sides(mover, opponent)
        return reasons.sentence(self.reason, sides, self.best_column, mistake=mistake)


class Coach:
    """Watches the player's moves against the computer (see the module docstring)."""

    def __init__(self, *, coached: bool = False) -> None:
        self.offer: Offer | None = None
        """The move the coach objects to, until the player decides."""
        self.waiting: tuple[str, int] | None = None
        """A move made before its position's analysis came: the position and the column."""
        self.coached = coached
        """Whether the coach offered to take a move of this game back (``coached``: it did
        before the game was kept and continued)."""
        self._why_asked: str | None = None
        """The offer whose deciding threat was asked for (its position after the move)."""
        self._found: dict[str, Reason] = {}
        """The reasons with their deciding threat found this game, by the position after
        the move: a move taken back and played again is told in full at once."""

    @property
    def judged(self) -> tuple[str, int] | None:
        """The move the computer's reply waits on, until the player decides or the
        verdict says nothing: the position before it and its 0-based column."""
        if self.offer is not None:
            return self.offer.moves[:-1], self.offer.column
        return self.waiting

    @property
    def holding(self) -> bool:
        """Whether the computer's reply must wait (an offer open, or a move to judge)."""
        return self.offer is not None or self.waiting is not None

    def moved(self, before: str, column: int, analysis: SearchResult | None) -> None:
        """The player played 0-based ``column`` from the position ``before``, whose
        analysis is ``analysis`` (None: not come yet)."""
        self.waiting = None
        if analysis is None:
            self.waiting = (before, column)
            return
        self._judge(before, column, analysis)

    def analysed(self, moves: str, analysis: SearchResult) -> None:
        """The analysis of the position ``moves`` came."""
        if self.waiting is not None and self.waiting[0] == moves:
            before, column = self.waiting
            self.waiting = None
            self._judge(before, column, analysis)

    def _judge(self, before: str, column: int, result: SearchResult) -> None:
        values = result.analysis
        if values is None or column not in values:
            return
        best, played = values.best, values[column]
        judged = judge(best, played)
        if judged.proven and judged.verdict.shows_line:
            after = before + str(column + 1)
            reason = classify(Board.from_moves(before), column, best, played)
            known = self._found.get(after)
            if reason is not None and known is not None and known.why is reason.why:
                reason = known
            self.offer = Offer(after, column, best, played, judged, values.best_column(), reason)
            self.coached = True

    def why_wanted(self) -> str | None:
        """The game (the position after the move) whose review, with the reason, would
        name the threat that decides the offer's long-term loss; once per offer, None
        when there is nothing to ask (the scene asks: :class:`~game.ai.protocol.ReviewRequest`
        of the position before the move, ``explain`` on)."""
        offer = self.offer
        if offer is None or not offer.wants_decider or self._why_asked == offer.moves:
            return None
        self._why_asked = offer.moves
        return offer.moves

    def reasoned(self, game: str, reason: Reason | None) -> None:
        """The reason of the move that ends ``game`` came (None: not proven within the
        time): the offer still open on that move says it, with its deciding threat."""
        offer = self.offer
        if offer is None or offer.moves != game or reason is None:
            return
        if offer.reason is None or reason.why is offer.reason.why:
            self.offer = replace(offer, reason=reason)
            self._found[game] = reason

    def decided(self) -> None:
        """The player took the move back or kept it (a reason still on its way is
        cancelled: the same move played again asks for it again)."""
        self.offer = None
        self._why_asked = None

    def give_up_waiting(self) -> None:
        """The analysis will not come (it failed, or was cancelled): let the game go on."""
        self.waiting = None

    def forget(self) -> None:
        """A new game."""
        self.offer = None
        self.waiting = None
        self.coached = False
        self._why_asked = None
        self._found.clear()
