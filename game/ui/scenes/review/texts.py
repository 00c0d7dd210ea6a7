"""Every sentence the Review screen shows, through gettext when it is asked for.

No pygame here: the view asks for the words, then draws them.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.judge import MoveReview, Verdict
from game.ai.score import Score
from game.core import Player
from game.i18n import N_, ngettext, number, percent
from game.i18n import gettext as _
from game.ui import reasons
from game.ui.names import colour_name, level_name
from game.ui.review_game import ReviewGame
from game.ui.scenes.review.record import Summary
from game.ui.worth import worth, worth_lines

MARKS: Mapping[Verdict, str] = {
    Verdict.BEST: "\u2713",
    Verdict.INACCURACY: "?!",
    Verdict.MISTAKE: "?",
    Verdict.BLUNDER: "??",
}
"""The marks beside a move in the list and on the graph (chess players know them)."""

HEADINGS = (
    N_("Player"),
    N_("Accuracy"),
    N_("Best moves"),
    N_("Inaccuracies"),
    N_("Mistakes"),
    N_("Blunders"),
)
"""The summary table's headings: a row per player."""


def title() -> str:
    return _("Review")


def mark(review: MoveReview) -> str:
    """A move's mark, in brackets when it rests on an estimate."""
    shown = MARKS[review.verdict]
    return shown if review.proven else f"({shown})"


def side_name(game: ReviewGame, player: Player, names: Mapping[str, str]) -> str:
    """Who played ``player``'s side: "You", "The computer (Hard)", or the colour's name in
    the theme (``names``: its colour names)."""
    if game.human is None:
        return colour_name(names, game.colour_of(player))
    if int(player) == game.human:
        return _("You")
    if game.level is None:
        return _("The computer")
    return _("The computer ({level})").format(level=level_name(game.level))


def verdict_sentence(review: MoveReview) -> str:
    """What the move was, in a sentence: certain, or "probably" when it rests on an
    estimate."""
    if not review.proven:
        return {
            Verdict.BEST: _("Probably the best move (an estimate: not worked out in time)."),
            Verdict.INACCURACY: _("Probably an inaccuracy (an estimate: not worked out in time)."),
            Verdict.MISTAKE: _("Probably a mistake (an estimate: not worked out in time)."),
            Verdict.BLUNDER: _("Probably a blunder (an estimate: not worked out in time)."),
        }[review.verdict]
    winning = review.best.value > 0
    sentences = {
        Verdict.BEST: _("The best move."),
        Verdict.INACCURACY: _("An inaccuracy: it still wins, but more slowly.")
        if winning
        else _("An inaccuracy: it still loses, but sooner."),
        Verdict.MISTAKE: _("A mistake: it throws a win away for a draw."),
        Verdict.BLUNDER: _("A blunder: it turns a win into a loss.")
        if winning
        else _("A blunder: it turns a draw into a loss."),
    }
    return sentences[review.verdict]


def value_words(score: Score, ply: int) -> str:
    """A value in the analysis's words: "✓ Win in 5", "= Draw", "\u00d7 Loss in 3", or the
    estimate's ("▲ Good")."""
    return " ".join(worth_lines(worth(score, ply=ply)))


def move_heading(review: MoveReview, player: str) -> str:
    return _("Move {number}: {player}, column {column}").format(
        number=number(review.number), player=player, column=review.column + 1
    )


def values_line(review: MoveReview) -> str:
    """The best value and the value played, each in words."""
    return _("Best: {best}. Played: {played}.").format(
        best=value_words(review.best, review.ply), played=value_words(review.played, review.ply)
    )


def best_line(column: int) -> str:
    """A mistake or a blunder: which column was best (0-based), and where its line is."""
    return _("Best was column {column}: its line is on the board, numbered.").format(
        column=column + 1
    )


def reason_sentence(review: MoveReview, game: ReviewGame, names: Mapping[str, str]) -> str | None:
    """Why a mistake or a blunder loses (None: not known), the players named by their
    colours in the theme (``names``)."""
    if review.reason is None:
        return None
    mover = colour_name(names, game.colour_of(review.mover))
    opponent = colour_name(names, game.colour_of(review.mover.other))
    return reasons.sentence(
        review.reason,
        reasons.Sides(mover, opponent),
        review.best_column,
        mistake=review.verdict is Verdict.MISTAKE,
    )


def start_position() -> str:
    return _("The start of the game.")


def given_move() -> str:
    return _("A move of the position the game began from: not judged.")


def waiting() -> str:
    return _("Not judged yet: the computer is working it out.")


def progress(judged: int, total: int) -> str:
    """How far the review is."""
    return ngettext(
        "Reviewing: {judged} of {total} move judged",
        "Reviewing: {judged} of {total} moves judged",
        total,
    ).format(judged=number(judged), total=number(total))


def done() -> str:
    return _("Review complete.")


def failed(count: int) -> str:
    return ngettext(
        "{count} position could not be worked out.",
        "{count} positions could not be worked out.",
        count,
    ).format(count=number(count))


def estimates_note() -> str:
    return _("Marks in brackets rest on an estimate: the computer could not work them out in time.")


def summary_row(name: str, summary: Summary) -> tuple[str, ...]:
    """A row of the summary table: the player, the accuracy, the count of each verdict."""
    accuracy = "\u2013" if summary.accuracy is None else percent(summary.accuracy)
    counts = (number(summary.counts[verdict]) for verdict in Verdict)
    return (name, accuracy, *counts)


def headings() -> list[str]:
    return [_(heading) for heading in HEADINGS]


def draw_label() -> str:
    """The graph's middle line."""
    return _("Draw")


def keys_help() -> str:
    return _("Keys: Left/Right step, Home/End first/last move, C copy the moves, Esc back")


def button_label(key: str) -> str:
    labels = {"back": _("Back"), "copy": _("Copy moves")}
    return labels[key]


def copied(moves: str) -> str:
    return _("The moves are on the clipboard: {moves}").format(moves=moves)


def not_copied(moves: str) -> str:
    return _("The clipboard is not available here. The moves are: {moves}").format(moves=moves)


def analysing() -> str:
    return _("analysing...")
