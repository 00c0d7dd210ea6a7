"""The player's preferences (:class:`Settings`): each field, its range or choices, and
how a value read from the settings file is checked, with every repair named.

A value of the wrong type or an unknown choice gets the field's default; a number out
of range is clamped.  Either way :func:`settings_from` says what it did (a
:class:`game.profile.repairs.Repair`), so that the player is told what became of a
damaged file.  No pygame, no I/O, no work at import time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.ai.levels import DEFAULT_PERFECT_BUDGET, MAX_DEPTH, MIN_DEPTH
from game.i18n import LANGUAGES, SYSTEM
from game.profile import fields
from game.profile.choices import DiscColour, Starter
from game.profile.labels import PUZZLE_BANDS
from game.profile.repairs import Kind, Repair
from game.profile.saved_game import LEVEL_CHOICES

MIN_WINDOW = (640, 480)
MAX_WINDOW = (16384, 16384)
"""SDL cannot make a window larger than this; a bigger size in the file is clamped."""

THEMES = ("classic", "high-contrast", "blue-orange")
"""The themes' names (game.ui.themes.THEMES; the UI is not imported here)."""

LANGUAGE_CHOICES = (SYSTEM, *LANGUAGES)
"""The language setting: the system's, or one of the game's languages by code."""


def _window_size(value: object) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise fields.Invalid("not a pair of numbers")
    width, height = fields.whole(value[0]), fields.whole(value[1])
    return (
        min(max(width, MIN_WINDOW[0]), MAX_WINDOW[0]),
        min(max(height, MIN_WINDOW[1]), MAX_WINDOW[1]),
    )


RULES: Mapping[str, Callable[[object], object]] = {
    "language": fields.choice(LANGUAGE_CHOICES),
    "sound_on": fields.boolean,
    "volume": fields.float_in(0.0, 1.0),
    "animation_speed": fields.float_in(0.25, 3.0),
    "theme": fields.choice(THEMES),
    "show_analysis": fields.boolean,
    "coach": fields.boolean,
    "engine_scores": fields.boolean,
    "fullscreen": fields.boolean,
    "perfect_budget": fields.float_in(0.5, 30.0),
    "watch_delay": fields.float_in(0.0, 5.0),
    "level": fields.choice(LEVEL_CHOICES),
    "watch_first": fields.choice(LEVEL_CHOICES),
    "watch_second": fields.choice(LEVEL_CHOICES),
    "custom_depth": fields.int_in(MIN_DEPTH, MAX_DEPTH),
    "starter": fields.member(Starter),
    "colour": fields.member(DiscColour),
    "window_size": _window_size,
    "maximised": fields.boolean,
    "puzzle_band": fields.choice(tuple(PUZZLE_BANDS)),
}
"""Each field's rule: the value in its canonical form and range, or :class:`Invalid`."""


@dataclass(slots=True)
class Settings:
    """The player's preferences.

    Building one (``Settings(volume=1.5)``) checks every field: a number is
    clamped into its range and a choice's spelling normalised ("HIGH-CONTRAST" ->
    "high-contrast"); a value of the wrong type or an unknown choice raises
    ``ValueError`` naming the field.  Assigning a field later is not checked:
    :meth:`clamped` checks again, and :meth:`game.profile.settings.SettingsStore.save` does
    so before writing.

    Ranges: volume 0..1, animation_speed 0.25..3, perfect_budget 0.5..30 s,
    watch_delay 0..5 s,
    custom_depth 1..42, window_size at least 640x480.  ``level`` is a name from
    :data:`game.ai.levels.LEVELS` or ``"Custom"`` (then ``custom_depth`` applies).
    ``colour`` is the human player's colour, whoever starts (``starter``).
    """

    language: str = SYSTEM
    """The game's language: "system" (the system's), or a code of
    :data:`game.i18n.LANGUAGES`."""
    sound_on: bool = True
    volume: float = 0.7
    animation_speed: float = 1.0
    theme: str = "classic"
    show_analysis: bool = False
    coach: bool = False
    """Against the computer, say a mistake or a blunder at once and offer to take it back."""
    engine_scores: bool = False
    """The analysis in the engine's numbers rather than words (for experts)."""
    fullscreen: bool = False
    perfect_budget: float = DEFAULT_PERFECT_BUDGET
    watch_delay: float = 0.6
    """Seconds each move stays on screen at least when two computers play."""
    level: str = "Medium"
    watch_first: str = "Medium"
    """The first player's level when two computers play (kept apart from ``level``,
    the player's own opponent)."""
    watch_second: str = "Hard"
    """The second player's level when two computers play."""
    custom_depth: int = 5
    starter: Starter = Starter.YOU
    colour: DiscColour = DiscColour.RED
    window_size: tuple[int, int] = (960, 720)
    maximised: bool = False
    """Whether the window was maximised when the game closed: the next start maximises it
    (``window_size`` stays the size to go back to)."""
    puzzle_band: str = "easy"
    """The puzzles' band the player chose last (the Puzzles screen opens on it)."""

    def __post_init__(self) -> None:
        for name, rule in RULES.items():
            value = getattr(self, name)
            try:
                setattr(self, name, rule(value))
            except fields.Invalid as problem:
                raise ValueError(f"setting {name} cannot be {value!r}: {problem}") from None

    def clamped(self) -> Settings:
        """A checked copy: every field in range (``ValueError`` for a wrong type)."""
        return Settings(**{name: getattr(self, name) for name in RULES})


def settings_from(data: object, repairs: list[Repair]) -> Settings:
    """Settings from the file's "settings" object.  Each value not used as it was is
    named in ``repairs``: clamped (with the value in the file and what it became) or
    not valid (it has its default)."""
    settings = Settings()
    if data is None:
        return settings
    if not isinstance(data, dict):
        repairs.append(Repair(Kind.SETTINGS_DROPPED))
        return settings
    for name, rule in RULES.items():
        if name not in data:
            continue
        try:
            value = rule(data[name])
        except fields.Invalid:
            repairs.append(Repair(Kind.SETTING_DEFAULT, name, new=getattr(settings, name)))
            continue
        if fields.clamped(data[name], value):
            repairs.append(Repair(Kind.SETTING_CLAMPED, name, old=data[name], new=value))
        setattr(settings, name, value)
    return settings


__all__ = ["MAX_WINDOW", "MIN_WINDOW", "RULES", "THEMES", "Settings", "settings_from"]
