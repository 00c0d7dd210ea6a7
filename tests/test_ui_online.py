"""The online screens headless: the real window loop against the game's own server on
127.0.0.1, the opponent a client thread of game.net (loops bounded in time)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.i18n import LANGUAGES
from game.net.client import (
    CreateRoom,
    Failed,
    Failure,
    GameChanged,
    JoinRoom,
    NetClient,
    OfferDeclined,
    OfferReceived,
    ResumeSeat,
)
from game.net.discovery import FoundGame
from game.net.hosting import HostedServer
from game.net.messages import (
    MAX_CHAT,
    MAX_NAME,
    Chat,
    Colour,
    Leave,
    Move,
    Offer,
    Reason,
    Rematch,
    Resign,
    Undo,
)
from game.net.mirror import OnlineGame
from game.profile.online_memory import ONLINE_FILE, OnlineMemory, OnlineSeat
from game.profile.settings import SettingsStore
from game.profile.statistics import ONLINE_RECORD
from game.ui.app import App
from game.ui.net_link import ChatLine, Connection
from game.ui.options import LaunchOptions
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import NetLink, OnlineScene, OnlineStartScene, textbox, texts, view
from game.ui.scenes.online.forms import JoinScene
from game.ui.scenes.online.textbox import TextBox
from game.ui.scenes.stack import Go, Online, OnlineScreen
from game.ui.text import Drawn
from tests.fakes import FRAME, FakeWorker, click, key
from tests.netfakes import SilentClient


@pytest.fixture
def app() -> Iterator[App]:
    app = App(
        LaunchOptions(window_size=(960, 720), fullscreen=False),
        worker=FakeWorker(),
        store=SettingsStore(),
    )
    app.settings.sound_on = False
    app.open()
    yield app
    app.close()


@pytest.fixture
def server() -> Iterator[HostedServer]:
    hosted = HostedServer(host="127.0.0.1", port=0, keep_seconds=30)
    hosted.start()
    yield hosted
    hosted.stop(wait=True)


def run_until(app: App, done: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        app.step([], FRAME)
        time.sleep(0.01)


def text(typed: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=typed)


def scene_of(app: App) -> OnlineScene:
    scene = app.scene
    assert isinstance(scene, OnlineScene)
    return scene


def test_a_whole_online_game_against_a_client_across_the_network(
    app: App, server: HostedServer
) -> None:
    link = NetLink(server.local_url, "Ann", CreateRoom())
    link.start()
    app.go(Online(OnlineScreen.GAME, link))
    scene = scene_of(app)
    run_until(app, lambda: link.room is not None)
    app.draw()  # the room code and the address, before anyone joins
    assert [item.key for item in scene.buttons.items] == ["cancel"]
    assert link.room is not None
    bob = NetClient(server.local_url, "Bob", JoinRoom(link.room))
    bob.start()
    try:
        run_until(app, lambda: scene.game is not None)
        assert scene.status_line() == ""
        assert scene.next_frame_in() is None  # nothing moves: the window may sleep
        app.step([key(pygame.K_4)], FRAME)  # Ann plays column 4
        assert scene.next_frame_in() == 0.0  # her disc falls: every frame
        run_until(app, lambda: any(isinstance(e, GameChanged) for e in bob.events()))
        bob.send(Chat("Good luck"))
        bob.send(Move(1, 4))
        run_until(app, lambda: scene.board.moves == "44" and scene.drop is None)
        assert [line.text for line in scene.link.chat] == ["Good luck"]
        app.step([key(pygame.K_TAB)], FRAME)
        assert scene.typing
        app.step([text("hi m"), key(pygame.K_m), key(pygame.K_RETURN)], FRAME)
        assert app.settings.sound_on is False  # M typed a letter, it did not toggle sound
        app.step([key(pygame.K_ESCAPE)], FRAME)
        assert not scene.typing
        bob.send(Resign())
        run_until(app, lambda: scene.game is not None and scene.game.over)
        app.step([], FRAME)
        app.draw()
        keys = [item.key for item in scene.buttons.items]
        assert "rematch" in keys and "review" in keys
        games = app.saver.all_games()
        assert len(games) == 1 and games[0].opponent == "Bob"
        assert games[0].result_for_human() == "win" and games[0].forfeit == 1
        record = app.saver.stats.per_level[ONLINE_RECORD]
        assert (record.wins, record.losses) == (1, 0)
        assert app.saver.stats.rating.to_json() == type(app.saver.stats.rating)().to_json()
        # A rematch, offered by Bob and accepted with the button: the colours swap.
        bob.send(Rematch())
        run_until(app, lambda: scene.buttons.get("rematch").label == "Accept rematch")
        assert scene.press("rematch") is None
        run_until(app, lambda: scene.game is not None and not scene.game.over)
        assert scene.game is not None and scene.game.colour is Colour.SECOND
        assert scene.board.moves == "" and not scene.link.my_turn
    finally:
        bob.close()


def test_leaving_mid_game_keeps_the_seat_and_continue_resumes_it(
    app: App, server: HostedServer
) -> None:
    ann = NetClient(server.local_url, "Ann", CreateRoom())
    ann.start()
    try:
        deadline = time.monotonic() + 20
        room = None
        while room is None and time.monotonic() < deadline:
            room = ann.mirror.room
            time.sleep(0.02)
        assert room is not None
        link = NetLink(server.local_url, "Bob", JoinRoom(room))
        link.start()
        app.go(Online(OnlineScreen.GAME, link))
        scene = scene_of(app)
        run_until(app, lambda: scene.game is not None)
        ann.send(Move(0, 3))
        run_until(app, lambda: scene.board.moves == "3")
        app.step([key(pygame.K_ESCAPE)], FRAME)  # to the menu: the seat is kept
        menu = app.scene
        assert isinstance(menu, MenuScene) and menu.items.items[0].key == "online_continue"
        memory = OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE))
        assert memory.seat is not None and memory.seat.room == room
        app.step([key(pygame.K_RETURN)], FRAME)  # Continue the online game
        again = scene_of(app)
        run_until(app, lambda: again.game is not None and again.board.moves == "3")
        app.step([key(pygame.K_5)], FRAME)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if any(isinstance(e, GameChanged) and e.game.moves == "35" for e in ann.events()):
                break
            time.sleep(0.02)
        else:
            raise AssertionError("Ann never saw Bob's move")
    finally:
        ann.close()


def test_the_first_screen_takes_a_name_and_refuses_none(app: App) -> None:
    app.go(Online(OnlineScreen.START))
    start = app.scene
    assert isinstance(start, OnlineStartScene) and start.typing
    start.boxes.current.text = ""
    assert start.activate("join") is None and start.problem is not None
    app.step([text("Zoë")], FRAME)
    assert start.activate("join") == Online(OnlineScreen.JOIN)


class NoBrowser:
    def start(self) -> None: ...
    def stop(self) -> None: ...
    def games(self) -> list[object]:
        return []


def test_the_join_screen_refuses_a_bad_address_and_a_short_code(app: App) -> None:
    memory = OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE))
    memory.name = "Ann"
    join = JoinScene(app.stage, memory, browser=NoBrowser())  # type: ignore[arg-type]
    join.boxes.boxes[0].text = "host:port"
    assert join.activate("join") is None and join.problem is not None
    join.boxes.boxes[0].text = "127.0.0.1:1"
    join.boxes.boxes[1].text = "ABC"
    assert join.activate("join") is None and join.boxes.active == 1
    join.boxes.boxes[1].text = "12.O.I"  # no room code has these: no server is asked
    assert join.activate("join") is None and join.boxes.active == 1
    assert join.problem is not None and "“12.O.I” is not a room code" in join.problem
    join.boxes.boxes[1].text = "ABCDEF"  # a good code: it connects (to nothing there)
    app.go(join.activate("join"))  # type: ignore[arg-type]
    assert memory.servers == []  # remembered once it has connected, not before
    assert OnlineMemory.load(memory.path).servers == []


def test_a_room_code_box_takes_capitals_without_spaces() -> None:
    box = TextBox("Room code", 6, upper=True)
    box.type(" znkm 5m\t")  # as copied from a message
    assert box.text == "ZNKM5M"


class LaterBrowser(NoBrowser):
    """Finds games on a thread of its own, some time after it starts (as zeroconf's)."""

    def __init__(self) -> None:
        self.found: list[object] = []

    def games(self) -> list[object]:
        return self.found


def test_a_game_found_on_the_network_is_listed_with_no_input(app: App) -> None:
    memory = OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE))
    browser = LaterBrowser()
    join = JoinScene(app.stage, memory, browser=browser)  # type: ignore[arg-type]
    app.navigator.stack.push(join)
    app.step([], FRAME)
    due = app.next_frame_in()
    assert due is not None and due <= 1.0  # the window looks again without an event
    browser.found = [FoundGame("Ann", "ABCDEF", "127.0.0.1", 7474, 1)]
    app.pass_time(due)  # what the loop does when that timer is due
    app.step([], 0.0)
    assert join.items.items[0].key == "found:0"


