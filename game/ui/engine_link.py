"""The window's link to the computer player: requests out, replies back to whoever asked.

:class:`EngineLink` wraps a worker (:class:`game.ai.client.WorkerClient`: the real
:class:`game.ai.worker.AIWorker` in the game, one over an in-memory transport in tests
and scripts).  A screen submits a request (a :class:`~game.ai.protocol.SearchRequest`
or a :class:`~game.ai.protocol.ReviewRequest`) with an owner, in practice its
:class:`game.ui.requests.Requests`; on each poll the link hands every reply, an
:class:`~game.ai.protocol.Answered` or a :class:`~game.ai.protocol.Refused` as it came
off the pipe, to the owner of its request id: one map, :attr:`EngineLink.owners`.  A
request cancelled leaves that map at once (its reply, if one still comes, is dropped
by the worker's handle).  The worker's notices (a restart, say) go to the player, in
the player's language.  No pygame here.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from game import resources
from game.ai.kernel_switch import PURE_ENV, compiled_kernel_installed, forced_pure
from game.i18n import gettext as _

if TYPE_CHECKING:  # the messages' modules load after the first frame (about 15 ms)
    from game.ai.client import Notice, WorkerClient
    from game.ai.protocol import Reply, Request

log = logging.getLogger(__name__)

WORKER_NICENESS = 10
"""The worker's scheduling priority (Unix niceness): below the window's."""


class WorkerLike(Protocol):
    """The computer player's handle (a :class:`game.ai.client.WorkerClient`, or
    :class:`game.ui.late_worker.LateWorker` that makes one when first needed); every
    method returns at once."""

    def start(self) -> None: ...
    def submit(self, request: Request) -> int: ...
    def cancel(self, request_id: int | None = None) -> None: ...
    def poll(self) -> Sequence[Reply]: ...
    def take_notices(self) -> list[Notice]: ...
    def close(self) -> None: ...
    @property
    def pending_count(self) -> int: ...
    @property
    def pid(self) -> int | None: ...


def make_worker() -> WorkerClient:
    """The real worker process's handle (nothing starts until ``start`` or ``submit``),
    with the shipped opening book (found here, read by the worker when first needed)."""
    from game.ai.book import BOOK_FILE  # noqa: PLC0415 - after the first frame, as the worker
    from game.ai.bookshelf import BookFile  # noqa: PLC0415 - keeps multiprocessing out of imports
    from game.ai.worker import AIWorker  # noqa: PLC0415

    return AIWorker(book=BookFile(functools.partial(resources.asset_path, BOOK_FILE)))


def kernel_name() -> str:
    """Which build of the engine kernel the worker runs, in the words of
    :data:`game.ai.backend.KERNEL_NAME`, found without loading either build: the
    window runs no search, and importing the kernel's module costs it about 16 ms.
    The compiled build runs when its extension file lies beside :mod:`game.ai` and
    :data:`PURE_ENV` does not ask for the pure one (a file that exists but does not
    load is the one case this cannot see; the self-test and the log tell it).  Where
    this process has chosen a kernel already, its choice is the answer."""
    chosen = sys.modules.get("game.ai.backend")
    if chosen is not None:
        return str(chosen.KERNEL_NAME)
    if forced_pure():
        return f"pure Python ({PURE_ENV} is set)"
    if compiled_kernel_installed():
        return "compiled"
    return "pure Python (the compiled kernel is not installed)"


def with_log_file(sentence: str) -> str:
    """``sentence`` (which sends the player to the log), then where the log file is."""
    from game.logs import log_file  # noqa: PLC0415 - said rarely, after the first frame

    found = log_file()
    if found is None:
        return sentence
    where = _("The log file: {file}").format(file=found)
    return f"{sentence} {where}"


def notice_text(notice: Notice) -> str:
    """What the player is told of the worker's ``notice``."""
    from game.ai.client import Notice  # noqa: PLC0415 - loaded by then: a worker told it

    match notice:
        case Notice.RESTARTED:
            return _(
                "The computer player stopped unexpectedly and was restarted; it is thinking again."
            )
        case Notice.HUNG:
            return _(
                "The computer player stopped answering and was restarted; it is thinking again."
            )
        case Notice.RESTARTED_IDLE:
            return _("The computer player stopped unexpectedly and was restarted.")
        case Notice.GAVE_UP:
            return with_log_file(
                _("The computer player keeps failing on this position; see the log file.")
            )
        case Notice.NO_BOOK:
            return with_log_file(
                _(
                    "The opening book could not be read (see the log file): the computer works"
                    " out the first moves itself, which can take seconds a move."
                )
            )


