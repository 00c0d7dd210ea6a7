"""The computer player's handle, made when a screen first asks it something.

The main menu asks nothing: the window opens, and waits there, without the worker
process, its pipes, its log listener and multiprocessing's own helper process (the
spawn start method's resource tracker), and without importing any of them.
:class:`LateWorker` has the worker's API (:class:`~game.ui.engine_link.WorkerLike`)
and makes the real handle at the first :meth:`~LateWorker.start` or
:meth:`~LateWorker.submit`; until then there is nothing to cancel, poll or close.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ai.client import Notice
    from game.ai.protocol import Reply, Request
    from game.ui.engine_link import WorkerLike


class LateWorker:
    """``make()``'s worker, made on first use (see the module docstring)."""

    def __init__(self, make: Callable[[], WorkerLike]) -> None:
        self._make = make
        self.made: WorkerLike | None = None
        """The real handle, once a screen needed it."""

    def _worker(self) -> WorkerLike:
        if self.made is None:
            self.made = self._make()
        return self.made

    def start(self) -> None:
        self._worker().start()

    def submit(self, request: Request) -> int:
        return self._worker().submit(request)

    def cancel(self, request_id: int | None = None) -> None:
        if self.made is not None:
            self.made.cancel(request_id)

    def poll(self) -> Sequence[Reply]:
        return [] if self.made is None else self.made.poll()

    def take_notices(self) -> list[Notice]:
        return [] if self.made is None else self.made.take_notices()

    def close(self) -> None:
        if self.made is not None:
            self.made.close()

    @property
    def pending_count(self) -> int:
        return 0 if self.made is None else self.made.pending_count

    @property
    def pid(self) -> int | None:
        """The worker process's id (None: not started)."""
        return None if self.made is None else self.made.pid

    @property
    def reply_connection(self) -> Any:
        """The pipe the replies come on (None: not started); see
        :attr:`game.ai.worker.AIWorker.reply_connection`."""
        return getattr(self.made, "reply_connection", None)
