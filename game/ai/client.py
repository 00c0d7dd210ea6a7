"""The game's side of the worker's pipe: request ids, the requests awaited, restarts.

:class:`WorkerClient` speaks the protocol of :mod:`game.ai.protocol` over a
:class:`Transport`.  In the game the transport is a process and a pipe
(:class:`game.ai.worker.ProcessTransport`, behind :class:`game.ai.worker.AIWorker`); in
the tests it is an in-memory one that answers in this process (``tests/fakes.py``).
Everything here is the same code over both:

* each request gets an id, and is remembered (:attr:`WorkerClient.pending_count`) until
  its reply comes or it is cancelled;
* a reply to a request that is no longer awaited (cancelled while its answer was on the
  way) is dropped here, the one place where that happens;
* a far end that died, or that left a request unanswered for the longest it may take
  (its ``longest``) plus :attr:`WorkerClient.hang_margin`, is replaced and sent every
  pending request again; a request that was being answered when the far end died
  :data:`MAX_ATTEMPTS` times gets a :class:`~game.ai.protocol.Refused` reply marked
  ``crashed`` instead: it is probably what kills it;
* what the player should hear of it comes out as :class:`Notice` values (the window
  words them: :mod:`game.ai` speaks no language), among them, once, that the worker
  has no opening book (:class:`~game.ai.protocol.BookMissing`).

Every method returns at once.  Requests are answered one at a time, in the order they
were submitted.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.ai.protocol import (
    BookMissing,
    Cancel,
    FromWorker,
    Quit,
    Refused,
    Reply,
    Request,
    Submit,
    ToWorker,
)

log = logging.getLogger(__name__)

HANG_MARGIN = 3.0
"""Seconds past a request's time budget after which a silent worker counts as hung.
It covers starting a fresh process (up to a second from a one-file build)."""

UNBOUNDED_BUDGET = 120.0
"""The budget assumed for a request without a time limit, before it counts as hung."""

MAX_ATTEMPTS = 3
"""A request that is being answered when the worker dies this many times gets a
:class:`~game.ai.protocol.Refused` reply instead of another attempt."""


class Notice(enum.Enum):
    """Something about the worker the player should be told."""

    RESTARTED = "restarted"
    """The worker stopped unexpectedly and was restarted; it is working again."""
    HUNG = "hung"
    """The worker stopped answering and was restarted; it is working again."""
    RESTARTED_IDLE = "restarted idle"
    """The worker stopped unexpectedly while it had nothing to do, and was restarted."""
    GAVE_UP = "gave up"
    """The worker died on the same request again and again; that request was refused."""
    NO_BOOK = "no book"
    """The opening book could not be read: the first moves are searched, slowly."""


class Transport(Protocol):
    """The far end of the pipe, as the client sees it: a worker it can start, talk to,
    watch and stop.  No method blocks for long (:meth:`stop` waits a second or two at
    most for a process to end)."""

    @property
    def pid(self) -> int | None:
        """The far end's process id (None: not running, or not a process)."""
        ...

    def open(self) -> None:
        """Start a far end (a fresh one after :meth:`stop`); it need not be ready yet."""

    def send(self, message: ToWorker) -> bool:
        """Send ``message``; False when the far end cannot be reached."""
        ...

    def receive(self) -> list[FromWorker]:
        """The messages that have arrived, oldest first (none once the far end is gone)."""
        ...

    def gone(self) -> str | None:
        """Why the far end is no longer running (None while it runs), for the log."""
        ...

    def stop(self, *, graceful: bool) -> None:
        """End the far end and wait for it; ``graceful``: give it a moment to end by
        itself (it was sent :class:`~game.ai.protocol.Quit`) before it is made to."""


@dataclass(slots=True)
class _Pending:
    request: Request
    sent_at: float
    attempts: int = 1


