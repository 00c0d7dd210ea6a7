"""The computer player: search, exact solver, difficulty levels, worker process.

Imports :mod:`game.core` only, never pygame, and does no work at import time.
"""

from game.ai.engine import Engine
from game.ai.levels import LEVELS, Level, custom_level, level_by_name
from game.ai.requests import SearchRequest, SearchResult, describe_score

__all__ = [
    "LEVELS",
    "Engine",
    "Level",
    "SearchRequest",
    "SearchResult",
    "custom_level",
    "describe_score",
    "level_by_name",
]
