"""When the window draws: 60 frames a second while something moves, and otherwise not
at all until an event, a reply of the worker or a timer wakes it.

Each part that changes the picture by itself says when it next needs a frame: a
scene (:meth:`~game.ui.scenes.base.Scene.next_frame_in`), the notices, the worker's
link.  The answer is :data:`EVERY_FRAME` (0.0) while something moves (a falling disc,
a fading notice, the thinking dots), a number of seconds for a timer due then (a
notice that starts to fade, a move held back), or None when nothing changes until an
event comes.  :func:`soonest` merges them; :class:`Loop` turns the answer into one
turn of the game loop: wait for events (no CPU, no drawing) or pace the next frame.

Input is handled at once, but never drawn more often than the frame rate: a mouse
moving over the window draws at most 60 frames a second, as it did when the loop
always ran.  A minimised or hidden window draws nothing; what moves on in it (two
computers playing) is updated a few times a second, unseen.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Protocol

import pygame

EVERY_FRAME = 0.0
"""A frame is wanted as soon as the frame rate allows: something moves."""
MAX_WAIT = 1.0
"""The longest one wait for events lasts, even with nothing due: a signal's handler
(SIGTERM closes the game) runs only when the wait returns to Python."""
HIDDEN_TICK = 0.1
"""While the window cannot be seen, what moves is advanced this often (seconds), unseen."""


def soonest(*delays: float | None) -> float | None:
    """The earliest of ``delays`` (seconds from now; None: never), None if all are."""
    due = [delay for delay in delays if delay is not None]
    return max(0.0, min(due)) if due else None


class EventSource(Protocol):
    """Where the loop's events come from (pygame's queue; a script in tests)."""

    def wait(self, timeout: float) -> list[pygame.event.Event]:
        """Wait until at least one event has come or ``timeout`` seconds have passed;
        every event queued, oldest first (empty after a timeout)."""
        ...

    def get(self) -> list[pygame.event.Event]:
        """The events queued now, oldest first, without waiting."""
        ...


class Clock(Protocol):
    """The loop's time: seconds from any origin, and a way to let them pass."""

    def now(self) -> float: ...
    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """The real time (:func:`time.perf_counter`, :func:`time.sleep`)."""

    def now(self) -> float:
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class Host(Protocol):
    """What :class:`Loop` drives (:class:`game.ui.app.App`)."""

    @property
    def running(self) -> bool: ...
    @property
    def hidden(self) -> bool:
        """Whether the window cannot be seen (minimised, hidden): nothing is drawn."""
        ...

    def next_frame_in(self) -> float | None:
        """When the picture next changes by itself (see the module docstring)."""
        ...

    def pass_time(self, seconds: float) -> None:
        """``seconds`` went by while nothing moved: timers advance (no drawing)."""

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> bool:
        """Handle ``events``, advance ``dt`` seconds, draw (unless hidden)."""
        ...


class FrameGrid:
    """Frame deadlines on a fixed grid of ``period`` seconds.

    A frame late by a little makes the next one sooner (pygame's ``Clock.tick`` would
    add every late wake-up to the interval); after a long pause (the loop waited for
    events, or stalled) the grid starts again from now, without racing to catch up.
    """

    def __init__(self, period: float, clock: Clock) -> None:
        self.period = period
        self._clock = clock
        self._next: float | None = None
        self._last: float | None = None

    @property
    def last(self) -> float | None:
        """When the last tick returned (None: never)."""
        return self._last

    def tick(self) -> float:
        """Sleep until the next frame is due; the seconds since the last tick."""
        now = self._clock.now()
        if self._next is None or self._last is None:
            self._next = self._last = now
            return 0.0
        self._next += self.period
        delay = self._next - now
        if delay > 0:
            self._clock.sleep(delay)
        elif delay < -self.period:
            self._next = now
        now = self._clock.now()
        elapsed, self._last = now - self._last, now
        return elapsed


class Loop:
    """The game loop's turns (:meth:`turn`): wait or pace, then one step of ``host``.
    Every step is one tick of :attr:`grid`, whose last tick is when the host last saw
    the time.

    ``max_dt`` caps the time one animated frame advances, so that a stall (a window
    being dragged) never makes a disc jump; the time spent waiting with nothing moving
    is passed whole (:meth:`Host.pass_time`), so the timers stay true.
    """

    def __init__(
        self,
        host: Host,
        events: EventSource,
        *,
        fps: int,
        max_dt: float,
        clock: Clock | None = None,
    ) -> None:
        self.host = host
        self.events = events
        self.max_dt = max_dt
        self.clock = clock if clock is not None else SystemClock()
        self.grid = FrameGrid(1.0 / fps, self.clock)
        self.waits: list[float] = []
        """The timeouts of the waits so far (the last few; for tests and the log)."""

    def start(self) -> None:
        """The first frame was drawn now: the next one is due a period later."""
        self.grid.tick()

    def turn(self) -> None:
        """Wait for what comes next, then one step: animated frames at the frame rate,
        otherwise a wait for events (or the next timer) and one frame for them."""
        due = self.host.next_frame_in()
        if self.host.hidden and due is not None:
            due = max(due, HIDDEN_TICK)
        if due is not None and due <= 0:
            dt = self.grid.tick()
            self.host.step(self.events.get(), min(dt, self.max_dt))
            return
        # ``due`` counts from the last frame: the host has not seen the time since.
        now = self.clock.now()
        deadline = None if due is None else (self.grid.last or now) + due
        timeout = MAX_WAIT if deadline is None else min(max(0.0, deadline - now), MAX_WAIT)
        self._remember(timeout)
        events = self.events.wait(timeout)
        if not events and (deadline is None or self.clock.now() < deadline):
            return  # woken with nothing to do (MAX_WAIT passed): wait again
        waited = self.grid.tick()  # input is drawn at most at the frame rate
        events += self.events.get()
        self.host.pass_time(waited)
        self.host.step(events, 0.0)

    def _remember(self, timeout: float) -> None:
        self.waits.append(timeout)
        del self.waits[:-16]
