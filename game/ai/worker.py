"""The computer player in its own process, so the window never waits for it.

One long-lived process, started with the *spawn* start method (the same on
every system, and the only one that works in a frozen app on macOS and
Windows), owns one :class:`~game.ai.engine.Engine` for the whole session, so
its transposition tables stay warm from move to move.  It imports only
``game.core`` and ``game.ai``: it starts fast and never opens a window.

Protocol, over one duplex pipe::

    game  -> worker   ("search", id, SearchRequest or ReviewRequest)
                      ("cancel", id)          stop that search, or forget it if queued
                      ("quit",)
    worker -> game    ("result", id, SearchResult or ReviewResult)
                      ("error", id, message)   the engine refused the request

The worker's log records travel on a second, one-way pipe to the game's log
file (:mod:`game.ai.worker_log`).

Inside the worker a reader thread takes every message off the pipe at once, so a
cancel reaches the running search within one stop check (about 10 ms), and an
end of file (the game process died, however it died) ends the worker at once:
no orphan is left computing.  The search runs on the worker's main thread.

On the game's side :class:`AIWorker` never blocks: :meth:`AIWorker.poll`, called
once per frame, returns the replies that have arrived and drops those of
cancelled requests.  It also watches the process: if it died, or if a request
went unanswered for the longest it may take (its time budget, or for a Perfect move the
time it may take to prove it: the request's ``longest``) plus
:attr:`AIWorker.hang_margin`, it
starts a new process, sends the pending requests again, and queues a notice for
the player (:meth:`AIWorker.take_notices`).
"""

from __future__ import annotations

import collections
import logging
import logging.handlers
import multiprocessing
import os
import signal
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from game.ai import worker_log
from game.ai.bookshelf import BookFile
from game.ai.protocol import Request, RequestKind, WorkerReply

log = logging.getLogger(__name__)

HANG_MARGIN = 3.0
"""Seconds past a request's time budget after which a silent worker counts as hung.
It covers starting a fresh process (up to a second from a one-file build)."""

UNBOUNDED_BUDGET = 120.0
"""The budget assumed for a request without a time limit, before it counts as hung."""

MAX_ATTEMPTS = 3
"""A request that is being searched when the worker dies this many times gets an
error reply instead of another attempt: it is probably what kills the worker."""

JOIN_TIMEOUT = 1.0
"""Seconds :meth:`AIWorker.close` waits for each step of the shutdown."""

RESTART_NOTICE = "The computer player stopped unexpectedly and was restarted; it is thinking again."
HANG_NOTICE = "The computer player stopped answering and was restarted; it is thinking again."
GAVE_UP_NOTICE = "The computer player keeps failing on this position; see the log file."


@dataclass(slots=True)
class _Pending:
    request: Request
    kind: RequestKind
    sent_at: float
    attempts: int = 1


# -- the worker process ------------------------------------------------------------


