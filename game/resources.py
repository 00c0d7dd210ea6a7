"""The one place that turns an asset's name into a path on disk.

The assets folder lives in a different place depending on how the game runs:

1. a PyInstaller bundle unpacks it to ``sys._MEIPASS/assets``;
2. an installed wheel carries it inside the package, ``<site-packages>/game/assets``
   (pyproject's ``force-include``);
3. a source checkout has it beside the package, ``<repo>/assets``.

:func:`assets_dir` takes the first of these that exists.  ``CONNECT4_ASSETS_DIR``,
when set, replaces all three (tests use it to make an asset go missing in a real
game process).

Never imports pygame and does nothing at import time: the caller loads the
files with whatever it likes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from types import MappingProxyType

from game.i18n import gettext as _

ASSETS_ENV = "CONNECT4_ASSETS_DIR"
"""Environment variable naming an assets folder to use instead of the built-in ones."""

SOUNDS: Mapping[str, str] = MappingProxyType(
    {
        "drop": "sounds/drop.wav",
        "win": "sounds/win.wav",
        "loss": "sounds/loss.wav",
        "draw": "sounds/draw.wav",
        "click": "sounds/click.wav",
    }
)
"""The game's sound effects by role: a disc landing, the end of a game
(won, lost, drawn), and a menu click."""

WINDOW_ICON = "icons/connect4-48.png"
"""The image for ``pygame.display.set_icon`` (48x48 with transparency)."""

FONT = "fonts/Inter-SemiBold.otf"
"""Every text of the window (Inter, SIL Open Font License: ``fonts/OFL.txt``)."""

CJK_FONT = "fonts/NotoSansCJKsc-Connect4.otf"
"""The Chinese characters Inter lacks: the part of Noto Sans CJK SC that the Chinese
catalogue uses, and GB 2312's characters for what players write in the online chat (SIL
Open Font License: ``fonts/NotoSansCJK-LICENSE.txt``), made by
``build_scripts/make_cjk_font.py``."""

ASSET_FILES: tuple[str, ...] = (*SOUNDS.values(), WINDOW_ICON, FONT, CJK_FONT)
"""Every asset file the game loads at run time, relative to :func:`assets_dir`.
The self-test loads each one."""


class MissingAssetError(FileNotFoundError):
    """An asset the game needs is not where it should be.

    ``str(error)`` is one sentence naming the asset and every folder searched,
    fit for the log and for the window.  ``asset`` is the relative name asked for
    and ``searched`` the folders looked in.
    """

    def __init__(self, asset: str, searched: tuple[Path, ...]) -> None:
        self.asset = asset
        self.searched = searched
        where = ", ".join(str(folder) for folder in searched) or _("nowhere")
        super().__init__(
            _(
                "The game file {file!r} is missing (looked in {where}); the installation is"
                " incomplete: download or reinstall the game."
            ).format(file=asset, where=where)
        )


def _candidates() -> tuple[Path, ...]:
    """The folders that may hold the assets, most specific first."""
    override = os.environ.get(ASSETS_ENV)
    if override:
        return (Path(override),)
    package = Path(__file__).resolve().parent
    folders: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if isinstance(bundle, str):
        folders.append(Path(bundle) / "assets")
    folders.append(package / "assets")
    folders.append(package.parent / "assets")
    return tuple(folders)


def assets_dir() -> Path:
    """The folder holding the game's assets: the first candidate that exists.

    Raises :class:`MissingAssetError` (``asset`` is ``"assets"``) when none
    exists, so a broken installation is reported with every place searched.
    """
    folders = _candidates()
    for folder in folders:
        if folder.is_dir():
            return folder
    raise MissingAssetError("assets", folders)


def asset_path(relative: str) -> Path:
    """The path of one asset, e.g. ``asset_path("sounds/drop.wav")``.

    ``relative`` uses forward slashes on every system and must stay inside the
    assets folder (a ``ValueError`` otherwise: that is a programming error, not
    a missing file).  Raises :class:`MissingAssetError` if the file is absent.
    """
    parts = PurePosixPath(relative).parts
    if not parts or relative.startswith(("/", "\\")) or ".." in parts or ":" in relative:
        raise ValueError(f"an asset name is a relative path inside assets/, not {relative!r}")
    folders = _candidates()
    for folder in folders:
        if folder.is_dir():
            path = folder.joinpath(*parts)
            if path.is_file():
                return path
            raise MissingAssetError(relative, (folder,))
    raise MissingAssetError(relative, folders)
