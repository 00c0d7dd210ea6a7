"""Where the Puzzles screen keeps its tries: the window's statistics (the puzzles'
progress and the rating live there, :class:`game.profile.statistics.Statistics`), saved with
every try; and the shipped puzzles, read once."""

from __future__ import annotations

import datetime
import functools
import logging
from typing import TYPE_CHECKING, Protocol

from game import resources
from game.ai.puzzles import PUZZLE_FILE, Puzzle, PuzzleError, load

if TYPE_CHECKING:
    from game.profile.preferences import Settings
    from game.profile.statistics import Statistics

log = logging.getLogger(__name__)


class Keeping(Protocol):
    """What the window keeps of the player's records (:class:`game.ui.saver.Saver`)."""

    @property
    def stats(self) -> Statistics: ...

    @property
    def settings(self) -> Settings: ...

    def all_statistics(self) -> Statistics: ...

    def save(self) -> None:
        """Save the settings and statistics (in the background)."""


class SavedPuzzles:
    """The player's puzzle records, kept in the window's statistics."""

    def __init__(self, keeping: Keeping) -> None:
        self._keeping = keeping

    def all_statistics(self) -> Statistics:
        return self._keeping.all_statistics()

    @property
    def band(self) -> str:
        """The band the player chose last (a value of :class:`game.ai.puzzles.Band`)."""
        return self._keeping.settings.puzzle_band

    def choose_band(self, band: str) -> None:
        """Keep ``band`` as the one the screen opens on next time."""
        if self._keeping.settings.puzzle_band != band:
            self._keeping.settings.puzzle_band = band
            self._keeping.save()

    def record_puzzle(
        self, name: str, solved: bool, *, daily: datetime.date | None, opponent: int | None
    ) -> None:
        stats = self._keeping.stats
        stats.puzzles.record(name, solved, daily=daily)
        if opponent is not None:
            stats.rating.add(opponent, 1.0 if solved else 0.0, "puzzle")
        self._keeping.save()


@functools.cache
def shipped_puzzles() -> tuple[Puzzle, ...] | None:
    """The game's puzzles (``assets/puzzles.bin``), read once; None (and a line in the
    log) when the file is missing or damaged."""
    try:
        return load(resources.asset_path(PUZZLE_FILE))
    except (PuzzleError, resources.MissingAssetError) as error:
        log.warning("no puzzles: %s", error)
        return None
