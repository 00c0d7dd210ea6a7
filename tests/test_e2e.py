"""End to end: the real game in a real window on a virtual screen, driven like a player.

Marked ``e2e`` (run them alone with ``pytest -m e2e``).  They need Xvfb,
xdotool, imagemagick's ``import``, python-xlib, and openbox for the fullscreen
test; ``.ci/run`` installs the programs from Debian's packages and the test
extra python-xlib.  Without them the tests skip and say what is missing.

The test reads the board from screenshots: the colour at each cell's disc,
where the game's own layout code says the cell is.  It saves every screenshot
in ``screenshots/e2e/`` at the top of the repository (ignored by git).
"""

from __future__ import annotations

import functools
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game import resources, start_picture
from game.core import HEIGHT, WIDTH, Board
from game.logs import LOG_FILE, log_dir
from game.profile.preferences import Settings
from game.profile.settings import SettingsStore, config_dir
from game.profile.statistics import Statistics
from game.ui.app import App
from game.ui.options import LaunchOptions, Mode, config_for
from game.ui.scenes.play import PlayScene
from game.ui.scenes.stack import OpenSetup
from tests.fakes import FakeWorker, start_game
from tests.x11 import SCREEN, Display, missing_tools, virtual_screen, window_manager

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(sys.platform != "linux", reason="drives an X11 virtual screen (Linux)"),
]

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "screenshots" / "e2e"
WINDOW = (800, 600)
RESIZED = (960, 720)
"""The size a test drags the window to (the virtual screen is 1024x768)."""
EXIT_DEADLINE = 2.0
"""Seconds every process of the game has to exit after the window is closed or the
game is killed (the issue's requirement)."""
WAIT = 20.0
"""Seconds to wait for something to appear on screen before failing."""


@pytest.fixture(scope="module")
def display() -> Iterator[Display]:
    missing = missing_tools()
    if missing:
        pytest.skip(f"end-to-end tests need {', '.join(missing)} (see tests/x11.py)")
    with virtual_screen() as screen:
        yield screen


# -- where things are: the game's own layout code, run headless in this process -----


class Layout:
    """Window-relative positions of the menu, setup and play screens at ``size``."""

    def __init__(self, size: tuple[int, int] = WINDOW) -> None:
        app = App(LaunchOptions(window_size=size), worker=FakeWorker())
        app.open()
        try:
            self.menu = dict(app.scene.layout(size).rects)  # type: ignore[attr-defined]
            app.go(OpenSetup(Mode.VS_COMPUTER))
            self.setup = dict(app.scene.layout(size).rects)  # type: ignore[attr-defined]
            start_game(app, config_for(app.settings, Mode.VS_COMPUTER))
            scene = app.scene
            assert isinstance(scene, PlayScene)
            board = scene.layout(size).board
            self.cells = {
                (col, row): board.centre(col, row) for col in range(WIDTH) for row in range(HEIGHT)
            }
            self.radius = board.radius
        finally:
            app.close()


# -- reading the screen ---------------------------------------------------------------


def disc_colour(image: pygame.Surface, centre: tuple[int, int], radius: int) -> str:
    """ "red", "yellow" or "empty", from a few pixels around a disc's ``centre`` on the
    screen (off the centre itself, where the last-move mark and the winning marks are
    drawn)."""
    offset = round(radius * 0.6)
    votes: dict[str, int] = {}
    for dx, dy in ((offset, 0), (-offset, 0), (0, offset), (0, -offset)):
        r, g, b, *_ = image.get_at((centre[0] + dx, centre[1] + dy))
        colour = "empty"
        if r > 150 and g < 110 and b < 110:
            colour = "red"
        elif r > 150 and g > 130 and b < 110:
            colour = "yellow"
        votes[colour] = votes.get(colour, 0) + 1
    return max(votes, key=lambda name: votes[name])


