"""The settings screen: language, sound, animation, theme, analysis (on or off, in words
or engine scores), the coach, fullscreen, Perfect's time.  Without a sound device the
Sound row says so, greyed, with the volume.

Changes apply at once (a new language too: this screen's words change as it is
chosen); they are saved when the player leaves the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import (
    LANGUAGES,
    N_,
    SYSTEM,
    choose,
    current,
    percent,
    pgettext,
    short_number,
    system_language,
)
from game.i18n import gettext as _
from game.profile.labels import SETTING_LABELS
from game.profile.preferences import THEMES
from game.ui.scenes.base import FormLayout, FormScene, stacked_form_layout
from game.ui.scenes.stack import Go, Transition
from game.ui.text import Ink, smaller_sizes
from game.ui.themes import theme_named
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost
    from game.ui.services import Preferences

ROWS = (
    "language",
    "sound_on",
    "volume",
    "animation_speed",
    "theme",
    "show_analysis",
    "coach",
    "engine_scores",
    "fullscreen",
    "perfect_budget",
)
"""The settings this screen shows, top to bottom (then Back)."""
LABELS = {**{key: SETTING_LABELS[key] for key in ROWS}, "back": N_("Back")}
SPEEDS = (
    (0.25, N_("Very slow")),
    (0.5, N_("Slow")),
    (1.0, N_("Normal")),
    (1.5, N_("Fast")),
    (2.0, N_("Faster")),
    (3.0, N_("Fastest")),
)
BUDGETS = (0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0)
OPTION_ROWS = ("sound_on", "show_analysis", "coach", "fullscreen")
"""The rows whose choices are on and off."""


def choices(key: str) -> Sequence[tuple[Any, str]]:
    """The choices of the row ``key``, (value, words) in the language in use."""
    if key in OPTION_ROWS:
        return ((True, pgettext("a setting", "On")), (False, pgettext("a setting", "Off")))
    made: dict[str, Callable[[], Sequence[tuple[Any, str]]]] = {
        # Each language in its own words, so that a player finds theirs in any language.
        "language": lambda: (
            (SYSTEM, _("System ({language})").format(language=LANGUAGES[system_language()])),
            *LANGUAGES.items(),
        ),
        "volume": lambda: tuple((v / 10, percent(v / 10)) for v in range(11)),
        "animation_speed": lambda: tuple((value, _(words)) for value, words in SPEEDS),
        "theme": lambda: tuple((name, _(theme_named(name).label)) for name in THEMES),
        "engine_scores": lambda: ((False, _("Words")), (True, _("Engine scores (experts)"))),
        "perfect_budget": lambda: tuple(
            (s, _("{seconds} s").format(seconds=short_number(s))) for s in BUDGETS
        ),
    }
    return made[key]() if key in made else ()


def language_shown(setting: str) -> str:
    """The language row's value: the ``setting``, unless the command line chose another
    language for this run (then that one, the language the window speaks)."""
    spoken = current()
    if spoken in LANGUAGES and choose(None, setting) != spoken:
        return spoken
    return setting


class SettingsScene(FormScene):
    def __init__(self, host: SceneHost, preferences: Preferences) -> None:
        self.preferences = preferences
        wraps = {"volume": False, "animation_speed": False, "perfect_budget": False}
        items = ItemList(
            [
                Item(key, _(label), choices(key), wrap=wraps.get(key, True), primary=key == "back")
                for key, label in LABELS.items()
            ]
        )
        super().__init__(host, items)
        self._sync()

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Settings")

    def relabel(self) -> None:
        for item in self.items.items:
            item.label = _(LABELS[item.key])
            item.choices = choices(item.key)

    def _sync(self) -> None:
        """Show the current settings (M and F11 change some from any screen).

        Fullscreen and the language show the window as it is: ``--fullscreen`` and
        ``--language`` apply to one run without changing the saved preference."""
        settings = self.preferences.settings
        for item in self.items.items:
            if item.key == "fullscreen":
                item.select(self.preferences.fullscreen)
            elif item.key == "language":
                item.select(language_shown(settings.language))
            elif item.is_option:
                item.select(getattr(settings, item.key))
        if not self.host.sounds.available:
            self._no_sound_device()

    def _no_sound_device(self) -> None:
        """No sound can play: the Sound row says so and neither it nor the volume can be
        changed (both greyed; the saved settings stay for a machine with a device)."""
        sound, volume = self.items.get("sound_on"), self.items.get("volume")
        said = _("No sound device")
        if sound.value_text != said:
            sound.choices = ((sound.value, said),)
            volume.choices = ((volume.value, "\u2014"),)
            sound.index = volume.index = 0
        sound.enabled = volume.enabled = False

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        keys = [i.key for i in self.items.items]
        return stacked_form_layout(size, keys, width=680, body_height=40, row=44)

    def update(self, dt: float) -> None:
        self._sync()

    def changed(self, key: str) -> None:
        item = self.items.get(key)
        setattr(self.preferences.settings, key, item.value)
        self.preferences.apply_settings(language_chosen=key == "language")
        if key == "language":
            self.relabel()

    def activate(self, key: str) -> Transition | None:
        return self.back()

    def back(self) -> Transition | None:
        self.preferences.save()
        return Go.BACK

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        note = _("Changes apply at once and are saved when you leave this screen.")
        text = self.host.text
        body = layout.body
        room = pygame.Rect(20, body.y, surface.get_width() - 40, surface.get_height() - body.y)
        # The whole sentence or none of it: at the small size, else smaller, across the
        # window's width (in the longest languages at the smallest size it gives way).
        for size in smaller_sizes(layout.type.small):
            lines = text.wrap(note, size, room.width)
            if len(lines) * text.line_step(size, 1.0) <= room.height - 4:
                break
        else:
            return
        with text.within(room):
            ink = Ink(size, self.host.theme.text_muted, 1.0)
            text.blit_lines(surface, lines, ink, body.midtop, centre=True)
