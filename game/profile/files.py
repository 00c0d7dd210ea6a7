"""The careful file handling the settings and the game history share: writes that leave the
old file or the new one (never half of one), and an unusable file moved aside rather than
overwritten, so that it is reported once and kept for whoever wants to look at it.

No pygame, no work at import time.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import filelock

log = logging.getLogger(__name__)


def file_lock(path: Path, timeout: float) -> filelock.BaseFileLock:
    """The lock file ``path`` every window takes around a read-merge-write, waiting at
    most ``timeout`` seconds (then :func:`lock_timeout` is raised).  filelock is imported
    here, at the first save, not before the window opens (it takes a tenth of the
    start-up's imports)."""
    import filelock  # noqa: PLC0415

    return filelock.FileLock(path, timeout=timeout)


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


class Damaged(Exception):
    """A file is unusable as a whole; the message says how, for the log."""


def json_object(raw: bytes, max_bytes: int) -> dict[str, Any]:
    """The top-level object of a JSON file's bytes; raises :class:`Damaged` if there is
    none (not UTF-8, not JSON, not an object, or larger than ``max_bytes``)."""
    if len(raw) > max_bytes:
        raise Damaged(f"larger than {max_bytes} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Damaged(str(error)) from None
    if not isinstance(data, dict):
        raise Damaged(f"the top level is a {type(data).__name__}, not an object")
    return data
