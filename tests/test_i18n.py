"""The game's languages: which one is chosen, the catalogues (complete, checked, up to date
with the code), plural forms, numbers against CLDR, the fonts that draw every translation,
and every screen in the pseudo-language and in each language at the smallest window."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import LANGUAGES, SystemProbe, UnknownLanguage
from game.net.messages import ROOM_ALPHABET, ROOM_CODE_LENGTH
from game.profile.settings import SettingsStore
from game.ui import glyphs
from game.ui.text import Drawn, Said, TextCache
from tests.conftest import ROOT, build_script

catalogues = build_script("catalogues")

REQUIRED = ("de", "fr", "es", "pt_BR", "pl", "uk", "zh_CN")
"""The languages issue 29 asks for, besides English."""


def probe(
    environ: dict[str, str] | None = None,
    platform: str = "linux",
    windows: int | None = None,
    mac: Sequence[str] = (),
) -> SystemProbe:
    return SystemProbe(environ or {}, platform, lambda: windows, lambda: list(mac))


# -- which language ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        (probe({"LANG": "de_DE.UTF-8"}), "de"),
        (probe({"LANG": "de_AT.UTF-8@euro"}), "de"),
        (probe({"LANG": "fr_CA.UTF-8"}), "fr"),
        (probe({"LANG": "pt_PT.UTF-8"}), "pt_BR"),
        (probe({"LANG": "zh_CN.UTF-8"}), "zh_CN"),
        (probe({"LANG": "uk_UA.UTF-8"}), "uk"),
        (probe({"LANGUAGE": "sv:pl:de", "LANG": "sv_SE.UTF-8"}), "pl"),
        (probe({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}), "es"),
        (probe({"LC_MESSAGES": "uk_UA.UTF-8", "LANG": "de_DE.UTF-8"}), "uk"),
        (probe({"LANG": "C.UTF-8"}), "en"),
        (probe({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}), "en"),
        (probe({}), "en"),
        # A system in a language without a catalogue: English, silently.
        (probe({"LANG": "sv_SE.UTF-8"}), "en"),
        (probe({"LANG": "zh_TW.UTF-8"}), "en"),
        # Windows: the user's UI language (a LANGID), unless a variable says otherwise.
        (probe(platform="win32", windows=0x0407), "de"),
        (probe(platform="win32", windows=0x0416), "pt_BR"),
        (probe(platform="win32", windows=0x0804), "zh_CN"),
        (probe(platform="win32", windows=0x041D), "en"),
        (probe(platform="win32", windows=None), "en"),
        (probe({"LANGUAGE": "fr"}, platform="win32", windows=0x0407), "fr"),
        # macOS: the preferred languages, first first, before LANG (Terminal sets it
        # from the region, not the language).
        (probe(platform="darwin", mac=["zh-Hans-CN", "en-US"]), "zh_CN"),
        (probe({"LANG": "en_US.UTF-8"}, platform="darwin", mac=["pl-PL"]), "pl"),
        (probe({"LANG": "de_DE.UTF-8"}, platform="darwin", mac=[]), "de"),
        (probe(platform="darwin", mac=["sv-SE", "fr-FR"]), "fr"),
    ],
)
def test_the_system_language_is_the_first_the_game_speaks(
    system: SystemProbe, expected: str
) -> None:
    assert i18n.system_language(system) == expected


def test_macos_preferred_languages_are_read_from_defaults_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    output = '(\n    "de-DE",\n    en,\n    "zh-Hans-CN"\n)\n'

    def fake_run(*args: object, **kwargs: object) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess([], 0, stdout=output)

    monkeypatch.setattr(subprocess, "run", fake_run)  # the module i18n calls
    assert i18n.mac_preferred_languages() == ["de-DE", "en", "zh-Hans-CN"]


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("de", "de"),
        ("DE", "de"),
        ("de-AT", "de"),
        ("pt-br", "pt_BR"),
        ("pt_BR", "pt_BR"),
        ("zh-CN", "zh_CN"),
        ("zh", "zh_CN"),
        ("uk", "uk"),
        ("en", "en"),
        ("pseudo", "pseudo"),
    ],
)
def test_a_language_is_typed_in_any_case_with_a_dash_or_an_underscore(
    typed: str, code: str
) -> None:
    assert i18n.parse_code(typed) == code


@pytest.mark.parametrize("typed", ["xx", "", "pt-PT", "zh-TW", "english"])
def test_an_unknown_language_is_refused_with_the_list(typed: str) -> None:
    with pytest.raises(UnknownLanguage) as refused:
        i18n.parse_code(typed)
    for code, name in LANGUAGES.items():
        assert f"{code} ({name})" in str(refused.value)


def test_the_command_line_comes_first_then_the_setting_then_the_system() -> None:
    german = probe({"LANG": "de_DE.UTF-8"})
    assert i18n.choose("fr", "pl", german) == "fr"
    assert i18n.choose(None, "pl", german) == "pl"
    assert i18n.choose(None, i18n.SYSTEM, german) == "de"


def _game(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_an_unknown_language_on_the_command_line_exits_2_with_the_list() -> None:
    result = _game("--language", "xx")
    assert result.returncode == 2
    assert "unknown language 'xx'" in result.stderr
    assert "de (Deutsch)" in result.stderr and "zh_CN (简体中文)" in result.stderr


def test_the_help_follows_the_language_asked_for() -> None:
    result = _game("--language", "de", "--help")
    assert result.returncode == 0
    assert "Vier gewinnt gegen den Computer" in result.stdout
    # argparse's own words too: the usage, the heading, -h's help
    assert result.stdout.startswith("Aufruf: connect4")
    assert "\nOptionen:\n" in result.stdout and "diese Hilfe zeigen und beenden" in result.stdout
    refused = _game("--language", "de", "--depth", "99")
    assert refused.returncode == 2 and "connect4: Fehler: " in refused.stderr


def test_the_language_setting_is_saved_and_a_bad_one_is_repaired(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    report = store.load()
    assert report.settings.language == i18n.SYSTEM
    report.settings.language = "uk"
    assert store.save(report.settings, report.stats) is None
    assert store.saved_language() == "uk"
    assert SettingsStore(store.path).load().settings.language == "uk"
    store.path.write_text('{"settings": {"language": "tlh"}}', encoding="utf-8")
    repaired = SettingsStore(store.path).load()
    assert repaired.settings.language == i18n.SYSTEM
    assert "Language" in repaired.warnings[0]
    assert store.saved_language() == i18n.SYSTEM


# -- the catalogues -------------------------------------------------------------------------


def test_at_least_the_seven_languages_have_a_catalogue_and_a_name() -> None:
    assert set(REQUIRED) <= set(catalogues.languages())
    assert set(catalogues.languages()) == set(LANGUAGES) - {"en"}


def test_every_catalogue_is_complete_and_passes_the_checks() -> None:
    """What msgfmt --check does, and more: no entry untranslated or fuzzy, plural forms
    and placeholders right, none missing from or left over after the .pot."""
    for report in catalogues.check():
        assert report.problems == [], report.line
        assert report.fuzzy == report.untranslated == 0
        assert report.translated > 250


def test_the_pot_holds_exactly_the_sentences_of_the_code() -> None:
    """A new sentence in the code, or one gone, needs catalogues.py extract (and update)."""
    assert catalogues.stale_template() == []


def test_a_sentence_the_code_adds_is_caught(tmp_path: Path) -> None:
    fresh = tmp_path / "game"
    (fresh / "ai").mkdir(parents=True)
    levels = ROOT / "game" / "ai" / "levels.py"
    (fresh / "ai" / "levels.py").write_bytes(levels.read_bytes())
    (tmp_path / "assets").mkdir()
    themes = ROOT / "assets" / "themes.json"
    (tmp_path / "assets" / "themes.json").write_bytes(themes.read_bytes())
    (fresh / "new.py").write_text('from game.i18n import gettext as _\n_("A brand new sentence")\n')
    found = {m.id for m in catalogues.extract(tmp_path)}
    assert "A brand new sentence" in found
    assert "Connect Four" not in found  # only what that tree's code says


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("de", "Vier gewinnt"),
        ("fr", "Puissance\u00a04"),
        ("es", "Conecta 4"),
        ("pt_BR", "Lig 4"),
        ("pl", "Cztery w rzędzie"),
        ("uk", "Чотири в ряд"),
        ("zh_CN", "四子棋"),
    ],
)
def test_each_language_names_the_game_as_its_players_do(code: str, name: str) -> None:
    assert i18n.use(code)
    assert i18n.gettext("Connect Four") == name
    assert i18n.current() == code


def test_a_missing_catalogue_leaves_english_and_says_so_in_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(i18n.LOCALE_ENV, str(tmp_path))
    assert not i18n.use("de")
    assert i18n.gettext("Connect Four") == "Connect Four"
    assert "no catalogue for de" in caplog.text


@pytest.mark.parametrize(
    ("code", "forms"),
    [
        ("de", {1: "1 Zug", 2: "2 Zügen", 5: "5 Zügen"}),
        ("pl", {1: "1 ruchu", 2: "2 ruchach", 5: "5 ruchach", 22: "22 ruchach"}),
        ("uk", {1: "1 хід", 2: "2 ходи", 5: "5 ходів", 11: "11 ходів", 21: "21 хід"}),
        ("fr", {0: "0 coup", 1: "1 coup", 2: "2 coups"}),
        ("zh_CN", {1: "1 步", 7: "7 步"}),
    ],
)
def test_plural_forms_follow_the_language(code: str, forms: dict[int, str]) -> None:
    i18n.use(code)
    for count, words in forms.items():
        sentence = i18n.ngettext(
            "Column {column}: Win in {moves} move", "Column {column}: Win in {moves} moves", count
        ).format(column=4, moves=count)
        assert words in sentence, (count, sentence)


def test_the_list_separator_is_the_languages() -> None:
    assert i18n.join_list(["a", "b"]) == "a, b"
    i18n.use("zh_CN")
    assert i18n.join_list(["甲", "乙"]) == "甲、乙"


# -- numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_numbers_are_written_as_cldr_writes_them(code: str) -> None:
    numbers = pytest.importorskip("babel.numbers")
    i18n.use(code)
    for whole in (0, 7, 42, 999, 1000, 1234, 12345, 1234567, -5):
        assert i18n.number(whole) == numbers.format_decimal(whole, locale=code), whole
    for value in (0.5, 2.5, 12345.5):
        expected = numbers.format_decimal(value, format="#,##0.0", locale=code)
        assert i18n.number(value, 1) == expected, value
    for fraction in (0.0, 0.7, 1.0):
        assert i18n.percent(fraction) == numbers.format_percent(fraction, locale=code)


def test_short_numbers_drop_their_zeros() -> None:
    i18n.use("de")
    assert [i18n.short_number(v) for v in (0.5, 2.0, 30.0, 0.25)] == ["0,5", "2", "30", "0,25"]


# -- the fonts --------------------------------------------------------------------------------


@pytest.fixture
def fonts() -> Iterator[TextCache]:
    was_on = pygame.font.get_init()
    pygame.font.init()
    yield TextCache()
    if not was_on:
        pygame.font.quit()


def _translations(code: str) -> list[str]:
    from babel.messages.pofile import read_po  # noqa: PLC0415

    with catalogues.po_path(code).open("rb") as fh:
        catalog = read_po(fh, locale=code)
    found: list[str] = []
    for message in catalog:
        if message.id:
            said = message.string
            found += [said] if isinstance(said, str) else list(said or ())
    return found


INFORMAL = {
    "fr": re.compile(r"\b(tu|te|toi|ton|ta|tes)\b", re.IGNORECASE),
    "uk": re.compile(
        r"(?<![\w'\u2019])(ти|тебе|тобі|тобою|твій|твоя|твоє|твої|твою|твого|твоєї|твоїх)(?![\w'\u2019])",
        re.IGNORECASE,
    ),
}
"""The informal "you" in the languages whose catalogue says "vous" and "ви"."""


@pytest.mark.parametrize("code", sorted(INFORMAL))
def test_the_player_is_addressed_in_one_register(code: str) -> None:
    informal = [said for said in _translations(code) if INFORMAL[code].search(said)]
    assert informal == []


def test_a_heading_of_counts_and_one_games_result_are_told_apart() -> None:
    """ "Won" over the Statistics column counts games (fr "Gagnées"); one game's result
    is another word (fr "Gagnée")."""
    i18n.use("fr")
    assert i18n.pgettext("statistics column", "Won") == "Gagnées"
    assert i18n.pgettext("a game's result", "Won") == "Gagnée"


@pytest.mark.parametrize("code", REQUIRED)
def test_every_character_of_every_translation_has_a_glyph_in_the_fonts_used(
    code: str, fonts: TextCache
) -> None:
    missing = {text: fonts.covers(text) for text in _translations(code)}
    assert {text: chars for text, chars in missing.items() if chars} == {}


def test_every_language_name_has_its_glyphs(fonts: TextCache) -> None:
    assert all(fonts.covers(name) == "" for name in LANGUAGES.values())


def test_chinese_characters_are_drawn_with_the_cjk_subset_on_inters_baseline(
    fonts: TextCache,
) -> None:
    words = "第 4 列\uff1a胜"
    runs = fonts._runs(words)
    assert [index for index, _part in runs] == [0, -1, 0]
    line = fonts.render(words, 20, (255, 255, 255))
    assert line.get_height() == fonts.render("4", 20, (255, 255, 255)).get_height()
    assert line.get_width() == fonts.size_of(words, 20)[0]


@pytest.mark.parametrize("name", ["Inter-SemiBold.otf", "NotoSansCJKsc-Connect4.otf"])
def test_the_character_map_reader_agrees_with_fonttools(name: str) -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    path = ROOT / "assets" / "fonts" / name
    assert glyphs.characters(path) == frozenset(ttlib.TTFont(str(path)).getBestCmap())


def test_what_chinese_players_type_in_the_chat_has_its_glyphs(fonts: TextCache) -> None:
    """Not only the catalogue's characters: everyday Chinese (GB 2312), its full-width
    forms and kana, as players write them to each other."""
    typed = "你好，我们开始吧！这是一条很长的消息。国家、朋友、谢谢、加油！ひらがなカタカナ　ＡＢＣ"  # noqa: RUF001
    assert fonts.covers(typed) == ""


def test_chinese_wraps_between_characters_but_not_before_a_closing_mark(fonts: TextCache) -> None:
    sentence = "这局还没结束。新对局会取代它\uff0c且这局不计入统计。"
    width = fonts.size_of("这局还没结束。新", 20)[0]
    lines = fonts.wrap(sentence, 20, width)
    assert "".join(lines) == sentence and len(lines) > 2
    assert not any(line[0] in "\uff0c。\uff1a" for line in lines)
    assert all(fonts.size_of(line, 20)[0] <= width for line in lines)


def test_the_cjk_subset_holds_what_the_catalogues_use() -> None:
    script = ROOT / "build_scripts" / "make_cjk_font.py"
    result = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


# -- the pseudo-language and every screen ---------------------------------------------------


def test_the_pseudo_language_brackets_and_lengthens_but_keeps_placeholders() -> None:
    said = i18n.pseudo("Column {column}: Win in {moves} moves")
    assert said.startswith("[") and said.endswith("]")
    assert "{column}" in said and "{moves}" in said
    sentence = "Changes apply at once and are saved when you leave this screen."
    assert 1.35 * len(sentence) <= len(i18n.pseudo(sentence)) <= 1.5 * len(sentence)
    i18n.use(i18n.PSEUDO)
    assert i18n.gettext("Settings").startswith("[")
    assert i18n.ngettext("{n} disc", "{n} discs", 3).format(n=3).endswith("]")


ENGLISH_WORD = re.compile(r"[A-Za-z]*[AEIOUaeiou][A-Za-z]*")
"""A word with a plain vowel: the pseudo-language accents every vowel (and doubles some),
so only a sentence that escaped translation has one, on whichever line it wraps to."""
UNTRANSLATED = frozenset(LANGUAGES.values())
"""Words shown as they are in every language: each language's own name."""


