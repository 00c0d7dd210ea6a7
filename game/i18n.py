"""The player's language: which one it is, and every sentence and number in it.

Sentences go through Python's :mod:`gettext`: a module marks each with ``_`` (this
module's :func:`gettext`), :func:`ngettext` for a count, or :func:`pgettext` where a
word needs its context, and :func:`N_` where a sentence is defined in one place and
shown in another.  Sentences are whole, with named placeholders (``{column}``), so a
translator can reorder them.  The catalogues are ``game/locale/<code>/LC_MESSAGES/
connect4.mo``, compiled from the ``.po`` files beside them at install (``setup.py``)
and for the executable (``build_scripts/build.py``); ``build_scripts/catalogues.py``
extracts, merges, checks and compiles them.

Which language (:func:`choose`): ``--language CODE`` for one run, else the settings'
choice, else :data:`SYSTEM`: the system's (:func:`system_language`).  A code the game
does not know is refused where a player typed it (:class:`UnknownLanguage`, with the
list); a system locale it has no catalogue for gives English without a word.

Numbers are written in the language's own way (:func:`number`, :func:`percent`): the
game shows counts, percentages and tenths of a second and no dates, so a table of each
language's decimal sign, digit grouping and percent pattern (CLDR's, which
``tests/test_i18n.py`` checks against Babel) does it without Babel's 30 MB of locale
data in the executable.

No pygame here; nothing is read at import time: English until :func:`use` is called.
"""

from __future__ import annotations

import gettext as _gettext
import logging
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from game.languages import (
    ALIASES,
    ENGLISH,
    LANGUAGES,
    SystemProbe,
    mac_preferred_languages,
    normalise,
    system_language,
    system_languages,
    windows_ui_language,
)

log = logging.getLogger(__name__)

DOMAIN = "connect4"
"""The catalogues' name: ``<code>/LC_MESSAGES/connect4.mo``."""

LOCALE_ENV = "CONNECT4_LOCALE_DIR"
"""Environment variable naming a folder of compiled catalogues to use instead of the
package's (the tests compile the ``.po`` files of the checkout there)."""

SYSTEM = "system"
"""The setting's value that follows the system's language."""
PSEUDO = "pseudo"
"""A made-up language for tests: every sentence in brackets, its words lengthened by
about 40% (:class:`PseudoTranslations`).  Accepted by :func:`use`, never offered."""


class UnknownLanguage(ValueError):
    """A language code the game has no catalogue for; the message lists those it has."""

    def __init__(self, code: str) -> None:
        self.code = code
        choices = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        super().__init__(f"unknown language {code!r}: choose one of {choices}")


# -- which language (the system's: game.languages) ------------------------------------


def parse_code(text: str) -> str:
    """A language as a player types it (``--language``): one of :data:`LANGUAGES` in any
    case, with ``-`` or ``_`` ("pt-br", "zh_cn", "DE"), or :data:`PSEUDO`; raises
    :class:`UnknownLanguage` otherwise.  Regions are not guessed here: "de-AT" is
    German, "pt-PT" refused (only the system's locale falls back that far)."""
    wanted = text.strip().replace("-", "_").lower()
    if wanted == PSEUDO:
        return PSEUDO
    for code in LANGUAGES:
        if code.lower() == wanted or code.split("_")[0] == wanted:
            return code
    if "_" in wanted and wanted.split("_")[0] in LANGUAGES:
        return wanted.split("_")[0]
    raise UnknownLanguage(text)


def choose(requested: str | None, setting: str, probe: SystemProbe | None = None) -> str:
    """The language to speak: ``requested`` (the command line's, already checked) if
    given, else ``setting`` (a code, or :data:`SYSTEM`), else the system's."""
    if requested:
        return requested
    if setting in LANGUAGES:
        return setting
    return system_language(probe)


# -- the catalogue in use -------------------------------------------------------------------


def locale_dir() -> Path:
    """Where the compiled catalogues are: ``$CONNECT4_LOCALE_DIR``, else ``game/locale``
    beside this module (in a source tree, a wheel and the executable alike)."""
    override = os.environ.get(LOCALE_ENV)
    if override:
        return Path(override)
    return Path(__file__).resolve().parent / "locale"


def catalogue_path(code: str, folder: Path | None = None) -> Path:
    """The compiled catalogue of ``code``."""
    return (folder or locale_dir()) / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


class _State:
    translations: _gettext.NullTranslations = _gettext.NullTranslations()
    code: str = ENGLISH
    listeners: list[Callable[[str], None]] = []


def use(code: str) -> bool:
    """Speak ``code`` (one of :data:`LANGUAGES` or :data:`PSEUDO`) from now on.  False
    (and English, with a warning in the log) when its catalogue is missing or damaged:
    the installation did not compile it."""
    ok = True
    if code == ENGLISH:
        translations: _gettext.NullTranslations = _gettext.NullTranslations()
    elif code == PSEUDO:
        translations = PseudoTranslations()
    elif code not in LANGUAGES:
        raise UnknownLanguage(code)
    else:
        path = catalogue_path(code)
        try:
            with path.open("rb") as fh:
                translations = _gettext.GNUTranslations(fh)
        except (OSError, ValueError) as error:
            log.warning("no catalogue for %s (%s): the game speaks English", code, error)
            translations, ok = _gettext.NullTranslations(), False
    _State.translations = translations
    _State.code = code
    for listener in list(_State.listeners):
        listener(code)
    return ok


