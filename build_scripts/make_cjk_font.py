#!/usr/bin/env python3
"""Make ``assets/fonts/NotoSansCJKsc-Connect4.otf``: the characters the game draws that
Inter lacks, cut from Noto Sans CJK SC Bold.

    apt-get install fonts-noto-cjk        # Debian's Noto Sans CJK (SIL Open Font License)
    python build_scripts/make_cjk_font.py [--source FILE] [--check]

Inter draws every Latin, Greek and Cyrillic letter the catalogues use; Chinese needs
a font of its own, and the whole of Noto Sans CJK (16 MB a weight) would more than
double the executable.  The subset holds what the game can show: every character of
the Chinese catalogue, every character of any catalogue that Inter lacks, the
languages' own names (the settings offer 简体中文 in every language), ASCII, the
CJK punctuation, and what players type to each other in the online chat: the 6,763
characters of GB 2312 (the everyday Chinese set) with its kana, Greek, Cyrillic and
full-width forms, about 1.5 MB.  A new Chinese sentence needs only this script run
again (the tests fail until it is).  fontTools (``pip install fonttools``) cuts it; hinting and
the layout features Chinese does not need are dropped; the name table keeps the
font's copyright and licence.  The same source and fontTools give the same bytes.

``--check`` writes nothing: it fails if the committed subset lacks a character the
catalogues now use.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
TARGET = ROOT / "assets" / "fonts" / "NotoSansCJKsc-Connect4.otf"
INTER = ROOT / "assets" / "fonts" / "Inter-SemiBold.otf"
SOURCES = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
    Path("/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Bold.ttc"),
)
"""Where Debian's fonts-noto-cjk puts the bold collection (its Simplified Chinese face
is the one taken): next to Inter SemiBold, the regular weight looks faint."""
FACE = "Noto Sans CJK SC"

PUNCTUATION = "、。，：；！？（）「」『』《》〈〉【】“”‘’…—～·　０１２３４５６７８９"  # noqa: RUF001
"""Chinese punctuation, full-width digits and the ideographic space: a translator may
use any of them."""


def chat_characters() -> set[str]:
    """GB 2312's characters: its symbols, kana, Greek, Cyrillic and full-width forms
    (rows 1-9) and its 6,763 hanzi (rows 16-87), read through Python's own codec."""
    found: set[str] = set()
    for row in (*range(0xA1, 0xAA), *range(0xB0, 0xF8)):
        for cell in range(0xA1, 0xFF):
            try:
                found.add(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:  # a hole in the table
                continue
    return found


def translated_characters(locale: Path = LOCALE) -> set[str]:
    """Every character of every translation in the catalogues (``msgstr`` lines)."""
    found: set[str] = set()
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        text = po.read_text(encoding="utf-8")
        for match in re.finditer(r'^msgstr(?:\[\d+\])? "(.*)"$|^"(.*)"$', text, re.M):
            found.update(match.group(1) or match.group(2) or "")
    return found


def _language_names() -> set[str]:
    from game.i18n import LANGUAGES  # noqa: PLC0415 - the game, from the environment

    return set("".join(LANGUAGES.values()))


def wanted_characters(locale: Path = LOCALE) -> set[str]:
    """What the subset must hold: the Chinese catalogue's characters, any character of
    another catalogue or a language's name that Inter lacks, ASCII and punctuation."""
    from game.ui.glyphs import characters  # noqa: PLC0415

    inter = characters(INTER)
    chinese = translated_characters(locale / "zh_CN")
    others = translated_characters(locale) | _language_names()
    wanted = chinese | {c for c in others if ord(c) not in inter}
    wanted |= {chr(c) for c in range(0x20, 0x7F)} | set(PUNCTUATION)
    wanted |= {c for c in chat_characters() if ord(c) not in inter}
    return {c for c in wanted if c not in "\n\t"}


def source_font() -> Path:
    for path in SOURCES:
        if path.is_file():
            return path
    raise SystemExit("Noto Sans CJK is not installed: apt-get install fonts-noto-cjk")


def make(source: Path, target: Path = TARGET) -> int:
    """Write the subset of ``source``'s Simplified Chinese face; its size in bytes."""
    from fontTools import subset  # noqa: PLC0415 - a tool for this script only
    from fontTools.ttLib import TTCollection, TTFont  # noqa: PLC0415

    if source.suffix.lower() == ".ttc":
        faces = TTCollection(str(source)).fonts
        font = next(f for f in faces if f["name"].getDebugName(1) == FACE)
    else:
        font = TTFont(str(source))
    options = subset.Options()
    options.hinting = False
    options.desubroutinize = False
    options.layout_features = ["kern", "vert"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in wanted_characters()))
    subsetter.subset(font)
    font.recalcTimestamp = False
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(target))
    return target.stat().st_size


def missing(target: Path = TARGET) -> str:
    """The characters the catalogues use that neither Inter nor the subset has."""
    from game.ui.glyphs import characters  # noqa: PLC0415

    have = characters(INTER) | characters(target)
    return "".join(sorted(c for c in wanted_characters() if ord(c) not in have))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="a Noto Sans CJK .ttc or SC .otf file")
    parser.add_argument("--check", action="store_true", help="only check the committed subset")
    args = parser.parse_args(argv)
    if args.check:
        lacking = missing()
        if lacking:
            print(f"{TARGET.name} lacks {lacking!r}: run build_scripts/make_cjk_font.py")
            return 1
        print(f"{TARGET.name} holds every character the catalogues use")
        return 0
    size = make(args.source or source_font())
    print(f"{TARGET.relative_to(ROOT)}: {size} bytes, {len(wanted_characters())} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
