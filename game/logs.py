"""The game's log file, and the guards a windowed (console-less) build needs.

A player double-clicking the game has no console: an error printed to stderr is
lost, and in a windowed PyInstaller build ``sys.stdout``/``sys.stderr`` are even
``None``, so a bare ``print()`` raises.  :func:`guard_std_streams` fixes the
latter; :func:`setup_logging` sends log records and uncaught exceptions to
``connect4.log`` in the user's log folder, where a bug report can find them.

Nothing happens at import time.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import threading
from pathlib import Path
from types import TracebackType

import platformdirs

LOG_ENV = "CONNECT4_LOG_DIR"
"""Environment variable naming the log folder (tests and the build's self-test set it)."""

LOG_FILE = "connect4.log"
MAX_BYTES = 1_000_000
"""Size at which the log rolls over to connect4.log.1 (a few thousand lines)."""
BACKUPS = 2

LOG_FORMAT = "%(asctime)s %(levelname)s %(processName)s %(name)s: %(message)s"

_log = logging.getLogger(__name__)


class _GameLogHandler(logging.FileHandler):
    """The file handler :func:`setup_logging` adds; its own class so that a second
    call can find it instead of adding another (every line would be written twice).

    It rolls over as :class:`logging.handlers.RotatingFileHandler` does (past
    ``max_bytes``, ``connect4.log`` becomes ``connect4.log.1``, that one ``.2``, up
    to ``backups``), without importing :mod:`logging.handlers` (sockets, pickle, a
    queue: about 15 ms of the window's start, before its first frame)."""

    def __init__(self, path: Path, *, max_bytes: int, backups: int) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes = max_bytes
        self.backups = backups

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._full(record):
                self._roll_over()
        except OSError:
            self.handleError(record)
            return
        super().emit(record)

    def _full(self, record: logging.LogRecord) -> bool:
        if self.stream is None or self.max_bytes <= 0:
            return False
        self.stream.seek(0, os.SEEK_END)
        return self.stream.tell() + len(self.format(record)) + 1 > self.max_bytes

    def _roll_over(self) -> None:
        if self.stream is not None:  # the file only: closing the handler would unlist it
            self.stream.close()
            self.stream = None
        path = Path(self.baseFilename)
        for number in range(self.backups - 1, 0, -1):
            older = path.with_name(f"{path.name}.{number}")
            if older.exists():
                older.replace(path.with_name(f"{path.name}.{number + 1}"))
        if self.backups > 0:
            path.replace(path.with_name(f"{path.name}.1"))
        else:
            path.unlink(missing_ok=True)
        self.stream = self._open()


def log_dir() -> Path:
    """``$CONNECT4_LOG_DIR`` if set, else the user's log folder for "connect4"."""
    override = os.environ.get(LOG_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_log_dir("connect4"))


def log_file() -> Path | None:
    """The file the game logs to now (None: :func:`setup_logging` has not run, or no
    folder could be written)."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, _GameLogHandler):
            return Path(handler.baseFilename)
    return None


def _fallback_dir() -> Path:
    return Path(tempfile.gettempdir()) / "connect4-logs"


def _open_handler(folder: Path) -> _GameLogHandler | None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = _GameLogHandler(folder / LOG_FILE, max_bytes=MAX_BYTES, backups=BACKUPS)
    except (OSError, ValueError):
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(logging.INFO)
    return handler


def setup_logging() -> Path:
    """Log to ``connect4.log`` (rotating) in :func:`log_dir`; return the file's path.

    Adds one file handler to the root logger (a repeated call with the same
    folder returns the same path and adds nothing; a call after the folder
    changed replaces the handler), lowers the root level to INFO if it was
    higher, and installs :func:`sys.excepthook` and :func:`threading.excepthook`
    hooks that log uncaught exceptions before the previous hooks run.

    Never raises: when the log folder cannot be written it falls back to
    ``<temp>/connect4-logs``; when that fails too no file is written and the
    return value is ``Path(os.devnull)``.
    """
    root = logging.getLogger()
    _install_exception_hooks()
    wanted = log_dir() / LOG_FILE
    for existing in list(root.handlers):
        if isinstance(existing, _GameLogHandler):
            if Path(existing.baseFilename) == wanted.absolute():
                return Path(existing.baseFilename)
            root.removeHandler(existing)
            existing.close()
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    for folder in (log_dir(), _fallback_dir()):
        handler = _open_handler(folder)
        if handler is not None:
            root.addHandler(handler)
            if folder != log_dir():
                _log.warning("cannot write the log folder %s; logging to %s", log_dir(), folder)
            return Path(handler.baseFilename)
    return Path(os.devnull)


def _log_uncaught(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    if issubclass(kind, KeyboardInterrupt):
        _log.info("interrupted (Ctrl+C)")
    else:
        _log.critical("uncaught exception", exc_info=(kind, error, trace))


def _install_exception_hooks() -> None:
    if not getattr(sys.excepthook, "_connect4", False):
        previous = sys.excepthook

        def excepthook(
            kind: type[BaseException], error: BaseException, trace: TracebackType | None
        ) -> None:
            _log_uncaught(kind, error, trace)
            previous(kind, error, trace)

        excepthook._connect4 = True  # type: ignore[attr-defined]
        sys.excepthook = excepthook

    if not getattr(threading.excepthook, "_connect4", False):
        previous_thread = threading.excepthook

        def thread_excepthook(args: threading.ExceptHookArgs) -> None:
            if args.exc_value is not None:
                _log.critical(
                    "uncaught exception in thread %s",
                    args.thread.name if args.thread is not None else "?",
                    exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
                )
            previous_thread(args)

        thread_excepthook._connect4 = True  # type: ignore[attr-defined]
        threading.excepthook = thread_excepthook


def guard_std_streams() -> None:
    """Replace a ``None`` ``sys.stdout``/``sys.stderr`` with a writer to os.devnull.

    A windowed build has no console, and ``print()`` to ``None`` raises; after
    this call it silently writes nowhere.  Streams that exist are left alone.
    """
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - see above