def test_a_continue_whose_room_is_gone_says_so(app: App, server: HostedServer) -> None:
    link = NetLink(server.local_url, "Bob", ResumeSeat("ZZZZZZ", "0" * 32))
    link.start()
    app.go(Online(OnlineScreen.GAME, link))
    scene = scene_of(app)
    run_until(app, lambda: link.failure is not None)
    assert "no longer exists" in scene.status_line()


def drawn_texts(app: App) -> list[str]:
    """Every text the window draws in one frame, in order."""
    drawn: list[Drawn] = []
    app.stage.text.watch(drawn.append)
    app.draw()
    app.stage.text.watch(None)
    return [piece.text for piece in drawn]


def test_a_room_on_a_server_says_how_to_join_it_by_its_address(
    app: App, server: HostedServer
) -> None:
    """A room on a server is not listed on the friend's network: the waiting screen says
    to type the address and the code, not to look in the list."""
    link = NetLink(server.local_url, "Ann", CreateRoom())
    link.start()
    app.go(Online(OnlineScreen.GAME, link))
    run_until(app, lambda: link.room is not None)
    said = " ".join(drawn_texts(app))
    assert "types this server's address and the room code" in said
    assert "in the list" not in said


def test_joining_a_room_that_does_not_exist_says_so(app: App, server: HostedServer) -> None:
    link = NetLink(server.local_url, "Bob", JoinRoom("ZZZZZZ"))
    link.start()
    app.go(Online(OnlineScreen.GAME, link))
    scene = scene_of(app)
    run_until(app, lambda: scene.problem is not None)
    assert scene.status_line() == "No game with the code ZZZZZZ on that server."
    app.draw()


