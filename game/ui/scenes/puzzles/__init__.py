"""The Puzzles screen (a package: the try, the puzzle chosen, the words, the picture)."""

from game.ui.scenes.puzzles.records import SavedPuzzles, shipped_puzzles
from game.ui.scenes.puzzles.scene import PuzzleData, PuzzleRecords, PuzzleScene

__all__ = ["PuzzleData", "PuzzleRecords", "PuzzleScene", "SavedPuzzles", "shipped_puzzles"]
