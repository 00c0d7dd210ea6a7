"""The self-test's window checks: every asset loads with pygame as the game loads it, the
window's text is drawn with the bundled font, and one frame is drawn on SDL's dummy
display, with the time from the program's launch to that frame.

pygame is imported inside the checks only, once :func:`game.selftest.run` has set the
dummy drivers.
"""

from __future__ import annotations

import json
import os
import sys
import time
import wave
from pathlib import Path
from typing import TYPE_CHECKING

from game import resources
from game.core import HEIGHT, WIDTH
from game.i18n import gettext as _
from game.i18n import ngettext
from game.selftest.report import Report, SelfTestFailure, log

if TYPE_CHECKING:
    import pygame  # at run time only inside the checks, after the dummy drivers are set

    from game.ui.text import TextCache

WINDOW_SIZE = (640, 480)

SOUND_SUFFIXES = frozenset({".wav", ".ogg", ".mp3", ".flac"})
IMAGE_SUFFIXES = frozenset({".png", ".bmp", ".jpg", ".jpeg", ".gif", ".tga", ".webp", ".ico"})
FONT_SUFFIXES = frozenset({".ttf", ".otf"})


def check_assets_and_first_frame(report: Report, started: float) -> None:
    import pygame  # noqa: PLC0415 - only once the dummy drivers are set

    display_was_on = pygame.display.get_init()
    mixer_was_on = pygame.mixer.get_init() is not None
    try:
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode(WINDOW_SIZE)
        pygame.display.set_caption("Connect Four self-test")
        mixer_ok = mixer_was_on or _start_mixer()

        counts: dict[str, int] = {}
        images: list[pygame.Surface] = []
        for relative in resources.ASSET_FILES:
            path = resources.asset_path(relative)
            kind = _load_asset(path, mixer_ok, images)
            counts[kind] = counts.get(kind, 0) + 1

        _draw_frame(surface, images)
        launch, since = _seconds_since_launch(started)

        summary = ", ".join(_counted(kind, n) for kind, n in sorted(counts.items())) or "none"
        if mixer_ok:
            said = _("assets: {count} loaded ({summary}); sounds through the mixer")
        else:
            said = _("assets: {count} loaded ({summary}); sounds by header (no mixer)")
        report.say(said.format(count=len(resources.ASSET_FILES), summary=summary))
        seconds = f"{launch:.2f}"
        report.say(_("first frame: {seconds} s {since}").format(seconds=seconds, since=since))
    finally:
        if not mixer_was_on and pygame.mixer.get_init() is not None:
            pygame.mixer.quit()
        if not display_was_on:
            pygame.display.quit()


def _start_mixer() -> bool:
    import pygame  # noqa: PLC0415 - see check_assets_and_first_frame

    try:
        pygame.mixer.init()
    except pygame.error as error:
        log.info("self-test: mixer unavailable under the dummy driver: %s", error)
        return False
    return pygame.mixer.get_init() is not None


def _counted(kind: str, count: int) -> str:
    """``count`` assets of ``kind`` (as :func:`_load_asset` names them), in words."""
    if kind == "fonts":
        said = ngettext("{count} font", "{count} fonts", count)
    elif kind == "images":
        said = ngettext("{count} image", "{count} images", count)
    elif kind == "sounds":
        said = ngettext("{count} sound", "{count} sounds", count)
    else:
        said = ngettext("{count} other file", "{count} other files", count)
    return said.format(count=count)


def _load_asset(path: Path, mixer_ok: bool, images: list[pygame.Surface]) -> str:
    """Load one asset the way the game would; return its kind for the report.

    Raises :class:`SelfTestFailure` naming the file when it cannot be loaded.
    """
    import pygame  # noqa: PLC0415 - see check_assets_and_first_frame

    suffix = path.suffix.lower()
    try:
        if suffix in SOUND_SUFFIXES:
            if mixer_ok:
                sound = pygame.mixer.Sound(str(path))
                if sound.get_length() <= 0:
                    raise SelfTestFailure(f"sound {path} is empty")
            else:
                check_sound_header(path)
            return "sounds"
        if suffix in IMAGE_SUFFIXES:
            image = pygame.image.load(str(path))
            if image.get_width() == 0 or image.get_height() == 0:
                raise SelfTestFailure(f"image {path} has no pixels")
            images.append(image.convert_alpha())
            return "images"
        if suffix in FONT_SUFFIXES:
            font = pygame.font.Font(str(path), 24)
            if font.size("Connect Four")[0] == 0:
                raise SelfTestFailure(f"font {path} renders nothing")
            return "fonts"
        data = path.read_bytes()
        if not data:
            raise SelfTestFailure(f"asset {path} is empty")
        if suffix == ".json":
            json.loads(data)
        return "other files"
    except SelfTestFailure:
        raise
    except (OSError, ValueError, EOFError, wave.Error, pygame.error) as error:
        raise SelfTestFailure(f"cannot load asset {path}: {error}") from error


