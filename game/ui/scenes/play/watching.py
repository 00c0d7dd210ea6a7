"""Two computers playing: how fast their moves follow each other, pause and step."""

from __future__ import annotations

import enum

from game.profile.preferences import Settings


class WatchSpeed(enum.Enum):
    """How fast two computers' moves follow each other: the value is the seconds each
    move stays on screen at least (the setting ``watch_delay`` keeps it)."""

    SLOW = 2.0
    NORMAL = 0.6
    FAST = 0.15

    @property
    def delay(self) -> float:
        return float(self.value)

    @property
    def next(self) -> WatchSpeed:
        """Slow, normal, fast, and round again."""
        speeds = list(WatchSpeed)
        return speeds[(speeds.index(self) + 1) % len(speeds)]


class Watching:
    """The pace of a game between two computers.  The speed is a setting (kept);
    pause and step belong to this game."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self.paused = False
        """Whether the game waits (Step plays one move)."""
        self.steps = 0
        """Moves Step allowed while paused."""

    @property
    def delay(self) -> float:
        """Seconds each computer move stays on screen at least (the speed setting)."""
        return self._settings.watch_delay

    @property
    def speed(self) -> WatchSpeed:
        """The speed nearest to the setting."""
        delay = self.delay
        return min(WatchSpeed, key=lambda speed: abs(speed.delay - delay))

    @property
    def may_move(self) -> bool:
        """Whether the computer's next move may be shown now (not paused, or a step)."""
        return not self.paused or self.steps > 0

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.steps = 0

    def allow_step(self) -> None:
        """Pause if need be, and let one move through."""
        if not self.paused:
            self.toggle_pause()
        self.steps = 1

    def spend_step(self) -> None:
        """A held move was shown."""
        if self.paused:
            self.steps = max(0, self.steps - 1)

    def cycle_speed(self) -> WatchSpeed:
        """Slow, normal, fast, and round again; the new speed (kept in the settings)."""
        speed = self.speed.next
        self._settings.watch_delay = speed.delay
        return speed

    def reset(self) -> None:
        """A new game starts unpaused."""
        self.paused = False
        self.steps = 0
