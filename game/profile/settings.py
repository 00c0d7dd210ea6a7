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
  reads the file again, adds this window's new games to the statistics there
  (:func:`game.profile.statistics.merge`) and sets only the settings this window
  changed since its last load or save, so neither window loses the other's records
  or choices (a theme chosen in one window is not put back when the other closes).
* Writes go to a temp file in the same folder, are flushed and fsynced, then
  renamed over the old file (``os.replace``): a crash at any moment leaves the
  old file or the new one, never half of one.

No pygame here; no work at import time.
"""

from __future__ import annotations

import contextlib
import enum
import json
import logging
import os
import stat
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import platformdirs

from game.i18n import N_
from game.i18n import gettext as _
from game.profile import files
from game.profile.fields import Invalid
from game.profile.preferences import RULES, Settings, settings_from
from game.profile.repairs import Kind, Repair, logged
from game.profile.saved_game import SavedGame
from game.profile.statistics import Statistics, merge

log = logging.getLogger(__name__)

CONFIG_ENV = "CONNECT4_CONFIG_DIR"
"""Environment variable naming the config folder (tests point it at a temp dir)."""

SETTINGS_FILE = "settings.json"
FILE_VERSION = 1

MAX_FILE_BYTES = 1_000_000
"""A settings file larger than this is damaged (the real one is under 2 kB);
refusing it keeps a runaway file from eating memory at start-up."""


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


def _game_from(data: object, repairs: list[Repair]) -> SavedGame | None:
    """The game in progress from the file's "game" entry; a bad one is dropped, and
    ``repairs`` says so."""
    if data is None:
        return None
    try:
        return SavedGame.from_json(data, repairs)
    except ValueError as problem:
        log.warning("the saved game is not valid: %s", problem)
        repairs.append(Repair(Kind.SAVED_GAME_DROPPED))
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
    ``patience`` says how long to wait for another window's lock (one per window).

    The store remembers the statistics and the settings its caller had at the last
    :meth:`load` or :meth:`save`, so that a save can tell which games are new (see
    :func:`game.profile.statistics.merge`) and which settings the caller changed: use
    one store per window.  Its methods may be called from different threads; they run
    one at a time.
    """

    def __init__(self, path: Path | None = None, patience: files.Patience | None = None) -> None:
        self.path = path if path is not None else config_dir() / SETTINGS_FILE
        self.lock_path = self.path.with_name(f"{self.path.name}.lock")
        self.patience = patience if patience is not None else files.Patience()
        self._guard = threading.RLock()
        self._known = Statistics()  # the caller's statistics as of the last load or save
        self._chosen: Settings | None = None
        """The caller's settings as of the last load or save (None: none yet): a save
        writes only what the caller changed since, over what other windows wrote."""

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
        repaired, one warning.  A file of a newer version: what this one knows, the
        original copied aside, one warning.  Holding the lock for a moment (not when
        another window keeps it), the pending files of windows that could not save
        are merged in and the temp files of a save that was killed removed.  A file
        with none of this to do is read without the lock (filelock loads at the first
        save, not before the window opens).
        """
        with self._guard:
            report = self._load_any()
            self._chosen = replace(report.settings)  # a copy: the caller changes its own
            return report

    def _load_any(self) -> LoadReport:
        """:meth:`load`'s work (under its guard), whichever way the file can be read."""
        self._known = Statistics()
        try:
            # No folder: nothing to read, and nothing is created.
            if not (self.path.parent.is_dir() and files.needs_tidying(self.path)):
                with contextlib.suppress(_WantsTheLock):
                    return self._load(locked=False, quick=True)
            try:
                # A moment only: a window stuck holding the lock must not stop the start.
                with files.Patience(files.HURRY_SECONDS).holding(self.lock_path):
                    files.remove_temp_files(self.path)
                    return self._load(locked=True)
            except (files.lock_timeout(), OSError) as error:  # busy, or a read-only folder
                log.warning("the settings are read without their lock: %r", error)
                return self._load(locked=False)
        except Exception:  # a last resort: starting the game matters more
            log.exception("unexpected error loading %s", self.path)
            return LoadReport(
                Settings(),
                Statistics(),
                [_("Your settings could not be read; defaults are in use.")],
            )

    def _load(self, *, locked: bool, quick: bool = False) -> LoadReport:
        """The file's contents; ``locked``: holding the lock, so the repairs and the
        pending files can be written; ``quick``: raise :class:`_WantsTheLock`, having
        done nothing, when the file needs a repair."""
        raw: bytes | None = None
        try:
            raw = self._read()
            data = _parse(raw)
        except FileNotFoundError:
            data = {}
        except OSError as error:
            log.warning("cannot read %s: %s", self.path, error)
            return self._defaults_instead(_Warning.UNREADABLE, reason=files.reason(error))
        except _Damaged as damage:
            log.warning("settings file %s is damaged: %s", self.path, damage)
            return self._defaults_instead(_Warning.DAMAGED)
        repairs: list[Repair] = []
        report, newer = _report(data, repairs), _is_newer(data)
        if quick and (repairs or newer) and self.path.parent.is_dir():
            raise _WantsTheLock
        kept = None
        if raw is not None and (repairs or newer) and not _is_read_only(self.path):
            kept = files.keep_copy(self.path, raw)  # without a copy, no rewrite
        if repairs:
            log.warning("settings file %s repaired: %s", self.path, logged(repairs))
        if newer:  # what looks damaged may be the newer version's: one warning says all
            log.warning("settings file %s is from a newer version", self.path)
            report.warnings.append(_Warning.NEWER.told(kept))
        elif repairs:
            report.warnings.append(_Warning.REPAIRED.told(kept, repairs=files.named(repairs)))
        if locked and not _is_read_only(self.path):
            applied = self._with_pending(report)
            if applied or ((repairs or newer) and kept is not None):
                try:
                    self._write(report.settings, report.stats, report.game)
                    _remove(applied)
                except (OSError, TypeError, ValueError) as error:
                    log.warning("cannot rewrite the settings: %s", error)
        self._known = report.stats.copy()
        return report

    def _defaults_instead(self, warning: _Warning, **values: object) -> LoadReport:
        """The defaults in place of a file that cannot be used, moved aside; ``warning``
        tells the player."""
        kept = self._move_aside()
        return LoadReport(Settings(), Statistics(), [warning.told(kept, **values)])

    def _read(self) -> bytes:
        return files.read_regular(self.path, MAX_FILE_BYTES)

    def _move_aside(self) -> Path | None:
        """Rename the unusable file out of the way; its new path, or None if it stayed."""
        return files.move_aside(self.path)

    # -- save --

    def save(
        self,
        settings: Settings,
        stats: Statistics,
        game: SavedGame | Keep | None = Keep.GAME,
    ) -> str | None:
        """Write all three atomically; None on success, else one sentence for the player.

        ``settings`` are checked (clamped, see :meth:`Settings.clamped`) first.  The
        settings written are the file's own with those ``settings`` changed since the
        last load or save set to theirs; the statistics, the file's own plus the games
        ``stats`` gained since (:func:`game.profile.statistics.merge`); a file that is
        gone or unusable gets both whole (an unusable one is kept aside first).
        ``game`` replaces the game in progress (None: there is none); by default
        the file's is kept.  Other windows' pending files are merged in first.

        When another window keeps the lock past :attr:`patience`, all this goes to a
        pending file instead, which the next save or load (of any window) merges in:
        nothing is lost and nothing needs saying.

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
            with self._guard, self.patience.holding(self.lock_path):
                found = self._on_disk()
                whole = found.settings is None  # no usable file: this window's statistics
                if whole:
                    found.stats = stats.copy()
                applied = self._with_pending(found)
                merged = found.stats if whole else merge(found.stats, self._known, stats)
                chosen = _changes(found.settings, self._chosen, settings)
                self._write(chosen, merged, found.game if game is Keep.GAME else game)
                _remove(applied)
                self._known = stats.copy()
                self._chosen = settings
        except (TypeError, ValueError) as error:  # a caller put a foreign object in stats
            log.error("cannot encode the settings: %s", error)
            return _("Your settings could not be saved: {error}.").format(error=error)
        except files.lock_timeout():
            return self._set_aside(settings, stats, game)
        except OSError as error:
            log.warning("cannot save settings to %s: %s", self.path, error)
            return _(
                "Your settings and statistics could not be saved to {folder} ({reason}):"
                " the next save tries again, and what is still unsaved when you quit is lost."
            ).format(folder=self.path.parent, reason=files.reason(error))
        return None

    def _set_aside(
        self, settings: Settings, stats: Statistics, game: SavedGame | Keep | None
    ) -> str | None:
        """What :meth:`save` could not write for want of the lock, into a pending file."""
        log.warning("%s stayed locked: the save waits in a pending file", self.lock_path)
        document: dict[str, Any] = {
            "version": FILE_VERSION,
            "settings": _fields(settings),
            "chosen": None if self._chosen is None else _fields(self._chosen),
            "before": self._known.to_json(),
            "now": stats.to_json(),
        }
        if game is not Keep.GAME:
            document["game"] = None if game is None else game.to_json()
        try:
            text = json.dumps(document, allow_nan=False) + "\n"
            files.write_atomically(files.pending_name(self.path), text.encode("utf-8"))
        except (OSError, TypeError, ValueError) as error:
            log.warning("cannot write the pending settings: %s", error)
            return _(
                "Your settings could not be saved: another Connect Four window kept the"
                " file busy. They are saved with your next change."
            )
        self._known = stats.copy()
        self._chosen = settings
        return None

    def game_on_disk(self) -> SavedGame | None:
        """The game in progress the file holds now (another window may have played on,
        finished it or kept another); writes nothing and does not wait for a save under
        way (a save replaces the file whole)."""
        return self._on_disk().game

    def statistics_with(self, stats: Statistics) -> Statistics:
        """Every window's games: the file's statistics plus what ``stats`` gained since
        the last load or save, as a save would write them (for a statistics screen).
        Writes nothing (saves replace the file whole, so reading needs no lock);
        ``stats`` itself when the file is gone or cannot be read."""
        with self._guard:
            found = self._on_disk()
        return stats.copy() if found.settings is None else merge(found.stats, self._known, stats)

    def reset_statistics(self, level_name: str | None = None) -> str | None:
        """Forget the games at ``level_name`` (every level when None) in the file, whatever
        window counted them; None on success, else one sentence for the player.

        The caller resets its own copy too (:meth:`Statistics.reset`), after every
        save it started before has finished: an older save would count the games
        again.  Settings and the game in progress stay as the file has them.
        """
        try:
            with self._guard, self.patience.holding(self.lock_path):
                self._known.reset(level_name)
                found = self._on_disk()
                applied = self._with_pending(found)
                if found.settings is None and not applied:
                    return None
                found.stats.reset(level_name)
                self._write(found.settings or Settings(), found.stats, found.game)
                _remove(applied)
        except files.lock_timeout():
            return _("Your statistics could not be reset: another window kept the file busy.")
        except OSError as error:
            log.warning("cannot reset the statistics in %s: %s", self.path, error)
            return _("Your statistics could not be reset ({reason}).").format(
                reason=files.reason(error)
            )
        return None

    def _on_disk(self) -> _Found:
        """What the file holds now (its bad parts dropped: the load that found them said
        so); its settings are None when there is no usable file.  An unusable one is
        moved aside, so nothing is lost."""
        try:
            data = _parse(self._read())
        except FileNotFoundError:
            return _Found(None, Statistics())
        except (OSError, _Damaged) as error:
            log.warning("settings file %s became unusable: %s", self.path, error)
            self._move_aside()
            return _Found(None, Statistics())
        report = _report(data, [])
        return _Found(report.settings, report.stats, report.game)

    def _with_pending(self, found: _Found | LoadReport) -> list[Path]:
        """Holding the lock: merge the pending files into ``found``, in the order they were
        written (each one's changed settings and its game replace those before; its games
        are added as a save would have added them); the files merged, to remove once
        written.  A damaged one is moved aside."""
        applied = []
        for path in files.pending_files(self.path):
            try:
                data = _parse(files.read_regular(path, MAX_FILE_BYTES))
            except FileNotFoundError:  # another window merged it just now
                continue
            except (OSError, _Damaged) as error:
                log.warning("the pending settings %s are unusable: %s", path, error)
                files.move_aside(path)
                continue
            ignored: list[Repair] = []
            now = settings_from(data.get("settings"), ignored)
            chosen = data.get("chosen")  # absent in an older version's: its settings whole
            before = None if chosen is None else settings_from(chosen, ignored)
            found.settings = _changes(found.settings, before, now)
            found.stats = merge(
                found.stats,
                Statistics.from_json(data.get("before"), ignored),
                Statistics.from_json(data.get("now"), ignored),
            )
            if "game" in data:
                found.game = _game_from(data["game"], ignored)
            applied.append(path)
        if applied:
            log.info("merged %d pending saves into %s", len(applied), self.path)
        return applied

    def _write(self, settings: Settings, stats: Statistics, game: SavedGame | None) -> None:
        """Replace the file (holding the lock); raises OSError, or ValueError or TypeError
        for what JSON cannot hold."""
        document = _document(settings, stats, game)
        text = json.dumps(document, indent=2, allow_nan=False) + "\n"
        files.write_atomically(self.path, text.encode("utf-8"))


class _WantsTheLock(Exception):
    """A quick load found a file to repair: the lock is wanted for it."""


@dataclass(slots=True)
class _Found:
    """What the file holds under the lock: its settings (None: no usable file), the
    statistics and the game in progress."""

    settings: Settings | None
    stats: Statistics
    game: SavedGame | None = None


def _fields(settings: Settings) -> dict[str, Any]:
    return {name: getattr(settings, name) for name in RULES}


def _changes(found: Settings | None, before: Settings | None, now: Settings) -> Settings:
    """What a save writes: the file's settings (``found``, another window's perhaps) with
    the ones this window changed since ``before`` (its last load or save) set to ``now``'s;
    ``now`` whole when there is no file or nothing to compare with.  So a window that
    closes after another does not put back what the other changed (a theme, a level)."""
    if found is None or before is None:
        return now
    changed = {
        name: getattr(now, name) for name in RULES if getattr(now, name) != getattr(before, name)
    }
    return replace(found, **changed)


def _report(data: dict[str, Any], repairs: list[Repair]) -> LoadReport:
    """The file's parts; ``repairs`` names what had to be dropped or clamped."""
    return LoadReport(
        settings_from(data.get("settings"), repairs),
        Statistics.from_json(data.get("statistics"), repairs),
        game=_game_from(data.get("game"), repairs),
    )