def check_sound_header(path: Path) -> None:
    if path.suffix.lower() == ".wav":
        with wave.open(str(path), "rb") as wav:
            if wav.getnframes() == 0:
                raise SelfTestFailure(f"sound {path} has no samples")
        return
    magic = {".ogg": b"OggS", ".flac": b"fLaC"}.get(path.suffix.lower())
    with path.open("rb") as fh:
        head = fh.read(4)
    if not head or (magic is not None and head != magic):
        raise SelfTestFailure(f"sound {path} is not a valid {path.suffix} file")


def _draw_frame(surface: pygame.Surface, images: list[pygame.Surface]) -> None:
    """Draw an empty board, the first image and a caption: one real frame."""
    import pygame  # noqa: PLC0415 - see check_assets_and_first_frame

    surface.fill((24, 32, 64))
    cell = min(WINDOW_SIZE[0] // (WIDTH + 1), WINDOW_SIZE[1] // (HEIGHT + 2))
    left = (WINDOW_SIZE[0] - cell * WIDTH) // 2
    top = (WINDOW_SIZE[1] - cell * HEIGHT) // 2
    pygame.draw.rect(surface, (30, 80, 200), (left, top, cell * WIDTH, cell * HEIGHT))
    for col in range(WIDTH):
        for row in range(HEIGHT):
            centre = (left + col * cell + cell // 2, top + row * cell + cell // 2)
            pygame.draw.circle(surface, (240, 240, 240), centre, cell * 2 // 5)
    for image in images[:1]:
        surface.blit(image, (8, 8))
    caption = _window_text().render("Connect Four", 32, (255, 255, 255))
    surface.blit(caption, ((WINDOW_SIZE[0] - caption.get_width()) // 2, 8))
    pygame.display.flip()


def _window_text() -> TextCache:
    """The window's text, as the game draws it; raises :class:`SelfTestFailure` if the
    bundled font is not what draws it (the game would fall back to pygame's)."""
    from game.ui.text import TextCache  # noqa: PLC0415 - imports pygame

    text = TextCache()
    text.load()
    problems = [str(error) for error in text.missing] + text.problems
    if problems:
        raise SelfTestFailure(problems[0])
    return text


def _seconds_since_launch(started: float) -> tuple[float, str]:
    """Seconds since the program was launched, and what "launched" means here.

    On Linux the process start time comes from /proc; in a one-file build the
    launch is the start of the bootloader, our parent running the same
    executable, which unpacks the bundle before starting us.  Elsewhere it
    falls back to the start of the self-test.
    """
    try:
        if sys.platform.startswith("linux"):
            now = time.clock_gettime(time.CLOCK_BOOTTIME)
            own = _linux_start_time(os.getpid())
            parent = os.getppid()
            if getattr(sys, "frozen", False) and _same_executable(parent):
                return now - _linux_start_time(parent), _("after the launcher started")
            return now - own, _("after the process started")
    except (OSError, ValueError, IndexError) as error:
        log.info("self-test: process start time unavailable: %s", error)
    return time.perf_counter() - started, _("after the self-test started")


def _linux_start_time(pid: int) -> float:
    """Seconds since boot when ``pid`` started (proc(5): field 22 of stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    # The command name (field 2) may contain spaces: split after its ')'.
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[19]) / os.sysconf("SC_CLK_TCK")


def _same_executable(pid: int) -> bool:
    try:
        return os.readlink(f"/proc/{pid}/exe") == os.readlink("/proc/self/exe")
    except OSError:
        return False
