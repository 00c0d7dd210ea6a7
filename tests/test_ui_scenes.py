"""The scene stack, the transitions scenes return, and what scene modules may import."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from game.ai.levels import level_by_name
from game.i18n import LANGUAGES
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes import howto, stats_scene
from game.ui.scenes.base import FormScene, Scene, SceneStack
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene, texts
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stack import Go, OpenSetup, Pause
from game.ui.scenes.stats_scene import StatsScene
from tests.fakes import FRAME, FakeWorker, key, start_game

ROOT = Path(__file__).resolve().parent.parent
SCENES = ROOT / "game" / "ui" / "scenes"


class Recorder(Scene):
    """A scene that writes down what the stack does to it."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log

    def draw(self, surface: pygame.Surface) -> None:
        raise AssertionError("not drawn here")

    def resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def close(self) -> None:
        self.log.append(f"close {self.name}")


def test_the_stack_closes_what_leaves_and_resumes_what_comes_back_on_top() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = (Recorder(name, log) for name in "abc")
    stack.push(a)
    stack.push(b)
    assert stack.top is b and len(stack) == 2 and a in stack and c not in stack
    stack.pop()
    assert log == ["close b", "resume a"] and stack.top is a
    stack.push(b)
    log.clear()
    stack.replace(c, b)
    assert log == ["close b", "close a"]
    assert list(stack) == [c, b]
    log.clear()
    stack.clear()
    assert log == ["close b", "close c"] and len(stack) == 0
    with pytest.raises(IndexError):
        _ = stack.top


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


SCENE_MODULES = sorted(SCENES.rglob("*.py"))
"""Every module of the scenes, those inside a screen's package too."""


def _scene_id(path: Path) -> str:
    return str(path.relative_to(SCENES))


def _home(path: Path) -> str:
    """The scene a module belongs to: its package below game/ui/scenes, or the module."""
    parts = path.relative_to(SCENES).with_suffix("").parts
    return "game.ui.scenes." + parts[0]


@pytest.mark.parametrize("path", SCENE_MODULES, ids=_scene_id)
def test_no_scene_module_imports_the_app(path: Path) -> None:
    assert not any(name.startswith("game.ui.app") for name in _imports(path))


@pytest.mark.parametrize("path", SCENE_MODULES, ids=_scene_id)
def test_a_scene_module_opens_no_other_scene(path: Path) -> None:
    """Scenes name where to go (game.ui.scenes.stack); only the app builds scenes.  A
    module inside a screen's package imports its own package, never another screen's."""
    shared = {"game.ui.scenes", "game.ui.scenes.base", "game.ui.scenes.stack"}
    home = _home(path)
    others = {
        name
        for name in _imports(path)
        if name.startswith("game.ui.scenes")
        and name not in shared
        and name != home
        and not name.startswith(home + ".")
    }
    assert others == set(), _scene_id(path)


def test_the_scene_check_looks_inside_the_screens_packages() -> None:
    ids = {_scene_id(path) for path in SCENE_MODULES}
    assert {"play/scene.py", "review/scene.py", "puzzles/scene.py"} <= ids
    assert _home(SCENES / "review" / "view.py") == "game.ui.scenes.review"


def _pause(app: App, mode: Mode) -> PauseScene:
    start_game(app, GameConfig(mode=mode, level=level_by_name("Hard")))
    app.step([key(pygame.K_ESCAPE)], FRAME)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    return pause


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        ("resume", Go.BACK),
        ("settings", Go.SETTINGS),
        ("help", Go.HELP),
        ("menu", Go.MENU),
        ("quit", Go.QUIT),
        ("new", OpenSetup(Mode.VS_COMPUTER, over_menu=True)),
        ("restart", Go.BACK),
    ],
)
def test_the_pause_menu_names_where_each_choice_leads(
    app: App, choice: str, expected: object
) -> None:
    assert _pause(app, Mode.VS_COMPUTER).activate(choice) == expected


