"""The main menu's picture kept at the window's close and shown at the next start before
the game's modules load (game.start_picture): it must be the very frame the game then
draws, and anything wrong with it must only cost the start its head start."""

from __future__ import annotations

import os
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game import i18n, languages, resources, start_picture
from game._version import __version__
from game.ai.levels import level_by_name
from game.i18n import LANGUAGES, LOCALE_ENV
from game.profile.choices import Mode
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.options import GameConfig, LaunchOptions
from game.ui.scenes.menu import MenuScene
from tests.fakes import FRAME, FakeWorker, advance, key, start_game

ARGUMENTS = ("--windowed", "800x600")
OPTIONS = LaunchOptions(window_size=(800, 600), fullscreen=False, arguments=ARGUMENTS)


@pytest.fixture(autouse=True)
def _nothing_shown() -> Iterator[None]:
    """Each test starts and ends with no picture shown (the module keeps what it showed)."""
    start_picture.shown.picture = start_picture.shown.at = start_picture.shown.problem = None
    start_picture.shown.shipped = False
    yield
    start_picture.shown.picture = start_picture.shown.at = start_picture.shown.problem = None
    start_picture.shown.shipped = False


def folder() -> Path:
    return Path(os.environ["CONNECT4_CONFIG_DIR"])


def session(
    options: LaunchOptions = OPTIONS,
    *,
    kept_game: bool = False,
    resize: tuple[int, int] | None = None,
    **settings: object,
) -> None:
    """A session that opens at the menu, plays a little if asked, and closes as
    :meth:`App.run` closes the window (keeping the picture)."""
    app = App(options, worker=FakeWorker())
    app.settings.sound_on = False
    app.open(sounds=False)
    for name, value in settings.items():  # as the Settings screen changes them
        setattr(app.settings, name, value)
    app.apply_settings()
    app.step([], 0.0)
    if resize is not None:  # the player drags the window to another size
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=resize[0], h=resize[1])], FRAME)
        assert app.size == resize
    if kept_game:  # two moves against Hard, then the window closes mid-game
        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=level_by_name("Hard")))
        advance(app, 1.0)
        app.step([key(pygame.K_1)], FRAME)
        advance(app, 1.0)
    app.close(keep_picture=True)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def spoil(picture: Path) -> None:
    """A square of magenta in the kept picture (800x600), as an older version might
    have drawn the menu."""
    stale = pygame.image.frombytes(zlib.decompress(picture.read_bytes()), (800, 600), "RGB")
    stale.fill((255, 0, 255), pygame.Rect(10, 10, 50, 50))
    picture.write_bytes(zlib.compress(pixels(stale)))


def next_start(options: LaunchOptions = OPTIONS) -> tuple[bool, bytes | None, App]:
    """A start as the launcher makes it: the picture if it holds, then the game's window.
    Returns whether the picture was shown, what the window showed before the game's
    first frame (None: no window yet), and the app after that first frame."""
    shown = start_picture.show(options.arguments)
    surface = pygame.display.get_surface()
    before_open = pixels(surface) if surface is not None else None
    app = App(options, worker=FakeWorker())
    app.open(sounds=False)
    screen = pygame.display.get_surface()
    assert screen is not None
    if before_open is not None:  # the window was not made again (that blanks it)
        assert pixels(screen) == before_open
    app.step([], 0.0)
    return shown, before_open, app


