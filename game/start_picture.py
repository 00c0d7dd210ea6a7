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

The very first start has no kept picture: the settings folder is empty.  For it the
game ships one: the main menu of a first start in each language, drawn by
``build_scripts/make_start_pictures.py`` into ``assets/start/`` with the version of the
game, of pygame-ce and the system that drew it.  It is shown for a first start as drawn
(:func:`first_start`: no command line, no settings yet, nothing in the environment that
changes the menu), with the version, pygame-ce and system it was drawn by, a catalogue for
the language, and a desktop the window fits in, of 24 bits a pixel or more
(:func:`_shipped_for`, :func:`_fits`).  The language is the system's
(:mod:`game.languages`; not on macOS, where asking the system takes a process of its own).
The game's first frame is compared with it as with a kept one; a shipped picture that
differs is left in place and logged.

Kept only for a windowed start at the main menu.  Pygame is not even imported unless
everything but the desktop holds (``--help``, ``--version``, ``--self-test`` and a
refused option never match a kept command line).  Any problem (a damaged or missing
file, no display) means no picture, never a failed start: the game then opens its
window itself.

Imports only ``os``, ``sys``, ``time``, ``warnings`` and :mod:`game._version` at import time
(:mod:`game.languages` when a first start may show a shipped picture); does nothing at
import time.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from typing import TYPE_CHECKING

from game._version import __version__

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

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

SHIPPED_FOLDER = "start"
"""The shipped first-start pictures' folder, inside the assets: ``<code>.pixels`` for
each language (RGB rows, zlib), ``icon.pixels`` (RGBA rows, zlib) and
:data:`SHIPPED_LIST_NAME`."""
SHIPPED_LIST_NAME = "pictures.txt"
SHIPPED_FORMAT = "connect4 first-start pictures 2"
"""The list's first line.  Then the game's version, pygame-ce's (``pygame.version.ver``) and
the system (``sys.platform``) that drew them (pygame-ce's wheels for another system bundle
other font libraries), the pictures' size, the icon's size, then a line for each language:
its code, a tab, the window's title in it."""
HARMLESS_VARIABLES = frozenset(
    {"CONNECT4_CONFIG_DIR", "CONNECT4_LOG_DIR", "CONNECT4_PURE_PYTHON", "CONNECT4_UNPACKED"}
)
"""The game's environment variables that leave the first start's menu as shipped (where
the settings and the log are, which engine kernel, the unpacked one-file): any other
(another assets or catalogues folder) means no shipped picture."""
TEXT_VARIABLES = ("FREETYPE_PROPERTIES", "PYGAME_FREETYPE")
"""Variables that change how text is drawn (FreeType's settings, pygame's font module):
with one set, no shipped picture (they were drawn without)."""

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables the system's language is read from:
:data:`game.languages.LOCALE_VARIABLES` (not imported: a millisecond of every start; the
tests hold the two equal)."""

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
    """Why a kept or shipped picture was not shown, if it was there but could not be (for
    the log)."""
    shipped: bool = False
    """Whether the picture shown was a shipped one (:func:`_shipped_for`), not one kept."""


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
    files = _settings_files(folder)
    if files is None:
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


def _settings_files(folder: str) -> list[tuple[str, int, int]] | None:
    """Each file of the settings ``folder`` (name, size, time of change) but the picture's
    own and lock files; None if the folder cannot be read (or is not there)."""
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
        return None
    return files


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
    shown.shipped = False
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        pygame.display.quit()
    return False


class _Picture:
    """A picture to show at the start, where it is and what it needs to be right."""

    __slots__ = ("caption", "desktop", "drawn_by", "folder", "icon", "icon_size", "name", "size")

    def __init__(self, folder: str, name: str, size: tuple[int, int], caption: str) -> None:
        self.folder, self.name, self.size, self.caption = folder, name, size, caption
        self.icon = ICON_NAME
        self.icon_size: tuple[int, int] | None = None
        self.desktop: str | None = None
        """The desktop's size it was kept for; None: any the window fits in."""
        self.drawn_by: str | None = None
        """The pygame-ce that drew it (``pygame.version.ver``); None: any."""


