"""The part of the worker API the window uses, as protocols, and the real worker's factory.

The scenes talk to :class:`WorkerLike`; the game runs
:class:`game.ai.worker.AIWorker`, tests and scripts pass a stand-in such as
:class:`game.ui.testing.FakeWorker`.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.ai.requests import SearchRequest, WorkerReply


class WorkerLike(Protocol):
    """The computer player's handle; every method returns at once."""

    def start(self) -> None: ...
    def submit(self, request: SearchRequest, *, kind: str = "move") -> int: ...
    def cancel(self, request_id: int | None = None) -> None: ...
    def poll(self) -> Sequence[WorkerReply]: ...
    def take_notices(self) -> list[str]: ...
    def close(self) -> None: ...
    @property
    def pending_count(self) -> int: ...


def make_worker() -> WorkerLike:
    """The real worker process's handle (nothing starts until ``start`` or ``submit``)."""
    from game.ai.worker import AIWorker  # noqa: PLC0415 - keeps multiprocessing out of imports

    return AIWorker()
