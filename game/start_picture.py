"""The main menu shown the moment the window opens, before the game's modules load.

Opening the window and drawing the menu the first time takes the game's own modules
(the settings, the scenes, the fonts, the layout): about 0.1 s of a start.  When the
window closes at the end of a session, the app draws the main menu as the next start
will show it (the same scene from the saved settings and the kept game, at the size the
window will open with) and keeps that picture in the settings folder (:func:`keep`),
with a fingerprint of what it depends on.  At the next start :func:`show` runs first,
with nothing loaded but this module: when the fingerprint still holds (the same
version, interpreter, command line, settings folder and files in it, the game's and the
language's environment variables, then, with pygame loaded, the desktop's size), it
opens the window and shows the picture.  The game's own first frame then draws the same
pixels over it; :func:`check` compares the two.  A picture that differs is forgotten,
and the session that found it keeps none (its log says so): a difference the
fingerprint cannot see (the system's language on Windows and macOS comes from the
system's settings, not its environment; another window holding the game in progress) is
shown once, then not until a session ends with nothing found.

Kept only for a windowed start at the main menu.  Pygame is not even imported unless
everything but the desktop holds (``--help``, ``--version``, ``--self-test`` and a
refused option never match a kept command line).  Any problem (a damaged or missing
file, no display) means no picture, never a failed start: the game then opens its
window itself.

Imports only ``os``, ``sys``, ``time``, ``warnings`` and :mod:`game._version` at import time;
does nothing at import time.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from typing import TYPE_CHECKING

from game._version import __version__

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pygame

PICTURE_NAME = "start-picture.pixels"
"""The picture's pixels, RGB rows top to bottom, compressed by zlib (fastest level): at
960x720, 66 kB, inflated in 3-6 ms (here), where a BMP would put 2 MB in the settings
folder (1 ms to load) and a PNG takes as long to load and 36 ms to write."""
FINGERPRINT_NAME = "start-picture.txt"
FORMAT = "connect4 start picture 3"
"""The fingerprint file's first line (another one is not read).  Then the fingerprint
(:func:`fingerprint`), the desktop's size, the picture's size, the window's title and
the icon's size (empty: no icon)."""
ICON_NAME = "start-picture.icon"
"""The window's icon as the picture (RGBA rows, zlib): shown with it, so that the
window does not wear pygame's own until the game sets the game's."""

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables the system's language is read from (i18n)."""

GAME_VARIABLES = "CONNECT4_"
"""The prefix of the game's own environment variables (folders of assets, locales...)."""

HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL's drivers that draw nowhere: the game uses one only when ``SDL_VIDEODRIVER``
asks for it (as tests do); else it is SDL's fallback without a display."""