def _show(arguments: Sequence[str]) -> bool:
    picture = _kept_for(arguments)
    if picture is None:
        picture = _shipped_for(arguments)
        shown.shipped = picture is not None
    if picture is None:
        return False
    prepare_sdl()
    import pygame  # noqa: PLC0415 - the window's start, not this module's import

    if not _fits(picture):
        return False
    pixels = _pixels(picture.folder, picture.name, picture.size, "RGB")
    if pixels is None:
        return False
    surface = pygame.image.frombuffer(pixels, picture.size, "RGB")  # no copy (3 ms): it keeps them
    if picture.icon_size is not None:
        icon = _pixels(picture.folder, picture.icon, picture.icon_size, "RGBA")
        if icon is None:
            return False
        pygame.display.set_icon(pygame.image.frombuffer(icon, picture.icon_size, "RGBA"))
    pygame.display.set_caption(picture.caption)
    with warnings.catch_warnings():
        # A window manager that sizes a new window at once (a tiling one) makes pygame
        # warn; the game then keeps the size the window has (game.ui.window).
        warnings.simplefilter("ignore", RuntimeWarning)
        screen = pygame.display.set_mode(picture.size, pygame.RESIZABLE)
    screen.blit(surface, (0, 0))
    pygame.display.flip()
    shown.picture = surface
    shown.at = time.perf_counter()
    return True


def _fits(picture: _Picture) -> bool:
    """Whether ``picture`` is what the window will open with on this display and
    pygame-ce (it initialises the display); the problem, if one to log, in :data:`shown`."""
    import pygame  # noqa: PLC0415 - loaded by then

    if picture.drawn_by is not None and pygame.version.ver != picture.drawn_by:
        shown.problem = f"it was drawn by pygame-ce {picture.drawn_by}, not {pygame.version.ver}"
        return False
    pygame.display.init()
    requested = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and driver not in requested:
        return False  # no display: the game says so itself
    desktop = desktop_size()
    if picture.desktop is None:
        width, height = _size(desktop)
        if width < picture.size[0] or height < picture.size[1]:
            return False  # the window opens smaller than the picture
        if pygame.display.Info().bitsize < 24:
            return False
    elif desktop != picture.desktop:
        return False  # another screen: the window may open at another size
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


def _kept_for(arguments: Sequence[str]) -> _Picture | None:
    """The kept picture when its fingerprint holds for ``arguments`` (the desktop aside:
    that needs pygame), else None."""
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
    picture = _Picture(folder, PICTURE_NAME, _size(size), caption)
    picture.desktop = desktop
    picture.icon_size = _size(icon) if icon else None
    return picture


def assets_folder() -> str:
    """The assets folder, as :func:`game.resources.assets_dir` finds it (without the
    language it loads for its messages; "" if there is none), or "" when
    ``CONNECT4_ASSETS_DIR`` names another (no shipped picture then)."""
    if os.environ.get("CONNECT4_ASSETS_DIR"):
        return ""
    package = os.path.dirname(os.path.realpath(__file__))
    bundle = getattr(sys, "_MEIPASS", None)
    candidates = [os.path.join(bundle, "assets")] if isinstance(bundle, str) else []
    candidates += [os.path.join(package, "assets"), os.path.join(package, "..", "assets")]
    return next((os.path.normpath(c) for c in candidates if os.path.isdir(c)), "")


def first_start(arguments: Sequence[str]) -> bool:
    """Whether this start is a first start as the shipped pictures show it: no command
    line, nothing in the environment they were not drawn with (:func:`_as_drawn`), and a
    settings folder that is not there yet or holds no file."""
    if arguments or not _as_drawn(os.environ):
        return False
    folder = folder_for_settings()
    files = _settings_files(folder)
    if files is None:  # not there yet: a first start; unreadable: nothing known
        return not os.path.lexists(folder)
    return not files


