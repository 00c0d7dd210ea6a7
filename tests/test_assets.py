"""The committed assets: valid files, made by their generators, and the desktop entry."""

from __future__ import annotations

import configparser
import io
import itertools
import os
import struct
import tomllib
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import resources
from tests.conftest import build_script

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SOUNDS = ASSETS / "sounds"
ICONS = ASSETS / "icons"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


make_sounds = build_script("make_sounds")
make_icon = build_script("make_icon")


# -- sounds ---------------------------------------------------------------------------


def _samples(path: Path) -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    return params, struct.unpack(f"<{len(frames) // 2}h", frames)


def _pitch(samples: tuple[int, ...]) -> float:
    """A rough pitch in Hz: half the zero crossings per second."""
    crossings = sum(1 for a, b in itertools.pairwise(samples) if (a < 0) != (b < 0))
    return crossings / 2 / (len(samples) / 44100)


@pytest.mark.parametrize("name", ["drop", "win", "loss", "draw", "click"])
def test_each_sound_is_a_short_clean_mono_16_bit_wav(name: str) -> None:
    params, samples = _samples(SOUNDS / f"{name}.wav")
    assert params.nchannels == 1 and params.sampwidth == 2
    assert params.framerate in (22050, 44100)
    assert 0 < params.nframes / params.framerate < 1.5
    peak = max(abs(s) for s in samples)
    assert 0.3 * 32767 < peak < 0.95 * 32767  # audible, and never clipping
    # It starts and ends at silence, so playing it never clicks.
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200
    assert abs(sum(samples) / len(samples)) < 100  # no DC offset


def test_each_sound_has_the_character_its_role_asks_for() -> None:
    lengths = {}
    for name in ("drop", "win", "loss", "draw", "click"):
        params, _ = _samples(SOUNDS / f"{name}.wav")
        lengths[name] = params.nframes / params.framerate
    assert lengths["click"] < 0.1 and lengths["drop"] < 0.4  # they repeat often
    _, win = _samples(SOUNDS / "win.wav")
    _, loss = _samples(SOUNDS / "loss.wav")
    fifth = len(win) // 5
    assert _pitch(win[-2 * fifth : -fifth]) > 1.4 * _pitch(win[:fifth])  # rising
    fifth = len(loss) // 5
    assert _pitch(loss[-2 * fifth : -fifth]) < 0.8 * _pitch(loss[:fifth])  # falling


@pytest.fixture(scope="module")
def mixer() -> Iterator[None]:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        pygame.mixer.init()
    except pygame.error as error:
        pytest.skip(f"no mixer under the dummy audio driver: {error}")
    yield
    pygame.mixer.quit()


@pytest.mark.usefixtures("mixer")
@pytest.mark.parametrize("relative", sorted(resources.SOUNDS.values()))
def test_pygame_plays_each_sound(relative: str) -> None:
    sound = pygame.mixer.Sound(str(resources.asset_path(relative)))
    assert 0 < sound.get_length() < 1.5


# -- icons ---------------------------------------------------------------------------


def _decode(png: bytes) -> pygame.Surface:
    assert png.startswith(PNG_SIGNATURE)
    return pygame.image.load(io.BytesIO(png), "icon.png")


