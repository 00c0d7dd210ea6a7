"""The window's side of a network connection: the client's events, polled each frame,
turned into the state the online screens read.

A :class:`NetLink` owns one :class:`~game.net.client.NetClient` (and, for the player who
hosts, the :class:`~game.net.hosting.HostedServer` the game runs on): the host screen, the
join screen and the game screen hand it on to one another, and the screen that ends the
online game closes it.  :meth:`NetLink.poll` drains the client's queue (the client runs in
its own thread) and keeps: the connection's state, the game as the server last said it, the
opponent's connection and since when it is away, the chat, the offers open.  No pygame.
"""

from __future__ import annotations

import contextlib
import enum
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.net.client import (
    ChatReceived,
    Connected,
    ConnectionLost,
    Failed,
    GameChanged,
    GameStarted,
    Intent,
    NetClient,
    NetEvent,
    OfferDeclined,
    OfferReceived,
    OpponentChanged,
    RoomOpened,
)
from game.net.hosting import HostedServer
from game.net.messages import Chat, ClientMessage, Leave, Offer, Status
from game.net.mirror import OnlineGame

log = logging.getLogger(__name__)

MAX_CHAT_LINES = 50


_wake_type: int | None = None


def wake_window() -> None:
    """Wake the window's loop, asleep in SDL's wait (:mod:`game.ui.waiting`): an event
    of the link's own type, posted from the client's thread (the scene ignores it; its
    next update polls the link)."""
    global _wake_type
    if _wake_type is None:
        _wake_type = pygame.event.custom_type()
    with contextlib.suppress(pygame.error):  # no window (a test), or it is closing
        pygame.event.post(pygame.event.Event(_wake_type))


class Connection(enum.Enum):
    CONNECTING = "connecting"
    OPEN = "open"
    RECONNECTING = "reconnecting"
    FAILED = "failed"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat line; ``sender`` None for this player's own."""

    sender: str | None
    text: str


class NetLink:
    """One online game's connection, as the screens see it (see the module docstring).
    ``clock`` gives the seconds the countdowns count in."""

    def __init__(  # noqa: PLR0913 (the last two are the tests' fakes)
        self,
        url: str,
        name: str,
        intent: Intent,
        *,
        server: HostedServer | None = None,
        address: str = "",
        client: Callable[..., NetClient] = NetClient,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url = url
        self.address = address
        """The server's address as the player typed it ("": none): the online screen
        remembers it once the connection opens, never one that did not work."""
        self.intent = intent
        self.name = name
        self.server = server
        self._client = client(url, name, intent, notify=wake_window)
        self._clock = clock
        self.connection = Connection.CONNECTING
        self.game: OnlineGame | None = None
        self.room: str | None = None
        self.token: str | None = None
        self.opponent_status = Status.BACK
        self.away_until: float | None = None
        """When the opponent's seat will be given up (clock seconds), while away."""
        self.retry_at: float | None = None
        self.chat: list[ChatLine] = []
        self.offers: set[Offer] = set()
        """The opponent's open proposals."""
        self.asked: set[Offer] = set()
        """This player's open proposals."""
        self.failure: Failed | None = None

    def start(self) -> None:
        self._client.start()

    def now(self) -> float:
        return self._clock()

    # -- what the screens do -----------------------------------------------------------
    def send(self, message: ClientMessage) -> None:
        self._client.send(message)

    def say(self, text: str) -> None:
        """Send a chat line and show it as this player's."""
        self._client.send(Chat(text))
        self._add_chat(ChatLine(None, text))

    def propose(self, offer: Offer, message: ClientMessage) -> None:
        """Propose (or accept) ``offer`` with ``message``."""
        self.offers.discard(offer)
        self.asked.add(offer)
        self._client.send(message)

    def close(self, *, leave: bool = False) -> None:
        """End this online game here: with ``leave`` the seat is given up (the opponent
        is told at once), else it stays away for the server's keep time, to be resumed.
        A hosted server stops too."""
        if leave and self.connection is Connection.OPEN:
            self._client.send(Leave())
        self._client.close()
        if self.server is not None:
            self.server.stop()
            self.server = None
        self.connection = Connection.CLOSED

    # -- the client's events -------------------------------------------------------------
    def poll(self) -> list[NetEvent]:
        """The events since the last poll, after updating the state from them."""
        events = self._client.events()
        for event in events:
            self._apply(event)
        return events

    def _apply(self, event: NetEvent) -> None:  # noqa: PLR0912 (one branch an event)
        match event:
            case Connected():
                self.connection = Connection.OPEN
                self.retry_at = None
            case RoomOpened(room=room, token=token):
                self.room, self.token = room, token
                log.info("room %s opened on %s", room, self.url)
                if self.server is not None:  # announced on the local network until joined
                    self.server.advertise(self.name, room)
            case GameStarted(game=game):
                log.info("game in room %s: %s against %s", game.room, game.colour, game.opponent)
                if self.server is not None:
                    self.server.stop_advertising()
                if self.game is None or game.colour is not self.game.colour:
                    self.offers.clear()
                    self.asked.clear()
                self.game, self.room, self.token = game, game.room, game.token
                if self.opponent_status is Status.AWAY:
                    self.opponent_status = Status.BACK
            case GameChanged(game=game):
                if self.game is not None and game.moves != self.game.moves:
                    self.offers.discard(Offer.UNDO)
                    self.asked.discard(Offer.UNDO)
                self.game = game
            case ChatReceived(sender=sender, text=text):
                self._add_chat(ChatLine(sender, text))
            case OpponentChanged(status=status, seconds=seconds):
                self.opponent_status = status
                away = status is Status.AWAY and seconds is not None
                self.away_until = self.now() + (seconds or 0) if away else None
            case OfferReceived(offer=offer):
                self.offers.add(offer)
            case OfferDeclined(offer=offer):
                self.asked.discard(offer)
            case ConnectionLost(retry_in=retry_in):
                self.connection = Connection.RECONNECTING
                self.retry_at = self.now() + retry_in
            case Failed():
                self.connection = Connection.FAILED
                self.failure = event

    def _add_chat(self, line: ChatLine) -> None:
        self.chat = [*self.chat, line][-MAX_CHAT_LINES:]

    # -- what the screens read -----------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return (
            self.connection is Connection.OPEN
            and self.game is not None
            and self.game.my_turn
            and self.opponent_status is not Status.LEFT
        )

    def countdown(self) -> float | None:
        """Seconds until the next number a countdown shows changes (the opponent's keep
        time, the next reconnection), None when none shows."""
        left = self.away_seconds_left()
        if left is None and self.connection is Connection.RECONNECTING and self.retry_at:
            left = max(0.0, self.retry_at - self.now())
        return None if left is None else left % 1.0 or 1.0

    def away_seconds_left(self) -> float | None:
        if self.opponent_status is not Status.AWAY or self.away_until is None:
            return None
        return max(0.0, self.away_until - self.now())
