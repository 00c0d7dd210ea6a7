"""The settings screen: sound, animation, theme, analysis (on or off, in words or
engine scores), fullscreen, Perfect's time.

Changes apply at once; they are saved when the player leaves the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.settings import THEMES
from game.ui.scenes.base import FormLayout, FormScene, stacked_form_layout
from game.ui.scenes.stack import Go, Transition
from game.ui.text import Ink
from game.ui.themes import theme_named
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost
    from game.ui.services import Preferences

ON_OFF = ((True, "On"), (False, "Off"))
VOLUMES = tuple((v / 10, f"{v * 10}%") for v in range(11))
SPEEDS = (
    (0.25, "Very slow"),
    (0.5, "Slow"),
    (1.0, "Normal"),
    (1.5, "Fast"),
    (2.0, "Faster"),
    (3.0, "Fastest"),
)
ANALYSIS_STYLES = ((False, "Words"), (True, "Engine scores (experts)"))
BUDGETS = tuple((float(s), f"{s:g} s") for s in (0.5, 1, 2, 3, 5, 10, 20, 30))


class SettingsScene(FormScene):
    title = "Settings"

    def __init__(self, host: SceneHost, preferences: Preferences) -> None:
        self.preferences = preferences
        items = ItemList(
            [
                Item("sound_on", "Sound", ON_OFF),
                Item("volume", "Volume", VOLUMES, wrap=False),
                Item("animation_speed", "Animation speed", SPEEDS, wrap=False),
                Item("theme", "Theme", tuple((name, theme_named(name).label) for name in THEMES)),
                Item("show_analysis", "Show analysis", ON_OFF),
                Item("engine_scores", "Analysis as", ANALYSIS_STYLES),
                Item("fullscreen", "Fullscreen", ON_OFF),
                Item("perfect_budget", "Perfect level time", BUDGETS, wrap=False),
                Item("back", "Back", primary=True),
            ]
        )
        super().__init__(host, items)
        self._sync()

    def _sync(self) -> None:
        """Show the current settings (M and F11 change some from any screen).

        Fullscreen shows the window as it is: ``--fullscreen`` applies to one run
        without changing the saved preference."""
        settings = self.preferences.settings
        for item in self.items.items:
            if item.key == "fullscreen":
                item.select(self.preferences.fullscreen)
            elif item.is_option:
                item.select(getattr(settings, item.key))

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        keys = [i.key for i in self.items.items]
        return stacked_form_layout(size, keys, width=620, body_height=40, row=48)

    def update(self, dt: float) -> None:
        self._sync()

    def changed(self, key: str) -> None:
        item = self.items.get(key)
        setattr(self.preferences.settings, key, item.value)
        self.preferences.apply_settings()

    def activate(self, key: str) -> Transition | None:
        return self.back()

    def back(self) -> Transition | None:
        self.preferences.save()
        return Go.BACK

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        size = max(14, round(20 * layout.scale))
        note = "Changes apply at once and are saved when you leave this screen."
        self.host.text.blit(
            surface,
            note,
            Ink(size, self.host.theme.text_muted),
            layout.body.midtop,
            anchor="midtop",
        )
