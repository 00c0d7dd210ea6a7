"""The scene stack and the way between screens: each transition a scene returns
(:mod:`game.ui.scenes.stack`) becomes scenes built with the services they use.

The navigator is the one place that knows every screen and what each is given: a
scene receives the :class:`~game.ui.scenes.base.SceneHost` every screen has, and
only the other services it needs (the settings, the game kept to continue, the
statistics, the computer player).

Each screen's module is imported when the screen first opens (the main menu's alone
before the first frame), or by :func:`warm_up` once the first frame is drawn.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

from game.i18n import gettext as _
from game.profile.online_memory import ONLINE_FILE, OnlineMemory
from game.ui.engine_link import Engine
from game.ui.options import GameConfig, Mode
from game.ui.saver import Saver
from game.ui.scenes.base import Scene, SceneHost, SceneStack
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.stack import (
    Confirm,
    Go,
    Online,
    OnlineScreen,
    OpenSetup,
    Pause,
    Play,
    Review,
    Transition,
    new_game_question,
    unfinished_detail,
    waiting_notice,
)
from game.ui.services import Preferences

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene, Round
    from game.ui.scenes.setup import SetupScene

SCREENS = (
    "game.ui.scenes.confirm",
    "game.ui.scenes.games",
    "game.ui.scenes.howto",
    "game.ui.scenes.import_game",
    "game.ui.scenes.pause",
    "game.ui.scenes.play",
    "game.ui.scenes.puzzles",
    "game.ui.scenes.review",
    "game.ui.scenes.settings_scene",
    "game.ui.scenes.setup",
    "game.ui.scenes.stats_scene",
)
"""The modules of the screens besides the main menu (imported when first opened)."""


def warm_up() -> None:
    """Import every screen's module now (after the first frame), so that no screen waits
    for its code when the player first opens it."""
    for name in SCREENS:
        importlib.import_module(name)


@dataclass(frozen=True, slots=True)
class Services:
    """What the scenes may be given: ``host`` (every scene), ``preferences``, ``saver``
    (the game kept and the statistics), ``engine``, ``kernel_name`` (the engine's
    build, for How to play) and ``quit`` (ends the loop)."""

    host: SceneHost
    preferences: Preferences
    saver: Saver
    engine: Engine
    kernel_name: Callable[[], str]
    quit: Callable[[], None]


class Navigator:
    """The scenes on screen (:attr:`stack`) and the transitions between them."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.stack = SceneStack()

    @property
    def top(self) -> Scene:
        """The scene on top (the one that gets events and is drawn)."""
        return self.stack.top

    def go(self, transition: Transition) -> None:
        """Build the scenes ``transition`` names and move them on the stack."""
        if isinstance(transition, Go):
            self._go(transition)
        else:
            self._open(transition)

    def _go(self, where: Go) -> None:
        stack, services = self.stack, self.services
        match where:
            case Go.BACK:
                stack.pop()
                if not stack:
                    stack.replace(self.menu())
                else:  # the screen gone may have ended or given up what Continue offered
                    self.refresh_menu()
            case Go.QUIT:
                services.quit()
            case Go.MENU:
                stack.clear()  # first: the menu offers what the closed screens left
                stack.replace(self.menu())
            case Go.CONTINUE:
                self.continue_game()
            case _:
                stack.push(OVERLAYS[where](services))

    def _open(self, transition: OpenSetup | Pause | Play | Review | Confirm | Online) -> None:
        # Here and in the builders below, a screen's module loads when it first opens.
        stack, host = self.stack, self.services.host
        match transition:
            case OpenSetup(mode=mode, over_menu=True):
                stack.clear()
                stack.replace(self.menu(), self._setup(mode))
            case OpenSetup(mode=mode):
                stack.push(self._setup(mode))
            case Pause(game=game):
                from game.ui.scenes.pause import PauseScene  # noqa: PLC0415

                stack.push(PauseScene(host, game))
            case Review(game=game):
                from game.ui.scenes.review import ReviewScene  # noqa: PLC0415

                saver = self.services.saver
                seconds = saver.settings.perfect_budget
                engine = self.services.engine
                stack.push(
                    ReviewScene(host, game, engine=engine, analysis_seconds=seconds, keeper=saver)
                )
            case Confirm() as question:
                from game.ui.scenes.confirm import ConfirmScene  # noqa: PLC0415

                stack.push(ConfirmScene(host, question, stack.top if stack else None))
            case Play(config=config) if config.mode is Mode.WATCH:
                self._watch(config)
            case Play(config=config, asked=False) if self.services.saver.continuable():
                self.go(self._ask_to_abandon(Play(config, asked=True)))
            case Play(config=config):
                from game.ui.match import Session  # noqa: PLC0415
                from game.ui.scenes.play import Round  # noqa: PLC0415

                stack.replace(self._play(Round(Session(config))))
            case Online():
                self._online(transition)
            case _:
                assert_never(transition)

    def refresh_menu(self) -> None:
        """A main menu on top is made again if what its Continue offers has changed
        meanwhile: when the window comes to the front (another window took the game, or
        left one) and when the menu comes back on top (the screen over it ended a game,
        or found an online game gone)."""
        top = self.top
        if not isinstance(top, MenuScene):
            return
        fresh = self.menu()
        if (fresh.saved, fresh.online) != (top.saved, top.online):
            self.stack.replace(fresh)

    def menu(self) -> MenuScene:
        """A main menu as it is made now (from the saved settings and kept games)."""
        saver = self.services.saver
        return MenuScene(
            self.services.host,
            settings=saver.settings,
            saved=saver.continuable(),
            online=self._online_memory().seat,
        )

    def _online_memory(self) -> OnlineMemory:
        return OnlineMemory.load(self.services.saver.store.path.with_name(ONLINE_FILE))

    def _online(self, transition: Online) -> None:
        """The screens of play across the network (their modules, and asyncio, websockets
        and zeroconf with them, load the first time: the game starts without them)."""
        from game.net.client import ResumeSeat  # noqa: PLC0415
        from game.ui.net_link import NetLink  # noqa: PLC0415
        from game.ui.scenes.online import JoinScene, OnlineScene, OnlineStartScene  # noqa: PLC0415

        host, memory = self.services.host, self._online_memory()
        link = transition.link
        match transition.screen:
            case OnlineScreen.START:
                self.stack.push(OnlineStartScene(host, memory))
            case OnlineScreen.JOIN:
                self.stack.push(JoinScene(host, memory))
            case OnlineScreen.CONTINUE if memory.seat is not None:
                seat = memory.seat
                link = NetLink(seat.url, seat.name, ResumeSeat(seat.room, seat.token))
                link.start()
            case OnlineScreen.CONTINUE:
                # The menu offered a seat given up since (its room is gone): a fresh menu
                # without it, and why it went.
                self.stack.replace(self.menu())
                host.notify(_("That online game is over: there is nothing to continue."))
        if link is not None and transition.screen is not OnlineScreen.START:
            scene = OnlineScene(host, link, keeper=self.services.saver, memory=memory)
            if isinstance(self.stack.top, JoinScene):
                # Over the form: a room refused (a wrong code) goes back to it as typed.
                self.stack.push(scene)
            else:
                self.stack.replace(self.menu(), scene)

    def _setup(self, mode: Mode) -> SetupScene:
        from game.ui.scenes.setup import SetupScene  # noqa: PLC0415 - see _open

        return SetupScene(self.services.host, mode, self.services.preferences, self.services.saver)

    def _play(self, round_: Round) -> PlayScene:
        from game.ui.scenes.play import PlayScene  # noqa: PLC0415 - see _open

        services = self.services
        return PlayScene(
            services.host,
            round_,
            settings=services.saver.settings,
            keeper=services.saver,
            engine=services.engine,
        )

    def _watch(self, config: GameConfig) -> None:
        """Two computers play ``config``.  Watching takes no game's place: a game of the
        player's that is kept stays kept (the player is told it waits)."""
        from game.ui.match import Session, describe  # noqa: PLC0415 - see _open
        from game.ui.scenes.play import Round  # noqa: PLC0415

        kept = self.services.saver.game_in_progress
        self.stack.replace(self._play(Round(Session(config))))
        if kept is not None and kept.mode is not Mode.WATCH:
            self.services.host.notify(waiting_notice(describe(kept)))

    def _ask_to_abandon(self, then: Transition) -> Confirm:
        """The question before a new game takes the place of the game in progress."""
        from game.ui.match import abandoning_loses, count_abandoned, describe  # noqa: PLC0415

        saver = self.services.saver
        saved = saver.continuable()
        assert saved is not None

        loses = abandoning_loses(saved)

        def abandon() -> Transition:
            # Counted only once given up: another window may have taken it meanwhile.
            if saver.abandon(saved) and loses:
                count_abandoned(saver, saved)
            return then

        # "No" goes on with the kept game, rather than back to the screen that asked.
        detail = unfinished_detail(describe(saved), loses=loses)
        return new_game_question(detail, abandon, no_label=_("Continue it"), no=lambda: Go.CONTINUE)

    def continue_game(self) -> None:
        """Close every scene and go on with the game in progress (the main menu's
        Continue).  It was checked when it was read (a bad one is dropped at load).
        Another window playing it now keeps it, and one that ended it since leaves nothing
        to continue: the menu comes back without it, and says why."""
        saver = self.services.saver
        saved = saver.continue_game()
        if saved is None:
            if saver.played_elsewhere():
                self.services.host.notify(_("That game is being played in another window."))
            else:  # the menu was drawn before another window finished it (or gave it up)
                self.services.host.notify(
                    _("That game ended in another window: there is nothing to continue.")
                )
            self.go(Go.MENU)
            return
        from game.ui.match import Session  # noqa: PLC0415 - see _open
        from game.ui.scenes.play import Round  # noqa: PLC0415

        session, match = Session.restore(saved)
        self.stack.replace(self._play(Round(session, match)))


