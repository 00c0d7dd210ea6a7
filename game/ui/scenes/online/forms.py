"""The screens before an online game: the first one (your name, host or join) and the
join screen (the games found on the network, or an address and a room code).

Each starts the connection the player asked for as a
:class:`~game.ui.net_link.NetLink` and hands it to the online game screen
(:class:`~game.stack.Online`), which shows the waiting, the connecting and the game.
"""

from __future__ import annotations

import getpass
import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.net.client import BadAddress, CreateRoom, Intent, JoinRoom, server_url
from game.net.codec import clean_text
from game.net.discovery import Browser, FoundGame
from game.net.hosting import HostedServer
from game.net.messages import MAX_NAME, ROOM_ALPHABET, ROOM_CODE_LENGTH
from game.profile.online_memory import OnlineMemory
from game.ui.net_link import NetLink
from game.ui.pacing import soonest
from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.online.textbox import Boxes, TextBox, draw_box
from game.ui.scenes.online.texts import Says, bad_address, not_a_room_code
from game.ui.scenes.stack import Go, Online, OnlineScreen, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost

log = logging.getLogger(__name__)

MAX_FOUND = 4
"""Games found on the network shown as buttons, at most."""


def default_name() -> str:
    try:
        return clean_text(getpass.getuser()).capitalize()[:MAX_NAME]
    except (OSError, KeyError, ImportError):  # no user name to be had
        return ""


class BoxForm(FormScene):
    """A form with boxes to type into above its buttons (see :mod:`.textbox`)."""

    typing = True

    def __init__(self, host: SceneHost, items: ItemList, boxes: Boxes) -> None:
        super().__init__(host, items)
        self.boxes = boxes
        self.problem: str | None = None

    def box_rects(self, layout: FormLayout) -> list[pygame.Rect]:
        body, scale = layout.body, layout.scale
        height = max(30, round(44 * scale))
        step = height + max(24, round(40 * scale))
        # Below the explanation and the first box's label, however many lines they take.
        text, size = self.host.text, self.text_size(layout)
        said = text.wrap(self.explanation(), size, body.width) if self.explanation() else ()
        below = body.y + len(said) * text.line_step(size) + text.line_step(size) + 8
        top = max(body.y + round(self.boxes_top * scale), below)
        return [
            pygame.Rect(body.x, top + i * step, body.width, height)
            for i in range(len(self.boxes.boxes))
        ]

    boxes_top = 90.0
    """Where the first box is, below the body's top (at 960x720)."""

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if self.boxes.handle(event, self.box_rects(self.layout(self.host.size))):
            self.problem = None
            return None
        return super().handle_event(event)

    @staticmethod
    def text_size(layout: FormLayout) -> int:
        """The explanation's and the boxes' type size."""
        return max(15, round(22 * layout.scale))

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        look, body = self.host, layout.body
        size = self.text_size(layout)
        lines = look.text.wrap(self.explanation(), size, body.width)
        look.text.blit_lines(surface, lines, Ink(size, look.theme.text_muted), body.topleft)
        rects = self.box_rects(layout)
        for index, (box, rect) in enumerate(zip(self.boxes.boxes, rects, strict=True)):
            draw_box(surface, look, box, rect, size, active=index == self.boxes.active)
        y = rects[-1].bottom + size
        if self.problem is not None:
            wrapped = look.text.wrap(self.problem, size, body.width)
            look.text.blit_lines(surface, wrapped, Ink(size, look.theme.score_loss), (body.x, y))

    def explanation(self) -> str:
        return ""

    def name_or_problem(self, box: TextBox) -> str | None:
        name = clean_text(box.text)[:MAX_NAME]
        if not name:
            self.problem = Says.NAME_FIRST.text
            return None
        return name


class OnlineStartScene(BoxForm):
    """Your name, then Host a game or Join a game."""

    def __init__(self, host: SceneHost, memory: OnlineMemory) -> None:
        self.memory = memory
        name = TextBox(Says.YOUR_NAME.text, MAX_NAME, memory.name or default_name())
        super().__init__(host, ItemList(self._buttons()), Boxes([name]))
        self.items.focus_on("host")

    @staticmethod
    def _buttons() -> list[Item]:
        return [
            Item("back", Says.BACK.text),
            Item("join", Says.JOIN.text),
            Item("host", Says.HOST.text, primary=True),
        ]

    @property
    def title(self) -> str:  # type: ignore[override]
        return Says.TITLE.text

    def relabel(self) -> None:
        self.items = ItemList(self._buttons())
        self.boxes.boxes[0].label = Says.YOUR_NAME.text

    def explanation(self) -> str:
        return Says.EXPLAIN.text

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, [item.key for item in self.items.items], body_width=600)

    def activate(self, key: str) -> Transition | None:
        if key == "back":
            return Go.BACK
        name = self.name_or_problem(self.boxes.current)
        if name is None:
            return None
        self.memory.name = name
        self.memory.save()
        if key == "join":
            return Online(OnlineScreen.JOIN)
        return self._host(name)

    def _host(self, name: str) -> Transition | None:
        server = HostedServer()
        try:
            server.start()
        except OSError:
            log.exception("the hosted game server could not start")
            self.problem = Says.SERVER_FAILED.text
            return None
        link = NetLink(server.local_url, name, CreateRoom(), server=server)
        link.start()
        return Online(OnlineScreen.GAME, link)


