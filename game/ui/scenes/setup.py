"""The new-game screen: the computer's level, who starts, your colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.levels import CUSTOM_LEVEL, LEVELS, MAX_DEPTH, MIN_DEPTH, Level, level_of
from game.ui.options import DiscColour, GameConfig, Mode, Starter
from game.ui.scenes.base import BACKDROP_GAME, FormLayout, FormScene, stacked_form_layout
from game.ui.scenes.stack import Play, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost
    from game.ui.services import Preferences, Records

STARTER_CHOICES = (
    (Starter.YOU, "You"),
    (Starter.COMPUTER, "The computer"),
    (Starter.ALTERNATE, "Take turns"),
    (Starter.RANDOM, "Random"),
)


class SetupScene(FormScene):
    """Chooses a :class:`GameConfig` for ``mode`` (against the computer, or watching)."""

    backdrop = BACKDROP_GAME

    def __init__(
        self, host: SceneHost, mode: Mode, preferences: Preferences, records: Records
    ) -> None:
        """The choices for ``mode``, as ``preferences`` last kept them (saved on Start);
        ``records`` gives the player's record at the level chosen."""
        self.mode = mode
        self.preferences = preferences
        self.records = records
        settings = preferences.settings
        level_choices = [(level.name, level.label) for level in LEVELS]
        level_choices.append((CUSTOM_LEVEL, "Custom depth"))
        depths = tuple((d, str(d)) for d in range(MIN_DEPTH, MAX_DEPTH + 1))
        names = host.theme.colour_names
        first_label = (
            "Difficulty" if mode is Mode.VS_COMPUTER else f"{names[DiscColour.RED]} plays at"
        )
        items = [Item("level", first_label, tuple(level_choices))]
        if mode is Mode.WATCH:
            items.append(
                Item("level2", f"{names[DiscColour.YELLOW]} plays at", tuple(level_choices))
            )
        items.append(Item("depth", "Custom depth", depths, wrap=False))
        if mode is Mode.VS_COMPUTER:
            items += [
                Item("starter", "Who starts", STARTER_CHOICES),
                Item("colour", "Your colour", tuple((c, names[c]) for c in DiscColour)),
            ]
        items += [Item("start", "Start", primary=True), Item("back", "Back")]
        super().__init__(host, ItemList(items))
        if mode is Mode.WATCH:
            self.items.get("level").select(settings.watch_first)
            self.items.get("level2").select(settings.watch_second)
        else:
            self.items.get("level").select(settings.level)
        self.items.get("depth").select(settings.custom_depth)
        if mode is Mode.VS_COMPUTER:
            self.items.get("starter").select(settings.starter)
            self.items.get("colour").select(settings.colour)
        self._enable_depth()
        self.items.focus_on("start")

    @property
    def title(self) -> str:  # type: ignore[override]
        return "New game" if self.mode is Mode.VS_COMPUTER else "Watch the computer"

    def _enable_depth(self) -> None:
        keys = ("level", "level2") if self.mode is Mode.WATCH else ("level",)
        custom = any(self.items.get(key).value == CUSTOM_LEVEL for key in keys)
        self.items.get("depth").enabled = custom

    @property
    def level(self) -> Level:
        """The level chosen (the first player's when two computers play)."""
        return level_of(self.items.get("level").value, self.items.get("depth").value)

    @property
    def second_level(self) -> Level | None:
        """The second player's level when two computers play."""
        if self.mode is not Mode.WATCH:
            return None
        return level_of(self.items.get("level2").value, self.items.get("depth").value)

    def config(self) -> GameConfig:
        starter, colour = Starter.YOU, DiscColour.RED
        if self.mode is Mode.VS_COMPUTER:
            starter = Starter(self.items.get("starter").value)
            colour = DiscColour(self.items.get("colour").value)
        return GameConfig(
            mode=self.mode,
            level=self.level,
            starter=starter,
            colour=colour,
            second_level=self.second_level,
        )

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        keys = [i.key for i in self.items.items]
        return stacked_form_layout(size, keys, width=620, body_height=90, row=50)

    def changed(self, key: str) -> None:
        if key in ("level", "level2"):
            self._enable_depth()

    def activate(self, key: str) -> Transition | None:
        if key == "back":
            return self.back()
        settings = self.preferences.settings
        settings.custom_depth = self.items.get("depth").value
        if self.mode is Mode.WATCH:
            # Watching two computers leaves the player's own opponent as it was.
            settings.watch_first = self.items.get("level").value
            settings.watch_second = self.items.get("level2").value
        else:
            settings.level = self.items.get("level").value
            settings.starter = self.items.get("starter").value
            settings.colour = self.items.get("colour").value
        self.preferences.save()
        return Play(self.config())

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        theme, text = self.host.theme, self.host.text
        size = max(14, round(22 * layout.scale))
        level = self.level
        focused = self.items.focused
        if self.mode is Mode.WATCH and focused is not None and focused.key == "level2":
            level = self.second_level or level
        y = text.blit_lines(
            surface,
            text.wrap(level.blurb, size, layout.body.width),
            Ink(size, theme.text_muted),
            (layout.body.centerx, layout.body.y),
            centre=True,
        )
        if self.mode is Mode.VS_COMPUTER:
            record = self.records.stats.per_level.get(level.name)
            if record is None or record.games == 0:
                line = f"You have not played {level.name} yet."
            else:
                line = (
                    f"Your record at {level.name}: {record.wins} won, "
                    f"{record.losses} lost, {record.draws} drawn"
                )
            text.blit(
                surface, line, Ink(size, theme.text), (layout.body.centerx, y), anchor="midtop"
            )