class WorkerClient:
    """The game's handle on a worker behind ``transport`` (see the module docstring).

    ``clock`` gives the seconds that the hang watch measures (a monotonic clock).
    """

    def __init__(
        self,
        transport: Transport,
        *,
        hang_margin: float = HANG_MARGIN,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.hang_margin = hang_margin
        self._transport = transport
        self._clock = clock
        self._running = False
        self._pending: dict[int, _Pending] = {}
        self._next_id = 1
        self._notices: list[Notice] = []
        self._failed: list[Reply] = []
        self._restarts = 0
        self._closed = False
        self._told_no_book = False

    # -- state

    @property
    def pid(self) -> int | None:
        return self._transport.pid if self._running else None

    @property
    def pending_count(self) -> int:
        """How many submitted requests have no reply yet (cancelled ones excluded)."""
        return len(self._pending)

    @property
    def restarts(self) -> int:
        """How many times a dead or hung far end was replaced."""
        return self._restarts

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (the client takes no more requests)."""
        return self._closed

    def is_alive(self) -> bool:
        return self._running and self._transport.gone() is None

    # -- lifecycle

    def start(self) -> None:
        """Start the far end if it is not running (this call does not wait for it)."""
        if self._closed:
            raise RuntimeError("this worker was closed; create a new one")
        if self._running:
            return
        self._transport.open()
        self._running = True

    def close(self) -> None:
        """Stop the far end and wait for it; no child is left.  Safe to call twice."""
        self._closed = True
        if self._running:
            self._running = False
            # The search under way stops at its next check, so the far end reads Quit.
            for request_id in self._pending:
                self._transport.send(Cancel(request_id))
            self._transport.send(Quit())
            self._transport.stop(graceful=True)
            log.info("AI worker stopped")
        self._pending.clear()

    # -- requests

    def submit(self, request: Request) -> int:
        """Queue ``request``; returns its id.  Starts the far end if needed."""
        self.start()
        request_id = self._next_id
        self._next_id += 1
        self._pending[request_id] = _Pending(request, self._clock())
        if not self._transport.send(Submit(request_id, request)):
            self._replace(Notice.RESTARTED, reason="the pipe to the worker is broken")
        return request_id

    def cancel(self, request_id: int | None = None) -> None:
        """Stop the request (every pending one if None); its reply will never come.

        A running search stops within one stop check, about 10 ms.
        """
        ids = list(self._pending) if request_id is None else [request_id]
        for rid in ids:
            if self._pending.pop(rid, None) is not None and self._running:
                self._transport.send(Cancel(rid))

    def poll(self) -> list[Reply]:
        """The replies that have arrived, oldest first; also replaces a dead or hung
        far end.  Never blocks."""
        replies: list[Reply] = []
        if not self._running:
            return replies
        for message in self._transport.receive():
            if isinstance(message, BookMissing):
                self._no_book(message.problem)
            elif self._awaited(message):
                replies.append(message)
        self._watch()
        replies.extend(self._failed)
        self._failed.clear()
        return replies

    def take_notices(self) -> list[Notice]:
        """What the player should be told since the last call."""
        notices, self._notices = self._notices, []
        return notices

    def _awaited(self, message: Reply) -> bool:
        """Whether ``message`` answers a request still awaited (it is then no longer)."""
        pending = self._pending.pop(message.request_id, None)
        if pending is None:
            return False  # cancelled while its answer was on the way: stale
        self._restart_clock()
        if isinstance(message, Refused):
            log.warning("the engine refused %r: %s", pending.request.moves, message.error)
        return True

    def _no_book(self, problem: str) -> None:
        """The worker has no opening book: the player is told once (a restarted worker
        says it again, and is not repeated)."""
        log.warning("the worker plays without an opening book: %s", problem)
        if not self._told_no_book:
            self._told_no_book = True
            self._notices.append(Notice.NO_BOOK)

    def _restart_clock(self) -> None:
        """The next request starts now, not when it was queued."""
        for pending in self._pending.values():
            pending.sent_at = self._clock()
            break

    def _watch(self) -> None:
        reason = self._transport.gone()
        if reason is not None:
            self._replace(Notice.RESTARTED, reason=reason)
            return
        if not self._pending:
            return
        first = next(iter(self._pending.values()))
        longest = first.request.longest  # a Perfect move may overrun its budget to prove it
        allowed = (UNBOUNDED_BUDGET if longest is None else longest) + self.hang_margin
        if self._clock() - first.sent_at > allowed:
            self._replace(Notice.HUNG, reason=f"no answer within {allowed:.1f} s")

    def _replace(self, notice: Notice, *, reason: str) -> None:
        """Start a new far end and send it every pending request again."""
        log.error("AI worker (pid %s) replaced: %s", self.pid, reason)
        self._running = False
        self._transport.stop(graceful=False)
        self._restarts += 1
        gave_up = False
        if self._pending:
            first_id = next(iter(self._pending))
            first = self._pending[first_id]
            first.attempts += 1
            if first.attempts > MAX_ATTEMPTS:
                del self._pending[first_id]
                error = (
                    f"the computer player failed {MAX_ATTEMPTS} times on {first.request.moves!r}"
                )
                self._failed.append(Refused(first_id, error, crashed=True))
                gave_up = True
        self.start()
        now = self._clock()
        for request_id, pending in self._pending.items():
            pending.sent_at = now
            self._transport.send(Submit(request_id, pending.request))
        if gave_up:
            notice = Notice.GAVE_UP
        elif not self._pending:  # nothing was asked: nothing is thinking again
            notice = Notice.RESTARTED_IDLE
        self._notices.append(notice)