def test_back_from_a_refused_room_returns_to_the_join_form_as_typed(
    app: App, server: HostedServer
) -> None:
    memory = OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE))
    memory.name = "Bob"
    join = JoinScene(app.stage, memory, browser=NoBrowser())  # type: ignore[arg-type]
    app.navigator.stack.push(join)
    join.boxes.boxes[0].text = server.local_url.removeprefix("ws://")
    join.boxes.boxes[1].text = "ZZZZZZ"
    app.go(join.activate("join"))  # type: ignore[arg-type]
    scene = scene_of(app)
    run_until(app, lambda: scene.problem is not None)
    assert [item.key for item in scene.buttons.items] == ["back"]
    app.go(scene.press("back"))  # type: ignore[arg-type]
    assert app.scene is join and join.boxes.boxes[1].text == "ZZZZZZ"
    typed = server.local_url.removeprefix("ws://")
    assert OnlineMemory.load(memory.path).servers == [typed]  # it connected: offered again


# -- what the screens show (the online shots of build_scripts/screenshots.py) -----------


def quiet_scene(app: App, *, moves: str | None = "4453") -> OnlineScene:
    """The online screen on a link with no server behind it: mid-game after ``moves``,
    or (None) before any game."""
    link = NetLink("ws://127.0.0.1:1", "Ann", JoinRoom("ABCDEF"), client=SilentClient)  # type: ignore[arg-type]
    if moves is not None:
        link.connection = Connection.OPEN
        link.game = OnlineGame("ABCDEF", Colour.FIRST, "Bob", "0" * 32, moves)
    app.go(Online(OnlineScreen.GAME, link))
    scene = scene_of(app)
    if link.game is not None:
        scene._sync(link.game)  # as the game's start would
    return scene


