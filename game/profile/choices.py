"""The choices of the new-game screen that the settings file and the saved game keep:
who plays (:class:`Mode`), who starts (:class:`Starter`) and the human's colour
(:class:`DiscColour`).

Each is a string enum whose values are the file's spelling, so a member is written
to JSON as it always was and compares equal to that text.  No pygame here.
"""

from __future__ import annotations

import enum


class Mode(enum.StrEnum):
    """Who plays: a human against the computer, two humans, or two computers."""

    VS_COMPUTER = "vs-computer"
    TWO_PLAYERS = "two-players"
    WATCH = "watch"


class Starter(enum.StrEnum):
    """Who moves first in each game of a series against the computer."""

    YOU = "you"
    COMPUTER = "computer"
    ALTERNATE = "alternate"
    """You in the first game, then each side in turn."""
    RANDOM = "random"


class DiscColour(enum.StrEnum):
    """A side's colour as the code and the file name it: red moves first when no human
    chose otherwise.  A theme may draw and name them differently (blue and orange)."""

    RED = "red"
    YELLOW = "yellow"

    @property
    def other(self) -> DiscColour:
        return DiscColour.YELLOW if self is DiscColour.RED else DiscColour.RED
