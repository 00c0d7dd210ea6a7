#!/usr/bin/env python3
"""The translation catalogues: extract the game's sentences, merge them into each
language, check and compile them (Babel does the reading, writing and compiling).

    python build_scripts/catalogues.py extract        # game/locale/connect4.pot from the code
    python build_scripts/catalogues.py update         # the .pot merged into every .po
    python build_scripts/catalogues.py check          # statistics and checks; 1 on a problem
    python build_scripts/catalogues.py compile [DIR]  # the .mo files (default: beside the .po)
    python build_scripts/catalogues.py new CODE       # a .po for a new language

The sentences come from the code (``_``, ``gettext``, ``ngettext``, ``pgettext`` and
``N_`` calls, with ``# Translators:`` comments), and from two places that name them
without calling gettext: the levels' names and descriptions (``game/ai/levels.py``: the
engine imports no gettext; the window translates what it shows), and the themes'
labels and colour names (``assets/themes.json``).

``setup.py`` compiles the catalogues at install (``compile_catalogues``), and
``build.py`` for the executable; nothing compiled is committed.  ``check`` is what
``msgfmt --check`` does (Babel's checkers: plural forms, format strings) plus the
named ``{placeholders}``, which must be the same in a translation as in English, and
it fails on any entry that is untranslated, fuzzy, missing from a ``.po`` or no
longer in the ``.pot``.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "connect4.pot"
DOMAIN = "connect4"

KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
}
COMMENT_TAGS = ["Translators:"]

PROJECT = "Connect Four"
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


@dataclass(frozen=True)
class Found:
    """One sentence of the game: where it is, its English, and what a translator
    should know."""

    location: str
    line: int
    message: str | tuple[str, ...]
    context: str | None = None
    comments: tuple[str, ...] = ()


def _python_messages(root: Path) -> Iterator[Found]:
    from babel.messages.extract import extract_from_file  # noqa: PLC0415

    for path in sorted((root / "game").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        found = extract_from_file("python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS)
        for line, message, comments, context in found:
            yield Found(relative, line, message, context, tuple(comments))


def _level_messages(root: Path) -> Iterator[Found]:
    """Each level's name and description: the string arguments of ``Level(...)`` in
    ``game/ai/levels.py`` (first and last)."""
    path = root / "game" / "ai" / "levels.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Level"):
            continue
        words = [
            a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
        if len(words) != 2:
            continue
        name, blurb = words
        location = path.relative_to(root).as_posix()
        yield Found(location, node.lineno, name, None, ("The name of a difficulty level.",))
        yield Found(
            location, node.lineno, blurb, None, (f"What the level {name} does, under its name.",)
        )


def _theme_messages(root: Path) -> Iterator[Found]:
    """The themes' labels and colour names: those of ``assets/themes.json`` and the
    classic theme's (``game/ui/themes.py``'s ``label=`` and ``colour_names``)."""
    path = root / "assets" / "themes.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    location = path.relative_to(root).as_posix()
    for theme in data["themes"]:
        yield Found(location, 0, theme["label"], None, ("A theme's name in the settings.",))
        for side, name in theme["colour_names"].items():
            yield Found(location, 0, name, None, (f"The {side} discs' name in this theme.",))


def extract(root: Path = ROOT) -> Catalog:
    """Every sentence of the game, as a catalogue (the ``.pot``'s contents)."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415

    catalog = Catalog(
        project=PROJECT,
        domain=DOMAIN,
        msgid_bugs_address="",
        copyright_holder="The Connect Four developers",
        creation_date=datetime(2025, 1, 1, tzinfo=UTC),
        fuzzy=False,
    )
    sources = (_python_messages, _level_messages, _theme_messages)
    for source in sources:
        for found in source(root):
            catalog.add(
                found.message,
                None,
                [(found.location, found.line)],
                auto_comments=found.comments,
                context=found.context,
            )
    return catalog


def _read(path: Path, locale: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po  # noqa: PLC0415

    with path.open("rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


def _write(catalog: Catalog, path: Path) -> None:
    from babel.messages.pofile import write_po  # noqa: PLC0415

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=100, include_lineno=False, sort_output=False)


def languages(locale_dir: Path = LOCALE) -> list[str]:
    """The codes of the languages with a ``.po``."""
    return sorted(p.parent.parent.name for p in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(code: str, locale_dir: Path = LOCALE) -> Path:
    return locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def write_pot(root: Path = ROOT) -> Path:
    """Extract the sentences into ``game/locale/connect4.pot``."""
    _write(extract(root), POT)
    return POT


def update(locale_dir: Path = LOCALE) -> list[str]:
    """Merge the ``.pot`` into every ``.po`` (new sentences untranslated, changed ones
    fuzzy, gone ones dropped); returns the languages updated."""
    template = _read(POT)
    done = []
    for code in languages(locale_dir):
        path = po_path(code, locale_dir)
        catalog = _read(path, code)
        catalog.update(template, update_header_comment=False)
        catalog.obsolete.clear()
        _write(catalog, path)
        done.append(code)
    return done


def new(code: str, locale_dir: Path = LOCALE) -> Path:
    """A ``.po`` for the language ``code``, every sentence untranslated."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415

    template = _read(POT)
    catalog = Catalog(locale=code, domain=DOMAIN, project=PROJECT, fuzzy=False)
    catalog.update(template)
    path = po_path(code, locale_dir)
    if path.exists():
        raise FileExistsError(f"{path} exists already: use update")
    _write(catalog, path)
    return path


def compile_catalogues(target: Path, source: Path = LOCALE) -> list[Path]:
    """Compile every ``.po`` of ``source`` into ``target/<code>/LC_MESSAGES/
    connect4.mo`` (fuzzy entries are left out, as msgfmt does); the files written."""
    from babel.messages.mofile import write_mo  # noqa: PLC0415

    written = []
    for code in languages(source):
        catalog = _read(po_path(code, source), code)
        out = target / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as fh:
            write_mo(fh, catalog, use_fuzzy=False)
        written.append(out)
    return written


@dataclass
class Report:
    """One language's statistics and problems."""

    code: str
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def line(self) -> str:
        return (
            f"{self.code}: {self.translated} translated, {self.fuzzy} fuzzy,"
            f" {self.untranslated} untranslated, {len(self.problems)} problems"
        )


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _key(message_id: str | Sequence[str], context: str | None) -> tuple[str, str | None]:
    singular = message_id if isinstance(message_id, str) else message_id[0]
    return singular, context


def check_language(code: str, template: Catalog, locale_dir: Path = LOCALE) -> Report:
    """The statistics of one ``.po`` and every problem in it."""
    catalog = _read(po_path(code, locale_dir), code)
    report = Report(code)
    wanted = {_key(m.id, m.context) for m in template if m.id}
    have = set()
    for message in catalog:
        if not message.id:
            continue
        key = _key(message.id, message.context)
        have.add(key)
        found = message.string
        strings = [found] if isinstance(found, str) else list(found or ())
        if message.fuzzy:
            report.fuzzy += 1
        elif not all(strings):
            report.untranslated += 1
        else:
            report.translated += 1
        for error in message.check(catalog):
            report.problems.append(f"{key[0]!r}: {error}")
        english = message.id if isinstance(message.id, str) else message.id[-1]
        for string in strings:
            if string and _placeholders(string) != _placeholders(english):
                report.problems.append(
                    f"{key[0]!r}: placeholders {sorted(_placeholders(string))} in {string!r},"
                    f" not {sorted(_placeholders(english))}"
                )
    for key in sorted(wanted - have, key=str):
        report.problems.append(f"{key[0]!r} is missing (run: catalogues.py update)")
    for key in sorted(have - wanted, key=str):
        report.problems.append(f"{key[0]!r} is no longer in the .pot (run: catalogues.py update)")
    if report.fuzzy or report.untranslated:
        report.problems.append(f"{report.fuzzy} fuzzy and {report.untranslated} untranslated")
    return report


def stale_template(root: Path = ROOT) -> list[str]:
    """What the committed ``.pot`` lacks or keeps that the code's sentences do not: empty
    when it is up to date."""
    code = {_key(m.id, m.context) for m in extract(root) if m.id}
    committed = {_key(m.id, m.context) for m in _read(POT) if m.id}
    return [f"new in the code: {k[0]!r}" for k in sorted(code - committed, key=str)] + [
        f"gone from the code: {k[0]!r}" for k in sorted(committed - code, key=str)
    ]


def check(locale_dir: Path = LOCALE) -> list[Report]:
    template = _read(POT)
    return [check_language(code, template, locale_dir) for code in languages(locale_dir)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "check", "compile", "new"))
    parser.add_argument("argument", nargs="?", help="compile: the folder; new: the code")
    args = parser.parse_args(argv)
    if args.command == "extract":
        print(write_pot())
    elif args.command == "update":
        print("updated:", ", ".join(update()))
    elif args.command == "compile":
        target = Path(args.argument) if args.argument else LOCALE
        for path in compile_catalogues(target):
            print(path)
    elif args.command == "new":
        if not args.argument:
            parser.error("new: which language code?")
        print(new(args.argument))
    else:
        failed = False
        for problem in stale_template():
            print(f"connect4.pot: {problem} (run: catalogues.py extract)")
            failed = True
        for report in check():
            print(report.line)
            for problem in report.problems:
                print(f"  {problem}")
            failed = failed or bool(report.problems)
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
