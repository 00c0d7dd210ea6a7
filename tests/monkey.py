"""A monkey: random events fed to the real application loop, with checks after each.

A test helper, not part of the game.  Used by ``tests/test_monkey.py``
(behaviour: no exception, a consistent state after every event) and
``build_scripts/bench_monkey.py`` (the same run, timed: how long each frame
took).  Both drive :meth:`game.ui.app.App.step` headless,
exactly as :meth:`~game.ui.app.App.run` does, with whatever worker they pass
(the real process in both).

The events are what a restless player and their desktop produce: mouse moves
and clicks anywhere on (and just off) the window, every key the
game binds and some it does not, with and without Ctrl, window resizes, focus
loss and gain, and now and then a request to close the window (after which a
new app is opened on the same settings file, so the run goes on).
"""

from __future__ import annotations

import random
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.core import Board
from game.profile.preferences import MIN_WINDOW
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.computer import ComputerPlayer

BOUND_KEYS = (
    *(getattr(pygame, f"K_{n}") for n in range(1, 8)),
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_z,
    pygame.K_y,
    pygame.K_h,
    pygame.K_n,
    pygame.K_m,
    pygame.K_ESCAPE,
    pygame.K_F11,
    pygame.K_BACKSPACE,
)
OTHER_KEYS = (
    pygame.K_a,
    pygame.K_q,
    pygame.K_0,
    pygame.K_8,
    pygame.K_9,
    pygame.K_F1,
    pygame.K_F4,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_PAGEUP,
    pygame.K_LSHIFT,
)
SLOW_FRAME = 0.1
"""Seconds: a frame slower than this is listed in the report (the target is none)."""
MAX_PENDING = 3
"""More requests than this waiting at the worker means the window leaks them."""


class Inconsistent(AssertionError):
    """The application's state broke one of the invariants checked after each event."""


@dataclass
class MonkeyReport:
    seed: int
    events: int = 0
    frames: int = 0
    frame_times: list[float] = field(default_factory=list)
    scenes_seen: set[str] = field(default_factory=set)
    games_finished: int = 0
    moves_played: int = 0
    restarts: int = 0
    slow_frames: list[str] = field(default_factory=list)
    """Each frame over :data:`SLOW_FRAME` seconds: its number, time, scene and events."""

    def summary(self) -> str:
        """What the run did (frame-time figures are bench_monkey.py's job)."""
        return (
            f"seed {self.seed}: {self.events} events in {self.frames} frames;"
            f" scenes {', '.join(sorted(self.scenes_seen))};"
            f" {self.moves_played} discs dropped, {self.games_finished} games finished,"
            f" {self.restarts} window closes; {len(self.slow_frames)} frames over"
            f" {SLOW_FRAME * 1000:.0f} ms"
        )


class Monkey:
    """Generates the events; ``rng`` decides everything, so a seed replays a run."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.mouse = (0, 0)

    def events(self, app: App) -> list[pygame.event.Event]:
        """One frame's worth: usually one or two events, sometimes none or a burst.

        On the play screen half the events are column keys, so that games get
        played to their end and the game-over screen is reached too.
        """
        count = self.rng.choice((0, 1, 1, 1, 2, 2, 3, 5))
        playing = isinstance(app.scene, PlayScene)
        return [
            self.column_key()
            if playing and self.rng.random() < 0.5
            else self.event(app.stage.window.window_size)
            for _ in range(count)
        ]

    def column_key(self) -> pygame.event.Event:
        key = getattr(pygame, f"K_{self.rng.randint(1, 7)}")
        return pygame.event.Event(
            pygame.KEYDOWN, key=key, mod=pygame.KMOD_NONE, unicode="", scancode=0
        )

    def event(self, size: tuple[int, int]) -> pygame.event.Event:
        rng = self.rng
        roll = rng.random()
        width, height = size
        if roll < 0.30:
            before, self.mouse = (
                self.mouse,
                (rng.randrange(-5, width + 5), rng.randrange(-5, height + 5)),
            )
            moved = (self.mouse[0] - before[0], self.mouse[1] - before[1])
            return pygame.event.Event(
                pygame.MOUSEMOTION, pos=self.mouse, rel=moved, buttons=(0, 0, 0)
            )
        if roll < 0.55:
            kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
            if rng.random() < 0.5:
                self.mouse = (rng.randrange(0, width), rng.randrange(0, height))
            return pygame.event.Event(
                kind, pos=self.mouse, button=rng.choice((1, 1, 1, 2, 3, 4, 5))
            )
        if roll < 0.93:
            key = rng.choice(BOUND_KEYS) if rng.random() < 0.85 else rng.choice(OTHER_KEYS)
            mod = pygame.KMOD_CTRL if rng.random() < 0.2 else pygame.KMOD_NONE
            kind = pygame.KEYDOWN if rng.random() < 0.8 else pygame.KEYUP
            return pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0)
        if roll < 0.965:
            new = (
                rng.randrange(MIN_WINDOW[0] - 100, 1600),
                rng.randrange(MIN_WINDOW[1] - 100, 1000),
            )
            return pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])
        if roll < 0.9997:
            kind = rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED))
            return pygame.event.Event(kind)
        return pygame.event.Event(pygame.QUIT)


def check_consistent(app: App) -> None:
    """Raise :class:`Inconsistent` if the app's state breaks an invariant."""
    if not app.scenes:
        raise Inconsistent("no scene on the stack while running")
    for scene in app.scenes:
        if isinstance(scene, PlayScene):
            check_play_scene(scene)
    if app.settings != app.settings.clamped():
        raise Inconsistent(f"settings out of range: {app.settings}")
    pending = app.link.worker.pending_count
    if pending > MAX_PENDING:
        raise Inconsistent(f"{pending} requests pending at the worker")


