"""Your games: the finished games kept for review (the last 200, newest first), each one
line (when it ended, who played, the result, how long: "16+1" for a game from a set
position, coached or not, and how many of the mistakes replayed in Replay my mistakes were
fixed); a click or Enter reviews it.
Import a game reviews one played elsewhere, from its moves.

Up and Down choose a game (Page Up and Page Down a page at a time), Enter reviews it;
Tab goes to the buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import N_, number, pgettext
from game.i18n import gettext as _
from game.profile.choices import Mode
from game.profile.history import FinishedGame
from game.ui.input import PRESS_KEYS
from game.ui.names import colour_name, level_name
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.stack import Go, Review, Transition
from game.ui.table import lay_out
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from collections.abc import Mapping

    from game.ui.scenes.base import SceneHost
    from game.ui.services import Games

BUTTONS: Final = ("back", "import")
COLUMNS: Final = (N_("Ended"), N_("Game"), N_("Result"), N_("Moves"), "")
"""The list's headings (the last column marks a coached game)."""
TO_BUTTONS: Final = frozenset({pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT})
"""Keys that take the keyboard from the list to the buttons."""
LIST_KEYS: Final = {
    pygame.K_UP: -1,
    pygame.K_DOWN: 1,
    pygame.K_PAGEUP: -10,
    pygame.K_PAGEDOWN: 10,
}


def game_cells(game: FinishedGame, names: Mapping[str, str]) -> tuple[str, ...]:
    """A game's line in the list, cell by cell, in the language in use (``names``: the
    theme's colour names)."""
    ended = game.ended().strftime("%Y-%m-%d %H:%M")
    if game.opponent or (game.mode is Mode.VS_COMPUTER and game.computer_level is not None):
        if game.opponent:
            who = _("online vs {name}").format(name=game.opponent)
        else:
            who = _("You against {level}").format(level=level_name(game.computer_level or ""))
        result = {
            "win": pgettext("a game's result", "Won"),
            "loss": pgettext("a game's result", "Lost"),
            "draw": pgettext("a game's result", "Drawn"),
        }[game.result_for_human() or "draw"]
    else:
        who = _("Two players")
        winner = game.winner
        result = (
            pgettext("a game's result", "Drawn")
            if winner is None
            else _("{colour} won").format(colour=colour_name(names, game.colour_of(winner)))
        )
    # The count alone: the column's heading says what it counts.  A game from a set
    # position (practice) says the discs it began with too: "16+1", not a one-move game.
    played = number(len(game.moves) - game.start)
    moves = f"{number(game.start)}+{played}" if game.start else played
    return ended, who, result, moves, marks(game)


def marks(game: FinishedGame) -> str:
    """The last cell: whether the coach spoke, and the mistakes fixed in a replay."""
    if not game.mistakes:
        return _("coached") if game.coached else ""
    counts = {"fixed": number(len(game.fixed)), "count": number(len(game.mistakes))}
    if game.coached:
        return _("coached, fixed {fixed}/{count}").format(**counts)
    return _("fixed {fixed}/{count}").format(**counts)