def test_accepting_an_undo_says_nothing_was_asked_and_its_offer_notice_goes(app: App) -> None:
    scene = quiet_scene(app)
    scene.link.offers.add(Offer.UNDO)
    app.stage.notify("Bob asks to take back a move", topic="offer")
    scene.press("undo")
    assert app.stage.notices.shown == []  # not "Waiting for Bob to let you take back your move"
    scene.press("undo")  # now this player asks: that is said
    assert [n.topic for n in app.stage.notices.shown] == ["offer"]


@pytest.mark.parametrize(("moves", "mine"), [("", False), ("4", True)])
def test_asking_to_undo_with_no_move_of_yours_says_so_and_asks_nothing(
    app: App, moves: str, mine: bool
) -> None:
    scene = quiet_scene(app, moves=moves)  # this side plays first
    scene.press("undo")
    said = [n.text for n in app.stage.notices.shown]
    if mine:
        assert said == ["Waiting for Bob to let you take back your move"]
    else:  # not asked of the server, which would refuse it with a puzzling word
        assert said == ["You have no move on the board to take back yet."]
        assert not scene.undo_asked


def test_offering_a_rematch_says_so_and_accepting_one_says_nothing_was_asked(app: App) -> None:
    scene = quiet_scene(app, moves="4455667")  # won by the first player
    scene.press("rematch")
    assert [n.text for n in app.stage.notices.shown] == ["Offered Bob a rematch"]
    app.stage.withdraw("offer")
    scene.link.offers.add(Offer.REMATCH)
    scene.press("rematch")  # Bob offered: this accepts
    assert app.stage.notices.shown == []


def test_a_move_taken_back_answers_the_notice_that_asked_for_it(app: App) -> None:
    scene = quiet_scene(app)
    app.step([], FRAME)
    scene.press("undo")
    assert [n.topic for n in app.stage.notices.shown] == ["offer"]  # "Waiting for Bob to..."
    undone = OnlineGame("ABCDEF", Colour.FIRST, "Bob", "0" * 32, "445")
    scene.link.game = undone
    scene._react(GameChanged(undone))
    said = [(n.topic, n.text) for n in app.stage.notices.shown]
    assert said == [("offer", "Bob agreed: your move is taken back.")]
    assert scene.board.moves == "445"
    # Taken back at the friend's request (this side agreed): nothing more to say.
    app.stage.notices.shown.clear()
    scene.link.offers.add(Offer.UNDO)
    scene.press("undo")  # accepting the friend's request
    again = OnlineGame("ABCDEF", Colour.FIRST, "Bob", "0" * 32, "44")
    scene.link.game = again
    scene._react(GameChanged(again))
    assert app.stage.notices.shown == [] and scene.board.moves == "44"


