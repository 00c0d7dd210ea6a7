"""The application: the window, the frame loop, the scenes, the worker, the settings.

:meth:`App.step` is one turn of the loop: handle the given events, poll the
worker once (never waiting for it), update the top scene by ``dt`` seconds,
draw, flip.  :meth:`App.run` feeds it pygame's events and a 60 fps clock;
tests and scripts call it directly with made-up events and a fixed ``dt``, so
they drive the very same loop headless and deterministically::

    app = App(worker=FakeWorker())
    app.open()
    app.step(testing.click((300, 400)), 1 / 60)

The app owns everything that outlives a scene: the settings and statistics
(saved on a background thread, so a slow disk never stalls a frame), the
worker and the routing of its replies to the scene that asked, the sounds,
the theme, rendered text, and the transient notices at the bottom of the
window.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import time
import warnings
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from types import FrameType
from typing import Any, assert_never

import pygame

from game.ai.levels import CUSTOM_LEVEL, LEVELS, Level, level_of
from game.ai.requests import SearchRequest
from game.resources import WINDOW_ICON, MissingAssetError, asset_path
from game.settings import (
    MAX_WINDOW,
    MIN_WINDOW,
    Keep,
    Result,
    SavedGame,
    Settings,
    SettingsStore,
    Statistics,
)
from game.ui.board_view import BoardRenderer
from game.ui.match import Session, describe
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.scenes.base import Scene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stack import (
    Confirm,
    Go,
    OpenSetup,
    Pause,
    Play,
    SceneStack,
    Transition,
    new_game_question,
)
from game.ui.scenes.stats_scene import StatsScene
from game.ui.sounds import SoundBank
from game.ui.text import TextCache
from game.ui.themes import Theme, theme_named
from game.ui.worker_link import WorkerLike, make_worker

log = logging.getLogger(__name__)

FPS = 60
MAX_DT = 0.1
"""A longer pause between frames (a dragged window, a stall) counts as this much,
so that animations never jump."""
NOTICE_SECONDS = 6.0
LONG_NOTICE_SECONDS = 12.0
MAX_NOTICES = 4
TITLE = "Connect Four"
WORKER_NICENESS = 10
"""The worker's scheduling priority (Unix niceness): below the window's."""
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL video drivers that draw nowhere.  SDL falls back to one of them when it
cannot reach a display; the game uses them only when SDL_VIDEODRIVER asks."""


class NoDisplayError(RuntimeError):
    """No window can be opened: SDL found no display to draw on."""


class FrameClock:
    """Paces the loop at ``fps`` frames per second by deadlines.

    pygame's ``Clock.tick`` waits a whole number of milliseconds after each
    frame, so every late wake-up adds to the interval; here each frame has its
    own deadline on a fixed grid, so a late frame makes the next one sooner.
    After a long stall the grid restarts instead of racing to catch up.
    """

    def __init__(self, fps: int = FPS) -> None:
        self.period = 1.0 / fps
        self._next: float | None = None
        self._last: float | None = None

    def tick(self) -> float:
        """Sleep until the next frame is due; return the seconds since the last tick."""
        now = time.perf_counter()
        if self._next is None or self._last is None:
            self._next = self._last = now
            return 0.0
        self._next += self.period
        delay = self._next - now
        if delay > 0:
            time.sleep(delay)
        elif delay < -self.period:
            self._next = now
        now = time.perf_counter()
        elapsed, self._last = now - self._last, now
        return elapsed


@dataclass
class Notice:
    text: str
    remaining: float
    topic: str | None = None
    """Notices on one topic replace each other ("Speed: fast." the "Speed: slow." before)."""


LEVEL_NAMES = frozenset(level.name for level in LEVELS)


def settings_level(settings: Settings) -> Level:
    """The level the settings name (the custom depth for "Custom")."""
    return level_of(settings.level, settings.custom_depth)


