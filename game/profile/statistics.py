"""Games against the computer, counted per level: won, lost, drawn, and winning streaks;
the player's rating (:mod:`game.profile.rating`) and puzzles (:mod:`game.profile.puzzle_progress`).

Two windows may be open at once, each with the statistics it loaded.  Neither may
overwrite the other's games, so a save does not write a window's statistics as
they are: :func:`merge` adds what the window counted since it last loaded or saved
to what the file holds now (which the other window may have added to).  The
settings store does that under a file lock (:class:`game.profile.settings.SettingsStore`).

No pygame, no I/O, no work at import time.
"""

from __future__ import annotations

import dataclasses
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from game.profile import fields
from game.profile.puzzle_progress import PuzzleProgress
from game.profile.puzzle_progress import merge as merge_puzzles
from game.profile.rating import SCORES, RatingLog, merge_logs, shipped_level_ratings
from game.profile.repairs import Kind, Repair
from game.profile.saved_game import is_level_name

Result = Literal["win", "loss", "draw"]
RESULTS: tuple[Result, ...] = ("win", "loss", "draw")
ONLINE_RECORD = "online"
"""The record of the games against friends over the network, kept beside the levels'
(no level has this name) and never rated: the rating is against the levels."""


@dataclass(slots=True)
class Record:
    """Games against the computer at one level, from the player's side.

    ``streak`` is how many games in a row the player has won, up to the latest
    (0 after a loss or a draw); ``best_streak`` the most ever won in a row.
    """

    wins: int = 0
    losses: int = 0
    draws: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def add(self, result: Result) -> None:
        """Count one finished game; ``result`` is "win", "loss" or "draw" (else ValueError)."""
        if result == "win":
            self.wins += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        elif result == "loss":
            self.losses += 1
            self.streak = 0
        elif result == "draw":
            self.draws += 1
            self.streak = 0
        else:
            raise ValueError(f"a game result is 'win', 'loss' or 'draw', not {result!r}")

    def to_json(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object, repairs: list[Repair] | None = None) -> Record:
        """A record from the file: counts clamped to 0..MAX_COUNT, streaks made
        consistent with the wins; a missing count is 0 (files from before streaks
        have none).  Each count in the file that changed so is named in ``repairs``
        (without its level's name).  Raises :class:`game.profile.fields.Invalid` for a value of the
        wrong type."""
        if not isinstance(data, dict):
            raise fields.Invalid("not an object")
        counts = {f.name: fields.count(data.get(f.name, 0)) for f in dataclasses.fields(cls)}
        record = cls(**counts)
        record.streak = min(record.streak, record.wins)
        record.best_streak = min(max(record.best_streak, record.streak), record.wins)
        if repairs is not None:
            for name, value in asdict(record).items():
                if name in data and fields.clamped(data[name], value):
                    repairs.append(Repair(Kind.RECORD_CLAMPED, name, old=data[name], new=value))
        return record