def test_a_refused_join_offers_back_not_cancel(app: App) -> None:
    scene = quiet_scene(app, moves=None)
    assert [item.key for item in scene.buttons.items] == ["cancel"]
    scene.problem = "No game with the code ABCDEF on that server."
    scene._rebuild_buttons()
    assert [item.label for item in scene.buttons.items] == ["Back"]
    assert scene.press("back") == Go.BACK  # to the form that asked (else the menu)


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
def test_the_ready_phrases_fit_two_to_a_row_in_every_language(
    app: App, size: tuple[int, int]
) -> None:
    """Two to a row and never cut short (each language's words chosen to fit); a
    phrase too long for half the panel would put them one to a row."""
    scene = quiet_scene(app)
    try:
        for code in LANGUAGES:
            i18n.use(code)
            scene._rebuild_buttons()
            rects = scene.layout(size).buttons
            assert rects["phrase:0"].y == rects["phrase:1"].y, code
            for key in view.PHRASE_KEYS:
                rect, label = rects[key], view.button_label(key)
                room = rect.width - 2 * (rect.height // 3)
                assert app.stage.text.fitting_size([label], 20, room) is not None, (code, label)
    finally:
        i18n.use("en")


class NothingFits:
    """A text cache in which no label fits any width."""

    def fitting_size(self, texts: object, size: int, width: int) -> None:
        return None


def test_phrases_too_long_for_half_the_panel_stand_one_to_a_row() -> None:
    keys = [*view.PHRASE_KEYS, "leave"]
    rects = view.layout((640, 480), keys, NothingFits()).buttons  # type: ignore[arg-type]
    assert len({rects[key].x for key in view.PHRASE_KEYS}) == 1
    assert rects["phrase:3"].bottom < rects["leave"].top
    assert rects["phrase:0"].width == rects["leave"].width


def test_the_first_screen_puts_the_name_below_its_explanation_in_every_language(
    app: App,
) -> None:
    app.go(Online(OnlineScreen.START))
    start = app.scene
    assert isinstance(start, OnlineStartScene)
    try:
        for code in LANGUAGES:
            i18n.use(code)
            layout = start.layout((640, 480))
            size = start.text_size(layout)
            lines = app.stage.text.wrap(start.explanation(), size, layout.body.width)
            bottom = layout.body.y + len(lines) * app.stage.text.line_step(size)
            label = app.stage.text.line_step(size)
            assert start.box_rects(layout)[0].top - label >= bottom, code
    finally:
        i18n.use("en")


@contextlib.contextmanager
def against_bob(
    app: App, url: str, *, hosted: HostedServer | None = None
) -> Iterator[tuple[OnlineScene, NetLink, NetClient]]:
    """Ann's game screen (this window) in a room she opened on ``url`` (``hosted``: this
    window's own server), Bob joined from a client thread: from the moment the game began."""
    link = NetLink(url, "Ann", CreateRoom(), server=hosted)
    link.start()
    app.go(Online(OnlineScreen.GAME, link))
    scene = scene_of(app)
    run_until(app, lambda: link.room is not None)
    assert link.room is not None
    bob = NetClient(url, "Bob", JoinRoom(link.room))
    bob.start()
    try:
        run_until(app, lambda: scene.game is not None)
        yield scene, link, bob
    finally:
        bob.close()


@contextlib.contextmanager
def own_server() -> Iterator[HostedServer]:
    """A server as the window hosting a game runs it (the game's link stops it too)."""
    hosted = HostedServer(host="127.0.0.1", port=0, keep_seconds=30)
    hosted.start()
    try:
        yield hosted
    finally:
        hosted.stop(wait=True)


def test_the_host_is_asked_before_leaving_and_leaving_counts_its_loss(app: App) -> None:
    """The window that hosts the game is its server: Esc mid-game asks first (Keep
    playing goes on), and leaving ends the game for both and counts as the host's loss,
    kept in Your games; the friend is told they win."""
    with own_server() as hosted, against_bob(app, hosted.local_url, hosted=hosted) as played:
        scene, link, bob = played
        app.step([key(pygame.K_4)], FRAME)
        run_until(app, lambda: any(isinstance(e, GameChanged) for e in bob.events()))
        app.step([key(pygame.K_ESCAPE)], FRAME)
        asked = app.scene
        assert isinstance(asked, ConfirmScene) and asked.question.question == "Leave this game?"
        assert "Bob wins" in asked.question.detail
        app.step([key(pygame.K_RETURN)], FRAME)  # the focus is on Keep playing
        assert app.scene is scene and link.server is not None
        app.step([key(pygame.K_ESCAPE)], FRAME)
        answer = app.scene
        assert isinstance(answer, ConfirmScene)
        assert answer.activate("yes") is Go.MENU
        record = app.saver.stats.per_level[ONLINE_RECORD]
        assert (record.wins, record.losses) == (0, 1)
        games = app.saver.all_games()
        assert len(games) == 1 and games[0].opponent == "Bob"
        assert games[0].result_for_human() == "loss"
        app.go(Go.MENU)
        assert isinstance(app.scene, MenuScene) and link.server is None  # the server stopped
        assert app.saver.stats.per_level[ONLINE_RECORD].losses == 1  # counted once


def test_leave_gives_a_joined_game_up_after_asking_and_esc_only_steps_away(
    app: App, server: HostedServer
) -> None:
    """Leave mid-game (README: it gives the seat up, the other player wins) asks first,
    then counts the loss, keeps nothing to continue and tells the server at once, so
    Bob wins without waiting for the seat's keep time."""
    with against_bob(app, server.local_url) as (scene, _link, bob):
        app.step([key(pygame.K_4)], FRAME)
        run_until(app, lambda: any(isinstance(e, GameChanged) for e in bob.events()))
        memory_file = app.saver.store.path.with_name(ONLINE_FILE)
        assert OnlineMemory.load(memory_file).seat is not None  # a game to continue
        app.go(scene.press("leave"))  # type: ignore[arg-type]
        asked = app.scene
        assert isinstance(asked, ConfirmScene) and asked.question.question == "Leave this game?"
        assert "Bob wins" in asked.question.detail and "Esc" in asked.question.detail
        assert asked.activate("yes") is Go.MENU
        app.go(Go.MENU)
        assert isinstance(app.scene, MenuScene)
        assert app.scene.items.items[0].key != "online_continue"
        assert OnlineMemory.load(memory_file).seat is None
        record = app.saver.stats.per_level[ONLINE_RECORD]
        assert (record.wins, record.losses) == (0, 1)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not (bob.mirror.game and bob.mirror.game.over):
            bob.events()
            time.sleep(0.02)
        assert bob.mirror.game is not None and bob.mirror.game.reason is Reason.ABANDONED
        assert bob.mirror.game.result == bob.mirror.game.colour.value  # Bob wins at once


def test_esc_steps_away_from_a_joined_game_keeping_its_seat(app: App) -> None:
    scene = quiet_scene(app)
    scene._keep_seat()  # as the game's start does
    app.step([key(pygame.K_ESCAPE)], FRAME)  # no question: the game goes on, to resume
    assert isinstance(app.scene, MenuScene)
    assert app.scene.items.items[0].key == "online_continue"
    assert OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE)).seat is not None
    assert not any(isinstance(sent, Leave) for sent in scene.link._client.sent)  # type: ignore[attr-defined]
    assert app.saver.stats.per_level.get(ONLINE_RECORD) is None


