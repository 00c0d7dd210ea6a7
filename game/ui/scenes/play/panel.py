"""The play screen's side panel, top to bottom: who plays at which level, whose turn,
the hint, the moves, the session's score, the value of the column under the cursor
with the analysis's legend, the keys, and the buttons.

Each part is drawn by a function that takes a :class:`Pen` (where the next line
goes) and moves it down; what does not fit above the buttons is left out.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from game.ai.client import MAX_ATTEMPTS
from game.ui.board_screen import BoardLayout, draw_dots, worth_colour
from game.ui.layout import metrics
from game.ui.options import Mode
from game.ui.scenes.play import texts
from game.ui.scenes.play.view import (
    PlayState,
    colour_of,
    column_values,
    hint_text,
)
from game.ui.text import Ink
from game.ui.themes import Colour
from game.ui.widgets import draw_items, draw_panel
from game.ui.worth import worth_sentence


@dataclass(slots=True)
class Pen:
    """Where the panel's next line goes, and the sizes it writes in."""

    surface: pygame.Surface
    state: PlayState
    x: int
    y: int
    width: int
    pad: int
    body: int
    small: int

    def write(self, words: str, size: int, colour: Colour, *, indent: int = 0) -> None:
        """``words`` wrapped to the panel's width, from the pen down."""
        text = self.state.look.text
        lines = text.wrap(words, size, self.width - indent)
        self.y = text.blit_lines(self.surface, lines, Ink(size, colour), (self.x + indent, self.y))

    def write_if_room(self, words: str, colour: Colour, bottom: int) -> None:
        """``words`` in the small size, if all of its lines end above ``bottom``."""
        text = self.state.look.text
        lines = text.wrap(words, self.small, self.width)
        if self.y + len(lines) * text.line_step(self.small) < bottom:
            self.y = text.blit_lines(self.surface, lines, Ink(self.small, colour), (self.x, self.y))

    def gap(self) -> None:
        self.y += self.pad // 2


