"""The transitions a scene asks for between the scenes on screen.

A scene never opens another scene: it *returns* a transition from
:meth:`~game.ui.scenes.base.Scene.handle_event`, naming where to go (the
settings screen, the main menu, back...), and the host, :class:`game.ui.app.App`,
builds the scenes it names and moves them on its
:class:`~game.ui.scenes.base.SceneStack`.  So no
scene module imports the app or another scene's module to navigate, and what
each screen leads to reads as data.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from game.i18n import gettext as _
from game.ui.options import GameConfig, Mode

if TYPE_CHECKING:
    import pygame

    from game.ui.net_link import NetLink
    from game.ui.review_game import ReviewGame


# -- transitions -------------------------------------------------------------------


class Go(enum.Enum):
    """The transitions that need nothing but their name."""

    BACK = "back"
    """Close the top scene; the one beneath is on top again (the main menu if none is)."""
    QUIT = "quit"
    """End the game (the window closes after this frame's events)."""
    MENU = "menu"
    """Close every scene: the main menu is the only one."""
    SETTINGS = "settings"
    """The settings screen over the current scenes."""
    HELP = "help"
    """How to play, over the current scenes."""
    STATS = "stats"
    """The statistics screen, over the current scenes."""
    PUZZLES = "puzzles"
    """The Puzzles screen, over the current scenes."""
    GAMES = "games"
    """The finished games kept for review, over the current scenes."""
    IMPORT = "import"
    """The box to paste a game's moves into, to review it, over the current scenes."""
    CONTINUE = "continue"
    """Close every scene and go on with the game in progress (kept across launches)."""


@dataclass(frozen=True, slots=True)
class OpenSetup:
    """The new-game screen for ``mode``, over the current scenes, or with
    ``over_menu`` over a fresh main menu (every other scene closed)."""

    mode: Mode
    over_menu: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """Close every scene and play a series of games of ``config``.  The host asks
    first when there is a game in progress, unless ``asked`` (the player already
    agreed, or chose this game on the command line)."""

    config: GameConfig
    asked: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PausedGame:
    """What the pause menu needs of the game it pauses, as that game was when paused.

    ``draw`` draws the game (it stays drawn, frozen, beneath the menu); ``restart``
    plays it again from its start, ``new_game`` starts the next of its series (both
    go back to the board).  ``unfinished``: leaving would lose a game in progress;
    ``leaving_loses``: leaving it would count as a loss
    (:func:`game.ui.match.abandoning_loses`)."""

    mode: Mode
    over: bool
    unfinished: bool
    draw: Callable[[pygame.Surface], None]
    restart: Callable[[], None]
    new_game: Callable[[], None]
    leaving_loses: bool = False


@dataclass(frozen=True, slots=True)
class Pause:
    """The pause menu over the game ``game``."""

    game: PausedGame


@dataclass(frozen=True, slots=True)
class Review:
    """The Review screen of ``game``, over the current scenes (Back returns to them)."""

    game: ReviewGame


@dataclass(frozen=True, slots=True)
class Confirm:
    """Ask before something that cannot be taken back: ``question`` (a short title),
    ``detail`` (what would be lost) and two buttons.  ``yes`` does it and returns
    where to go then (None: back to the scene beneath); "no" goes back, or where
    ``no`` says (Esc always goes back)."""

    question: str
    detail: str
    yes_label: str
    no_label: str
    yes: Callable[[], Transition | None]
    no: Callable[[], Transition | None] | None = None


class OnlineScreen(enum.Enum):
    """The screens of play across the network."""

    START = "start"
    """Your name, host or join, over the current scenes."""
    JOIN = "join"
    """The games found and an address to type, over the current scenes."""
    GAME = "game"
    """The online game of a connection, over a fresh main menu."""
    CONTINUE = "continue"
    """The online game kept to resume, over a fresh main menu."""


@dataclass(frozen=True, slots=True)
class Online:
    """A screen of play across the network; ``link`` is the connection of GAME."""

    screen: OnlineScreen
    link: NetLink | None = None


Transition: TypeAlias = Go | OpenSetup | Play | Pause | Review | Confirm | Online


def new_game_question(
    detail: str,
    yes: Callable[[], Transition | None],
    *,
    no_label: str | None = None,
    no: Callable[[], Transition | None] | None = None,
) -> Confirm:
    """The one question asked before a new game takes the place of an unfinished one
    (``detail``: what would be lost, :func:`unfinished_detail`); "no" keeps playing
    unless ``no_label`` and ``no`` say otherwise."""
    return Confirm(
        _("Start a new game?"),
        detail,
        _("Start a new game"),
        no_label if no_label is not None else _("Keep playing"),
        yes,
        no,
    )


def unfinished_detail(game: str, *, loses: bool = False) -> str:
    """What a new game would lose: ``game`` (a description, "your game against Hard (12
    discs played)") is not finished and would not be counted (``loses``: would count as
    a loss)."""
    if loses:
        said = _(
            "{game} is not finished. A new game takes its place, and this one counts as a loss."
        )
    else:
        said = _("{game} is not finished. A new game takes its place, and this one is not counted.")
    return said.format(game=game[:1].upper() + game[1:])


def waiting_notice(game: str) -> str:
    """Told when ``game`` (a description, "your game against Hard (12 discs played)")
    stays kept while the player watches two computers."""
    return _("{game} waits: Continue in the main menu brings it back.").format(
        game=game[:1].upper() + game[1:]
    )


__all__ = [
    "Confirm",
    "Go",
    "Online",
    "OnlineScreen",
    "OpenSetup",
    "Pause",
    "PausedGame",
    "Play",
    "Review",
    "Transition",
    "new_game_question",
    "unfinished_detail",
    "waiting_notice",
]