def test_a_game_whose_room_is_gone_is_not_offered_to_continue(app: App) -> None:
    scene = quiet_scene(app)
    scene._keep_seat()
    gone = Failed(Failure.GONE, "resume refused")
    scene.link.connection, scene.link.failure = Connection.FAILED, gone
    scene._react(gone)
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.items.items[0].key != "online_continue"
    assert OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE)).seat is None


def test_a_hosted_game_ended_by_closing_the_window_counts_as_the_hosts_loss(app: App) -> None:
    with own_server() as hosted, against_bob(app, hosted.local_url, hosted=hosted):
        app.close()  # the window closed mid-game: the game it hosts ends with it
        record = app.saver.stats.per_level[ONLINE_RECORD]
        assert (record.wins, record.losses) == (0, 1)
        assert [g.result_for_human() for g in app.saver.all_games()] == ["loss"]


@pytest.mark.parametrize(
    ("bob", "asked", "agreed"),
    [
        ("", "your move", "Bob agreed: your move is taken back."),
        # On Ann's own turn her last move is under Bob's reply: both go, and she is told
        # so (before, "take back a move" and then two discs vanished).
        ("3", "your move and their reply", "Bob agreed: your move and their reply are taken back."),
    ],
)
def test_the_player_who_asked_for_an_undo_is_told_what_it_takes_and_when_it_is_agreed(
    app: App, server: HostedServer, bob: str, asked: str, agreed: str
) -> None:
    waiting = f"Waiting for Bob to let you take back {asked}"
    with against_bob(app, server.local_url) as (scene, _link, client):
        app.step([key(pygame.K_4)], FRAME)
        run_until(app, lambda: any(isinstance(e, GameChanged) for e in client.events()))
        if bob:
            client.send(Move(1, int(bob)))
        run_until(app, lambda: scene.board.moves == "4" + bob and scene.drop is None)
        scene.press("undo")
        said = [notice.text for notice in app.stage.notices.shown]
        assert waiting in said
        run_until(app, lambda: any(isinstance(e, OfferReceived) for e in client.events()))
        client.send(Undo(1 + len(bob)))  # Bob agrees
        run_until(app, lambda: scene.board.moves == "")
        said = [notice.text for notice in app.stage.notices.shown]
        assert agreed in said
        assert waiting not in said  # answered: replaced


