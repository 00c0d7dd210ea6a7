"""The computer player in its own process, so the window never waits for it.

One long-lived process, started with the *spawn* start method (the same on
every system, and the only one that works in a frozen app on macOS and
Windows), owns one :class:`~game.ai.engine.Engine` for the whole session, so
its transposition tables stay warm from move to move.  It imports only
``game.core`` and ``game.ai``: it starts fast and never opens a window (the
book it is given is a path and a reader, nothing of the window's).

The pipe between the game and the worker is one duplex
:class:`~multiprocessing.connection.Connection` that carries the typed
messages of :mod:`game.ai.protocol` (``Submit``, ``Cancel`` and ``Quit`` one
way, ``Answered``, ``Refused`` and ``BookMissing`` the other); the worker's log
records travel on a second, one-way pipe to the game's log file
(:mod:`game.ai.worker_log`).  The book is read when a request first needs it; if
it cannot be, the game hears so at once, before that request's slow search.

Inside the worker a reader thread takes every message off the pipe at once, so a
cancel reaches the running search within one stop check (about 10 ms), and an
end of file (the game process died, however it died) ends the worker at once:
no orphan is left computing.  The search runs on the worker's main thread.

On the game's side, :class:`ProcessTransport` starts, watches and stops the
process; :class:`AIWorker` is the :class:`~game.ai.client.WorkerClient` over it
(ids, stale replies, restarts: the same code the tests run in memory).
"""

from __future__ import annotations

import collections
import contextlib
import logging
import logging.handlers
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from game.ai import worker_log
from game.ai.bookshelf import BookFile
from game.ai.client import HANG_MARGIN, WorkerClient
from game.ai.protocol import (
    Answered,
    BookMissing,
    Cancel,
    FromWorker,
    Quit,
    Refused,
    Reply,
    Request,
    Result,
    Submit,
    ToWorker,
)
from game.ai.score import Score
from game.core.bitboard import Bitboard, Column

log = logging.getLogger(__name__)

JOIN_TIMEOUT = 1.0
"""Seconds :meth:`ProcessTransport.stop` waits for each step of the shutdown."""

Answerer = Callable[[Request, Callable[[], bool]], Result]
"""What answers a request: the engine's :meth:`~game.ai.engine.Engine.answer`, given a
function that says when to stop."""


def respond(answer: Answerer, asked: Submit, should_stop: Callable[[], bool]) -> Reply:
    """The reply to ``asked``: its result, or the engine's refusal (a ValueError, which
    :class:`~game.core.IllegalMoveError` is).  Any other exception is a crash and goes
    up: the worker process ends, and the game starts another."""
    try:
        return Answered(asked.request_id, answer(asked.request, should_stop))
    except ValueError as error:
        return Refused(asked.request_id, str(error))


# -- the worker process ------------------------------------------------------------