def check_play_scene(scene: PlayScene) -> None:
    board = scene.board
    replay = Board.from_moves(board.moves)  # raises if the move list is not a legal game
    if (replay.current, replay.mask) != (board.current, board.mask):
        raise Inconsistent(f"the board does not match its move list {board.moves!r}")
    if board.ply < scene.round.match.floor:
        raise Inconsistent(f"undo went below the starting position: {board.moves!r}")
    if scene.over and not board.is_over:
        raise Inconsistent(f"game over shown for an unfinished game {board.moves!r}")
    kinds = {asked.kind for asked in scene.current.requests.awaited()}
    if not kinds <= {"hint", "analysis", "reason"}:
        raise Inconsistent(f"the advice asked for {kinds}")
    if "reason" in kinds and scene.coach.offer is None:
        raise Inconsistent("the coach's reason is awaited with no question open")
    for side, player in enumerate(scene.current.players):
        if not isinstance(player, ComputerPlayer):
            continue
        for asked in player.requests.awaited():
            its_turn = not board.is_over and int(board.to_move) == side
            if asked.kind != "move" or asked.moves != board.moves or not its_turn:
                raise Inconsistent(f"side {side + 1} awaits {asked} in {board.moves!r}")


def run(
    make_app: Callable[[], App],
    *,
    seed: int,
    events: int,
    dt: float = 1 / 60,
    on_frame: Callable[[App], None] | None = None,
) -> MonkeyReport:
    """Feed ``events`` random events to apps made by ``make_app`` (a new one after each
    close), checking after every frame.  Errors carry the seed and the event number."""
    rng = random.Random(seed)
    monkey = Monkey(rng)
    report = MonkeyReport(seed)
    seen: weakref.WeakKeyDictionary[PlayScene, tuple[int, bool]] = weakref.WeakKeyDictionary()
    app = _open(make_app)
    try:
        while report.events < events:
            batch = monkey.events(app)
            began = time.perf_counter()
            try:
                running = app.step(batch, dt)
            except Exception as error:
                raise AssertionError(
                    f"monkey seed {seed}: {type(error).__name__} at event {report.events}"
                    f" (frame {report.frames}) after {_describe(batch)}: {error}"
                ) from error
            took = time.perf_counter() - began
            report.frame_times.append(took)
            if took > SLOW_FRAME:
                scene = type(app.scene).__name__ if app.scenes else "closed"
                names = ", ".join(pygame.event.event_name(e.type) for e in batch) or "no event"
                report.slow_frames.append(
                    f"frame {report.frames}: {took * 1000:.0f} ms ({scene}: {names})"
                )
            report.events += len(batch)
            report.frames += 1
            if not running:
                app.close()
                report.restarts += 1
                app = _open(make_app)
                continue
            try:
                check_consistent(app)
            except Inconsistent as error:
                raise AssertionError(
                    f"monkey seed {seed}: at event {report.events}: {error}"
                ) from error
            _observe(app, report, seen)
            if on_frame is not None:
                on_frame(app)
    finally:
        app.close()
    return report


def _open(make_app: Callable[[], App]) -> App:
    app = make_app()
    app.open()
    app.link.worker.start()
    return app


def _observe(
    app: App, report: MonkeyReport, seen: weakref.WeakKeyDictionary[PlayScene, tuple[int, bool]]
) -> None:
    """Count the discs dropped and the games finished since the last frame; ``seen``
    holds each play screen's (ply, over) as of then."""
    report.scenes_seen.add(type(app.scene).__name__)
    for play in app.scenes:
        if not isinstance(play, PlayScene):
            continue
        ply = play.round.match.board.ply
        previous_ply, was_over = seen.get(play, (ply, False))
        if ply > previous_ply:
            report.moves_played += ply - previous_ply
        if play.round.over and not was_over:
            report.games_finished += 1
        seen[play] = (ply, play.round.over)


def _describe(batch: list[pygame.event.Event]) -> str:
    return (
        ", ".join(pygame.event.event_name(event.type) + str(event.dict) for event in batch)
        or "no event"
    )