class Screen:
    """Screenshots of the game window, read as a board."""

    def __init__(self, display: Display, window: int, layout: Layout, folder: Path) -> None:
        self.display, self.window, self.layout, self.folder = display, window, layout, folder
        self.count = 0

    def origin(self) -> tuple[int, int]:
        return self.display.window_origin(self.window)

    def shot(self, name: str) -> tuple[pygame.Surface, tuple[int, int]]:
        self.count += 1
        path = self.display.screenshot(self.folder / f"{self.count:02d}-{name}.png")
        return pygame.image.load(str(path)), self.origin()

    def disc_at(self, image: pygame.Surface, origin: tuple[int, int], cell: tuple[int, int]) -> str:
        cx, cy = self.layout.cells[cell]
        return disc_colour(image, (origin[0] + cx, origin[1] + cy), self.layout.radius)

    def board(self, image: pygame.Surface, origin: tuple[int, int]) -> dict[tuple[int, int], str]:
        return {cell: self.disc_at(image, origin, cell) for cell in self.layout.cells}

    def wait_for(
        self, name: str, ready: Callable[[dict[tuple[int, int], str]], bool]
    ) -> dict[tuple[int, int], str]:
        deadline = time.monotonic() + WAIT
        while True:
            image, origin = self.shot(name)
            cells = self.board(image, origin)
            if ready(cells):
                return cells
            if time.monotonic() > deadline:
                pytest.fail(f"the screen never showed {name} (last screenshot {self.count})")
            time.sleep(0.3)


def expected_cells(board: Board) -> dict[tuple[int, int], str]:
    """What the screen should show for ``board``: red moves first."""
    cells = {}
    for col in range(WIDTH):
        for row in range(HEIGHT):
            owner = board.cell(col, row)
            cells[(col, row)] = "empty" if owner is None else ("red", "yellow")[owner]
    return cells


def choose_column(board: Board) -> int:
    """A sensible human move: win if possible, else block, else centre first."""
    order = (3, 2, 4, 1, 5, 0, 6)
    playable = [c for c in order if board.can_play(c)]
    for column in playable:
        board.play(column)
        won = board.outcome is not None and board.outcome.winner is not None
        board.undo()
        if won:
            return column
    for column in playable:
        trial = Board.from_moves(board.moves)
        trial.play(column)
        if not any(_wins_at_once(trial, reply) for reply in range(WIDTH) if trial.can_play(reply)):
            return column
    return playable[0]


def _wins_at_once(board: Board, column: int) -> bool:
    board.play(column)
    won = board.outcome is not None and board.outcome.winner is not None
    board.undo()
    return won