BROWSE_EVERY = 1.0
"""Seconds between looks at the games found on the local network: the browser finds
them on its own thread, which does not wake the window."""


class JoinScene(BoxForm):
    """The games found on the local network, and an address with a room code."""

    boxes_top = 200.0

    def __init__(
        self, host: SceneHost, memory: OnlineMemory, *, browser: Browser | None = None
    ) -> None:
        self.memory = memory
        self.browser = browser if browser is not None else Browser()
        self.found: list[FoundGame] = []
        address = TextBox(Says.SERVER.text, 120, memory.servers[0] if memory.servers else "")
        code = TextBox(Says.ROOM_CODE.text, ROOM_CODE_LENGTH, upper=True)
        super().__init__(host, ItemList(self._buttons([])), Boxes([address, code]))
        self.items.focus_on("join")
        try:
            self.browser.start()
        except OSError:  # no multicast here: the address can still be typed
            log.exception("the local network cannot be browsed")

    def _buttons(self, found: list[FoundGame]) -> list[Item]:
        games = [Item(f"found:{i}", f"{game.name} ({game.room})") for i, game in enumerate(found)]
        return [
            *games,
            Item("back", Says.BACK.text),
            Item("open", Says.OPEN_ROOM.text),
            Item("join", Says.JOIN_BUTTON.text, primary=True),
        ]

    @property
    def title(self) -> str:  # type: ignore[override]
        return Says.JOIN.text

    def relabel(self) -> None:
        self.items = ItemList(self._buttons(self.found))
        self.boxes.boxes[0].label = Says.SERVER.text
        self.boxes.boxes[1].label = Says.ROOM_CODE.text

    def explanation(self) -> str:
        if not self.found:
            return Says.NONE_FOUND.text
        return Says.FOUND.text

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        keys = ["back", "open", "join"]
        layout = page_layout(size, keys, body_width=600)
        rects = dict(layout.rects)
        body, scale = layout.body, layout.scale
        row = max(28, round(40 * scale))
        for i in range(len(self.found)):
            top = body.y + round(34 * scale) + i * (row + 4)
            rects[f"found:{i}"] = pygame.Rect(body.x, top, body.width, row)
        return replace(layout, rects=rects)

    def next_frame_in(self) -> float | None:
        # The list changes with no event: look again every BROWSE_EVERY seconds.
        return soonest(super().next_frame_in(), BROWSE_EVERY)

    def update(self, dt: float) -> None:
        found = self.browser.games()[:MAX_FOUND]
        if found != self.found:
            focus = self.items.focused
            self.found = found
            self.items = ItemList(self._buttons(found))
            if focus is not None:
                self.items.focus_on(focus.key)
            self._layouts = {}

    def activate(self, key: str) -> Transition | None:
        if key == "back":
            return Go.BACK
        name = self.memory.name
        if key.startswith("found:"):
            game = self.found[int(key.split(":")[1])]
            return self._connect(f"ws://{game.address}", name, JoinRoom(game.room))
        typed = self.boxes.boxes[0].text.strip()
        try:
            url = server_url(typed)
        except BadAddress:
            self.problem = bad_address(typed)
            return None
        if key == "open":
            intent: Intent = CreateRoom()
        else:
            room = self.boxes.boxes[1].text.strip().upper()
            problem = None
            if len(room) != ROOM_CODE_LENGTH:
                problem = Says.CODE_FIRST.text
            elif not set(room) <= set(ROOM_ALPHABET):  # no server has such a room
                problem = not_a_room_code(room)
            if problem is not None:
                self.problem = problem
                self.boxes.active = 1
                return None
            intent = JoinRoom(room)
        return self._connect(url, name, intent, typed)

    def _connect(self, url: str, name: str, intent: Intent, typed: str = "") -> Transition:
        """The game screen on a link to ``url``; ``typed``: the address as typed, which
        is remembered once the connection opens."""
        link = NetLink(url, name, intent, address=typed)
        link.start()
        return Online(OnlineScreen.GAME, link)

    def close(self) -> None:
        self.browser.stop()
