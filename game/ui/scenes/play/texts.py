"""Every sentence the play screen shows, in one place, ready for translation.

Each text goes through :mod:`gettext` (``_`` and ``ngettext``) when it is asked
for, not at import, so that a catalogue installed later applies.  Sentences are
whole, with named placeholders (``{column}``, ``{player}``), never glued from
pieces: a translator sees "{player} plays column {column}", not "plays column".
Without a catalogue gettext returns the English text unchanged.

No pygame here: the view asks for the words, then draws them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from game.ai.levels import Level
from game.core import Player
from game.i18n import N_, ngettext
from game.i18n import gettext as _
from game.ui.engine_link import with_log_file
from game.ui.match import COLOUR_NAMES, Match, Session
from game.ui.names import colour_name, level_choice, level_name
from game.ui.options import DiscColour, GameConfig, Mode
from game.ui.scenes.play.watching import WatchSpeed
from game.ui.worth import DRAW, ESTIMATE_SYMBOLS, LOSS, WIN, Estimate, Worth, WorthKind

NO_BREAK = "\u00a0"


# -- the screen's fixed words ----------------------------------------------------------


class Sentence(enum.Enum):
    """Sentences with no placeholder: a member's value is the English text."""

    @property
    def text(self) -> str:
        """The sentence in the player's language."""
        return _(self.value)


class Says(Sentence):
    """What the play screen shows in its panel and above the board."""

    SOUND_OFF = N_("Sound off (press M)")
    """The mute indicator, above the keys."""
    MOVES = N_("Moves")
    NO_MOVES = N_("(none yet)")
    SESSION = N_("Session")
    ANALYSING = N_("Analysing\u2026")
    """Above the board while the position's analysis is on its way."""
    LOOKING_FOR_HINT = N_("Looking for a hint...")
    PAUSED = N_("Paused: S plays the next move, P goes on")
    COACH_WAITS = N_("The computer waits for your decision")
    """While the coach offers to take a move back."""
    COMPUTER_STUCK = N_("The computer could not choose a move")
    """Its move did not come (the panel says why): try again, or go back."""
    ENGINE_REFUSED = N_("The engine refused this position; the log file says why.")
    """Under COMPUTER_STUCK, when the engine refused the position."""
    NEW_GAME_DETAIL = N_(
        "This game is not finished. A new game takes its place, and this one is not counted."
    )
    """The question before N takes an unfinished game's place."""
    NEW_GAME_LOSS_DETAIL = N_(
        "This game is not finished. A new game takes its place, and this one counts as a loss."
    )
    """The same, for a game against the computer with a few moves played."""


class Refusal(Sentence):
    """A notice: why a key does nothing now."""

    UNDO_IS_FOR_PLAYERS = N_("Undo is for games you play.")
    NOTHING_TO_UNDO = N_("Nothing to undo.")
    NOTHING_TO_REDO = N_("Nothing to redo.")
    HINT_NOT_NOW = N_("A hint is for your own turn.")


def mode_title(mode: Mode) -> str:
    """The side panel's heading: who plays."""
    titles = {
        Mode.VS_COMPUTER: _("You against the computer"),
        Mode.TWO_PLAYERS: _("Two players"),
        Mode.WATCH: _("Computer against computer"),
    }
    return titles[mode]


def keys_help(mode: Mode, *, over: bool) -> str:
    """The keys that work now, at the foot of the side panel (two computers' finished
    game: pause, step and speed no longer apply)."""
    if mode is not Mode.WATCH:
        return _(
            "Keys: 1-7 or Left/Right and Enter drop, H hint, A analysis, Ctrl+Z undo,"
            " Ctrl+Y redo, N new game, M sound, F11 fullscreen, Esc menu"
        )
    if over:
        return _("Keys: N new game, M sound, F11 fullscreen, Esc menu")
    return _("Keys: P pause, S step, F speed, N new game, M sound, F11 fullscreen, Esc menu")


def button_label(key: str, *, paused: bool = False, speed: str = "") -> str:
    """The side panel's buttons by key (``speed``: the speed's name, for "speed")."""
    labels = {
        "again": _("Play again"),
        "undo": _("Undo"),
        "redo": _("Redo"),
        "hint": _("Hint"),
        "menu": _("Menu"),
        "review": _("Review game"),
        "retry": _("Try again"),
        "takeback": _("Take it back"),
        "keep": _("Keep my move"),
        "pause": _("Go on") if paused else _("Pause"),
        "step": _("Step"),
        "speed": _("Speed: {speed}").format(speed=speed),
    }
    return labels[key]


