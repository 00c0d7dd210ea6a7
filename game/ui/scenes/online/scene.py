"""The online game screen: waiting for a friend, connecting, then the game itself.

The scene follows one :class:`~game.ui.net_link.NetLink` from the first frame to the last: while
no game has started it shows the room code and the address to give (hosting) or that it
connects (joining); then the board.  The two sides are players of the play screen's
seam (:mod:`game.ui.players`): this window's :class:`LocalPlayer` and the
:class:`~game.ui.scenes.online.network.NetworkPlayer` across the network, which hands
over the opponent's moves and sends this player's.  The server's game is the truth: a
move of this window shows at once and goes out; whenever the server's game is not the
board's position or its next move (an undo, a refused move, a reconnection), the board
is rebuilt from the server's whole move string.

Leaving mid-game (Esc, or the window closing) keeps the seat: **Continue** in the main
menu resumes it while the room lives (:class:`~game.profile.online_memory.OnlineMemory`).
Leave, or leaving after the game, gives it up.  A finished game is kept in Your games,
marked "online vs NAME", and counted apart in the statistics.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.core import WIDTH, Board, Player
from game.net.client import (
    ChatReceived,
    Connected,
    Failed,
    Failure,
    GameChanged,
    GameStarted,
    NetEvent,
    OfferDeclined,
    OfferReceived,
    OpponentChanged,
    Refusal,
)
from game.net.messages import MAX_CHAT, Decline, Offer, Rematch, Resign, Status, Undo
from game.net.mirror import OnlineGame
from game.profile.choices import DiscColour
from game.profile.history import FinishedGame
from game.profile.online_memory import OnlineMemory, OnlineSeat
from game.profile.statistics import ONLINE_RECORD, Result
from game.ui.animation import DiscDrop, win_breathing
from game.ui.board_view import BoardGeometry
from game.ui.input import CHAT_KEYS, ONLINE_KEYS, Command, Order, key_order
from game.ui.net_link import Connection, NetLink
from game.ui.notices import NoticePlace
from game.ui.pacing import EVERY_FRAME
from game.ui.players import LocalPlayer
from game.ui.players import Player as Side
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import Scene, SceneHost
from game.ui.scenes.online import texts, view
from game.ui.scenes.online.network import NetworkPlayer
from game.ui.scenes.online.textbox import TextBox
from game.ui.scenes.stack import Confirm, Go, Review, Transition
from game.ui.services import Keeper
from game.ui.widgets import ActionKind, Item, ItemList

log = logging.getLogger(__name__)

UNIT_BOARD = BoardGeometry(0, 0, 1)


class OnlineScene(Scene):
    """See the module docstring.  ``keeper`` keeps finished games and counts results;
    ``memory`` remembers the seat to resume."""

    def __init__(
        self, host: SceneHost, link: NetLink, *, keeper: Keeper, memory: OnlineMemory
    ) -> None:
        super().__init__(host)
        self.link = link
        self._keeper = keeper
        self._memory = memory
        self.board = Board()
        self.drop: DiscDrop | None = None
        self.cursor = WIDTH // 2
        self.time = 0.0
        self.chat_box = TextBox(texts.Says.CHAT.text, MAX_CHAT)
        self.chatting = False
        self.players: tuple[Side, Side] = (LocalPlayer(), LocalPlayer())
        self.buttons = ItemList([])
        self._recorded: set[tuple[str, str, str]] = set()
        self._conceded = False
        """Whether the loss of the game this side left unfinished is counted."""
        self._giving_up = False
        """Whether the player chose to leave a guest's game for good (Leave, confirmed)."""
        self._undo_asked_at: int | None = None
        """How many moves the board had when this side asked to take its move back, until
        the answer came.  The server voids the offer at the next move, so it is open only
        while the board still has that many (:attr:`undo_asked`)."""
        self.ended_at: float | None = None
        """When (scene time) the game on the board ended: its four breathes a while."""
        self.problem: str | None = None
        """Why no game began (a room that does not exist, or is full)."""
        self._rebuild_buttons()

    # -- what is shown ---------------------------------------------------------------------
    @property
    def typing(self) -> bool:  # type: ignore[override]
        return self.chatting

    @property
    def can_chat(self) -> bool:
        """Whether there is anyone to write to: a game, on a connection not lost for good
        (a room that is gone keeps its chat to read, and no box to write in)."""
        return self.game is not None and self.link.connection is not Connection.FAILED

    @property
    def game(self) -> OnlineGame | None:
        return self.link.game

    @property
    def mine(self) -> Player:
        game = self.game
        return Player.SECOND if game is not None and game.colour.value == "second" else Player.FIRST

    def colour_of(self, player: Player) -> DiscColour:
        return DiscColour.RED if player is Player.FIRST else DiscColour.YELLOW

    @property
    def may_drop(self) -> bool:
        return (
            self.link.my_turn
            and self.drop is None
            and self.game is not None
            and self.game.moves == self.board.moves
        )

    def status_line(self) -> str:
        """The connection in words ("" when all is well, or lost for good after the game
        ended: the result says what matters, and the buttons offer what is left)."""
        link = self.link
        if link.connection is not Connection.OPEN:
            return self._connection_line()
        game = self.game
        if game is None and self.problem is not None:
            return self.problem
        if game is None:
            return ""
        if link.opponent_status is Status.AWAY:
            return texts.away(game.opponent, link.away_seconds_left())
        if link.opponent_status is Status.LEFT:
            return texts.left(game.opponent)
        return ""

    def _connection_line(self) -> str:
        link = self.link
        if link.connection is Connection.RECONNECTING:
            retry = None if link.retry_at is None else link.retry_at - link.now()
            return texts.reconnecting(retry)
        if link.connection is Connection.FAILED and link.failure is not None:
            game = self.game
            return "" if game is not None and game.over else texts.failure(link.failure.failure)
        if link.connection is Connection.CONNECTING:
            return texts.Says.CONNECTING.text
        return ""

    def next_frame_in(self) -> float | None:
        """Every frame while a disc falls or the winning four breathes; each second
        while a countdown shows; otherwise the connection's events wake the window."""
        since = None if self.ended_at is None else self.time - self.ended_at
        if self.drop is not None or win_breathing(since):
            return EVERY_FRAME
        return self.link.countdown()

    def layout(self, size: tuple[int, int]) -> view.OnlineLayout:
        return view.layout(size, [item.key for item in self.buttons.items], self.host.text)

    def notice_place(self, size: tuple[int, int]) -> NoticePlace:
        return view.notice_place(self.layout(size))

    def draw(self, surface: pygame.Surface) -> None:
        view.draw(surface, self, self.layout(surface.get_size()))

    # -- the connection's events -------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        for event in self.link.poll():
            self._react(event)
        drop = self.drop
        if drop is not None:
            if drop.update(dt * 1.6):
                self.host.sounds.play("drop")
            if drop.done:
                self.drop = None
        self._take_move()
        self._check_end()

    def _react(self, event: NetEvent) -> None:  # noqa: PLR0912 (one branch an event)
        game = self.game
        name = "" if game is None else game.opponent
        match event:
            case GameStarted(game=started):
                self.host.withdraw("offer")  # a rematch began: its offer is answered
                self._sync(started)
            case GameChanged(game=changed) if not self._follows(changed):
                if len(changed.moves) < len(self.board.moves):  # a move taken back
                    if self.undo_asked:  # "asked Bob to take back" is answered: yes
                        both = len(self.board.moves) - len(changed.moves) > 1
                        self.host.notify(texts.undo_agreed(name, both=both), topic="offer")
                    else:
                        self.host.withdraw("offer")
                    self._undo_asked_at = None
                self._sync(changed)
            case Connected() if self.link.address:  # an address that works: offered next time
                self._memory.remember_server(self.link.address)
                self._memory.save()
                self.link.address = ""
            case ChatReceived():
                self.host.sounds.play("click")
            case OpponentChanged(status=Status.BACK):
                self.host.notify(texts.back(name), topic="opponent")
            case OpponentChanged(status=Status.LEFT):
                self.host.notify(texts.left(name), topic="opponent")
            case OfferReceived(offer=Offer.UNDO):
                # Asked on the asker's own turn, the undo takes this side's reply too.
                both = game is not None and not game.my_turn
                self.host.notify(texts.offered_undo(name, both=both), topic="offer")
            case OfferReceived(offer=Offer.REMATCH):
                self.host.notify(texts.offered_rematch(name), topic="offer")
            case OfferDeclined(offer=declined):
                if declined is Offer.UNDO:
                    self._undo_asked_at = None
                self.host.notify(texts.declined(name), topic="offer")
            case Refusal(code=code) if game is None:  # the join or the room refused
                self.problem = texts.refusal(code, getattr(self.link.intent, "room", ""))
            case Refusal():
                self.host.notify(texts.Says.REFUSED_MOVE.text)
                if game is not None:
                    self._sync(game)
            case Failed(failure=failure):
                if game is None or not game.over:  # after the end, the end is the news
                    self.host.notify(texts.failure(failure), seconds=8.0)
                if failure in (Failure.GONE, Failure.REFUSED):
                    self._forget_seat()
        self._rebuild_buttons()

    def _follows(self, game: OnlineGame) -> bool:
        """Whether the board already is ``game``'s position, or will be with the move the
        network player hands over."""
        moves = self.board.moves
        return game.moves == moves or (
            len(game.moves) == len(moves) + 1 and game.moves.startswith(moves)
        )

    def _sync(self, game: OnlineGame) -> None:
        """The board rebuilt from the server's game; the players made anew."""
        for player in self.players:
            player.stop()
        self.board = Board.from_moves(game.moves)
        self.drop = None
        self.ended_at = None
        theirs = NetworkPlayer(self.link)
        self.players = (
            (LocalPlayer(), theirs) if game.colour.value == "first" else (theirs, LocalPlayer())
        )
        self._keep_seat()

    def _take_move(self) -> None:
        board = self.board
        if self.drop is not None or board.is_over or self.game is None:
            return
        player = self.players[board.to_move]
        if player.local:
            return
        if not player.choosing:
            player.your_turn(board, self.time)
        chosen = player.take_move()
        if chosen is not None and chosen.moves == board.moves and board.can_play(chosen.column):
            self._play(chosen.column)

    def _play(self, column: int) -> None:
        board = self.board
        row, mover = board.height(column), board.to_move
        board.play(column)
        self.drop = DiscDrop(column, row, mover, target=UNIT_BOARD.fall_distance(row))
        for player in self.players:
            player.position_changed(board.moves)
        self._keep_seat()
        self._rebuild_buttons()

    def _check_end(self) -> None:
        """Once the server's game is over and the board shows it: keep and count it."""
        game = self.game
        if game is None or not game.over or self.drop is not None:
            return
        if game.moves != self.board.moves:
            return
        key = (game.room, game.token, game.moves + str(game.result))
        if key in self._recorded:
            return
        self._recorded.add(key)
        self.ended_at = self.time
        self._forget_seat()
        won = game.result == game.colour.value
        result: Result = "draw" if game.result == "draw" else "win" if won else "loss"
        self._record(game, result, winner=_winner(game))
        self.host.sounds.play(result)
        self._rebuild_buttons()

    def _record(self, game: OnlineGame, result: Result, *, winner: int | None) -> None:
        """Count ``game`` and keep it in Your games (``winner``: 0, 1, None a draw)."""
        self._keeper.record_result(ONLINE_RECORD, result)
        try:
            self._keeper.record_game(
                FinishedGame.online(
                    game.moves, human=int(self.mine), opponent=game.opponent, winner=winner
                )
            )
        except ValueError:
            log.exception("the online game %r could not be kept", game)

    # -- the seat to continue ---------------------------------------------------------------
    def _keep_seat(self) -> None:
        game, link = self.game, self.link
        if game is None or game.over or link.server is not None:
            return  # a hosted game dies with its window: nothing to continue
        self._memory.seat = OnlineSeat(
            url=link.url,
            room=game.room,
            token=game.token,
            name=link.name,
            opponent=game.opponent,
            colour=game.colour.value,
            moves=self.board.moves,
        )
        self._memory.save()

    def _forget_seat(self) -> None:
        if self._memory.seat is not None:
            self._memory.seat = None
            self._memory.save()

    # -- the player's input -----------------------------------------------------------------
    def try_drop(self, column: int) -> bool:
        if not self.may_drop or not self.board.can_play(column):
            return False
        self.cursor = column
        self._play(column)
        return True

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        self.chatting = self.chatting and self.can_chat
        if self.chatting:
            return self._chat_event(event)
        layout = self.layout(self.host.size)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.can_chat and layout.chat_box.collidepoint(event.pos):
                self.chatting = True
                return None
            column = layout.board.column_at(event.pos)
            if column is not None and self.try_drop(column):
                return None
        if event.type == pygame.MOUSEMOTION:
            column = layout.board.column_at(event.pos)
            if column is not None:
                self.cursor = column
        if event.type == pygame.KEYDOWN:
            order = key_order(event, ONLINE_KEYS)
            return None if order is None else self._carry_out(order)
        action = self.buttons.handle_event(event, layout.buttons)
        if action is not None and action.kind is ActionKind.ACTIVATE:
            self.host.sounds.play("click")
            return self.press(action.key)
        return None

    def _carry_out(self, order: Order) -> Transition | None:
        command = order.command
        if command is Command.DROP:
            self.try_drop(self.cursor if order.column is None else order.column)
        elif command is Command.CURSOR_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif command is Command.CURSOR_RIGHT:
            self.cursor = min(WIDTH - 1, self.cursor + 1)
        elif command is Command.FOCUS_BACK:
            self.buttons.move(-1)
        elif command is Command.FOCUS_NEXT:
            self.buttons.move(1)
        elif command is Command.PRESS and self.buttons.focused is not None:
            self.host.sounds.play("click")
            return self.press(self.buttons.focused.key)
        elif command is Command.CHAT:
            self.chatting = self.can_chat
        elif command is Command.BACK:
            return self._back()
        return None

    def _chat_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.TEXTINPUT:
            self.chat_box.type(event.text)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.chatting = False
            return self.handle_event(event)
        elif event.type == pygame.KEYDOWN:
            order = key_order(event, CHAT_KEYS)
            command = None if order is None else order.command
            if command is Command.PRESS:
                self.send_chat(self.chat_box.text)
            elif command is Command.ERASE:
                self.chat_box.erase()
            elif command is Command.PASTE:
                self.chat_box.paste()
            elif command is Command.BACK:
                self.chatting = False
        return None

    def send_chat(self, text: str) -> None:
        text = " ".join(text.split())
        if text and self.game is not None and self.link.connection is Connection.OPEN:
            self.link.say(text)
            self.chat_box.text = ""

    # -- the buttons ------------------------------------------------------------------------
    @property
    def undo_asked(self) -> bool:
        """Whether this side's request to take its move back is still open, unanswered:
        its button is greyed meanwhile (asking again would only repeat it)."""
        return self._undo_asked_at is not None and self._undo_asked_at == len(self.board.moves)

    def _rebuild_buttons(self) -> None:
        keys = view.button_keys(self)
        focus = self.buttons.focused
        offers = self.link.offers
        self.buttons = ItemList(
            [
                Item(
                    key,
                    view.button_label(key, offers),
                    enabled=key != "undo" or not self.undo_asked,
                )
                for key in keys
            ]
        )
        if focus is not None:
            self.buttons.focus_on(focus.key)

    def press(self, key: str) -> Transition | None:
        game = self.game
        if any(item.key == key and not item.enabled for item in self.buttons.items):
            return None  # greyed (the undo asked already): its shortcut does nothing either
        if key.startswith("phrase:"):
            self.send_chat(texts.phrase(int(key.split(":")[1])))
            return None
        actions: dict[str, Callable[[], Transition | None]] = {
            "cancel": lambda: Go.MENU,
            "back": self._back,
            "leave": self._give_up,
            "resign": self._ask_resign,
            "undo": lambda: self._propose(Offer.UNDO),
            "rematch": lambda: self._propose(Offer.REMATCH),
            "decline": self._decline,
            "review": lambda: self._review(game),
        }
        action = actions.get(key)
        result = None if action is None else action()
        self._rebuild_buttons()
        return result

    def _back(self) -> Transition | None:
        """Esc: back to the form that asked (a room refused, a server not reached: its
        fields as typed), else to the menu, stepping away from a guest's game (its seat
        is kept to resume)."""
        if self.game is None:
            return Go.BACK
        return self._leave(give_up=False)

    def _give_up(self) -> Transition | None:
        """Leave: back to the menu, giving the seat up (mid-game, the opponent wins)."""
        return self._leave(give_up=True)

    def _leave(self, *, give_up: bool) -> Transition | None:
        """Back to the menu.  Mid-game, a guest that gives its seat up, or any host (a
        game this window hosts ends with it), is asked first, and leaving counts as its
        loss; a guest stepping away is not (its game goes on, to be resumed)."""
        game = self.game
        hosting = self.link.server is not None
        if game is None or game.over or self.link.connection is Connection.FAILED:
            return Go.MENU
        if not (hosting or give_up):
            return Go.MENU

        def leave() -> Transition:
            self._giving_up = True
            self._concede()
            return Go.MENU

        detail = texts.leave_detail if hosting else texts.give_up_detail
        return Confirm(
            texts.Says.LEAVE_QUESTION.text,
            detail(game.opponent),
            texts.Says.LEAVE.text,
            texts.Says.KEEP_PLAYING.text,
            leave,
        )

    def _concede(self) -> None:
        """Count the unfinished game this side leaves (hosted, or its seat given up) as
        its loss, once."""
        game = self.game
        if game is None or game.over or self._conceded:
            return
        self._conceded = True
        self._record(game, "loss", winner=1 - int(self.mine))

    def _ask_resign(self) -> Transition | None:
        game = self.game
        if game is None or game.over:
            return None

        def resign() -> None:
            self.link.send(Resign())

        return Confirm(
            texts.Says.RESIGN_QUESTION.text,
            texts.resign_detail(game.opponent),
            texts.Says.RESIGN.text,
            texts.Says.KEEP_PLAYING.text,
            resign,
        )

    def _propose(self, offer: Offer) -> None:
        game = self.game
        if game is None:
            return
        accepting = offer in self.link.offers  # the opponent asked: this agrees
        if offer is Offer.UNDO and not accepting and not game.colour.moves_in(len(game.moves)):
            # The server would refuse it: say why here, not "did not take that move".
            self.host.notify(texts.no_move_to_take_back(), topic="offer")
            return
        if offer is Offer.UNDO:
            self.link.propose(offer, Undo(len(game.moves)))
            asked = texts.asked_undo(game.opponent, both=game.my_turn)
            self._undo_asked_at = None if accepting else len(self.board.moves)
        else:
            self.link.propose(offer, Rematch())
            asked = texts.asked_rematch(game.opponent)
        if accepting:
            self.host.withdraw("offer")
        else:
            self.host.notify(asked, topic="offer")

    def _decline(self) -> None:
        self.host.withdraw("offer")
        for offer in list(self.link.offers):
            self.link.send(Decline(offer))
            self.link.offers.discard(offer)

    def _review(self, game: OnlineGame | None) -> Transition | None:
        if game is None:
            return None
        mine = int(self.mine)
        colour = self.colour_of(self.mine)
        return Review(ReviewGame(game.moves, 0, mine, colour, None, opponent=game.opponent))

    # -- leaving ----------------------------------------------------------------------------
    def close(self) -> None:
        """The screen leaves: mid-game the seat is kept to be resumed; otherwise it is
        given up.  A game this window hosts ends here (the window closed while it went
        on, or the player left it): it counts as this side's loss, once."""
        game = self.game
        if self.link.server is not None:
            self._concede()
        going_on = (
            game is not None and not game.over and self.link.server is None and not self._giving_up
        )
        if not going_on:
            self._forget_seat()
        self.link.close(leave=not going_on)


def _winner(game: OnlineGame) -> int | None:
    return {"first": 0, "second": 1}.get(game.result or "")


__all__ = ["OnlineScene"]