def seconds_since_process_start() -> float | None:
    """How long this process has run, from the kernel's record (Linux); else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open(f"/proc/{os.getpid()}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError):
        return None


class App:
    """The game window and its loop (see the module docstring).

    ``worker`` defaults to the real worker process; ``store`` to the settings
    file in the user's config folder.  Nothing opens until :meth:`open`.
    """

    def __init__(
        self,
        options: LaunchOptions | None = None,
        *,
        worker: WorkerLike | None = None,
        store: SettingsStore | None = None,
    ) -> None:
        self.options = options if options is not None else LaunchOptions()
        self.store = store if store is not None else SettingsStore()
        self.worker: WorkerLike = worker if worker is not None else make_worker()
        report = self.store.load()
        self.settings = report.settings
        self.stats = report.stats
        self.game_in_progress: SavedGame | None = report.game
        """The unfinished game the main menu's Continue goes back to (kept in the file)."""
        self._startup_warnings = list(report.warnings)
        self.theme: Theme = theme_named(self.settings.theme)
        self.text = TextCache()
        self.renderer = BoardRenderer()
        self.sounds = SoundBank()
        self.scenes = SceneStack()
        self.notices: list[Notice] = []
        self.running = False
        self.frames = 0
        self.fullscreen = (
            self.settings.fullscreen if self.options.fullscreen is None else self.options.fullscreen
        )
        self.window_size: tuple[int, int] = self.options.window_size or self.settings.window_size
        self.screen: pygame.Surface | None = None
        self._owners: dict[int, Scene] = {}
        self._niced_pid: int | None = None
        self._saver: ThreadPoolExecutor | None = None
        self._saves: list[Future[str | None]] = []
        self._backgrounds: dict[tuple[tuple[int, int], str], pygame.Surface] = {}
        self._created = time.perf_counter()

    # -- life cycle ------------------------------------------------------------------
    def open(self) -> None:
        """Open the window, load the sounds and show the first screen."""
        pygame.display.init()
        _require_a_display()
        pygame.font.init()
        self.text.load()
        pygame.display.set_caption(TITLE)
        missing = self._load_icon() + self.text.missing
        self._open_window()
        self.sounds.enabled = self.settings.sound_on
        self.sounds.volume = self.settings.volume
        self.sounds.load()
        missing += self.sounds.missing
        if missing:
            self.notify(_missing_sentence(missing), seconds=LONG_NOTICE_SECONDS)
        for problem in [*self.text.problems, *self.sounds.problems]:
            self.notify(problem, seconds=LONG_NOTICE_SECONDS)
        for warning in self._startup_warnings:
            self.notify(warning, seconds=LONG_NOTICE_SECONDS)
        self.running = True
        if self.options.starts_a_game:
            config = self.config_for(Mode.VS_COMPUTER)
            level = self.options.level or config.level
            if self.options.level is not None:
                # The level chosen on the command line is the one the New game screen
                # offers next (and the settings keep).
                custom = level.name not in LEVEL_NAMES
                self.settings.level = CUSTOM_LEVEL if custom else level.name
                if custom and level.depth is not None:
                    self.settings.custom_depth = level.depth
            self.start_game(
                GameConfig(
                    mode=config.mode,
                    level=level,
                    starter=config.starter,
                    colour=config.colour,
                    start_moves=self.options.position or "",
                )
            )
        else:
            self.open_menu()

    def run(self) -> int:
        """Open, loop at 60 fps until the player quits, close; returns the exit status."""
        self.open()
        previous = _close_on_signals()
        try:
            self.step([], 0.0)
            since = seconds_since_process_start()
            log.info(
                "first frame drawn %.3f s after launch"
                " (%.3f s after the app was created; epoch %.3f)",
                since if since is not None else float("nan"),
                time.perf_counter() - self._created,
                time.time(),
            )
            self._start_worker()
            clock = FrameClock(FPS)
            clock.tick()
            while self.running:
                dt = clock.tick()
                self.step(pygame.event.get(), min(dt, MAX_DT))
        finally:
            self.close()
            for number, handler in previous.items():
                signal.signal(number, handler)
        return 0

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> bool:
        """One frame: events, worker replies, update by ``dt`` seconds, draw, flip.

        Returns False once the player has quit (the events after the quit are
        ignored and nothing is drawn).  Requires :meth:`open`.
        """
        for event in events:
            self.handle_event(event)
            if not self.running:
                return False
        self._poll_worker()
        self._collect_saves()
        self.scene.update(dt)
        for notice in self.notices:
            notice.remaining -= dt
        self.notices = [n for n in self.notices if n.remaining > 0]
        self.draw()
        pygame.display.flip()
        self.frames += 1
        return self.running

    def quit(self) -> None:
        """End the loop after this event (the window closes in :meth:`close`)."""
        self.running = False

    def close(self) -> None:
        """Cancel and stop the worker, save, close the window.  Safe to call twice."""
        self.running = False
        self.scenes.clear()
        try:
            self.worker.cancel()
            self.worker.close()
        except Exception:
            log.exception("closing the worker failed")
        if self.screen is not None:
            if not self.fullscreen:
                self.settings.window_size = self.window_size
            self.save()
        self.flush_saves()
        if self._saver is not None:
            self._saver.shutdown(wait=True)
            self._saver = None
        self.sounds.close()
        if self.screen is not None:
            self.screen = None
            pygame.display.quit()
            log.info("window closed")

    def _start_worker(self) -> None:
        try:
            self.worker.start()
        except Exception as error:
            log.exception("the worker did not start")
            self.notify(f"The computer player could not start ({error}).")
        self._yield_to_frames()

    def _yield_to_frames(self) -> None:
        """Lower the worker process's priority (once per process), so that on a busy
        machine the frames come first and the search takes what is left.  Where the
        system has no such call, nothing happens."""
        pid = getattr(self.worker, "pid", None)
        if not isinstance(pid, int) or pid == self._niced_pid:
            return
        self._niced_pid = pid
        setpriority = getattr(os, "setpriority", None)
        if setpriority is None:
            return
        try:
            current = os.getpriority(os.PRIO_PROCESS, pid)
            setpriority(os.PRIO_PROCESS, pid, max(current, WORKER_NICENESS))
        except OSError as error:
            log.info("cannot lower the worker's priority: %s", error)

    # -- the window ------------------------------------------------------------------
    def _load_icon(self) -> list[MissingAssetError]:
        """Set the window icon; the icon's file if it is missing (the player is told)."""
        try:
            icon = pygame.image.load(str(asset_path(WINDOW_ICON)))
        except MissingAssetError as error:
            log.error("%s", error)
            return [error]
        except (pygame.error, OSError) as error:
            message = f"The window icon could not be loaded ({error})."
            log.error("%s", message)
            self.notify(message, seconds=LONG_NOTICE_SECONDS)
            return []
        pygame.display.set_icon(icon)
        return []

    def _open_window(self) -> None:
        self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        window = _window()
        if window is None:  # a pygame without pygame.Window: the display module's way
            if self.fullscreen:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            return
        try:
            window.minimum_size = MIN_WINDOW  # resize() corrects smaller sizes as well
        except (AttributeError, pygame.error) as error:
            log.info("cannot set the window's minimum size: %s", error)
        if self.fullscreen:
            self._fill_the_screen(window, True)

    def _fill_the_screen(self, window: Any, on: bool) -> None:
        """Fullscreen on or off, in the same window.  Asking the window, not
        ``set_mode``, lets the window manager restore the size it had: after
        ``set_mode((0, 0), FULLSCREEN)`` openbox kept the window at the screen's size
        when it went back, and pygame warned that the OS had resized it."""
        if on:
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            window.size = self.window_size
        self.screen = pygame.display.get_surface()

    @property
    def size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        if surface is None:
            return self.window_size
        return surface.get_size()

    def resize(self, width: int, height: int) -> None:
        """The window became ``width`` x ``height``: keep at least the minimum size."""
        if self.fullscreen:
            return
        size = (
            min(max(width, MIN_WINDOW[0]), MAX_WINDOW[0]),
            min(max(height, MIN_WINDOW[1]), MAX_WINDOW[1]),
        )
        self.window_size = size
        if size != self.size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to the window's size before (F11, the settings)."""
        if on == self.fullscreen:
            return
        if on:
            self.window_size = self.size
        self.fullscreen = on
        window = _window()
        if window is None:
            self._open_window()
        else:
            self._fill_the_screen(window, on)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.fullscreen
        self.set_fullscreen(self.settings.fullscreen)

    def toggle_mute(self) -> None:
        self.settings.sound_on = not self.settings.sound_on
        self.sounds.enabled = self.settings.sound_on
        self.notify(
            "Sound on." if self.settings.sound_on else "Sound off (press M to turn it on).",
            topic="sound",
        )

    def apply_settings(self) -> None:
        """Make the window follow :attr:`settings` (theme, sound, fullscreen)."""
        self.theme = theme_named(self.settings.theme)
        self.sounds.enabled = self.settings.sound_on
        self.sounds.set_volume(self.settings.volume)
        self.set_fullscreen(self.settings.fullscreen)

    # -- events ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-wide events here (quit, resize, F11, M); the rest to the top scene."""
        if event.type == pygame.QUIT:
            if hasattr(event, "signal"):
                log.info("%s received: closing as the window's close button does", event.signal)
            else:
                log.info("the window was asked to close")
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_m
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        ):
            self.toggle_mute()
        else:
            transition = self.scene.handle_event(event)
            if transition is not None:
                self.go(transition)

    # -- scenes ----------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        """The scene on top (the one that gets events and is drawn)."""
        return self.scenes.top

    def go(self, transition: Transition) -> None:
        """Build the scenes ``transition`` names and move them on the stack."""
        match transition:
            case Go.BACK:
                self.scenes.pop()
                if not self.scenes:
                    self.scenes.replace(MenuScene(self))
            case Go.QUIT:
                self.quit()
            case Go.MENU:
                self.scenes.replace(MenuScene(self))
            case OpenSetup(mode=mode, over_menu=True):
                self.scenes.replace(MenuScene(self), SetupScene(self, mode))
            case OpenSetup(mode=mode):
                self.scenes.push(SetupScene(self, mode))
            case Go.SETTINGS:
                self.scenes.push(SettingsScene(self))
            case Go.HELP:
                self.scenes.push(HowToScene(self))
            case Go.STATS:
                self.scenes.push(StatsScene(self))
            case Pause(play=play):
                self.scenes.push(PauseScene(self, play))
            case Go.CONTINUE:
                self.continue_game()
            case Confirm() as question:
                self.scenes.push(ConfirmScene(self, question, self.scene if self.scenes else None))
            case Play(config=config, asked=False) if self.game_in_progress is not None:
                self.go(self._ask_to_abandon(Play(config, asked=True)))
            case Play(config=config):
                self.scenes.replace(PlayScene(self, Session(config)))
            case _:
                assert_never(transition)

    def _ask_to_abandon(self, then: Transition) -> Confirm:
        """The question before a new game takes the place of the game in progress."""
        saved = self.game_in_progress
        assert saved is not None
        detail = describe(saved)

        def abandon() -> Transition:
            self.keep_game(None)
            return then

        # "No" goes on with the kept game, rather than back to the screen that asked.
        return new_game_question(detail, abandon, no_label="Continue it", no=lambda: Go.CONTINUE)

    def continue_game(self) -> None:
        """Close every scene and go on with :attr:`game_in_progress` (the main menu's
        Continue).  It was checked when it was read (a bad one is dropped at load)."""
        saved = self.game_in_progress
        if saved is None:
            self.go(Go.MENU)
            return
        session, match = Session.restore(saved)
        self.scenes.replace(PlayScene(self, session, match))

    def keep_game(self, game: SavedGame | None) -> None:
        """Remember ``game`` as the game in progress (None: there is none) and save it,
        so that a quit, a crash or the main menu loses nothing."""
        if game == self.game_in_progress:
            return
        self.game_in_progress = game
        self.save(game=game)

    # What the scenes ask for, as methods for the code that drives the app (tests, scripts).
    def open_menu(self) -> None:
        self.go(Go.MENU)

    def open_setup(self, mode: Mode) -> None:
        self.go(OpenSetup(mode))

    def open_settings(self) -> None:
        self.go(Go.SETTINGS)

    def open_help(self) -> None:
        self.go(Go.HELP)

    def start_game(self, config: GameConfig) -> None:
        """Play ``config`` at once (the game in progress, if any, stays kept until this
        game's first move takes its place)."""
        self.go(Play(config, asked=True))

    def config_for(self, mode: Mode) -> GameConfig:
        """A game of ``mode`` with the saved level, starter and colour."""
        settings = self.settings
        return GameConfig(
            mode=mode,
            level=settings_level(settings),
            starter=settings.starter,
            colour=settings.colour,
        )

    # -- the worker ------------------------------------------------------------------
    def submit(self, request: SearchRequest, *, kind: str, owner: Scene) -> int | None:
        """Send ``request``; its reply goes to ``owner.handle_reply``.  None if the
        worker refused (the player is told)."""
        try:
            request_id = self.worker.submit(request, kind=kind)
        except Exception as error:
            log.exception("the worker refused a request")
            self.notify(f"The computer player is not available ({error}).")
            return None
        self._owners[request_id] = owner
        return request_id

    def cancel(self, request_id: int) -> None:
        """Stop the request; its reply, if one is on the way, is dropped."""
        self._owners.pop(request_id, None)
        try:
            self.worker.cancel(request_id)
        except Exception:
            log.exception("cancelling request %s failed", request_id)

    def _poll_worker(self) -> None:
        try:
            replies = self.worker.poll()
            notices = self.worker.take_notices()
        except Exception as error:
            log.exception("polling the worker failed")
            replies, notices = [], [f"The computer player failed ({error})."]
        for reply in replies:
            owner = self._owners.pop(reply.request_id, None)
            if owner is None or owner not in self.scenes:
                log.debug("dropped reply %s (%s)", reply.request_id, reply.kind)
                continue
            owner.handle_reply(reply)
        for notice in notices:
            self.notify(notice)
        self._yield_to_frames()  # a restarted worker is a new process

    # -- settings and statistics -----------------------------------------------------
    def record_result(self, level_name: str, result: Result) -> None:
        """Count a finished game against the computer at ``level_name`` and save."""
        self.stats.record(level_name, result)
        self.save()

    def save(self, *, game: SavedGame | Keep | None = Keep.GAME) -> None:
        """Save a copy of the settings and statistics on the save thread, with ``game``
        as the game in progress (by default the file keeps the one it has, which may
        be another window's)."""
        settings = self.settings.clamped()
        stats = self.stats.copy()  # with the streaks
        if self._saver is None:
            self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settings-save")
        self._saves.append(self._saver.submit(self.store.save, settings, stats, game))

    def all_statistics(self) -> Statistics:
        return self.store.statistics_with(self.stats)

    def reset_statistics(self) -> str | None:
        # Saves started before would count the old games again: let them finish first.
        self.flush_saves()
        self.stats.reset()
        return self.store.reset_statistics()

    def flush_saves(self) -> None:
        """Wait until every save has been written (tests; closing)."""
        for future in self._saves:
            future.result()
        self._collect_saves()

    def _collect_saves(self) -> None:
        done = [f for f in self._saves if f.done()]
        self._saves = [f for f in self._saves if not f.done()]
        for future in done:
            try:
                problem = future.result()
            except Exception as error:  # SettingsStore.save does not raise; be safe anyway
                log.exception("saving the settings failed")
                problem = f"Your settings could not be saved ({error})."
            if problem is not None:
                self.notify(problem)

    # -- drawing ---------------------------------------------------------------------
    def notify(
        self, text: str, *, seconds: float = NOTICE_SECONDS, topic: str | None = None
    ) -> None:
        """Show ``text`` for a few seconds at the bottom of the window; it replaces the
        notice on the same ``topic`` (a setting toggled twice shows its last state)."""
        for notice in self.notices:
            if notice.text == text:
                notice.remaining = max(notice.remaining, seconds)
                return
        if topic is not None:
            self.notices = [notice for notice in self.notices if notice.topic != topic]
        log.info("notice: %s", text)
        self.notices.append(Notice(text, seconds, topic))
        del self.notices[:-MAX_NOTICES]

    def draw(self) -> None:
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.scene.draw(surface)
        self._draw_notices(surface, self.scene.notice_bottom(surface.get_size()))

    def draw_background(self, surface: pygame.Surface) -> None:
        """The window's background: a vertical gradient (cached per size and theme)."""
        size = surface.get_size()
        key = (size, self.theme.name)
        background = self._backgrounds.get(key)
        if background is None:
            background = _gradient(size, self.theme.background_top, self.theme.background_bottom)
            self._backgrounds = {key: background}
        surface.blit(background, (0, 0))

    def _draw_notices(self, surface: pygame.Surface, bottom: int | None = None) -> None:
        """The notices, newest lowest, stacked up from ``bottom`` (default: the bottom
        of the window)."""
        if not self.notices:
            return
        w, h = surface.get_size()
        scale = min(w / 960, h / 720)
        size = max(15, round(21 * scale))
        pad = max(6, round(10 * scale))
        width = min(w - 40, round(760 * scale))
        y = h - pad * 2 if bottom is None else bottom
        for notice in reversed(self.notices):
            lines = self.text.wrap(notice.text, size, width - 2 * pad)
            line_h = self.text.font(size).get_linesize()
            box_h = len(lines) * line_h + 2 * pad
            widest = max(self.text.font(size).size(line)[0] for line in lines)
            box = pygame.Rect(0, 0, widest + 2 * pad, box_h)
            box.midbottom = (w // 2, y)
            alpha = round(255 * min(1.0, notice.remaining / 0.5))
            panel = self.renderer.translucent(box.size, (*self.theme.notice, alpha))
            surface.blit(panel, box.topleft)
            colour = self.theme.notice_text
            top = box.y + pad
            for line in lines:
                self.text.blit(surface, line, size, colour, (box.centerx, top), anchor="midtop")
                top += line_h
            y = box.top - pad // 2


def _missing_sentence(missing: list[MissingAssetError]) -> str:
    """One notice for every missing asset (the log has each with the folders searched)."""
    if len(missing) == 1:
        return str(missing[0])
    names = ", ".join(error.asset for error in missing)
    return (
        f"{len(missing)} game files are missing ({names}); the installation is incomplete:"
        " download or reinstall the game."
    )


def _gradient(
    size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]
) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))