def prepare_sdl() -> None:
    """The settings SDL and pygame read from the environment: call before importing
    pygame (:func:`game.ui.prepare_environment`).  Each is a default: a value already in
    the environment wins.

    * no pygame banner on stdout;
    * an X11 window class matching the desktop entry (connect4.desktop) rather than the
      script's or the executable's file name;
    * on Linux, a plain (XShm) window surface: SDL's default there backs it with OpenGL,
      which on machines without GPU drivers (VMs, remote desktops, Xvfb) is
      software-rendered: 0.2 s more to open the window and ~20 ms per frame.  A 2D game
      blitting one surface gains nothing from it.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "connect4")
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class _Shown:
    """What :func:`show` did, for the app to read once its own first frame is drawn."""

    picture: pygame.Surface | None = None
    at: float | None = None
    """When the picture was shown (``time.perf_counter()``)."""
    problem: str | None = None
    """Why a kept picture was not shown, if it was there but could not be (for the log)."""


shown = _Shown()


def folder_for_settings() -> str:
    """The settings folder, as :func:`game.profile.settings.config_dir` finds it in the
    usual cases, without loading platformdirs on Linux (10 ms there).  Where platformdirs'
    finer rules differ, the fingerprint (which names the folder the app used) does not
    hold: no picture, nothing worse."""
    override = os.environ.get("CONNECT4_CONFIG_DIR")
    if override:
        return override
    linux = sys.platform.startswith("linux")  # (a name: the type checker knows its platform)
    if linux:
        base = os.environ.get("XDG_CONFIG_HOME", "").strip()
        if not os.path.isabs(base):  # platformdirs ignores a relative one
            base = os.path.expanduser("~/.config")
        return os.path.join(base, "connect4")
    import platformdirs  # noqa: PLC0415 - only where the folder's rules are the system's

    return str(platformdirs.user_config_dir("connect4"))


def fingerprint(folder: str, arguments: Sequence[str], version: str) -> str:
    """One line naming what the main menu's first frame depends on but the code and the
    desktop's size: ``version``, the interpreter, the command line, ``folder`` and every
    file in it (name, size, time of change; not the picture's own files, nor lock
    files, whose time changes with every save), the language's and the game's
    environment variables.  The same inputs give the same line ("" if the folder cannot
    be read)."""
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
    variables = sorted(
        (name, value)
        for name, value in os.environ.items()
        if name in LANGUAGE_VARIABLES or name.startswith(GAME_VARIABLES)
    )
    inputs = (
        version,
        sys.executable,
        tuple(arguments),
        os.path.abspath(folder),
        tuple(sorted(files)),
        tuple(variables),
    )
    return repr(inputs)


def desktop_size() -> str:
    """The first display's size as ``WxH`` (requires ``pygame.display.init``)."""
    import pygame  # noqa: PLC0415 - loaded by then

    desktops = pygame.display.get_desktop_sizes()
    width, height = desktops[0] if desktops else (0, 0)
    return f"{width}x{height}"


def show(arguments: Sequence[str]) -> bool:
    """Open the window and show the kept picture, when its fingerprint still holds;
    whether it did.  Never raises, and leaves the display as it found it unless the
    picture is up: a start without the picture is only slower."""
    try:
        if _show(arguments):
            return True
    except Exception as error:  # any: the game opens its window itself then
        shown.problem = f"{type(error).__name__}: {error}"
    shown.picture = None
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        pygame.display.quit()
    return False


def _show(arguments: Sequence[str]) -> bool:
    kept = _kept_for(arguments)
    if kept is None:
        return False
    folder, desktop, size, caption, icon_size = kept
    prepare_sdl()
    import pygame  # noqa: PLC0415 - the window's start, not this module's import

    pygame.display.init()
    requested = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and driver not in requested:
        return False  # no display: the game says so itself
    if desktop_size() != desktop:
        return False  # another screen: the window may open at another size
    pixels = _pixels(folder, PICTURE_NAME, size, "RGB")
    if pixels is None:
        return False
    picture = pygame.image.frombuffer(pixels, size, "RGB")  # no copy (3 ms): it keeps them
    if icon_size is not None:
        icon = _pixels(folder, ICON_NAME, icon_size, "RGBA")
        if icon is None:
            return False
        pygame.display.set_icon(pygame.image.frombuffer(icon, icon_size, "RGBA"))
    pygame.display.set_caption(caption)
    with warnings.catch_warnings():
        # A window manager that sizes a new window at once (a tiling one) makes pygame
        # warn; the game then keeps the size the window has (game.ui.window).
        warnings.simplefilter("ignore", RuntimeWarning)
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    screen.blit(picture, (0, 0))
    pygame.display.flip()
    shown.picture = picture
    shown.at = time.perf_counter()
    return True


def _pixels(folder: str, name: str, size: tuple[int, int], kind: str) -> bytes | None:
    """The pixels of file ``name`` (``kind``: "RGB" or "RGBA"), or None (the problem said
    in :data:`shown`) if they are not ``size``'s."""
    import zlib  # noqa: PLC0415 - only for a picture to show

    with open(os.path.join(folder, name), "rb") as file:
        pixels = zlib.decompress(file.read())
    if len(pixels) != size[0] * size[1] * len(kind):
        shown.problem = f"{name} has {len(pixels)} bytes, not {size[0]}x{size[1]} {kind}"
        return None
    return pixels


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height)


