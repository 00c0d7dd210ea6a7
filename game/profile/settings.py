"""The player's preferences, statistics and game in progress, kept in one JSON file.

The file is ``settings.json`` in :func:`config_dir`::

    {
      "version": 1,
      "settings": {"sound_on": true, "volume": 0.7, ..., "window_size": [960, 720]},
      "statistics": {"per_level": {"Medium": {"wins": 3, "losses": 1, "draws": 0,
                                              "streak": 0, "best_streak": 2}}},
      "game": {"mode": "vs-computer", "moves": "4453", ...}
    }

``statistics`` is :mod:`game.profile.statistics`, ``game`` (absent or null when no game is
in progress) :mod:`game.profile.saved_game`.  Files written before streaks and saved games
existed load as they are.

Values are checked where they cross the file: when they are loaded and when they
are saved.  :class:`Settings` also checks its fields when it is built; assigning a
field does not (a wrong type then surfaces at the next save, as a sentence).

Reading is forgiving, writing is careful:

* A field of the wrong type (or an unknown choice) gets its default; a number
  out of range is clamped; unknown keys are ignored.  If anything had to be
  replaced, the original file is copied aside first and then repaired, so the
  player is told once and nothing is lost.
* A file that is not JSON, not an object, truncated or unreadable gives the
  defaults; the file is moved aside as ``settings.json.bad-<timestamp>`` (so it
  is reported once and kept for whoever wants to look at it).
* Two windows may share the file.  A save takes a lock (``settings.json.lock``),
  reads the file again and adds this window's new games to the statistics there
  (:func:`game.profile.statistics.merge`), so neither window loses the other's records.
* Writes go to a temp file in the same folder, are flushed and fsynced, then
  renamed over the old file (``os.replace``): a crash at any moment leaves the
  old file or the new one, never half of one.

No pygame here; no work at import time.
"""

from __future__ import annotations

import enum
import errno
import json
import logging
import os
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from game.i18n import N_, join_list, ngettext
from game.i18n import gettext as _
from game.profile import files
from game.profile.fields import Invalid
from game.profile.preferences import RULES, Settings, settings_from
from game.profile.saved_game import SavedGame
from game.profile.statistics import Statistics, merge

if TYPE_CHECKING:
    from filelock import BaseFileLock

log = logging.getLogger(__name__)

CONFIG_ENV = "CONNECT4_CONFIG_DIR"
"""Environment variable naming the config folder (tests point it at a temp dir)."""

SETTINGS_FILE = "settings.json"
FILE_VERSION = 1

MAX_FILE_BYTES = 1_000_000
"""A settings file larger than this is damaged (the real one is under 2 kB);
refusing it keeps a runaway file from eating memory at start-up."""

LOCK_TIMEOUT = 10.0
"""Seconds a save waits for another window to finish saving before it gives up."""

MAX_NAMED = 6
"""A warning names at most this many repairs, then says how many more there were."""


def config_dir() -> Path:
    """``$CONNECT4_CONFIG_DIR`` if set, else the user's config folder for "connect4"."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("connect4"))


@dataclass(slots=True)
class LoadReport:
    """What :meth:`SettingsStore.load` found; ``warnings`` are sentences to show the
    player; ``game`` is the game in progress when the file keeps one."""

    settings: Settings
    stats: Statistics
    warnings: list[str] = field(default_factory=list)
    game: SavedGame | None = None


class Keep(enum.Enum):
    """:meth:`SettingsStore.save`'s ``game`` when the caller has nothing to say about it."""

    GAME = "keep the game in progress the file holds"


# -- reading and writing -----------------------------------------------------------------


_Damaged = files.Damaged
"""The whole file is unusable; the message says how, for the log."""


