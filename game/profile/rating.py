"""The player's rating: an Elo rating on the levels' scale, moved by every rated game and
puzzle, with its history for a graph.

**The scale.** The levels' ratings come from the strength ladder's games (each level
against the one below it), fitted by ``build_scripts/engine_ladder.py`` with Beginner
fixed at 1000, and shipped in ``assets/level_ratings.json``.  A player's expected score
against an opponent rated ``d`` points higher is ``1 / (1 + 10 ** (d / 400))``.

**The update** is Elo's: ``rating + K * (score - expected)``, where ``K`` falls from 80 for
a new player to :data:`K_FLOOR` after 15 rated results (``800 / (results + 10)``, the
shape of the US Chess Federation's provisional factor), so a newcomer finds their level in
a dozen games and a settled rating moves by a few points.  Every opponent here has a fixed
rating (a level, or a puzzle counted as the weakest level whose search reaches its
winning disc: :func:`puzzle_opponent`), and only the player is rated, which is where a
few lines of Elo serve better than a library: Glicko-2 and OpenSkill estimate every
player of a pool at once, in rating periods, and their extra state (deviation,
volatility, sigma) buys nothing against opponents who never change.

**The log.** The rating is not stored as a number but replayed from its results
(:class:`RatingLog`), each with a unique id: two windows that both added results merge
by taking both sets (:func:`merge_logs`), as the statistics do.  Past
:data:`MAX_RESULTS` the oldest results are folded into the log's starting point.

No pygame, no work at import time; the one file read is the levels' ratings, once, when
first asked for (:func:`shipped_level_ratings`).
"""

from __future__ import annotations

import functools
import json
import logging
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, Final

from game import resources
from game.ai.levels import LEVELS
from game.profile import fields
from game.profile.repairs import Kind, Repair

log = logging.getLogger(__name__)

ELO_SCALE: Final = 400.0
START_RATING: Final = 1200.0
"""A new player's rating: between Beginner (1000) and Easy, the levels a newcomer meets."""
MAX_RESULTS: Final = 400
"""Results kept one by one (for the graph); older ones are folded into the start."""
LEVEL_RATINGS_FILE: Final = "level_ratings.json"
"""The levels' ratings, relative to the assets folder."""
RATINGS_FORMAT: Final = 1
LOWEST, HIGHEST = 0.0, 4000.0
"""No rating read from a file is outside these."""

SCORES: Final = {"win": 1.0, "draw": 0.5, "loss": 0.0}
"""A game's result as a score."""


def expected(rating: float, opponent: float) -> float:
    """The score ``rating`` is expected to make against ``opponent`` (0 to 1)."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / ELO_SCALE))


K_FLOOR: Final = 32.0
K_SCALE: Final = 800.0
K_OFFSET: Final = 10
"""K is ``K_SCALE / (results + K_OFFSET)``, 80 for a new player, and never under
:data:`K_FLOOR` (after 15 rated results)."""


def k_factor(results: int) -> float:
    """How far one result moves a rating after ``results`` rated results."""
    return max(K_FLOOR, K_SCALE / (results + K_OFFSET))


def updated(rating: float, results: int, opponent: float, score: float) -> float:
    """The rating after scoring ``score`` (1 a win, 0.5 a draw, 0 a loss) against
    ``opponent``, with ``results`` rated results before it."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is from 0 to 1, not {score}")
    return rating + k_factor(results) * (score - expected(rating, opponent))


# -- the levels' ratings --------------------------------------------------------------


class RatingsError(Exception):
    """The levels' ratings file is missing or damaged; the message says how."""


def read_level_ratings(text: str) -> dict[str, int]:
    """The levels' ratings from the file's text (level name to rating, every level);
    raises RatingsError saying what is wrong."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RatingsError(f"the levels' ratings are not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != RATINGS_FORMAT:
        raise RatingsError(f"the levels' ratings are not of format {RATINGS_FORMAT}")
    ratings = data.get("ratings")
    if not isinstance(ratings, dict):
        raise RatingsError("the levels' ratings file has no ratings")
    found: dict[str, int] = {}
    for level in LEVELS:
        value = ratings.get(level.name)
        if isinstance(value, bool) or not isinstance(value, int) or not LOWEST <= value <= HIGHEST:
            raise RatingsError(f"the levels' ratings have no rating for {level.name}")
        found[level.name] = value
    return found


@functools.cache
def shipped_level_ratings() -> Mapping[str, int] | None:
    """The game's levels' ratings (``assets/level_ratings.json``), read once; None (and
    a line in the log) when the file is missing or damaged: then nothing is rated."""
    try:
        text = resources.asset_path(LEVEL_RATINGS_FILE).read_text(encoding="utf-8")
        return MappingProxyType(read_level_ratings(text))
    except (OSError, UnicodeDecodeError, RatingsError) as error:
        log.warning("no level ratings: %s", error)
        return None


def puzzle_opponent(wins_in: int, ratings: Mapping[str, int]) -> int:
    """The rating a puzzle counts as: the weakest level whose search reaches the winning
    disc (a win with the ``wins_in``-th own disc is ``2 * wins_in - 1`` plies deep), or
    Perfect when no depth level's does."""
    plies = 2 * wins_in - 1
    for level in LEVELS:
        if level.depth is None or level.depth >= plies:
            return ratings[level.name]
    return ratings[LEVELS[-1].name]