def ico_entries(data: bytes) -> dict[int, bytes]:
    """The PNG images of an ICO file by size, checking the container on the way."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    images = {}
    for index in range(count):
        width, height, colours, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        assert width == height and colours == 0 and planes == 1 and bits == 32
        assert offset + length <= len(data)
        images[width or 256] = data[offset : offset + length]
    return images


def icns_entries(data: bytes) -> dict[bytes, bytes]:
    """The images of an ICNS file by OSType, checking every length on the way."""
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    entries, position = {}, 8
    while position < len(data):
        kind = data[position : position + 4]
        (length,) = struct.unpack_from(">I", data, position + 4)
        assert length > 8 and position + length <= len(data)
        entries[kind] = data[position + 8 : position + length]
        position += length
    assert position == len(data)
    return entries


def test_the_png_icons_have_their_sizes_and_a_transparent_outside() -> None:
    for name, size in (("connect4.png", 256), ("connect4-48.png", 48)):
        image = _decode((ICONS / name).read_bytes())
        assert image.get_size() == (size, size)
        assert image.get_at((0, 0)).a == 0  # rounded corner
        assert image.get_at((size // 2, size // 2)).a == 255


def test_the_ico_holds_png_images_of_16_32_48_and_256() -> None:
    images = ico_entries((ICONS / "connect4.ico").read_bytes())
    assert sorted(images) == [16, 32, 48, 256]
    for size, png in images.items():
        assert _decode(png).get_size() == (size, size)


def test_the_icns_holds_png_images_of_the_declared_sizes() -> None:
    sizes = {b"icp4": 16, b"icp5": 32, b"ic07": 128, b"ic08": 256, b"ic09": 512}
    sizes |= {b"ic13": 256, b"ic14": 512}
    entries = icns_entries((ICONS / "connect4.icns").read_bytes())
    assert {b"ic07", b"ic08", b"ic09"} <= set(entries)
    for kind, png in entries.items():
        assert _decode(png).get_size() == (sizes[kind], sizes[kind]), kind


def test_the_small_icon_shows_red_and_yellow_discs_on_blue() -> None:
    """At 16 px the motif must still read: the four quadrants' centres are red or yellow."""
    image = _decode(ico_entries((ICONS / "connect4.ico").read_bytes())[16])
    colours = {image.get_at((x, y))[:3] for x in (4, 11) for y in (4, 11)}
    assert any(r > 180 and g < 90 and b < 90 for r, g, b in colours)  # red
    assert any(r > 180 and g > 150 and b < 90 for r, g, b in colours)  # yellow
    r, _g, b, _ = image.get_at((8, 1))
    assert b > 150 and r < 90  # the blue grid between them


# -- the generators -------------------------------------------------------------------


def _images(path: Path) -> dict[str, pygame.Surface]:
    data = path.read_bytes()
    if path.suffix == ".ico":
        return {str(size): _decode(png) for size, png in ico_entries(data).items()}
    if path.suffix == ".icns":
        return {kind.decode(): _decode(png) for kind, png in icns_entries(data).items()}
    return {"": _decode(data)}


