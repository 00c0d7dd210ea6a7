"""The main menu: how to play, against whom, settings, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.i18n import N_, ngettext
from game.i18n import gettext as _
from game.ui.options import DiscColour, Mode, config_for
from game.ui.scenes.base import BACKDROP_GAME, FormLayout, FormScene, stacked_form_layout
from game.ui.scenes.stack import Go, Online, OnlineScreen, OpenSetup, Play, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.profile.online_memory import OnlineSeat
    from game.profile.preferences import Settings
    from game.profile.saved_game import SavedGame
    from game.ui.scenes.base import SceneHost


LEADS_TO: dict[str, Transition] = {
    "continue": Go.CONTINUE,
    "play": OpenSetup(Mode.VS_COMPUTER),
    "watch": OpenSetup(Mode.WATCH),
    "online": Online(OnlineScreen.START),
    "online_continue": Online(OnlineScreen.CONTINUE),
    "puzzles": Go.PUZZLES,
    "stats": Go.STATS,
    "settings": Go.SETTINGS,
    "help": Go.HELP,
    "quit": Go.QUIT,
}
"""Where the menu's items lead (Two players starts a game with the saved choices)."""

LABELS = {
    "continue": N_("Continue"),
    "play": N_("Play against the computer"),
    "two": N_("Two players"),
    "online": N_("Play a friend online"),
    "watch": N_("Computer against computer"),
    "puzzles": N_("Puzzles"),
    "stats": N_("Statistics"),
    "settings": N_("Settings"),
    "help": N_("How to play"),
    "quit": N_("Quit"),
}


def continue_label(name: str, discs: int) -> str:
    """What Continue goes back to, for an online game."""
    return ngettext(
        "the online game against {name} ({discs} disc played)",
        "the online game against {name} ({discs} discs played)",
        discs,
    ).format(name=name, discs=discs)


class MenuScene(FormScene):
    backdrop = BACKDROP_GAME

    @property
    def title(self) -> str:  # type: ignore[override]
        # Translators: the game's name, as players in your language know it.
        return _("Connect Four")

    def __init__(
        self,
        host: SceneHost,
        *,
        settings: Settings,
        saved: SavedGame | None,
        online: OnlineSeat | None = None,
    ) -> None:
        """The menu; ``saved`` is the game in progress Continue goes back to, if any,
        ``online`` the online game it resumes (then first); Two players starts a game
        with ``settings``' choices."""
        self.settings = settings
        self.saved = saved
        self.online = online
        keys = [
            *(["online_continue"] if online is not None else []),
            *(["continue"] if saved is not None else []),
            *list(LABELS)[1:],
        ]
        primary = keys[0]
        items = ItemList([Item(key, self._label(key), primary=key == primary) for key in keys])
        super().__init__(host, items)

    @property
    def continues(self) -> str:
        """What Continue goes back to, in words ("" when there is no game in progress)."""
        if self.online is not None:
            return continue_label(self.online.opponent, len(self.online.moves))
        if self.saved is None:
            return ""
        from game.ui.match import describe  # noqa: PLC0415 - loaded only when a game is kept

        return describe(self.saved)

    def title_width(self, window_width: int) -> int:
        # Room for a disc on each side of the title.
        return window_width - 40 - window_width // 6

    def relabel(self) -> None:
        for item in self.items.items:
            item.label = self._label(item.key)

    def _label(self, key: str) -> str:
        if key == "online_continue":
            return _("Continue the online game")
        return _(LABELS[key])

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        keys = [i.key for i in self.items.items]
        # Both Continues and every other item: rows a little lower, so that what Continue
        # goes back to still fits under them in the smallest window.
        row = 52.0 if len(keys) <= 9 else 44.0
        return stacked_form_layout(size, keys, width=440, body_height=40, row=row)

    def activate(self, key: str) -> Transition | None:
        if key == "two":
            return Play(config_for(self.settings, Mode.TWO_PLAYERS))
        return LEADS_TO.get(key)

    def back(self) -> Transition | None:
        """Esc on the main menu moves the focus to Quit rather than quitting at once."""
        self.items.focus_on("quit")
        return None

    def draw_title(self, surface: pygame.Surface, layout: FormLayout) -> None:
        super().draw_title(surface, layout)
        theme = self.host.theme
        x, y = layout.title_pos
        width = min(
            self.host.text.size_of(self.title, layout.title_size)[0],
            self.title_width(surface.get_width()),
        )
        radius = max(8, round(layout.title_size * 0.32))
        cy = y + round(layout.title_size * 0.36)
        renderer = self.host.renderer
        renderer.draw_disc(
            surface, (x - width // 2 - radius * 2, cy), radius, DiscColour.RED, theme
        )
        renderer.draw_disc(
            surface, (x + width // 2 + radius * 2, cy), radius, DiscColour.YELLOW, theme
        )

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        size = layout.type.small
        w, h = surface.get_size()
        if self.continues:
            # Under the items, what Continue goes back to.
            body = layout.body
            slot = pygame.Rect(12, body.y + round(4 * layout.scale), w - 24, size)
            self.host.text.blit_fitted(
                surface,
                _("Continue: {game}").format(game=self.continues),
                Ink(size, self.host.theme.text_muted),
                slot,
                anchor="midtop",
            )
        self.host.text.blit(
            surface,
            _("version {version}").format(version=__version__),
            Ink(size, self.host.theme.text_muted),
            (w - 12, h - 10),
            anchor="bottomright",
        )