def test_a_new_game_from_the_pause_menu_goes_to_setup_over_a_fresh_menu(app: App) -> None:
    pause = _pause(app, Mode.WATCH)
    pause.items.focus_on("new")
    app.step([key(pygame.K_RETURN)], FRAME)
    scenes = list(app.scenes)
    assert [type(s) for s in scenes] == [MenuScene, SetupScene]
    assert isinstance(scenes[1], SetupScene) and scenes[1].mode is Mode.WATCH
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert app.scene is scenes[0]


def test_escape_in_a_game_returns_the_pause_transition(app: App) -> None:
    start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=level_by_name("Hard")))
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.handle_event(key(pygame.K_ESCAPE)) == Pause(play.paused())
    assert app.scene is play  # returning it changed nothing; the app applies it


def test_the_statistics_screen_shows_every_level_played_with_totals(app: App) -> None:
    app.saver.record_result("Hard", "win")
    app.saver.record_result("Hard", "win")
    app.saver.record_result("Easy", "loss")
    app.saver.record_result("Custom 10", "draw")
    assert isinstance(app.scene, MenuScene)
    app.go(app.scene.activate("stats"))  # type: ignore[arg-type]
    stats = app.scene
    assert isinstance(stats, StatsScene)
    assert stats.table == [
        ("Easy", "0", "1", "0", "0", "0"),
        ("Hard", "2", "0", "0", "2", "2"),
        ("Custom 10", "0", "0", "1", "0", "0"),
        ("All levels", "2", "1", "1", "", ""),
    ]
    app.step([], FRAME)  # it draws
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene)


def test_the_statistics_reset_asks_twice_and_forgets_in_the_file_too(app: App) -> None:
    app.saver.record_result("Hard", "win")
    app.go(Go.STATS)
    stats = app.scene
    assert isinstance(stats, StatsScene)
    assert stats.activate("reset") is None
    assert app.saver.stats.per_level["Hard"].wins == 1  # the first press only asks
    assert stats.items.get("reset").label == stats_scene.reset_label(asked=True)
    asking = [n.text for n in app.stage.notices.shown if n.topic == "reset"]
    assert asking and "rating" in asking[0] and "puzzles" in asking[0]  # what would go
    stats.activate("reset")
    assert stats.table == [] and app.saver.stats.per_level.get("Hard") is None
    assert SettingsStore().load().stats.per_level.get("Hard") is None
    assert any("reset" in notice.text for notice in app.stage.notices.shown)
    assert not [n for n in app.stage.notices.shown if n.topic == "reset"]  # answered


def test_leaving_the_statistics_unanswered_takes_the_reset_notice_away(app: App) -> None:
    app.go(Go.STATS)
    stats = app.scene
    assert isinstance(stats, StatsScene)
    stats.activate("reset")
    assert [n for n in app.stage.notices.shown if n.topic == "reset"]
    app.step([key(pygame.K_ESCAPE)], FRAME)
    assert isinstance(app.scene, MenuScene)
    assert not [n for n in app.stage.notices.shown if n.topic == "reset"]


def test_no_games_yet_leaves_an_empty_table() -> None:
    assert stats_scene.rows({}) == []


def test_the_menus_show_a_dimmed_board_in_the_room_the_items_leave(app: App) -> None:
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.backdrop is not None
    size = app.size
    with_board = pygame.Surface(size)
    menu.draw(with_board)
    form: FormScene = menu  # the backdrop is optional for forms; the menu's has one
    form.backdrop = None
    plain = pygame.Surface(size)
    menu.draw(plain)
    items = menu.layout(size).rects.values()
    # Left of the items, where only the background was, the board now shows...
    left = min(r.left for r in items)
    beside = [(x, y) for x in range(10, left, 7) for y in range(0, size[1], 7)]
    changed = [p for p in beside if with_board.get_at(p) != plain.get_at(p)]
    assert len(changed) > len(beside) // 4
    # ...dimmed: darker everywhere than the theme's board colour itself.
    board = app.stage.theme.board
    assert all(sum(with_board.get_at(p)[:3]) < sum(board) for p in changed)
    # The items themselves are drawn over it unchanged.
    centre = next(iter(items)).center
    assert with_board.get_at(centre) == plain.get_at(centre)


