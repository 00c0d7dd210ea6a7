"""The value graph: the value of every position along the game from the first player's
side, a win above the middle line, a draw on it, a loss below; each move's mark where it
was played, the position shown as a bar.

Faster wins stand higher, but every win stands clearly above the line: a proven result
takes :data:`RESULT_SHARE` of the half-height before its length adds the rest.  A value
that is an estimate is drawn hollow.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.ai.judge import MoveVerdict, PositionValue, point
from game.ai.score import MAX_SCORE
from game.profile.choices import DiscColour
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.themes import Colour

RESULT_SHARE = 0.35
"""The share of the half-height any proven win (or loss) stands off the line."""


@dataclass(frozen=True, slots=True)
class GraphData:
    """What the graph shows: the positions' ``values`` (by ply), the game's ``length``,
    the ``shown`` position, each judged move's ``marks`` (ply, verdict, certain), the
    sides' disc ``colours`` (first, second) and the word for a draw."""

    values: Mapping[int, PositionValue]
    length: int
    shown: int
    marks: list[tuple[int, MoveVerdict, bool]]
    colours: tuple[DiscColour, DiscColour]
    draw_word: str


def height_of(value: PositionValue) -> float:
    """Where a position's value stands, from -1 (the first player loses at once) to 1
    (it wins at once), 0 for a draw; from the first player's side."""
    score = point(value.score)
    if value.ply % 2:
        score = -score
    if score == 0:
        return 0.0
    share = RESULT_SHARE + (1 - RESULT_SHARE) * min(abs(score), MAX_SCORE) / MAX_SCORE
    return share if score > 0 else -share


def disc_radius(rect: pygame.Rect) -> int:
    """The radius of the sides' discs in the graph's left corners."""
    return max(5, rect.height // 14)


def label_size(rect: pygame.Rect) -> int:
    """The size of the draw's word on the middle line: the discs' height, about."""
    return max(12, round(disc_radius(rect) * 1.6))


def plot_area(rect: pygame.Rect) -> pygame.Rect:
    """Where the positions stand: right of the sides' discs (the first position's bar
    never covers them), with a margin on the right."""
    left = 2 * disc_radius(rect) + 12
    return pygame.Rect(rect.x + left, rect.y, max(1, rect.width - left - 8), rect.height)


def x_of(rect: pygame.Rect, ply: int, length: int) -> int:
    """The x of the position after ``ply`` moves of a game of ``length`` moves."""
    inner = plot_area(rect)
    return inner.x + round(inner.width * ply / max(1, length))


def ply_at(rect: pygame.Rect, x: int, length: int) -> int:
    """The position whose x is nearest ``x``."""
    inner = plot_area(rect)
    ply = round((x - inner.x) * max(1, length) / max(1, inner.width))
    return min(max(ply, 0), length)


def y_of(rect: pygame.Rect, height: float) -> int:
    half = (rect.height - 12) / 2
    return round(rect.centery - height * half)


def verdict_colours(look: Look) -> Mapping[MoveVerdict, Colour]:
    theme = look.theme
    return {
        MoveVerdict.BEST: theme.score_win,
        MoveVerdict.INACCURACY: theme.score_draw,
        MoveVerdict.MISTAKE: theme.accent,
        MoveVerdict.BLUNDER: theme.score_loss,
    }


def draw_graph(
    surface: pygame.Surface,
    look: Look,
    rect: pygame.Rect,
    graph: GraphData,
) -> None:
    """The graph of ``graph`` in ``rect``."""
    theme = look.theme
    pygame.draw.rect(surface, theme.panel, rect, border_radius=8)
    pygame.draw.rect(surface, theme.panel_edge, rect, 1, border_radius=8)
    middle = y_of(rect, 0.0)
    pygame.draw.line(surface, theme.text_muted, (rect.x + 4, middle), (rect.right - 4, middle))
    shown_x = x_of(rect, graph.shown, graph.length)
    pygame.draw.line(surface, theme.accent, (shown_x, rect.y + 3), (shown_x, rect.bottom - 3), 2)
    _sides(surface, look, rect, graph)
    points = [
        (x_of(rect, ply, graph.length), y_of(rect, height_of(value)), value.score.is_exact)
        for ply, value in sorted(graph.values.items())
    ]
    for (x1, y1, _), (x2, y2, _) in itertools.pairwise(points):
        pygame.draw.line(surface, theme.text, (x1, y1), (x2, y2), 2)
    radius = max(3, rect.height // 40)
    colours = verdict_colours(look)
    for ply, verdict, certain in graph.marks:
        value = graph.values.get(ply)
        if value is None:
            continue
        x, y = x_of(rect, ply, graph.length), y_of(rect, height_of(value))
        big = radius + (2 if verdict.shows_line else 0)
        pygame.draw.circle(surface, colours[verdict], (x, y), big, 0 if certain else 2)
    for x, y, exact in points:
        if not exact:
            pygame.draw.circle(surface, theme.text_muted, (x, y), radius, 1)
    # The draw's word last, on the panel's colour: the curve may run through its place.
    curve = [(x, y) for x, y, _exact in points]
    label = draw_label_rect(look, rect, graph.draw_word, shown_x, curve)
    pygame.draw.rect(surface, theme.panel, label.inflate(6, 2), border_radius=3)
    look.text.blit(surface, graph.draw_word, Ink(label_size(rect), theme.text_muted), label.topleft)


def draw_label_rect(
    look: Look,
    rect: pygame.Rect,
    word: str,
    shown_x: int,
    curve: Sequence[tuple[int, int]] = (),
) -> pygame.Rect:
    """Where the draw's word stands by the middle line: at its right end or its left,
    else anywhere along it (from the right, half a word's width at a time), above the
    line or below, the first place that neither the shown position's bar nor the
    ``curve`` (its points, joined in order) crosses; else the first the bar does not
    cross."""
    size = label_size(rect)
    width, height = look.text.size_of(word, size)
    middle, inner = y_of(rect, 0.0), plot_area(rect)
    right, left = rect.right - 6 - width, inner.x + 6
    along = range(right - max(1, width // 2), left, -max(1, width // 2))
    places = [
        pygame.Rect(x, y, width, height)
        for x in (right, left, *along)
        for y in (middle - 2 - height, middle + 3)
    ]
    clear_of_the_bar = [
        place
        for place in places
        if not place.inflate(8, 0).left <= shown_x <= place.inflate(8, 0).right
    ]
    for place in clear_of_the_bar:
        room = place.inflate(10, 6)  # the curve's marks are a few pixels wide
        if not any(room.clipline(a, b) for a, b in itertools.pairwise(curve)) and not any(
            room.collidepoint(point) for point in curve
        ):
            return place
    return clear_of_the_bar[0] if clear_of_the_bar else places[0]


def _sides(surface: pygame.Surface, look: Look, rect: pygame.Rect, graph: GraphData) -> None:
    """The first player's disc at the top (its wins), the second's at the bottom."""
    renderer, theme = look.renderer, look.theme
    r = disc_radius(rect)
    renderer.draw_disc(surface, (rect.x + r + 4, rect.y + r + 4), r, graph.colours[0], theme)
    bottom = (rect.x + r + 4, rect.bottom - r - 4)
    renderer.draw_disc(surface, bottom, r, graph.colours[1], theme)