def current() -> str:
    """The code of the language in use."""
    return _State.code


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` whenever :func:`use` changes the language; returns the
    call that stops it."""
    _State.listeners.append(listener)

    def stop() -> None:
        if listener in _State.listeners:
            _State.listeners.remove(listener)

    return stop


def gettext(message: str) -> str:
    """``message`` in the language in use (itself when it has no translation)."""
    return _State.translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a sentence for ``count`` in the language in use (Polish and
    Ukrainian have three, Chinese one)."""
    return _State.translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English word needs different translations, told apart
    by ``context`` ("list separator", "a setting's value")."""
    return _State.translations.pgettext(context, message)


_ = gettext


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is defined; it is translated where it
    is shown."""
    return message


def join_list(items: Sequence[str]) -> str:
    """Items of a list in one sentence, with the language's separator ("a, b" or
    "a、b")."""
    return pgettext("list separator", ", ").join(items)


# -- numbers ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NumberStyle:
    """How a language writes numbers: its decimal sign, the sign between groups of three
    digits, and where the percent sign goes."""

    decimal: str
    group: str
    percent: str


NUMBER_STYLES: Mapping[str, NumberStyle] = MappingProxyType(
    {
        "en": NumberStyle(".", ",", "{}%"),
        "de": NumberStyle(",", ".", "{}\u00a0%"),
        "es": NumberStyle(",", ".", "{}\u00a0%"),
        "fr": NumberStyle(",", "\u202f", "{}\u00a0%"),
        "pl": NumberStyle(",", "\u00a0", "{}%"),
        "pt_BR": NumberStyle(",", ".", "{}%"),
        "uk": NumberStyle(",", "\u00a0", "{}%"),
        "zh_CN": NumberStyle(".", ",", "{}%"),
    }
)
"""CLDR's decimal and percent formats of each language, as Babel writes them (the tests
check them against Babel's data)."""


def _style() -> NumberStyle:
    return NUMBER_STYLES.get(_State.code, NUMBER_STYLES[ENGLISH])


def number(value: float, decimals: int = 0) -> str:
    """``value`` with ``decimals`` digits after the decimal sign, grouped, in the
    language in use: 12345.5 is "12,345.5", "12.345,5" or "12 345,5"."""
    style = _style()
    text = f"{abs(value):.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    if len(whole) > 3:
        groups: list[str] = []
        while len(whole) > 3:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = style.group.join([whole, *groups])
    sign = "-" if value < 0 and float(text) != 0 else ""
    return sign + whole + (style.decimal + fraction if fraction else "")


def short_number(value: float) -> str:
    """``value`` without trailing zeros after the decimal sign (0.5 -> "0,5", 2.0 ->
    "2"), at most two decimals."""
    decimals = next(d for d in (0, 1, 2) if round(value, d) == round(value, 2))
    return number(value, decimals)


def percent(fraction: float) -> str:
    """``fraction`` (0-1) as a whole percentage: "70%", "70 %"."""
    return _style().percent.format(number(round(fraction * 100)))


# -- the pseudo-language --------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "AaCcEeGgIiNnOoSsUuYyZz",
    "ÅåÇçÉéĜĝÎîÑñÖöŠšÛûÝýŽž",
)
_VOWELS = "åéîöûýÅÉÎÖÛÝ"
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: in brackets, letters accented, each word about
    40% longer (its accented vowels doubled); placeholders and line breaks unchanged."""
    out = []
    for part in _PLACEHOLDER.split(message):
        if _PLACEHOLDER.fullmatch(part):
            out.append(part)
            continue
        words = []
        for word in part.split(" "):
            accented = word.translate(_ACCENTED)
            extra = round(len(word) * 0.4)
            grown = []
            for char in accented:
                grown.append(char)
                if extra and char in _VOWELS:
                    grown.append(char)
                    extra -= 1
            words.append("".join(grown) + "~" * extra)
        out.append(" ".join(words))
    return f"[{''.join(out)}]"


class PseudoTranslations(_gettext.NullTranslations):
    """The pseudo-language (:func:`pseudo`) for every sentence, made on the fly."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return message if context == "list separator" else pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


__all__ = [
    "ALIASES",
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "SYSTEM",
    "SystemProbe",
    "UnknownLanguage",
    "choose",
    "current",
    "gettext",
    "join_list",
    "mac_preferred_languages",
    "ngettext",
    "normalise",
    "number",
    "on_change",
    "parse_code",
    "percent",
    "pgettext",
    "short_number",
    "system_language",
    "system_languages",
    "use",
    "windows_ui_language",
]
