"""What a scene may use of the window, as small protocols: each scene is given the few
it needs (:mod:`game.ui.navigation` builds them), never the application.

* :class:`Look`: the theme, text, board pieces and background every screen draws with
  (:class:`game.ui.scenes.base.SceneHost` adds the window's size, sounds and notices);
* :class:`Preferences`: the settings, saved and applied;
* :class:`Keeper`: the game in progress and the finished games' results and moves;
* :class:`Records`: every window's statistics, and their reset;
* :class:`Games`: the finished games kept for review;
* the computer player is :class:`game.ui.engine_link.Engine`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.profile.history import FinishedGame
    from game.profile.preferences import Settings
    from game.profile.saved_game import SavedGame
    from game.profile.statistics import Result, Statistics
    from game.ui.board_view import BoardRenderer
    from game.ui.text import TextCache
    from game.ui.themes import Theme


class Look(Protocol):
    """How the window draws: its theme (it changes with the settings), text, board
    pieces and background."""

    @property
    def theme(self) -> Theme: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def renderer(self) -> BoardRenderer: ...

    def draw_background(self, surface: pygame.Surface) -> None:
        """The window's background."""


class Preferences(Protocol):
    """The player's settings: read and changed by the scenes, saved, and followed by
    the window."""

    @property
    def settings(self) -> Settings: ...

    @property
    def fullscreen(self) -> bool:
        """Whether the window fills the screen now (whatever the saved setting)."""
        ...

    def save(self) -> None:
        """Save the settings and statistics (in the background)."""

    def apply_settings(self, *, language_chosen: bool = False) -> None:
        """Make the window follow the settings (theme, sound, fullscreen, and the language
        when it changed or the player has just chosen it: a language the command line
        asked for holds until then)."""


class Keeper(Protocol):
    """The game in progress, kept across launches, and the results of finished games."""

    @property
    def game_in_progress(self) -> SavedGame | None:
        """The unfinished game the main menu can continue (None: there is none)."""
        ...

    def keep_game(self, game: SavedGame | None) -> None:
        """Remember ``game`` as the game in progress (None: there is none), and save it."""

    def record_result(self, level_name: str, result: Result) -> None:
        """Count a finished game against the computer, and save."""

    def record_game(self, game: FinishedGame) -> None:
        """Keep a finished game for review (the history), and save."""


class Records(Protocol):
    """The statistics: this window's games, and every window's."""

    @property
    def stats(self) -> Statistics:
        """This window's games (kept in the file with every save)."""
        ...

    def all_statistics(self) -> Statistics:
        """Every window's games: the settings file's and this window's unsaved ones."""
        ...

    def reset_statistics(self) -> str | None:
        """Forget every level's games here and in the file; None, or one sentence
        saying why the file could not be changed."""
        ...


class Games(Protocol):
    """The finished games kept for review (the history)."""

    def all_games(self) -> list[FinishedGame]:
        """Every window's finished games, oldest first."""
        ...
