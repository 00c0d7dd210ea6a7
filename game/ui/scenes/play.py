"""The play screen: the board, the computer's moves, hints, analysis, and game over.

State (all here, drawn by :meth:`PlayScene.draw` without changing it):

* the :class:`~game.ui.match.Match` (board and roles) and the
  :class:`~game.ui.match.Session` (who starts next, the score);
* the falling disc, if any: the board already holds the move, the animation only
  shows it arriving; the board is locked until it lands;
* the requests to the worker this scene is waiting for, by id and kind.  A reply
  is used only if its id is still awaited *and* its position is the board's
  current one; anything else is stale and dropped.  Undo, redo, new game,
  leaving and quitting cancel what is awaited.
* hint and analysis results, keyed by the position they are for.

Game over is this scene's state too: a banner over the top rows, the winning
four marked by rings and stars, and Play again / Menu buttons in the side panel.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai.requests import SearchRequest, SearchResult, WorkerReply
from game.core import WIDTH, Player
from game.ui.animation import DiscDrop, pulse
from game.ui.board_view import BoardGeometry
from game.ui.match import Match, Session
from game.ui.options import GameConfig, Mode
from game.ui.scenes.base import Scene
from game.ui.scenes.stack import Pause, Transition, new_game_question
from game.ui.verdicts import ENGINE_LEGEND, ESTIMATE_LEGEND, LEGEND, Verdict, engine_label, verdict
from game.ui.widgets import Item, ItemList, column_layout, draw_items, draw_panel

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost

log = logging.getLogger(__name__)

WATCH_SPEEDS = ((2.0, "Slow"), (0.6, "Normal"), (0.15, "Fast"))
"""When two computers play: seconds each move stays on screen at least, and its name."""
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, WIDTH + 1)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, WIDTH + 1)})
KEYS_HELP = {
    Mode.VS_COMPUTER: (
        "Keys: 1-7 drop, H hint, A analysis, Ctrl+Z undo, Ctrl+Y redo, N new game,"
        " M sound, Esc menu"
    ),
    Mode.TWO_PLAYERS: (
        "Keys: 1-7 drop, H hint, A analysis, Ctrl+Z undo, Ctrl+Y redo, N new game,"
        " M sound, Esc menu"
    ),
    Mode.WATCH: "Keys: P pause, S step, F speed, N new game, M sound, Esc menu",
}
KEYS_AFTER_WATCHING = "Keys: N new game, M sound, Esc menu"
"""Two computers' game is over: pause, step and speed no longer apply."""
WATCH_KEYS: dict[int, Callable[[PlayScene], None]] = {
    pygame.K_p: lambda scene: scene.toggle_pause(),
    pygame.K_SPACE: lambda scene: scene.toggle_pause(),
    pygame.K_s: lambda scene: scene.step_once(),
    pygame.K_RIGHT: lambda scene: scene.step_once(),
    pygame.K_f: lambda scene: scene.cycle_speed(),
}
"""Two computers playing: pause or go on, step one move, change the speed."""
DROP_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN})


NO_BREAK = "\u00a0"


def numbered_moves(moves: str) -> str:
    """The moves as numbered pairs, red's column then yellow's: "1. 4 4  2. 3 5  3. 1".
    A pair never breaks across lines (its spaces are no-break spaces)."""
    pairs = [moves[i : i + 2] for i in range(0, len(moves), 2)]
    return "  ".join(
        f"{number}.{NO_BREAK}{NO_BREAK.join(pair)}" for number, pair in enumerate(pairs, start=1)
    )


@dataclass(frozen=True, slots=True)
class PlayLayout:
    size: tuple[int, int]
    scale: float
    board: BoardGeometry
    panel: pygame.Rect
    banner: pygame.Rect
    score_y: int
    """The centre line of the analysis scores, above the hover row."""
    buttons: dict[str, pygame.Rect]
    body: int
    """Text size in the panel."""


def compute_layout(size: tuple[int, int], button_keys: list[str]) -> PlayLayout:
    """Board on the left, scaled to fit; the side panel on the right."""
    w, h = size
    scale = min(w / 960, h / 720)
    pad = max(8, round(14 * scale))
    panel_w = min(max(round(w * 0.27), 180), 360)
    panel = pygame.Rect(w - panel_w - pad, pad, panel_w, h - 2 * pad)
    area = pygame.Rect(pad, pad, panel.x - 2 * pad, h - 2 * pad)
    board = BoardGeometry.fit(area, above=1.6, below=0.45)
    frame = board.frame_rect
    score_y = board.hover_y - board.cell // 2 - round(board.cell * 0.3)
    banner_top = max(area.y, frame.top - round(board.cell * 1.6))
    banner = pygame.Rect(frame.x, banner_top, frame.width, frame.top - banner_top - 4)
    row_h = max(28, round(44 * scale))
    gap = max(5, round(row_h * 0.2))
    inner_w = panel.width - 2 * pad
    top = panel.bottom - pad - len(button_keys) * (row_h + gap) + gap
    buttons = column_layout(button_keys, panel.centerx, top, inner_w, row_h, gap)
    body = max(15, round(22 * scale))
    return PlayLayout(size, scale, board, panel, banner, score_y, buttons, body)


