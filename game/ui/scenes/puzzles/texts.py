"""Every sentence the Puzzles screen shows, through gettext when it is asked for.

No pygame here: the view asks for the words, then draws them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from game.ai.explain import Why
from game.ai.puzzles import Band
from game.core import Player
from game.i18n import N_, join_list, ngettext, number, pgettext
from game.i18n import gettext as _
from game.ui import reasons
from game.ui.names import colour_name
from game.ui.scenes.puzzles.attempt import Attempt, Phase


def title() -> str:
    return _("Puzzles")


def band_name(band: Band) -> str:
    """A band's name (a context of its own: the levels have names like these)."""
    names = {
        Band.EASY: pgettext("puzzle band", "Easy"),
        Band.MEDIUM: pgettext("puzzle band", "Medium"),
        Band.HARD: pgettext("puzzle band", "Hard"),
    }
    return names[band]


BUTTON_LABELS: Final = {
    "daily": N_("Daily puzzle"),
    "band": N_("Difficulty"),
    "next": N_("Next puzzle"),
    "again": N_("Try again"),
    "back": N_("Back"),
}


def button_label(key: str) -> str:
    return _(BUTTON_LABELS[key])


def heading(band: Band, number_in_band: int, count: int, *, daily: bool) -> str:
    """Which puzzle this is: the day's, or its place in its band."""
    if daily:
        return _("Daily puzzle ({band})").format(band=band_name(band))
    return _("{band} puzzle {number} of {count}").format(
        band=band_name(band), number=number(number_in_band), count=number(count)
    )


def task(attempt: Attempt, names: Mapping[str, str]) -> str:
    """What to do: the side the player plays, and how soon it wins."""
    side = _side(attempt.player)
    count = attempt.puzzle.wins_in
    return ngettext(
        "You play {colour}: win in {count} move, whatever the computer does.",
        "You play {colour}: win in {count} moves, whatever the computer does.",
        count,
    ).format(colour=colour_name(names, side), count=number(count))


def status(attempt: Attempt) -> str:
    """Where the try stands, in a sentence."""
    phase = attempt.phase
    if phase is Phase.YOUR_MOVE:
        if attempt.moves_played == 0:
            return _("One column wins. Which?")
        return _("Good: the win holds. Your move.")
    if phase is Phase.DEFENCE:
        return _("The computer defends...")
    if phase is Phase.SOLVED:
        return _("Solved: four in a row!")
    return _("That move lets the win slip.")


def refutation(attempt: Attempt, names: Mapping[str, str]) -> list[str]:
    """After a failed try: which columns kept the win, why the move failed, and what the
    numbered discs are (``names``: the theme's colour names)."""
    lines = []
    kept = attempt.kept_columns()
    why = reason(attempt, names)
    # A missed win at once is said by the reason alone ("Red could have won at once in
    # column 5."): its column, kept alone, and its one numbered disc need no more words.
    missed = None
    if why is not None and attempt.reason is not None and attempt.reason.why is Why.MISSES_WIN:
        missed = attempt.reason.column
    if kept and kept != {missed}:
        columns = join_list([number(col + 1) for col in sorted(kept)])
        lines.append(
            ngettext(
                "Column {columns} kept the win.", "Columns {columns} kept the win.", len(kept)
            ).format(columns=columns)
        )
    if why is not None:
        lines.append(why)
    if attempt.line and attempt.line != [missed]:
        lines.append(
            _("The numbered discs show how to win from there, starting in column {column}.").format(
                column=number(attempt.line[0] + 1)
            )
        )
    elif not attempt.line_over:
        lines.append(_("Finding the best play from there..."))
    return lines


def reason(attempt: Attempt, names: Mapping[str, str]) -> str | None:
    """Why the move failed, in the Review screen's words (None: not known yet)."""
    if attempt.reason is None or attempt.mistake is None or attempt.wrong is None:
        return None
    player = attempt.player
    sides = reasons.Sides(
        colour_name(names, _side(player)), colour_name(names, _side(player.other))
    )
    analysis = attempt.analyses.get(attempt.mistake)
    drawn = analysis is not None and analysis[attempt.wrong].result == 0
    best = attempt.line[0] if attempt.line else None
    return reasons.sentence(attempt.reason, sides, best, mistake=drawn)


def _side(player: Player) -> str:
    """The colour a puzzle's side plays (red moves first)."""
    return "red" if player is Player.FIRST else "yellow"


def rated(first_try: bool) -> str:
    if first_try:
        return _("A first try: it counts for your rating.")
    return _("Tried before: this try does not count for your rating.")


def rating(value: float, change: float | None = None) -> str:
    """The player's rating, with the last try's change when there is one."""
    if change is None or round(change) == 0:
        return _("Your rating: {rating}").format(rating=number(round(value)))
    signed = ("+" if change > 0 else "\u2212") + number(abs(round(change)))
    return _("Your rating: {rating} ({change})").format(rating=number(round(value)), change=signed)


def progress(solved: int, count: int, streak: int, best: int) -> list[str]:
    return [
        _("Solved: {solved} of {count}").format(solved=number(solved), count=number(count)),
        _("Streak: {streak} (best {best})").format(streak=number(streak), best=number(best)),
    ]


def daily_done() -> str:
    return _("Today's puzzle is solved. A new one comes tomorrow.")


def unavailable() -> str:
    return _(
        "The puzzle file is missing or damaged, so there are no puzzles to play. Reinstalling"
        " the game brings it back."
    )


def could_not_answer(error: str) -> str:
    return _("The computer could not answer: {error}").format(error=error)


def keys_help() -> str:
    return _(
        "Keys: 1-7 or Left, Right and Enter drop, N next puzzle, D the puzzle of the day,"
        " R try again, Esc back"
    )


def lines_of(parts: Iterable[str]) -> list[str]:
    return [part for part in parts if part]
