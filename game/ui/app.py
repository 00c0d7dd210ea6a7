"""The application: the parts that outlive a screen, put together, and the frame loop.

:meth:`App.step` is one frame: handle the given events, poll the worker once (never
waiting for it), update the top scene by ``dt`` seconds, draw, flip.  :meth:`App.run`
feeds it pygame's events through :class:`~game.ui.pacing.Loop`: 60 frames a second
while something moves, and otherwise no frame at all until an event, a reply of the
worker (:class:`~game.ui.waiting.ReplyBell`) or a timer wakes it
(:meth:`App.next_frame_in`); a minimised window draws nothing.  Tests and scripts
call :meth:`App.step` directly with made-up events and a fixed ``dt``, so they drive
the very same frames headless and deterministically::

    app = App(worker=FakeWorker())
    app.open()
    app.step([key(pygame.K_RETURN)], 1 / 60)

Each part has one job:

* :class:`~game.ui.saver.Saver`: the settings, statistics and game in progress,
  saved on a background thread (atomic, merged with other windows');
* :class:`~game.ui.stage.Stage`: the window (:class:`~game.ui.window.Window`) and
  what is drawn and heard in it: theme, text, sounds, notices;
* :class:`~game.ui.engine_link.EngineLink`: the worker, its requests and replies;
* :class:`~game.ui.navigation.Navigator`: the scenes and the way between them.

The app handles the window-wide keys (F11, M), closing, and the window being
minimised and shown again.  The worker process starts when a screen first asks it
something: the main menu needs none.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

from game import i18n, start_picture
from game.ai.levels import CUSTOM_LEVEL, LEVEL_NAMES
from game.i18n import gettext as _
from game.profile.preferences import Settings
from game.profile.settings import SettingsStore
from game.ui.engine_link import EngineLink, WorkerLike, kernel_name, make_worker
from game.ui.late_worker import LateWorker
from game.ui.navigation import Navigator, Services, warm_up
from game.ui.notices import LONG_NOTICE_SECONDS
from game.ui.options import GameConfig, LaunchOptions, Mode, config_for
from game.ui.pacing import Loop, soonest
from game.ui.process import (
    Closing,
    close_on_signals,
    restore_signals,
    seconds_since_process_start,
)
from game.ui.saver import Saver
from game.ui.scenes.base import Scene, SceneStack
from game.ui.scenes.stack import Go, Play, Transition
from game.ui.sounds import no_device_sentence
from game.ui.stage import Stage, StagePreferences
from game.ui.waiting import ReplyBell, SdlEvents
from game.ui.window import NoDisplayError, Window, title, within_the_desktop

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

log = logging.getLogger(__name__)

FPS = 60
MAX_DT = 0.1
"""A longer pause between animated frames (a dragged window, a stall) counts as this
much, so that animations never jump."""
WORKER_CHECK = 1.0
"""While a request is unanswered, the worker is looked at this often (seconds) even
without a reply, so that a hung worker is replaced in time."""
HIDING = frozenset({pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN})
CLICKED_OR_TYPED = (
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.KEYDOWN,
    pygame.KEYUP,
    pygame.TEXTINPUT,
)
"""What a player may have done on the start's picture before the game could answer."""
SHOWING = frozenset(
    {pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED, pygame.WINDOWMAXIMIZED}
)


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
        store = store if store is not None else SettingsStore()
        # Before the settings load: what it has to tell is said in the player's language.
        i18n.use(i18n.choose(self.options.language, store.saved_language()))
        self.saver = Saver(store)
        settings = self.saver.settings
        fullscreen = self.options.fullscreen
        window = Window(
            self.options.window_size or settings.window_size,
            fullscreen=settings.fullscreen if fullscreen is None else fullscreen,
            maximised=self._opens_maximised(),
        )
        self.stage = Stage(window, settings)
        self.link = EngineLink(
            worker if worker is not None else LateWorker(make_worker),
            notify=self.stage.notify,
        )
        self.navigator = Navigator(
            Services(
                host=self.stage,
                preferences=StagePreferences(self.saver, self.stage),
                saver=self.saver,
                engine=self.link,
                kernel_name=kernel_name,
                quit=self.quit,
            )
        )
        self.running = False
        self.hidden = False
        """Whether the window is minimised or hidden (then nothing is drawn)."""
        self.frames = 0
        """Frames stepped (:meth:`step`), drawn or not."""
        self.frames_drawn = 0
        self.bell: ReplyBell | None = None
        self.saved_event = pygame.event.custom_type()
        """Posted from the save thread when a save is written (the loop wakes to collect it)."""
        self.saver.on_saved = self._ring_saved
        self._stop_relabelling: Callable[[], None] | None = None
        self._created = time.perf_counter()
        self._picture_differed = False
        """The start's picture differed from the first frame (then none is kept)."""
        self._resized = True
        """The window appeared, or changed size, since the mouse last moved (its motion
        events without a movement are SDL's, not the player's: a window that opens under
        the pointer does not move the keyboard's cursor to the item there)."""

    # -- what the parts hold -----------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.saver.settings

    @property
    def scenes(self) -> SceneStack:
        return self.navigator.stack

    @property
    def scene(self) -> Scene:
        """The scene on top (the one that gets events and is drawn)."""
        return self.navigator.top

    @property
    def size(self) -> tuple[int, int]:
        return self.stage.size

    # -- life cycle ------------------------------------------------------------------
    def open(self, *, sounds: bool = True) -> None:
        """Open the window, load the sounds (unless ``sounds`` is False: :meth:`run`
        loads them after the first frame) and show the first screen."""
        self.stage.open(self.settings, sounds=sounds)
        self._stop_relabelling = i18n.on_change(self._relabel)
        for warning in self.saver.startup_warnings:
            self.stage.notify(warning, seconds=LONG_NOTICE_SECONDS)
        self.running = True
        if self.options.starts_a_game:
            # Asked first when a game is kept: nothing replaces it without a word.
            self.go(Play(self._launch_config()))
        else:
            self.go(Go.MENU)

    def _launch_config(self) -> GameConfig:
        """The game the command line asks for.  Its level is the one the New game
        screen offers next (and the settings keep)."""
        level = self.options.level
        if level is not None:
            custom = level.name not in LEVEL_NAMES
            self.settings.level = CUSTOM_LEVEL if custom else level.name
            if custom and level.depth is not None:
                self.settings.custom_depth = level.depth
        config = config_for(self.settings, Mode.VS_COMPUTER)
        return GameConfig(
            mode=config.mode,
            level=level or config.level,
            starter=config.starter,
            colour=config.colour,
            start_moves=self.options.position or "",
        )

    def run(self) -> int:
        """Open, loop until the player quits, close; returns the exit status.  The loop
        draws at 60 fps while something moves and waits otherwise (module docstring)."""
        self.open(sounds=False)
        previous: Closing | None = None
        ended = False
        """Whether the loop ended as the player asked (not by an error: no picture then)."""
        try:
            self.step([], 0.0)
            since = seconds_since_process_start()
            self.check_start_picture(since)
            log.info(
                "first frame drawn %.3f s after launch"
                " (%.3f s after the app was created; %.3f s of CPU; epoch %.3f)",
                since if since is not None else float("nan"),
                time.perf_counter() - self._created,
                time.process_time(),
                time.time(),
            )
            # What the first frame did not need: the signals' handlers (before them, a
            # signal ends the process as it would any other: nothing has changed yet),
            # the sounds, the other screens' code.
            previous = close_on_signals()
            self.stage.load_sounds()
            warm_up()
            self.bell = ReplyBell()
            loop = Loop(self, SdlEvents(), fps=FPS, max_dt=MAX_DT)
            loop.start()
            while self.running:
                self.bell.listen(self._reply_connection())
                loop.turn()
            ended = True
        finally:
            if self.bell is not None:
                self.bell.close()
            self.close(keep_picture=ended)
            if previous is not None:
                restore_signals(previous)
        return 0

    def _reply_connection(self) -> Connection | None:
        """The worker's pipe its replies come on (None: not started, or a stand-in)."""
        connection: Connection | None = getattr(self.link.worker, "reply_connection", None)
        return connection

    def next_frame_in(self) -> float | None:
        """When the window next needs a frame with no event to wake it: 0.0 while
        something moves, the seconds until the next timer (a notice fading, the scene's,
        a look at an unanswered worker), None for nothing: a written save wakes the loop
        with an event
        (:mod:`game.ui.pacing`)."""
        return soonest(
            self.scene.next_frame_in(),
            self.stage.next_frame_in(),
            WORKER_CHECK if self.link.worker.pending_count else None,
        )

    def _ring_saved(self) -> None:
        """(On the save thread.)  Wake the loop: a save is written."""
        if self.running:
            with contextlib.suppress(pygame.error):  # the window is closing
                pygame.event.post(pygame.event.Event(self.saved_event))

    def pass_time(self, seconds: float) -> None:
        """``seconds`` went by with nothing moving: the scene's timers and the notices
        advance by all of it (nothing is drawn)."""
        self.scene.update(seconds)
        self.stage.notices.update(seconds)

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> bool:
        """One frame: events, worker replies, update by ``dt`` seconds, draw, flip.

        Returns False once the player has quit (the events after the quit are
        ignored and nothing is drawn).  Requires :meth:`open`.
        """
        for event in events:
            self.handle_event(event)
            if not self.running:
                return False
        self.link.poll()
        problems = self.saver.collect()
        if problems:  # one notice: a screen that shows one at a time loses none of them
            self.stage.notify(" ".join(dict.fromkeys(problems)))  # each sentence once
        self.scene.update(dt)
        self.stage.notices.update(dt)
        self.frames += 1
        if not self.hidden:
            self.draw()
            pygame.display.flip()
            self.frames_drawn += 1
        return self.running

    def quit(self) -> None:
        """End the loop after this event (the window closes in :meth:`close`)."""
        self.running = False

    def close(self, *, keep_picture: bool = False) -> None:
        """Cancel and stop the worker, save, close the window.  Safe to call twice.
        With ``keep_picture`` (:meth:`run`'s close), first keep the picture of the main
        menu the next start shows (:meth:`keep_start_picture`)."""
        self.running = False
        self.scenes.clear()
        self.link.close()
        window = self.stage.window
        if window.is_open:
            # A size from the command line is for this run only, unless the player resized;
            # a maximised window's is the screen's (the next start opens at the last size
            # kept before).
            chosen = self.options.window_size is None or window.window_size != window.opened_size
            if not window.fullscreen and not window.maximised and chosen:
                self.settings.window_size = window.window_size
            # As the size: a run at the command line's size changes it only by the
            # player's hand.  (A fullscreen window's is the one it goes back to.)
            if self.options.window_size is None or window.maximised_by_hand:
                self.settings.maximised = window.maximised
            self.saver.save()
        for problem in self.saver.close():
            log.warning("%s", problem)
        if keep_picture and window.is_open:
            self.keep_start_picture()
        self.stage.close()
        if self._stop_relabelling is not None:
            self._stop_relabelling()
            self._stop_relabelling = None

    # -- the start's picture (game.start_picture) -------------------------------------
    def check_start_picture(self, since: float | None) -> None:
        """After the first frame (``since`` seconds after launch): when the start showed
        its picture, and whether that picture was the same frame.  One that differed is
        forgotten, this session keeps none (:meth:`close`), and what was clicked or typed
        on it is dropped (it may have been meant for another item).  A first frame with
        a notice over the menu (a repaired file, a missing asset) is not compared: the
        picture was of the menu alone."""
        if start_picture.shown.at is not None and since is not None:
            early = since - (time.perf_counter() - start_picture.shown.at)
            log.info("start picture shown %.3f s after launch", early)
        surface = pygame.display.get_surface()
        alone = surface if not self.stage.notices.shown else None
        differed, said = start_picture.check(alone, str(self.saver.store.path.parent))
        if differed:
            self._picture_differed = True
            pygame.event.clear(CLICKED_OR_TYPED)
        if said is not None:
            log.info("%s", said)

    def keep_start_picture(self) -> None:
        """Draw the main menu as the next start with the same command line will show it
        (the saved settings and kept game, the size the window will open with) and keep
        it; a start that goes fullscreen, maximised (the window manager sizes it) or
        straight to a game keeps none, nor one that would speak another language (the
        command line's, where the player chose another since), nor a session whose start
        showed a picture that differed.  Call once the
        last save is written, with the window open.  Never raises: a picture that cannot
        be made or written is only logged (the next start draws its own first frame)."""
        folder = str(self.saver.store.path.parent)
        options = self.options
        screen = pygame.display.get_surface()
        fullscreen = self.settings.fullscreen if options.fullscreen is None else options.fullscreen
        # The next start speaks the command line's language, whatever was chosen since.
        language = i18n.choose(options.language, self.settings.language)
        try:
            if (
                options.starts_a_game
                or fullscreen
                or self._opens_maximised()
                or self._picture_differed
                or screen is None
                or language != i18n.current()
            ):
                start_picture.forget(folder)
                if self._picture_differed:
                    log.info("no start picture kept: this start's differed from its first frame")
                return
            size = within_the_desktop(options.window_size or self.settings.window_size)
            picture = pygame.Surface(size, 0, screen)  # the window's pixel format
            menu = self.navigator.menu()
            menu.update(0.0)
            menu.draw(picture)
            icon = self.stage.window.icon
            start_picture.keep(picture, folder, options.arguments, caption=title(), icon=icon)
        except OSError as error:  # a read-only folder, a full disk: said once, no more
            log.warning("the start picture was not kept: %s", error)
        except Exception:  # any: the window is closing, and the picture is only a head start
            log.exception("the start picture was not kept")

    def _relabel(self, _code: str) -> None:
        """The language changed: every scene on the stack takes its words again (the one
        on top may show those below, as the pause menu shows its game's buttons)."""
        for scene in self.scenes:
            scene.relabel()

    # -- events ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-wide events here (quit and Ctrl+Q, resize, F11, M, minimised, the
        worker's bell); the rest to the top scene."""
        self._follow_the_window(event)
        if event.type == pygame.WINDOWFOCUSGAINED:  # another window may have played meanwhile
            self.navigator.refresh_menu()
        if event.type == self.saved_event or (
            self.bell is not None and event.type == self.bell.event_type
        ):
            return  # a reply, or a written save: this frame's poll and collect take it
        if event.type == pygame.QUIT:
            if hasattr(event, "signal"):
                log.info("%s received: closing as the window's close button does", event.signal)
            else:
                log.info("the window was asked to close")
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.stage.window.resize(event.w, event.h)
            self._resized = True
        elif event.type == pygame.KEYDOWN and (action := self._window_key(event)) is not None:
            action()
        elif event.type == pygame.MOUSEMOTION and self._resized and event.rel == (0, 0):
            # The window changed under a mouse that did not move: SDL says where the
            # pointer now is, which is no reason to move the keyboard's cursor there.
            pass
        else:
            if event.type == pygame.MOUSEMOTION:
                self._resized = False  # the mouse moved: it points again
            transition = self.scene.handle_event(event)
            if transition is not None:
                self.go(transition)

    def _opens_maximised(self) -> bool:
        """Whether a start with this command line opens the window maximised: as the last
        close left it, unless the command line names a size (a window of that size)."""
        return self.settings.maximised and self.options.window_size is None

    def _follow_the_window(self, event: pygame.event.Event) -> None:
        """Whether the window is hidden (nothing is drawn then) or maximised (its size
        is then not kept for the next start, which maximises it again)."""
        if event.type in HIDING or event.type in SHOWING:
            self.hidden = event.type in HIDING
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.stage.window.follow_maximised(event.type == pygame.WINDOWMAXIMIZED)

    def _window_key(self, event: pygame.event.Event) -> Callable[[], None] | None:
        """What a window-wide key does (Ctrl+Q, F11, M), or None: the key is the scene's."""
        mods: int = event.mod
        if event.key == pygame.K_q and mods & pygame.KMOD_CTRL:
            # Ctrl+Shift+Q and Ctrl+Alt+Q are often the desktop's own.
            return None if mods & (pygame.KMOD_ALT | pygame.KMOD_SHIFT) else self._quit_by_key
        if event.key == pygame.K_F11:
            return self.toggle_fullscreen
        if event.key == pygame.K_m and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None if self.scene.typing else self.toggle_mute
        return None

    def _quit_by_key(self) -> None:
        log.info("Ctrl+Q: closing as the window's close button does")
        self.quit()

    def go(self, transition: Transition) -> None:
        """Carry out ``transition`` (:meth:`Navigator.go`)."""
        self.navigator.go(transition)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.stage.window.fullscreen
        self.stage.window.set_fullscreen(self.settings.fullscreen)
        self._resized = True
        self.saver.save()  # kept at once, as a change in Settings is

    def toggle_mute(self) -> None:
        """M: sound on or off; without a sound device, only the news that there is none
        (the setting stays as it was, for a machine that has one)."""
        if not self.stage.sounds.available:
            self.stage.notify(no_device_sentence(), topic="sound")
            return
        self.settings.sound_on = not self.settings.sound_on
        self.stage.sounds.enabled = self.settings.sound_on
        self.saver.save()  # kept at once, as a change in Settings is
        self.stage.notify(
            _("Sound on.") if self.settings.sound_on else _("Sound off (press M to turn it on)."),
            topic="sound",
        )

    def apply_settings(self) -> None:
        """Make the window follow :attr:`settings` (theme, sound, fullscreen)."""
        self.stage.follow(self.settings)

    def draw(self) -> None:
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.scene.draw(surface)
        self.stage.notices.draw(surface, self.stage, self.scene.notice_place(surface.get_size()))


__all__ = ["App", "NoDisplayError"]
