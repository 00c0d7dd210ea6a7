"""What every screen has: events in, time passing, a picture out.

A scene's :meth:`~Scene.draw` only reads its state (caches of rendered pieces
aside): the same state draws the same picture, however often it is drawn.
A scene never sees the application: it gets a :class:`SceneHost` (what every screen
draws with, the window's size, sounds and notices) and, from
:mod:`game.ui.navigation`, only the other services it uses (:mod:`game.ui.services`).
It moves to another screen by returning a transition from :meth:`~Scene.handle_event`
(:mod:`game.ui.scenes.stack`); the navigator keeps the scenes on a stack (a pause
menu sits over the game it pauses).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core import WIDTH, Board, Player
from game.profile.choices import DiscColour
from game.ui.board_view import BoardGeometry
from game.ui.layout import TypeScale, metrics
from game.ui.notices import MAX_NOTICES, NoticePlace
from game.ui.scenes.stack import Go, Transition
from game.ui.services import Look
from game.ui.text import Ink
from game.ui.widgets import ActionKind, ItemList, column_layout, draw_items

if TYPE_CHECKING:
    from game.ui.sounds import SoundBank


class SceneHost(Look, Protocol):
    """What every scene may use of the window: its look (theme, text, board pieces,
    background), its size, the sounds and the notices.  A scene that needs more is
    given it on its own (:mod:`game.ui.services`)."""

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    @property
    def sounds(self) -> SoundBank: ...

    def notify(self, text: str, *, seconds: float = ..., topic: str | None = ...) -> None:
        """Show ``text`` for a few seconds at the bottom of the window; it replaces the
        notice on the same ``topic``."""

    def withdraw(self, topic: str) -> None:
        """Take the notice on ``topic`` away, when what it says no longer holds."""


class Scene:
    """One screen.  The host calls :meth:`handle_event` for each event, then
    :meth:`update` once per frame, then :meth:`draw`, all only while the scene is
    on top.  The computer player's replies reach the scene that asked whether it is
    on top or not (through its :class:`game.ui.requests.Requests`), until it closes."""

    typing = False
    """Whether the scene takes typed text now: the window's own letter keys (M mutes)
    are then letters."""

    def __init__(self, host: SceneHost) -> None:
        self.host = host

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        """React to one input event; return where to go next, if anywhere."""
        return None

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds (animations, timers).  ``dt`` is a frame's time while
        the scene animates, and may be many seconds after it waited for an event."""

    def next_frame_in(self) -> float | None:
        """When the picture next changes by itself, in seconds from now: 0.0
        (:data:`game.ui.pacing.EVERY_FRAME`) while something moves, the seconds until a
        timer is due, or None when nothing changes until an event or a reply comes.  The
        window draws only then (:mod:`game.ui.pacing`), so a scene whose picture moves
        with its own time must say so here.  Changes no state."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen onto ``surface``; changes no state."""
        raise NotImplementedError

    def notice_place(self, size: tuple[int, int]) -> NoticePlace | None:
        """Where the notices stand, so that they cover nothing the player needs; None:
        at the bottom of the window."""
        return None

    def resume(self) -> None:
        """The scene is on top again (the one above it was closed)."""

    def relabel(self) -> None:
        """Put the scene's words in the language in use: it changed while the scene was
        on the stack (a scene under the one on top may show through it)."""

    def close(self) -> None:
        """The scene leaves for good: cancel what it asked for."""


BACKDROP_GAME = "4453344522256"
"""The game behind the menus: a middle game, red to move with a four to make."""


@dataclass(frozen=True, slots=True)
class FormLayout:
    """Where a form's parts go at one window size."""

    scale: float
    title_pos: tuple[int, int]
    title_size: int
    rects: Mapping[str, pygame.Rect]
    body: pygame.Rect
    """Room for what the form shows besides its items (notes, records, text)."""
    type: TypeScale
    """The text sizes of the window (:func:`game.ui.layout.metrics`)."""