@dataclass(slots=True)
class Statistics:
    """Records keyed by level name (``Level.name``, e.g. "Hard" or "Custom 7"); the
    rating's results and the puzzles' progress."""

    per_level: dict[str, Record] = field(default_factory=dict)
    rating: RatingLog = field(default_factory=RatingLog)
    puzzles: PuzzleProgress = field(default_factory=PuzzleProgress)

    def record(self, level_name: str, result: Result) -> None:
        """Count one finished game; ``result`` is "win", "loss" or "draw" (else ValueError)."""
        if result not in RESULTS:
            raise ValueError(f"a game result is 'win', 'loss' or 'draw', not {result!r}")
        self.per_level.setdefault(level_name, Record()).add(result)

    def rate(self, level_name: str, result: Result) -> bool:
        """Rate one finished game against ``level_name``, if that level has a rating
        (:func:`game.profile.rating.shipped_level_ratings`: not a custom depth); whether it had."""
        ratings = shipped_level_ratings()
        if ratings is None or level_name not in ratings:
            return False
        self.rating.add(ratings[level_name], SCORES[result], level_name)
        return True

    def reset(self, level_name: str | None = None) -> None:
        """Forget the games at ``level_name``, or at every level, the rating and the
        puzzles when it is None."""
        if level_name is None:
            self.per_level.clear()
            self.rating = RatingLog()
            self.puzzles = PuzzleProgress()
        else:
            self.per_level.pop(level_name, None)

    def copy(self) -> Statistics:
        """A deep copy (records included), e.g. to hand to the save thread."""
        return Statistics(
            {name: replace(record) for name, record in self.per_level.items()},
            self.rating.copy(),
            self.puzzles.copy(),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "per_level": {name: r.to_json() for name, r in self.per_level.items()},
            "rating": self.rating.to_json(),
            "puzzles": self.puzzles.to_json(),
        }

    @classmethod
    def from_json(cls, data: object, repairs: list[Repair]) -> Statistics:
        """Statistics from the file's "statistics" object; a bad part is dropped, a count
        out of range clamped, and ``repairs`` says which.
        Only the game's levels (:func:`game.profile.saved_game.is_level_name`: a level's
        name or a custom depth's) and the online games (:data:`ONLINE_RECORD`) are kept;
        another name is dropped and named, cut and printable.  None (no statistics yet)
        gives empty ones."""
        stats = cls()
        if data is None:
            return stats
        if isinstance(data, dict):
            stats.rating = RatingLog.from_json(data.get("rating"), repairs)
            stats.puzzles = PuzzleProgress.from_json(data.get("puzzles"), repairs)
        per_level = data.get("per_level") if isinstance(data, dict) else None
        if not isinstance(per_level, dict):
            if not (isinstance(data, dict) and "per_level" not in data):
                repairs.append(Repair(Kind.STATISTICS_DROPPED))
            return stats
        for name, counts in per_level.items():
            if name != ONLINE_RECORD and not is_level_name(name):
                repairs.append(Repair(Kind.LEVEL_DROPPED, level=name))
                continue
            changed: list[Repair] = []
            try:
                stats.per_level[name] = Record.from_json(counts, changed)
            except fields.Invalid:
                repairs.append(Repair(Kind.LEVEL_DROPPED, level=name))
            repairs.extend(replace(change, level=name) for change in changed)
        return stats


def merge(on_disk: Statistics, before: Statistics, now: Statistics) -> Statistics:
    """The statistics to write when a window's went from ``before`` (as it last loaded
    or saved them) to ``now``, and the file holds ``on_disk``.

    Per level: what the window added (its new wins, losses and draws) is added to the
    file's counts.  If all its new games were wins, the file's current streak goes on
    by that many; otherwise the window's streak is the current one (its last game
    came last).  The best streak is the largest of all three.  A level whose counts
    went down in the window, or that it dropped, was reset there: the window's record
    replaces the file's.  A level the window did not touch keeps the file's record.
    The rating's results and the puzzles merge in their own modules' ways.
    Arguments are not changed.
    """
    merged = on_disk.copy()
    merged.rating = merge_logs(on_disk.rating, before.rating, now.rating)
    merged.puzzles = merge_puzzles(on_disk.puzzles, before.puzzles, now.puzzles)
    for name in before.per_level.keys() | now.per_level.keys():
        old = before.per_level.get(name, Record())
        new = now.per_level.get(name)
        if new is None:
            merged.per_level.pop(name, None)
            continue
        if new == old:
            continue
        if new.wins < old.wins or new.losses < old.losses or new.draws < old.draws:
            merged.per_level[name] = replace(new)
            continue
        disk = merged.per_level.get(name, Record())
        played = new.games - old.games
        streak = disk.streak + played if new.streak >= played else new.streak
        merged.per_level[name] = Record(
            wins=disk.wins + new.wins - old.wins,
            losses=disk.losses + new.losses - old.losses,
            draws=disk.draws + new.draws - old.draws,
            streak=streak,
            best_streak=max(disk.best_streak, new.best_streak, streak),
        )
    return merged
