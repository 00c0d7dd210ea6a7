"""What the window calls the things every screen names: the levels and what they do, the
sides' colours, the themes, the engine's build, in the player's language.

The engine names its levels in English (:mod:`game.ai.levels`, which imports no
gettext); those names stay the settings file's and the statistics' keys, and are
translated here, where they are shown (``build_scripts/catalogues.py`` puts them in
the catalogue).  A theme's label and colour names are English in the theme too.

No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.levels import LEVEL_NAMES, Level, custom_depth
from game.i18n import gettext as _
from game.i18n import ngettext, number


def level_name(name: str) -> str:
    """A level's name as the player reads it: "Hard" -> "Schwer", "Custom 7" -> "Eigene
    Tiefe 7" (a name the game does not know is shown as it is)."""
    if name in LEVEL_NAMES:
        return _(name)
    depth = custom_depth(name)
    if depth is not None:
        return _("Custom {depth}").format(depth=number(depth))
    return name


def level_blurb(level: Level) -> str:
    """What ``level`` does, in a sentence (under its name on the new-game screen)."""
    if level.name in LEVEL_NAMES:
        return _(level.blurb)
    depth = level.depth or 0
    return ngettext(
        "Looks {depth} move ahead (a move is one disc), then judges the board.",
        "Looks {depth} moves ahead (a move is one disc), then judges the board.",
        depth,
    ).format(depth=number(depth))


def level_choice(level: Level) -> str:
    """A level with its depth: "Hard (depth 9)", "Custom (depth 7)", "Perfect (no
    mistakes)"."""
    if level.depth is None:
        return _("{level} (no mistakes)").format(level=level_name(level.name))
    if custom_depth(level.name) is not None:
        return _("Custom (depth {depth})").format(depth=number(level.depth))
    return _("{level} (depth {depth})").format(
        level=level_name(level.name), depth=number(level.depth)
    )


def colour_name(names: Mapping[str, str], side: str) -> str:
    """The name a theme gives a side ("red", "yellow"), in the player's language."""
    return _(names[side])


def engine_line(kernel_name: str) -> str:
    """The engine kernel in use (``kernel_name``, :data:`game.ai.backend.KERNEL_NAME`'s
    words), in a player's words."""
    if kernel_name == "compiled":
        return _("Engine: compiled (fast)")
    if "CONNECT4_PURE_PYTHON" in kernel_name:
        return _("Engine: pure Python ({variable} is set); the computer thinks more slowly").format(
            variable="CONNECT4_PURE_PYTHON"
        )
    return _(
        "Engine: pure Python (the compiled kernel is not installed); the computer thinks"
        " more slowly"
    )