class FormScene(Scene):
    """A screen made of a title and items (buttons and option rows).

    Subclasses fill :attr:`items`, lay them out in :meth:`layout`, and answer
    :meth:`activate`, :meth:`changed` and :meth:`back`.
    """

    title = ""
    backdrop: str | None = None
    """A game (a move string) to show on a dimmed board behind the form, filling the
    room the form leaves; None: the plain background."""

    def __init__(self, host: SceneHost, items: ItemList) -> None:
        super().__init__(host)
        self.items = items
        self._layouts: dict[tuple[int, int], FormLayout] = {}
        self._backdrops: dict[tuple[tuple[int, int], str], pygame.Surface] = {}

    def layout(self, size: tuple[int, int]) -> FormLayout:
        layout = self._layouts.get(size)
        if layout is None:
            layout = self.compute_layout(size)
            self._layouts = {size: layout}
        return layout

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        rects = self.layout(self.host.size).rects
        action = self.items.handle_event(event, rects)
        if action is None:
            return None
        if action.kind is ActionKind.BACK:
            return self.back()
        self.host.sounds.play("click")
        if action.kind is ActionKind.ACTIVATE:
            return self.activate(action.key)
        if action.kind is ActionKind.CHANGE:
            self.changed(action.key)
        return None

    def activate(self, key: str) -> Transition | None:
        """A button was pressed: where to go, if anywhere."""
        return None

    def changed(self, key: str) -> None:
        """An option row's value changed."""

    def resume(self) -> None:
        self.relabel()
        self._layouts = {}

    def back(self) -> Transition | None:
        """Esc: leave the screen."""
        return Go.BACK

    def notice_place(self, size: tuple[int, int]) -> NoticePlace | None:
        """Above the items or below them, where there is more room, never over an item:
        over the text of a page whose buttons are at its foot, over the title or under
        the column of a form of stacked buttons."""
        layout = self.layout(size)
        if not layout.rects:
            return None
        top = min(rect.top for rect in layout.rects.values())
        bottom = max(rect.bottom for rect in layout.rects.values())
        gap = metrics(size).pad // 2
        # The whole width: above the items and below them there is only the title (which
        # the notice covers anyway) or a page's text, and a long notice (a damaged file's
        # repairs) then takes fewer lines and does not spill over the items.
        width = size[0] - 40
        if size[1] - bottom > top:
            return NoticePlace(size[0] // 2, size[1] - gap, width, MAX_NOTICES, bottom + gap)
        return NoticePlace(size[0] // 2, top - gap, width, MAX_NOTICES)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout(surface.get_size())
        self.host.draw_background(surface)
        if self.backdrop is not None:
            surface.blit(self._backdrop(surface, self.backdrop), (0, 0))
        self.draw_title(surface, layout)
        self.draw_body(surface, layout)
        draw_items(surface, self.items, layout.rects, self.host, show_focus=self.buttons_focused)

    @property
    def buttons_focused(self) -> bool:
        """Whether the keyboard is on the buttons (their focus is marked, Enter presses
        the focused one); False while a list of the screen's own has it."""
        return True

    def _backdrop(self, surface: pygame.Surface, moves: str) -> pygame.Surface:
        """The window's background with the board of ``moves`` over it, dimmed so that
        the form stays easy to read (drawn once per size and theme)."""
        size = surface.get_size()
        theme = self.host.theme
        key = (size, theme.name)
        picture = self._backdrops.get(key)
        if picture is None:
            picture = pygame.Surface(size)
            self.host.draw_background(picture)
            renderer = self.host.renderer
            area = pygame.Rect(0, 0, *size).inflate(-size[0] // 10, -size[1] // 10)
            geometry = BoardGeometry.fit(area, above=0.0)
            renderer.draw_back(picture, geometry, theme)
            board = Board.from_moves(moves)
            for col in range(WIDTH):
                for row in range(board.height(col)):
                    owner = board.cell(col, row)
                    colour = DiscColour.RED if owner == Player.FIRST else DiscColour.YELLOW
                    centre = geometry.centre(col, row)
                    renderer.draw_disc(picture, centre, geometry.radius, colour, theme)
            renderer.draw_frame(picture, geometry, theme)
            veil = (*theme.background_bottom, 205)
            picture.blit(renderer.translucent(size, veil), (0, 0))
            self._backdrops = {key: picture}
        return picture

    def draw_title(self, surface: pygame.Surface, layout: FormLayout) -> None:
        width = self.title_width(surface.get_width())
        x, y = layout.title_pos
        slot = pygame.Rect(x - width // 2, y, width, layout.title_size)
        ink = Ink(layout.title_size, self.host.theme.text)
        self.host.text.blit_fitted(surface, self.title, ink, slot, anchor="midtop")

    def title_width(self, window_width: int) -> int:
        """How wide the title may be drawn."""
        return window_width - 40

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        """Whatever the form shows in ``layout.body``."""


def page_layout(
    size: tuple[int, int],
    keys: list[str],
    *,
    button_width: float = 260.0,
    body_width: float = 820.0,
) -> FormLayout:
    """A page of text: the title at the top, ``keys`` as buttons side by side along the
    bottom (each ``button_width`` pixels wide at 960x720; everything scales with the
    window), and the body (``body_width`` wide) between them."""
    w, h = size
    window = metrics(size)
    scale = window.scale
    title_size = window.type.title
    title_top = round(24 * scale)
    row_h = max(30, round(48 * scale))
    gap = max(6, round(row_h * 0.2))
    width = min((w - 40 - gap * (len(keys) - 1)) // len(keys), round(button_width * scale))
    left = w // 2 - (len(keys) * width + (len(keys) - 1) * gap) // 2
    bottom = h - round(20 * scale)
    rects = {
        key: pygame.Rect(left + i * (width + gap), bottom - row_h, width, row_h)
        for i, key in enumerate(keys)
    }
    body_top = title_top + round(title_size * 1.2)
    body_w = min(w - 40, round(body_width * scale))
    body = pygame.Rect(w // 2 - body_w // 2, body_top, body_w, bottom - row_h - body_top - 10)
    return FormLayout(scale, (w // 2, title_top), title_size, rects, body, window.type)


def stacked_form_layout(
    size: tuple[int, int],
    keys: list[str],
    *,
    width: float,
    body_height: float = 0.0,
    row: float = 52.0,
) -> FormLayout:
    """A title at the top, then ``keys`` stacked in a centred column ``width``
    pixels wide (at 960x720; everything scales with the window), then a body
    area ``body_height`` tall; the whole block is centred in the room left."""
    w, h = size
    window = metrics(size)
    scale = window.scale
    title_size = window.type.display
    title_top = round(36 * scale)
    top = title_top + round(title_size * 1.2)
    row_h = max(30, round(row * scale))
    gap = max(6, round(row_h * 0.2))
    col_w = min(w - 40, round(width * scale))
    body_h = round(body_height * scale)
    block = len(keys) * (row_h + gap) + body_h
    start = top + max(0, (h - top - block - round(20 * scale)) // 2)
    rects = column_layout(keys, (w // 2, start), (col_w, row_h), gap)
    body_top = start + len(keys) * (row_h + gap)
    body = pygame.Rect(w // 2 - col_w // 2, body_top, col_w, max(0, h - body_top - 10))
    return FormLayout(scale, (w // 2, title_top), title_size, rects, body, window.type)


class SceneStack:
    """The scenes, bottom first; only the top one gets events, updates and draws.

    A scene that leaves the stack is closed (:meth:`Scene.close`: it cancels what
    it asked for); one that comes back on top is told so (:meth:`Scene.resume`).
    """

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene:
        """The scene on top; raises IndexError when the stack is empty."""
        return self._scenes[-1]

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def __len__(self) -> int:
        return len(self._scenes)

    def __contains__(self, scene: object) -> bool:
        return any(scene is mine for mine in self._scenes)

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top of the others."""
        self._scenes.append(scene)

    def pop(self) -> None:
        """Close the top scene; the one beneath, if any, resumes."""
        self._scenes.pop().close()
        if self._scenes:
            self.top.resume()

    def replace(self, *scenes: Scene) -> None:
        """Close every scene, top first; ``scenes`` (bottom first) take their place."""
        self.clear()
        self._scenes = list(scenes)

    def clear(self) -> None:
        """Close every scene, top first."""
        while self._scenes:
            self._scenes.pop().close()


__all__ = ["FormLayout", "FormScene", "Scene", "SceneHost", "SceneStack", "stacked_form_layout"]