class _Inbox:
    """The requests the game sent and the ids it cancelled, filled by a reader thread
    that takes every message off the pipe at once (so a cancel reaches the running
    search), and ends the process when the game is gone."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._queue: collections.deque[Submit | Quit] = collections.deque()
        self.cancelled: set[int] = set()
        self._arrived = threading.Condition()
        threading.Thread(target=self._read, name="pipe-reader", daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                message: object = self._conn.recv()
            except (EOFError, OSError):
                os._exit(0)  # the game is gone: do not stay behind computing
            with self._arrived:
                match message:
                    case Submit() | Quit():
                        self._queue.append(message)
                    case Cancel(request_id=request_id):
                        self.cancelled.add(request_id)
                    case _:
                        log.error("the game sent a message the worker does not know: %r", message)
                self._arrived.notify()

    def next(self) -> Submit | None:
        """The next request that is not cancelled, waiting for one; None: quit."""
        with self._arrived:
            while True:
                while not self._queue:
                    self._arrived.wait()
                message = self._queue.popleft()
                if isinstance(message, Quit):
                    return None
                if message.request_id not in self.cancelled:
                    return message
                self.cancelled.discard(message.request_id)

    def drop(self, request_id: int) -> bool:
        """Whether the answer to ``request_id`` is no longer wanted (then forget it)."""
        if request_id in self.cancelled:
            self.cancelled.discard(request_id)
            return True
        return False


class _TellingBook:
    """The book the game gave, as the engine reads it; the first time it cannot be read
    (missing or damaged), ``tell`` hears why, once."""

    def __init__(self, book: BookFile, tell: Callable[[str], None]) -> None:
        self._book = book
        self._tell: Callable[[str], None] | None = tell

    def _check(self) -> None:
        if self._tell is not None and self._book.problem is not None:
            tell, self._tell = self._tell, None
            tell(self._book.problem)

    def score(self, current: Bitboard, mask: Bitboard) -> Score | None:
        found = self._book.score(current, mask)
        self._check()
        return found

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[Score, Column] | None:
        found = self._book.best_move(current, mask)
        self._check()
        return found


def _worker_main(
    conn: Connection, log_conn: Connection, log_level: int, book: BookFile | None
) -> None:
    """The worker process: answer requests until told to quit or orphaned.

    Its log records go down ``log_conn`` to the game's log (:mod:`game.ai.worker_log`);
    ``book`` is the opening book the game gave (read when first needed).
    """
    worker_log.log_to_pipe(log_conn, log_level)
    from game.ai.engine import Engine  # noqa: PLC0415 - the parent never needs the engine

    # Ctrl+C (and Ctrl+\, and the terminal closing) reach the whole process group: the
    # game handles them and closes this worker properly, so the worker itself ignores them.
    for name in ("SIGINT", "SIGQUIT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)

    def no_book(problem: str) -> None:
        with contextlib.suppress(OSError):  # the game is gone: the reader thread ends us
            conn.send(BookMissing(problem))

    engine = Engine(book=None if book is None else _TellingBook(book, no_book))
    inbox = _Inbox(conn)
    while (asked := inbox.next()) is not None:

        def should_stop(request_id: int = asked.request_id) -> bool:
            return request_id in inbox.cancelled

        try:
            reply = respond(engine.answer, asked, should_stop)
        except Exception:
            # Anything else ends this process (the game starts another); the log file,
            # which the game's notice points the player to, says why.
            log.exception("the search of %r failed", asked.request.moves)
            raise
        if inbox.drop(asked.request_id):
            continue
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return
    log.debug(
        "the worker ends; the game's modules it loaded: %s",
        " ".join(sorted(name for name in list(sys.modules) if name.startswith("game"))),
    )


# -- the game's side ---------------------------------------------------------------


class ProcessTransport:
    """The worker process and its pipes, as a :class:`~game.ai.client.Transport`.

    ``book`` is the opening book the worker's engine answers from (None: none; it is
    read in the worker, when first needed).
    """

    def __init__(self, book: BookFile | None = None) -> None:
        self._book = book
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._log: tuple[logging.handlers.QueueListener, Connection] | None = None

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def connection(self) -> Connection | None:
        """The game's end of the pipe (None: no process)."""
        return self._conn

    def open(self) -> None:
        """Start the process (spawning takes a few hundred ms; this does not wait)."""
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

    def send(self, message: ToWorker) -> bool:
        if self._conn is None:
            return False
        try:
            self._conn.send(message)
        except (BrokenPipeError, OSError):
            return False
        return True

    def receive(self) -> list[FromWorker]:
        messages: list[FromWorker] = []
        if self._conn is None:
            return messages
        try:
            while self._conn.poll():
                message = self._conn.recv()
                if isinstance(message, Answered | Refused | BookMissing):
                    messages.append(message)
                else:
                    log.error("the worker sent a message the game does not know: %r", message)
        except (EOFError, OSError):
            pass  # the process is gone: gone() says so
        return messages

    def gone(self) -> str | None:
        process = self._process
        if process is None:
            return "it was not started"
        if process.is_alive():
            return None
        return f"it exited with code {process.exitcode}"

    def stop(self, *, graceful: bool) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is None or conn is None:
            return
        if graceful:
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


class AIWorker(WorkerClient):
    """The game's handle on the worker process (:class:`~game.ai.client.WorkerClient`
    over a :class:`ProcessTransport`).  Every method returns at once."""

    def __init__(self, *, book: BookFile | None = None, hang_margin: float = HANG_MARGIN) -> None:
        self._pipe = ProcessTransport(book)
        super().__init__(self._pipe, hang_margin=hang_margin)

    @property
    def reply_connection(self) -> Connection | None:
        """The pipe the replies arrive on (None: no process), for a thread that only
        waits until it has something to read (:class:`game.ui.waiting.ReplyBell`): only
        :meth:`poll` reads it.  It changes when a process is replaced."""
        return self._pipe.connection
