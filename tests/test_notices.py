"""Where the notices stand: on every screen, never over a button (nor, on the Review
screen, over the keys' help; nor over the online game's board and chat, or a question's
dialog), however long the sentence and however small the window."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ai.levels import level_by_name
from game.net.client import JoinRoom
from game.net.messages import Colour
from game.net.mirror import OnlineGame
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.net_link import Connection, NetLink
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import FormScene, Scene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.online import OnlineScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.puzzles.scene import PuzzleScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.review.panel import footer_top
from game.ui.scenes.stack import Go, Review
from tests.fakes import FRAME, FakeWorker, key, start_game
from tests.netfakes import SilentClient

LONG = (
    "Your list of games (history.json) was damaged and has been set aside as"
    " history.json.damaged; a new one has been started."
)
SHORT = "Statistics reset: every level starts again from nothing."


def _buttons(scene: Scene, size: tuple[int, int]) -> list[pygame.Rect]:
    """What can be clicked on ``scene`` (besides a board's columns)."""
    if isinstance(scene, ConfirmScene):  # and the question, what would be lost
        form = scene.layout(size)
        return [*form.rects.values(), scene.box(form)]
    if isinstance(scene, FormScene):
        return list(scene.layout(size).rects.values())
    if isinstance(scene, PlayScene):
        return list(scene.layout(size).buttons.values())
    if isinstance(scene, ReviewScene):
        layout = scene.layout(size)
        keys = pygame.Rect(layout.panel.x, footer_top(scene.host, layout), layout.panel.width, 1)
        return [*layout.buttons.values(), keys.unionall(list(layout.buttons.values()))]
    if isinstance(scene, OnlineScene):
        online = scene.layout(size)
        return [*online.buttons.values(), online.chat_box, online.board.frame_rect]
    if isinstance(scene, PuzzleScene):
        return list(scene.layout().buttons.values())
    raise AssertionError(f"no buttons known for {scene!r}")


def _play(app: App) -> None:
    start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=level_by_name("Hard")))


def _pause(app: App) -> None:
    _play(app)
    app.step([], FRAME)
    app.step([key(pygame.K_ESCAPE)], FRAME)


def _online(app: App) -> None:
    """The online game screen mid-game (its link open, no server behind it)."""
    from game.ui.scenes.stack import Online, OnlineScreen  # noqa: PLC0415

    link = NetLink("ws://127.0.0.1:1", "Ann", JoinRoom("ABCDEF"), client=SilentClient)  # type: ignore[arg-type]
    link.connection = Connection.OPEN
    link.game = OnlineGame("ABCDEF", Colour.FIRST, "Bob", "0" * 32, "4453")
    app.go(Online(OnlineScreen.GAME, link))


def _resign(app: App) -> None:
    """The question before resigning an online game, over its screen."""
    _online(app)
    scene = app.scene
    assert isinstance(scene, OnlineScene)
    asking = scene.press("resign")
    assert asking is not None
    app.go(asking)


SCREENS: dict[str, Callable[[App], None]] = {
    "menu": lambda app: None,
    "statistics": lambda app: app.go(Go.STATS),
    "settings": lambda app: app.go(Go.SETTINGS),
    "your games": lambda app: app.go(Go.GAMES),
    "import": lambda app: app.go(Go.IMPORT),
    "how to play": lambda app: app.go(Go.HELP),
    "puzzles": lambda app: app.go(Go.PUZZLES),
    "review": lambda app: app.go(Review(ReviewGame("4455667"))),
    "play": _play,
    "pause": _pause,
    "online": _online,
    "confirm": _resign,
}


@pytest.mark.parametrize("size", [(640, 480), (960, 720)])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_notice_covers_a_button(screen: str, size: tuple[int, int]) -> None:
    app = App(LaunchOptions(window_size=size), worker=FakeWorker(), store=SettingsStore())
    app.open()
    try:
        SCREENS[screen](app)
        app.step([], FRAME)
        app.stage.notify(LONG)
        app.stage.notify(SHORT)
        app.step([], FRAME)
        surface = pygame.display.get_surface()
        assert surface is not None
        scene = app.scene
        boxes = app.stage.notices.draw(surface, app.stage, scene.notice_place(size))
        assert boxes, "the newest notice is always shown"
        covered = [
            (tuple(box), tuple(button))
            for box in boxes
            for button in _buttons(scene, size)
            if box.colliderect(button)
        ]
        assert covered == []
    finally:
        app.close()
