"""Every sentence the Review screen shows, through gettext when it is asked for.

No pygame here: the view asks for the words, then draws them.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.judge import MoveReview, MoveVerdict
from game.ai.score import Score
from game.core import Player
from game.i18n import N_, ngettext, number, percent
from game.i18n import gettext as _
from game.ui import reasons
from game.ui.names import colour_name, level_name
from game.ui.review_game import ReviewGame
from game.ui.scenes.review.record import Summary
from game.ui.scenes.review.replay import Replay, Step, Tried
from game.ui.worth import worth, worth_lines

MARKS: Mapping[MoveVerdict, str] = {
    MoveVerdict.BEST: "\u2713",
    MoveVerdict.INACCURACY: "?!",
    MoveVerdict.MISTAKE: "?",
    MoveVerdict.BLUNDER: "??",
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
    """Who played ``player``'s side: "You", "The computer (Hard)", the friend's name
    online, or the colour's name in the theme (``names``: its colour names)."""
    if game.human is None:
        return colour_name(names, game.colour_of(player))
    if int(player) == game.human:
        return _("You")
    if game.opponent:
        return game.opponent
    if game.level is None:
        return _("The computer")
    return _("The computer ({level})").format(level=level_name(game.level))


def verdict_sentence(review: MoveReview) -> str:
    """What the move was, in a sentence: certain, or "probably" when it rests on an
    estimate."""
    if not review.proven:
        return {
            MoveVerdict.BEST: _("Probably the best move (an estimate: not worked out in time)."),
            MoveVerdict.INACCURACY: _(
                "Probably an inaccuracy (an estimate: not worked out in time)."
            ),
            MoveVerdict.MISTAKE: _("Probably a mistake (an estimate: not worked out in time)."),
            MoveVerdict.BLUNDER: _("Probably a blunder (an estimate: not worked out in time)."),
        }[review.verdict]
    winning = review.best.value > 0
    sentences = {
        MoveVerdict.BEST: _("The best move."),
        MoveVerdict.INACCURACY: _("An inaccuracy: it still wins, but more slowly.")
        if winning
        else _("An inaccuracy: it still loses, but sooner."),
        MoveVerdict.MISTAKE: _("A mistake: it throws a win away for a draw."),
        MoveVerdict.BLUNDER: _("A blunder: it turns a win into a loss.")
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
        mistake=review.verdict is MoveVerdict.MISTAKE,
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
    counts = (number(summary.counts[verdict]) for verdict in MoveVerdict)
    return (name, accuracy, *counts)


def headings() -> list[list[str]]:
    """The summary's headings, each with its shorter forms (a verdict's mark) for a
    table too narrow for the words."""
    marks = ["", "", *MARKS.values()]
    return [
        [_(heading), *([mark] if mark else [])]
        for heading, mark in zip(HEADINGS, marks, strict=True)
    ]


def draw_label() -> str:
    """The graph's middle line."""
    return _("Draw")


def keys_help() -> str:
    return _(
        "Keys: Left/Right step, Home/End first/last move, C copy the moves, Tab and Enter"
        " the buttons, Esc back"
    )


def button_label(key: str, *, last: bool = False, mine: bool = True) -> str:
    """A button's label (``last``: the replay's last mistake is on; ``mine``: the
    mistakes replayed are the player's own, not both sides' of a game without one)."""
    labels = {
        "back": _("Back"),
        "copy": _("Copy moves"),
        "replay": _("Replay my mistakes") if mine else _("Replay the mistakes"),
        "next": _("Finish") if last else _("Next mistake"),
        "review": _("Back to the review"),
    }
    return labels[key]


# -- Replay my mistakes ------------------------------------------------------------------


def replay_lines(replay: Replay, game: ReviewGame, names: Mapping[str, str]) -> list[str]:
    """The replay of the current mistake in sentences, first to last: which one, the
    task or how the last try went, and once it is settled, the answer and why the
    game's move lost (``names``: the theme's colour names)."""
    review = replay.current
    lines = [
        _("Replay: mistake {number} of {count}").format(
            number=number(replay.index + 1), count=number(len(replay.mistakes))
        ),
        _("Move {number}: column {column} was played. Find a better move.").format(
            number=number(review.number), column=review.column + 1
        ),
    ]
    wins = review.best.result == 1
    if replay.step is Step.FIXED:
        assert replay.found is not None
        sentence = (
            _("Fixed: column {column} keeps the win.")
            if wins
            else _("Fixed: column {column} keeps the draw.")
        )
        lines.append(sentence.format(column=replay.found + 1))
    elif replay.step is Step.SHOWN:
        assert review.best_column is not None
        lines.append(
            _("The best move was column {column}: its line is on the board, numbered.").format(
                column=review.best_column + 1
            )
        )
    else:
        lines.append(_try_line(replay, wins))
    why = reason_sentence(review, game, names)
    if replay.over and why is not None:
        # Said after the fix or the answer: it is about the game's move, not those (one
        # paragraph, so that a panel too short for the reason does not show half of it).
        lead = (
            _("Why column {column}, the move played, was a blunder:")
            if review.verdict is MoveVerdict.BLUNDER
            else _("Why column {column}, the move played, was a mistake:")
        )
        lines.append(f"{lead.format(column=review.column + 1)} {why}")
    if replay.over and replay.last_one:
        lines.append(
            ngettext(
                "That was the last one: you fixed {fixed} of {count} mistake.",
                "That was the last one: you fixed {fixed} of {count} mistakes.",
                len(replay.mistakes),
            ).format(fixed=number(len(replay.fixed)), count=number(len(replay.mistakes)))
        )
    return lines


def _try_line(replay: Replay, wins: bool) -> str:
    """While trying: what the last try was, and the tries left."""
    left = replay.tries_left
    if replay.step is Step.CHECKING:
        return _("Checking that move...")
    if replay.last is Tried.UNPROVEN:
        return _("The computer could not work that move out in time. Try another.")
    if replay.last in (Tried.PLAYED, Tried.AGAIN):
        assert replay.repeated is not None
        sentence = (
            _("Column {column} is the move that was played. Find a better one.")
            if replay.last is Tried.PLAYED
            else _("Column {column} was tried already. Try another.")
        )
        return sentence.format(column=replay.repeated + 1)
    if replay.last is Tried.LOST:
        column = replay.wrong[-1] + 1
        text = (
            ngettext(
                "Column {column} does not keep the win either. {count} try left.",
                "Column {column} does not keep the win either. {count} tries left.",
                left,
            )
            if wins
            else ngettext(
                "Column {column} does not keep the draw either. {count} try left.",
                "Column {column} does not keep the draw either. {count} tries left.",
                left,
            )
        )
        return text.format(column=column, count=number(left))
    text = (
        ngettext(
            "A move that keeps the win: {count} try.",
            "A move that keeps the win: {count} tries.",
            left,
        )
        if wins
        else ngettext(
            "A move that keeps the draw: {count} try.",
            "A move that keeps the draw: {count} tries.",
            left,
        )
    )
    return text.format(count=number(left))


def replay_keys() -> str:
    return _("Keys: 1-7 or Left, Right and Enter play, N next mistake, Esc back to the review")


def replay_kept_nowhere() -> str:
    """Replaying a game the history does not keep (an imported one)."""
    return _("This game is not among Your games: what you fix here is not kept.")


def copied(moves: str) -> str:
    return _("The moves are on the clipboard: {moves}").format(moves=moves)


def not_copied(moves: str) -> str:
    return _("The clipboard is not available here. The moves are: {moves}").format(moves=moves)


def analysing() -> str:
    return _("Analysing\u2026")