@pytest.mark.parametrize(
    ("moves", "said"),
    [
        ("4453", "Bob asks to take back a move"),  # Bob's last move, on Ann's turn
        ("445", "Bob asks to take back their last move, and yours after it"),
    ],
)
def test_an_undo_offered_says_whether_this_sides_reply_goes_too(
    app: App, moves: str, said: str
) -> None:
    scene = quiet_scene(app, moves=moves)
    scene._react(OfferReceived(Offer.UNDO))
    assert [notice.text for notice in app.stage.notices.shown] == [said]


def test_continue_for_an_online_game_given_up_since_takes_the_entry_away(app: App) -> None:
    memory = OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE))
    memory.seat = OnlineSeat("ws://127.0.0.1:9/", "ROOM42", "token", "Bob", "Ann", "first", "34")
    memory.save()
    app.go(Go.MENU)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.items.items[0].key == "online_continue"
    memory.seat = None  # the online screen learnt the room is gone, and gave the seat up
    memory.save()
    app.step([key(pygame.K_RETURN)], FRAME)  # the stale Continue
    fresh = app.scene
    assert isinstance(fresh, MenuScene) and fresh is not menu
    assert "online_continue" not in [item.key for item in fresh.items.items]
    said = [notice.text for notice in app.stage.notices.shown]
    assert "That online game is over: there is nothing to continue." in said


def test_the_menu_a_screen_returns_to_no_longer_offers_a_game_it_gave_up(app: App) -> None:
    memory = OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE))
    memory.seat = OnlineSeat("ws://127.0.0.1:9/", "ROOM42", "token", "Bob", "Ann", "first", "34")
    memory.save()
    app.go(Go.MENU)
    assert isinstance(app.scene, MenuScene) and app.scene.items.items[0].key == "online_continue"
    app.go(Go.HELP)  # a screen over the menu...
    memory.seat = None  # ...learns the room is gone (as the online screen does)
    memory.save()
    app.go(Go.BACK)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert "online_continue" not in [item.key for item in menu.items.items]


def test_a_long_chat_line_keeps_its_end_in_view_and_counts_towards_its_limit(app: App) -> None:
    box = TextBox("Chat", MAX_CHAT)
    box.type("x" * 149)
    assert box.count is None  # a short line is not counted
    box.type("y")
    assert box.count == f"150/{MAX_CHAT}"
    box.type("z" * 100)  # past the limit: what fits is kept, and the count says it is full
    assert len(box.text) == MAX_CHAT and box.count == f"{MAX_CHAT}/{MAX_CHAT}"
    # A short box is counted only once full (a name: what is typed further is left out),
    # a room code's never.
    assert TextBox("Your name", MAX_NAME, "x" * (MAX_NAME - 1)).count is None
    name = TextBox("Your name", MAX_NAME, "x" * (MAX_NAME - 1))
    name.type("yz")
    assert name.text.endswith("xy") and name.count == f"{MAX_NAME}/{MAX_NAME}"
    assert TextBox("Room code", 6, "ABCDEF", upper=True).count is None
    drawn: list[Drawn] = []
    app.stage.text.watch(drawn.append)
    surface = pygame.Surface((960, 720))
    rect = pygame.Rect(100, 600, 500, 40)
    textbox.draw_box(surface, app.stage, box, rect, 20, active=True)
    app.stage.text.watch(None)
    count, typed = drawn[-2:]
    assert count.text == f"{MAX_CHAT}/{MAX_CHAT}" and count.rect.right <= rect.right
    assert typed.text == box.text + "|" and typed.cut  # its end, beside the caret
    assert typed.rect.right < count.rect.left and typed.rect.left >= rect.left


@pytest.mark.parametrize(("over", "left"), [(False, ["leave"]), (True, ["review", "leave"])])
def test_once_the_room_is_gone_only_leaving_and_the_review_are_offered(
    app: App, over: bool, left: list[str]
) -> None:
    scene = quiet_scene(app, moves="4455667" if over else "4453")
    if over:
        won = OnlineGame("ABCDEF", Colour.FIRST, "Bob", "0" * 32, "4455667", "first", Reason.FOUR)
        scene.link.game = won
        scene._react(GameChanged(won))
    assert "phrase:0" in [item.key for item in scene.buttons.items]
    gone = Failed(Failure.GONE, "resume refused")
    scene.link.connection, scene.link.failure = Connection.FAILED, gone
    scene._react(gone)
    assert [item.key for item in scene.buttons.items] == left  # no chat, no offers: nobody hears
    app.draw()
    said = [notice.text for notice in app.stage.notices.shown]
    if over:  # the result says it all (before: "you win" beside "the room no longer exists")
        assert scene.status_line() == "" and not any("no longer exists" in t for t in said)
    else:
        assert "no longer exists" in scene.status_line()
        assert any("no longer exists" in t for t in said)


