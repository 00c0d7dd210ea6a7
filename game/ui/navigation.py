"""The scene stack and the way between screens: each transition a scene returns
(:mod:`game.ui.scenes.stack`) becomes scenes built with the services they use.

The navigator is the one place that knows every screen and what each is given: a
scene receives the :class:`~game.ui.scenes.base.SceneHost` every screen has, and
only the other services it needs (the settings, the game kept to continue, the
statistics, the computer player).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

from game.i18n import gettext as _
from game.rating import shipped_level_ratings
from game.ui.engine_link import ReplyOwner, ReviewEngine
from game.ui.match import Session, abandoned_level, abandoning_loses, describe
from game.ui.options import GameConfig, Mode
from game.ui.saver import Saver
from game.ui.scenes.base import Scene, SceneHost
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.games import GamesScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.import_game import ImportScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene, Round
from game.ui.scenes.puzzles import PuzzleData, PuzzleScene, SavedPuzzles, shipped_puzzles
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stack import (
    Confirm,
    Go,
    OpenSetup,
    Pause,
    Play,
    Review,
    SceneStack,
    Transition,
    new_game_question,
    unfinished_detail,
    waiting_notice,
)
from game.ui.scenes.stats_scene import StatsScene
from game.ui.services import Preferences


@dataclass(frozen=True, slots=True)
class Services:
    """What the scenes may be given: ``host`` (every scene), ``preferences``, ``saver``
    (the game kept and the statistics), ``engine``, ``kernel_name`` (the engine's
    build, for How to play) and ``quit`` (ends the loop)."""

    host: SceneHost
    preferences: Preferences
    saver: Saver
    engine: ReviewEngine
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

    def listening(self, owner: ReplyOwner) -> bool:
        """Whether ``owner`` is a scene still on the stack (only those get replies)."""
        return owner in self.stack

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
                    stack.replace(self._menu())
            case Go.QUIT:
                services.quit()
            case Go.MENU:
                stack.replace(self._menu())
            case Go.SETTINGS:
                stack.push(SettingsScene(services.host, services.preferences))
            case Go.HELP:
                stack.push(HowToScene(services.host, services.kernel_name()))
            case Go.STATS:
                stack.push(StatsScene(services.host, services.saver))
            case Go.PUZZLES:
                data = PuzzleData(shipped_puzzles(), shipped_level_ratings())
                records = SavedPuzzles(services.saver)
                stack.push(
                    PuzzleScene(services.host, data, engine=services.engine, records=records)
                )
            case Go.GAMES:
                stack.push(GamesScene(services.host, services.saver))
            case Go.IMPORT:
                stack.push(ImportScene(services.host))
            case Go.CONTINUE:
                self.continue_game()
            case _:
                assert_never(where)

    def _open(self, transition: OpenSetup | Pause | Play | Review | Confirm) -> None:
        stack, host = self.stack, self.services.host
        match transition:
            case OpenSetup(mode=mode, over_menu=True):
                stack.replace(self._menu(), self._setup(mode))
            case OpenSetup(mode=mode):
                stack.push(self._setup(mode))
            case Pause(play=play):
                stack.push(PauseScene(host, play))
            case Review(game=game):
                seconds = self.services.saver.settings.perfect_budget
                stack.push(
                    ReviewScene(host, game, engine=self.services.engine, analysis_seconds=seconds)
                )
            case Confirm() as question:
                stack.push(ConfirmScene(host, question, stack.top if stack else None))
            case Play(config=config) if config.mode is Mode.WATCH:
                self._watch(config)
            case Play(config=config, asked=False) if self.services.saver.game_in_progress:
                self.go(self._ask_to_abandon(Play(config, asked=True)))
            case Play(config=config):
                stack.replace(self._play(Round(Session(config))))
            case _:
                assert_never(transition)

    def _menu(self) -> MenuScene:
        saver = self.services.saver
        return MenuScene(self.services.host, settings=saver.settings, saved=saver.game_in_progress)

    def _setup(self, mode: Mode) -> SetupScene:
        return SetupScene(self.services.host, mode, self.services.preferences, self.services.saver)

    def _play(self, round_: Round) -> PlayScene:
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
        kept = self.services.saver.game_in_progress
        self.stack.replace(self._play(Round(Session(config))))
        if kept is not None and kept.mode is not Mode.WATCH:
            self.services.host.notify(waiting_notice(describe(kept)))

    def _ask_to_abandon(self, then: Transition) -> Confirm:
        """The question before a new game takes the place of the game in progress."""
        saver = self.services.saver
        saved = saver.game_in_progress
        assert saved is not None

        loses = abandoning_loses(saved)

        def abandon() -> Transition:
            if loses:
                saver.record_result(abandoned_level(saved), "loss")
            saver.keep_game(None)
            return then

        # "No" goes on with the kept game, rather than back to the screen that asked.
        detail = unfinished_detail(describe(saved), loses=loses)
        return new_game_question(detail, abandon, no_label=_("Continue it"), no=lambda: Go.CONTINUE)

    def continue_game(self) -> None:
        """Close every scene and go on with the game in progress (the main menu's
        Continue).  It was checked when it was read (a bad one is dropped at load)."""
        saved = self.services.saver.game_in_progress
        if saved is None:
            self.go(Go.MENU)
            return
        session, match = Session.restore(saved)
        self.stack.replace(self._play(Round(session, match)))