def nearest_level(rating: float, ratings: Mapping[str, int]) -> str:
    """The name of the level whose rating is nearest ``rating`` (the weaker on a tie)."""
    if not ratings:
        raise ValueError("no levels to choose from")
    return min(ratings, key=lambda name: (abs(ratings[name] - rating), ratings[name]))


# -- the player's results -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatedResult:
    """One rated game or puzzle: when (UTC, ISO 8601 to the second), the opponent's
    rating, the score (1, 0.5 or 0), what it was against (a level's name, or
    ``"puzzle"``), and an id that tells it apart from every other window's results."""

    at: str
    opponent: int
    score: float
    against: str
    id: str

    def to_json(self) -> list[Any]:
        return [self.at, self.opponent, self.score, self.against, self.id]

    @classmethod
    def from_json(cls, data: object) -> RatedResult:
        """Raises :class:`game.profile.fields.Invalid` for anything but a result as written."""
        if not isinstance(data, list) or len(data) != 5:
            raise fields.Invalid("not a result")
        at, opponent, score, against, ident = data
        at, against, ident = fields.text(at), fields.text(against), fields.text(ident)
        try:
            datetime.fromisoformat(at)
        except ValueError:
            raise fields.Invalid("not a time") from None
        score = fields.number(score)
        if score not in SCORES.values():
            raise fields.Invalid("not a score")
        opponent = fields.int_in(int(LOWEST), int(HIGHEST))(opponent)
        return cls(at, opponent, score, against[:40], ident[:32])


def now_stamp() -> str:
    """The time now, as results keep it."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _result_id() -> str:
    """A new result's id: 12 random hex digits (``os.urandom``, as ``secrets`` would use:
    importing ``secrets`` loads ``hashlib`` and ``hmac`` before the first frame)."""
    return os.urandom(6).hex()


@dataclass(slots=True)
class RatingLog:
    """The player's rated results, oldest first, after ``base_count`` results folded into
    the starting rating ``base``."""

    base: float = START_RATING
    base_count: int = 0
    results: list[RatedResult] = field(default_factory=list)

    def add(self, opponent: int, score: float, against: str, *, at: str | None = None) -> float:
        """Count one rated result; the rating after it."""
        result = RatedResult(at or now_stamp(), int(opponent), score, against, _result_id())
        self.results.append(result)
        return self.rating

    def history(self) -> list[tuple[str, float]]:
        """The rating after each kept result, oldest first, with its time."""
        rating, count = self.base, self.base_count
        points = []
        for result in self.results:
            rating = updated(rating, count, result.opponent, result.score)
            count += 1
            points.append((result.at, rating))
        return points

    @property
    def rating(self) -> float:
        history = self.history()
        return history[-1][1] if history else self.base

    @property
    def count(self) -> int:
        """How many rated results in all."""
        return self.base_count + len(self.results)

    def copy(self) -> RatingLog:
        return RatingLog(self.base, self.base_count, list(self.results))

    def folded(self) -> RatingLog:
        """The same rating with at most :data:`MAX_RESULTS` results kept."""
        extra = len(self.results) - MAX_RESULTS
        if extra <= 0:
            return self.copy()
        start = RatingLog(self.base, self.base_count, self.results[:extra])
        return RatingLog(start.rating, start.count, self.results[extra:])

    def to_json(self) -> dict[str, Any]:
        return {
            "base": round(self.base, 3),
            "base_count": self.base_count,
            "results": [result.to_json() for result in self.results],
        }

    @classmethod
    def from_json(cls, data: object, repairs: list[Repair]) -> RatingLog:
        """The log from the file; a result that does not read is dropped, and ``repairs``
        says how many were."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            repairs.append(Repair(Kind.RATING_DROPPED))
            return cls()
        try:
            base = fields.float_in(LOWEST, HIGHEST)(data.get("base", START_RATING))
            base_count = fields.count(data.get("base_count", 0))
        except fields.Invalid:
            repairs.append(Repair(Kind.RATING_DROPPED))
            return cls()
        results, dropped = [], 0
        raw = data.get("results", [])
        for item in raw if isinstance(raw, list) else []:
            try:
                results.append(RatedResult.from_json(item))
            except fields.Invalid:
                dropped += 1
        if dropped or not isinstance(raw, list):
            repairs.append(Repair(Kind.RATING_RESULTS_DROPPED, count=dropped))  # 0: all
        return cls(base, base_count, results)


def _order(result: RatedResult) -> str:
    """Results sort by time; a sort keeps the order of those of the same second."""
    return result.at


def merge_logs(on_disk: RatingLog, before: RatingLog, now: RatingLog) -> RatingLog:
    """The log to write when a window's went from ``before`` (as it last loaded or saved
    it) to ``now``, and the file holds ``on_disk``: the file's results and the window's
    new ones, in time order.  A window whose log lost results was reset: its log
    replaces the file's.  Arguments are not changed."""
    known = {result.id for result in before.results}
    kept = {result.id for result in now.results}
    if known - kept or now.base_count < before.base_count:
        return now.folded()
    on_file = {result.id for result in on_disk.results}
    added = [r for r in now.results if r.id not in known and r.id not in on_file]
    merged = RatingLog(on_disk.base, on_disk.base_count, [*on_disk.results, *added])
    merged.results.sort(key=_order)
    return merged.folded()