class ReplyOwner(Protocol):
    """Whoever submits a request gets its reply."""

    def deliver(self, reply: Reply) -> None:
        """The reply to a request this owner submitted and has not cancelled."""


class Engine(Protocol):
    """What a screen may do with the computer player."""

    def submit(self, request: Request, *, owner: ReplyOwner) -> int | None:
        """Ask; the reply goes to ``owner.deliver``.  None if the worker refused (the
        player is told)."""
        ...

    def cancel(self, request_id: int) -> None:
        """Stop a request; its reply, if one is on the way, is dropped."""


class EngineLink:
    """The worker, the owner of each request, and the way replies and notices go.

    ``notify`` tells the player a sentence.
    """

    def __init__(self, worker: WorkerLike, *, notify: Callable[[str], None]) -> None:
        self.worker = worker
        self._notify = notify
        self.owners: dict[int, ReplyOwner] = {}
        """Who awaits the reply to each request id (cancelled ones leave it at once)."""
        self._niced_pid: int | None = None

    def start(self) -> None:
        """Start the worker process (the player is told if it cannot start)."""
        try:
            self.worker.start()
        except Exception as error:
            log.exception("the worker did not start")
            self._notify(_("The computer player could not start ({error}).").format(error=error))
        self._yield_to_frames()

    def close(self) -> None:
        """Cancel everything and stop the worker; never raises."""
        self.owners.clear()
        try:
            self.worker.cancel()
            self.worker.close()
        except Exception:
            log.exception("closing the worker failed")

    def submit(self, request: Request, *, owner: ReplyOwner) -> int | None:
        """Send ``request``; its reply goes to ``owner.deliver``.  None if the worker
        refused (the player is told)."""
        try:
            request_id = self.worker.submit(request)
        except Exception as error:
            log.exception("the worker refused a request")
            self._notify(_("The computer player is not available ({error}).").format(error=error))
            return None
        self.owners[request_id] = owner
        return request_id

    def cancel(self, request_id: int) -> None:
        """Stop the request; its reply, if one is on the way, is dropped."""
        self.owners.pop(request_id, None)
        try:
            self.worker.cancel(request_id)
        except Exception:
            log.exception("cancelling request %s failed", request_id)

    def poll(self) -> None:
        """Hand every reply that arrived to its owner, and the worker's notices to the
        player.  Never blocks."""
        try:
            replies = self.worker.poll()
            notices = [notice_text(notice) for notice in self.worker.take_notices()]
        except Exception as error:
            log.exception("polling the worker failed")
            replies, notices = [], [_("The computer player failed ({error}).").format(error=error)]
        for reply in replies:
            owner = self.owners.pop(reply.request_id, None)
            if owner is None:  # only if cancelling it failed: the worker awaited it still
                log.warning("dropped reply %s: nobody awaits it", reply.request_id)
                continue
            owner.deliver(reply)
        for notice in notices:
            self._notify(notice)
        self._yield_to_frames()  # a restarted worker is a new process

    def _yield_to_frames(self) -> None:
        """Lower the worker process's priority (once per process), so that on a busy
        machine the frames come first and the search takes what is left.  Where the
        system has no such call, nothing happens."""
        pid = self.worker.pid
        if pid is None or pid == self._niced_pid:
            return
        self._niced_pid = pid
        setpriority = getattr(os, "setpriority", None)
        if setpriority is None:
            return
        try:
            current = os.getpriority(os.PRIO_PROCESS, pid)
            setpriority(os.PRIO_PROCESS, pid, max(current, WORKER_NICENESS))
        except OSError as error:
            log.info("cannot lower the worker's priority: %s", error)
