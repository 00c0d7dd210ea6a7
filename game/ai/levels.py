"""Difficulty levels: a name, a search depth, and a time budget.

Difficulty is search depth: the engine looks ``depth`` plies ahead and guesses
beyond that with the heuristic evaluation.  Perfect has no depth: it solves the
position exactly when it can within its time budget, and otherwise plays the
best move of the deepest search it completed.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.bitboard import CELLS

MIN_DEPTH = 1
MAX_DEPTH = CELLS

DEFAULT_PERFECT_BUDGET = 3.0
"""Seconds the Perfect level may think per move unless configured otherwise."""

CUSTOM_LEVEL = "Custom"
"""The name a saved choice gives the level of a chosen depth (see :func:`level_of`)."""


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level.

    ``depth`` is None for Perfect (exact solve).  ``time_budget`` caps a move in
    seconds; a level that reaches it plays the best move of the deepest search it
    completed, so the deeper levels may play shallower than their depth in the
    most open positions.
    """

    name: str
    depth: int | None
    time_budget: float
    blurb: str

    @property
    def label(self) -> str:
        """The name with its depth, as shown to the player: ``"Hard (depth 6)"``."""
        if self.depth is None:
            return f"{self.name} (exact)"
        return f"{self.name} (depth {self.depth})"

    @property
    def is_perfect(self) -> bool:
        return self.depth is None


LEVELS: tuple[Level, ...] = (
    Level(
        "Beginner", 1, 1.0, "Looks one move ahead: takes a win, blocks a threat, falls for traps."
    ),
    Level("Easy", 3, 1.0, "Looks three moves ahead: sees a simple trap one move before it."),
    Level("Medium", 6, 1.0, "Looks six moves ahead: sets simple traps of its own."),
    Level("Hard", 9, 1.0, "Looks nine moves ahead: plays for threats on its own rows."),
    Level("Expert", 15, 1.0, "Looks fifteen moves ahead: punishes most mistakes."),
    Level(
        "Master",
        21,
        1.0,
        "Looks up to twenty-one moves ahead within a second: to the end from move 22.",
    ),
    Level("Perfect", None, DEFAULT_PERFECT_BUDGET, "Opening book, then the exact solver."),
)
"""The depths were chosen on the strength ladder (``bench_engine.py --section ladder``);
the figures are in ``build_scripts/evaluation_tuning.md``."""

LEVEL_NAMES: frozenset[str] = frozenset(level.name for level in LEVELS)
"""The names of the levels above (a custom level's name is ``"Custom N"``)."""


def level_by_name(name: str) -> Level:
    """The level called ``name`` (case-insensitive), or ``"Custom N"`` (the name of
    :func:`custom_level`'s level of depth N); raises ValueError listing the names."""
    for level in LEVELS:
        if level.name.lower() == name.strip().lower():
            return level
    words = name.split()
    custom = len(words) == 2 and words[0].lower() == CUSTOM_LEVEL.lower()
    # ASCII digits only: "²" is a digit to str.isdigit() that int() refuses.
    if custom and words[1].isascii() and words[1].isdigit():
        return custom_level(int(words[1]))
    names = ", ".join(level.name for level in LEVELS)
    raise ValueError(f"unknown level {name!r}: choose one of {names}")


def custom_depth(name: str) -> int | None:
    """The depth of a custom level's name ("Custom 7" -> 7); None for another name."""
    words = name.split()
    if len(words) == 2 and words[0] == CUSTOM_LEVEL and words[1].isascii() and words[1].isdigit():
        return int(words[1])
    return None


def level_of(name: str, depth: int) -> Level:
    """The level called ``name``, or the custom level of ``depth`` when ``name`` is
    :data:`CUSTOM_LEVEL`; raises ValueError as :func:`level_by_name` and
    :func:`custom_level` do."""
    return custom_level(depth) if name == CUSTOM_LEVEL else level_by_name(name)


def custom_level(depth: int) -> Level:
    """A level searching exactly ``depth`` plies (1-42); raises ValueError otherwise."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not MIN_DEPTH <= depth <= MAX_DEPTH:
        raise ValueError(
            f"depth must be a whole number from {MIN_DEPTH} to {MAX_DEPTH}, not {depth!r}"
        )
    for level in LEVELS:
        if level.depth == depth:
            return level
    budget = 1.0 if depth <= 8 else 3.0
    moves = "move" if depth == 1 else "moves"
    blurb = f"Looks {depth} {moves} ahead (a move is one disc), then judges the board."
    return Level(f"Custom {depth}", depth, budget, blurb)
