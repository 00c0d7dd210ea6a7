"""What every screen draws with and on: the window, the theme, text, board pieces,
sounds and notices (:class:`Stage`, the :class:`~game.ui.scenes.base.SceneHost` each
scene is given), and the settings as the scenes see them (:class:`StagePreferences`).
"""

from __future__ import annotations

import logging

import pygame

from game import i18n
from game.i18n import ngettext
from game.profile.preferences import Settings
from game.resources import MissingAssetError
from game.ui.board_view import BoardRenderer
from game.ui.notices import LONG_NOTICE_SECONDS, NOTICE_SECONDS, Notices
from game.ui.saver import Saver
from game.ui.sounds import SoundBank
from game.ui.text import TextCache
from game.ui.themes import Colour, Theme, theme_named
from game.ui.window import Window, title

log = logging.getLogger(__name__)


class Stage:
    """The window with what is drawn on it and heard; open with :meth:`open`."""

    def __init__(self, window: Window, settings: Settings) -> None:
        self.window = window
        self.notices = Notices()
        self.theme: Theme = theme_named(settings.theme)
        self.text = TextCache()
        self.renderer = BoardRenderer()
        self.sounds = SoundBank()
        self._backgrounds: dict[tuple[tuple[int, int], str], pygame.Surface] = {}
        self._language = settings.language
        """The language setting last followed (the command line's choice holds until
        the player changes it)."""

    def open(self, settings: Settings, *, sounds: bool = True) -> None:
        """Open the window, load the font and, unless ``sounds`` is False (then
        :meth:`load_sounds` does it later), the sounds, on or off as ``settings`` say;
        what is missing or broken is told in notices.  Raises
        :class:`~game.ui.window.NoDisplayError` without a display."""
        problems = self.window.open(before=self._load_font)
        self.sounds.enabled = settings.sound_on
        self.sounds.volume = settings.volume
        if sounds:
            self.sounds.load()
        for problem in problems:
            if isinstance(problem, str):
                self.notify(problem, seconds=LONG_NOTICE_SECONDS)
        missing = [p for p in problems if isinstance(p, MissingAssetError)]
        self._tell(missing + self.text.missing, self.text.problems)
        if sounds:
            self._tell(self.sounds.missing, self.sounds.problems)

    def load_sounds(self) -> None:
        """Start the mixer and load the sounds, when :meth:`open` left them for after the
        first frame (the audio system can take a while to answer); what is missing or
        broken is told."""
        self.sounds.load()
        self._tell(self.sounds.missing, self.sounds.problems)

    def _tell(self, missing: list[MissingAssetError], problems: list[str]) -> None:
        if missing:
            self.notify(missing_sentence(missing), seconds=LONG_NOTICE_SECONDS)
        for problem in problems:
            self.notify(problem, seconds=LONG_NOTICE_SECONDS)

    def _load_font(self) -> None:
        pygame.font.init()
        self.text.load()

    def close(self) -> None:
        self.sounds.close()
        self.window.close()

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    def next_frame_in(self) -> float | None:
        """When the notices next change the picture (:meth:`Notices.next_frame_in`)."""
        return self.notices.next_frame_in()

    def notify(
        self, text: str, *, seconds: float = NOTICE_SECONDS, topic: str | None = None
    ) -> None:
        """Show ``text`` for a few seconds at the bottom of the window; it replaces the
        notice on the same ``topic`` (a setting toggled twice shows its last state)."""
        self.notices.notify(text, seconds=seconds, topic=topic)

    def withdraw(self, topic: str) -> None:
        """Take the notice on ``topic`` away (:meth:`Notices.withdraw`)."""
        self.notices.withdraw(topic)

    def follow(self, settings: Settings, *, language_chosen: bool = False) -> None:
        """Take the theme, the sound and fullscreen from ``settings``, and the language
        when the setting changed or ``language_chosen`` (the player chose it, perhaps
        the saved one, over the command line's)."""
        self.theme = theme_named(settings.theme)
        self.sounds.enabled = settings.sound_on
        self.sounds.set_volume(settings.volume)
        self.window.set_fullscreen(settings.fullscreen)
        if language_chosen or settings.language != self._language:
            self._language = settings.language
            i18n.use(i18n.choose(None, settings.language))
            if self.window.is_open:
                pygame.display.set_caption(title())

    def draw_background(self, surface: pygame.Surface) -> None:
        """The window's background: a vertical gradient (cached per size and theme)."""
        size = surface.get_size()
        key = (size, self.theme.name)
        background = self._backgrounds.get(key)
        if background is None:
            background = gradient(size, self.theme.background_top, self.theme.background_bottom)
            self._backgrounds = {key: background}
        surface.blit(background, (0, 0))


class StagePreferences:
    """The settings as the scenes see them: :class:`~game.ui.services.Preferences`."""

    def __init__(self, saver: Saver, stage: Stage) -> None:
        self.settings: Settings = saver.settings
        """The one settings object of the window (changed in place, never replaced)."""
        self._saver = saver
        self._stage = stage

    @property
    def fullscreen(self) -> bool:
        return self._stage.window.fullscreen

    def save(self) -> None:
        self._saver.save()

    def apply_settings(self, *, language_chosen: bool = False) -> None:
        self._stage.follow(self._saver.settings, language_chosen=language_chosen)


def missing_sentence(missing: list[MissingAssetError]) -> str:
    """One notice for every missing asset (the log has each with the folders searched)."""
    if len(missing) == 1:
        return str(missing[0])
    names = ", ".join(error.asset for error in missing)
    return ngettext(
        "{count} game file is missing ({names}); the installation is incomplete: download or"
        " reinstall the game.",
        "{count} game files are missing ({names}); the installation is incomplete: download"
        " or reinstall the game.",
        len(missing),
    ).format(count=len(missing), names=names)


def gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    w, h = size
    # 32 bits whatever the display's (smoothscale takes only 24 or 32: a 16-bit X display
    # made the default surface 16-bit, and the window failed to open).
    strip = pygame.Surface((1, 2), 0, 32)
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))
