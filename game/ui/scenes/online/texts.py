"""Every sentence of the online screens, ready for translation (as the play screen's
:mod:`~game.ui.scenes.play.texts`): asked for when shown, whole sentences with named
placeholders.  No pygame here."""

from __future__ import annotations

import enum
from collections.abc import Mapping

from game.i18n import N_
from game.i18n import gettext as _
from game.net.client import Failure
from game.net.messages import ErrorCode, Reason
from game.net.mirror import OnlineGame
from game.ui.names import colour_name


class Says(enum.Enum):
    """Sentences with no placeholder."""

    @property
    def text(self) -> str:
        return _(self.value)

    MENU_ITEM = N_("Play a friend online")
    TITLE = N_("Play a friend online")
    EXPLAIN = N_(
        "Host a game on this computer for a friend on the same network, or join a"
        " friend's game: on your network, or on a game server across the internet."
    )
    YOUR_NAME = N_("Your name")
    HOST = N_("Host a game")
    JOIN = N_("Join a game")
    BACK = N_("Back")
    CANCEL = N_("Cancel")
    NAME_FIRST = N_("Type your name first (1 to 24 characters).")
    STARTING = N_("Starting the game server...")
    CONNECTING = N_("Connecting...")
    WAITING = N_("Waiting for your friend to join...")
    ROOM_CODE = N_("Room code")
    ADDRESS = N_("Address")
    HOW_TO_JOIN = N_(
        "Your friend chooses Join a game: on the same network this game is in the list;"
        " elsewhere they type the address and the room code."
    )
    HOW_TO_JOIN_SERVER = N_(
        "Your friend chooses Join a game and types this server's address and the room code."
    )
    FOUND = N_("Games on your network")
    NONE_FOUND = N_("No game found on your network yet.")
    SERVER = N_("Server address")
    JOIN_BUTTON = N_("Join")
    OPEN_ROOM = N_("Open a room there")
    CODE_FIRST = N_("Type the room code your friend gave you (6 letters and digits).")
    ROOM_FULL = N_("That game has two players already.")
    SERVER_FULL = N_("The server is full: try again later.")
    OTHER_VERSION = N_("That server plays another version of the game.")
    RESIGN = N_("Resign")
    ASK_UNDO = N_("Ask to undo")
    ACCEPT_UNDO = N_("Accept undo")
    DECLINE = N_("Decline")
    REMATCH = N_("Rematch")
    ACCEPT_REMATCH = N_("Accept rematch")
    REVIEW = N_("Review game")
    LEAVE = N_("Leave")
    CHAT = N_("Chat")
    CHATTING = N_("Enter sends; Esc goes back to the game")
    CHAT_HINT = N_("Press Tab to write; Enter sends")
    RECONNECTING = N_("Connection lost: reconnecting...")
    RESIGN_QUESTION = N_("Resign this game?")
    KEEP_PLAYING = N_("Keep playing")
    LEAVE_QUESTION = N_("Leave this game?")
    REFUSED_MOVE = N_("The server did not take that move; the board shows the game as it is.")
    GONE = N_("This online game is over: its room no longer exists on the server.")
    UNTRUSTED = N_(
        "The server sent a game that cannot be: the connection was closed."
        " The board shows the last position that was certain."
    )
    UNREACHABLE = N_("The server could not be reached.")
    SERVER_FAILED = N_("The game server could not start on this computer.")


PHRASES = (N_("Good luck"), N_("Well played"), N_("Thanks"), N_("Again?"))
"""The ready phrases of the chat panel, sent in the sender's language."""


def phrase(index: int) -> str:
    return _(PHRASES[index])


def failure(kind: Failure) -> str:
    """Why the online game stopped, for the player."""
    return {
        Failure.GONE: Says.GONE,
        Failure.UNTRUSTED: Says.UNTRUSTED,
        Failure.UNREACHABLE: Says.UNREACHABLE,
        Failure.REFUSED: Says.OTHER_VERSION,
    }[kind].text


def refusal(code: ErrorCode, room: str) -> str:
    """A join or create the server refused."""
    if code is ErrorCode.NO_ROOM:
        return _("No game with the code {room} on that server.").format(room=room)
    if code is ErrorCode.ROOM_FULL:
        return Says.ROOM_FULL.text if room else Says.SERVER_FULL.text
    if code is ErrorCode.BAD_TOKEN:
        return Says.GONE.text
    return Says.REFUSED_MOVE.text


