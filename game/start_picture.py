"""The main menu shown the moment the window opens, before the game's modules load.

Opening the window and drawing the menu the first time takes the game's own modules
(the settings, the scenes, the fonts, the layout): about 0.1 s of a start.  When the
window closes, the app draws the main menu as the next start will show it (the same
scene from the saved settings and the kept game, at the size the window will open with)
and keeps that picture in the settings folder (:func:`keep`), with a fingerprint of what
it depends on.  At the next start :func:`show` runs first, with nothing loaded but this
module and pygame: when the fingerprint still holds (the same version, command line,
settings folder and files in it, desktop size and language variables), it opens the
window and shows the picture.  The game's own first frame then draws the same pixels
over it; :func:`check` compares the two, and a picture that differs is thrown away (and
logged), so that a stale one is shown once at most.

Never kept for a fullscreen start, nor for one that goes straight to a game: only the
main menu's picture is kept.  Any problem (a damaged or missing file, no display)
means no picture, never a failed start: the game then opens its window itself.

Imports only ``os``, ``sys`` and ``time`` at import time (pygame when :func:`show` or
:func:`keep` runs); does nothing at import time.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

from game._version import __version__

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pygame

PICTURE_NAME = "start-picture.bmp"
FINGERPRINT_NAME = "start-picture.txt"
FORMAT = "connect4 start picture 1"
"""The fingerprint file's first line (another one is not read)."""

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables the system's language is read from (i18n)."""

HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL's drivers that draw nowhere (as :data:`game.ui.window.HEADLESS_DRIVERS`: a
picture is shown on one only when ``SDL_VIDEODRIVER`` asks for it, as in tests)."""


class _Shown:
    """What :func:`show` did, for the app to read once its own first frame is drawn."""

    picture: pygame.Surface | None = None
    at: float | None = None
    """When the picture was shown (``time.perf_counter()``)."""
    problem: str | None = None
    """Why a kept picture was not shown, if it was there but could not be (for the log)."""


shown = _Shown()


def folder_for_settings() -> str:
    """The settings folder, as :func:`game.profile.settings.config_dir` finds it,
    without loading platformdirs on Linux (10 ms there); :func:`show` also requires it
    to be the folder the picture was kept for."""
    override = os.environ.get("CONNECT4_CONFIG_DIR")
    if override:
        return override
    linux = sys.platform.startswith("linux")  # (a name: the type checker knows its platform)
    if linux:
        base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
        return os.path.join(base, "connect4")
    import platformdirs  # noqa: PLC0415 - only where the folder's rules are the system's

    return str(platformdirs.user_config_dir("connect4"))


def fingerprint(
    folder: str, arguments: Sequence[str], desktop: tuple[int, int], version: str
) -> str:
    """One line naming everything the main menu's first frame depends on but the code:
    ``version``, the interpreter, the command line, ``folder`` and every file in it
    (name, size, time of change; not the picture's own files, nor lock files, whose
    time changes with every save), the desktop's size and the language variables.  The
    same inputs give the same line."""
    files = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith("start-picture.") or entry.name.endswith(".lock"):
                    continue
                if entry.is_file(follow_symlinks=False):
                    info = entry.stat(follow_symlinks=False)
                    files.append((entry.name, info.st_size, info.st_mtime_ns))
    except OSError:
        return ""
    languages = tuple(os.environ.get(name, "") for name in LANGUAGE_VARIABLES)
    inputs = (
        version,
        sys.executable,
        tuple(arguments),
        os.path.abspath(folder),
        tuple(sorted(files)),
        desktop,
        languages,
    )
    return repr(inputs)


def show(arguments: Sequence[str]) -> bool:
    """Open the window and show the kept picture, when its fingerprint still holds;
    whether it did.  Never raises: a start without the picture is only slower."""
    try:
        return _show(arguments)
    except Exception as error:  # any: the game opens its window itself then
        shown.picture = None
        shown.problem = f"{type(error).__name__}: {error}"
        return False


def _show(arguments: Sequence[str]) -> bool:
    folder = folder_for_settings()
    try:
        with open(os.path.join(folder, FINGERPRINT_NAME), encoding="utf-8") as file:
            lines = file.read().split("\n")
    except (OSError, UnicodeDecodeError):
        return False  # none kept (the first start, or a fullscreen one): nothing to say
    if len(lines) < 4 or lines[0] != FORMAT:
        shown.problem = "its fingerprint file is not one this version reads"
        return False
    kept, size_text, caption = lines[1], lines[2], lines[3]
    width, _, height = size_text.partition("x")
    size = (int(width), int(height))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "connect4")
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as game.ui sets it
    import pygame  # noqa: PLC0415 - the window's start, not this module's import

    pygame.display.init()
    requested = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and driver not in requested:
        return False  # no display: the game says so itself
    desktops = pygame.display.get_desktop_sizes()
    desktop = desktops[0] if desktops else (0, 0)
    if fingerprint(folder, arguments, desktop, __version__) != kept:
        return False  # something changed since: the game draws the menu itself
    picture = pygame.image.load(os.path.join(folder, PICTURE_NAME))
    if picture.get_size() != size:
        shown.problem = f"the picture is {picture.get_size()}, not {size}"
        return False
    pygame.display.set_caption(caption)
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    screen.blit(picture, (0, 0))
    pygame.display.flip()
    shown.picture = picture
    shown.at = time.perf_counter()
    return True


def keep(picture: pygame.Surface, folder: str, arguments: Sequence[str], caption: str) -> None:
    """Keep ``picture`` for the next start with the same command line (``arguments``) and
    the files of ``folder`` as they are now.  Call it once the last save is written.
    Raises OSError (or pygame.error) if it cannot be written; a half-written pair is
    never read (the fingerprint is written last, and checked against the picture's
    size)."""
    import pygame  # noqa: PLC0415 - loaded by then

    forget(folder)
    desktops = pygame.display.get_desktop_sizes()
    desktop = desktops[0] if desktops else (0, 0)
    pygame.image.save(picture, os.path.join(folder, PICTURE_NAME))
    kept = fingerprint(folder, arguments, desktop, __version__)
    width, height = picture.get_size()
    text = "\n".join((FORMAT, kept, f"{width}x{height}", caption.replace("\n", " "), ""))
    temporary = os.path.join(folder, FINGERPRINT_NAME + ".new")
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, os.path.join(folder, FINGERPRINT_NAME))


def forget(folder: str) -> None:
    """Remove the kept picture, if any (the next start draws its own first frame)."""
    for name in (FINGERPRINT_NAME, PICTURE_NAME):
        try:
            os.remove(os.path.join(folder, name))
        except FileNotFoundError:  # (contextlib.suppress: 6 ms more to the start)
            continue


def check(frame: pygame.Surface | None, folder: str) -> str | None:
    """After the game's own first frame: whether the picture shown before it (if one was)
    showed the same pixels.  One that did not is forgotten (the next start draws its
    own); returns what to log about it, or None when there is nothing to say.  ``frame``
    None: the first frame showed more than the menu, nothing to compare (the picture is
    kept).  Forgets what :func:`show` did either way."""
    picture, problem = shown.picture, shown.problem
    shown.picture = shown.at = shown.problem = None
    if picture is None:
        return problem and f"the start picture was not shown: {problem}"
    if frame is None:
        return None
    import pygame  # noqa: PLC0415 - loaded by then

    same = frame.get_size() == picture.get_size() and pygame.image.tobytes(
        frame, "RGB"
    ) == pygame.image.tobytes(picture, "RGB")
    if same:
        return None
    forget(folder)
    return "the start picture differed from the first frame: forgotten"
