"""The computer player: search, exact solver, difficulty levels, worker process.

Imports :mod:`game.core` only, never pygame, and does no work at import time.  The names
below load their module when first used (PEP 562), so that ``import game.ai.levels`` or
``game.ai.protocol`` (the window's imports) loads neither the engine nor its kernel.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ai.engine import Engine
    from game.ai.levels import LEVELS, Level, custom_level, level_by_name
    from game.ai.protocol import SearchRequest, SearchResult
    from game.ai.score import Analysis, Score

_HOMES = {
    "Engine": "game.ai.engine",
    "LEVELS": "game.ai.levels",
    "Level": "game.ai.levels",
    "custom_level": "game.ai.levels",
    "level_by_name": "game.ai.levels",
    "SearchRequest": "game.ai.protocol",
    "SearchResult": "game.ai.protocol",
    "Analysis": "game.ai.score",
    "Score": "game.ai.score",
}

__all__ = [
    "LEVELS",
    "Analysis",
    "Engine",
    "Level",
    "Score",
    "SearchRequest",
    "SearchResult",
    "custom_level",
    "level_by_name",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'game.ai' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
