"""The player's puzzles: which were solved, how many tries, the streak, the daily puzzles.

Kept in the settings file with the statistics (:class:`game.profile.statistics.Statistics`), and
merged the same way when two windows save (:func:`merge`): the puzzles solved and tried
are sets (each window's are added), the tries a count (each window's new ones are added),
the streak goes on across windows while every new try was solved.

A puzzle is named by its moves (``Puzzle.moves``), which stay its name from one version
of the puzzle file to the next.  A try is rated (:mod:`game.profile.rating`) only when it is the
first try of that puzzle: :attr:`PuzzleProgress.tried`.

No pygame, no I/O, no work at import time.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Final

from game.profile import fields
from game.profile.repairs import Kind, Repair

MAX_NAMES: Final = 5000
"""No more puzzles than this are kept by name (the file ships a few hundred), nor more
daily puzzles than this (the newest: 5,000 days are 14 years)."""
MAX_NAME: Final = 42


@dataclass(slots=True)
class PuzzleProgress:
    """``solved``: the puzzles solved at least once; ``tried``: every puzzle tried; ``tries``
    and ``solves``: the tries in all and those that ended in a four; ``streak``: tries
    solved in a row up to the last (0 after a failed try), ``best_streak`` the longest;
    ``daily``: the dates (ISO) whose daily puzzle was solved."""

    solved: set[str] = field(default_factory=set)
    tried: set[str] = field(default_factory=set)
    tries: int = 0
    solves: int = 0
    streak: int = 0
    best_streak: int = 0
    daily: set[str] = field(default_factory=set)

    def first_try(self, name: str) -> bool:
        """Whether a try of puzzle ``name`` now is its first (so it is rated)."""
        return name not in self.tried

    def record(self, name: str, solved: bool, *, daily: datetime.date | None = None) -> None:
        """Count one try of puzzle ``name``; ``daily``: it was the puzzle of that day."""
        self.tries += 1
        self.tried.add(name)
        if solved:
            self.solves += 1
            self.solved.add(name)
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if daily is not None:
                self.daily.add(daily.isoformat())
                self.daily = set(_newest(self.daily))
        else:
            self.streak = 0

    def copy(self) -> PuzzleProgress:
        return PuzzleProgress(
            set(self.solved),
            set(self.tried),
            self.tries,
            self.solves,
            self.streak,
            self.best_streak,
            set(self.daily),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "solved": sorted(self.solved),
            "tried": sorted(self.tried),
            "tries": self.tries,
            "solves": self.solves,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "daily": sorted(self.daily),
        }

    @classmethod
    def from_json(cls, data: object, repairs: list[Repair]) -> PuzzleProgress:
        """The progress from the file: a part that does not read is dropped, counts are
        clamped and made consistent, the daily puzzles beyond :data:`MAX_NAMES` the
        oldest dropped; ``repairs`` names what changed."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            repairs.append(Repair(Kind.PUZZLES_DROPPED))
            return cls()
        progress = cls()
        try:
            progress.solved = _names(data.get("solved", []))
            progress.tried = _names(data.get("tried", [])) | progress.solved
            daily = {_date(item) for item in _list(data.get("daily", []), limit=None)}
            counts = {
                name: fields.count(data.get(name, 0))
                for name in ("tries", "solves", "streak", "best_streak")
            }
        except fields.Invalid:
            repairs.append(Repair(Kind.PUZZLES_DROPPED))
            return cls()
        progress.daily = set(_newest(daily))
        if len(daily) > len(progress.daily):
            dropped = len(daily) - len(progress.daily)
            repairs.append(Repair(Kind.DAILY_PUZZLES_DROPPED, count=dropped))
        progress.solves = max(counts["solves"], len(progress.solved))
        progress.tries = max(counts["tries"], progress.solves, len(progress.tried))
        progress.streak = min(counts["streak"], progress.solves)
        progress.best_streak = min(max(counts["best_streak"], progress.streak), progress.solves)
        for name in counts:
            value = getattr(progress, name)
            if name in data and fields.clamped(data[name], value):
                clamped = Repair(Kind.PUZZLE_COUNT_CLAMPED, name, old=data[name], new=value)
                repairs.append(clamped)
        return progress


MAX_DATES: Final = 100_000
"""A list of daily puzzles longer than this is damage, not 270 years of play."""


def _newest(dates: set[str]) -> list[str]:
    """The newest :data:`MAX_NAMES` of ``dates`` (ISO dates sort as the days do)."""
    return sorted(dates)[-MAX_NAMES:]


def _list(value: object, limit: int | None = MAX_NAMES) -> list[object]:
    if not isinstance(value, list) or len(value) > (MAX_DATES if limit is None else limit):
        raise fields.Invalid("not a list")
    return value


def _names(value: object) -> set[str]:
    names = set()
    for item in _list(value):
        name = fields.text(item)
        if not name or len(name) > MAX_NAME or not all(c in "1234567" for c in name):
            raise fields.Invalid("not a puzzle")
        names.add(name)
    return names


def _date(value: object) -> str:
    try:
        return datetime.date.fromisoformat(fields.text(value)).isoformat()
    except ValueError:
        raise fields.Invalid("not a date") from None


def merge(on_disk: PuzzleProgress, before: PuzzleProgress, now: PuzzleProgress) -> PuzzleProgress:
    """The progress to write when a window's went from ``before`` to ``now`` and the file
    holds ``on_disk`` (as :func:`game.profile.statistics.merge` does for games).  A window whose
    tries went down was reset: its progress replaces the file's.  Arguments are not
    changed."""
    if now.tries < before.tries:
        return now.copy()
    if now.tries == before.tries:
        return on_disk.copy()
    tried = now.tries - before.tries
    streak = on_disk.streak + tried if now.streak >= tried else now.streak
    solves = on_disk.solves + now.solves - before.solves
    return PuzzleProgress(
        on_disk.solved | now.solved,
        on_disk.tried | now.tried,
        on_disk.tries + tried,
        solves,
        streak,
        max(on_disk.best_streak, now.best_streak, streak),
        on_disk.daily | now.daily,
    )