class _Inbox:
    """The requests the game sent and the ids it cancelled, filled by a reader thread
    that takes every message off the pipe at once (so a cancel reaches the running
    search), and ends the process when the game is gone."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._queue: collections.deque[tuple[int, Request | None]] = collections.deque()
        self.cancelled: set[int] = set()
        self._arrived = threading.Condition()
        threading.Thread(target=self._read, name="pipe-reader", daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                message = self._conn.recv()
            except (EOFError, OSError):
                os._exit(0)  # the game is gone: do not stay behind computing
            with self._arrived:
                if message[0] == "search":
                    self._queue.append((message[1], message[2]))
                elif message[0] == "cancel":
                    self.cancelled.add(message[1])
                elif message[0] == "quit":
                    self._queue.append((-1, None))
                self._arrived.notify()

    def next(self) -> tuple[int, Request] | None:
        """The next request that is not cancelled, waiting for one; None: quit."""
        with self._arrived:
            while True:
                while not self._queue:
                    self._arrived.wait()
                request_id, request = self._queue.popleft()
                if request is None:
                    return None
                if request_id not in self.cancelled:
                    return request_id, request
                self.cancelled.discard(request_id)

    def drop(self, request_id: int) -> bool:
        """Whether the answer to ``request_id`` is no longer wanted (then forget it)."""
        if request_id in self.cancelled:
            self.cancelled.discard(request_id)
            return True
        return False


def _worker_main(
    conn: Connection, log_conn: Connection, log_level: int, book: BookFile | None
) -> None:
    """The worker process: answer search requests until told to quit or orphaned.

    Its log records go down ``log_conn`` to the game's log (:mod:`game.ai.worker_log`);
    ``book`` is the opening book the game gave (read when first needed).
    """
    worker_log.log_to_pipe(log_conn, log_level)
    from game.ai.engine import Engine  # noqa: PLC0415 - the parent never needs the engine

    # Ctrl+C in a terminal reaches the whole process group: the game handles it and
    # closes this worker properly, so the worker itself ignores it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    engine = Engine(book=book)
    inbox = _Inbox(conn)
    while (asked := inbox.next()) is not None:
        request_id, request = asked

        def should_stop(request_id: int = request_id) -> bool:
            return request_id in inbox.cancelled

        reply: tuple[Any, ...]
        try:
            result = engine.answer(request, should_stop)
        except ValueError as error:  # IllegalMoveError is a ValueError
            reply = ("error", request_id, str(error))
        except Exception:
            # Anything else ends this process (the game starts another); the log file,
            # which the game's notice points the player to, says why.
            log.exception("the search of %r failed", request.moves)
            raise
        else:
            reply = ("result", request_id, result)
        if inbox.drop(request_id):
            continue
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


# -- the game's side ---------------------------------------------------------------


class AIWorker:
    """The game's handle on the worker process.  Every method returns at once.

    Requests are answered one at a time, in the order they were submitted.  ``book`` is
    the opening book the worker's engine answers from (None: none; it is read in the
    worker, when first needed).
    """

    def __init__(self, *, book: BookFile | None = None, hang_margin: float = HANG_MARGIN) -> None:
        self.hang_margin = hang_margin
        self._book = book
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._log: tuple[logging.handlers.QueueListener, Connection] | None = None
        self._pending: dict[int, _Pending] = {}
        self._next_id = 1
        self._notices: list[str] = []
        self._failed: list[WorkerReply] = []
        self._restarts = 0
        self._closed = False

    # -- state

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def pending_count(self) -> int:
        """How many submitted requests have no reply yet (cancelled ones excluded)."""
        return len(self._pending)

    @property
    def restarts(self) -> int:
        """How many times a dead or hung process was replaced."""
        return self._restarts

    def is_alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def reply_connection(self) -> Connection | None:
        """The pipe the replies arrive on (None: no process), for a thread that only
        waits until it has something to read (:class:`game.ui.waiting.ReplyBell`): only
        :meth:`poll` reads it.  It changes when a process is replaced."""
        return self._conn

    # -- lifecycle

    def start(self) -> None:
        """Start the process if it is not running (spawning takes a few hundred ms,
        but this call does not wait for it)."""
        if self._closed:
            raise RuntimeError("this worker was closed; create a new one")
        if self._process is not None:
            return
        parent_end, child_end = self._context.Pipe(duplex=True)
        log_end, child_log_end = self._context.Pipe(duplex=False)
        level = logging.getLogger().getEffectiveLevel()
        process = self._context.Process(
            target=_worker_main,
            args=(child_end, child_log_end, level, self._book),
            name="connect4-ai",
            daemon=True,
        )
        process.start()
        child_end.close()  # so that our ends see EOF if the worker dies
        child_log_end.close()
        self._process, self._conn = process, parent_end
        self._log = (worker_log.listen(log_end), log_end)
        log.info("AI worker started (pid %s)", process.pid)

    def close(self) -> None:
        """Stop the process and wait for it; no child is left.  Safe to call twice."""
        self._closed = True
        self._pending.clear()
        self._stop_process(polite=True)

    def _stop_process(self, *, polite: bool) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is None or conn is None:
            return
        if polite:
            for request_id in self._pending:
                self._send(conn, ("cancel", request_id))
            self._send(conn, ("quit",))
            process.join(JOIN_TIMEOUT)
        if process.is_alive():
            process.terminate()
            process.join(JOIN_TIMEOUT)
        if process.is_alive():
            process.kill()
            process.join(JOIN_TIMEOUT)
        conn.close()
        if not process.is_alive():
            process.close()
        if self._log is not None:
            listener, log_end = self._log
            self._log = None
            listener.stop()  # the records still in the pipe are logged first
            log_end.close()
        log.info("AI worker stopped")

    # -- requests

    def submit(self, request: Request, *, kind: RequestKind = RequestKind.MOVE) -> int:
        """Queue ``request``; returns its id.  Starts the process if needed."""
        self.start()
        request_id = self._next_id
        self._next_id += 1
        self._pending[request_id] = _Pending(request, kind, time.monotonic())
        assert self._conn is not None
        if not self._send(self._conn, ("search", request_id, request)):
            self._replace(RESTART_NOTICE, reason="the pipe to the worker is broken")
        return request_id

    def cancel(self, request_id: int | None = None) -> None:
        """Stop the request (every pending one if None); its reply will never come.

        A running search stops within one stop check, about 10 ms.
        """
        ids = list(self._pending) if request_id is None else [request_id]
        for rid in ids:
            if self._pending.pop(rid, None) is not None and self._conn is not None:
                self._send(self._conn, ("cancel", rid))

    def poll(self) -> list[WorkerReply]:
        """The replies that have arrived, oldest first; also replaces a dead or
        hung worker.  Never blocks."""
        replies: list[WorkerReply] = []
        if self._conn is None or self._process is None:
            return replies
        try:
            while self._conn.poll():
                reply = self._reply(self._conn.recv())
                if reply is not None:
                    replies.append(reply)
        except (EOFError, OSError):
            pass  # the process is gone: the checks below see it
        self._watch()
        replies.extend(self._failed)
        self._failed.clear()
        return replies

    def take_notices(self) -> list[str]:
        """Sentences for the player about problems since the last call."""
        notices, self._notices = self._notices, []
        return notices

    def _reply(self, message: tuple[Any, ...]) -> WorkerReply | None:
        tag, request_id, payload = message
        pending = self._pending.pop(request_id, None)
        if pending is None:
            return None  # cancelled: stale
        self._restart_clocks()
        moves = pending.request.moves
        if tag == "result":
            return WorkerReply.answering(request_id, pending.kind, moves, payload)
        log.warning("the engine refused %r: %s", moves, payload)
        return WorkerReply(request_id, pending.kind, moves, None, str(payload))

    def _restart_clocks(self) -> None:
        """The next request starts now, not when it was queued."""
        now = time.monotonic()
        for pending in self._pending.values():
            pending.sent_at = now
            break

    def _watch(self) -> None:
        if self._process is None:
            return
        if not self._process.is_alive():
            code = self._process.exitcode
            self._replace(RESTART_NOTICE, reason=f"it exited with code {code}")
            return
        if not self._pending:
            return
        first = next(iter(self._pending.values()))
        longest = first.request.longest  # a Perfect move may overrun its budget to prove it
        allowed = (UNBOUNDED_BUDGET if longest is None else longest) + self.hang_margin
        if time.monotonic() - first.sent_at > allowed:
            self._replace(HANG_NOTICE, reason=f"no answer within {allowed:.1f} s")

    def _replace(self, notice: str, *, reason: str) -> None:
        """Start a new process and send it every pending request again."""
        log.error("AI worker (pid %s) replaced: %s", self.pid, reason)
        self._stop_process(polite=False)
        self._restarts += 1
        failed: list[WorkerReply] = []
        if self._pending:
            first_id = next(iter(self._pending))
            first = self._pending[first_id]
            first.attempts += 1
            if first.attempts > MAX_ATTEMPTS:
                del self._pending[first_id]
                message = f"the computer player failed {MAX_ATTEMPTS} times on this position"
                failed.append(WorkerReply(first_id, first.kind, first.request.moves, None, message))
        self.start()
        assert self._conn is not None
        now = time.monotonic()
        for request_id, pending in self._pending.items():
            pending.sent_at = now
            self._send(self._conn, ("search", request_id, pending.request))
        self._notices.append(GAVE_UP_NOTICE if failed else notice)
        self._failed.extend(failed)

    @staticmethod
    def _send(conn: Connection, message: tuple[Any, ...]) -> bool:
        try:
            conn.send(message)
        except (BrokenPipeError, OSError):
            return False
        return True
