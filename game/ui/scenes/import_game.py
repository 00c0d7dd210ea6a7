"""Import a game: a box to paste or type a game's moves into (the columns 1-7 in the order
they were played, as the Review screen's Copy gives them), to review it.

Typing and Ctrl+V (or the Paste button) fill the box; Enter (or Review) checks the moves:
a string that is not a game gets a sentence naming the first bad character or move, and
nothing else changes; a game opens on the Review screen.  The columns are the digits 1
to 7, ASCII or full-width (a superscript ``²`` is a digit to Python, not a column: see
:mod:`game.move_text`); spaces and commas between them are separators.  Space types a
space here, and Enter reviews wherever the buttons' focus is: neither presses a button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from game.i18n import gettext as _
from game.move_text import moves_in, problem_with
from game.ui import clipboard
from game.ui import input as ui_input
from game.ui.input import Command, Order
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.stack import Go, Review, Transition
from game.ui.text import Ink
from game.ui.widgets import Item, ItemList

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost

BUTTONS: Final = ("back", "paste", "review")
MAX_CHARS: Final = 256
"""The box holds at most this many characters (a game has at most 42 moves, which with a
comma and a space between them take 124)."""


class ImportScene(FormScene):
    """The box, its sentence, and the buttons (see the module docstring)."""

    def __init__(self, host: SceneHost) -> None:
        super().__init__(host, ItemList(self._buttons()))
        self.items.focus_on("review")
        self.text = ""
        self.problem: str | None = None
        """Why the moves last checked are not a game (None: no problem said)."""

    @staticmethod
    def _buttons() -> list[Item]:
        return [
            Item("back", _("Back")),
            Item("paste", _("Paste")),
            Item("review", _("Review"), primary=True),
        ]

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Import a game")

    def relabel(self) -> None:
        self.items = ItemList(self._buttons())
        self.items.focus_on("review")

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, list(BUTTONS), button_width=240, body_width=760)

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.TEXTINPUT:
            self._type(event.text)
            return None
        if event.type == pygame.KEYDOWN:
            order = ui_input.key_order(event, ui_input.IMPORT_KEYS)
            if order is not None:
                return self.carry_out(order)
            if event.key in ui_input.TYPING_KEYS:
                return None  # it typed (a TEXTINPUT event): it presses no button
        return super().handle_event(event)

    def carry_out(self, order: Order) -> Transition | None:
        """Do what ``order`` says; where to go next, if anywhere."""
        match order.command:
            case Command.PASTE:
                self.paste()
            case Command.ERASE:
                self.text = self.text[:-1]
                self.problem = None
            case Command.REVIEW:
                return self.review()
            case Command.BACK:
                return Go.BACK
        return None

    def _type(self, typed: str) -> None:
        printable = "".join(char for char in typed if char.isprintable())
        self.text = (self.text + printable)[:MAX_CHARS]
        self.problem = None

    def paste(self) -> None:
        """The clipboard's text in the box (or a sentence saying there is none)."""
        found = clipboard.paste_text()
        if found is None:
            self.problem = _("The clipboard has no text to paste here: type the moves instead.")
            return
        self.text = ""
        self._type(" ".join(found.split()))

    def review(self) -> Transition | None:
        """The moves in the box on the Review screen, or the sentence saying why not."""
        self.problem = problem_with(self.text)
        if self.problem is not None:
            self.host.sounds.play("click")
            return None
        return Review(ReviewGame(moves_in(self.text)))

    def activate(self, key: str) -> Transition | None:
        return self.carry_out(ui_input.button_order(key))

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        theme, text = self.host.theme, self.host.text
        body = layout.body
        size = layout.type.body
        with text.within(body):
            explain = _(
                "Paste or type a game's moves: the columns 1 to 7 in the order they were"
                " played, for example 4453. Ctrl+V pastes; Enter reviews the game."
            )
            y = text.blit_lines(
                surface, text.wrap(explain, size, body.width), Ink(size, theme.text), body.topleft
            )
            box = pygame.Rect(body.x, y + size // 2, body.width, text.line_step(size, 1.8))
            pygame.draw.rect(surface, theme.panel, box, border_radius=6)
            pygame.draw.rect(surface, theme.accent, box, 2, border_radius=6)
            inside = box.inflate(-16, 0)
            shown = self.text + "|"
            # A long game shows its end, where the typing goes on.
            while len(shown) > 1 and text.size_of(shown, size)[0] > inside.width:
                shown = "\u2026" + shown[2:]
            text.blit(surface, shown, Ink(size, theme.text), inside.midleft, anchor="midleft")
            y = box.bottom + size // 2
            if self.problem is not None:
                lines = text.wrap(self.problem, size, body.width)
                text.blit_lines(surface, lines, Ink(size, theme.score_loss), (body.x, y))