@pytest.mark.parametrize(
    ("case", "options", "settings", "kept_game", "resize"),
    [
        ("a window size from the command line", OPTIONS, {}, False, None),
        ("resized: the next start's size", LaunchOptions(), {}, False, (720, 560)),
        (
            "an odd width (rows of 3 x 701 bytes)",
            LaunchOptions(window_size=(701, 523), arguments=("--windowed", "701x523")),
            {},
            False,
            None,
        ),
        ("resized, but the command line's size", OPTIONS, {}, False, (900, 650)),
        (
            "German, high contrast",
            OPTIONS,
            {"language": "de", "theme": "high-contrast"},
            False,
            None,
        ),
        ("Chinese", OPTIONS, {"language": "zh_CN"}, False, None),
        ("a kept game (Continue)", OPTIONS, {}, True, None),
    ],
)
def test_the_next_start_shows_the_very_frame_the_game_then_draws(
    case: str,
    options: LaunchOptions,
    settings: dict[str, object],
    kept_game: bool,
    resize: tuple[int, int] | None,
) -> None:
    session(options, kept_game=kept_game, resize=resize, **settings)
    assert (folder() / start_picture.PICTURE_NAME).is_file(), case
    shown, before, app = next_start(options)
    try:
        assert shown, case
        assert isinstance(app.scene, MenuScene)
        if kept_game:
            assert app.scene.continues, "the kept game is offered"
        screen = pygame.display.get_surface()
        assert screen is not None and before is not None
        assert screen.get_size() == (options.window_size or resize), case
        assert pixels(screen) == before, f"{case}: the game's first frame differs"
        assert start_picture.check(screen, str(folder())) == (False, None)
        assert (folder() / start_picture.PICTURE_NAME).is_file(), "kept: it was right"
    finally:
        app.close()


@pytest.mark.parametrize(
    "change",
    [
        "another command line",
        "a language variable",
        "a game's variable",
        "another version",
        "a settings file",
        "another desktop",
    ],
)
def test_no_picture_once_anything_it_depends_on_has_changed(
    change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    session()
    assert start_picture.show(ARGUMENTS), "before the change, it is shown"
    pygame.display.quit()
    start_picture.shown.picture = start_picture.shown.at = None
    arguments = ARGUMENTS
    if change == "another command line":
        arguments = ("--windowed", "801x600")
    elif change == "a language variable":
        monkeypatch.setenv("LANGUAGE", "fr")
    elif change == "a game's variable":
        monkeypatch.setenv("CONNECT4_ASSETS_DIR", str(folder()))
    elif change == "another version":
        monkeypatch.setattr(start_picture, "__version__", "9.9.9")
    elif change == "a settings file":
        (folder() / "settings.json").write_text("{}", encoding="utf-8")
    else:  # as if kept on a screen of another size
        text = folder() / start_picture.FINGERPRINT_NAME
        lines = text.read_text(encoding="utf-8").split("\n")
        lines[2] = "5120x2880"
        text.write_text("\n".join(lines), encoding="utf-8")
    assert (folder() / start_picture.PICTURE_NAME).is_file()
    assert start_picture.show(arguments) is False
    assert not pygame.display.get_init(), "the display is left as it was found"
    assert start_picture.shown.problem is None  # nothing wrong with it: things changed


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("fingerprint: not ours", "not one this version reads"),
        ("fingerprint: bad size", "ValueError: invalid literal for int()"),
        ("picture: cut short", "error: Error -5 while decompressing data"),
        ("picture: another size", "start-picture.pixels has 921600 bytes, not 800x600 RGB"),
        ("icon: cut short", "error: Error -5 while decompressing data"),
        ("picture: gone", "FileNotFoundError"),
    ],
)
def test_a_damaged_picture_costs_only_the_head_start(damage: str, said: str) -> None:
    session()
    text = folder() / start_picture.FINGERPRINT_NAME
    picture = folder() / start_picture.PICTURE_NAME
    lines = text.read_text(encoding="utf-8").split("\n")
    if damage == "fingerprint: not ours":
        text.write_text("hello\n" + "\n".join(lines[1:]), encoding="utf-8")
    elif damage == "fingerprint: bad size":
        lines[3] = "800 by 600"
        text.write_text("\n".join(lines), encoding="utf-8")
    elif damage == "picture: cut short":
        picture.write_bytes(picture.read_bytes()[:1000])
    elif damage == "picture: another size":
        picture.write_bytes(zlib.compress(bytes(640 * 480 * 3)))
    elif damage == "icon: cut short":
        icon = folder() / start_picture.ICON_NAME
        icon.write_bytes(icon.read_bytes()[:100])
    else:
        picture.unlink()
    shown, _before, app = next_start()
    try:
        assert not shown
        assert isinstance(app.scene, MenuScene), "the game started all the same"
        screen = pygame.display.get_surface()
        assert screen is not None
        differed, told = start_picture.check(screen, str(folder()))
        assert not differed
        assert told is not None and said in told, told
    finally:
        app.close()


