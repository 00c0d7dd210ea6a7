"""The online game screen's picture: the board (or, before the game, the room code and
the address to give), and the side panel: who is who, whose turn, the connection, the
chat with its ready phrases, and the buttons.  Drawing changes nothing."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

import pygame

from game.net.messages import Offer
from game.ui.animation import win_wave
from game.ui.board_view import BoardGeometry
from game.ui.net_link import Connection
from game.ui.notices import NoticePlace
from game.ui.scenes.online import texts
from game.ui.scenes.online.textbox import draw_box, label_lines
from game.ui.text import Ink
from game.ui.widgets import draw_items, draw_panel, font_size_for, side_panel

if TYPE_CHECKING:
    from game.core import Board, Player
    from game.net.mirror import OnlineGame
    from game.profile.choices import DiscColour
    from game.ui.animation import DiscDrop
    from game.ui.net_link import NetLink
    from game.ui.scenes.base import SceneHost
    from game.ui.scenes.online.textbox import TextBox
    from game.ui.text import TextCache
    from game.ui.widgets import ItemList


class OnlineState(Protocol):
    """What the online game screen's picture is made of (the scene has it)."""

    host: SceneHost
    link: NetLink
    board: Board
    drop: DiscDrop | None
    cursor: int
    time: float
    ended_at: float | None
    chatting: bool
    chat_box: TextBox
    buttons: ItemList
    problem: str | None

    @property
    def game(self) -> OnlineGame | None: ...
    @property
    def mine(self) -> Player: ...
    @property
    def may_drop(self) -> bool: ...
    @property
    def can_chat(self) -> bool: ...
    def colour_of(self, player: Player) -> DiscColour: ...
    def status_line(self) -> str: ...


PHRASE_KEYS: Final = tuple(f"phrase:{i}" for i in range(len(texts.PHRASES)))


@dataclass(frozen=True, slots=True)
class OnlineLayout:
    scale: float
    board: BoardGeometry
    area: pygame.Rect
    panel: pygame.Rect
    buttons: dict[str, pygame.Rect]
    chat_box: pygame.Rect
    chat_top: int
    body: int