def speed_name(speed: WatchSpeed) -> str:
    """The name of two computers' speed."""
    names = {WatchSpeed.SLOW: _("Slow"), WatchSpeed.NORMAL: _("Normal"), WatchSpeed.FAST: _("Fast")}
    return names[speed]


def speed_notice(speed: WatchSpeed) -> str:
    """Told when the speed changes."""
    notices = {
        WatchSpeed.SLOW: _("Speed: slow."),
        WatchSpeed.NORMAL: _("Speed: normal."),
        WatchSpeed.FAST: _("Speed: fast."),
    }
    return notices[speed]


# -- notices -------------------------------------------------------------------------------


def practice() -> str:
    """Said when a game from a set position (``--position``) ends: it counts for nothing."""
    return _(
        "A game from a set position is practice: it is not counted in your statistics or"
        " your rating."
    )


def could_not_answer(error: str | None) -> str:
    return _("The computer could not answer: {error}").format(error=error)


def stuck_detail(crashed: bool, attempts: int) -> str:
    """Why the computer's move did not come: its process stopped ``attempts`` times on
    the position (``crashed``), or the engine refused it."""
    if not crashed:
        return with_log_file(Says.ENGINE_REFUSED.text)
    return with_log_file(
        ngettext(
            "The computer player stopped {count} time on this position; the log file says why.",
            "The computer player stopped {count} times on this position; the log file says why.",
            attempts,
        ).format(count=attempts)
    )


def impossible_move(column: int | None) -> str:
    """The engine answered a column that cannot be played (0-based, as it answered)."""
    return with_log_file(
        _("The computer chose an impossible move ({column}); see the log.").format(column=column)
    )


def column_full(column: int) -> str:
    """``column`` is 0-based."""
    return _("Column {column} is full.").format(column=column + 1)


def coach_says(best: int, played: int, best_column: int) -> str:
    """The coach's objection to a move whose exact score is ``played`` where 0-based
    ``best_column`` scored ``best`` (a mistake or a blunder)."""
    if played == 0:
        sentence = _(
            "Coach: that move throws a win away for a draw. Column {column} still wins."
            " Take it back?"
        )
    elif best > 0:
        sentence = _(
            "Coach: that move turns a win into a loss. Column {column} still wins. Take it back?"
        )
    else:
        sentence = _("Coach: that move loses. Column {column} still draws. Take it back?")
    return sentence.format(column=best_column + 1)


def played_on_after_the_end() -> str:
    """A finished game taken back: its first result stays the one counted."""
    return _("This game is already counted: what you play from here is practice.")


def analysis_switched(on: bool) -> str:
    return _("Analysis on.") if on else _("Analysis off.")


# -- players, levels and the result ---------------------------------------------------------


def name_of(match: Match, player: Player, names: Mapping[str, str] = COLOUR_NAMES) -> str:
    """ "You", "The computer", or the colour's name in the theme (``names``: the theme's
    ``colour_names``, "Orange" and "Blue" in the blue-orange one)."""
    if match.mode is Mode.VS_COMPUTER:
        return _("You") if player == match.human else _("The computer")
    return colour_name(names, match.colour_of(player))


def headline(match: Match, names: Mapping[str, str] = COLOUR_NAMES) -> str:
    """The game-over banner: who won, or that it is a draw ("" while playing)."""
    outcome = match.board.outcome
    if outcome is None:
        return ""
    if outcome.winner is None:
        return _("A draw: the board is full")
    if match.mode is Mode.VS_COMPUTER:
        return _("You win!") if outcome.winner == match.human else _("The computer wins")
    return _("{colour} wins!").format(colour=colour_name(names, match.colour_of(outcome.winner)))


def score_line(session: Session, names: Mapping[str, str] = COLOUR_NAMES) -> list[tuple[str, int]]:
    """The session's score as (label, count) pairs: [("You", 2), ("Computer", 1), ("Draws", 0)]."""
    wins, draws = session.wins, session.draws
    if session.config.mode is Mode.VS_COMPUTER:
        mine = session.config.colour
        return [(_("You"), wins[mine]), (_("Computer"), wins[mine.other]), (_("Draws"), draws)]
    red, yellow = DiscColour.RED, DiscColour.YELLOW
    return [
        (colour_name(names, red), wins[red]),
        (colour_name(names, yellow), wins[yellow]),
        (_("Draws"), draws),
    ]


def level_label(level: Level) -> str:
    """A level as the new-game screen names it: "Hard (depth 9)", "Custom (depth 7)",
    and Perfect by its name alone (its moves say whether they were proven)."""
    if level.depth is None:
        return level_name(level.name)
    return level_choice(level)