class GamesScene(FormScene):
    """The games of ``games`` (see the module docstring)."""

    def __init__(self, host: SceneHost, games: Games) -> None:
        super().__init__(host, ItemList(self._buttons()))
        self.games = games
        self.kept: list[FinishedGame] = list(reversed(games.all_games()))
        """Newest first."""
        self.cells = self._cells()
        """Each game's line, cell by cell, in the language in use."""
        self.chosen = 0
        self.first = 0
        """The first game of the list on screen."""
        self.on_list = bool(self.kept)
        """Whether the keyboard is on the list (Enter reviews the chosen game) rather
        than on the buttons (Enter presses the focused one; Tab and the arrows go there,
        Up and Down come back)."""

    @property
    def buttons_focused(self) -> bool:
        return not self.on_list

    @staticmethod
    def _buttons() -> list[Item]:
        return [Item("back", _("Back")), Item("import", _("Import a game"), primary=True)]

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Your games")

    def relabel(self) -> None:
        self.items = ItemList(self._buttons())
        self.kept = list(reversed(self.games.all_games()))
        self.cells = self._cells()
        self.chosen = min(self.chosen, max(0, len(self.kept) - 1))

    def _cells(self) -> list[tuple[str, ...]]:
        names = self.host.theme.colour_names
        return [game_cells(game, names) for game in self.kept]

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, list(BUTTONS), button_width=300, body_width=860)

    def activate(self, key: str) -> Transition | None:
        return Go.IMPORT if key == "import" else Go.BACK

    # -- the list -----------------------------------------------------------------------
    def _rows(self, layout: FormLayout) -> tuple[int, int]:
        """The height of a row and how many fit below the headings."""
        step = self.host.text.line_step(self._size(layout), 1.45)
        return step, max(1, layout.body.height // step - 1)

    @staticmethod
    def _size(layout: FormLayout) -> int:
        return layout.type.body

    def _choose(self, index: int) -> None:
        layout = self.layout(self.host.size)
        _, visible = self._rows(layout)
        self.chosen = min(max(index, 0), max(0, len(self.kept) - 1))
        if self.chosen < self.first:
            self.first = self.chosen
        elif self.chosen >= self.first + visible:
            self.first = self.chosen - visible + 1

    def _review(self, index: int) -> Transition | None:
        if not 0 <= index < len(self.kept):
            return None
        self.host.sounds.play("click")
        return Review(ReviewGame.of(self.kept[index]))

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if self.kept and event.type == pygame.KEYDOWN:
            if event.key in LIST_KEYS:
                self.on_list = True
                self._choose(self.chosen + LIST_KEYS[event.key])
                return None
            if self.on_list and event.key in PRESS_KEYS:
                return self._review(self.chosen)
            if self.on_list and event.key in TO_BUTTONS:
                self.on_list = False  # onto the focused button, which is marked now
                return None
        if event.type == pygame.MOUSEWHEEL and self.kept:
            self.on_list = True
            self._choose(self.chosen - event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._row_at(event.pos)
            if index is not None:
                self.on_list = True
                return self._review(index)
        transition = super().handle_event(event)
        if self.items.hovered is not None:
            self.on_list = False  # the mouse is on a button: it is the one Enter presses
        return transition

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        layout = self.layout(self.host.size)
        step, visible = self._rows(layout)
        body = layout.body
        if not body.collidepoint(pos) or pos[1] < body.y + step:
            return None
        index = self.first + (pos[1] - body.y - step) // step
        return index if index < min(len(self.kept), self.first + visible) else None

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        theme, text = self.host.theme, self.host.text
        body, size = layout.body, self._size(layout)
        with text.within(body):
            if not self.kept:
                words = _(
                    "No finished games yet. Every game you finish is kept here (the last 200),"
                    " to review move by move. Import a game reviews one played elsewhere."
                )
                lines = text.wrap(words, size, body.width)
                text.blit_lines(surface, lines, Ink(size, theme.text), body.topleft)
                return
            step, visible = self._rows(layout)
            headings = [[_(h) if h else ""] for h in COLUMNS]
            table = lay_out(text, headings, self.cells, size, body.width - 12)
            rows = [table.headings, *self.cells[self.first : self.first + visible]]
            for index, row in enumerate(rows):
                y = body.y + index * step
                chosen = index > 0 and self.first + index - 1 == self.chosen
                if chosen:
                    pygame.draw.rect(
                        surface, theme.button_focus, (body.x, y, body.width, step), border_radius=4
                    )
                ink = Ink(table.size, theme.text_muted if index == 0 else theme.text)
                for cell, slot in zip(row, table.slots(body.x + 6, y, step), strict=True):
                    if cell:
                        text.blit_fitted(surface, cell, ink, slot, anchor="midleft")