@pytest.mark.parametrize(
    ("size", "language"),
    [
        ((640, 480), "en"),
        ((960, 720), "en"),
        ((1920, 1080), "en"),
        *(((640, 480), code) for code in sorted(LANGUAGES) if code != "en"),
    ],
)
def test_how_to_play_fits_above_its_button_at_every_size(
    size: tuple[int, int], language: str
) -> None:
    """Every page whole, in every language at the smallest window."""
    options = LaunchOptions(window_size=size, fullscreen=False, language=language)
    app = App(options, worker=FakeWorker())
    app.open()
    try:
        app.go(Go.HELP)
        app.step([], FRAME)
        scene = app.scene
        assert isinstance(scene, HowToScene)
        layout = scene.layout(size)
        assert 0 < scene.content_bottom <= layout.body.bottom < layout.rects["back"].top
        for page in (1, 2):  # the Review screen and the coach; the puzzles
            app.step([key(pygame.K_RIGHT)], FRAME)
            assert scene.page == page and scene.items.get("previous").enabled
            assert 0 < scene.content_bottom <= layout.body.bottom
        assert not scene.items.get("next").enabled
    finally:
        app.close()


def test_enter_through_how_to_plays_pages_never_leaves_it(app: App) -> None:
    """End, then Enter on Next page to the last page: the focus stays on a page button
    (Previous page), not Back, so one more Enter does not leave."""
    app.go(Go.HELP)
    app.step([], FRAME)
    scene = app.scene
    assert isinstance(scene, HowToScene)
    app.step([key(pygame.K_END)], FRAME)
    assert scene.items.focused is not None and scene.items.focused.key == "next"
    for _ in range(howto.PAGES - 1):
        app.step([key(pygame.K_RETURN)], FRAME)
    assert scene.page == howto.PAGES - 1 and app.scene is scene
    assert scene.items.focused is not None and scene.items.focused.key == "previous"
    app.step([key(pygame.K_RETURN)], FRAME)
    assert app.scene is scene and scene.page == howto.PAGES - 2


def test_how_to_play_and_the_keys_line_name_the_keys_the_game_takes() -> None:
    """The puzzles' keys, the Review screen's, its marks and the coach in How to play; F11
    and the arrows in the game's keys line (issue 37: a player looked for them)."""
    blocks = [block for page in howto.pages("compiled") for block in page]
    keys = {name for block in blocks for name, _what in block.keys}
    assert {"D", "N", "R", "Home / End", "C", "Left / Right", "Esc, F11, M", "Ctrl+Q"} <= keys
    words = " ".join(block.words for block in blocks)
    assert all(mark in words for mark in ("\u2713", "?!", "??")) and "coach" in words
    line = texts.keys_help(Mode.VS_COMPUTER, over=False)
    assert "F11" in line and "Left/Right" in line


def test_a_window_opening_under_the_pointer_leaves_the_menu_s_first_item_focused() -> None:
    """SDL tells where the pointer is when the window appears under it (a motion event
    without a movement): that is not the player pointing, and Enter still starts the
    first item, as the window's first frame showed.  Once the mouse moves, it points."""
    app = App(LaunchOptions(window_size=(800, 600)), worker=FakeWorker())
    app.open(sounds=False)
    try:
        app.step([], 0.0)
        menu = app.scene
        assert isinstance(menu, MenuScene)
        first = menu.items.focused
        assert first is not None
        fourth = menu.layout(app.size).rects[menu.items.items[3].key]
        still = pygame.event.Event(
            pygame.MOUSEMOTION, pos=fourth.center, rel=(0, 0), buttons=(0, 0, 0), touch=False
        )
        app.step([still], FRAME)
        assert menu.items.focused is first
        moved = pygame.event.Event(
            pygame.MOUSEMOTION, pos=fourth.center, rel=(3, 1), buttons=(0, 0, 0), touch=False
        )
        app.step([moved], FRAME)
        assert menu.items.focused is menu.items.items[3]
    finally:
        app.close()