def _as_drawn(environ: Mapping[str, str]) -> bool:
    """Whether ``environ`` leaves the first start's menu as the shipped pictures show it:
    none of the game's variables but :data:`HARMLESS_VARIABLES`, none of
    :data:`TEXT_VARIABLES`, and an ``XDG_CONFIG_HOME`` that is unset or plain (where
    platformdirs' reading of an odd one may differ from :func:`folder_for_settings`', the
    folder looked in may not be the one the game reads)."""
    if any(name in environ for name in TEXT_VARIABLES):
        return False
    if any(name.startswith(GAME_VARIABLES) and name not in HARMLESS_VARIABLES for name in environ):
        return False
    xdg = environ.get("XDG_CONFIG_HOME", "")
    return not xdg or (xdg == xdg.strip() and os.path.isabs(xdg))


def _shipped_for(arguments: Sequence[str]) -> _Picture | None:
    """The shipped picture for this start in the system's language, when it is a first
    start (:func:`first_start`) and the pictures are this version's, else None."""
    if sys.platform == "darwin" or not first_start(arguments):
        return None
    folder = assets_folder()
    if not folder:
        return None
    folder = os.path.join(folder, SHIPPED_FOLDER)
    lines = _shipped_list(folder)
    if lines is None:
        return None
    drawn_by, size, icon = lines[2], lines[4], lines[5]
    from game.languages import ENGLISH, system_language  # noqa: PLC0415 - a first start's

    code = system_language()
    captions = dict(line.split("\t", 1) for line in lines[6:] if "\t" in line)
    if code not in captions:
        shown.problem = f"no shipped picture in {code}"
        return None
    if code != ENGLISH and not os.path.isfile(catalogue(code)):
        shown.problem = f"no catalogue for {code}: the game speaks English"
        return None
    picture = _Picture(folder, f"{code}.pixels", _size(size), captions[code])
    picture.icon = "icon.pixels"
    picture.icon_size = _size(icon) if icon else None
    picture.drawn_by = drawn_by
    return picture


def catalogue(code: str) -> str:
    """The compiled catalogue of ``code``, where :func:`game.i18n.catalogue_path` finds it
    (``CONNECT4_LOCALE_DIR`` aside: no shipped picture with it)."""
    package = os.path.dirname(os.path.realpath(__file__))
    return os.path.join(package, "locale", code, "LC_MESSAGES", "connect4.mo")


def _shipped_list(folder: str) -> list[str] | None:
    """The lines of the shipped pictures' list in ``folder`` if they were drawn for this
    version on this system, else None (none shipped, or ones this version does not read
    or show: the problem in :data:`shown`)."""
    try:
        with open(os.path.join(folder, SHIPPED_LIST_NAME), encoding="utf-8") as file:
            lines = file.read().split("\n")
    except (OSError, UnicodeDecodeError):
        return None  # none shipped (a build without them): nothing to say
    if len(lines) < 6 or lines[0] != SHIPPED_FORMAT:
        shown.problem = f"{SHIPPED_LIST_NAME} is not one this version reads"
        return None
    version, system = lines[1], lines[3]
    if version != __version__:
        shown.problem = f"the shipped pictures are version {version}'s, not {__version__}'s"
        return None
    if system != sys.platform:
        return None  # the executable for this system draws its own (build.py)
    return lines


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
    picture, problem, shipped = shown.picture, shown.problem, shown.shipped
    shown.picture = shown.at = shown.problem = None
    shown.shipped = False
    if picture is None:
        return False, problem and f"the start picture was not shown: {problem}"
    if frame is None or frame.get_size() != picture.get_size():
        return False, None  # more than the menu, or the window was resized meanwhile
    import pygame  # noqa: PLC0415 - loaded by then

    # The picture's own bytes (its rows have no padding: frombuffer's pitch is theirs).
    if pygame.image.tobytes(frame, "RGB") == picture.get_buffer().raw:
        return False, None
    if shipped:  # the game's own, not the player's to forget
        return True, (
            f"the shipped start picture (assets/{SHIPPED_FOLDER}) differed from the first frame:"
            " drawn for another state of the menu, or text is drawn differently here"
        )
    try:
        forget(folder)
    except OSError as error:
        return True, f"the start picture differed from the first frame; not removed: {error}"
    return True, "the start picture differed from the first frame: forgotten"
