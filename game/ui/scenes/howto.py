"""How to play: the rules and the controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_
from game.i18n import gettext as _
from game.ui.names import engine_line
from game.ui.scenes.base import FormLayout, FormScene, page_layout
from game.ui.scenes.stack import Go, Transition
from game.ui.text import MIN_PIXELS, Ink, pixel_size
from game.ui.widgets import Item, ItemList
from game.ui.worth import DRAW, LOSS, WIN

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost

RULES = N_(
    "Two players take turns dropping a disc into one of the seven columns; it falls to the "
    "lowest free cell. The first to line up four of their discs in a row, a column or a "
    "diagonal wins. A full board with no four is a draw."
)

CONTROLS = (
    # Translators: the keys' names as the player's keyboard prints them ("Strg+Z" on a
    # German one); the single letters are the keys to press, whatever the language.
    (N_("Mouse, 1 - 7"), N_("click a column, or press its number, to drop a disc there")),
    (N_("Left / Right"), N_("move the cursor; Enter, Space or Down drops")),
    (N_("Ctrl+Z / Y"), N_("undo (to your last turn) / redo")),
    (N_("H"), N_("hint: the column the engine recommends")),
    (N_("A"), N_("analysis on or off: what every column is worth")),
    (N_("N"), N_("new game (asks first if this one is not finished)")),
    (N_("P / S / F"), N_("computer against computer: pause, step, speed")),
    (N_("Esc, F11, M"), N_("pause menu or back, fullscreen, mute")),
)
"""The keys (translatable: "Space" is a word, and a translator may name the keys as
the player's keyboard does) and what they do."""

ANALYSIS_SENTENCE = N_(
    "Each column says what a disc there is worth: {win} Win, {draw} Draw or {loss} Loss if"
    " both sides play perfectly (in N moves), or an estimate, {strong} Strong to {bad} Bad."
)
MARKS = {"win": WIN, "draw": DRAW, "loss": LOSS, "strong": "\u25b2\u25b2", "bad": "\u25bc\u25bc"}
"""The marks the analysis draws, as the sentence names them."""
ANALYSIS = ANALYSIS_SENTENCE.format(**MARKS)
"""The sentence in English (as README says it)."""


def analysis_text() -> str:
    """The sentence in the player's language."""
    return _(ANALYSIS_SENTENCE).format(**MARKS)


class HowToScene(FormScene):
    def __init__(self, host: SceneHost, kernel_name: str) -> None:
        """The page; ``kernel_name`` says which build of the engine's kernel runs."""
        super().__init__(host, ItemList([Item("back", _("Back"), primary=True)]))
        self.kernel_name = kernel_name
        self.content_bottom = 0
        """Where the text drawn last ended (the body must hold it)."""

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("How to play")

    def relabel(self) -> None:
        self.items.get("back").label = _("Back")

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, ["back"])

    def activate(self, key: str) -> Transition | None:
        return Go.BACK

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        """The page at the largest size that fits the body: a longer language's text is
        drawn smaller, then closer, then without the engine's line, never past the
        button."""
        size = max(15, round(25 * layout.scale))
        fits = [(s, 1.1, True) for s in range(size, 0, -1) if pixel_size(s) >= MIN_PIXELS]
        fits += [(fits[-1][0], 1.0, True), (fits[-1][0], 1.0, False)]
        for size, spacing, engine in fits:
            if self._page(None, layout, size, spacing, engine=engine) <= layout.body.bottom:
                break
        with self.host.text.within(layout.body):
            self.content_bottom = self._page(surface, layout, size, spacing, engine=engine)

    def _page(
        self,
        surface: pygame.Surface | None,
        layout: FormLayout,
        size: int,
        spacing: float,
        *,
        engine: bool,
    ) -> int:
        """Lay the page out at text size ``size``, lines ``spacing`` apart (drawn on
        ``surface`` unless None; the engine's line if ``engine``); where it ends.  A
        line that would end below the body is left out."""
        theme, text = self.host.theme, self.host.text
        body = layout.body
        heading = max(size + 3, round(size * 1.2))
        y = body.y

        def title(words: str) -> None:
            nonlocal y
            if surface is not None and y + text.line_step(heading, 1.0) <= body.bottom:
                slot = pygame.Rect(body.x, y, body.width, heading)
                ink = Ink(heading, theme.accent)
                text.blit_fitted(surface, words, ink, slot, anchor="topleft")
            y += text.line_step(heading, spacing * 0.95)

        def paragraph(words: str, ink: Ink, x: int, width: int) -> None:
            nonlocal y
            step, tall = text.line_step(ink.size, ink.spacing), text.line_step(ink.size, 1.0)
            for line in text.wrap(words, ink.size, width):
                if surface is not None and line and y + tall <= body.bottom:
                    text.blit(surface, line, ink, (x, y))
                y += step

        gap = round(size * (spacing - 0.8))
        title(_("Rules"))
        paragraph(_(RULES), Ink(size, theme.text, spacing), body.x, body.width)
        y += gap
        title(_("Controls"))
        key_w = round(body.width * 0.22)
        for name, what in CONTROLS:
            if surface is not None and y + text.line_step(size, 1.0) <= body.bottom:
                slot = pygame.Rect(body.x + 8, y, key_w - 16, size)
                text.blit_fitted(surface, _(name), Ink(size, theme.accent), slot, anchor="topleft")
            ink = Ink(size, theme.text, spacing * 0.95)
            paragraph(_(what), ink, body.x + key_w, body.width - key_w)
        y += gap
        title(_("Analysis"))
        paragraph(analysis_text(), Ink(size, theme.text, spacing), body.x, body.width)
        if engine:
            y += gap
            muted = Ink(size, theme.text_muted, spacing)
            paragraph(engine_line(self.kernel_name), muted, body.x, body.width)
        return y
