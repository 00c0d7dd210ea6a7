"""The new-game screen: the computer's level, who starts, your colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.levels import CUSTOM_LEVEL, LEVELS, MAX_DEPTH, MIN_DEPTH, Level, level_of
from game.i18n import N_, number
from game.i18n import gettext as _
from game.profile.preferences import Settings
from game.profile.rating import nearest_level, shipped_level_ratings
from game.ui import rating_view
from game.ui.names import colour_name, level_blurb, level_choice, level_name
from game.ui.options import DiscColour, GameConfig, Mode, Starter
from game.ui.scenes.base import BACKDROP_GAME, FormLayout, FormScene, stacked_form_layout
from game.ui.scenes.stack import Play, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.profile.statistics import Record, Statistics
    from game.ui.scenes.base import SceneHost
    from game.ui.services import Preferences, Records

STARTER_CHOICES = (
    (Starter.YOU, N_("You")),
    (Starter.COMPUTER, N_("The computer")),
    (Starter.ALTERNATE, N_("Take turns")),
    (Starter.RANDOM, N_("Random")),
)
LABELS = {
    "level": N_("Difficulty"),
    "level2": "",
    "depth": N_("Custom depth"),
    "starter": N_("Who starts"),
    "colour": N_("Your colour"),
    "start": N_("Start"),
    "back": N_("Back"),
}


def record_line(level: Level, record: Record | None, custom: bool) -> str:
    """The player's record at ``level`` under the new-game screen's items.  ``custom``:
    the level was chosen as a custom depth, which may be a named level's (depth 6 is
    Medium, and its games count as Medium's): then it says so."""
    played = record is not None and record.games > 0
    name, depth = level_name(level.name), number(level.depth or 0)
    if custom and level.name != f"{CUSTOM_LEVEL} {level.depth}":
        if record is None or not played:
            said = _("Depth {depth} is {level}, which you have not played yet.")
            return said.format(depth=depth, level=name)
        said = _("Depth {depth} is {level}: {wins} won, {losses} lost, {draws} drawn")
    elif not played:
        if custom:
            return _("You have not played depth {depth} yet.").format(depth=depth)
        return _("You have not played {level} yet.").format(level=name)
    elif custom:
        said = _("Your record at depth {depth}: {wins} won, {losses} lost, {draws} drawn")
    else:
        said = _("Your record at {level}: {wins} won, {losses} lost, {draws} drawn")
    assert record is not None
    return said.format(
        level=name,
        depth=depth,
        wins=number(record.wins),
        losses=number(record.losses),
        draws=number(record.draws),
    )


def first_level(chosen: str, stats: Statistics) -> str:
    """The level the screen offers first: the one ``chosen`` last; for a new player (no
    game against the computer counted nor rated, the level still the default), the level
    nearest the starting rating, which the screen suggests under it."""
    ratings = shipped_level_ratings()
    new = not stats.rating.count and not any(r.games for r in stats.per_level.values())
    if ratings is None or not new or chosen != Settings().level:
        return chosen
    return nearest_level(stats.rating.rating, ratings)


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
        keys = ["level", *(["level2"] if mode is Mode.WATCH else []), "depth"]
        if mode is Mode.VS_COMPUTER:
            keys += ["starter", "colour"]
        keys += ["start", "back"]
        wraps = {"depth": False}
        items = [Item(key, "", wrap=wraps.get(key, True), primary=key == "start") for key in keys]
        super().__init__(host, ItemList(items))
        self.relabel()
        if mode is Mode.WATCH:
            self.items.get("level").select(settings.watch_first)
            self.items.get("level2").select(settings.watch_second)
        else:
            self.items.get("level").select(first_level(settings.level, records.stats))
        self.items.get("depth").select(settings.custom_depth)
        if mode is Mode.VS_COMPUTER:
            self.items.get("starter").select(settings.starter)
            self.items.get("colour").select(settings.colour)
        self._enable_depth()
        self._name_the_sides()
        self.items.focus_on("start")

    def relabel(self) -> None:
        level_choices = [(level.name, level_choice(level)) for level in LEVELS]
        level_choices.append((CUSTOM_LEVEL, _("Custom depth")))
        depths = tuple((d, number(d)) for d in range(MIN_DEPTH, MAX_DEPTH + 1))
        values = {
            "level": tuple(level_choices),
            "level2": tuple(level_choices),
            "depth": depths,
            "starter": tuple((value, _(words)) for value, words in STARTER_CHOICES),
            "colour": tuple((colour, "") for colour in DiscColour),
        }
        for item in self.items.items:
            item.label = _(LABELS[item.key]) if LABELS[item.key] else ""
            item.choices = values.get(item.key, ())
        self._name_the_sides()

    def _name_the_sides(self) -> None:
        """The sides by the names the theme in use gives them ("Orange", "Blue")."""
        names = self.host.theme.colour_names
        if self.mode is Mode.WATCH:
            said = _("{colour} plays at")
            red, yellow = colour_name(names, DiscColour.RED), colour_name(names, DiscColour.YELLOW)
            self.items.get("level").label = said.format(colour=red)
            self.items.get("level2").label = said.format(colour=yellow)
        else:
            colour = self.items.get("colour")
            colour.choices = tuple(
                (value, colour_name(names, value)) for value, _name in colour.choices
            )

    def update(self, dt: float) -> None:
        self._name_the_sides()  # the theme may change while the screen is open

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("New game") if self.mode is Mode.VS_COMPUTER else _("Watch the computer")

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
        return stacked_form_layout(size, keys, width=680, body_height=90, row=50)

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
        size = layout.type.body
        level = self.level
        focused = self.items.focused
        if self.mode is Mode.WATCH and focused is not None and focused.key == "level2":
            level = self.second_level or level
        body = layout.body
        with text.within(body.inflate(20, 0)):
            y = text.blit_lines(
                surface,
                text.wrap(level_blurb(level), size, body.width),
                Ink(size, theme.text_muted, 1.0),
                (body.centerx, body.y),
                centre=True,
            )
            if self.mode is Mode.VS_COMPUTER:
                custom = self.items.get("level").value == CUSTOM_LEVEL
                line = record_line(level, self.records.stats.per_level.get(level.name), custom)
                suggested = rating_view.suggestion(
                    self.records.stats.rating, shipped_level_ratings()
                )
                for words, colour in ((line, theme.text), (suggested, theme.text_muted)):
                    y = text.blit_lines(
                        surface,
                        text.wrap(words, size, body.width),
                        Ink(size, colour, 1.0),
                        (body.centerx, y),
                        centre=True,
                    )