def test_a_picture_unlike_the_first_frame_is_shown_once_then_forgotten() -> None:
    session()
    picture = folder() / start_picture.PICTURE_NAME
    spoil(picture)
    shown, before, app = next_start()
    try:
        assert shown and before is not None
        screen = pygame.display.get_surface()
        assert screen is not None and pixels(screen) != before
        # A click on the picture, meant for what it showed there, is dropped.
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(30, 30), button=1))
        app.check_start_picture(0.2)
        assert not pygame.event.peek(pygame.MOUSEBUTTONDOWN)
        assert not picture.exists()
        assert not (folder() / start_picture.FINGERPRINT_NAME).exists()
    finally:
        app.close(keep_picture=True)
    assert not picture.exists(), "the session that found it different keeps none"


@pytest.mark.parametrize(
    "options",
    [
        LaunchOptions(position="44", arguments=("--position", "44")),
        LaunchOptions(fullscreen=True, arguments=("--fullscreen",)),
    ],
    ids=["a game from the command line", "fullscreen"],
)
def test_a_start_that_is_not_the_windowed_menu_keeps_no_picture(options: LaunchOptions) -> None:
    session()  # a picture kept for the plain start: the other start drops it
    assert (folder() / start_picture.PICTURE_NAME).is_file()
    app = App(options, worker=FakeWorker())
    app.settings.sound_on = False
    app.open(sounds=False)
    app.step([], 0.0)
    app.close(keep_picture=True)
    assert not (folder() / start_picture.PICTURE_NAME).exists()
    assert not (folder() / start_picture.FINGERPRINT_NAME).exists()


def test_a_window_maximised_at_the_close_keeps_no_picture() -> None:
    """The next start opens maximised, at the size the window manager gives it: no
    picture of another size shows first (nor after a start with a size of its own)."""
    app = App(LaunchOptions(), worker=FakeWorker())
    app.settings.sound_on = False
    app.open(sounds=False)
    app.step([], 0.0)
    app.step([pygame.event.Event(pygame.WINDOWMAXIMIZED)], FRAME)
    app.close(keep_picture=True)
    assert not (folder() / start_picture.PICTURE_NAME).exists()
    session()  # --windowed 800x600: that size, not maximised, whatever was kept
    assert (folder() / start_picture.PICTURE_NAME).is_file()


def test_a_picture_is_kept_only_by_a_real_close() -> None:
    """Tests and scripts close an app without keeping one (only App.run's close does)."""
    app = App(OPTIONS, worker=FakeWorker())
    app.open(sounds=False)
    app.close()
    assert not (folder() / start_picture.PICTURE_NAME).exists()