def _difference(one: pygame.Surface, two: pygame.Surface) -> float:
    """Mean absolute difference per RGBA channel, 0..255."""
    assert one.get_size() == two.get_size()
    a, b = pygame.image.tobytes(one, "RGBA"), pygame.image.tobytes(two, "RGBA")
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Both generators run twice into fresh folders: (first run, second run)."""
    display_was_on = pygame.display.get_init()
    runs = []
    for run in ("first", "second"):
        folder = tmp_path_factory.mktemp(run)
        make_sounds.generate(folder / "sounds")
        make_icon.generate(folder / "icons")
        runs.append(folder)
    # Drawing the icon must not have opened (or even initialised) a display.
    assert pygame.display.get_init() == display_was_on
    return runs[0], runs[1]


def test_the_generators_write_exactly_the_committed_files(regenerated: tuple[Path, Path]) -> None:
    first, _ = regenerated
    for kind in ("sounds", "icons"):
        made = sorted(p.name for p in (first / kind).iterdir())
        committed = sorted(p.name for p in (ASSETS / kind).iterdir())
        assert made == committed


def test_the_generators_are_deterministic(regenerated: tuple[Path, Path]) -> None:
    first, second = regenerated
    for path in sorted(first.rglob("*.*")):
        twin = second / path.relative_to(first)
        assert path.read_bytes() == twin.read_bytes(), path.name


def test_the_committed_sounds_are_what_the_generator_makes(
    regenerated: tuple[Path, Path],
) -> None:
    first, _ = regenerated
    for path in sorted((first / "sounds").iterdir()):
        assert path.read_bytes() == (SOUNDS / path.name).read_bytes(), (
            f"assets/sounds/{path.name} is stale: run build_scripts/make_sounds.py and commit"
        )


def test_the_committed_icons_are_what_the_generator_draws(
    regenerated: tuple[Path, Path],
) -> None:
    """Pixels, not bytes: another pygame build may round a few edge pixels differently."""
    first, _ = regenerated
    for path in sorted((first / "icons").iterdir()):
        made, committed = _images(path), _images(ICONS / path.name)
        assert made.keys() == committed.keys(), path.name
        for key, image in made.items():
            assert _difference(image, committed[key]) < 1.0, (
                f"assets/icons/{path.name} [{key}] is stale: run build_scripts/make_icon.py"
            )


def test_the_generators_command_lines_write_where_they_are_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert make_sounds.main(["--out", str(tmp_path / "s")]) == 0
    assert make_icon.main(["--out", str(tmp_path / "i")]) == 0
    assert (tmp_path / "s" / "drop.wav").is_file() and (tmp_path / "i" / "connect4.ico").is_file()
    assert "drop.wav" in capsys.readouterr().out
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert make_sounds.main(["--out", str(blocker / "s")]) == 1
    assert make_icon.main(["--out", str(blocker / "i")]) == 1
    assert "cannot write" in capsys.readouterr().err


# -- the font ---------------------------------------------------------------------------


def test_the_bundled_font_loads_and_draws_text() -> None:
    path = resources.asset_path(resources.FONT)
    assert path == ASSETS / "fonts" / "Inter-SemiBold.otf"
    assert path.read_bytes()[:4] == b"OTTO"  # OpenType with PostScript outlines
    was_on = pygame.font.get_init()
    pygame.font.init()
    try:
        font = pygame.font.Font(path, 14)
        width, height = font.size("Connect Four")
        assert width > 50 and height >= 14
        line = font.render("Connect Four", True, (255, 255, 255))
        assert line.get_bounding_rect().width > 50
    finally:
        if not was_on:
            pygame.font.quit()


def test_the_font_travels_with_its_licence() -> None:
    """The SIL Open Font License asks for the copyright notice and the licence beside
    the font; build.asset_datas and the wheel take the whole folder."""
    licence = (ASSETS / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert licence.startswith("Copyright (c) 2016-2020 The Inter Project Authors")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "OFL" in (ASSETS / "README.md").read_text(encoding="utf-8")


# -- the desktop entry and the provenance notes -----------------------------------------


def test_the_desktop_entry_launches_the_connect4_command_with_its_icon() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # keys are case-sensitive
    parser.read(ASSETS / "connect4.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Connect Four"
    assert entry["Exec"] == "connect4"
    assert entry["Icon"] == "connect4"
    assert entry["Terminal"] == "false"
    categories = entry["Categories"]
    assert categories.endswith(";") and {"Game", "BoardGame"} <= set(categories.split(";"))
    # Exec names the command pyproject installs, Icon the file the README installs.
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert entry["Exec"] in scripts["gui-scripts"]
    assert (ICONS / f"{entry['Icon']}.png").is_file()


def test_the_assets_readme_names_every_asset_its_generator_and_licence() -> None:
    notes = (ASSETS / "README.md").read_text(encoding="utf-8")
    for path in sorted(ASSETS.rglob("*")):
        if path.is_file() and path.name != "README.md":
            assert f"`{path.relative_to(ASSETS).as_posix()}`" in notes, path.name
    assert "build_scripts/make_sounds.py" in notes and "build_scripts/make_icon.py" in notes
    assert "MIT" in notes


def test_the_console_and_window_commands_have_different_names() -> None:
    # On Windows both tables become <name>.exe in one folder: a name in both means one
    # overwrites the other (the game opens a console, or --self-test prints nothing).
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    console, window = project["scripts"], project["gui-scripts"]
    assert not set(console) & set(window)
    assert window == {"connect4": "game.launch:main"}
    assert console == {"connect4-cli": "game.launch:main", "connect4-server": "game.net.cli:main"}
    # CI (.ci/run, which GitHub's tests workflow runs too) runs the console command, so a
    # broken one shows there.
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/connect4-cli --self-test" in ci
