"""What the player reads for each setting and for a setting's chosen value, in English
(marked for the catalogue; translated where shown): the settings screen names its rows
so, and a repaired settings file's notice names what it changed so.  No pygame, no work
at import time.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.i18n import N_
from game.profile.choices import DiscColour, Starter

SETTING_LABELS: Mapping[str, str] = {
    "language": N_("Language"),
    "sound_on": N_("Sound"),
    "volume": N_("Volume"),
    "animation_speed": N_("Animation speed"),
    "theme": N_("Theme"),
    "show_analysis": N_("Show analysis"),
    "coach": N_("Coach"),
    "engine_scores": N_("Analysis as"),
    "fullscreen": N_("Fullscreen"),
    "perfect_budget": N_("Perfect level time"),
    # Translators: a setting, named when a damaged settings file was repaired (no
    # screen shows it).
    "watch_delay": N_("Time per move when computers play"),
    "level": N_("Difficulty"),
    # Translators: a setting, named when a damaged settings file was repaired (no
    # screen shows it).
    "watch_first": N_("First computer's level"),
    # Translators: a setting, named when a damaged settings file was repaired (no
    # screen shows it).
    "watch_second": N_("Second computer's level"),
    "custom_depth": N_("Custom depth"),
    "starter": N_("Who starts"),
    "colour": N_("Your colour"),
    # Translators: a setting, named when a damaged settings file was repaired (no
    # screen shows it).
    "window_size": N_("Window size"),
    # Translators: a setting, named when a damaged settings file was repaired (no
    # screen shows it): whether the window opens maximised, as it was at the last close.
    "maximised": N_("Window maximised"),
    # Translators: a setting, named when a damaged settings file was repaired (the
    # Puzzles screen shows it as its band: Easy, Medium, Hard).
    "puzzle_band": N_("Puzzle difficulty"),
}
"""Each setting (a key of :data:`game.profile.preferences.RULES`) by the name the
settings and new-game screens give it, or a name of its own where no screen shows it."""


SETTING_VALUES: Mapping[str, Mapping[object, str]] = {
    "theme": {
        "classic": N_("Classic"),
        "high-contrast": N_("Colour-blind friendly"),
        "blue-orange": N_("Blue and orange"),
    },
    "engine_scores": {False: N_("Words"), True: N_("Engine scores (experts)")},
    "starter": {
        Starter.YOU: N_("You"),
        Starter.COMPUTER: N_("The computer"),
        Starter.ALTERNATE: N_("Take turns"),
        Starter.RANDOM: N_("Random"),
    },
    "colour": {DiscColour.RED: N_("Red"), DiscColour.YELLOW: N_("Yellow")},
}
"""The words the screens give a setting's values, where they are not a number, on and
off, a language, a level or a puzzles' band."""

PUZZLE_BANDS: Mapping[str, str] = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
"""The puzzles' bands (:class:`game.ai.puzzles.Band`'s values: that module loads after
the window's first frame, these words before it) by their names, in the message
context "puzzle band" (the levels have names like these)."""
