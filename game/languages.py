"""Which language the system asks for, with nothing but the standard library's ``os``,
``re`` and ``sys``: :func:`system_language` and the names it needs.

:mod:`game.i18n` speaks the language (its catalogues, numbers and lists) and offers all of
this under its own name.  It lives apart so that the start's picture
(:mod:`game.start_picture`) can tell which language a first start will speak before
anything else of the game loads.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

ENGLISH = "en"

LANGUAGES: Mapping[str, str] = MappingProxyType(
    {
        "en": "English",
        "de": "Deutsch",
        "es": "Español",
        "fr": "Français",
        "pl": "Polski",
        "pt_BR": "Português (Brasil)",
        "uk": "Українська",
        "zh_CN": "简体中文",
    }
)
"""Every language the game speaks, by code, each named in its own words (as the
settings offer them: a player who cannot read the current language finds their own)."""

ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "pt": "pt_BR",
        "zh": "zh_CN",
        "zh_hans": "zh_CN",
        "zh_sg": "zh_CN",
        "zh_my": "zh_CN",
    }
)
"""Locale names (lower case, before the region is dropped) that mean one of
:data:`LANGUAGES`: Portuguese of any region reads Brazilian best of what there is;
Simplified Chinese by its script or region.  Traditional Chinese (zh_TW, zh_Hant)
is not Simplified: it falls through to the next language, or English."""

_IGNORED_LOCALES = frozenset({"c", "posix"})

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables the system's language is read from, in GNU gettext's order
(:func:`system_languages`: ``LANG`` last, after the platform's own setting)."""


def normalise(name: str) -> str | None:
    """The code of :data:`LANGUAGES` that the locale or code ``name`` means ("de_AT.UTF-8"
    -> "de", "pt-PT" -> "pt_BR", "zh-Hans-CN" -> "zh_CN"), or None (not one of ours, or
    "C")."""
    base = re.split(r"[.@]", name.strip(), maxsplit=1)[0].replace("-", "_")
    if not base or base.lower() in _IGNORED_LOCALES:
        return None
    exact = {code.lower(): code for code in LANGUAGES}
    lowered = base.lower()
    parts = lowered.split("_")
    candidates = ["_".join(parts[:2])]
    if parts[0] != "zh" or len(parts) == 1:  # zh_TW, zh_Hant: not Simplified
        candidates.append(parts[0])
    for candidate in candidates:
        if candidate in exact:
            return exact[candidate]
        if candidate in ALIASES:
            return ALIASES[candidate]
    return None


class SystemProbe:
    """Where the system's language is found; each part can be faked in tests.

    ``environ`` holds the locale variables; ``platform`` is :data:`sys.platform`;
    ``windows_ui`` returns the user's UI language as a Windows LANGID, ``mac_languages``
    the user's preferred languages on macOS (``AppleLanguages``), each None or empty
    when it cannot tell.  (A plain class: a dataclass would load :mod:`dataclasses`, 10 ms,
    before the start's picture.)"""

    __slots__ = ("environ", "mac_languages", "platform", "windows_ui")

    def __init__(
        self,
        environ: Mapping[str, str],
        platform: str,
        windows_ui: Callable[[], int | None],
        mac_languages: Callable[[], Sequence[str]],
    ) -> None:
        self.environ = environ
        self.platform = platform
        self.windows_ui = windows_ui
        self.mac_languages = mac_languages

    @classmethod
    def real(cls) -> SystemProbe:
        return cls(os.environ, sys.platform, windows_ui_language, mac_preferred_languages)


def windows_ui_language() -> int | None:
    """The user's UI language as a Windows LANGID (``GetUserDefaultUILanguage``)."""
    try:
        import ctypes  # noqa: PLC0415 - Windows only

        windll = ctypes.windll  # type: ignore[attr-defined,unused-ignore]
        return int(windll.kernel32.GetUserDefaultUILanguage())
    except (AttributeError, OSError, ValueError):
        return None


def mac_preferred_languages() -> list[str]:
    """The user's preferred languages on macOS, first first (``defaults read -g
    AppleLanguages``: ``("de-DE", "en-US")``); empty when it cannot be read."""
    import subprocess  # noqa: PLC0415 - macOS only: elsewhere the window's start skips it

    try:
        found = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return re.findall(r'^\s*"?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)"?\s*,?\s*$', found.stdout, re.M)


def _windows_locale_name(langid: int | None) -> str | None:
    if langid is None:
        return None
    import locale  # noqa: PLC0415 - its windows_locale table, on demand

    return locale.windows_locale.get(langid)


def system_languages(probe: SystemProbe | None = None) -> list[str]:
    """The locale names the system asks for, most wanted first, as GNU gettext reads
    them: ``LANGUAGE`` (a colon-separated list), then ``LC_ALL``, then ``LC_MESSAGES``;
    on Windows and macOS then the user's UI language (the platform's own setting,
    which a program started from the desktop has no variable for); then ``LANG``."""
    probe = probe if probe is not None else SystemProbe.real()
    wanted: list[str] = []
    for variable in LOCALE_VARIABLES[:-1]:
        value = probe.environ.get(variable, "")
        if value:
            wanted += [part for part in value.split(":") if part]
    if probe.platform == "win32":
        name = _windows_locale_name(probe.windows_ui())
        if name:
            wanted.append(name)
    elif probe.platform == "darwin":
        wanted += list(probe.mac_languages())
    lang = probe.environ.get(LOCALE_VARIABLES[-1], "")
    if lang:
        wanted.append(lang)
    return wanted


def system_language(probe: SystemProbe | None = None) -> str:
    """The first of :func:`system_languages` that the game speaks; English when none is
    (silently: a system in a language without a catalogue is no error)."""
    for name in system_languages(probe):
        if name.split(".")[0].lower() in _IGNORED_LOCALES:
            return ENGLISH  # "C" or "POSIX" asks for the program's own language
        code = normalise(name)
        if code is not None:
            return code
    return ENGLISH
