"""The player's rating as the window shows it: in words (Statistics, the new-game screen)
and as a graph over time (Statistics).  Drawing reads the statistics, changes nothing."""

from __future__ import annotations

from collections.abc import Mapping

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
        "Your rating: {rating}, from {count} rated games and puzzles.",
        log.count,
    ).format(rating=rating, count=number(log.count))


def suggestion(log: RatingLog, ratings: Mapping[str, int] | None) -> str:
    """The level nearest the player's rating ("" without the levels' ratings)."""
    if ratings is None:
        return ""
    level = nearest_level(log.rating, ratings)
    return _("Nearest your rating ({rating}): {level} ({level_rating}).").format(
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


def draw_graph(
    surface: pygame.Surface,
    look: Look,
    rect: pygame.Rect,
    log: RatingLog,
    ratings: Mapping[str, int] | None,
) -> None:
    """The rating after each result, oldest on the left, over the levels' ratings as
    faint lines named at the right (those within the graph's range)."""
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
    area = pygame.Rect(rect.x, rect.y, rect.width - label_w, rect.height)
    pygame.draw.rect(surface, theme.text_muted, area, 1, border_radius=4)

    def y_of(value: float) -> int:
        return round(area.bottom - 4 - (value - low) / (high - low) * (area.height - 8))

    for level in LEVELS:
        value = None if ratings is None else ratings.get(level.name)
        if value is None or not low <= value <= high:
            continue
        y = y_of(value)
        pygame.draw.line(surface, theme.text_muted, (area.x + 2, y), (area.right - 2, y), 1)
        label = f"{level_name(level.name)} {number(value)}"
        text.blit(
            surface, label, Ink(size, theme.text_muted), (area.right + 6, y), anchor="midleft"
        )
    step = (area.width - 8) / (len(points) - 1)
    line = [(round(area.x + 4 + i * step), y_of(value)) for i, value in enumerate(points)]
    pygame.draw.lines(surface, theme.accent, False, line, 3)
    pygame.draw.circle(surface, theme.accent, line[-1], 5)
    latest = number(round(points[-1]))
    text.blit(
        surface,
        latest,
        Ink(size, theme.text),
        (line[-1][0] - 6, line[-1][1] - 6),
        anchor="bottomright",
    )
