"""Cooperative stopping: a stop flag, a time budget and a node budget.

The search calls :meth:`StopControl.check` every :data:`CHECK_INTERVAL` nodes
(it counts nodes itself, so the check costs nothing in between).  When a limit
is reached, ``check`` raises :class:`SearchStopped`; the search unwinds and the
caller answers with the deepest iteration it completed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

CHECK_INTERVAL = 2048
"""Nodes between two checks: about 10 ms of pure-Python search."""


class SearchStopped(Exception):
    """Raised inside the search when it must stop; never escapes the engine."""


class StopControl:
    """The limits of one search: ``time_limit`` seconds, ``node_limit`` nodes, and a
    ``should_stop`` callable polled at every check (for example a flag shared with
    the process that asked).  Any of them may be None.
    """

    __slots__ = ("deadline", "node_limit", "should_stop", "start", "stopped")

    def __init__(
        self,
        *,
        time_limit: float | None = None,
        node_limit: int | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        self.start = time.perf_counter()
        self.deadline = None if time_limit is None else self.start + max(0.0, time_limit)
        self.node_limit = node_limit
        self.should_stop = should_stop
        self.stopped = False

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def remaining(self) -> float | None:
        """Seconds left before the deadline, or None without a time limit."""
        if self.deadline is None:
            return None
        return self.deadline - time.perf_counter()

    def check(self, nodes: int) -> None:
        """Raise :class:`SearchStopped` if a limit is reached after ``nodes`` nodes."""
        if self.stopped or self.limit_reached(nodes):
            self.stopped = True
            raise SearchStopped

    def limit_reached(self, nodes: int) -> bool:
        if self.node_limit is not None and nodes >= self.node_limit:
            return True
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            return True
        return self.should_stop is not None and self.should_stop()