def levels_lines(config: GameConfig, match: Match, names: Mapping[str, str]) -> list[str]:
    """The computer's level ("Hard (depth 9)"); with two computers, each side's on a
    line of its own ("Red: Easy (depth 3)", in the theme's colour names)."""
    if config.mode is not Mode.WATCH:
        return [level_label(config.level)]
    return [
        _("{colour}: {level}").format(
            colour=colour_name(names, match.colour_of(player)),
            level=level_label(config.level_of(int(player))),
        )
        for player in (Player.FIRST, Player.SECOND)
    ]


def proof(exact: bool) -> str:
    """What the computer's last move was worth: proven (book or solver), or not."""
    return _("Last move: proven best") if exact else _("Last move: a best guess, not proven")


def computer_plays(match: Match, player: Player, column: int, names: Mapping[str, str]) -> str:
    """While the computer's disc falls into 0-based ``column``."""
    if match.mode is Mode.VS_COMPUTER:
        return _("The computer plays column {column}").format(column=column + 1)
    return _("{player} plays column {column}").format(
        player=name_of(match, player, names), column=column + 1
    )


def thinking(match: Match, names: Mapping[str, str]) -> str:
    if match.mode is Mode.VS_COMPUTER:
        return _("The computer is thinking")
    mover = name_of(match, match.board.to_move, names)
    return _("{player} is thinking").format(player=mover)


def to_move(match: Match, names: Mapping[str, str]) -> str:
    if match.mode is Mode.VS_COMPUTER:
        return _("Your turn")
    return _("{player} to move").format(player=name_of(match, match.board.to_move, names))


def numbered_moves(moves: str) -> str:
    """The moves as numbered pairs, red's column then yellow's: "1. 4 4  2. 3 5  3. 1".
    A pair never breaks across lines (its spaces are no-break spaces)."""
    pairs = [moves[i : i + 2] for i in range(0, len(moves), 2)]
    return "  ".join(
        f"{number}.{NO_BREAK}{NO_BREAK.join(pair)}" for number, pair in enumerate(pairs, start=1)
    )


def hint(column: int, said: Worth | None) -> str:
    """The hint for 0-based ``column`` in words, with what it leads to when that is
    certain: "Hint: column 4 wins in 3 moves", "Hint: column 4 (all moves lose: this one
    lasts longest)"."""
    number = column + 1
    if said is None or said.estimate is not None:
        sentence = _("Hint: column {column}")
    elif said.kind is WorthKind.DRAW:
        sentence = _("Hint: column {column} (a draw with best play)")
    elif said.kind is WorthKind.LOSS and (said.moves is None or said.at_most):
        # Proven lost, but not which move lasts longest.
        sentence = _("Hint: column {column} (all moves lose with best play)")
    elif said.kind is WorthKind.LOSS:
        sentence = _("Hint: column {column} (all moves lose: this one lasts longest)")
    elif said.moves is None:
        sentence = _("Hint: column {column} wins")
    else:
        return _hint_win_in(number, said.moves, at_most=said.at_most)
    return sentence.format(column=number)


def _hint_win_in(column: int, moves: int, *, at_most: bool) -> str:
    if at_most:
        return ngettext(
            "Hint: column {column} wins in at most {moves} move",
            "Hint: column {column} wins in at most {moves} moves",
            moves,
        ).format(column=column, moves=moves)
    return ngettext(
        "Hint: column {column} wins in {moves} move",
        "Hint: column {column} wins in {moves} moves",
        moves,
    ).format(column=column, moves=moves)


def legends(*, engine_scores: bool, estimates: bool) -> list[str]:
    """What the analysis's symbols or numbers mean (``estimates``: some column shows one)."""
    if engine_scores:
        return [
            _(
                "Engine scores for the player to move: +N wins, -N loses (bigger: sooner),"
                " 0 draws; \u2265+N / \u2264-N proven, perhaps sooner; ~ estimates in"
                " hundredths of a win."
            )
        ]
    found = [
        _(
            "{win} win, {draw} draw, {loss} loss: certain if both sides play perfectly from here."
        ).format(win=WIN, draw=DRAW, loss=LOSS)
    ]
    if estimates:
        found.append(
            _("{better} {even} {worse}: the computer's estimate, strong to bad.").format(
                better=ESTIMATE_SYMBOLS[Estimate.GOOD],
                even=ESTIMATE_SYMBOLS[Estimate.EVEN],
                worse=ESTIMATE_SYMBOLS[Estimate.WEAK],
            )
        )
    return found