def _kept_for(
    arguments: Sequence[str],
) -> tuple[str, str, tuple[int, int], str, tuple[int, int] | None] | None:
    """The kept picture's folder, desktop size, size, title and icon size when its
    fingerprint holds for ``arguments`` (the desktop aside: that needs pygame), else
    None."""
    folder = folder_for_settings()
    try:
        with open(os.path.join(folder, FINGERPRINT_NAME), encoding="utf-8") as file:
            lines = file.read().split("\n")
    except (OSError, UnicodeDecodeError):
        return None  # none kept (the first start, or a fullscreen one): nothing to say
    if len(lines) < 6 or lines[0] != FORMAT:
        shown.problem = "its fingerprint file is not one this version reads"
        return None
    kept, desktop, size, caption, icon = lines[1:6]
    if fingerprint(folder, arguments, __version__) != kept:
        return None  # something changed since (or another command line): not a word
    return folder, desktop, _size(size), caption, _size(icon) if icon else None


def keep(
    picture: pygame.Surface,
    folder: str,
    arguments: Sequence[str],
    *,
    caption: str,
    icon: pygame.Surface | None,
) -> None:
    """Keep ``picture`` (with the window's ``caption`` and ``icon``) for the next start
    with the same command line (``arguments``) and the files of ``folder`` as they are
    now (requires the display).  Call it once the last save is written.  Raises OSError
    if it cannot be written.  Each file is written under a name of this process's, then
    renamed, the old fingerprint removed first: a start never reads half a file, nor
    pairs a fingerprint with another window's picture."""
    import pygame  # noqa: PLC0415 - loaded by then

    forget(folder)
    _write(folder, PICTURE_NAME, pygame.image.tobytes(picture, "RGB"))
    if icon is not None:
        _write(folder, ICON_NAME, pygame.image.tobytes(icon, "RGBA"))
    width, height = picture.get_size()
    lines = (
        FORMAT,
        fingerprint(folder, arguments, __version__),
        desktop_size(),
        f"{width}x{height}",
        caption.replace("\n", " "),
        "" if icon is None else "{}x{}".format(*icon.get_size()),
        "",
    )
    _write(folder, FINGERPRINT_NAME, "\n".join(lines).encode("utf-8"), packed=False)


def _write(folder: str, name: str, data: bytes, *, packed: bool = True) -> None:
    """``data`` (compressed by zlib's fastest level if ``packed``) as file ``name``:
    written under a name of this process's, then renamed over it."""
    import zlib  # noqa: PLC0415

    path = os.path.join(folder, name)
    mine = f"{path}.{os.getpid()}.new"
    with open(mine, "wb") as file:
        file.write(zlib.compress(data, 1) if packed else data)
    os.replace(mine, path)


def forget(folder: str) -> None:
    """Remove the kept picture, if any (the next start draws its own first frame).
    Raises OSError if a file is there and cannot be removed."""
    for name in (FINGERPRINT_NAME, PICTURE_NAME, ICON_NAME):
        try:
            os.remove(os.path.join(folder, name))
        except FileNotFoundError:  # (contextlib.suppress: 6 ms more to the start)
            continue


def check(frame: pygame.Surface | None, folder: str) -> tuple[bool, str | None]:
    """After the game's own first frame: whether the picture shown before it (if one was)
    differed from it, and what to log (None: nothing to say).  A picture that differed
    is forgotten (the next start draws its own).  ``frame`` None (the first frame showed
    more than the menu) or of another size (the window was resized while the picture was
    up): nothing to compare, the picture is kept.  Forgets what :func:`show` did either
    way."""
    picture, problem = shown.picture, shown.problem
    shown.picture = shown.at = shown.problem = None
    if picture is None:
        return False, problem and f"the start picture was not shown: {problem}"
    if frame is None or frame.get_size() != picture.get_size():
        return False, None  # more than the menu, or the window was resized meanwhile
    import pygame  # noqa: PLC0415 - loaded by then

    # The picture's own bytes (its rows have no padding: frombuffer's pitch is theirs).
    if pygame.image.tobytes(frame, "RGB") == picture.get_buffer().raw:
        return False, None
    try:
        forget(folder)
    except OSError as error:
        return True, f"the start picture differed from the first frame; not removed: {error}"
    return True, "the start picture differed from the first frame: forgotten"