def _window() -> Any:
    """The display module's window as a ``pygame.Window`` (pygame-ce 2.4+), or None."""
    window_class = getattr(pygame, "Window", None)
    if window_class is None:
        return None
    try:
        with warnings.catch_warnings():
            # Deprecated for drawing through the Window; we draw through the display.
            warnings.simplefilter("ignore", DeprecationWarning)
            return window_class.from_display_module()
    except (AttributeError, pygame.error) as error:
        log.info("no pygame.Window for the display: %s", error)
        return None


def _require_a_display() -> None:
    """Raise :class:`NoDisplayError` when SDL fell back to a driver that draws
    nowhere (it does so silently when, say, the X server refuses the connection):
    a game running in no window would never end.  Requires ``pygame.display.init``."""
    driver = pygame.display.get_driver()
    requested = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    if driver not in HEADLESS_DRIVERS or driver in requested:
        return
    pygame.display.quit()
    where = ", ".join(
        f"{name}={os.environ[name]!r}"
        for name in ("DISPLAY", "WAYLAND_DISPLAY")
        if name in os.environ
    )
    raise NoDisplayError(
        "Connect Four could not open a window: no display could be reached"
        f" ({where or 'neither DISPLAY nor WAYLAND_DISPLAY is set'});"
        f" SDL fell back to its {driver!r} driver, which shows nothing."
    )


def _close_on_signals() -> dict[int, Any]:
    """Make SIGTERM, and Ctrl-C (SIGINT) in a console, close the game as the window's
    close button does: a QUIT event naming the signal, so the game in progress and the
    settings are saved and the worker stopped.  Returns the handlers it replaced."""

    def handle(signum: int, frame: FrameType | None) -> None:
        # pygame.error: a second signal while the window is already closing.
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signal.Signals(signum).name))

    previous: dict[int, Any] = {}
    for number in (signal.SIGTERM, signal.SIGINT):
        # Not the main thread (tests), or no such signal on this system: nothing to do.
        with contextlib.suppress(ValueError, OSError):
            previous[number] = signal.signal(number, handle)
    return previous


__all__ = ["App", "FrameClock", "Notice", "settings_level"]