# -- the screens that open over the others (Go.SETTINGS...), each loaded when it opens --


def _settings(services: Services) -> Scene:
    from game.ui.scenes.settings_scene import SettingsScene  # noqa: PLC0415

    return SettingsScene(services.host, services.preferences)


def _help(services: Services) -> Scene:
    from game.ui.scenes.howto import HowToScene  # noqa: PLC0415

    return HowToScene(services.host, services.kernel_name())


def _stats(services: Services) -> Scene:
    from game.ui.scenes.stats_scene import StatsScene  # noqa: PLC0415

    return StatsScene(services.host, services.saver)


def _puzzles(services: Services) -> Scene:
    from game.profile.rating import shipped_level_ratings  # noqa: PLC0415
    from game.ui.scenes.puzzles import (  # noqa: PLC0415
        PuzzleData,
        PuzzleScene,
        SavedPuzzles,
        shipped_puzzles,
    )

    data = PuzzleData(shipped_puzzles(), shipped_level_ratings())
    records = SavedPuzzles(services.saver)
    return PuzzleScene(services.host, data, engine=services.engine, records=records)


def _games(services: Services) -> Scene:
    from game.ui.scenes.games import GamesScene  # noqa: PLC0415

    return GamesScene(services.host, services.saver)


def _import(services: Services) -> Scene:
    from game.ui.scenes.import_game import ImportScene  # noqa: PLC0415

    return ImportScene(services.host)


OVERLAYS: dict[Go, Callable[[Services], Scene]] = {
    Go.SETTINGS: _settings,
    Go.HELP: _help,
    Go.STATS: _stats,
    Go.PUZZLES: _puzzles,
    Go.GAMES: _games,
    Go.IMPORT: _import,
}
"""The screens a :class:`Go` puts over the others, by the transition."""