def layout(
    size: tuple[int, int], keys: Sequence[str], text: TextCache | None = None
) -> OnlineLayout:
    """The board on the left; the panel on the right: texts, chat, phrases, buttons.
    The ready phrases stand two to a row, or one when ``text`` says that one of them
    would not fit half the panel (German, French, Polish, Ukrainian on a small window)."""
    split = side_panel(size, 0.34, (220, 420))
    scale, panel, pad = split.scale, split.panel, split.pad
    board = BoardGeometry.fit(split.area, above=1.3, below=0.45)
    actions = [key for key in keys if key not in PHRASE_KEYS]
    buttons = split.buttons(actions)
    row_h = max(24, round(34 * scale))
    gap = max(4, round(6 * scale))
    top_of_buttons = min((rect.top for rect in buttons.values()), default=panel.bottom - pad)
    phrases = [key for key in keys if key in PHRASE_KEYS]
    per_row = (
        2 if text is None or _phrases_fit(text, phrases, row_h, panel.width - 2 * pad - gap) else 1
    )
    phrase_w = (panel.width - 2 * pad - (per_row - 1) * gap) // per_row
    rows = -(-len(phrases) // per_row)
    phrases_top = top_of_buttons - rows * (row_h + gap) - gap
    for i, key in enumerate(phrases):
        x = panel.x + pad + (i % per_row) * (phrase_w + gap)
        y = phrases_top + (i // per_row) * (row_h + gap)
        buttons[key] = pygame.Rect(x, y, phrase_w, row_h)
    body = max(14, round(20 * scale))
    chat_box = pygame.Rect(panel.x + pad, phrases_top - row_h - gap, panel.width - 2 * pad, row_h)
    chat_top = panel.y + pad + round(body * 5.5)
    return OnlineLayout(scale, board, split.area, panel, buttons, chat_box, chat_top, body)


def _phrases_fit(text: TextCache, keys: Sequence[str], row_h: int, width: int) -> bool:
    """Whether each phrase's words fit a button of half ``width`` (``row_h`` high),
    as :func:`~game.ui.widgets.draw_item` draws them (never cut short)."""
    half = pygame.Rect(0, 0, width // 2, row_h)
    room = half.width - 2 * (row_h // 3)
    labels = [button_label(key) for key in keys]
    return text.fitting_size(labels, font_size_for(half), room) is not None


def notice_place(where: OnlineLayout) -> NoticePlace:
    """The notices stand one at a time above the disc that hovers over the board: never
    over the panel's buttons and chat, nor the board."""
    area, board = where.area, where.board
    return NoticePlace(area.centerx, board.hover_y - board.radius - 2, area.width, 1)


def button_keys(scene: OnlineState) -> list[str]:
    """The panel's buttons for the state of the game."""
    link, game = scene.link, scene.game
    if game is None:
        refused = scene.problem is not None or link.connection is Connection.FAILED
        return ["back" if refused else "cancel"]  # nothing left to cancel once refused
    if link.connection is Connection.FAILED:  # for good: nobody to chat or propose to
        return ["review", "leave"] if game.over else ["leave"]
    keys = list(PHRASE_KEYS)
    if Offer.UNDO in link.offers or Offer.REMATCH in link.offers:
        keys.append("decline")
    if game.over:
        if link.opponent_status.value != "left":
            keys.append("rematch")
        keys.append("review")
    else:
        keys += ["undo", "resign"]
    keys.append("leave")
    return keys


def button_label(key: str, offers: Collection[Offer] = ()) -> str:
    """A button's words; ``offers`` are the opponent's open proposals (the button then
    accepts)."""
    says = texts.Says
    if key.startswith("phrase:"):
        return texts.phrase(int(key.split(":")[1]))
    if key == "undo" and Offer.UNDO in offers:
        return says.ACCEPT_UNDO.text
    if key == "rematch" and Offer.REMATCH in offers:
        return says.ACCEPT_REMATCH.text
    return {
        "cancel": says.CANCEL,
        "back": says.BACK,
        "leave": says.LEAVE,
        "resign": says.RESIGN,
        "undo": says.ASK_UNDO,
        "rematch": says.REMATCH,
        "decline": says.DECLINE,
        "review": says.REVIEW,
    }[key].text


def draw(surface: pygame.Surface, scene: OnlineState, where: OnlineLayout) -> None:
    look = scene.host
    look.draw_background(surface)
    if scene.game is None:
        _draw_waiting(surface, scene, where)
    else:
        _draw_board(surface, scene, where)
    draw_panel(surface, where.panel, look.theme)
    _draw_panel_texts(surface, scene, where)
    draw_items(surface, scene.buttons, where.buttons, look)


def _draw_board(surface: pygame.Surface, scene: OnlineState, where: OnlineLayout) -> None:
    look, g, board, drop = scene.host, where.board, scene.board, scene.drop
    theme, renderer = look.theme, look.renderer
    renderer.draw_discs(surface, g, theme, board=board, drop=drop, colour_of=scene.colour_of)
    renderer.draw_frame(surface, g, theme)
    if board.history and drop is None:
        last = board.history[-1]
        renderer.draw_last_mark(surface, g.centre(last, board.height(last) - 1), g, theme)
    outcome = board.outcome
    if outcome is not None and drop is None:
        wave = win_wave(None if scene.ended_at is None else scene.time - scene.ended_at)
        for col, row in outcome.cells:
            renderer.draw_win_mark(surface, g.centre(col, row), g, theme, wave)
    if scene.may_drop:
        centre = (g.column_x(scene.cursor), g.hover_y)
        renderer.draw_disc(surface, centre, g.radius, scene.colour_of(scene.mine), theme)


def _draw_waiting(surface: pygame.Surface, scene: OnlineState, where: OnlineLayout) -> None:
    """Before the game: the room code and the address to give, or that it connects."""
    look, area, link = scene.host, where.area, scene.link
    theme, text = look.theme, look.text
    size = max(16, round(24 * where.scale))
    y = area.y + round(area.height * 0.15)
    if link.room is None:  # joining, or opening a room on a server
        status = scene.status_line() or texts.Says.CONNECTING.text
        for line in text.wrap(status, size, area.width - 40):
            text.blit(surface, line, Ink(size, theme.text), (area.centerx, y), anchor="midtop")
            y += text.line_step(size)
        return
    lines: list[tuple[str, int, tuple[int, int, int]]] = [
        (texts.Says.ROOM_CODE.text, size, theme.text_muted),
        (link.room, size * 3, theme.accent),
        (texts.Says.ADDRESS.text, size, theme.text_muted),
    ]
    addresses = link.server.addresses() if link.server is not None else []
    lines.append((addresses[0] if addresses else link.url, round(size * 1.6), theme.text))
    for words, height, colour in lines:
        slot = pygame.Rect(area.x, y, area.width, height)
        text.blit_fitted(surface, words, Ink(height, colour), slot, anchor="midtop")
        y += round(height * 1.35)
    # A room on a server is not announced on the local network: only its address finds it.
    how = texts.Says.HOW_TO_JOIN if link.server is not None else texts.Says.HOW_TO_JOIN_SERVER
    notes = [texts.Says.WAITING.text, how.text]
    if len(addresses) > 1:
        notes.append(texts.other_addresses(", ".join(addresses[1:4])))
    for note in notes:
        wrapped = text.wrap(note, size, area.width - 40)
        y = text.blit_lines(surface, wrapped, Ink(size, theme.text_muted), (area.x + 20, y))
        y += size // 2


def _draw_panel_texts(surface: pygame.Surface, scene: OnlineState, where: OnlineLayout) -> None:
    look, panel, size = scene.host, where.panel, where.body
    theme, text = look.theme, look.text
    pad = max(8, round(14 * where.scale))
    x, width = panel.x + pad, panel.width - 2 * pad
    y = panel.y + pad
    game = scene.game
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if game is not None:
        lines.append((texts.who_is_who(game, theme.colour_names), theme.text))
        ended = game.over and scene.drop is None and game.moves == scene.board.moves
        if ended:
            lines.append((texts.result(game), theme.accent))
        elif scene.link.connection is Connection.OPEN:  # else the status line says why not
            lines.append((texts.turn(game), theme.accent))
    elif scene.link.room is not None:
        lines.append((texts.room_line(scene.link.room), theme.text))
    # Before a room or a game the waiting area says how the connection stands.
    status = scene.status_line() if game is not None or scene.link.room is not None else ""
    if status:
        failed = scene.link.connection is Connection.FAILED
        lines.append((status, theme.score_loss if failed else theme.text_muted))
    for words, colour in lines:
        y = text.blit_lines(surface, text.wrap(words, size, width), Ink(size, colour), (x, y))
        y += size // 3
    if game is None:
        return
    _draw_chat(surface, scene, where, max(y + size // 2, where.chat_top))


def _draw_chat(surface: pygame.Surface, scene: OnlineState, where: OnlineLayout, top: int) -> None:
    """The chat's last lines that fit between ``top`` and its box, and the box (none
    once nobody can be written to: the lines then have its room too)."""
    pad = max(8, round(14 * where.scale))
    x, width = where.panel.x + pad, where.panel.width - 2 * pad
    look, size = scene.host, max(12, round(where.body * 0.85))
    theme, text = look.theme, look.text
    label = texts.Says.CHATTING.text if scene.chatting else texts.Says.CHAT_HINT.text
    label_size, label_said = label_lines(look, label, size, where.chat_box.width)
    room = where.chat_box.top - 4 - len(label_said) * text.line_step(label_size) - top
    if not scene.can_chat:
        room = where.chat_box.bottom - top
    step = text.line_step(size)
    shown: list[tuple[str, tuple[int, int, int]]] = []
    for line in reversed(scene.link.chat):
        colour = theme.text if line.sender is not None else theme.text_muted
        wrapped = text.wrap(texts.chat_line(line.sender, line.text), size, width)
        if (len(shown) + len(wrapped)) * step > room:
            break
        shown[:0] = [(part, colour) for part in wrapped]
    y = top
    for part, colour in shown:
        text.blit(surface, part, Ink(size, colour), (x, y))
        y += step
    if not scene.can_chat:
        return
    draw_box(
        surface, look, scene.chat_box, where.chat_box, size, active=scene.chatting, label=label
    )


__all__ = ["OnlineLayout", "button_keys", "button_label", "draw", "layout"]
