"""The Review screen's side panel, top to bottom: the title, the move list (a row per
pair of moves, each move with its mark), the shown move in words (its verdict, why a
mistake or a blunder loses, the best value and the one played, the best column), how
far the review is, the keys, the buttons.

:func:`move_cells` says where each move of the list is, for drawing and for clicks alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game.ai.judge import MoveReview, MoveVerdict
from game.ui.scenes.review import texts
from game.ui.scenes.review.graph import verdict_colours
from game.ui.scenes.review.layout import ReviewLayout
from game.ui.scenes.review.record import ReviewRecord
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.themes import Colour
from game.ui.widgets import ItemList, draw_items, draw_panel

MORE_ABOVE, MORE_BELOW = "\u25b2", "\u25bc"
"""The marks of moves hidden above and below the list."""


def visible_rows(rect: pygame.Rect, length: int, shown: int, row_h: int) -> range:
    """The rows of the list on screen (a row per pair of moves, from 0): all of them, or
    those around the shown move's when they do not all fit in ``rect``."""
    rows = (length + 1) // 2
    visible = max(1, rect.height // row_h)
    current = max(0, (shown - 1) // 2)
    first = min(max(0, current - visible // 2), max(0, rows - visible))
    return range(first, min(rows, first + visible))


def move_cells(rect: pygame.Rect, length: int, shown: int, row_h: int) -> dict[int, pygame.Rect]:
    """Where each visible move of the list is (by its number, from 1): a row per pair,
    the rows around the shown move's when they do not all fit in ``rect``."""
    on_screen = visible_rows(rect, length, shown, row_h)
    first = on_screen.start
    label = rect.width // 5
    cell = (rect.width - label) // 2
    cells = {}
    for row in on_screen:
        y = rect.y + (row - first) * row_h
        for side in (0, 1):
            number = 2 * row + side + 1
            if number <= length:
                cells[number] = pygame.Rect(rect.x + label + side * cell, y, cell, row_h)
    return cells


def footer_top(look: Look, layout: ReviewLayout, help_words: str | None = None) -> int:
    """Where the keys' help (``help_words``; the review's by default) begins, above the
    buttons (the notices stand on it)."""
    text, pad, tiny = look.text, layout.pad, layout.type.tiny
    words = texts.keys_help() if help_words is None else help_words
    keys = text.wrap(words, tiny, layout.panel.width - 2 * pad)
    top_button = min(r.top for r in layout.buttons.values())
    return top_button - pad // 2 - len(keys) * text.line_step(tiny)


def small_size(layout: ReviewLayout) -> int:
    """The panel's small text size (the move list, the sentences)."""
    return layout.type.small


def row_height(look: Look, layout: ReviewLayout) -> int:
    """The height of a row of the move list."""
    return look.text.line_step(small_size(layout), 1.2)


MIN_LIST_ROWS = 1
"""The move list keeps at least this many rows (the shown move's) when the sentences
below it need room: at 640x480 the text is at its smallest readable size already, and
the sentences (the verdict, why, best against played) teach more than the rows around
the move (the list still scrolls with the keys)."""


def panel_lines(record: ReviewRecord, panel: PanelPicture, look: Look) -> list[tuple[str, Colour]]:
    """The sentences under the move list, each with its colour: the shown move's, or
    while mistakes are replayed the replay's (its first line a heading, the task or the
    answer in the accent)."""
    if panel.replay is None:
        return _describe(record, panel.names, look)
    theme = look.theme
    return [
        (words, theme.accent if index == 2 else theme.text)
        for index, words in enumerate(panel.replay)
    ]


REPLAY_SETTLED = 4
"""A replay shows this many sentences or more once its try is settled (the heading, the
task, the answer or the fix, and why the game's move lost)."""


def shown_lines(
    look: Look, layout: ReviewLayout, record: ReviewRecord, panel: PanelPicture
) -> list[tuple[str, Colour]]:
    """The sentences the panel shows (:func:`panel_lines`), less the replay's task once
    it is settled (its answer and why follow, naming the columns) when they would not all
    fit beside a list of :data:`MIN_LIST_ROWS` rows: in the smallest window a long reason
    and the last line then stay."""
    lines = panel_lines(record, panel, look)
    if panel.replay is None or len(lines) < REPLAY_SETTLED:
        return lines
    text, small = look.text, small_size(layout)
    width = layout.panel.width - 2 * layout.pad
    needed = sum(len(text.wrap(w, small, width)) * text.line_step(small) for w, _ in lines)
    shortest = layout.moves.height - min(
        layout.moves.height, MIN_LIST_ROWS * row_height(look, layout)
    )
    top_button = min(r.top for r in layout.buttons.values())
    room = top_button - layout.pad - (layout.moves.bottom - shortest + layout.pad // 2)
    return lines if needed <= room else [lines[0], *lines[2:]]


def list_rect(
    look: Look, layout: ReviewLayout, record: ReviewRecord, panel: PanelPicture
) -> pygame.Rect:
    """Where the move list goes: the layout's place, shorter (down to
    :data:`MIN_LIST_ROWS` rows) when the sentences under it need the room (a small
    window, a long language), for drawing and for clicks alike."""
    text, pad, small = look.text, layout.pad, small_size(layout)
    rect = layout.moves
    width = layout.panel.width - 2 * pad
    needed = sum(
        len(text.wrap(words, small, width)) * text.line_step(small)
        for words, _colour in shown_lines(look, layout, record, panel)
    )
    top_button = min(r.top for r in layout.buttons.values())
    room = top_button - pad - (rect.bottom + pad // 2)
    if needed <= room:
        return rect
    row_h = row_height(look, layout)
    height = max(min(rect.height, MIN_LIST_ROWS * row_h), rect.height - (needed - room))
    return pygame.Rect(rect.x, rect.y, rect.width, height)


@dataclass(frozen=True, slots=True)
class PanelPicture:
    """What the panel shows besides the record: the sides' ``names`` (first, second),
    the ``buttons``, the ``status`` lines (progress, notes); while the player's mistakes
    are replayed, the ``replay``'s sentences instead of the shown move's; ``enter_presses``:
    whether Enter presses the focused button now (then its focus is marked)."""

    names: tuple[str, str]
    buttons: ItemList
    status: tuple[str, ...]
    replay: tuple[str, ...] | None = None
    enter_presses: bool = True


def draw_side_panel(
    surface: pygame.Surface,
    look: Look,
    layout: ReviewLayout,
    record: ReviewRecord,
    panel: PanelPicture,
) -> None:
    theme, text = look.theme, look.text
    draw_panel(surface, layout.panel, theme, radius=max(6, round(12 * layout.scale)))
    pad = layout.pad
    small = small_size(layout)
    x, width = layout.panel.x + pad, layout.panel.width - 2 * pad
    top_button = min(r.top for r in layout.buttons.values())
    with text.within(layout.panel):
        heading = layout.type.heading
        text.blit_fitted(
            surface,
            texts.title(),
            Ink(heading, theme.accent),
            pygame.Rect(x, layout.panel.y + pad, width, heading),
            anchor="topleft",
        )
        moves = list_rect(look, layout, record, panel)
        _move_list(surface, look, layout, record, moves)
        y = moves.bottom + pad // 2
        for words, colour in shown_lines(look, layout, record, panel):
            lines = text.wrap(words, small, width)
            if y + len(lines) * text.line_step(small) > top_button - pad:
                break
            y = text.blit_lines(surface, lines, Ink(small, colour), (x, y))
        tiny = layout.type.tiny
        help_words = texts.keys_help() if panel.replay is None else texts.replay_keys()
        keys = text.wrap(help_words, tiny, width)
        keys_top = footer_top(look, layout, help_words)
        if keys_top > y:
            text.blit_lines(surface, keys, Ink(tiny, theme.text_muted), (x, keys_top))
            y_status = keys_top - pad // 2
            for line in reversed(panel.status):
                wrapped = text.wrap(line, tiny, width)
                y_status -= len(wrapped) * text.line_step(tiny)
                if y_status < y:
                    break
                text.blit_lines(surface, wrapped, Ink(tiny, theme.text_muted), (x, y_status))
    shown = panel.enter_presses or panel.buttons.hovered is not None
    draw_items(surface, panel.buttons, layout.buttons, look, show_focus=shown)


def _move_list(
    surface: pygame.Surface,
    look: Look,
    layout: ReviewLayout,
    record: ReviewRecord,
    rect: pygame.Rect,
) -> None:
    """Each move in ``rect``: its column and mark, the shown one highlighted, the moves of
    the start position dimmed."""
    theme, text = look.theme, look.text
    size, row_h = small_size(layout), row_height(look, layout)
    cells = move_cells(rect, record.length, record.shown, row_h)
    colours = verdict_colours(look)
    for number, cell in cells.items():
        if number % 2:
            label = pygame.Rect(rect.x, cell.y, cell.x - rect.x, row_h)
            text.blit_fitted(
                surface,
                f"{(number + 1) // 2}.",
                Ink(size, theme.text_muted),
                label,
                anchor="midleft",
            )
        if number == record.shown:
            pygame.draw.rect(surface, theme.button_focus, cell, border_radius=4)
        review = record.reviews[number - 1]
        given = number <= record.game.start
        colour: Colour = theme.text_muted if given else theme.text
        words = str(record.board.history[number - 1] + 1)
        if review is not None and not given:
            words = f"{words} {texts.mark(review)}"
            colour = colours[review.verdict] if number != record.shown else theme.button_text
        text.blit_fitted(surface, words, Ink(size, colour), cell.inflate(-6, 0), anchor="midleft")
    _more_marks(surface, look, layout, record, rect)  # last: over the shown move's mark


def _more_marks(
    surface: pygame.Surface,
    look: Look,
    layout: ReviewLayout,
    record: ReviewRecord,
    rect: pygame.Rect,
) -> None:
    """An arrow at the right end of the first row of ``rect`` when moves are hidden
    above, of the last row when some are below (the wheel, the arrow keys or the graph
    bring them)."""
    size, row_h = small_size(layout), row_height(look, layout)
    on_screen = visible_rows(rect, record.length, record.shown, row_h)
    ink = Ink(size, look.theme.text_muted)
    right = rect.right
    if on_screen.stop < (record.length + 1) // 2:
        y = rect.y + (len(on_screen) - 1) * row_h
        below = look.text.blit(surface, MORE_BELOW, ink, (right, y), anchor="topright")
        if len(on_screen) == 1:  # one row: both arrows on it, side by side
            right = below.left - 2
    if on_screen.start > 0:
        look.text.blit(surface, MORE_ABOVE, ink, (right, rect.y), anchor="topright")


def _describe(record: ReviewRecord, names: tuple[str, str], look: Look) -> list[tuple[str, Colour]]:
    """The shown move in sentences, each with its colour."""
    theme = look.theme
    if record.shown == 0:
        return [(texts.start_position(), theme.text)]
    if record.shown <= record.game.start:
        return [(texts.given_move(), theme.text_muted)]
    review = record.move
    if review is None:
        return [(texts.waiting(), theme.text_muted)]
    lines = _judged(review, names, verdict_colours(look), theme.text)
    reason = texts.reason_sentence(review, record.game, theme.colour_names)
    if reason is not None:  # why it loses: right under the verdict
        lines.insert(2, (reason, theme.text))
    return lines


def _judged(
    review: MoveReview, names: tuple[str, str], colours: Mapping[MoveVerdict, Colour], plain: Colour
) -> list[tuple[str, Colour]]:
    lines = [
        (texts.move_heading(review, names[int(review.mover)]), plain),
        (texts.verdict_sentence(review), colours[review.verdict]),
        (texts.values_line(review), plain),
    ]
    if review.verdict.shows_line and review.best_column is not None and review.line:
        lines.append((texts.best_line(review.best_column), plain))
    return lines