def test_tab_after_a_sent_line_keeps_writing_and_types_nothing_into_the_game(app: App) -> None:
    """Tab opens the chat and never closes it: a player who presses it again to start a
    second line must not drop a disc with its spaces and digits (only Esc goes back)."""
    scene = quiet_scene(app)
    app.step([key(pygame.K_TAB), text("hello"), key(pygame.K_RETURN)], FRAME)
    app.step([key(pygame.K_TAB)], FRAME)
    assert scene.typing
    typed = [text(char) for char in "ok 5 it is"]
    app.step([key(pygame.K_TAB), *typed, key(pygame.K_SPACE), key(pygame.K_5)], FRAME)
    app.step([key(pygame.K_RETURN)], FRAME)
    assert [line.text for line in scene.link.chat] == ["hello", "ok 5 it is"]
    assert scene.board.moves == "4453"  # no disc dropped
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert not scene.typing


def test_while_reconnecting_the_panel_says_so_instead_of_whose_turn_it_is(app: App) -> None:
    """No disc can be dropped until the connection is back: "Your turn" would invite one
    that does nothing (before, it stayed beside "Connection lost: trying again")."""
    scene = quiet_scene(app)
    scene.link.connection = Connection.RECONNECTING
    scene.link.retry_at = scene.link.now() + 8
    said = " ".join(drawn_texts(app))
    assert "Your turn" not in said and "trying again" in said
    assert not scene.may_drop


def test_once_the_room_is_gone_the_chat_is_read_only_and_nobody_has_the_turn(app: App) -> None:
    scene = quiet_scene(app)
    scene.link.chat = [ChatLine("Bob", "Good luck")]
    before = drawn_texts(app)
    assert "Your turn" in before and texts.Says.CHAT_HINT.text in before
    app.step([key(pygame.K_TAB)], FRAME)
    assert scene.typing  # writing a line when the room goes
    gone = Failed(Failure.GONE, "resume refused")
    scene.link.connection, scene.link.failure = Connection.FAILED, gone
    scene._react(gone)
    app.step([text("x")], FRAME)
    assert not scene.typing and scene.chat_box.text == ""  # the box closed: nobody to hear
    app.step([key(pygame.K_TAB)], FRAME)
    assert not scene.typing
    box = view.layout(app.size, [item.key for item in scene.buttons.items], app.stage.text)
    app.step(click(box.chat_box.center), FRAME)
    assert not scene.typing
    after = drawn_texts(app)
    assert "Your turn" not in after and texts.Says.CHAT_HINT.text not in after
    assert any("Good luck" in words for words in after)  # what was said can still be read


def test_asking_to_undo_greys_the_button_until_answered_or_a_move_voids_it(app: App) -> None:
    scene = quiet_scene(app, moves="4453")  # Ann's turn; her last move was the 5

    def undo_enabled() -> bool:
        (item,) = [item for item in scene.buttons.items if item.key == "undo"]
        return item.enabled

    scene.press("undo")
    assert scene.undo_asked and not undo_enabled()
    scene.press("undo")  # greyed: a press (the keyboard's too) asks nothing again
    assert [n.text for n in app.stage.notices.shown] == [
        "Waiting for Bob to let you take back your move and their reply"
    ]
    scene._react(OfferDeclined(Offer.UNDO))
    assert not scene.undo_asked and undo_enabled()
    scene.press("undo")
    assert not undo_enabled()
    # A move voids an open undo on the server: the button comes back with it.
    assert scene.game is not None
    scene._sync(replace(scene.game, moves="44531"))
    scene._rebuild_buttons()
    assert not scene.undo_asked and undo_enabled()
