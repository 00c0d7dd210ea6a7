"""The player's preferences and statistics, kept in one JSON file.

The file is ``settings.json`` in :func:`config_dir`::

    {
      "version": 1,
      "settings": {"sound_on": true, "volume": 0.7, ..., "window_size": [960, 720]},
      "statistics": {"per_level": {"Medium": {"wins": 3, "losses": 1, "draws": 0}}}
    }

Reading is forgiving, writing is careful:

* A field of the wrong type (or an unknown choice) gets its default; a number
  out of range is clamped; unknown keys are ignored.  If anything had to be
  replaced, the original file is copied aside first and then repaired, so the
  player is told once and nothing is lost.
* A file that is not JSON, not an object, truncated or unreadable gives the
  defaults; the file is moved aside as ``settings.json.bad-<timestamp>`` (so it
  is reported once and kept for whoever wants to look at it).
* Writes go to a temp file in the same folder, are flushed and fsynced, then
  renamed over the old file (``os.replace``): a crash at any moment leaves the
  old file or the new one, never half of one.

No pygame here; no work at import time.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import logging
import math
import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import platformdirs

from game.ai.levels import DEFAULT_PERFECT_BUDGET, LEVELS, MAX_DEPTH, MIN_DEPTH

log = logging.getLogger(__name__)

CONFIG_ENV = "CONNECT4_CONFIG_DIR"
"""Environment variable naming the config folder (tests point it at a temp dir)."""

SETTINGS_FILE = "settings.json"
FILE_VERSION = 1

MAX_FILE_BYTES = 1_000_000
"""A settings file larger than this is damaged (the real one is under 2 kB);
refusing it keeps a runaway file from eating memory at start-up."""

MIN_WINDOW = (640, 480)
MAX_WINDOW = (16384, 16384)
"""SDL cannot make a window larger than this; a bigger size in the file is clamped."""

MAX_COUNT = 1_000_000_000
"""Upper bound of a win/loss/draw count read from the file."""

MAX_NAMED = 6
"""A warning names at most this many bad fields, then says how many more there were."""

THEMES = ("classic", "high-contrast", "blue-orange")
"""The themes' names (game.ui.themes.THEMES; the UI is not imported here)."""
STARTERS = ("you", "computer", "alternate", "random")
COLOURS = ("red", "yellow")
CUSTOM_LEVEL = "Custom"
LEVEL_NAMES = (*(level.name for level in LEVELS), CUSTOM_LEVEL)

Result = Literal["win", "loss", "draw"]


def config_dir() -> Path:
    """``$CONNECT4_CONFIG_DIR`` if set, else the user's config folder for "connect4"."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("connect4"))


# -- field rules -------------------------------------------------------------------


class _Invalid(Exception):
    """A value of the wrong type or an unknown choice (not merely out of range)."""


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise _Invalid("not true or false")
    return value


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Invalid("not a number")
    try:
        number = float(value)
    except OverflowError:  # an int beyond float range is simply huge
        number = math.inf if value > 0 else -math.inf
    if math.isnan(number):
        raise _Invalid("not a number")
    return number


def _float_in(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        return min(max(_number(value), low), high)

    return check


def _whole(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise _Invalid("not a whole number")


def _int_in(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        return min(max(_whole(value), low), high)

    return check


def _choice(options: tuple[str, ...]) -> Callable[[object], str]:
    """Accepts one of ``options``, ignoring case, and returns its canonical spelling."""

    def check(value: object) -> str:
        if isinstance(value, str):
            for option in options:
                if option.casefold() == value.strip().casefold():
                    return option
        raise _Invalid(f"not one of {', '.join(options)}")

    return check


def _window_size(value: object) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise _Invalid("not a pair of numbers")
    width, height = _whole(value[0]), _whole(value[1])
    return (
        min(max(width, MIN_WINDOW[0]), MAX_WINDOW[0]),
        min(max(height, MIN_WINDOW[1]), MAX_WINDOW[1]),
    )


_RULES: Mapping[str, Callable[[object], object]] = {
    "sound_on": _bool,
    "volume": _float_in(0.0, 1.0),
    "animation_speed": _float_in(0.25, 3.0),
    "theme": _choice(THEMES),
    "show_analysis": _bool,
    "fullscreen": _bool,
    "perfect_budget": _float_in(0.5, 30.0),
    "level": _choice(LEVEL_NAMES),
    "custom_depth": _int_in(MIN_DEPTH, MAX_DEPTH),
    "starter": _choice(STARTERS),
    "colour": _choice(COLOURS),
    "window_size": _window_size,
}


# -- the data ------------------------------------------------------------------------


@dataclass(slots=True)
class Settings:
    """The player's preferences.  Every field is always in range.

    Assigning a field (or constructing) clamps a number into its range and
    normalises a choice's spelling ("HIGH-CONTRAST" -> "high-contrast"); a value
    of the wrong type or an unknown choice raises ``ValueError`` (a programming
    error: the file loader handles bad values itself, see :class:`SettingsStore`).

    Ranges: volume 0..1, animation_speed 0.25..3, perfect_budget 0.5..30 s,
    custom_depth 1..42, window_size at least 640x480.  ``level`` is a name from
    :data:`game.ai.levels.LEVELS` or ``"Custom"`` (then ``custom_depth`` applies).
    ``colour`` is the human player's colour, whoever starts (``starter``).
    """

    sound_on: bool = True
    volume: float = 0.7
    animation_speed: float = 1.0
    theme: str = "classic"
    show_analysis: bool = False
    fullscreen: bool = False
    perfect_budget: float = DEFAULT_PERFECT_BUDGET
    level: str = "Medium"
    custom_depth: int = 5
    starter: str = "you"
    colour: str = "red"
    window_size: tuple[int, int] = (960, 720)

    if not TYPE_CHECKING:  # hidden from mypy, which then still checks field names and types

        def __setattr__(self, name: str, value: object) -> None:
            rule = _RULES.get(name)
            if rule is not None:
                try:
                    value = rule(value)
                except _Invalid as problem:
                    raise ValueError(f"setting {name} cannot be {value!r}: {problem}") from None
            object.__setattr__(self, name, value)

    def clamped(self) -> Settings:
        """A copy with every field in range (each field goes through its rule again)."""
        return Settings(**{name: getattr(self, name) for name in _RULES})


@dataclass(slots=True)
class Record:
    """Games against the computer at one level, from the player's side."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(slots=True)
