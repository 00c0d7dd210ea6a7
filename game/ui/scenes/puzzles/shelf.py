"""Which puzzle comes next: the shipped puzzles by band, the day's, the next unsolved.

No pygame here.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.ai.puzzles import Band, Puzzle, daily, in_band


@dataclass(frozen=True, slots=True)
class Shelf:
    """The puzzles, in the file's order (by band, then how long the win takes)."""

    puzzles: Sequence[Puzzle]

    def band(self, band: Band) -> tuple[Puzzle, ...]:
        return in_band(self.puzzles, band)

    def daily(self, date: datetime.date) -> Puzzle:
        return daily(self.puzzles, date)

    def place(self, puzzle: Puzzle) -> tuple[int, int]:
        """Its number in its band (from 1) and the band's count."""
        shelf = self.band(puzzle.band)
        return shelf.index(puzzle) + 1, len(shelf)

    def next_of(self, band: Band, solved: Collection[str], after: Puzzle | None = None) -> Puzzle:
        """The first puzzle of ``band`` after ``after`` (from the start when it is None or
        of another band) that is not ``solved``, round to the start; when every one is
        solved, simply the next one."""
        shelf = self.band(band)
        if not shelf:
            raise ValueError(f"no {band.value} puzzles")
        start = shelf.index(after) + 1 if after in shelf else 0
        order = [shelf[(start + offset) % len(shelf)] for offset in range(len(shelf))]
        return next((p for p in order if p.moves not in solved), order[0])