def draw_side_panel(surface: pygame.Surface, state: PlayState, layout: BoardLayout) -> None:
    """The whole panel (see the module docstring)."""
    look = state.look
    panel = layout.panel
    draw_panel(surface, panel, look.theme, radius=max(6, round(12 * layout.scale)))
    pad = layout.pad
    sizes = layout.type
    pen = Pen(
        surface,
        state,
        panel.x + pad,
        panel.y + pad,
        panel.width - 2 * pad,
        pad,
        sizes.body,
        sizes.small,
    )
    foot = footer(state, layout)
    top_button = min((r.top for r in layout.buttons.values()), default=panel.bottom)
    with look.text.within(panel):
        room = top_button - pad - pen.y
        if state.coach.offer is None or _players_height(pen) + _offer_height(pen) <= room:
            _players(pen)
            _turn(pen, panel.bottom - pad - _record_height(pen))
            _record(pen)
        else:
            # The coach's question first, and why the move loses: in a small window that
            # may take the room of who plays, the record and the keys' help, which come
            # back once the player decides.
            _turn(pen, top_button - pad)
            if pen.y + _players_height(pen) <= top_button - pad:
                _players(pen)
            if pen.y + _record_height(pen) <= top_button - pad:
                _record(pen)
        if state.shows_analysis:
            # Above the keys' help where the column's line has room (three lines);
            # in a small window the keys give way.
            roomy = foot.top - pen.y >= 3 * look.text.line_step(sizes.small)
            _analysis(pen, foot.top - pad // 2 if roomy else top_button - pad)
        _keys(pen, foot)
    draw_items(
        surface,
        state.buttons,
        layout.buttons,
        look,
        show_focus=state.round.over
        or state.coach.offer is not None
        or state.stuck is not None
        or state.buttons.hovered is not None,
    )


def _players(pen: Pen) -> None:
    """Who plays; the computer's level (each side's when two computers play) and
    whether its last move was proven."""
    state = pen.state
    theme = state.look.theme
    config = state.round.config
    heading = metrics(pen.surface.get_size()).type.heading
    pen.write(texts.mode_title(config.mode), heading, theme.text)
    if config.mode is not Mode.TWO_PLAYERS:
        for line in texts.levels_lines(config, state.round.match, theme.colour_names):
            pen.write(line, pen.small, theme.text_muted)
        proof = proof_line(state)
        if proof:
            pen.write(proof, pen.small, theme.text_muted)
    pen.gap()


def _players_height(pen: Pen) -> int:
    """How tall :func:`_players` will be."""
    state, text = pen.state, pen.state.look.text
    config = state.round.config
    heading = metrics(pen.surface.get_size()).type.heading
    height = len(text.wrap(texts.mode_title(config.mode), heading, pen.width)) * text.line_step(
        heading
    )
    if config.mode is not Mode.TWO_PLAYERS:
        lines = [*texts.levels_lines(config, state.round.match, state.look.theme.colour_names)]
        lines += [line for line in (proof_line(state),) if line]
        rows = sum(len(text.wrap(line, pen.small, pen.width)) for line in lines)
        height += rows * text.line_step(pen.small)
    return height + pen.pad // 2


def _disc_radius(pen: Pen) -> int:
    """The radius of the disc beside whose turn it is."""
    return max(8, round(pen.body * 0.62))


def _offer_height(pen: Pen) -> int:
    """How tall :func:`_turn` will be with the coach's question open, its reason and the
    record below it."""
    state, text = pen.state, pen.state.look.text
    offer = state.coach.offer
    assert offer is not None
    disc_r = _disc_radius(pen)
    status = text.wrap(turn_text(state), pen.body, pen.width - 2 * disc_r - pen.pad // 2)
    height = max(2 * disc_r, len(status) * text.line_step(pen.body)) + pen.pad
    said = texts.coach_says(offer.best.value, offer.played.value, offer.best_column)
    why = offer.reason_words(functools.partial(colour_of, state), state.look.theme.colour_names)
    for words in (said, why or ""):
        height += len(text.wrap(words, pen.small, pen.width)) * text.line_step(pen.small)
    return height + _record_height(pen)


def proof_line(state: PlayState) -> str:
    """What the computer's last move was worth, in words ("" before its first move, and
    once undo went back past it)."""
    was_proven = state.proof_for(state.round.match.board.moves)
    return "" if was_proven is None else texts.proof(was_proven)


def turn_text(state: PlayState) -> str:
    """Whose turn it is, or the result; the computer's move while its disc falls."""
    round_, look = state.round, state.look
    match, names = round_.match, look.theme.colour_names
    if round_.over:
        return texts.headline(match, names)
    drop = round_.drop
    if drop is not None and match.is_computer(drop.player):
        # "Your turn" only once the computer's disc has landed.
        return texts.computer_plays(match, drop.player, drop.col, names)
    if state.watching.paused:
        said: texts.Says | None = texts.Says.PAUSED
    elif state.coach.offer is not None:
        said = texts.Says.COACH_WAITS
    elif state.stuck is not None:
        said = texts.Says.COMPUTER_STUCK
    else:
        said = None
    if said is not None:
        return said.text
    if state.thinking or match.computer_to_move:
        return texts.thinking(match, names)
    return texts.to_move(match, names)


def _turn(pen: Pen, bottom: int) -> None:
    """Whose turn, beside their disc (a draw has none: its words start at the margin);
    then the coach's offer (and why the move loses, where it fits above ``bottom``), the
    thinking dots, the hint on its way, or the hint."""
    state = pen.state
    look, round_ = state.look, state.round
    theme = look.theme
    board = round_.match.board
    outcome = board.outcome
    mover = board.to_move
    if round_.over and outcome is not None and outcome.winner is not None:
        mover = outcome.winner
    elif round_.drop is not None and round_.match.is_computer(round_.drop.player):
        mover = round_.drop.player  # the disc of "Red plays column 4" while it falls
    drawn = round_.over and outcome is not None and outcome.winner is None
    disc_r = _disc_radius(pen)
    indent = 0
    if not drawn:
        centre = (pen.x + disc_r, pen.y + disc_r)
        look.renderer.draw_disc(pen.surface, centre, disc_r, colour_of(state, mover), theme)
        indent = 2 * disc_r + pen.pad // 2
    top = pen.y
    pen.write(turn_text(state), pen.body, theme.text, indent=indent)
    pen.y = max(top + (0 if drawn else 2 * disc_r), pen.y) + pen.pad // 2
    offer, stuck = state.coach.offer, state.stuck
    if offer is not None:
        said = texts.coach_says(offer.best.value, offer.played.value, offer.best_column)
        pen.write(said, pen.small, theme.accent)
        why = offer.reason_words(functools.partial(colour_of, state), theme.colour_names)
        if why is not None:
            pen.write_if_room(why, theme.text, bottom)
    elif stuck is not None:
        pen.write(texts.stuck_detail(stuck.crashed, MAX_ATTEMPTS), pen.small, theme.accent)
    elif state.thinking and not state.watching.paused:
        centre = (pen.x + 2 * disc_r + pen.pad + disc_r, pen.y)
        draw_dots(pen.surface, centre, disc_r // 3, theme.accent, state.time)
        pen.y += disc_r
    elif state.advisor.looking_for_hint(board.moves):
        pen.write(texts.Says.LOOKING_FOR_HINT.text, pen.small, theme.accent)
    elif state.advisor.hint_column(board.moves) is not None:
        pen.write(hint_text(state), pen.small, theme.hint)
    pen.gap()


def _record(pen: Pen) -> None:
    """The moves so far, and the session's score."""
    state = pen.state
    look = state.look
    theme, text = look.theme, look.text
    moves, score = _record_words(pen)
    pen.write(texts.Says.MOVES.text, pen.small, theme.text_muted)
    rows = text.wrap(moves, pen.small, pen.width)
    pen.y = text.blit_lines(pen.surface, rows, Ink(pen.small, theme.text, 1.05), (pen.x, pen.y))
    pen.gap()
    pen.write(texts.Says.SESSION.text, pen.small, theme.text_muted)
    pen.write(score, pen.small, theme.text)


def _record_words(pen: Pen) -> tuple[str, str]:
    """The record's moves and the session's score, as :func:`_record` writes them."""
    state = pen.state
    moves = texts.numbered_moves(state.round.match.board.moves) or texts.Says.NO_MOVES.text
    score_line = texts.score_line(state.round.session, state.look.theme.colour_names)
    score = "   ".join(f"{label}{texts.NO_BREAK}{count}" for label, count in score_line)
    return moves, score


def _record_height(pen: Pen) -> int:
    """How tall :func:`_record` will be (what the coach's words leave room for)."""
    text = pen.state.look.text
    moves, score = _record_words(pen)
    rows = len(text.wrap(moves, pen.small, pen.width)) + len(text.wrap(score, pen.small, pen.width))
    return (rows + 2) * text.line_step(pen.small, 1.05) + pen.pad


def _analysis(pen: Pen, bottom: int) -> None:
    """The column under the cursor first, in the words above it; then the legend,
    where it fits above ``bottom``."""
    state = pen.state
    pen.gap()
    values = column_values(state)
    col = state.cursor
    found = values[col] if col < len(values) else None
    experts = state.settings.engine_scores
    if found is not None:
        label, said = found
        sentence = worth_sentence(said, col)
        if experts:
            sentence = f"{sentence} ({label})"
        pen.write_if_room(sentence, worth_colour(state.look, said), bottom)
    estimates = any(v is not None and not v[1].exact for v in values)
    for legend in texts.legends(engine_scores=experts, estimates=estimates):
        pen.write_if_room(legend, state.look.theme.text_muted, bottom)


@dataclass(frozen=True, slots=True)
class Footer:
    """The panel's foot, above the buttons: the keys' help (``keys``, its lines, from
    ``keys_top``) and above it, with the sound off, the mute indicator; the foot begins
    at ``top``.  The analysis's lines end above it, the notices stand on it."""

    keys: tuple[str, ...]
    keys_top: int
    top: int
    size: int
    """The keys' text size."""


def footer(state: PlayState, layout: BoardLayout) -> Footer:
    """Where the panel's foot goes (computed once, for the drawing and the notices)."""
    text = state.look.text
    pad, sizes = layout.pad, layout.type
    words = texts.keys_help(state.round.config.mode, over=state.round.over)
    keys = text.wrap(words, sizes.tiny, layout.panel.width - 2 * pad)
    top_button = min((r.top for r in layout.buttons.values()), default=layout.panel.bottom)
    keys_top = top_button - pad // 2 - len(keys) * text.line_step(sizes.tiny)
    top = keys_top if state.settings.sound_on else keys_top - text.line_step(sizes.small)
    return Footer(keys, keys_top, top, sizes.tiny)


def footer_top(state: PlayState, layout: BoardLayout) -> int:
    """Where the panel's foot (the keys' help, the mute indicator and the buttons) begins:
    the notices stand just above it."""
    return footer(state, layout).top


def _keys(pen: Pen, foot: Footer) -> None:
    """The keys that work, just above the buttons, and above them the mute indicator,
    where the lines above leave room for them."""
    state = pen.state
    theme, text = state.look.theme, state.look.text
    if foot.top < pen.y:
        return
    text.blit_lines(
        pen.surface, foot.keys, Ink(foot.size, theme.text_muted), (pen.x, foot.keys_top)
    )
    if not state.settings.sound_on:
        slot = pygame.Rect(pen.x, foot.top, pen.width, foot.keys_top - foot.top)
        ink = Ink(pen.small, theme.accent)
        text.blit_fitted(pen.surface, texts.Says.SOUND_OFF.text, ink, slot, anchor="topleft")