ROOM_CODE = re.compile(rf"\b[{ROOM_ALPHABET}]{{{ROOM_CODE_LENGTH}}}\b")
"""An online game's room code (the server draws it: any letters)."""


def _without_language_names(text: str) -> str:
    """``text`` without the language names, room codes and what the screenshots' players
    type."""
    for name in (*UNTRANSLATED, *build_script("screenshots").PLAYER_WORDS):
        text = text.replace(name, "")
    return ROOM_CODE.sub("", text)


def _walk_every_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, size: tuple[int, int]
) -> list[Drawn]:
    """Every screen of the screenshot script, in ``language``: each line drawn, with its box."""
    drawn: list[Drawn] = []
    original = TextCache._blit_surface

    def record(
        self: TextCache,
        surface: pygame.Surface,
        rendered: pygame.Surface,
        said: Said,
        rect: pygame.Rect,
    ) -> pygame.Rect:
        box = self._boxes[-1] if self._boxes else None
        drawn.append(Drawn(said.text, pygame.Rect(rect), box, surface.get_size(), *said[1:]))
        return original(self, surface, rendered, said, rect)

    monkeypatch.setattr(TextCache, "_blit_surface", record)

    build_script("screenshots").capture_all(tmp_path / language, size=size, language=language)
    return drawn


