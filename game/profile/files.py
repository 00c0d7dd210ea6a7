"""The careful file handling the settings and the game history share: writes that leave the
old file or the new one (never half of one), and an unusable file moved aside rather than
overwritten, so that it is reported once and kept for whoever wants to look at it.

Two windows share the files, each saving under a lock file beside them; a window never
waits long for the other's lock (:class:`Patience`), and when it cannot have it, what it
would have written goes to a *pending* file of its own (``settings.json.pending-*.json``)
that the next window to hold the lock merges in (:func:`pending_files`).  Reading opens
only a regular file (a FIFO in the file's place would block the start for ever); a lock
file no lock can be taken on (a folder, a link) is moved aside before it is taken.

No pygame, no work at import time.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import filelock

from game.i18n import N_, join_list, ngettext, number
from game.i18n import gettext as _
from game.profile.repairs import Repair, phrases

log = logging.getLogger(__name__)

MAX_NAMED = 6
"""A warning names at most this many repairs, then says how many more there were."""

LOCK_TIMEOUT = 10.0
"""Seconds a save waits for another window to finish saving before it gives up."""

HURRY_SECONDS = 0.5
"""Seconds a closing window waits for another window's lock (the lock of a window that
is stuck would otherwise hold the close up for :data:`LOCK_TIMEOUT` per save)."""

MAX_PENDING = 50
"""Pending files merged at a time (the rest at the next save)."""

STALE_TEMP_SECONDS = 60.0
"""A pending file's temp file older than this was left by a window that died writing it
(pending files are written without the lock, so a young one may be in use)."""


def file_lock(path: Path, timeout: float) -> filelock.BaseFileLock:
    """The lock file ``path`` every window takes around a read-merge-write, waiting at
    most ``timeout`` seconds (then :func:`lock_timeout` is raised).  filelock is imported
    here, at the first save, not before the window opens (it takes a tenth of the
    start-up's imports)."""
    import filelock  # noqa: PLC0415

    return filelock.FileLock(path, timeout=timeout)


def clear_for_lock(path: Path) -> None:
    """Move aside what stands at the lock file ``path`` if no lock can be taken on it (a
    folder; a link, which filelock never follows), so that the lock is taken on a new
    file rather than every save failing; a regular file, held or not, stays.  Never
    raises."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return  # none yet (or unreadable: taking the lock says why)
    if not stat.S_ISREG(mode):
        move_aside(path)


def lock_timeout() -> type[Exception]:
    """The error :func:`file_lock`'s lock raises when another window kept it too long
    (``except lock_timeout():``; only evaluated when an exception is on its way)."""
    import filelock  # noqa: PLC0415

    return filelock.Timeout


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``: to a temp file in the same folder, flushed and fsynced,
    then renamed over the old file (``os.replace``), so that a crash at any moment leaves
    the old file or the new one.  Creates the folder; raises OSError (no temp file is
    left behind)."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    descriptor, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    temp = Path(temp_name)
    try:
        with os.fdopen(descriptor, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    fsync_folder(folder)


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); best effort, never raises."""
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def bad_name(path: Path) -> Path:
    """A name no file has yet for an unusable ``path`` kept aside:
    ``<name>.bad-<timestamp>`` (and a number, when that is taken too)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    return candidate


def move_aside(path: Path) -> Path | None:
    """Rename the unusable file ``path`` out of the way; its new path, or None if it
    stayed (never raises)."""
    try:
        target = bad_name(path)
        os.rename(path, target)  # not replace: never overwrite an earlier copy
    except OSError as error:
        log.warning("cannot move %s aside: %s", path, error)
        return None
    log.warning("moved the unusable file %s to %s", path, target)
    return target


_REASONS: dict[int, str] = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENOSPC: N_("the disk is full"),
    getattr(errno, "EDQUOT", errno.ENOSPC): N_("the disk is full"),
    errno.ENOTDIR: N_("a file stands where its folder should be"),
    errno.EEXIST: N_("a file stands where its folder should be"),  # making the folder
    errno.EISDIR: N_("a folder stands where the file should be"),
    errno.EIO: N_("the disk could not be read or written"),
}
"""The system's errors a player meets with their files, in the player's words."""


def reason(error: OSError) -> str:
    """An OSError in words a player understands (the system's own, in English, for one
    not in :data:`_REASONS`)."""
    words = _REASONS.get(error.errno) if error.errno is not None else None
    if words is not None:
        return _(words)
    return error.strerror or type(error).__name__


def named(repairs: list[Repair]) -> str:
    """The repairs as a list in the language in use, the first :data:`MAX_NAMED` of them
    named."""
    if len(repairs) <= MAX_NAMED:
        return join_list(phrases(repairs))
    more = len(repairs) - MAX_NAMED
    return ngettext("{repairs} and {count} more", "{repairs} and {count} more", more).format(
        repairs=join_list(phrases(repairs[:MAX_NAMED])), count=number(more)
    )


class Damaged(Exception):
    """A file is unusable as a whole; the message says how, for the log."""


def read_regular(path: Path, max_bytes: int) -> bytes:
    """The bytes of the file at ``path``, at most ``max_bytes + 1`` of them (one more
    says it is too large).  Raises :class:`Damaged` at once for anything but a regular
    file (a FIFO, a folder, a device: open does not wait for a writer), OSError as
    open and read do (FileNotFoundError when there is none)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as fh:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise Damaged("not a regular file")
        return fh.read(max_bytes + 1)


def keep_copy(path: Path, raw: bytes) -> Path | None:
    """Write ``raw`` (what ``path`` held) to a new ``<name>.bad-<timestamp>`` beside it;
    its path, or None when it cannot be written (then no file is left behind, not even
    an empty one: a full disk would leave one at every start).  Never raises."""
    try:
        target = bad_name(path)
        fh = target.open("xb")
    except OSError as error:
        log.warning("cannot keep a copy of %s: %s", path, error)
        return None
    try:
        with fh:
            fh.write(raw)
    except OSError as error:
        log.warning("cannot keep a copy of %s: %s", path, error)
        target.unlink(missing_ok=True)
        return None
    return target


def json_object(raw: bytes, max_bytes: int) -> dict[str, Any]:
    """The top-level object of a JSON file's bytes; raises :class:`Damaged` if there is
    none (not UTF-8, not JSON, not an object, or larger than ``max_bytes``).  A byte
    order mark before it is read past: Notepad (Windows 10 before 1903) writes one."""
    if len(raw) > max_bytes:
        raise Damaged(f"larger than {max_bytes} bytes")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Damaged(str(error)) from None
    if not isinstance(data, dict):
        raise Damaged(f"the top level is a {type(data).__name__}, not an object")
    return data


# -- two windows: the lock, and what waits for it ------------------------------------------


class Patience:
    """How long a window waits for the lock another window holds: :data:`LOCK_TIMEOUT`
    while the game runs; once it closes (:meth:`hurry`) :data:`HURRY_SECONDS`, and not at
    all after a wait in a hurry was in vain.  One per window, shared by its stores; any
    thread may call it."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = LOCK_TIMEOUT if seconds is None else seconds
        self._hurry = threading.Event()
        self._gave_up = False

    def hurry(self) -> None:
        """The window is closing: wait a moment at most from now on."""
        self._hurry.set()

    @property
    def hurried(self) -> bool:
        return self._hurry.is_set()

    @contextmanager
    def holding(self, lock_path: Path) -> Iterator[None]:
        """Hold the lock file ``lock_path`` (its folder is created) for the block;
        raises :func:`lock_timeout` when the wait ran out."""
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        clear_for_lock(lock_path)
        lock = file_lock(lock_path, self.seconds)
        self._acquire(lock)
        try:
            yield
        finally:
            lock.release()

    def _acquire(self, lock: filelock.BaseFileLock) -> None:
        start = time.monotonic()
        deadline = start + self.seconds
        hurried_at: float | None = None
        while True:
            now = time.monotonic()
            if self._hurry.is_set():
                hurried_at = now if hurried_at is None else hurried_at
                deadline = now if self._gave_up else min(deadline, hurried_at + HURRY_SECONDS)
            try:
                lock.acquire(timeout=max(0.0, min(0.05, deadline - now)))
                return
            except lock_timeout():
                if time.monotonic() < deadline:
                    continue
                if hurried_at is not None:
                    self._gave_up = True
                raise


def pending_name(path: Path) -> Path:
    """A new name for a pending file of ``path`` (they sort in the order written)."""
    return path.with_name(f"{path.name}.pending-{time.time_ns():020d}-{os.urandom(4).hex()}.json")


def pending_files(path: Path) -> list[Path]:
    """The pending files of ``path``, oldest first, at most :data:`MAX_PENDING`."""
    try:
        found = sorted(path.parent.glob(f"{path.name}.pending-*.json"))
    except OSError:
        return []
    return found[:MAX_PENDING]


def temp_files(path: Path) -> list[Path]:
    """The temp files of saves of ``path`` (a save under way, or one that was killed)."""
    try:
        return list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return []


def needs_tidying(path: Path) -> bool:
    """Whether a window that starts must take ``path``'s lock: pending files to merge,
    or temp files to remove (else it starts without loading filelock)."""
    return bool(pending_files(path) or temp_files(path))


def remove_temp_files(path: Path) -> None:
    """Remove the temp files a window killed while writing ``path`` left behind.  Call it
    holding the file's lock (the saves of ``path`` write their temp files under it);
    those of pending files, written without it, go only when they are old.  Never
    raises."""
    pending = f".{path.name}.pending-"
    try:
        for temp in temp_files(path):
            if temp.name.startswith(pending):
                age = time.time() - temp.stat().st_mtime
                if age < STALE_TEMP_SECONDS:
                    continue
            temp.unlink(missing_ok=True)
            log.info("removed %s, left by a save that did not finish", temp.name)
    except OSError as error:
        log.warning("cannot tidy %s: %s", path.parent, error)


class Claim:
    """A lock file a window holds for as long as it wants what the lock stands for (the
    game in progress: :class:`game.ui.saver.Saver`), not around one save; it never waits.
    The operating system frees it when the window's process ends, however it ends.  Any
    thread may take or release it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock: filelock.BaseFileLock | None = None
        self._guard = threading.Lock()

    @property
    def held(self) -> bool:
        """Whether this window holds it."""
        return self._lock is not None

    def take(self) -> bool:
        """Hold it now if no other window does; whether this window holds it.  A folder
        that cannot hold a lock file counts as held (one window's guess beats none)."""
        import filelock  # noqa: PLC0415 - not before the window opens (see file_lock)

        with self._guard:
            if self._lock is not None:
                return True
            lock = filelock.FileLock(self.path, thread_local=False)
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                clear_for_lock(self.path)
                lock.acquire(timeout=0)
            except filelock.Timeout:
                return False
            except OSError as error:
                log.warning("cannot lock %s (taken as held): %s", self.path, error)
                return True
            self._lock = lock
            return True

    def elsewhere(self) -> bool:
        """Whether another window holds it (it is taken and given back to find out)."""
        if self.held:
            return False
        if not self.take():
            return True
        self.release()
        return False

    def release(self) -> None:
        """Give it back (nothing when this window does not hold it)."""
        with self._guard:
            if self._lock is not None:
                self._lock.release()
                self._lock = None