def _game_from(data: object, repairs: list[str]) -> SavedGame | None:
    """The game in progress from the file's "game" entry; a bad one is dropped, and
    ``repairs`` says so."""
    if data is None:
        return None
    try:
        return SavedGame.from_json(data)
    except ValueError as problem:
        log.warning("the saved game is not valid: %s", problem)
        repairs.append("the saved game (dropped)")
        return None


def _document(settings: Settings, stats: Statistics, game: SavedGame | None) -> dict[str, Any]:
    document = {
        "version": FILE_VERSION,
        "settings": {name: getattr(settings, name) for name in RULES},
        "statistics": stats.to_json(),
    }
    if game is not None:
        document["game"] = game.to_json()
    return document


def _reason(error: OSError) -> str:
    """An OSError in words a player understands."""
    if error.errno in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if error.errno == errno.EROFS:
        return _("the disk is read-only")
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("the disk is full")
    return error.strerror or type(error).__name__


def _is_read_only(path: Path) -> bool:
    """True when the file exists without write permission for its owner.

    Checked from the mode bits rather than os.access, so that a file the player
    made read-only is respected even by an administrator (os.replace would
    otherwise happily rename over it on POSIX).
    """
    try:
        return not path.stat().st_mode & stat.S_IWUSR
    except OSError:
        return False