def _is_newer(data: dict[str, Any]) -> bool:
    """Whether a newer version of the game wrote the file (it may hold what this one
    does not know)."""
    version = data.get("version")
    return isinstance(version, int) and not isinstance(version, bool) and version > FILE_VERSION


def _remove(paths: list[Path]) -> None:
    """Remove the pending files just merged (and written)."""
    for path in paths:
        try:
            path.unlink(missing_ok=True)
        except OSError as error:  # merged again later: the counts would double
            log.error("cannot remove the merged pending file %s: %s", path, error)


def _parse(raw: bytes) -> dict[str, Any]:
    """The file's top-level object; raises :class:`_Damaged` if there is none."""
    return files.json_object(raw, MAX_FILE_BYTES)


class _Warning(enum.Enum):
    """What the player is told about the settings file: the sentence alone, and the one
    that names the copy of the file that was kept (as ``{file}``)."""

    # The file holds the statistics, the rating and the puzzles solved too: the player is
    # told they start afresh (the copy kept has them), not only the settings.
    UNREADABLE = (
        N_(
            "Your settings file could not be read ({reason}): your settings, statistics,"
            " rating and puzzle progress start afresh."
        ),
        N_(
            "Your settings file could not be read ({reason}): your settings, statistics,"
            " rating and puzzle progress start afresh. A copy of it was kept as {file}."
        ),
    )
    DAMAGED = (
        N_(
            "Your settings file was damaged: your settings, statistics, rating and puzzle"
            " progress start afresh."
        ),
        N_(
            "Your settings file was damaged: your settings, statistics, rating and puzzle"
            " progress start afresh. A copy of it was kept as {file}."
        ),
    )
    REPAIRED = (
        N_("Some saved settings were repaired: {repairs}."),
        N_("Some saved settings were repaired: {repairs}. The original file was kept as {file}."),
    )
    NEWER = (
        N_(
            "Your settings file is from a newer version of Connect Four; what this version"
            " does not know is left out."
        ),
        N_(
            "Your settings file is from a newer version of Connect Four; what this version"
            " does not know is left out. A copy of it was kept as {file}."
        ),
    )

    def told(self, kept: Path | None, **values: object) -> str:
        """The warning in the player's language, naming the copy when one was ``kept``."""
        alone, kept_as = self.value
        if kept is None:
            return _(alone).format(**values)
        return _(kept_as).format(file=kept.name, **values)
