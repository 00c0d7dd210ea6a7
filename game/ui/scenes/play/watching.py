"""Two computers playing: how fast their moves follow each other, pause and step."""

from __future__ import annotations

from game.profile.preferences import Settings

SPEEDS = (2.0, 0.6, 0.15)
"""Seconds each computer move stays on screen at least: slow, normal, fast."""


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
    def speed(self) -> float:
        """The step of :data:`SPEEDS` nearest to the setting."""
        delay = self.delay
        return min(SPEEDS, key=lambda speed: abs(speed - delay))

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

    def cycle_speed(self) -> float:
        """Slow, normal, fast, and round again; the new delay (kept in the settings)."""
        delay = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._settings.watch_delay = delay
        return delay

    def reset(self) -> None:
        """A new game starts unpaused."""
        self.paused = False
        self.steps = 0