class Statistics:
    """Win/loss/draw records keyed by level name (``Level.name``, e.g. "Hard" or "Custom 7")."""

    per_level: dict[str, Record] = field(default_factory=dict)

    def record(self, level_name: str, result: Result) -> None:
        """Count one finished game; ``result`` is "win", "loss" or "draw" (else ValueError)."""
        if result not in ("win", "loss", "draw"):
            raise ValueError(f"a game result is 'win', 'loss' or 'draw', not {result!r}")
        entry = self.per_level.setdefault(level_name, Record())
        if result == "win":
            entry.wins += 1
        elif result == "loss":
            entry.losses += 1
        else:
            entry.draws += 1


@dataclass(slots=True)
class LoadReport:
    """What :meth:`SettingsStore.load` found; ``warnings`` are sentences to show the player."""

    settings: Settings
    stats: Statistics
    warnings: list[str] = field(default_factory=list)


# -- reading and writing -----------------------------------------------------------------


class _Damaged(Exception):
    """The whole file is unusable; the message says how, for the log."""


def _settings_from(data: object, bad: list[str]) -> Settings:
    """Settings from the file's "settings" object; names of replaced fields go to ``bad``."""
    settings = Settings()
    if data is None:
        return settings
    if not isinstance(data, dict):
        bad.append("settings")
        return settings
    for name, rule in _RULES.items():
        if name in data:
            try:
                value = rule(data[name])
            except _Invalid:
                bad.append(name)
                continue
            setattr(settings, name, value)
    return settings


def _count(value: object) -> int:
    return min(max(_whole(value), 0), MAX_COUNT)


def _statistics_from(data: object, bad: list[str]) -> Statistics:
    """Statistics from the file's "statistics" object; a bad part is dropped and named."""
    stats = Statistics()
    if data is None:
        return stats
    per_level = data.get("per_level") if isinstance(data, dict) else None
    if not isinstance(per_level, dict):
        if not (isinstance(data, dict) and "per_level" not in data):
            bad.append("statistics")
        return stats
    for name, counts in per_level.items():
        if not isinstance(counts, dict):
            bad.append(f"statistics for {name[:30]}")
            continue
        try:
            record = Record(
                **{key: _count(counts.get(key, 0)) for key in ("wins", "losses", "draws")}
            )
        except _Invalid:
            bad.append(f"statistics for {name[:30]}")
            continue
        stats.per_level[name] = record
    return stats


def _document(settings: Settings, stats: Statistics) -> dict[str, Any]:
    settings = settings.clamped()
    return {
        "version": FILE_VERSION,
        "settings": {name: getattr(settings, name) for name in _RULES},
        "statistics": {
            "per_level": {name: dataclasses.asdict(r) for name, r in stats.per_level.items()}
        },
    }


