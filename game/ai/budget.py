"""The effort one request may spend, as one object passed down (as Stockfish's
TimeManagement, python-chess's ``Limit``): a time budget counted from the request's start,
a node budget, and the asker's stop flag.

Each search the engine runs for the request gets its limits from the budget
(:meth:`Budget.control`: a share of the whole, minus what is spent) and reports the nodes
it spent (:meth:`Budget.spend`); no caller does the arithmetic itself.
"""

from __future__ import annotations

from typing import Final

from game.ai.control import StopControl

SAFETY_MARGIN: Final = 0.05
"""Seconds (at most, and at most this share of the budget) kept back from a time limit,
so that checking every few thousand nodes and answering still ends within the budget."""


def usable(seconds: float | None) -> float | None:
    """The part of a time limit a search may spend (see :data:`SAFETY_MARGIN`)."""
    if seconds is None:
        return None
    return seconds - min(SAFETY_MARGIN, SAFETY_MARGIN * seconds)


class Budget:
    """The effort of one request: ``whole``, its limits as one stop control (a deadline
    counted from the request's start, a node limit, the stop flag), and the nodes its
    searches have spent so far."""

    __slots__ = ("nodes", "whole")

    def __init__(self, whole: StopControl) -> None:
        self.whole = whole
        self.nodes = 0
        """Nodes spent so far by the request's searches."""

    @property
    def seconds(self) -> float | None:
        """The whole time budget in seconds (None: no limit)."""
        deadline = self.whole.deadline
        return None if deadline is None else deadline - self.whole.start

    def elapsed(self) -> float:
        return self.whole.elapsed()

    @property
    def overrun(self) -> bool:
        """Whether more time has passed than the budget allows."""
        left = self.whole.remaining()
        return left is not None and left < 0

    def stop_requested(self) -> bool:
        """Whether the asker wants the request stopped (its answer is no longer wanted)."""
        return self.whole.should_stop is not None and self.whole.should_stop()

    def spend(self, nodes: int) -> None:
        """Count the nodes a search of this request spent."""
        self.nodes += nodes

    def _nodes_left(self, share: float) -> int | None:
        limit = self.whole.node_limit
        return None if limit is None else max(0, int(limit * share) - self.nodes)

    def control(self, share: float = 1.0, *, at_most: float | None = None) -> StopControl:
        """The limits of the next search: until ``share`` of the whole budget (time and
        nodes) is spent, and at most ``at_most`` seconds; the stop flag always."""
        seconds = self.seconds
        time_limit = None if seconds is None else max(0.0, seconds * share - self.elapsed())
        if at_most is not None:
            time_limit = at_most if time_limit is None else min(time_limit, at_most)
        return StopControl(
            time_limit=time_limit,
            node_limit=self._nodes_left(share),
            should_stop=self.whole.should_stop,
        )

    def past_time(self, seconds: float) -> StopControl:
        """The limits of a search that may go on past the time budget, until ``seconds``
        from the start: the node budget and the stop flag still hold."""
        return StopControl(
            time_limit=max(0.0, seconds - self.elapsed()),
            node_limit=self._nodes_left(1.0),
            should_stop=self.whole.should_stop,
        )
