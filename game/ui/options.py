"""What the window is asked to do at launch, and what one game is: plain data.

No pygame here: :mod:`game.command_line` builds a :class:`LaunchOptions` from the
command line, and the scenes pass a :class:`GameConfig` from the new-game screen
to the play screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.levels import Level, level_of
from game.profile.choices import DiscColour, Mode, Starter
from game.profile.preferences import Settings


@dataclass(frozen=True, slots=True, kw_only=True)
class LaunchOptions:
    """The command line, already validated.

    ``position`` is a legal, unfinished move string ("" is the empty board) or
    None for "start at the menu"; ``level`` is the computer's level from
    ``--level``/``--depth``.  Either one starts a game against the computer at
    once.  ``fullscreen`` None means "as saved in the settings"; ``window_size``
    None means the saved size; ``language`` None the settings' (a code of
    :data:`game.i18n.LANGUAGES` speaks it for this run).  ``arguments`` is the command
    line as typed: the picture kept for the next start is for the same one
    (:mod:`game.start_picture`).
    """

    position: str | None = None
    level: Level | None = None
    fullscreen: bool | None = None
    window_size: tuple[int, int] | None = None
    language: str | None = None
    arguments: tuple[str, ...] = ()

    @property
    def starts_a_game(self) -> bool:
        return self.position is not None or self.level is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameConfig:
    """One series of games with the same players.

    ``level`` is the computer's strength (also used for hints in every mode);
    when two computers play, the first player's, and ``second_level`` the second
    player's (None: the same).  ``starter`` is one of
    :class:`~game.profile.choices.Starter` and ``colour`` the human's colour; both matter
    only against the computer.  ``start_moves`` is a legal, unfinished position
    every game of the series starts from; when it is not empty, the human plays
    the side to move there.
    """

    mode: Mode
    level: Level
    starter: Starter = Starter.YOU
    colour: DiscColour = DiscColour.RED
    start_moves: str = ""
    second_level: Level | None = None

    def __post_init__(self) -> None:
        # Given as their text (the file's spelling), the choices become their members.
        object.__setattr__(self, "mode", Mode(self.mode))
        object.__setattr__(self, "starter", Starter(self.starter))
        object.__setattr__(self, "colour", DiscColour(self.colour))

    def level_of(self, player: int) -> Level:
        """The level that moves (or hints) for ``player`` (0 first, 1 second)."""
        if player == 1 and self.mode is Mode.WATCH and self.second_level is not None:
            return self.second_level
        return self.level


def settings_level(settings: Settings) -> Level:
    """The level the settings name (the custom depth for "Custom")."""
    return level_of(settings.level, settings.custom_depth)


def config_for(settings: Settings, mode: Mode) -> GameConfig:
    """A game of ``mode`` with the saved level, starter and colour."""
    return GameConfig(
        mode=mode,
        level=settings_level(settings),
        starter=settings.starter,
        colour=settings.colour,
    )


__all__ = [
    "DiscColour",
    "GameConfig",
    "LaunchOptions",
    "Mode",
    "Starter",
    "config_for",
    "settings_level",
]
