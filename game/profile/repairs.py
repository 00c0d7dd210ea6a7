"""What a load changed in a damaged file, as data, and in words: the player's language for
the notice, English for the log.

The modules that read the files (settings, statistics, rating, puzzles, saved game,
history) record each change as a :class:`Repair`: its :class:`Kind` and the values it
names (a setting's key, a level's name, a game's number, the value in the file and what
it became).  :func:`phrase` turns one into a phrase of the notice ("Lautstärke 400 % →
100 %"), with the game's own words for the settings and the statistics' columns and its
way of writing numbers; ``str(repair)`` is the same phrase in English with the values as
the file had them, for the log.  No pygame, no I/O, no work at import time.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.levels import LEVEL_NAMES, custom_depth
from game.i18n import LANGUAGES, N_, join_list, number, percent, short_number, system_language
from game.i18n import gettext as _gettext
from game.i18n import ngettext as _ngettext
from game.i18n import pgettext as _pgettext
from game.profile import fields
from game.profile.labels import PUZZLE_BANDS, SETTING_LABELS, SETTING_VALUES


class Kind(enum.Enum):
    """What a repair did (the values each kind names are in :class:`Repair`)."""

    SETTINGS_DROPPED = enum.auto()
    """The settings were not an object: all of them have their defaults."""
    SETTING_DEFAULT = enum.auto()
    """``subject``, a setting's key, was not valid: it has its default, ``new``."""
    SETTING_CLAMPED = enum.auto()
    """``subject``, a setting's key, was out of range: ``old`` became ``new``."""
    STATISTICS_DROPPED = enum.auto()
    LEVEL_DROPPED = enum.auto()
    """The statistics of ``level`` were dropped (not valid, or not a level's name)."""
    RECORD_CLAMPED = enum.auto()
    """``subject``, a count of ``level``'s record, was out of range or inconsistent."""
    RATING_DROPPED = enum.auto()
    RATING_RESULTS_DROPPED = enum.auto()
    """``count`` of the rating's results were dropped (0: all of them)."""
    PUZZLES_DROPPED = enum.auto()
    DAILY_PUZZLES_DROPPED = enum.auto()
    """The ``count`` oldest daily puzzles were dropped (there were too many)."""
    PUZZLE_COUNT_CLAMPED = enum.auto()
    """``subject``, a count of the puzzles' progress, was out of range or inconsistent."""
    SAVED_GAME_DROPPED = enum.auto()
    SAVED_SCORE_CLAMPED = enum.auto()
    """The saved series' score (``old``, three counts) became ``new``."""
    GAME_DROPPED = enum.auto()
    """Game ``count`` of the history was not valid."""
    GAME_START_CLAMPED = enum.auto()
    """Game ``count`` of the history began after ``old`` moves: now ``new``."""


@dataclass(frozen=True, slots=True)
class Repair:
    """One change a load made; the fields a :class:`Kind` does not name stay empty.

    ``subject`` is a setting's key or a count's name (``"best_streak"``), ``level`` a
    level's name as the file keys it, ``count`` a game's number in the file or how many
    things were dropped, ``old`` the value in the file and ``new`` what it became (a list
    becomes a tuple, so that a repair compares and hashes)."""

    kind: Kind
    subject: str = ""
    level: str = ""
    count: int = 0
    old: object = None
    new: object = None

    def __post_init__(self) -> None:
        # A pair from the file ([10, 20]) as a tuple: a repair compares and hashes.
        for name in ("old", "new"):
            if isinstance(getattr(self, name), list):
                object.__setattr__(self, name, tuple(getattr(self, name)))

    def __str__(self) -> str:
        return _say(self, _ENGLISH)


def phrase(repair: Repair) -> str:
    """``repair`` in the language in use, for a notice."""
    return _say(repair, _PLAYERS)


def phrases(repairs: list[Repair]) -> list[str]:
    """Each of ``repairs`` in the language in use."""
    return [phrase(repair) for repair in repairs]


def logged(repairs: list[Repair]) -> str:
    """``repairs`` in English, for the log."""
    return ", ".join(map(str, repairs))


# -- words --------------------------------------------------------------------------------