class PlayScene(Scene):
    """A series of games with one :class:`GameConfig` (see the module docstring)."""

    MUTED = "Sound off (press M)"

    def __init__(self, host: SceneHost, session: Session, match: Match | None = None) -> None:
        """The next game of ``session``, or ``match`` (a game to continue)."""
        super().__init__(host)
        self.session = session
        self.match: Match = match if match is not None else session.next_match()
        self.cursor = WIDTH // 2
        self.drop: DiscDrop | None = None
        self.awaiting: dict[int, str] = {}
        """Request id -> kind ("move", "hint", "analysis")."""
        self.held_move: tuple[int, float] | None = None
        """A computer move waiting to be shown (column, at scene time), when watching."""
        self.held_exact = False
        self.hint_pending: str | None = None
        """The position whose hint the analysis on its way will give."""
        self.counted = False
        """Whether this game's result is in the score and the statistics already."""
        self.queued_drop: int | None = None
        """A column the player chose while a disc was still falling."""
        """Whether the held move was proven best."""
        self.move_asked_at = 0.0
        self.last_proof: tuple[str, bool] | None = None
        """The position (move string) after the computer's last move, and whether that
        move was proven best (from the book or the exact solver) or a best guess."""
        self.hint: tuple[str, int] | None = None
        self.analyses: dict[str, SearchResult] = {}
        """Analysis results of this game's positions, by move string."""
        self.over = False
        self.paused = False
        """Two computers playing: whether the game waits (Step plays one move)."""
        self.steps = 0
        """Moves Step allowed while paused."""
        self.time = 0.0
        self._layouts: dict[tuple[tuple[int, int], tuple[str, ...]], PlayLayout] = {}
        self.buttons = ItemList([])
        self._rebuild_buttons()
        self._advance()

    # -- what the scene shows ------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self.session.config

    @property
    def board_locked(self) -> bool:
        """True while a disc falls, the computer is to move, or the game is over."""
        return self.drop is not None or not self.match.human_to_move

    @property
    def thinking(self) -> bool:
        return "move" in self.awaiting.values() or self.held_move is not None

    @property
    def hint_column(self) -> int | None:
        if self.hint is not None and self.hint[0] == self.match.board.moves:
            return self.hint[1]
        return None

    @property
    def shows_analysis(self) -> bool:
        """Whether the value of each column is shown: analysis is on, the game goes on,
        and a player is to move (two computers playing get no analysis)."""
        return (
            self.host.settings.show_analysis
            and not self.over
            and self.config.mode is not Mode.WATCH
        )

    @property
    def analysis(self) -> SearchResult | None:
        """The analysis of the current position, when it is shown and has arrived."""
        if not self.shows_analysis:
            return None
        return self.analyses.get(self.match.board.moves)

    def highlighted_cells(self) -> tuple[tuple[int, int], ...]:
        """The cells marked as the winning line(s) (empty unless a four was made)."""
        outcome = self.match.board.outcome
        if not self.over or outcome is None:
            return ()
        return outcome.cells

    def notice_bottom(self, size: tuple[int, int]) -> int | None:
        """Notices stand just above the board, over the hover row, where they cover
        neither the board nor the column numbers beneath it."""
        return self.layout(size).board.frame_rect.top - 2

    @property
    def hover_column(self) -> int | None:
        """The column above which the player's disc hovers: the cursor's, when the
        player may drop there (None while the board is locked or the column is full)."""
        if self.board_locked or not self.match.board.can_play(self.cursor):
            return None
        return self.cursor

    def layout(self, size: tuple[int, int]) -> PlayLayout:
        keys = tuple(item.key for item in self.buttons.items)
        layout = self._layouts.get((size, keys))
        if layout is None:
            layout = compute_layout(size, list(keys))
            self._layouts = {(size, keys): layout}
        return layout

    # -- requests to the worker ------------------------------------------------------
    def _ask(self, kind: str, request: SearchRequest) -> None:
        request_id = self.host.submit(request, kind=kind, owner=self)
        if request_id is not None:
            self.awaiting[request_id] = kind

    def _cancel(self, kinds: tuple[str, ...] = ("move", "hint", "analysis")) -> None:
        for request_id, kind in list(self.awaiting.items()):
            if kind in kinds:
                self.host.cancel(request_id)
                del self.awaiting[request_id]
        if "move" in kinds:
            self.held_move = None

    def _engine_request(self, *, depth: int | None, budget: float, analyze: bool) -> SearchRequest:
        return SearchRequest(
            moves=self.match.board.moves, depth=depth, time_limit=budget, analyze=analyze
        )

    def _ask_for_move(self) -> None:
        level = self.config.level_of(int(self.match.board.to_move))
        budget = self.host.settings.perfect_budget if level.is_perfect else level.time_budget
        self.move_asked_at = self.time
        self._ask("move", self._engine_request(depth=level.depth, budget=budget, analyze=False))

    def _exact_request(self, *, analyze: bool) -> SearchRequest:
        return self._engine_request(
            depth=None, budget=self.host.settings.perfect_budget, analyze=analyze
        )

    def handle_reply(self, reply: WorkerReply) -> None:
        kind = self.awaiting.pop(reply.request_id, None)
        board = self.match.board
        if kind is None or reply.moves != board.moves:
            log.debug("dropped a stale %s reply for %r", reply.kind, reply.moves)
            return
        if reply.error is not None or reply.result is None:
            self.host.notify(f"The computer could not answer: {reply.error}")
            return
        result = reply.result
        if kind == "move":
            self._computer_moves(result)
        elif kind in ("hint", "analysis"):
            self.analyses[board.moves] = result
            wanted = kind == "hint" or self.hint_pending == board.moves
            if wanted and result.column is not None:
                self.hint = (board.moves, result.column)
            self.hint_pending = None

    def _computer_moves(self, result: SearchResult) -> None:
        column = result.column
        board = self.match.board
        if not self.match.computer_to_move or self.drop is not None:
            return
        if column is None or not board.can_play(column):
            self.host.notify(f"The computer chose an impossible move ({column}); see the log.")
            log.error("the engine answered %r for %r", result, board.moves)
            return
        if self.config.mode is Mode.WATCH:
            due = self.move_asked_at + self.watch_pause
            if self.time < due or not self.may_move:
                self.held_move = (column, due)
                self.held_exact = result.exact or result.from_book
                return
        self._play(column)
        # A book move is proven even where the book keeps only the result (a win, a
        # draw or a loss) and not its exact score.
        self.last_proof = (board.moves, result.exact or result.from_book)

    # -- the flow of the game -----------------------------------------------------------
    def _advance(self) -> None:
        """Start whatever comes next: the game-over state, the computer's move, analysis."""
        if self.drop is not None:
            return
        match = self.match
        if match.board.is_over:
            if not self.over:
                self._game_over()
            return
        if match.computer_to_move:
            if not self.thinking:
                self._ask_for_move()
        elif self.shows_analysis:
            moves = match.board.moves
            if moves not in self.analyses and "analysis" not in self.awaiting.values():
                self._ask("analysis", self._exact_request(analyze=True))
        self._rebuild_buttons()

    def _play(self, column: int) -> None:
        board = self.match.board
        player = board.to_move
        row = board.height(column)
        board.play(column)
        self.drop = DiscDrop(column, row, player, target=BoardGeometry(0, 0, 1).fall_distance(row))
        self._rebuild_buttons()
        self._remember()

    def _remember(self) -> None:
        """Keep the game as it is now, to be continued from the menu or the next launch
        (a finished game is not kept)."""
        self.host.keep_game(self.session.saved(self.match))

    @property
    def unfinished(self) -> bool:
        """Whether leaving for a new game would lose something: a game that is not over,
        with moves made since its start (watching two computers loses nothing)."""
        return (
            self.config.mode is not Mode.WATCH
            and not self.over
            and self.session.saved(self.match) is not None
        )

    def ask_new_game(self) -> Transition | None:
        """The N key: the next game of the series, after asking if this one is unfinished."""
        if not self.unfinished:
            self.new_game()
            return None

        def abandon() -> None:
            self.new_game()

        return new_game_question("this game", abandon)

    def _game_over(self) -> None:
        self.over = True
        self._remember()
        match = self.match
        result = match.result_for_human()
        # A game is counted once: taken back after its end and finished again (to
        # review it or try another line), it keeps its first result.
        first_end = not self.counted
        self.counted = True
        if first_end:
            self.session.record(match)
        if result is not None:
            if first_end:
                self.host.record_result(self.config.level.name, result)
            self.host.sounds.play(result)
        else:
            self.host.sounds.play("draw" if match.winner_colour is None else "win")
        self._rebuild_buttons()
        self.buttons.focus_on("again")

    def try_drop(self, column: int) -> bool:
        """The player drops a disc in ``column``; False if the board refuses it
        (locked, full column, game over).  Asked while a disc is still falling, before
        the player's own turn, the drop is queued and made when that disc lands."""
        if self.drop is not None and self.match.human_to_move:
            self.queued_drop = column
            return True
        if self.board_locked:
            return False
        board = self.match.board
        if not board.can_play(column):
            self.host.notify(f"Column {column + 1} is full.")
            return False
        self._cancel(("hint", "analysis"))
        self.cursor = column
        self._play(column)
        return True

    def undo(self) -> None:
        if self.config.mode is Mode.WATCH:
            self.host.notify("Undo is for games you play.")
            return
        self._step_through_history(self.match.undo, "Nothing to undo.")
        self.over = False
        self._remember()
        self._advance()

    def redo(self) -> None:
        if self.config.mode is Mode.WATCH or self.over:
            return
        self._step_through_history(self.match.redo, "Nothing to redo.")
        self._remember()
        self._advance()

    def _step_through_history(self, step: Callable[[], int], nothing: str) -> None:
        """Undo or redo (``step`` returns how many moves): first cancel what is awaited
        and land a falling disc; tell the player when there was ``nothing`` to do."""
        self._cancel()
        self.queued_drop = None
        if self.drop is not None:
            self.drop.finish()
            self.drop = None
        if step() == 0:
            self.host.notify(nothing)

    # -- two computers: speed, pause and step ------------------------------------------
    @property
    def watch_pause(self) -> float:
        """Seconds each computer move stays on screen at least (the speed setting)."""
        return self.host.settings.watch_delay

    @property
    def speed_name(self) -> str:
        delay = self.watch_pause
        return min(WATCH_SPEEDS, key=lambda speed: abs(speed[0] - delay))[1]

    @property
    def may_move(self) -> bool:
        """Whether the computer's next move may be shown now (not paused, or a step)."""
        return not self.paused or self.steps > 0

    def toggle_pause(self) -> None:
        if self.config.mode is not Mode.WATCH or self.over:
            return
        self.paused = not self.paused
        self.steps = 0
        self._rebuild_buttons()

    def step_once(self) -> None:
        """Paused: play the next move (as soon as the computer has chosen it)."""
        if self.config.mode is not Mode.WATCH or self.over:
            return
        if not self.paused:
            self.toggle_pause()
        self.steps = 1
        if self.held_move is not None:  # shown at once: the player asked for it
            self.held_move = (self.held_move[0], self.time)

    def cycle_speed(self) -> None:
        """Slow, normal, fast, and round again; kept in the settings."""
        names = [name for _, name in WATCH_SPEEDS]
        delay, name = WATCH_SPEEDS[(names.index(self.speed_name) + 1) % len(WATCH_SPEEDS)]
        self.host.settings.watch_delay = delay
        self.host.notify(f"Speed: {name.lower()}.", topic="speed")
        self._rebuild_buttons()

    def ask_hint(self) -> None:
        if self.board_locked:
            self.host.notify("A hint is for your own turn.")
            return
        moves = self.match.board.moves
        known = self.analyses.get(moves)
        if known is not None and known.column is not None:
            self.hint = (moves, known.column)
        elif "analysis" in self.awaiting.values():
            self.hint_pending = moves  # the analysis on its way answers the hint too
        elif "hint" not in self.awaiting.values():
            # The hint is an analysis of every column: the same computation as the
            # analysis row, so the two never disagree (ties, or a search cut short).
            self._ask("hint", self._exact_request(analyze=True))

    def hint_text(self) -> str:
        """The hint in words: "Hint: column 4", and what it leads to when that is
        certain ("Hint: column 4 (all moves lose: this one lasts longest)"); empty when
        there is no hint for this position."""
        column = self.hint_column
        if column is None:
            return ""
        said = f"Hint: column {column + 1}"
        result = self.analyses.get(self.match.board.moves)
        if result is None or column >= len(result.column_scores):
            return said
        score = result.column_scores[column]
        if score is None:
            return said
        exact = column < len(result.column_exact) and result.column_exact[column]
        found = verdict(score, exact=exact, ply=self.match.board.ply)
        if found.kind == "win":
            return f"{said} wins {found.detail}"
        if found.kind == "loss":
            if not exact:  # proven lost, but not which loss lasts longest
                return f"{said} (all moves lose with best play)"
            return f"{said} (all moves lose: this one lasts longest)"
        if found.kind == "draw":
            return f"{said} (a draw with best play)"
        return said

    def new_game(self) -> None:
        """Abandon this game (it is not counted) and start the next of the session."""
        self._begin(self.session.next_match())

    def restart(self) -> None:
        """Abandon this game (it is not counted) and play it again from its start,
        with the same player to start."""
        self._begin(self.session.restart_match())

    def _begin(self, match: Match) -> None:
        self._cancel()
        self.match = match
        self.counted = False
        self.paused = False
        self.steps = 0
        self.drop = None
        self.queued_drop = None
        self.last_proof = None
        self.over = False
        self.hint = None
        self.analyses.clear()
        self.cursor = WIDTH // 2
        self._remember()
        self._advance()
        self._rebuild_buttons()

    def _rebuild_buttons(self) -> None:
        """The side panel's buttons for the current state (enabled or not)."""
        watching = self.config.mode is Mode.WATCH
        can_undo = not watching and self.match.board.ply > self.match.floor
        if self.over:
            items = [Item("again", "Play again", primary=True)]
            if not watching:
                items.append(Item("undo", "Undo", enabled=can_undo))
            items.append(Item("menu", "Menu"))
        elif watching:
            items = [
                Item("pause", "Go on" if self.paused else "Pause"),
                Item("step", "Step"),
                Item("speed", f"Speed: {self.speed_name}"),
                Item("menu", "Menu"),
            ]
        else:
            can_redo = self.match.board.can_redo
            items = [
                Item("undo", "Undo", enabled=can_undo),
                Item("redo", "Redo", enabled=can_redo),
                Item("hint", "Hint", enabled=not self.board_locked),
                Item("menu", "Menu"),
            ]
        keys = [(i.key, i.label, i.enabled) for i in items]
        if keys != [(i.key, i.label, i.enabled) for i in self.buttons.items]:
            focus = self.buttons.focused.key if self.buttons.focused else None
            self.buttons = ItemList(items)
            if focus is not None:
                self.buttons.focus_on(focus)

    def _button(self, key: str) -> Transition | None:
        self.host.sounds.play("click")
        if key == "again":
            self.new_game()
        elif key == "menu":
            return Pause(self)
        elif key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key == "hint":
            self.ask_hint()
        elif key == "pause":
            self.toggle_pause()
        elif key == "step":
            self.step_once()
        elif key == "speed":
            self.cycle_speed()
        return None

    # -- events and time ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        layout = self.layout(self.host.size)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.buttons.handle_event(event, layout.buttons)
            column = layout.board.column_at(event.pos)
            if column is not None:
                self.cursor = column
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            action = self.buttons.handle_event(event, layout.buttons)
            if action is not None:
                return self._button(action.key)
            column = layout.board.column_at(event.pos)
            if column is not None and not self.over:
                self.try_drop(column)
        return None

    def _key(self, event: pygame.event.Event) -> Transition | None:
        code = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if ctrl and code == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and code == pygame.K_y:
            self.redo()
        elif ctrl:
            return None
        elif code == pygame.K_ESCAPE:
            return Pause(self)
        elif code == pygame.K_n:
            return self.ask_new_game()
        elif self.config.mode is Mode.WATCH and not self.over and code in WATCH_KEYS:
            WATCH_KEYS[code](self)
        elif self.over:
            if code in (pygame.K_LEFT, pygame.K_UP):
                self.buttons.move(-1)
            elif code in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.buttons.move(1)
            elif code in DROP_KEYS and self.buttons.focused is not None:
                return self._button(self.buttons.focused.key)
        elif code in NUMBER_KEYS:
            self.try_drop(NUMBER_KEYS[code])
        elif code == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif code == pygame.K_RIGHT:
            self.cursor = min(WIDTH - 1, self.cursor + 1)
        elif code in DROP_KEYS:
            self.try_drop(self.cursor)
        elif code == pygame.K_h:
            self.ask_hint()
        elif code == pygame.K_a:
            self.toggle_analysis()
        return None

    def toggle_analysis(self) -> None:
        """Show or hide the value of every column (the A key); kept in the settings."""
        settings = self.host.settings
        settings.show_analysis = not settings.show_analysis
        self.host.notify(
            "Analysis on." if settings.show_analysis else "Analysis off.", topic="analysis"
        )
        self.resume()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.drop is not None:
            if self.drop.update(dt * self.host.settings.animation_speed):
                self.host.sounds.play("drop")
            if self.drop.done:
                self.drop = None
                self._advance()
                queued, self.queued_drop = self.queued_drop, None
                if queued is not None:
                    self.try_drop(queued)
        if self.held_move is not None and self.time >= self.held_move[1] and self.may_move:
            column = self.held_move[0]
            self.held_move = None
            if self.paused:
                self.steps = max(0, self.steps - 1)
            self.last_proof = (self.match.board.moves + str(column + 1), self.held_exact)
            if self.match.computer_to_move and self.drop is None:
                self._play(column)

    def resume(self) -> None:
        """Back from the pause menu: settings may have changed (analysis on or off)."""
        if not self.host.settings.show_analysis:
            self._cancel(("analysis",))
        self._advance()

    def close(self) -> None:
        self._cancel()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout(surface.get_size())
        self.host.draw_background(surface)
        self._draw_board(surface, layout)
        self._draw_scores(surface, layout)
        self._draw_panel(surface, layout)
        if self.over:
            self._draw_banner(surface, layout)

    def _colour(self, player: Player) -> str:
        return self.match.colour_of(player)

    def _draw_board(self, surface: pygame.Surface, layout: PlayLayout) -> None:
        host, theme, renderer = self.host, self.host.theme, self.host.renderer
        g = layout.board
        board = self.match.board
        radius = g.radius
        renderer.draw_back(surface, g, theme)
        drop = self.drop
        for col in range(WIDTH):
            for row in range(board.height(col)):
                if drop is not None and drop.col == col and drop.row == row:
                    continue
                owner = board.cell(col, row)
                assert owner is not None
                renderer.draw_disc(surface, g.centre(col, row), radius, self._colour(owner), theme)
        if drop is not None:
            centre = g.falling_centre(drop.col, drop.y)
            renderer.draw_disc(surface, centre, radius, self._colour(drop.player), theme)
        renderer.draw_frame(surface, g, theme)

        hint = self.hint_column
        if hint is not None and not self.board_locked:
            renderer.draw_column_glow(surface, g, hint, theme.hint)
        if self.hover_column is not None:
            colour = self._colour(board.to_move)
            centre = (g.column_x(self.cursor), g.hover_y)
            renderer.draw_disc(surface, centre, radius, colour, theme)
        elif self.thinking and not self.paused:
            self._draw_dots(surface, (g.frame_rect.centerx, g.hover_y), g.cell // 8, theme.text)

        if board.history and drop is None:
            last = board.history[-1]
            renderer.draw_last_mark(surface, g.centre(last, board.height(last) - 1), g, theme)
        wave = pulse(self.time)
        for col, row in self.highlighted_cells():
            renderer.draw_win_mark(surface, g.centre(col, row), g, theme, wave)

        size = max(12, round(g.cell * 0.3))
        y = g.frame_rect.bottom + round(g.cell * 0.08)
        for col in range(WIDTH):
            number = (
                theme.accent if col == self.cursor and not self.board_locked else theme.text_muted
            )
            host.text.blit(
                surface, str(col + 1), size, number, (g.column_x(col), y), anchor="midtop"
            )

    def _draw_dots(
        self,
        surface: pygame.Surface,
        centre: tuple[int, int],
        radius: int,
        colour: tuple[int, int, int],
    ) -> None:
        x, y = centre
        radius = max(3, radius)
        for i in range(3):
            wave = pulse(self.time - i * 0.18, 0.9)
            r = max(2, round(radius * (0.55 + 0.45 * wave)))
            pygame.draw.circle(surface, colour, (x + (i - 1) * radius * 3, y), r)

    def _column_verdicts(self) -> list[tuple[str, Verdict] | None]:
        """The analysis of each column (the engine's label and the verdict in words),
        None where there is none."""
        result = self.analysis
        if result is None:
            return []
        ply = self.match.board.ply
        found: list[tuple[str, Verdict] | None] = []
        for col in range(min(WIDTH, len(result.column_scores))):
            score = result.column_scores[col]
            exact = col < len(result.column_exact) and result.column_exact[col]
            if score is None:
                found.append(None)
            else:
                said = verdict(score, exact=exact, ply=ply)
                found.append((engine_label(score, exact=exact), said))
        return found

    def _verdict_colour(self, said: Verdict) -> tuple[int, int, int]:
        theme = self.host.theme
        return {
            "win": theme.score_win,
            "loss": theme.score_loss,
            "draw": theme.score_draw,
        }.get(said.kind, theme.text_muted)

    def _draw_scores(self, surface: pygame.Surface, layout: PlayLayout) -> None:
        if not self.shows_analysis:
            return
        g = layout.board
        size = max(13, round(g.cell * 0.34))
        result = self.analysis
        text = self.host.text
        if result is None:
            if "analysis" in self.awaiting.values():
                text.blit(
                    surface,
                    "analysing...",
                    size,
                    self.host.theme.text_muted,
                    (g.frame_rect.centerx, layout.score_y),
                    anchor="center",
                )
            return
        experts = self.host.settings.engine_scores
        line = text.line_step(size, 1.0)
        for col, found in enumerate(self._column_verdicts()):
            if found is None:
                continue
            label, said = found
            colour = self._verdict_colour(said)
            x = g.column_x(col)
            if experts:
                text.blit(surface, label, size, colour, (x, layout.score_y), anchor="center")
                continue
            # Two lines: the symbol and word, then "in N"; an estimate's symbol above its
            # word (the widest estimate would not fit a narrow column on one line).
            if said.exact:
                lines = [said.short, said.short_detail] if said.short_detail else [said.short]
            else:
                lines = [said.symbol, said.word]
            top = layout.score_y - (len(lines) * line) // 2
            for words in lines:
                text.blit(surface, words, size, colour, (x, top), anchor="midtop")
                top += line

    def levels_text(self) -> str:
        """The computer's level ("Hard (depth 9)"); with two computers, each side's
        ("Red: Easy 3, Yellow: Master 21", in the theme's colour names)."""
        config = self.config
        if config.mode is not Mode.WATCH:
            level = config.level
            return level.name if level.is_perfect else level.label
        names = self.host.theme.colour_names
        sides = []
        for player in (Player.FIRST, Player.SECOND):
            level = config.level_of(int(player))
            depth = "" if level.depth is None else f" {level.depth}"
            sides.append(f"{names[self.match.colour_of(player)]}: {level.name}{depth}")
        return ", ".join(sides)

    def proof_text(self) -> str:
        """What the computer's last move was worth, in words: "exact" only when it was
        proven (opening book or exact solver), otherwise "best guess"; empty before its
        first move, and once the position has changed under it (undo)."""
        if self.last_proof is None:
            return ""
        moves, exact = self.last_proof
        board = self.match.board
        if not (board.moves == moves or board.moves.startswith(moves)):
            return ""
        return "Last move: exact" if exact else "Last move: best guess"

    def _turn_text(self) -> str:
        match = self.match
        if self.over:
            return match.headline(self.host.theme.colour_names)
        mover = match.board.to_move
        drop = self.drop
        if drop is not None and match.is_computer(drop.player):
            # "Your turn" only once the computer's disc has landed.
            if self.config.mode is Mode.VS_COMPUTER:
                return f"The computer plays column {drop.col + 1}"
            name = match.name_of(drop.player, self.host.theme.colour_names)
            return f"{name} plays column {drop.col + 1}"
        if self.paused:
            return "Paused: S plays the next move, P goes on"
        if self.thinking or match.computer_to_move:
            if self.config.mode is Mode.VS_COMPUTER:
                return "The computer is thinking"
            return f"{match.name_of(mover, self.host.theme.colour_names)} is thinking"
        if self.config.mode is Mode.VS_COMPUTER:
            return "Your turn"
        return f"{match.name_of(mover, self.host.theme.colour_names)} to move"

    def _draw_panel(self, surface: pygame.Surface, layout: PlayLayout) -> None:
        theme, text = self.host.theme, self.host.text
        panel = layout.panel
        draw_panel(surface, panel, theme, radius=max(6, round(12 * layout.scale)))
        pad = max(8, round(14 * layout.scale))
        x = panel.x + pad
        width = panel.width - 2 * pad
        body = layout.body
        small = max(13, round(body * 0.82))
        heading = max(16, round(body * 1.15))
        y = panel.y + pad

        y = text.blit_lines(
            surface, text.wrap(self.config.mode.title, heading, width), heading, theme.text, (x, y)
        )
        if self.config.mode is not Mode.TWO_PLAYERS:
            # Each side's level on a line of its own when two computers play.
            for side in self.levels_text().split(", "):
                lines = text.wrap(side, small, width)
                y = text.blit_lines(surface, lines, small, theme.text_muted, (x, y))
            proof = self.proof_text()
            if proof:
                text.blit(surface, proof, small, theme.text_muted, (x, y))
                y += text.line_step(small)
        y += pad // 2

        # Whose turn, with their disc.
        disc_r = max(8, round(body * 0.62))
        board = self.match.board
        mover = board.to_move
        if self.over and board.outcome is not None and board.outcome.winner is not None:
            mover = board.outcome.winner
        elif self.drop is not None and self.match.is_computer(self.drop.player):
            mover = self.drop.player  # the disc of "Red plays column 4" while it falls
        drawn = self.over and board.outcome is not None and board.outcome.winner is None
        indent = 0  # a draw has no disc to show: its words start at the margin
        if not drawn:
            self.host.renderer.draw_disc(
                surface, (x + disc_r, y + disc_r), disc_r, self._colour(mover), theme
            )
            indent = 2 * disc_r + pad // 2
        turn = text.wrap(self._turn_text(), body, width - indent)
        turn_end = text.blit_lines(surface, turn, body, theme.text, (x + indent, y))
        y = max(y + (0 if drawn else 2 * disc_r), turn_end) + pad // 2
        if self.thinking and not self.paused:
            self._draw_dots(surface, (x + 2 * disc_r + pad + disc_r, y), disc_r // 3, theme.accent)
            y += disc_r
        elif "hint" in self.awaiting.values() or self.hint_pending == board.moves:
            text.blit(surface, "Looking for a hint...", small, theme.accent, (x, y))
            y += text.line_step(small)
        elif self.hint_column is not None:
            hint = text.wrap(self.hint_text(), small, width)
            y = text.blit_lines(surface, hint, small, theme.hint, (x, y))
        y += pad // 2

        text.blit(surface, "Moves", small, theme.text_muted, (x, y))
        y += text.line_step(small)
        rows = text.wrap(numbered_moves(board.moves) or "(none yet)", small, width)
        y = text.blit_lines(surface, rows, small, theme.text, (x, y), spacing=1.05)
        y += pad // 2

        text.blit(surface, "Session", small, theme.text_muted, (x, y))
        y += text.line_step(small)
        score_line = self.session.score_line(self.host.theme.colour_names)
        score = "   ".join(f"{label}{NO_BREAK}{count}" for label, count in score_line)
        y = text.blit_lines(surface, text.wrap(score, small, width), small, theme.text, (x, y))

        top_button = min((r.top for r in layout.buttons.values()), default=panel.bottom)
        if self.shows_analysis:
            y += pad // 2
            verdicts = self._column_verdicts()
            col = self.cursor
            found = verdicts[col] if col < len(verdicts) else None
            # The column under the cursor first, in the words above it; then the legend
            # where it fits.
            step = text.line_step(small)
            if found is not None:
                label, said = found
                sentence = f"{said.symbol} {said.sentence(col)}"
                if self.host.settings.engine_scores:
                    sentence += f" ({label})"
                lines = text.wrap(sentence, small, width)
                if y + len(lines) * step < top_button - pad:
                    colour = self._verdict_colour(said)
                    y = text.blit_lines(surface, lines, small, colour, (x, y))
            if self.host.settings.engine_scores:
                legends = [ENGINE_LEGEND]
            else:
                legends = [LEGEND]
                if any(v is not None and not v[1].exact for v in verdicts):
                    legends.append(ESTIMATE_LEGEND)
            for legend in legends:
                wrapped = text.wrap(legend, small, width)
                if y + len(wrapped) * step < top_button - pad:
                    y = text.blit_lines(surface, wrapped, small, theme.text_muted, (x, y))

        tiny = max(12, round(small * 0.9))
        keys_help = KEYS_HELP[self.config.mode]
        if self.over and self.config.mode is Mode.WATCH:
            keys_help = KEYS_AFTER_WATCHING
        keys = text.wrap(keys_help, tiny, width)
        keys_top = top_button - pad // 2 - len(keys) * text.line_step(tiny)
        if keys_top > y + pad // 2:
            text.blit_lines(surface, keys, tiny, theme.text_muted, (x, keys_top))
        else:
            keys_top = top_button - pad // 2
        if not self.host.settings.sound_on:  # the mute indicator, above the keys
            muted_top = keys_top - text.line_step(small)
            if muted_top > y:
                text.blit(surface, self.MUTED, small, theme.accent, (x, muted_top))

        draw_items(
            surface,
            self.buttons,
            layout.buttons,
            theme=theme,
            text=text,
            show_focus=self.over or self.buttons.hovered is not None,
        )

    def _draw_banner(self, surface: pygame.Surface, layout: PlayLayout) -> None:
        theme, text = self.host.theme, self.host.text
        rect = layout.banner
        if rect.height < 20:
            return
        surface.blit(self.host.renderer.translucent(rect.size, (*theme.banner, 225)), rect.topleft)
        pygame.draw.rect(surface, theme.accent, rect, 2, border_radius=8)
        headline = self.match.headline(self.host.theme.colour_names)
        size = max(20, min(round(rect.height * 0.42), round(layout.board.cell * 0.7)))
        width_limit = rect.width - 20
        while size > 16 and text.font(size).size(headline)[0] > width_limit:
            size -= 2
        colour = theme.accent
        text.blit(
            surface,
            headline,
            size,
            colour,
            (rect.centerx, rect.y + rect.height * 2 // 5),
            anchor="center",
        )
        small = max(13, round(size * 0.5))
        score_line = self.session.score_line(self.host.theme.colour_names)
        score = " \u00b7 ".join(f"{label} {count}" for label, count in score_line)
        text.blit(
            surface,
            score,
            small,
            theme.text,
            (rect.centerx, rect.bottom - rect.height // 5),
            anchor="center",
        )