class SettingsStore:
    """Loads and saves :class:`Settings`, :class:`Statistics` and the game in progress in
    one JSON file.

    ``path`` defaults to ``config_dir() / "settings.json"``; its folder is created
    when the first save happens.  No method raises for bad data or I/O errors.

    The store remembers the statistics its caller had at the last :meth:`load` or
    :meth:`save`, so that a save can tell which games are new (see
    :func:`game.profile.statistics.merge`): use one store per window.  Its methods may be
    called from different threads; they run one at a time.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / SETTINGS_FILE
        self.lock_path = self.path.with_name(f"{self.path.name}.lock")
        self._guard = threading.RLock()  # a repair inside load() saves
        self._known = Statistics()  # the caller's statistics as of the last load or save

    # -- load --

    def saved_language(self) -> str:
        """The language the file's settings choose ("system" when the file has none or
        cannot be read): the game speaks it before it loads the rest, so that the load's
        warnings are in it."""
        try:
            chosen = _parse(self._read())["settings"]["language"]
            return str(RULES["language"](chosen))
        except (OSError, _Damaged, KeyError, TypeError, Invalid):
            return "system"

    def load(self) -> LoadReport:
        """Read the file; defaults for whatever is missing or bad.  Never raises.

        No file: defaults, no warnings.  A damaged or unreadable file: defaults,
        the file moved aside, one warning.  Some bad fields (or a bad saved game):
        their defaults (no game), the original copied aside, the file rewritten
        repaired, one warning.
        """
        with self._guard:
            self._known = Statistics()
            try:
                return self._load()
            except Exception:  # a last resort: starting the game matters more
                log.exception("unexpected error loading %s", self.path)
                return LoadReport(
                    Settings(),
                    Statistics(),
                    [_("Your settings could not be read; defaults are in use.")],
                )

    def _load(self) -> LoadReport:
        try:
            raw = self._read()
        except FileNotFoundError:
            return LoadReport(Settings(), Statistics())
        except OSError as error:
            log.warning("cannot read %s: %s", self.path, error)
            return self._defaults_instead(_Warning.UNREADABLE, reason=_reason(error))
        try:
            data = _parse(raw)
        except _Damaged as damage:
            log.warning("settings file %s is damaged: %s", self.path, damage)
            return self._defaults_instead(_Warning.DAMAGED)

        repairs: list[str] = []
        settings = settings_from(data.get("settings"), repairs)
        stats = Statistics.from_json(data.get("statistics"), repairs)
        game = _game_from(data.get("game"), repairs)
        self._known = stats.copy()
        if not repairs:
            return LoadReport(settings, stats, game=game)
        log.warning("settings file %s repaired: %s", self.path, ", ".join(repairs))
        kept = self._repair(raw, settings, stats, game)
        warning = _Warning.REPAIRED.told(kept, repairs=_named(repairs))
        return LoadReport(settings, stats, [warning], game)

    def _defaults_instead(self, warning: _Warning, **values: object) -> LoadReport:
        """The defaults in place of a file that cannot be used, moved aside; ``warning``
        tells the player."""
        kept = self._move_aside()
        return LoadReport(Settings(), Statistics(), [warning.told(kept, **values)])

    def _read(self) -> bytes:
        with self.path.open("rb") as fh:
            return fh.read(MAX_FILE_BYTES + 1)

    def _move_aside(self) -> Path | None:
        """Rename the unusable file out of the way; its new path, or None if it stayed."""
        return files.move_aside(self.path)

    def _repair(
        self, raw: bytes, settings: Settings, stats: Statistics, game: SavedGame | None
    ) -> Path | None:
        """Copy the original aside, then rewrite the file with the repaired values.

        A read-only file is left as it is (the player chose that; the warning
        then repeats at every start).  Without a copy the file is not rewritten.
        """
        if _is_read_only(self.path):
            return None
        try:
            target = files.bad_name(self.path)
            with target.open("xb") as fh:
                fh.write(raw)
        except OSError as error:
            log.warning("cannot keep a copy of %s: %s", self.path, error)
            return None
        problem = self.save(settings, stats, game)
        if problem is not None:
            log.warning("cannot rewrite the repaired settings: %s", problem)
        return target

    # -- save --

    def save(
        self,
        settings: Settings,
        stats: Statistics,
        game: SavedGame | Keep | None = Keep.GAME,
    ) -> str | None:
        """Write all three atomically; None on success, else one sentence for the player.

        ``settings`` are checked (clamped, see :meth:`Settings.clamped`) first.  The
        statistics written are the file's own plus the games ``stats`` gained since
        the last load or save (:func:`game.profile.statistics.merge`); a file that is gone
        or unusable gets ``stats`` whole (an unusable one is kept aside first).
        ``game`` replaces the game in progress (None: there is none); by default
        the file's is kept.

        Creates the folder if needed (so a file or folder deleted while the game
        runs comes back).  Refuses a read-only file.  Never raises for I/O errors;
        on failure the old file is untouched and no temp file is left behind.
        """
        try:
            settings = settings.clamped()
        except ValueError as error:  # a caller assigned a field a wrong type
            log.error("cannot save the settings: %s", error)
            return _("Your settings could not be saved: {error}.").format(error=error)
        if _is_read_only(self.path):
            return _("Your settings could not be saved: {file} is read-only.").format(
                file=self.path
            )
        try:
            with self._guard, self._locked():
                found = self._on_disk()
                if found is None:
                    merged, kept = stats.copy(), None
                else:
                    merged, kept = merge(found.stats, self._known, stats), found.game
                document = _document(settings, merged, kept if game is Keep.GAME else game)
                text = json.dumps(document, indent=2, allow_nan=False) + "\n"
                self._write_atomically(text.encode("utf-8"))
                self._known = stats.copy()
        except (TypeError, ValueError) as error:  # a caller put a foreign object in stats
            log.error("cannot encode the settings: %s", error)
            return _("Your settings could not be saved: {error}.").format(error=error)
        except files.lock_timeout():
            log.warning("%s stayed locked for %.0f s", self.lock_path, LOCK_TIMEOUT)
            return _(
                "Your settings could not be saved: another Connect Four window kept the"
                " file busy. They are saved with your next change."
            )
        except OSError as error:
            log.warning("cannot save settings to %s: %s", self.path, error)
            return _(
                "Your settings could not be saved to {folder} ({reason}); they apply until"
                " you quit."
            ).format(folder=self.path.parent, reason=_reason(error))
        return None

    def statistics_with(self, stats: Statistics) -> Statistics:
        """Every window's games: the file's statistics plus what ``stats`` gained since
        the last load or save, as a save would write them (for a statistics screen).
        Writes nothing (saves replace the file whole, so reading needs no lock);
        ``stats`` itself when the file is gone or cannot be read."""
        with self._guard:
            found = self._on_disk()
        return stats.copy() if found is None else merge(found.stats, self._known, stats)

    def reset_statistics(self, level_name: str | None = None) -> str | None:
        """Forget the games at ``level_name`` (every level when None) in the file, whatever
        window counted them; None on success, else one sentence for the player.

        The caller resets its own copy too (:meth:`Statistics.reset`), after every
        save it started before has finished: an older save would count the games
        again.  Settings and the game in progress stay as the file has them.
        """
        try:
            with self._guard, self._locked():
                self._known.reset(level_name)
                found = self._on_disk()
                if found is None:
                    return None
                found.stats.reset(level_name)
                document = _document(found.settings, found.stats, found.game)
                self._write_atomically((json.dumps(document, indent=2) + "\n").encode("utf-8"))
        except files.lock_timeout():
            return _("Your statistics could not be reset: another window kept the file busy.")
        except OSError as error:
            log.warning("cannot reset the statistics in %s: %s", self.path, error)
            return _("Your statistics could not be reset ({reason}).").format(reason=_reason(error))
        return None

    def _locked(self) -> BaseFileLock:
        """The lock every window takes to read, merge and write the file (its folder is
        created first: the lock file lives beside the settings)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return files.file_lock(self.lock_path, LOCK_TIMEOUT)

    def _on_disk(self) -> LoadReport | None:
        """What the file holds now (its bad parts dropped: the load that found them said
        so); None when there is no usable file.  An unusable one is moved aside, so
        nothing is lost."""
        try:
            data = _parse(self._read())
        except FileNotFoundError:
            return None
        except (OSError, _Damaged) as error:
            log.warning("settings file %s became unusable: %s", self.path, error)
            self._move_aside()
            return None
        ignored: list[str] = []
        return LoadReport(
            settings_from(data.get("settings"), ignored),
            Statistics.from_json(data.get("statistics"), ignored),
            game=_game_from(data.get("game"), ignored),
        )

    def _write_atomically(self, data: bytes) -> None:
        files.write_atomically(self.path, data)


