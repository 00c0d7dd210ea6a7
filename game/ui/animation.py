"""Motion, in board units (one cell = 1.0), independent of the window's size.

A :class:`DiscDrop` falls from the row above the board with gravity and
settles after a small bounce.  :func:`pulse` gives the 0..1 wave the
highlights breathe with, :func:`win_wave` the winning four's, which breathes a few
times and then rests (the window stops drawing then).  No pygame here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core import Player

GRAVITY = 70.0
"""Cells per second squared: a drop of the whole board takes about 0.4 s, and
0.6 s with its bounce."""
BOUNCE = 0.25
"""The share of its speed a disc keeps when it bounces."""
REST_SPEED = 2.0
"""Below this speed (cells per second) after an impact the disc stops."""


@dataclass(slots=True)
class DiscDrop:
    """A disc falling into ``col``/``row``.

    ``y`` is the distance fallen below the hover row, in cells; the disc rests
    at ``target``.  :meth:`update` returns True on the frame of the first
    impact (when the drop sound plays).
    """

    col: int
    row: int
    player: Player
    target: float
    y: float = 0.0
    speed: float = 0.0
    impacts: int = 0
    done: bool = False

    def update(self, dt: float) -> bool:
        """Advance ``dt`` seconds (already scaled by the animation speed)."""
        if self.done:
            return False
        self.speed += GRAVITY * dt
        self.y += self.speed * dt
        if self.y < self.target:
            return False
        self.y = self.target
        self.impacts += 1
        self.speed = -self.speed * BOUNCE
        if abs(self.speed) < REST_SPEED or self.impacts > 2:
            self.speed = 0.0
            self.done = True
        return self.impacts == 1

    def finish(self) -> None:
        self.y = self.target
        self.speed = 0.0
        self.done = True


PULSE_SECONDS = 1.2
"""One breath of a highlight."""
WIN_BREATHS = 4
"""The winning four breathes this many times, then rests as each breath began."""


def pulse(time: float, period: float = PULSE_SECONDS) -> float:
    """A smooth wave from 0 to 1 and back, ``period`` seconds long."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * time / period)


def win_breathing(since: float | None) -> bool:
    """Whether the winning four still breathes ``since`` seconds after the game ended
    (None: it has not ended)."""
    return since is not None and 0.0 <= since < WIN_BREATHS * PULSE_SECONDS


def win_wave(since: float | None) -> float:
    """The winning four's wave ``since`` seconds after the game ended: :data:`WIN_BREATHS`
    breaths of :func:`pulse`, then 0, where every breath starts and ends, so that the
    picture stops without a jump."""
    return pulse(since) if since is not None and win_breathing(since) else 0.0