def test_the_settings_folder_is_found_as_the_settings_find_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from game.profile.settings import config_dir  # noqa: PLC0415

    assert Path(start_picture.folder_for_settings()) == config_dir()
    monkeypatch.delenv("CONNECT4_CONFIG_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    for xdg in (str(tmp_path / "xdg"), "", "   ", "relative/config"):
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
        assert Path(start_picture.folder_for_settings()) == config_dir(), repr(xdg)
    assert SettingsStore().path.parent == config_dir()


def test_the_launcher_loads_nothing_of_the_game_before_the_picture() -> None:
    """What runs before the picture: the launcher and this module beside pygame, with no
    settings, language, logging or command line parser (their time is what the picture
    saves)."""
    script = (
        "import os, sys; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1';"
        "import pygame; before = set(sys.modules);"
        "import game.launch, game.start_picture;"
        "print(sorted(set(sys.modules) - before))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['game', 'game._version', 'game.launch', 'game.start_picture']"


def test_a_first_frame_with_a_notice_over_the_menu_keeps_the_picture() -> None:
    """A notice at the start (a repaired file, a missing asset) is drawn over the menu:
    that frame is not compared with the picture of the menu alone, which stays (even one
    that differs: without the notice it would be forgotten, as above)."""
    session()
    picture = folder() / start_picture.PICTURE_NAME
    spoil(picture)
    shown = start_picture.show(ARGUMENTS)
    app = App(OPTIONS, worker=FakeWorker())
    try:
        app.open(sounds=False)
        app.stage.notify("The settings file was repaired.")
        app.step([], 0.0)
        assert shown
        app.check_start_picture(0.2)
        assert picture.is_file()
        assert start_picture.shown.picture is None, "let go"
    finally:
        app.close()


def test_closing_never_fails_on_the_picture(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A menu that cannot be drawn at the close is logged; the window still closes."""
    app = App(OPTIONS, worker=FakeWorker())
    app.open(sounds=False)
    app.step([], 0.0)

    def broken() -> MenuScene:
        raise RuntimeError("a scene's bug")

    monkeypatch.setattr(app.navigator, "menu", broken)
    app.close(keep_picture=True)
    assert not app.stage.window.is_open
    assert "the start picture was not kept" in caplog.text
    assert "a scene's bug" in caplog.text
    assert not (folder() / start_picture.PICTURE_NAME).exists()


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["--self-test"], ["--bogus"]])
def test_another_command_line_does_not_even_load_pygame(argv: list[str]) -> None:
    """With a picture kept for the plain start, a command line that never opens the menu
    (help, version, the self-test, a refused option) does not match it before pygame is
    loaded; the plain one does (the control)."""
    session()
    script = (
        "import sys; from game import start_picture;"
        "print(start_picture.show(sys.argv[1:]), 'pygame' in sys.modules)"
    )
    for arguments, expected in ((argv, "False False"), (list(ARGUMENTS), "True True")):
        result = subprocess.run(
            [sys.executable, "-c", script, *arguments],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == expected, arguments


def test_a_window_resized_while_the_picture_is_up_keeps_its_size() -> None:
    """A window manager that sizes new windows at once (a tiling one), or a quick player:
    the game adopts the window at the size it has, rather than setting it back."""
    session()
    assert start_picture.show(ARGUMENTS)
    pygame.display.set_mode((700, 560), pygame.RESIZABLE)  # what the resize leaves
    app = App(OPTIONS, worker=FakeWorker())
    try:
        app.open(sounds=False)
        app.step([], 0.0)
        assert app.size == (700, 560)
        assert start_picture.check(pygame.display.get_surface(), str(folder())) == (False, None)
        assert (folder() / start_picture.PICTURE_NAME).is_file(), "not a stale picture"
    finally:
        app.close()


def test_a_language_from_the_command_line_is_the_next_starts_too() -> None:
    """``--language de``: the picture is German, and none is kept after the player chose
    another language in the session (the next start with the same command line speaks
    German again)."""
    options = LaunchOptions(
        window_size=(800, 600),
        fullscreen=False,
        language="de",
        arguments=(*ARGUMENTS, "--language", "de"),
    )
    session(options)
    shown, before, app = next_start(options)
    try:
        assert shown and before is not None
        screen = pygame.display.get_surface()
        assert screen is not None and pixels(screen) == before
        menu = app.scene
        assert isinstance(menu, MenuScene) and menu.title == "Vier gewinnt"
    finally:
        app.close()
    session(options, language="fr")
    assert not (folder() / start_picture.PICTURE_NAME).exists()


# -- the first start: the shipped pictures (assets/start) ---------------------------------

SHIPPED = resources.assets_dir() / start_picture.SHIPPED_FOLDER
REDRAW = "draw them again: python build_scripts/make_start_pictures.py"
SIZE = (960, 720)


def shipped_list(folder: Path = SHIPPED) -> list[str]:
    return (folder / start_picture.SHIPPED_LIST_NAME).read_text(encoding="utf-8").split("\n")


def shipped_pixels(language: str, folder: Path = SHIPPED) -> bytes:
    return zlib.decompress((folder / f"{language}.pixels").read_bytes())


def as_a_first_start(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """The environment of a player's first start in ``language``: none of the game's
    variables but the harmless ones (the tests' own catalogues' folder is one a first
    start does not have: :func:`as_the_tests` sets it back)."""
    for name in list(os.environ):
        if name.startswith(start_picture.GAME_VARIABLES):
            if name not in start_picture.HARMLESS_VARIABLES:
                monkeypatch.delenv(name)
        elif name in (*start_picture.LANGUAGE_VARIABLES, *start_picture.TEXT_VARIABLES):
            monkeypatch.delenv(name)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("LANG", f"{language}.UTF-8")


def as_the_tests(monkeypatch: pytest.MonkeyPatch, catalogues: Path) -> None:
    """After :func:`as_a_first_start`: the app reads the tests' catalogues (compiled from
    the same .po files as the game's)."""
    monkeypatch.setenv(LOCALE_ENV, str(catalogues))


def game_over_the_picture(options: LaunchOptions) -> tuple[bytes, App]:
    """After :func:`start_picture.show`: what the window showed, and the app after its
    first frame.  The window is painted magenta between the two, so the frame compared is
    the one the game drew, not the picture left in the window."""
    surface = pygame.display.get_surface()
    assert surface is not None
    before = pixels(surface)
    surface.fill((255, 0, 255))
    app = App(options, worker=FakeWorker())
    app.open(sounds=False)
    app.step([], 0.0)
    return before, app


def drawn_here(folder: Path = SHIPPED) -> None:
    """The pictures are drawn by the test extra's pygame-ce (pinned, as the build's):
    one that differs means its pin moved without them."""
    drawn_by = shipped_list(folder)[2]
    assert drawn_by == pygame.version.ver, f"drawn by pygame-ce {drawn_by}: {REDRAW}"


def test_the_shipped_pictures_are_this_version_s_in_every_language() -> None:
    """Every language has its picture, of the size the list says, drawn for this version
    (the menu shows it) and by this pygame-ce: a new version needs them drawn again."""
    lines = shipped_list()
    assert lines[0] == start_picture.SHIPPED_FORMAT
    assert lines[1] == __version__, f"drawn for version {lines[1]}, this is {__version__}: {REDRAW}"
    drawn_here()
    assert lines[3] == "linux", "the committed ones are Linux's (build.py draws the others')"
    assert lines[4] == "{}x{}".format(*SIZE), "the default window's size"
    codes = [line.split("\t")[0] for line in lines[6:] if line]
    assert codes == list(LANGUAGES), REDRAW
    for code in codes:
        assert len(shipped_pixels(code)) == SIZE[0] * SIZE[1] * 3, code
    icon_width, icon_height = (int(n) for n in lines[5].split("x"))
    icon = zlib.decompress((SHIPPED / "icon.pixels").read_bytes())
    assert len(icon) == icon_width * icon_height * 4


@pytest.mark.skipif(sys.platform != "linux", reason="the committed pictures are Linux's")
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_first_start_shows_its_language_s_picture_and_it_is_the_first_frame(
    language: str, monkeypatch: pytest.MonkeyPatch, compiled_catalogues: Path
) -> None:
    """A first start (no command line, no settings yet) in each language shows the
    shipped picture before the game loads, with the title in that language, and the
    game's own first frame is that picture, pixel for pixel."""
    drawn_here()
    as_a_first_start(monkeypatch, language)
    assert start_picture.show(())
    assert start_picture.shown.shipped
    titles = dict(line.split("\t") for line in shipped_list()[6:] if line)
    assert pygame.display.get_caption()[0] == titles[language]
    as_the_tests(monkeypatch, compiled_catalogues)
    before, app = game_over_the_picture(LaunchOptions())
    try:
        assert before == shipped_pixels(language), "the window showed the shipped picture"
        screen = pygame.display.get_surface()
        assert screen is not None and screen.get_size() == SIZE
        assert pixels(screen) == before, f"{language}: the game's first frame differs: {REDRAW}"
        assert start_picture.check(screen, str(folder())) == (False, None)
    finally:
        app.close()


def a_copy_of_the_shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped pictures copied where the next start finds them, marked as drawn for
    this system by this pygame-ce (so that each change below is the only difference)."""
    copy = tmp_path / "assets" / start_picture.SHIPPED_FOLDER
    copy.mkdir(parents=True)
    for path in SHIPPED.iterdir():
        (copy / path.name).write_bytes(path.read_bytes())
    lines = shipped_list(copy)
    lines[2], lines[3] = pygame.version.ver, sys.platform
    (copy / start_picture.SHIPPED_LIST_NAME).write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setattr(start_picture, "assets_folder", lambda: str(copy.parent))
    return copy


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("a command line", None),
        ("a settings file", None),
        ("a settings folder that is a file", None),
        ("another assets folder", None),
        ("another catalogues folder", None),
        ("FreeType's settings", None),
        ("an XDG_CONFIG_HOME with a space", None),
        ("a language it has no picture for", "no shipped picture in de"),
        ("no catalogue for the language", "no catalogue for de: the game speaks English"),
        ("pictures of another version", "the shipped pictures are version 0.0.1's"),
        ("pictures drawn by another pygame-ce", "it was drawn by pygame-ce 1.0.0"),
        ("pictures of another system", None),
        ("a desktop smaller than the window", None),
        ("a screen of 16 bits a pixel", None),
    ],
)
def test_only_a_first_start_as_drawn_shows_a_shipped_picture(
    change: str, said: str | None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """What the shipped pictures do not show: a start that is not a first one, or not
    one they were drawn for.  Each costs the head start only (and is said in the log
    where the pictures do not fit)."""
    as_a_first_start(monkeypatch, "de")
    copy = a_copy_of_the_shipped(tmp_path, monkeypatch)
    assert start_picture.show(()), "the control: a first start in German"
    pygame.display.quit()
    start_picture.shown.picture = start_picture.shown.at = None
    listed = copy / start_picture.SHIPPED_LIST_NAME
    lines = shipped_list(copy)
    arguments: tuple[str, ...] = ()
    if change == "a command line":
        arguments = ("--windowed", "960x720")
    elif change == "a settings file":
        folder().mkdir(parents=True, exist_ok=True)
        (folder() / "settings.json").write_text("{}", encoding="utf-8")
    elif change == "a settings folder that is a file":  # what the game reads, none can say
        folder().parent.mkdir(parents=True, exist_ok=True)
        folder().write_text("", encoding="utf-8")
    elif change == "another assets folder":
        monkeypatch.setenv("CONNECT4_ASSETS_DIR", str(copy.parent))
    elif change == "another catalogues folder":
        monkeypatch.setenv(LOCALE_ENV, str(tmp_path))
    elif change == "FreeType's settings":
        monkeypatch.setenv("FREETYPE_PROPERTIES", "cff:no-stem-darkening=0")
    elif change == "an XDG_CONFIG_HOME with a space":
        monkeypatch.setenv("XDG_CONFIG_HOME", f"{tmp_path} ")
    elif change == "a language it has no picture for":
        listed.write_text("\n".join(line for line in lines if not line.startswith("de\t")))
    elif change == "no catalogue for the language":
        monkeypatch.setattr(start_picture, "catalogue", lambda code: str(tmp_path / "none.mo"))
    elif change.startswith("pictures of another") or change.startswith("pictures drawn"):
        index, value = {"version": (1, "0.0.1"), "pygame-ce": (2, "1.0.0"), "system": (3, "os2")}[
            change.rsplit(maxsplit=1)[-1]
        ]
        lines[index] = value
        listed.write_text("\n".join(lines), encoding="utf-8")
    elif change == "a desktop smaller than the window":
        monkeypatch.setattr(start_picture, "desktop_size", lambda: "800x600")
    else:  # its colours would not be the picture's
        monkeypatch.setattr(pygame.display, "Info", lambda: SimpleNamespace(bitsize=16))
    assert start_picture.show(arguments) is False
    assert not pygame.display.get_init(), "the display is left as it was found"
    problem = start_picture.shown.problem
    assert (problem is None) if said is None else (problem is not None and said in problem)
    assert not start_picture.shown.shipped


def test_a_shipped_picture_that_differs_is_said_and_left_in_place(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, compiled_catalogues: Path
) -> None:
    """Out-of-date pictures (a menu changed since they were drawn) show once at a first
    start; the game's frame replaces the picture, the log says so, and the game's files
    stay as they are."""
    as_a_first_start(monkeypatch, "en")
    copy = a_copy_of_the_shipped(tmp_path, monkeypatch)
    stale = pygame.image.frombytes(shipped_pixels("en", copy), SIZE, "RGB")
    stale.fill((255, 0, 255), pygame.Rect(10, 10, 50, 50))
    (copy / "en.pixels").write_bytes(zlib.compress(pixels(stale)))
    assert start_picture.show(())
    as_the_tests(monkeypatch, compiled_catalogues)
    _before, app = game_over_the_picture(LaunchOptions())
    try:
        differed, said = start_picture.check(pygame.display.get_surface(), str(folder()))
        assert differed
        assert said is not None and "shipped start picture" in said
        assert (copy / "en.pixels").is_file()
    finally:
        app.close()


def test_the_start_finds_files_where_the_game_finds_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The assets, the catalogues and the language's variables, as start_picture finds
    them without loading the modules that own them."""
    monkeypatch.delenv(LOCALE_ENV)
    assert start_picture.assets_folder() == str(resources.assets_dir())
    for code in LANGUAGES:
        assert Path(start_picture.catalogue(code)) == i18n.catalogue_path(code)
    assert start_picture.LANGUAGE_VARIABLES == languages.LOCALE_VARIABLES
    monkeypatch.setenv("CONNECT4_ASSETS_DIR", "/elsewhere")
    assert start_picture.assets_folder() == ""


def test_a_first_start_loads_only_the_language_s_module_before_its_picture(
    tmp_path: Path,
) -> None:
    """Before a shipped picture: the launcher, this module and the system's language,
    beside pygame (no settings, catalogues, logging or command line parser)."""
    script = (
        "import os, sys; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1';"
        "import pygame; before = set(sys.modules);"
        "import game.launch, game.start_picture;"
        "shown = game.start_picture.show(());"
        "print(shown, sorted(set(sys.modules) - before))"
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(start_picture.GAME_VARIABLES) and k != "XDG_CONFIG_HOME"
    }
    env["CONNECT4_CONFIG_DIR"] = str(tmp_path / "fresh")
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    loaded = "['game', 'game._version', 'game.languages', 'game.launch', 'game.start_picture']"
    assert result.stdout.strip() == f"True {loaded}"


@pytest.mark.slow
def test_the_script_draws_the_committed_pictures_again(tmp_path: Path) -> None:
    """``make_start_pictures.py`` (which the build runs when the committed pictures are
    not its pygame-ce's) draws the committed pictures, here."""
    drawn_here()
    script = Path(__file__).resolve().parent.parent / "build_scripts" / "make_start_pictures.py"
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        path.name for path in SHIPPED.iterdir()
    )
    assert shipped_list(tmp_path) == shipped_list(), REDRAW
    for path in SHIPPED.glob("*.pixels"):
        drawn = zlib.decompress((tmp_path / path.name).read_bytes())
        assert drawn == zlib.decompress(path.read_bytes()), f"{path.name}: {REDRAW}"