# -- processes --------------------------------------------------------------------------


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def gone(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


def wait_gone(pids: list[int], seconds: float) -> float | None:
    """Seconds until every pid has exited, or None if some did not within ``seconds``."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if all(gone(pid) for pid in pids):
            return time.monotonic() - began
        time.sleep(0.02)
    return None


def log_tail(lines: int = 15) -> str:
    """The last lines of the game's log file (the tests point its folder at a temp dir)."""
    path = log_dir() / LOG_FILE
    try:
        return "\n".join(path.read_text(encoding="utf-8").splitlines()[-lines:])
    except OSError as error:
        return f"(no log: {error})"


def launch(display: Display, *args: str, own_group: bool = False) -> subprocess.Popen[bytes]:
    """The game in a window of ``WINDOW``; ``own_group``: in a process group of its own,
    as a shell runs a command in a terminal (Ctrl-C signals the whole group)."""
    env = display.env()
    env.pop("SDL_VIDEODRIVER", None)  # the tests' dummy driver: this game needs the screen
    env["SDL_AUDIODRIVER"] = "dummy"
    return subprocess.Popen(
        [sys.executable, "-m", "game", "--windowed", f"{WINDOW[0]}x{WINDOW[1]}", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        process_group=0 if own_group else None,
    )


@contextmanager
def running(game: subprocess.Popen[bytes]) -> Iterator[subprocess.Popen[bytes]]:
    """The game, killed on the way out if a failed check left it running."""
    try:
        yield game
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


def save_settings(**fields: object) -> None:
    """Settings for the next launch, and no game in progress (an earlier test's would
    put Continue on the menu and ask before a new game)."""
    settings = Settings(**{"window_size": WINDOW, "animation_speed": 3.0, **fields})  # type: ignore[arg-type]
    store = SettingsStore(config_dir() / "settings.json")
    assert store.save(settings, Statistics(), None) is None


def fresh_folder(name: str) -> Path:
    folder = SHOTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


# -- the tests ---------------------------------------------------------------------------


def test_a_whole_game_against_the_beginner_then_close_the_window(display: Display) -> None:
    save_settings(level="Beginner", starter="you", colour="red")
    layout = Layout()
    with running(launch(display)) as game:
        window = display.find_window(game.pid)
        screen = Screen(display, window, layout, fresh_folder("beginner-game"))
        screen.wait_for("menu", lambda cells: all(v == "empty" for v in cells.values()))

        def click(rect: pygame.Rect) -> None:
            x, y = screen.origin()
            display.click(x + rect.centerx, y + rect.centery)

        click(layout.menu["play"])
        time.sleep(0.5)
        screen.shot("setup")
        click(layout.setup["start"])

        board = Board()
        turn = 0
        while not board.is_over:
            column = choose_column(board)
            row = board.height(column)
            if turn % 2:  # every other move by key, the rest by mouse
                display.key(window, str(column + 1))
            else:
                x, y = screen.origin()
                cx, cy = layout.cells[(column, row)]
                display.click(x + cx, y + cy)
            board.play(column)
            turn += 1
            mine = expected_cells(board)
            cells = screen.wait_for(f"you-col{column + 1}", functools.partial(_includes, want=mine))
            assert cells[(column, row)] == "red", (
                f"no red disc where I clicked: column {column + 1}"
            )
            if board.is_over:
                break
            # Wait until the computer's disc has landed (a falling disc passes
            # through the cells above its own, one frame at a time).
            cells = screen.wait_for("computer", _landed_by(board, "yellow"))
            column = _new_disc(cells, board, "yellow")
            board.play(column)
            assert cells == expected_cells(board), f"the screen disagrees with {board.moves}"
        final, origin = screen.shot("game-over")
        assert board.outcome is not None
        assert screen.board(final, origin) == expected_cells(board)

        workers = children_of(game.pid)
        assert workers, "the game runs its computer player in a child process"
        display.close_window(window)
        took = wait_gone([game.pid, *workers], EXIT_DEADLINE)
        left = [pid for pid in [game.pid, *workers] if not gone(pid)]
        assert took is not None, (
            f"processes {left} (game {game.pid}) left {EXIT_DEADLINE} s after closing the"
            f" window; the game's log ends:\n{log_tail()}"
        )
        assert game.wait(5) == 0


def _includes(cells: dict[tuple[int, int], str], want: dict[tuple[int, int], str]) -> bool:
    """Every disc of ``want`` is on screen (the computer may already have answered)."""
    return all(cells[cell] == colour for cell, colour in want.items() if colour != "empty")


def _shows(cells: dict[tuple[int, int], str], board: Board) -> bool:
    return cells == expected_cells(board)


def _landed_by(board: Board, colour: str) -> Callable[[dict[tuple[int, int], str]], bool]:
    """Whether a disc of ``colour`` has landed on top of ``board`` (as it is now)."""
    return functools.partial(_landed, board=board.copy(), colour=colour)


def _landed(cells: dict[tuple[int, int], str], board: Board, colour: str) -> bool:
    """One new ``colour`` disc is on screen, resting on top of its column."""
    known = expected_cells(board)
    new = [cell for cell, shown in cells.items() if shown != known[cell]]
    return len(new) == 1 and cells[new[0]] == colour and new[0][1] == board.height(new[0][0])


def _new_disc(cells: dict[tuple[int, int], str], board: Board, colour: str) -> int:
    known = expected_cells(board)
    new = [cell for cell, shown in cells.items() if shown == colour and known[cell] == "empty"]
    assert len(new) == 1, f"expected one new {colour} disc after {board.moves}, saw {new}"
    column, row = new[0]
    assert row == board.height(column), f"the new disc floats: {new[0]} after {board.moves}"
    return column


def test_killing_the_game_mid_search_leaves_no_worker_behind(display: Display) -> None:
    # The computer starts and thinks at the Perfect level: an exact search from the
    # empty board that would take minutes, cut at its 3 s budget.
    save_settings(level="Perfect", starter="computer", colour="yellow")
    with running(launch(display, "--level", "Perfect")) as game:
        window = display.find_window(game.pid)
        deadline = time.monotonic() + WAIT
        workers: list[int] = []
        while not workers and time.monotonic() < deadline:
            workers = children_of(game.pid)
            time.sleep(0.1)
        assert workers, "no worker process appeared"
        time.sleep(1.0)  # mid-search
        display.screenshot(fresh_folder("kill") / "thinking.png")
        assert window
        os.kill(game.pid, signal.SIGKILL)
        game.wait()
        took = wait_gone(workers, EXIT_DEADLINE)
        assert took is not None, f"the worker kept running {EXIT_DEADLINE} s after the game died"


def test_f11_fills_the_screen_under_a_window_manager_and_restores_the_window() -> None:
    """Under openbox, as on a desktop: F11 fills the screen, F11 again gives the window
    its size back, and nothing is printed on the terminal (pygame warned that "the OS"
    had resized the window when it left fullscreen through ``set_mode``)."""
    if shutil.which("openbox") is None:
        pytest.skip("needs openbox (Debian's package of that name; .ci/run installs it)")
    missing = missing_tools()
    if missing:
        pytest.skip(f"end-to-end tests need {', '.join(missing)} (see tests/x11.py)")
    save_settings()
    folder = fresh_folder("fullscreen")
    with virtual_screen() as screen, window_manager(screen):
        with running(launch(screen)) as game:
            window = screen.find_window(game.pid)
            sizes = [_settled_size(screen, window, WINDOW)]
            screen.xdotool("windowactivate", "--sync", str(window))
            for expected, name in ((SCREEN, "fullscreen"), (WINDOW, "windowed-again")):
                screen.xdotool("key", "F11")  # to the focused window, as a keyboard does
                sizes.append(_settled_size(screen, window, expected))
                screen.screenshot(folder / f"{len(sizes)}-{name}.png")
            assert sizes == [WINDOW, SCREEN, WINDOW]
            screen.close_window(window)
            assert game.wait(10) == 0
        assert game.stderr is not None
        printed = game.stderr.read().decode()
        assert printed == "", f"the game printed on the terminal:\n{printed}"


def _settled_size(screen: Display, window: int, expected: tuple[int, int]) -> tuple[int, int]:
    """The window's size once it is ``expected``, or its last size after a few seconds."""
    deadline = time.monotonic() + 5
    size = screen.window_size(window)
    while size != expected and time.monotonic() < deadline:
        time.sleep(0.1)
        size = screen.window_size(window)
    return size


def _menu_rects() -> dict[str, pygame.Rect]:
    """Where the main menu's items are at ``WINDOW``, for the settings file as it is now
    (Continue is there only while the file keeps a game in progress)."""
    app = App(LaunchOptions(window_size=WINDOW), worker=FakeWorker())
    app.open()
    try:
        return dict(app.scene.layout(WINDOW).rects)  # type: ignore[attr-defined]
    finally:
        app.close()


@pytest.mark.parametrize(
    ("signum", "to_group"),
    [
        (signal.SIGTERM, False),
        (signal.SIGINT, True),
        (signal.SIGHUP, True),
        (signal.SIGQUIT, True),
    ],
    ids=[
        "SIGTERM",
        "SIGINT-to-the-terminal-group",
        "SIGHUP-the-terminal-closing",
        "SIGQUIT-ctrl-backslash",
    ],
)
def test_a_signal_closes_the_game_as_the_close_button_does(
    display: Display, signum: signal.Signals, to_group: bool
) -> None:
    """SIGTERM (``kill``, a logout), and Ctrl-C, Ctrl-\\ or closing the terminal of
    ``connect4-cli`` (SIGINT, SIGQUIT, SIGHUP to the whole process group), mid-game: the
    game in progress and the settings are saved, the worker stopped, the exit status 0,
    the signal in the log; the next start offers the same game to continue."""
    # A window size the close must overwrite: only closing saves a size the player chose
    # (the command line's is for one run), so the window is resized as a player would.
    save_settings(level="Beginner", starter="you", colour="red", window_size=(720, 540))
    layout = Layout()
    folder = fresh_folder(f"signal-{signum.name}")
    with running(launch(display, "--level", "Beginner", own_group=to_group)) as game:
        window = display.find_window(game.pid)
        screen = Screen(display, window, layout, folder)
        board = Board()
        for column in (3, 2):  # my discs in columns 4 and 3; the computer answers the first
            screen.wait_for("my-turn", functools.partial(_shows, board=board.copy()))
            display.key(window, str(column + 1))
            board.play(column)
            mine = expected_cells(board)
            screen.wait_for("my-disc", functools.partial(_includes, want=mine))
            if board.ply == 1:
                cells = screen.wait_for("reply", _landed_by(board, "yellow"))
                board.play(_new_disc(cells, board, "yellow"))
        # The computer is thinking about its second answer, or dropping it; the player
        # drags the window bigger, and the game draws the board at the new size.
        display.xdotool("windowsize", "--sync", str(window), str(RESIZED[0]), str(RESIZED[1]))
        resized = Screen(display, window, Layout(RESIZED), folder)
        resized.wait_for("resized", functools.partial(_includes, want=expected_cells(board)))
        workers = children_of(game.pid)
        assert workers, "the game runs its computer player in a child process"
        if to_group:
            os.killpg(game.pid, signum)
        else:
            os.kill(game.pid, signum)
        took = wait_gone([game.pid, *workers], EXIT_DEADLINE)
        assert took is not None, (
            f"processes left {EXIT_DEADLINE} s after {signum.name}; the log ends:\n{log_tail()}"
        )
        assert game.wait(5) == 0, f"exit status {game.returncode}; the log ends:\n{log_tail()}"
        assert game.stderr is not None
        printed = game.stderr.read().decode()
        assert "Traceback" not in printed, printed
    assert f"{signum.name} received: closing" in log_tail(), log_tail()
    report = SettingsStore(config_dir() / "settings.json").load()
    assert report.settings.window_size == RESIZED, "the settings were not saved on closing"
    saved = report.game
    assert saved is not None, "the game in progress was not saved"
    assert saved.moves.startswith(board.moves), (saved.moves, board.moves)

    # The next start offers that game on the menu, and Continue shows it.
    continue_at = _menu_rects()["continue"]
    with running(launch(display)) as again:
        window = display.find_window(again.pid)
        screen = Screen(display, window, layout, folder)
        screen.wait_for("menu", lambda cells: all(v == "empty" for v in cells.values()))
        x, y = screen.origin()
        display.click(x + continue_at.centerx, y + continue_at.centery)
        want = expected_cells(Board.from_moves(saved.moves))
        screen.wait_for("continued", lambda cells: _includes(cells, want))
        display.close_window(window)
        assert again.wait(10) == 0


def test_the_next_start_opens_on_the_menu_the_last_window_kept(display: Display) -> None:
    """Closing the window keeps a picture of the main menu; the next start opens on it
    before the game's modules load, and the game's own first frame is the same picture
    (the log would say that it differed, or why it was not shown)."""
    save_settings()
    layout = Layout()
    folder = fresh_folder("start-picture")
    for start in ("first", "next"):
        with running(launch(display)) as game:
            window = display.find_window(game.pid)
            screen = Screen(display, window, layout, folder)
            screen.wait_for(
                f"menu-{start}", lambda cells: all(v == "empty" for v in cells.values())
            )
            deadline = time.monotonic() + WAIT
            while "first frame drawn" not in log_tail(40) and time.monotonic() < deadline:
                time.sleep(0.05)
            display.close_window(window)
            assert game.wait(10) == 0, log_tail()
        kept = config_dir() / start_picture.PICTURE_NAME
        assert kept.is_file(), f"{start} start: no picture kept; the log ends:\n{log_tail()}"
    told = log_tail(80)
    assert told.count("start picture shown") == 1, told  # the next start's, not the first's
    assert "differed" not in told and "not shown" not in told, told


def test_a_first_start_opens_on_the_shipped_picture_of_the_menu(display: Display) -> None:
    """A player's first start (no command line, no settings yet, the system in German)
    opens on the picture the game ships of that menu, before its modules load; the game's
    own first frame is the same picture (the log would say that it differed, or why it
    was not shown)."""
    listed = resources.assets_dir() / start_picture.SHIPPED_FOLDER / start_picture.SHIPPED_LIST_NAME
    drawn_by = listed.read_text(encoding="utf-8").split("\n")[2]
    assert drawn_by == pygame.version.ver, "the test extra's pin moved without the pictures"
    assert not config_dir().exists(), "a first start: no settings folder yet"
    env = display.env()
    env.pop("SDL_VIDEODRIVER", None)  # the tests' dummy driver: this game needs the screen
    for name in list(env):  # the tests' catalogues and others: a first start has none
        if name.startswith(start_picture.GAME_VARIABLES):
            if name not in start_picture.HARMLESS_VARIABLES:
                env.pop(name)
        elif name in (*start_picture.LANGUAGE_VARIABLES, *start_picture.TEXT_VARIABLES):
            env.pop(name)
    env.pop("XDG_CONFIG_HOME", None)
    env.update(SDL_AUDIODRIVER="dummy", LANG="de_DE.UTF-8")
    game = subprocess.Popen(
        [sys.executable, "-m", "game"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
    )
    with running(game):
        window = display.find_window(game.pid)
        assert display.xdotool("getwindowname", str(window)).strip() == "Vier gewinnt"
        deadline = time.monotonic() + WAIT
        while "first frame drawn" not in log_tail(40) and time.monotonic() < deadline:
            time.sleep(0.05)
        display.close_window(window)
        assert game.wait(10) == 0, log_tail()
    told = log_tail(80)
    assert "first frame drawn" in told, told
    assert told.count("start picture shown") == 1, told
    assert "differed" not in told and "not shown" not in told, told


def test_a_16_bit_screen_shows_the_menu_and_a_game() -> None:
    """An X display of 16 bits a pixel (some remote desktops): the window opens, draws the
    menu and a game (the background's gradient and the discs are scaled smoothly, which
    takes 24 or 32 bits: they are drawn at 32 whatever the screen's)."""
    missing = missing_tools()
    if missing:
        pytest.skip(f"end-to-end tests need {', '.join(missing)} (see tests/x11.py)")
    save_settings()
    with virtual_screen(depth=16) as display, running(launch(display)) as game:
        window = display.find_window(game.pid)
        deadline = time.monotonic() + WAIT
        while "first frame drawn" not in log_tail(40) and time.monotonic() < deadline:
            time.sleep(0.05)
        display.key(window, "Return")  # Play against the computer
        time.sleep(0.5)
        display.key(window, "Return")  # its setup's Start
        time.sleep(0.5)
        display.key(window, "4")
        time.sleep(1.0)
        assert game.poll() is None, log_tail()
        display.close_window(window)
        assert game.wait(10) == 0, log_tail()
    told = log_tail(80)
    assert "first frame drawn" in told and "Traceback" not in told, told


def test_a_window_maximised_at_the_close_opens_maximised() -> None:
    """Under a window manager: the player maximises the window and closes it; the next
    start (no command line) opens maximised, and the size kept to go back to is the one
    before."""
    missing = missing_tools()
    if missing:
        pytest.skip(f"end-to-end tests need {', '.join(missing)} (see tests/x11.py)")
    save_settings()  # the window's size: WINDOW
    sizes = []
    with virtual_screen() as display, window_manager(display):
        for start in ("first", "next"):
            env = display.env()
            env.pop("SDL_VIDEODRIVER", None)  # the tests' dummy driver: the game needs the screen
            env["SDL_AUDIODRIVER"] = "dummy"
            game = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env)
            with running(game):
                window = display.find_window(game.pid)
                deadline = time.monotonic() + WAIT
                while "first frame drawn" not in log_tail(40) and time.monotonic() < deadline:
                    time.sleep(0.05)
                if start == "first":
                    assert display.window_size(window) == WINDOW
                    display.maximise(window)
                size = display.window_size(window)
                while size[0] <= WINDOW[0] and time.monotonic() < deadline:
                    time.sleep(0.1)
                    size = display.window_size(window)
                sizes.append(size)
                display.close_window(window)
                assert game.wait(10) == 0, log_tail()
            settings = SettingsStore(config_dir() / "settings.json").load().settings
            assert settings.maximised, f"{start} start: {log_tail()}"
            assert settings.window_size == WINDOW
    assert sizes[0][0] > WINDOW[0] and sizes[0][1] > WINDOW[1], sizes
    assert sizes[1] == sizes[0], "the next start opens maximised, as the window closed"