PUZZLE_COUNTS: dict[str, str] = {
    # Translators: a count of the puzzles' progress, named when a damaged file was repaired.
    "tries": N_("Puzzle attempts"),
    # Translators: a count of the puzzles' progress, named when a damaged file was repaired.
    "solves": N_("Puzzles solved"),
    # Translators: a count of the puzzles' progress, named when a damaged file was repaired.
    "streak": N_("Puzzle streak"),
    # Translators: a count of the puzzles' progress, named when a damaged file was repaired.
    "best_streak": N_("Best puzzle streak"),
}

_LEVELS = ("level", "watch_first", "watch_second")
_SECONDS = ("perfect_budget", "watch_delay")
"""The settings in seconds, written as the settings screen writes them ("3 s")."""

LARGEST_SHOWN = 1e12
"""A number in the file beyond this is written as the file has it ("1e+300"), not as
hundreds of digits."""


@dataclass(frozen=True, slots=True)
class _Speech:
    """The words of a phrase: the messages' translation, and how a value is written
    (for the setting of that key, or "" for a count)."""

    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    pgettext: Callable[[str, str], str]
    value: Callable[[str, object], str]


def _english_ngettext(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _as_in_file(_key: str, value: object) -> str:
    if isinstance(value, tuple) and len(value) == 3:
        return ", ".join(map(fields.shown, value))
    return fields.shown(value)


def _written(value: object) -> int | float | None:
    """``value`` when it is a number the game writes out in full; else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value if math.isfinite(value) and abs(value) < LARGEST_SHOWN else None


def _amount(value: object) -> str:
    """A number in the language in use (a value that is no number as the file has it)."""
    amount = _written(value)
    if amount is None:
        return fields.shown(value)
    return number(amount) if isinstance(amount, int) else short_number(amount)


def _in_language(key: str, value: object) -> str:  # noqa: PLR0911 (one return a kind of value)
    """A setting's value (or a count, ``key`` ""), as the game's screens write it in the
    language in use: a choice in its words, on or off, a volume as a percentage, a time
    in seconds, a level by its name, a window's size as width by height, a score as
    three counts."""
    if isinstance(value, list | tuple) and len(value) in (2, 3):
        amounts = [_amount(item) for item in value]
        return "\u00d7".join(amounts) if len(value) == 2 else join_list(amounts)
    words = SETTING_VALUES.get(key, {})
    if value in words:
        return _gettext(words[value])
    if isinstance(value, bool):
        return _pgettext("a setting", "On") if value else _pgettext("a setting", "Off")
    if key == "language" and isinstance(value, str):
        spoken = LANGUAGES.get(value)
        if spoken is not None:
            return spoken  # each language in its own words, as the settings screen has it
        return _gettext("System ({language})").format(language=LANGUAGES[system_language()])
    if key in _LEVELS and isinstance(value, str):
        return _level_name(value, _PLAYERS)
    if key == "puzzle_band" and value in PUZZLE_BANDS:
        return _pgettext("puzzle band", PUZZLE_BANDS[str(value)])
    amount = _written(value)
    if key == "volume" and amount is not None:
        return percent(amount)
    if key in _SECONDS:
        return _gettext("{seconds} s").format(seconds=_amount(value))
    return _amount(value)


_ENGLISH = _Speech(lambda message: message, _english_ngettext, lambda _c, m: m, _as_in_file)
_PLAYERS = _Speech(_gettext, _ngettext, _pgettext, _in_language)


def _level_name(name: str, speech: _Speech) -> str:
    """A level's name as the player reads it ("Custom 7": "Tiefe 7"), as
    :func:`game.ui.names.level_name` words it; a name that is no level's as the file has
    it."""
    if name in LEVEL_NAMES:
        return speech.gettext(name)
    depth = custom_depth(name)
    if depth is None:
        return fields.shown(name)
    return speech.gettext("Custom {depth}").format(depth=speech.value("", depth))


def _record_count(name: str, speech: _Speech) -> str:
    """A count of a level's record by its column's heading on the statistics screen."""
    pgettext, _ = speech.pgettext, speech.gettext
    return {
        "wins": lambda: pgettext("statistics column", "Won"),
        "losses": lambda: pgettext("statistics column", "Lost"),
        "draws": lambda: pgettext("statistics column", "Drawn"),
        "streak": lambda: _("Streak"),
        "best_streak": lambda: _("Best"),
    }.get(name, lambda: name)()


def _say(repair: Repair, speech: _Speech) -> str:  # noqa: PLR0911, PLR0912 (one branch a kind)
    """``repair`` in ``speech``'s words."""
    _, ngettext = speech.gettext, speech.ngettext
    old, new = speech.value(repair.subject, repair.old), speech.value(repair.subject, repair.new)
    match repair.kind:
        case Kind.SETTINGS_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them.
            return _("all settings (back to their defaults)")
        case Kind.SETTING_DEFAULT:
            # Translators: a repair of a damaged settings file, in a list of them: {setting}
            # (a setting's name, "Volume") was not valid in the file and has its default,
            # {value}, now.
            return _("{setting} \u2192 {value} (the default)").format(
                setting=_(SETTING_LABELS.get(repair.subject, repair.subject)), value=new
            )
        case Kind.SETTING_CLAMPED:
            # Translators: a repair of a damaged file, in a list of them: {what} (a setting,
            # a count) was {old} in the file, out of range, and is {new} now.
            return _("{what} {old} \u2192 {new}").format(
                what=_(SETTING_LABELS.get(repair.subject, repair.subject)), old=old, new=new
            )
        case Kind.PUZZLE_COUNT_CLAMPED:
            return _("{what} {old} \u2192 {new}").format(
                what=_(PUZZLE_COUNTS.get(repair.subject, repair.subject)), old=old, new=new
            )
        case Kind.STATISTICS_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them.
            return _("statistics (dropped)")
        case Kind.LEVEL_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them; {level} is
            # a level's name.
            return _("statistics for {level} (dropped)").format(
                level=_level_name(repair.level, speech)
            )
        case Kind.RECORD_CLAMPED:
            # Translators: a repair of a damaged settings file, in a list of them: a count
            # of the player's record at {level} ({count}: a column of the statistics) was
            # {old} in the file and is {new} now.
            return _("{level}: {count} {old} \u2192 {new}").format(
                level=_level_name(repair.level, speech),
                count=_record_count(repair.subject, speech),
                old=old,
                new=new,
            )
        case Kind.RATING_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them.
            return _("rating (dropped)")
        case Kind.RATING_RESULTS_DROPPED if repair.count == 0:
            # Translators: a repair of a damaged settings file, in a list of them.
            return _("rating results (all dropped)")
        case Kind.RATING_RESULTS_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them.
            return ngettext(
                "rating results ({count} dropped)", "rating results ({count} dropped)", repair.count
            ).format(count=speech.value("", repair.count))
        case Kind.PUZZLES_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them.
            return _("puzzle progress (dropped)")
        case Kind.DAILY_PUZZLES_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them: the file
            # kept too many daily puzzles solved, and the oldest were forgotten.
            return ngettext(
                "daily puzzles (the oldest {count} dropped)",
                "daily puzzles (the oldest {count} dropped)",
                repair.count,
            ).format(count=speech.value("", repair.count))
        case Kind.SAVED_GAME_DROPPED:
            # Translators: a repair of a damaged settings file, in a list of them.
            return _("the saved game (dropped)")
        case Kind.SAVED_SCORE_CLAMPED:
            # Translators: a repair of a damaged settings file, in a list of them: the score
            # of the saved series (red's wins, yellow's wins, draws) was {old}, now {new}.
            return _("the saved game's score {old} \u2192 {new}").format(old=old, new=new)
        case Kind.GAME_DROPPED:
            # Translators: a repair of the game history, in a list of them: the game with
            # this number in the file was not valid.
            return _("game {number} (dropped)").format(number=speech.value("", repair.count))
        case Kind.GAME_START_CLAMPED:
            # Translators: a repair of the game history, in a list of them: the game with
            # this number began from a position after {old} moves in the file, {new} now.
            return _("game {number}: moves before it began {old} \u2192 {new}").format(
                number=speech.value("", repair.count), old=old, new=new
            )
    raise AssertionError(repair.kind)  # pragma: no cover - every kind has its branch


__all__ = ["Kind", "Repair", "logged", "phrase", "phrases"]