def bad_address(typed: str) -> str:
    return _(
        "“{address}” is not a server address: type a name or a number, with its port if"
        " it has one (for example 192.168.1.20:7474)."
    ).format(address=typed[:40])


def who_is_who(game: OnlineGame, names: Mapping[str, str]) -> str:
    """ "You are red, Bob is yellow" (the colours as the theme names them)."""
    mine, theirs = ("red", "yellow") if game.colour.value == "first" else ("yellow", "red")
    return _("You are {mine}, {name} is {theirs}").format(
        mine=colour_name(names, mine), name=game.opponent, theirs=colour_name(names, theirs)
    )


def turn(game: OnlineGame) -> str:
    if game.my_turn:
        return _("Your turn")
    return _("{name}'s turn").format(name=game.opponent)


def result(game: OnlineGame) -> str:
    """The end of the game, from this player's side."""
    if game.result == "draw":
        return _("A draw: the board is full")
    won = game.result == game.colour.value
    name = game.opponent
    if game.reason is Reason.RESIGNED:
        return (
            _("{name} resigned: you win").format(name=name)
            if won
            else _("You resigned: {name} wins").format(name=name)
        )
    if game.reason is Reason.ABANDONED:
        return (
            _("{name} left the game: you win").format(name=name)
            if won
            else _("You were away too long: {name} wins").format(name=name)
        )
    return _("You win!") if won else _("{name} wins").format(name=name)


def clock(seconds: float) -> str:
    """Seconds as minutes and seconds: "1:47"."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def away(name: str, seconds: float | None) -> str:
    if seconds is None:
        return _("{name}'s connection dropped: waiting").format(name=name)
    return _("{name}'s connection dropped: waiting {time}").format(name=name, time=clock(seconds))


def back(name: str) -> str:
    return _("{name} is back").format(name=name)


def left(name: str) -> str:
    return _("{name} has left the room").format(name=name)


def reconnecting(seconds: float | None) -> str:
    if seconds is None or seconds <= 0:
        return Says.RECONNECTING.text
    return _("Connection lost: trying again in {seconds} s").format(seconds=int(seconds + 0.999))


def chat_line(sender: str | None, text: str) -> str:
    if sender is None:
        return _("You: {text}").format(text=text)
    return _("{name}: {text}").format(name=sender, text=text)


def offered_undo(name: str, *, both: bool = False) -> str:
    """The opponent asks to take back their last move (``both``: asked on their own
    turn, so this side's reply goes too)."""
    if both:
        return _("{name} asks to take back their last move, and yours after it").format(name=name)
    return _("{name} asks to take back a move").format(name=name)


def offered_rematch(name: str) -> str:
    return _("{name} offers a rematch").format(name=name)


def declined(name: str) -> str:
    return _("{name} declined").format(name=name)


def no_move_to_take_back() -> str:
    return _("You have no move on the board to take back yet.")


def asked_undo(name: str, *, both: bool = False) -> str:
    """This side asked to take back its last move (``both``: on its own turn, so the
    opponent's reply goes too)."""
    if both:
        return _("Waiting for {name} to let you take back your move and their reply").format(
            name=name
        )
    return _("Waiting for {name} to let you take back your move").format(name=name)


def undo_agreed(name: str, *, both: bool = False) -> str:
    """The opponent agreed to the undo this side asked for (``both``: their reply went
    too)."""
    if both:
        return _("{name} agreed: your move and their reply are taken back.").format(name=name)
    return _("{name} agreed: your move is taken back.").format(name=name)


def asked_rematch(name: str) -> str:
    return _("Offered {name} a rematch").format(name=name)


def resign_detail(name: str) -> str:
    return _("{name} wins the game.").format(name=name)


def leave_detail(name: str) -> str:
    """What leaving a game this window hosts costs."""
    return _(
        "This window hosts the game: leaving ends it for both of you, and {name} wins."
    ).format(name=name)


def not_a_room_code(code: str) -> str:
    """A typed code with a character no room code has (so no server is asked)."""
    return _(
        "“{code}” is not a room code: room codes use letters and digits other than I, L,"
        " O, 0 and 1."
    ).format(code=code)


def give_up_detail(name: str) -> str:
    """What leaving a game this window joined costs (Esc steps away instead)."""
    return _(
        "You give up your seat, and {name} wins. To step away and come back later, press"
        " Esc instead."
    ).format(name=name)


def room_line(room: str) -> str:
    return _("Room {room}").format(room=room)


def other_addresses(addresses: str) -> str:
    return _("This computer's other addresses: {addresses}").format(addresses=addresses)