def _outside(drawn: Drawn) -> bool:
    box = drawn.box if drawn.box is not None else pygame.Rect((0, 0), drawn.surface)
    window = pygame.Rect((0, 0), drawn.surface)
    return not (box.inflate(2, 2).contains(drawn.rect) and window.contains(drawn.rect))


def test_every_screen_in_the_pseudo_language_is_translated_and_in_its_boxes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = _walk_every_screen(tmp_path, monkeypatch, i18n.PSEUDO, (640, 480))
    assert len(drawn) > 500
    escaped = {
        d.text
        for d in drawn
        if any(len(word) > 1 for word in ENGLISH_WORD.findall(_without_language_names(d.text)))
    }
    assert escaped == set(), "English that escaped translation"
    overflowing = {(d.text, tuple(d.rect), tuple(d.box or ())) for d in drawn if _outside(d)}
    assert overflowing == set(), "text drawn outside its box"


@pytest.mark.parametrize("code", REQUIRED)
def test_every_screen_holds_each_language_at_the_smallest_window(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = _walk_every_screen(tmp_path, monkeypatch, code, (640, 480))
    overflowing = {(d.text, tuple(d.rect), tuple(d.box or ())) for d in drawn if _outside(d)}
    assert overflowing == set()
    assert {d.text for d in drawn if d.cut} == set(), "words cut short for want of room"
    assert i18n.current() == code


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_main_screens_are_taken_in_every_language(code: str, tmp_path: Path) -> None:
    """What ``screenshots.py --every-language`` does, one language at a time (ten
    seconds each: a parallel run shares them out)."""
    shots = build_script("screenshots")
    paths = shots.capture_all(
        tmp_path / code, size=(640, 480), language=code, only=shots.MAIN_SCREENS
    )
    assert {path.parent.name for path in paths} == {code}
    assert {path.stem.split("-", 1)[1] for path in paths} == set(shots.MAIN_SCREENS)