def _parse(raw: bytes) -> dict[str, Any]:
    """The file's top-level object; raises :class:`_Damaged` if there is none."""
    return files.json_object(raw, MAX_FILE_BYTES)


def _named(repairs: list[str]) -> str:
    """The repairs as a list, the first :data:`MAX_NAMED` of them named."""
    if len(repairs) <= MAX_NAMED:
        return join_list(repairs)
    more = len(repairs) - MAX_NAMED
    return ngettext("{repairs} and {count} more", "{repairs} and {count} more", more).format(
        repairs=join_list(repairs[:MAX_NAMED]), count=more
    )


class _Warning(enum.Enum):
    """What the player is told about the settings file: the sentence alone, and the one
    that names the copy of the file that was kept (as ``{file}``)."""

    UNREADABLE = (
        N_("Your settings file could not be read ({reason}); defaults are in use."),
        N_(
            "Your settings file could not be read ({reason}); defaults are in use. A copy"
            " of it was kept as {file}."
        ),
    )
    DAMAGED = (
        N_("Your settings file was damaged; defaults are in use."),
        N_("Your settings file was damaged; defaults are in use. A copy of it was kept as {file}."),
    )
    REPAIRED = (
        N_("Some saved settings were repaired: {repairs}."),
        N_("Some saved settings were repaired: {repairs}. The original file was kept as {file}."),
    )

    def told(self, kept: Path | None, **values: object) -> str:
        """The warning in the player's language, naming the copy when one was ``kept``."""
        alone, kept_as = self.value
        if kept is None:
            return _(alone).format(**values)
        return _(kept_as).format(file=kept.name, **values)
