"""The play screen: the scene that wires the round, the computer, the advice, the pace
of two computers, the controls and the picture together.

Its parts (this package's modules):

* :class:`~.current.CurrentGame`: everything one game owns, made anew for each game:
  :class:`~.round.Round` (the game on the board, its series, undo and redo, the
  result), the two :class:`~.players.Player` sides (a person at this window, the
  computer, ...), the move a player handed over until the pace lets it on the board
  (:class:`~.watching.Watching`: two computers' speed, pause and step),
  :class:`~.advisor.Advisor` (the analysis of every column and the hint),
  :class:`~.coach.Coach` (a mistake or a blunder said at once, a setting), and the
  advice's requests to the worker (:class:`~game.ui.requests.Requests`; each
  computer player has its own);
* :mod:`~.controls`: keys and buttons as commands, carried out through
  :class:`~.dispatch.Dispatcher`; :mod:`~.texts`: every sentence;
* :mod:`~.view` and :mod:`~.panel`: the picture.

The scene carries out commands, passes the worker's replies to the advice, and after
each change starts what comes next (:meth:`PlayScene.advance`): the game-over state
(the result counted, the game kept for review), the turn of a player that is not at
this window (:meth:`~.players.Player.your_turn`), or the analysis.  When that player's
move will not come (:attr:`~.players.Player.stuck`), the panel says why and offers to
try again or go back.  It never asks which kind of player a side is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

import pygame

from game.ai.protocol import Answered, Refused, Reply, ReviewRequest, ReviewResult, SearchResult
from game.core import WIDTH, Board, Player
from game.profile.preferences import Settings
from game.ui.animation import DiscDrop, win_breathing, win_wave
from game.ui.board_screen import BoardLayout, Layouts
from game.ui.engine_link import Engine
from game.ui.match import Match, abandoning_loses, count_abandoned
from game.ui.notices import NoticePlace
from game.ui.options import GameConfig, Mode
from game.ui.pacing import EVERY_FRAME
from game.ui.players import ChosenMove, Stuck
from game.ui.requests import Asked, RequestKind
from game.ui.review_game import ReviewGame
from game.ui.scenes.base import Scene, SceneHost
from game.ui.scenes.play import controls, texts
from game.ui.scenes.play.advisor import Advisor
from game.ui.scenes.play.coach import Coach
from game.ui.scenes.play.current import CurrentGame
from game.ui.scenes.play.dispatch import Dispatcher
from game.ui.scenes.play.panel import draw_side_panel, footer_top
from game.ui.scenes.play.round import Ending, Round
from game.ui.scenes.play.view import draw_banner, draw_board, draw_scores
from game.ui.scenes.play.watching import Watching
from game.ui.scenes.stack import PausedGame, Transition, new_game_question
from game.ui.services import Keeper, Look
from game.ui.widgets import ItemList

log = logging.getLogger(__name__)


class PlayScene(Scene):
    """A series of games with one :class:`GameConfig` (see the module docstring)."""

    def __init__(
        self, host: SceneHost, round_: Round, *, settings: Settings, keeper: Keeper, engine: Engine
    ) -> None:
        """``round_`` on the board: its game and series (the next game of a new series,
        or a game to continue); ``keeper`` keeps it and counts its result, ``engine``
        plays and advises, ``settings`` are the player's (read, and changed by keys)."""
        super().__init__(host)
        self.settings = settings
        self._keeper = keeper
        self._engine = engine
        self.current = self._current(round_)
        self.cursor = WIDTH // 2
        self._cursor_to_hint: str | None = None
        """The position whose hint the player asked for (H): the cursor goes to it."""
        self.time = 0.0
        self.ended_at: float | None = None
        """When (scene time) the game on the board ended; None while it goes on."""
        self.buttons = ItemList([])
        self._layouts = Layouts()
        self._dispatch = Dispatcher(self)
        self._stuck_shown: Stuck | None = None
        self._rebuild_buttons()
        self.advance()

    def _current(self, round_: Round) -> CurrentGame:
        return CurrentGame(
            round_, engine=self._engine, receive=self.receive, settings=self.settings
        )

    # -- what the scene shows ------------------------------------------------------------
    @property
    def look(self) -> Look:
        return self.host

    @property
    def round(self) -> Round:
        """The game on the board."""
        return self.current.round

    @property
    def advisor(self) -> Advisor:
        return self.current.advisor

    @property
    def coach(self) -> Coach:
        return self.current.coach

    @property
    def watching(self) -> Watching:
        return self.current.watching

    @property
    def board(self) -> Board:
        """The board on screen (a falling disc's move is on it already)."""
        return self.round.match.board

    @property
    def over(self) -> bool:
        """Whether the game on screen has ended."""
        return self.round.over

    @property
    def falling(self) -> DiscDrop | None:
        """The disc still falling, if any (the board is locked until it lands)."""
        return self.round.drop

    @property
    def human(self) -> Player | None:
        """The side the person at this window plays against the computer (None in the
        other modes)."""
        return self.round.match.human

    @property
    def thinking(self) -> bool:
        """Whether a player not at this window is choosing its move (or it waits to
        be shown)."""
        return self.current.thinking

    @property
    def stuck(self) -> Stuck | None:
        """Why the move of the side to move will not come (None: it comes)."""
        return self.current.stuck

    def proof_for(self, moves: str) -> bool | None:
        return self.current.proof_for(moves)

    @property
    def config(self) -> GameConfig:
        return self.round.config

    @property
    def shows_analysis(self) -> bool:
        """Whether the value of each column is shown: analysis is on, the game goes on,
        and a player is to move (two computers playing get no analysis)."""
        return (
            self.settings.show_analysis
            and not self.round.over
            and self.config.mode is not Mode.WATCH
        )

    @property
    def coaching(self) -> bool:
        """Whether the coach watches the player's moves: on in the settings, against the
        computer, the game going on."""
        return self.settings.coach and self.config.mode is Mode.VS_COMPUTER and not self.round.over

    @property
    def hover_column(self) -> int | None:
        """The column above which the player's disc hovers: the cursor's, when the
        player may drop there (None while the board is locked or the column is full)."""
        if self.round.board_locked or not self.round.match.board.can_play(self.cursor):
            return None
        return self.cursor

    def layout(self, size: tuple[int, int]) -> BoardLayout:
        return self._layouts.get(size, [item.key for item in self.buttons.items])

    def notice_place(self, size: tuple[int, int]) -> NoticePlace:
        """One notice at a time, in the side panel just above the keys' help: never over
        the board, the discs above it or the column values."""
        layout = self.layout(size)
        bottom = footer_top(self, layout) - layout.pad // 2
        return NoticePlace(layout.panel.centerx, bottom, layout.panel.width - layout.pad, 1)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout(surface.get_size())
        self.host.draw_background(surface)
        draw_board(surface, self, layout)
        draw_scores(surface, self, layout)
        draw_side_panel(surface, self, layout)
        if self.round.over:
            draw_banner(surface, self, layout)

    # -- the flow of the game ---------------------------------------------------------------
    def advance(self) -> None:
        """Start whatever comes next: the game-over state, the computer's move, analysis."""
        round_ = self.round
        if round_.drop is not None:
            return
        match = round_.match
        if match.board.is_over:
            ending = round_.end()
            if ending is not None:
                self._game_over(ending)
            return
        player = self.current.to_move
        if not player.local:
            if not player.choosing and self.current.held is None and player.stuck is None:
                player.your_turn(match.board, self.time)
        elif self.shows_analysis or self.coaching:
            self.advisor.analyse(match.board.moves)
        self._rebuild_buttons()

    def _game_over(self, ending: Ending) -> None:
        self._remember()
        finished = self.round.session.finished(self.round.match, coached=self.coach.coached)
        if finished is not None and ending.first:
            self._keeper.record_game(finished)
        if ending.result is not None:
            if ending.first and self.config.start_moves:
                # A position set up by hand can be won at will: practice, not a result.
                self.host.notify(texts.practice())
            elif ending.first:
                self._keeper.record_result(self.config.level.name, ending.result)
            self.host.sounds.play(ending.result)
        else:
            self.host.sounds.play("win" if ending.winner_known else "draw")
        self._rebuild_buttons()
        self.buttons.focus_on("again")

    def _remember(self) -> None:
        """Keep the game as it is now, to be continued from the menu or the next launch
        (a finished game is not kept).  Two computers' game never takes the place of a
        game of the player's: it is kept only when no such game is.  A move the coach
        judges is kept as one to redo: Continue asks again, the computer has not replied.
        Whether the coach has spoken in it is kept too (the history's "coached")."""
        kept = self._keeper.game_in_progress
        if self.config.mode is Mode.WATCH and kept is not None and kept.mode is not Mode.WATCH:
            return
        saved = self.round.saved()
        if saved is not None and self.coach.coached:
            saved = replace(saved, coached=True)
        judged = self.coach.judged
        if saved is not None and judged is not None:
            before, column = judged
            played = str(column + 1)
            if saved.moves == before + played:
                saved = replace(saved, moves=before, redo=played + saved.redo)
        self._keeper.keep_game(saved)

    def _play(self, column: int) -> None:
        self.round.play(column)
        self.current.position_changed(self.round.match.board.moves)
        self._rebuild_buttons()
        self._remember()

    def receive(self, asked: Asked, reply: Reply) -> None:
        """The reply to an analysis or a hint (every change of the game cancels the
        hint; an analysis of an earlier position may still come, for the coach)."""
        match reply:
            case Refused(error=error) if asked.kind is RequestKind.REASON:
                log.info("the coach's reason was not found: %s", error)  # its words stay
            case Refused(error=error):
                self.coach.give_up_waiting()
                self._remember()
                self.host.notify(texts.could_not_answer(error))
            case Answered(result=ReviewResult() as result) if isinstance(
                asked.request, ReviewRequest
            ):
                self.coach.reasoned(asked.request.game, result.reason)
            case Answered(result=SearchResult() as result):
                self.advisor.receive(asked.kind, asked.moves, result)
                self._follow_hint()
                self.coach.analysed(asked.moves, result)
                self._ask_why()
                self._rebuild_buttons()
                self._remember()

    def _ask_why(self) -> None:
        """The coach objects to a move that loses in the long term: ask for the threat
        that decides it (the Review screen's reason), which the offer says when it comes."""
        game = self.coach.why_wanted()
        if game is not None:
            request = ReviewRequest(
                game=game,
                ply=len(game) - 1,
                explain=True,
                time_limit=self.settings.perfect_budget,
            )
            self.current.requests.ask(RequestKind.REASON, request)

    def _take_moves(self) -> None:
        """Take the move the side to move handed over, if any, and play it once the pace
        lets it (at once, unless the coach asks first or two computers take their
        time)."""
        current = self.current
        if current.round.drop is not None or current.round.over:
            return
        chosen = current.to_move.take_move()
        if chosen is not None:
            self._hold(chosen)
        released = current.release(self.time)
        if released is not None:
            self._play_chosen(released)

    def _hold(self, chosen: ChosenMove) -> None:
        board = self.round.match.board
        if chosen.moves != board.moves:
            return
        if not board.can_play(chosen.column):
            column = None if chosen.column < 0 else chosen.column
            self.host.notify(texts.impossible_move(column))
            log.error("a player chose %r for %r", chosen, board.moves)
            return
        self.current.hold(chosen)

    def _play_chosen(self, chosen: ChosenMove) -> None:
        self._play(chosen.column)
        after = self.round.match.board.moves
        self.current.last_proof = None if chosen.proven is None else (after, chosen.proven)

    def try_drop(self, column: int) -> bool:
        """The player drops a disc in ``column``; False if the board refuses it
        (locked, full column, game over).  Asked while a disc is still falling, before
        the player's own turn, the drop is queued and made when that disc lands."""
        round_ = self.round
        if round_.drop is not None and round_.match.human_to_move:
            round_.queued_drop = column
            return True
        if round_.board_locked:
            return False
        if not round_.match.board.can_play(column):
            self.host.notify(texts.column_full(column))
            return False
        before = round_.match.board.moves
        self.advisor.cancel(analysis=not self.coaching)
        self.cursor = column
        coaching = self.coaching
        self._play(column)
        if coaching:
            self.coach.moved(before, column, self.advisor.analyses.get(before))
            self._ask_why()
            self._rebuild_buttons()
            self._remember()
        return True

    def retry(self) -> None:
        """The move of the side to move did not come: ask for it again."""
        player = self.current.to_move
        if player.stuck is not None and not player.choosing:
            player.your_turn(self.round.match.board, self.time)
        self._notice_stuck()

    def _notice_stuck(self) -> None:
        """The buttons follow whether a move is stuck: Try again comes (with the focus)
        and goes."""
        stuck = self.stuck
        if stuck is self._stuck_shown:
            return
        self._stuck_shown = stuck
        self._rebuild_buttons()
        if stuck is not None:
            self.buttons.focus_on("retry")

    def take_back(self) -> None:
        """The coach's offer taken: the move is taken back."""
        self._decided()
        self.undo()

    def keep_move(self) -> None:
        """The coach's offer declined: the computer replies (its move was held)."""
        self._decided()
        self._rebuild_buttons()
        self._remember()

    def _decided(self) -> None:
        """The player answered the coach: its reason is no longer wanted (the worker is
        free for the computer's move)."""
        self.coach.decided()
        self.current.requests.cancel(RequestKind.REASON)

    def paused(self) -> PausedGame:
        """This game as the pause menu needs it."""
        return PausedGame(
            mode=self.config.mode,
            over=self.round.over,
            unfinished=self.round.unfinished,
            draw=self.draw,
            restart=self.restart,
            new_game=self.new_game,
            leaving_loses=self.round.unfinished and abandoning_loses(self.round.saved()),
        )

    def reviewed(self) -> ReviewGame:
        """This game as the Review screen takes it."""
        match, config = self.round.match, self.config
        human = None if match.human is None else int(match.human)
        level = None if human is None else config.level_of(1 - human).name
        return ReviewGame(match.board.moves, match.floor, human, config.colour, level)

    def undo(self) -> None:
        if self.config.mode is Mode.WATCH:
            self.host.notify(texts.Refusal.UNDO_IS_FOR_PLAYERS.text)
            return
        counted = self.round.over and self.round.counted
        self._through_history(self.round.undo, texts.Refusal.NOTHING_TO_UNDO.text)
        if counted and not self.round.over:
            # Not a second result: a win after taking back a loss would go unrecorded.
            self.host.notify(texts.played_on_after_the_end(), topic="counted")

    def redo(self) -> None:
        if self.config.mode is Mode.WATCH or self.round.over:
            return
        self._through_history(self.round.redo, texts.Refusal.NOTHING_TO_REDO.text)

    def _through_history(self, step: Callable[[], int], nothing: str) -> None:
        """Undo or redo (``step`` returns how many moves): first cancel what is awaited;
        tell the player when there was ``nothing`` to do."""
        current = self.current
        current.stop()
        self.coach.decided()
        self.coach.give_up_waiting()
        if step() == 0:
            self.host.notify(nothing)
        current.position_changed(self.round.match.board.moves)
        self._remember()
        self.advance()

    def ask_hint(self) -> None:
        if self.round.board_locked:
            self.host.notify(texts.Refusal.HINT_NOT_NOW.text)
            return
        moves = self.round.match.board.moves
        self.advisor.ask_hint(moves)
        self._cursor_to_hint = moves
        self._follow_hint()

    def _follow_hint(self) -> None:
        """The keyboard's cursor goes to the hint asked for once it is known, so that
        H then Enter plays it (a hint of an earlier position is forgotten)."""
        moves = self._cursor_to_hint
        if moves is None:
            return
        if moves != self.round.match.board.moves:
            self._cursor_to_hint = None
            return
        column = self.advisor.hint_column(moves)
        if column is not None:
            self.cursor = column
            self._cursor_to_hint = None

    def toggle_analysis(self) -> None:
        """Show or hide the value of every column (the A key); kept in the settings."""
        self.settings.show_analysis = not self.settings.show_analysis
        self.host.notify(texts.analysis_switched(self.settings.show_analysis), topic="analysis")
        self.resume()

    def ask_new_game(self) -> Transition | None:
        """The N key: the next game of the series, after asking if this one is unfinished."""
        if not self.round.unfinished:
            self.new_game()
            return None

        def abandon() -> None:
            self.new_game()

        loses = abandoning_loses(self.round.saved())
        detail = texts.Says.NEW_GAME_LOSS_DETAIL if loses else texts.Says.NEW_GAME_DETAIL
        return new_game_question(detail.text, abandon)

    def new_game(self) -> None:
        """Abandon this game (not counted, or a loss: :func:`abandoning_loses`) and start
        the next of the session."""
        self._begin(self.round.session.next_match())

    def restart(self) -> None:
        """Abandon this game (as :meth:`new_game`) and play it again from its start,
        with the same player to start."""
        self._begin(self.round.session.restart_match())

    def _begin(self, match: Match) -> None:
        """A new current game for ``match``, in the same series: the old game's parts stop (an
        unfinished one against the computer counted as a loss once a few moves in)."""
        left = self.round.saved()
        if self.round.unfinished and left is not None and abandoning_loses(left):
            count_abandoned(self._keeper, left)
        self.current.stop()
        self.current = self._current(Round(self.round.session, match))
        self.cursor = WIDTH // 2
        self._remember()
        self.advance()
        self._rebuild_buttons()

    # -- two computers ---------------------------------------------------------------------
    @property
    def _watching_on(self) -> bool:
        return self.config.mode is Mode.WATCH and not self.round.over

    def toggle_pause(self) -> None:
        if self._watching_on:
            self.watching.toggle_pause()
            self._rebuild_buttons()

    def step_once(self) -> None:
        """Paused: play the next move (as soon as the computer has chosen it)."""
        if self._watching_on:
            self.watching.allow_step()
            self.current.show_now(self.time)  # shown at once: the player asked for it
            self._rebuild_buttons()

    def cycle_speed(self) -> None:
        """Slow, normal, fast, and round again; kept in the settings."""
        speed = self.watching.cycle_speed()
        self.host.notify(texts.speed_notice(speed), topic="speed")
        self._rebuild_buttons()

    # -- events and time ---------------------------------------------------------------------
    def _rebuild_buttons(self) -> None:
        """The side panel's buttons for the current state (enabled or not)."""
        offer, stuck = self.coach.offer is not None, self.stuck is not None
        items = controls.buttons(self.round, self.watching, offer=offer, stuck=stuck)
        self.buttons = controls.refreshed(self.buttons, items)

    def press(self, key: str) -> Transition | None:
        """The button ``key`` was pressed."""
        return self._dispatch.press(key)

    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        transition = self._dispatch.handle(event)
        if transition is not None and self.round.drop is not None:
            # A dialog comes over the board and this scene stops: the falling disc is
            # drawn on its cell beneath it, not frozen in the air (it lands on resume).
            self.round.drop.finish()
        return transition

    def update(self, dt: float) -> None:
        self.time += dt
        impact, landed = self.round.fall(dt * self.settings.animation_speed)
        if impact:
            self.host.sounds.play("drop")
        if landed:
            self.advance()
            queued = self.round.take_queued()
            if queued is not None:
                self.try_drop(queued)
        if self.coach.waiting is not None and not self.advisor.analysing:
            self.coach.give_up_waiting()  # no analysis on its way: the game goes on
            self._remember()
        self._take_moves()
        self._notice_stuck()
        if not self.round.over:
            self.ended_at = None
        elif self.ended_at is None:
            self.ended_at = self.time

    @property
    def win_wave(self) -> float:
        """The winning four's breath now (:func:`~game.ui.animation.win_wave`)."""
        return win_wave(None if self.ended_at is None else self.time - self.ended_at)

    @property
    def shows_thinking(self) -> bool:
        """Whether the thinking dots are drawn: another player chooses, two computers
        are not paused, and the coach has nothing to say first."""
        return self.thinking and not self.watching.paused and self.coach.offer is None

    def next_frame_in(self) -> float | None:
        """Every frame while a disc falls, the thinking dots breathe or the winning four
        does; otherwise the screen waits for an event or a reply."""
        since = None if self.ended_at is None else self.time - self.ended_at
        if self.round.drop is not None or self.shows_thinking or win_breathing(since):
            return EVERY_FRAME
        return None

    def resume(self) -> None:
        """Back from the pause menu: settings may have changed (analysis on or off, the
        language: the buttons are labelled again, a finished game's too)."""
        if not self.settings.show_analysis:
            self.current.requests.cancel(RequestKind.ANALYSIS)
        self.advance()
        self._rebuild_buttons()

    def relabel(self) -> None:
        """The language changed (from the pause menu's settings): the buttons the pause
        menu shows through take the new words at once."""
        self._rebuild_buttons()

    def close(self) -> None:
        self.current.stop()
