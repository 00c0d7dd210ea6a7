#!/usr/bin/env python3
"""Draw the main menu of a first start in every language, for the window to show at once.

    python build_scripts/make_start_pictures.py [--out assets/start]

A first start (no command line, an empty settings folder) opens on the main menu at the
default size, in the system's language.  The game shows these pictures the moment its
window opens, before its modules load (:mod:`game.start_picture`), then draws its own first
frame over them and compares the two.  So they must be that very frame: draw them again
whenever the menu changes (its look, a translation of its words, the version it shows)
or pygame-ce does.  ``tests/test_start_picture.py`` says when they are out of date.

Each language is drawn by a process of its own, started as a player's first start is
(a fresh settings folder, the language from ``LANGUAGE``), through the same steps as
``python -m game`` to its first frame, on SDL's dummy drivers, with the catalogues compiled
from the ``.po`` files of the checkout.  Written into ``--out``: ``<code>.pixels`` (RGB
rows, zlib), ``icon.pixels`` (the window icon, RGBA rows, zlib) and ``pictures.txt`` (the
game's version, pygame-ce's, the system's, the sizes, each language's window title).  The
same checkout and pygame-ce give the same pixels.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any

from catalogues import compile_catalogues

from game import start_picture
from game._version import __version__
from game.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / start_picture.SHIPPED_FOLDER

FIRST_FRAME = r"""
import json, sys
from game import command_line
command_line.speak([])
from game.ui import LaunchOptions, prepare_environment
prepare_environment()
import pygame
from game.ui.app import App
from game.ui.window import title
app = App(LaunchOptions())
app.open(sounds=False)
app.step([], 0.0)
screen = pygame.display.get_surface()
icon = app.stage.window.icon
problems = list(app.stage.notices.shown)
with open(sys.argv[1], "wb") as out:
    out.write(pygame.image.tobytes(screen, "RGB"))
with open(sys.argv[2], "wb") as out:
    out.write(pygame.image.tobytes(icon, "RGBA") if icon is not None else b"")
print(json.dumps({
    "size": screen.get_size(),
    "icon": icon.get_size() if icon is not None else None,
    "title": title(),
    "pygame": pygame.version.ver,
    "notices": len(problems),
}))
app.close()
"""
"""A first start's steps to its first frame (``game.command_line.main``, ``game.ui.run``,
``App.run``), then the frame and the icon written to the files named by its arguments."""


Drawn = tuple[dict[str, Any], bytes, bytes]
"""A language's first start: what its process said, the frame's RGB rows and the icon's
RGBA rows."""


def first_frame(code: str, locale_dir: Path, scratch: Path) -> Drawn:
    """The first frame of a first start in language ``code``."""
    home = scratch / code
    # As a first start that shows them has it (game.start_picture.first_start).
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(start_picture.GAME_VARIABLES)
        and key not in start_picture.LANGUAGE_VARIABLES
        and key not in start_picture.TEXT_VARIABLES
        and key != "XDG_CONFIG_HOME"
    }
    env.update(
        LANGUAGE=code,
        CONNECT4_CONFIG_DIR=str(home / "config"),
        CONNECT4_LOG_DIR=str(home / "log"),
        CONNECT4_LOCALE_DIR=str(locale_dir),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    frame, icon = home / "frame.rgb", home / "icon.rgba"
    home.mkdir(parents=True)
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, str(frame), str(icon)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"drawing the {code} menu failed:\n{done.stderr}")
    said: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return said, frame.read_bytes(), icon.read_bytes()


def make(out: Path) -> list[str]:
    """Draw every language's picture into ``out``; the lines of the list written."""
    with tempfile.TemporaryDirectory(prefix="connect4-start-") as temp:
        scratch = Path(temp)
        locale_dir = scratch / "locale"
        compile_catalogues(locale_dir)
        drawn = {code: first_frame(code, locale_dir, scratch) for code in LANGUAGES}
    first, _frame, icon = drawn["en"]
    for code, (said, _, _) in drawn.items():
        if said["notices"]:
            raise RuntimeError(f"the {code} first frame shows a notice over the menu")
        for key in ("size", "icon", "pygame"):
            if said[key] != first[key]:
                raise RuntimeError(f"the {code} menu's {key} is {said[key]}, not {first[key]}")
    width, height = first["size"]
    icon_size = "{}x{}".format(*first["icon"]) if first["icon"] else ""
    lines = [
        start_picture.SHIPPED_FORMAT,
        __version__,
        str(first["pygame"]),
        sys.platform,
        f"{width}x{height}",
        icon_size,
        *(f"{code}\t{said['title']}" for code, (said, _, _) in drawn.items()),
    ]
    out.mkdir(parents=True, exist_ok=True)
    for code, (_said, frame, _icon) in drawn.items():
        (out / f"{code}.pixels").write_bytes(zlib.compress(frame, 9))
    (out / "icon.pixels").write_bytes(zlib.compress(icon, 9))
    (out / start_picture.SHIPPED_LIST_NAME).write_text("\n".join([*lines, ""]), encoding="utf-8")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder (default {OUT})")
    args = parser.parse_args(argv)
    lines = make(args.out)
    size = sum(path.stat().st_size for path in args.out.iterdir())
    print(f"{len(LANGUAGES)} pictures, {lines[4]}, drawn by pygame-ce {lines[2]} on {lines[3]}")
    print(f"for version {lines[1]}:")
    print(f"{args.out} ({size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
