"""Rules for values read from the settings file: each returns the value in its canonical
form and range, or raises :class:`Invalid`.

A rule distinguishes a value of the wrong type or an unknown choice (:class:`Invalid`:
the file's loader then falls back to the default and tells the player) from a value
merely out of range (clamped silently).  No pygame, no work at import time.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from typing import TypeVar

E = TypeVar("E", bound=enum.StrEnum)

MAX_COUNT = 1_000_000_000
"""Upper bound of any count read from the file (games won, a streak...)."""


class Invalid(ValueError):
    """A value of the wrong type or an unknown choice (not merely out of range)."""


def boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise Invalid("not true or false")
    return value


def number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Invalid("not a number")
    try:
        result = float(value)
    except OverflowError:  # an int beyond float range is simply huge
        result = math.inf if value > 0 else -math.inf
    if math.isnan(result):
        raise Invalid("not a number")
    return result


def float_in(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        return min(max(number(value), low), high)

    return check


def whole(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise Invalid("not a whole number")


def int_in(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        return min(max(whole(value), low), high)

    return check


count = int_in(0, MAX_COUNT)
"""A count of games: a whole number, clamped to 0..:data:`MAX_COUNT`."""


def choice(options: tuple[str, ...]) -> Callable[[object], str]:
    """Accepts one of ``options``, ignoring case, and returns its canonical spelling."""

    def check(value: object) -> str:
        if isinstance(value, str):
            for option in options:
                if option.casefold() == value.strip().casefold():
                    return option
        raise Invalid(f"not one of {', '.join(options)}")

    return check


def member(kind: type[E]) -> Callable[[object], E]:
    """Accepts the value of one of ``kind``'s members, ignoring case; returns the member."""
    spelled = choice(tuple(item.value for item in kind))

    def check(value: object) -> E:
        return kind(spelled(value))

    return check


def text(value: object) -> str:
    if not isinstance(value, str):
        raise Invalid("not text")
    return value


def clamped(raw: object, value: object) -> bool:
    """Whether a rule that accepted ``raw`` changed the number(s) in it (clamped them into
    range), rather than only their form (3 → 3.0, a list → a tuple, a spelling's case)."""
    if isinstance(raw, list):
        raw = tuple(raw)
    numeric = isinstance(raw, int | float | tuple) and not isinstance(raw, bool)
    return numeric and raw != value


SHOWN_LENGTH = 30
"""A value in a notice is cut to this many characters (a name can be any length)."""


def shown(value: object) -> str:
    """A value from the file as a player reads it in a notice: "on", "0.7", "640\u00d7480";
    at most :data:`SHOWN_LENGTH` characters (then an ellipsis), a character that cannot
    be printed (a NUL, a line break) as "?"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple) and len(value) == 2:
        return f"{shown(value[0])}\u00d7{shown(value[1])}"
    text = str(value)
    cut = text[:SHOWN_LENGTH] + ("\u2026" if len(text) > SHOWN_LENGTH else "")
    return "".join(c if c.isprintable() else "?" for c in cut)
