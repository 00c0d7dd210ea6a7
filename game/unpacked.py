"""The folders Linux's one-file executable keeps unpacked, and their tidying.

The executable unpacks the game once into the player's cache folder, one folder per
build (``~/.cache/connect4/<version>-<hash>``), and starts it from there at every launch
(build_scripts/unpack_once.c).  It tells the game which folder it runs from
(:data:`ENV`) and touches that folder at each launch.  After an update the older
build's folder would stay there for good, so when the game closes :func:`tidy` removes the
folders beside its own that no launch has used for :data:`UNUSED` seconds, and the
leftovers of an unpacking that was killed halfway: only folders named as the launcher
names them, since another program could keep things in a folder called ``connect4``.
A build that is still played now and then (two versions side by side) keeps its
folder; one removed by mistake only costs its next launch the unpacking again.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Final

log = logging.getLogger(__name__)

ENV: Final = "CONNECT4_UNPACKED"
"""Set by the launcher to the folder the game runs from."""

KEPT_IN: Final = "connect4"
"""The name of the cache folder that holds the kept builds."""

UNUSED: Final = 30 * 24 * 3600.0
"""A kept build not launched for this long is removed (seconds)."""

BUILD: Final = re.compile(r"[A-Za-z0-9._+-]+-[0-9a-f]{12}")
"""A kept build's folder name: its version and 12 hex digits of its pack's hash."""

HALF_DONE: Final = re.compile(r"\.[A-Za-z0-9._+-]+-[0-9a-f]{12}\.(part|old)-[A-Za-z0-9]+")
"""The launcher's own folders on the way: an unpacking, or a damaged build set aside."""

LEFTOVER: Final = 24 * 3600.0
"""Half an unpacking (``.<name>.part-<pid>``, ``.<name>.old-<pid>``) older than this
was left by a launch that was killed or crashed (seconds)."""


def tidy(environ: Mapping[str, str] = os.environ, now: float | None = None) -> list[Path]:
    """Remove the kept builds beside this one that no launch used for :data:`UNUSED`
    seconds, and old leftovers; return what was removed.  Does nothing unless the game
    runs from a kept folder; never raises (what cannot be removed is logged)."""
    running = environ.get(ENV)
    if not running:
        return []
    ours = Path(running)
    base = ours.parent
    if base.name != KEPT_IN or not ours.is_dir():
        return []  # run from a temporary folder, which the launcher removes itself
    now = time.time() if now is None else now
    removed = []
    try:
        siblings = sorted(base.iterdir())
    except OSError as error:
        log.warning("cannot read %s to tidy older builds: %s", base, error)
        return []
    for sibling in siblings:
        leftover = HALF_DONE.fullmatch(sibling.name) is not None
        ours_to_tidy = leftover or BUILD.fullmatch(sibling.name) is not None
        if sibling == ours or not ours_to_tidy or sibling.is_symlink() or not sibling.is_dir():
            continue  # what the launcher did not make is never touched
        try:
            age = now - sibling.stat().st_mtime
        except OSError:
            continue
        limit = LEFTOVER if leftover else UNUSED
        if age <= limit:
            continue
        try:
            shutil.rmtree(sibling)
        except OSError as error:
            log.warning("cannot remove the unused build %s: %s", sibling, error)
            continue
        if leftover:
            log.info("removed %s, left by an unpacking that did not finish", sibling)
        else:
            days = age / 86400
            log.info("removed %s, a build of the game not launched for %.0f days", sibling, days)
        removed.append(sibling)
    return removed
