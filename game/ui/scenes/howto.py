"""How to play, on three pages: the rules, the keys and the analysis; the Review screen
(its keys and the marks of its verdicts) and the coach; the puzzles' keys.  Next page
and Previous page (or Left and Right) turn them."""

from __future__ import annotations

from dataclasses import dataclass
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
    (N_("Ctrl+Q"), N_("quit (a game in progress waits for Continue)")),
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


REVIEW_SENTENCE = N_(
    "After a game, Review game goes through it move by move, each move marked from its"
    " player's side: {best} the best move, {inaccuracy} an inaccuracy (the same result, but"
    " a slower win or a quicker loss), {mistake} a mistake (a win thrown away for a draw),"
    " {blunder} a blunder (a game that was not lost turned into a lost one)."
)
VERDICT_MARKS = {"best": "\u2713", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The marks of the Review screen's verdicts, as the sentence names them."""
REVIEW_KEYS = (
    (N_("Left / Right"), N_("the move before or after; the mouse wheel too")),
    (N_("Home / End"), N_("the start or the end of the game")),
    (N_("Mouse"), N_("click the graph, or a move of the list, to show that position")),
    (N_("C"), N_("copy the moves, to import the game later or elsewhere")),
)
COACH_SENTENCE = N_(
    "The coach (in the settings) watches your games against the computer: a mistake or a"
    " blunder of yours is said at once, before the computer replies, with the column that"
    " kept the win or the draw. Take the move back, or keep it."
)
PUZZLE_KEYS = (
    (N_("1 - 7"), N_("play the winning move, then the next ones, to win in the moves given")),
    (N_("D"), N_("the puzzle of the day")),
    (N_("N"), N_("the next puzzle")),
    (N_("R"), N_("try this puzzle again")),
)


PAGES = 3
"""How many pages :func:`pages` gives."""


@dataclass(frozen=True, slots=True)
class Block:
    """A part of a page: a ``heading``, a paragraph of ``words``, or ``keys`` (their
    names and what they do); ``optional`` blocks give way when the page is full."""

    heading: str = ""
    words: str = ""
    keys: tuple[tuple[str, str], ...] = ()
    muted: bool = False
    optional: bool = False


def marked(sentence: str, marks: dict[str, str]) -> str:
    """``sentence`` with its placeholders filled with ``marks``, each mark bound to the
    word after it by a no-break space ("?!" never ends a line without its word)."""
    for name in marks:
        sentence = sentence.replace(f"{{{name}}} ", f"{{{name}}}\u00a0")
    return sentence.format(**marks)


def _keys(table: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple((_(name), _(what)) for name, what in table)


def pages(kernel_name: str) -> tuple[tuple[Block, ...], ...]:
    """The pages, in the player's language: playing; the Review screen and the coach;
    the puzzles."""
    return (
        (
            Block(heading=_("Rules")),
            Block(words=_(RULES)),
            Block(heading=_("Controls")),
            Block(keys=_keys(CONTROLS)),
            Block(heading=_("Analysis")),
            Block(words=analysis_text()),
            Block(words=engine_line(kernel_name), muted=True, optional=True),
        ),
        (
            Block(heading=_("Review")),
            Block(words=marked(_(REVIEW_SENTENCE), VERDICT_MARKS)),
            Block(keys=_keys(REVIEW_KEYS)),
            Block(heading=_("Coach")),
            Block(words=_(COACH_SENTENCE)),
        ),
        (
            Block(heading=_("Puzzles")),
            Block(keys=_keys(PUZZLE_KEYS)),
        ),
    )


class HowToScene(FormScene):
    def __init__(self, host: SceneHost, kernel_name: str) -> None:
        """The pages; ``kernel_name`` says which build of the engine's kernel runs."""
        super().__init__(host, ItemList(self._buttons(0)))
        self.kernel_name = kernel_name
        self.page = 0
        self.content_bottom = 0
        """Where the text drawn last ended (the body must hold it)."""

    @staticmethod
    def _buttons(page: int) -> list[Item]:
        return [
            Item("back", _("Back"), primary=True),
            Item("previous", _("Previous page"), enabled=page > 0),
            Item("next", _("Next page"), enabled=page < PAGES - 1),
        ]

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("How to play")

    def relabel(self) -> None:
        focus = self.items.focused
        self.items = ItemList(self._buttons(self.page))
        if focus is not None:
            self.items.focus_on(focus.key)

    def compute_layout(self, size: tuple[int, int]) -> FormLayout:
        return page_layout(size, ["back", "previous", "next"], button_width=280)

    def turn(self, step: int) -> None:
        """The page ``step`` after this one (-1: the one before), if there is one.  A
        page button that has no page left to turn to gives its focus to the other one,
        not to Back (Enter, Enter, Enter through the pages must not leave)."""
        page = min(max(self.page + step, 0), PAGES - 1)
        if page != self.page:
            before = self.items.focused
            turned = before.key if before is not None else None
            self.page = page
            self.relabel()
            now = self.items.focused
            if turned in ("previous", "next") and now is not None and now.key == "back":
                self.items.focus_on("previous" if turned == "next" else "next")

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        turns = {
            pygame.K_LEFT: -1,
            pygame.K_PAGEUP: -1,
            pygame.K_RIGHT: 1,
            pygame.K_PAGEDOWN: 1,
        }
        if event.type == pygame.KEYDOWN and event.key in turns:
            self.turn(turns[event.key])
            return None
        return super().handle_event(event)

    def activate(self, key: str) -> Transition | None:
        if key in ("previous", "next"):
            self.turn(-1 if key == "previous" else 1)
            return None
        return Go.BACK

    def draw_body(self, surface: pygame.Surface, layout: FormLayout) -> None:
        """The page at the largest size that fits the body: a longer language's text is
        drawn smaller, then closer, then without its optional lines, never past the
        buttons."""
        blocks = pages(self.kernel_name)[self.page]
        size = layout.type.reading
        fits = [(s, 1.1, True) for s in range(size, 0, -1) if pixel_size(s) >= MIN_PIXELS]
        fits += [(fits[-1][0], 1.0, True), (fits[-1][0], 1.0, False)]
        for size, spacing, optional in fits:
            shown = tuple(b for b in blocks if optional or not b.optional)
            if self._page(None, layout, shown, (size, spacing)) <= layout.body.bottom:
                break
        with self.host.text.within(layout.body):
            self.content_bottom = self._page(surface, layout, shown, (size, spacing))

    def _page(
        self,
        surface: pygame.Surface | None,
        layout: FormLayout,
        blocks: tuple[Block, ...],
        at: tuple[int, float],
    ) -> int:
        """Lay ``blocks`` out at text size and line spacing ``at`` (drawn on ``surface``
        unless None); where they end.  A line that would end below the body is left out."""
        theme, text = self.host.theme, self.host.text
        body = layout.body
        size, spacing = at
        heading = max(size + 3, round(size * 1.2))
        gap = round(size * (spacing - 0.8))
        names = [name for block in blocks for name, _what in block.keys]
        widest = max((text.size_of(name, size)[0] for name in names), default=0)
        key_w = min(round(body.width * 0.32), max(round(body.width * 0.18), widest + 24))
        y = body.y

        def paragraph(words: str, ink: Ink, x: int, width: int) -> None:
            nonlocal y
            step, tall = text.line_step(ink.size, ink.spacing), text.line_step(ink.size, 1.0)
            for line in text.wrap(words, ink.size, width):
                if surface is not None and line and y + tall <= body.bottom:
                    text.blit(surface, line, ink, (x, y))
                y += step

        for index, block in enumerate(blocks):
            if block.heading:
                y += gap if index else 0
                if surface is not None and y + text.line_step(heading, 1.0) <= body.bottom:
                    slot = pygame.Rect(body.x, y, body.width, heading)
                    ink = Ink(heading, theme.accent)
                    text.blit_fitted(surface, block.heading, ink, slot, anchor="topleft")
                y += text.line_step(heading, spacing * 0.95)
            elif block.keys:
                for name, what in block.keys:
                    if surface is not None and y + text.line_step(size, 1.0) <= body.bottom:
                        slot = pygame.Rect(body.x + 8, y, key_w - 16, size)
                        ink = Ink(size, theme.accent)
                        text.blit_fitted(surface, name, ink, slot, anchor="topleft")
                    ink = Ink(size, theme.text, spacing * 0.95)
                    paragraph(what, ink, body.x + key_w, body.width - key_w)
            else:
                y += gap if block.muted else 0
                colour = theme.text_muted if block.muted else theme.text
                paragraph(block.words, Ink(size, colour, spacing), body.x, body.width)
        return y