def _reason(error: OSError) -> str:
    """An OSError in words a player understands."""
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if error.errno == errno.EROFS:
        return "the disk is read-only"
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full"
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
    """Loads and saves :class:`Settings` and :class:`Statistics` in one JSON file.

    ``path`` defaults to ``config_dir() / "settings.json"``; its folder is created
    when the first save happens.  Neither method raises for bad data or I/O errors.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / SETTINGS_FILE

    # -- load --

    def load(self) -> LoadReport:
        """Read the file; defaults for whatever is missing or bad.  Never raises.

        No file: defaults, no warnings.  A damaged or unreadable file: defaults,
        the file moved aside, one warning.  Some bad fields: their defaults, the
        original copied aside, the file rewritten repaired, one warning.
        """
        try:
            return self._load()
        except Exception:  # a last resort: starting the game matters more
            log.exception("unexpected error loading %s", self.path)
            return LoadReport(
                Settings(),
                Statistics(),
                ["Your settings could not be read; defaults are in use."],
            )

    def _load(self) -> LoadReport:
        try:
            raw = self._read()
        except FileNotFoundError:
            return LoadReport(Settings(), Statistics())
        except OSError as error:
            log.warning("cannot read %s: %s", self.path, error)
            kept = self._move_aside()
            return LoadReport(
                Settings(),
                Statistics(),
                [
                    f"Your settings file could not be read ({_reason(error)});"
                    " defaults are in use." + _kept_sentence(kept, "A copy of it")
                ],
            )
        try:
            data = _parse(raw)
        except _Damaged as damage:
            log.warning("settings file %s is damaged: %s", self.path, damage)
            kept = self._move_aside()
            return LoadReport(
                Settings(),
                Statistics(),
                [
                    "Your settings file was damaged; defaults are in use."
                    + _kept_sentence(kept, "A copy of it")
                ],
            )

        bad: list[str] = []
        settings = _settings_from(data.get("settings"), bad)
        stats = _statistics_from(data.get("statistics"), bad)
        if not bad:
            return LoadReport(settings, stats)
        log.warning("settings file %s: replaced invalid %s", self.path, ", ".join(bad))
        kept = self._repair(raw, settings, stats)
        shown = [name.replace("_", " ") for name in bad[:MAX_NAMED]]
        if len(bad) > MAX_NAMED:
            shown.append(f"and {len(bad) - MAX_NAMED} more")
        names = ", ".join(shown)
        return LoadReport(
            settings,
            stats,
            [
                f"Some saved settings were not valid ({names}); their defaults are in use."
                + _kept_sentence(kept, "The original file")
            ],
        )

    def _read(self) -> bytes:
        with self.path.open("rb") as fh:
            return fh.read(MAX_FILE_BYTES + 1)

    def _bad_name(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        candidate = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        number = 1
        while candidate.exists():
            number += 1
            candidate = self.path.with_name(f"{self.path.name}.bad-{stamp}-{number}")
        return candidate

    def _move_aside(self) -> Path | None:
        """Rename the unusable file out of the way; its new path, or None if it stayed."""
        try:
            target = self._bad_name()
            os.rename(self.path, target)  # not replace: never overwrite an earlier copy
        except OSError as error:
            log.warning("cannot move %s aside: %s", self.path, error)
            return None
        log.warning("moved the unusable settings file to %s", target)
        return target

    def _repair(self, raw: bytes, settings: Settings, stats: Statistics) -> Path | None:
        """Copy the original aside, then rewrite the file with the repaired values.

        A read-only file is left as it is (the player chose that; the warning
        then repeats at every start).  Without a copy the file is not rewritten.
        """
        if _is_read_only(self.path):
            return None
        try:
            target = self._bad_name()
            with target.open("xb") as fh:
                fh.write(raw)
        except OSError as error:
            log.warning("cannot keep a copy of %s: %s", self.path, error)
            return None
        problem = self.save(settings, stats)
        if problem is not None:
            log.warning("cannot rewrite the repaired settings: %s", problem)
        return target

    # -- save --

    def save(self, settings: Settings, stats: Statistics) -> str | None:
        """Write both atomically; None on success, else one sentence for the player.

        Creates the folder if needed (so a file or folder deleted while the game
        runs comes back).  Refuses a read-only file.  Never raises for I/O errors;
        on failure the old file is untouched and no temp file is left behind.
        """
        try:
            text = json.dumps(_document(settings, stats), indent=2, allow_nan=False) + "\n"
        except (TypeError, ValueError) as error:  # a caller put a foreign object in stats
            log.error("cannot encode the settings: %s", error)
            return f"Your settings could not be saved: {error}."
        if _is_read_only(self.path):
            return f"Your settings could not be saved: {self.path} is read-only."
        try:
            self._write_atomically(text.encode("utf-8"))
        except OSError as error:
            log.warning("cannot save settings to %s: %s", self.path, error)
            return (
                f"Your settings could not be saved to {self.path.parent}"
                f" ({_reason(error)}); they apply until you quit."
            )
        return None

    def _write_atomically(self, data: bytes) -> None:
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        descriptor, temp_name = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".tmp", dir=folder
        )
        temp = Path(temp_name)
        try:
            with os.fdopen(descriptor, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(temp, self.path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
        _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); best effort, never raises."""
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


def _parse(raw: bytes) -> dict[str, Any]:
    """The file's top-level object; raises :class:`_Damaged` if there is none."""
    if len(raw) > MAX_FILE_BYTES:
        raise _Damaged(f"larger than {MAX_FILE_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise _Damaged(str(error)) from None
    if not isinstance(data, dict):
        raise _Damaged(f"the top level is a {type(data).__name__}, not an object")
    return data


def _kept_sentence(kept: Path | None, what: str) -> str:
    """ " <what> was kept as settings.json.bad-...", or nothing when no copy exists."""
    if kept is None:
        return ""
    return f" {what} was kept as {kept.name}."
