"""The worker process's log records, carried to the game's log file.

A spawned process starts with no logging set up, so without this whatever the
worker logs (a search that crashed it, say) would be lost, while the game's
notice tells the player to look in the log file.  The standard
:class:`~logging.handlers.QueueHandler` and
:class:`~logging.handlers.QueueListener` do the work; the "queue" between them
is one end of a one-way pipe per worker process (:class:`PipeQueue`):

* in the worker, :func:`log_to_pipe` makes a ``QueueHandler`` the root logger's
  only handler; it sends each record, already formatted, down the pipe;
* in the game, :func:`listen` runs a ``QueueListener`` thread that reads the
  records and hands each to the game's logger of the same name, so they go
  wherever the game's own records go (its log file), tagged with the worker's
  process name.

Why not a :class:`multiprocessing.Queue`: the game kills a hung worker, and a
process killed while writing to such a queue can leave its lock held, after
which the listener's stop would wait forever.  A pipe has one writer, no lock,
and tells the reader when the writer is gone (end of file), dead or alive.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
from multiprocessing.connection import Connection

POLL_SECONDS = 0.1
"""How often a waiting listener checks whether it was told to stop."""


class PipeQueue:
    """The queue interface the logging handlers use, over one end of a pipe.

    The worker's end only sends (:meth:`put_nowait`); the game's end only
    receives (:meth:`get`), and returns the listener's sentinel (None) at end of
    file, or when the listener is stopping and nothing more is waiting.
    """

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._stopping = False

    def put_nowait(self, record: logging.LogRecord | None) -> None:
        if record is None:  # the listener's sentinel: its stop() was called
            self._stopping = True
            return
        with contextlib.suppress(OSError, ValueError):  # the game is gone: drop it
            self.conn.send(record)

    def get(self, block: bool = True) -> logging.LogRecord | None:
        while True:
            try:
                if self.conn.poll(POLL_SECONDS if block else 0):
                    record: logging.LogRecord = self.conn.recv()
                    return record
            except (EOFError, OSError):
                return None
            if self._stopping or not block:
                return None


class _ToGameLoggers(logging.Handler):
    """Hands a worker's record to the game's logger of the same name."""

    def emit(self, record: logging.LogRecord) -> None:
        logging.getLogger(record.name).handle(record)


def log_to_pipe(conn: Connection, level: int) -> None:
    """In the worker: send every record of ``level`` and above down ``conn``."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(logging.handlers.QueueHandler(PipeQueue(conn)))
    root.setLevel(level)


def listen(conn: Connection) -> logging.handlers.QueueListener:
    """In the game: start a thread that logs the records arriving on ``conn``.

    It ends by itself at end of file (the worker exited); ``stop()`` also ends it
    within :data:`POLL_SECONDS` once nothing more is waiting.
    """
    listener = logging.handlers.QueueListener(PipeQueue(conn), _ToGameLoggers())
    listener.start()
    return listener


__all__ = ["PipeQueue", "listen", "log_to_pipe"]
