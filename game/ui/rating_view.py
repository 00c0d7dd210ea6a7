"""The player's rating as the window shows it: in words (Statistics, the new-game screen)
and as a graph over time (Statistics).  Drawing reads the statistics, changes nothing."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pygame

from game.ai.levels import LEVELS
from game.i18n import gettext as _
from game.i18n import ngettext, number
from game.profile.puzzle_progress import PuzzleProgress
from game.profile.rating import RatingLog, nearest_level
from game.ui.names import level_name
from game.ui.services import Look
from game.ui.text import Ink


def summary(log: RatingLog) -> str:
    """The rating and how many results it rests on."""
    rating = number(round(log.rating))
    if not log.count:
        return _("Your rating: {rating}. Play the computer or solve puzzles to move it.").format(
            rating=rating
        )
    return ngettext(
        "Your rating: {rating}, from {count} rated game or puzzle.",
        "Your rating: {rating}, from {count} rated games or puzzles.",
        log.count,
    ).format(rating=rating, count=number(log.count))


def suggestion(log: RatingLog, ratings: Mapping[str, int] | None) -> str:
    """The level nearest the player's rating ("" without the levels' ratings)."""
    if ratings is None:
        return ""
    level = nearest_level(log.rating, ratings)
    return _("Nearest to your rating ({rating}): {level} ({level_rating}).").format(
        rating=number(round(log.rating)),
        level=level_name(level),
        level_rating=number(ratings[level]),
    )


def puzzles_line(progress: PuzzleProgress) -> str:
    return ngettext(
        "Puzzles: {solved} solved in {tries} try; streak {streak}, best {best}.",
        "Puzzles: {solved} solved in {tries} tries; streak {streak}, best {best}.",
        progress.tries,
    ).format(
        solved=number(len(progress.solved)),
        tries=number(progress.tries),
        streak=number(progress.streak),
        best=number(progress.best_streak),
    )


def ticks(low: float, high: float, most: int = 4) -> list[int]:
    """Round ratings between ``low`` and ``high`` for the graph's scale: multiples of the
    smallest of 50, 100, 200, 500 giving at most ``most`` of them."""
    for step in (50, 100, 200, 500, 1000):
        first = math.ceil(low / step) * step
        found = list(range(first, math.floor(high) + 1, step))
        if len(found) <= most:
            return found
    return []


def draw_graph(
    surface: pygame.Surface,
    look: Look,
    rect: pygame.Rect,
    log: RatingLog,
    ratings: Mapping[str, int] | None,
) -> None:
    """The rating after each result, oldest on the left, with a scale of round ratings
    on the left and the levels' ratings as faint lines named at the right (those within
    the graph's range); the latest rating is written by its point, clear of the lines."""
    points = [log.base, *(rating for _at, rating in log.history())]
    if rect.height < 40 or rect.width < 120 or len(points) < 2:
        return
    theme, text = look.theme, look.text
    size = max(12, min(18, rect.height // 8))
    low, high = min(points) - 60, max(points) + 60
    shown = {
        level.name: value
        for level in LEVELS
        if ratings is not None
        and (value := ratings.get(level.name)) is not None
        and low <= value <= high
    }
    labels = {name: f"{level_name(name)} {number(value)}" for name, value in shown.items()}
    label_w = max((text.size_of(label, size)[0] for label in labels.values()), default=0) + 8
    scale = ticks(low, high)
    scale_w = max((text.size_of(number(tick), size)[0] for tick in scale), default=0) + 10
    area = pygame.Rect(rect.x + scale_w, rect.y, rect.width - label_w - scale_w, rect.height)
    pygame.draw.rect(surface, theme.text_muted, area, 1, border_radius=4)

    def y_of(value: float) -> int:
        return round(area.bottom - 4 - (value - low) / (high - low) * (area.height - 8))

    muted = Ink(size, theme.text_muted)
    for tick in scale:
        y = y_of(tick)
        pygame.draw.line(surface, theme.text_muted, (area.x - 4, y), (area.x, y), 1)
        text.blit(surface, number(tick), muted, (area.x - 6, y), anchor="midright")
    lines = []
    for name, value in shown.items():
        y = y_of(value)
        lines.append(y)
        pygame.draw.line(surface, theme.text_muted, (area.x + 2, y), (area.right - 2, y), 1)
        text.blit(surface, labels[name], muted, (area.right + 6, y), anchor="midleft")
    step = (area.width - 8) / (len(points) - 1)
    line = [(round(area.x + 4 + i * step), y_of(value)) for i, value in enumerate(points)]
    pygame.draw.lines(surface, theme.accent, False, line, 3)
    pygame.draw.circle(surface, theme.accent, line[-1], 5)
    latest = number(round(points[-1]))
    place = latest_label(text.size_of(latest, size), line[-1], area, lines)
    text.blit(surface, latest, Ink(size, theme.text), place.topleft)


def latest_label(
    size: tuple[int, int], point: tuple[int, int], area: pygame.Rect, lines: Sequence[int]
) -> pygame.Rect:
    """Where the latest rating (its label ``size``) is written: left of its point, above
    it or below it, whichever crosses none of the levels' ``lines`` (their ys) and stays
    in ``area``."""
    width, height = size
    x, y = point
    tries = []
    for anchor, at in (("bottomright", (x - 6, y - 6)), ("topright", (x - 6, y + 6))):
        label = pygame.Rect(0, 0, width, height)
        setattr(label, anchor, at)
        tries.append(label)
    for label in tries:
        if area.contains(label) and not any(label.top <= ly <= label.bottom for ly in lines):
            return label
    return next((label for label in tries if area.contains(label)), tries[0])
