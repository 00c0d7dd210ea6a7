#!/usr/bin/env python3
"""Save a picture of every screen of the game, so anyone can look without playing.

    python -m build_scripts.screenshots [FOLDER] [--size WxH] [--readme]

FOLDER (default ``screenshots/``, which git ignores) receives one PNG per
screen: the menu, the new-game screens, play with analysis, a hint, the
computer thinking, game over (a win and a draw), the pause menu, settings, how
to play, the colour-blind friendly theme (shapes on the discs), the blue and
orange theme, two players, the smallest window, a notice, and the online screens
(through the game's own server on 127.0.0.1, port 0, a second client playing Bob).  ``--readme``
also writes ``assets/screenshot.png`` for the README: an 800x600 game in the
middle, with every column's exact score computed by the engine (a few seconds).

``--language CODE`` takes them in that language (English by default);
``--every-language`` takes the main screens (:data:`MAIN_SCREENS`) in every language
the game speaks, into ``FOLDER/<code>/``, for the release page and to look at.

The game runs headless (SDL's dummy drivers) with the tests' stand-in for the
worker process (``tests/fakes.py``, not part of the installed game: hence the
command runs from the checkout's root, as a module), driven through
:meth:`game.ui.app.App.step` exactly as the real loop drives it; the settings live
in a temporary folder, never the player's.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from game.ai.protocol import ReviewRequest, ReviewResult, SearchRequest, SearchResult
from game.ai.score import DRAW, Analysis, Score
from game.headless import dummy_drivers

ROOT = Path(__file__).resolve().parent.parent

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pygame

    from game.net.client import NetClient
    from game.ui.app import App
    from game.ui.options import GameConfig
    from game.ui.scenes.online import OnlineScene
    from tests.fakes import FakeWorker

README_IMAGE = ROOT / "assets" / "screenshot.png"
README_SIZE = (800, 600)
DEFAULT_SIZE = (960, 720)

MID_GAME = "44445623332346377"
"""A position from a game between two Medium players; the side to move wins with
columns 4-7 and loses with 1-3 (``python -m game.ai solve --analyze``)."""
MID_GAME_SCORES: tuple[int | None, ...] = (-1, -1, -1, 2, 3, 2, 4)
"""The exact scores of :data:`MID_GAME`'s columns, as the engine computes them."""
LOSING_GAME = MID_GAME + "4"
"""The mid-game position after its winning move: every column loses for the side to
move (the hint says so)."""
LOSING_SCORES: tuple[int | None, ...] = (-4, -10, -4, None, -12, -2, -2)
"""The exact scores of :data:`LOSING_GAME`'s columns (column 4 is full)."""
WIN_SETUP = "445566"
"""Red (to move) wins by playing column 7."""
HIGH_CONTRAST_SETUP = "1445566"
"""The player moves second here (still red) and wins by playing column 7."""
DRAW_GAME = "617315721371413543521632362446574577645622"
"""A whole game that fills the board without a four."""
FRAME = 1 / 60


ESTIMATE_GAME = "4453"
"""An opening whose canned analysis holds estimates, a proven win and a draw."""
ESTIMATE_SCORES = Analysis(
    enumerate(
        (
            Score.estimate(-250),
            Score.estimate(60),
            Score.estimate(180),
            Score.bound(2),
            Score.exact(0),
            Score.estimate(-60),
            Score.estimate(-400),
        )
    )
)


def canned_analysis(request: SearchRequest) -> SearchResult:
    """Answers like the engine, instantly: :data:`MID_GAME_SCORES` for the mid-game
    position, a centre-first move with level scores elsewhere."""
    from tests.fakes import centre_first  # noqa: PLC0415

    solved = {MID_GAME: MID_GAME_SCORES, LOSING_GAME: LOSING_SCORES}
    scores = solved.get(request.moves)
    if request.analyze and scores is not None:
        analysis = Analysis((col, Score.exact(s)) for col, s in enumerate(scores) if s is not None)
        best = analysis.best_column()
        return SearchResult(
            column=best,
            score=analysis[best],
            depth=42 - len(request.moves),
            nodes=0,
            time=0.0,
            analysis=analysis,
        )
    if request.analyze and request.moves == ESTIMATE_GAME:
        return SearchResult(
            column=3, score=Score.bound(2), depth=12, nodes=0, time=0.0, analysis=ESTIMATE_SCORES
        )
    return centre_first(request)


def engine_analysis(budget: float) -> Callable[[SearchRequest], SearchResult]:
    """Answers from the real engine, in this process (blocking: fine in a script)."""
    from game.ai.engine import Engine  # noqa: PLC0415

    engine = Engine(solver_capacity=1 << 18, search_capacity=1 << 16)

    def answer(request: SearchRequest) -> SearchResult:
        limited = SearchRequest(
            moves=request.moves,
            depth=request.depth,
            time_limit=max(budget, request.time_limit or 0.0),
            analyze=request.analyze,
        )
        return engine.think(limited)

    return answer


@contextmanager
def headless() -> Iterator[Path]:
    """Dummy SDL drivers and a temporary config and log folder while the block runs."""
    with tempfile.TemporaryDirectory(prefix="connect4-shots-") as temp:
        folder = Path(temp)
        with dummy_drivers(
            CONNECT4_CONFIG_DIR=str(folder / "config"), CONNECT4_LOG_DIR=str(folder / "log")
        ):
            yield folder


class Camera:
    """Opens one app after another at ``size``, speaking ``language`` (a code of
    :data:`game.i18n.LANGUAGES`; None: English), and saves what they show (the
    screens named in ``only``, when given)."""

    def __init__(
        self,
        folder: Path,
        size: tuple[int, int],
        *,
        language: str | None = None,
        only: frozenset[str] | None = None,
    ) -> None:
        self.folder = folder
        self.size = size
        self.language = language
        self.only = only
        self.saved: list[Path] = []
        self.opened = 0

    @contextmanager
    def app(
        self,
        worker: FakeWorker | None = None,
        *,
        size: tuple[int, int] | None = None,
        **settings: object,
    ) -> Iterator[App]:
        from game.profile.settings import SettingsStore  # noqa: PLC0415
        from game.ui.app import App  # noqa: PLC0415
        from game.ui.options import LaunchOptions  # noqa: PLC0415
        from tests.fakes import FakeWorker  # noqa: PLC0415

        # A settings file of its own: what one picture changes never shows in the next.
        self.opened += 1
        config = Path(os.environ["CONNECT4_CONFIG_DIR"]) / f"app-{self.opened}"
        app = App(
            LaunchOptions(window_size=size or self.size, fullscreen=False, language=self.language),
            worker=worker if worker is not None else FakeWorker(answer=canned_analysis),
            store=SettingsStore(config / "settings.json"),
        )
        for name, value in settings.items():
            setattr(app.settings, name, value)
        # Sound stays on (SDL plays it to its dummy driver): the panel says so when it is off.
        app.apply_settings()
        app.open()
        try:
            yield app
        finally:
            app.close()

    def shoot(
        self, app: App, name: str, *, frames: int = 2, events: Sequence[pygame.event.Event] = ()
    ) -> Path:
        """Run ``frames`` frames (the first with ``events``), then save the window."""
        import pygame  # noqa: PLC0415

        app.step(events, FRAME)
        for _ in range(frames - 1):
            app.step([], FRAME)
        path = self.folder / f"{len(self.saved) + 1:02d}-{name}.png"
        if self.only is not None and name not in self.only:
            return path
        surface = pygame.display.get_surface()
        assert surface is not None
        pygame.image.save(surface, str(path))
        self.saved.append(path)
        return path


def settle(app: App, seconds: float = 2.0) -> None:
    """Let animations finish and replies arrive."""
    for _ in range(round(seconds / FRAME)):
        app.step([], FRAME)


MAIN_SCREENS = frozenset(
    {
        "menu",
        "new-game",
        "play-analysis",
        "analysis-estimates",
        "pause",
        "hint",
        "game-over-win",
        "watch-paused",
        "menu-continue",
        "ask-before-a-new-game",
        "statistics",
        "puzzle-refuted",
        "settings",
        "how-to-play",
        "how-to-play-review",
        "smallest-window",
        "review",
        "coach",
        "online-start",
        "online-join",
        "online-waiting",
        "online-game-chat",
        "online-undo-offered",
        "online-resign",
        "online-game-over",
        "online-opponent-away",
        "online-refused",
    }
)
"""The screens ``--every-language`` takes in each language."""


def capture_all(
    folder: Path,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    language: str | None = None,
    only: frozenset[str] | None = None,
) -> list[Path]:
    """Save a PNG of every screen (those named in ``only``, when given) into ``folder``
    (created), the game speaking ``language``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    with headless():
        return _capture_all(Camera(folder, size, language=language, only=only))


def capture_every_language(folder: Path, *, size: tuple[int, int] = DEFAULT_SIZE) -> list[Path]:
    """The main screens in every language the game speaks, in ``folder/<code>/``."""
    from game.i18n import LANGUAGES  # noqa: PLC0415

    saved = []
    for code in LANGUAGES:
        saved += capture_all(folder / code, size=size, language=code, only=MAIN_SCREENS)
    return saved


def _capture_all(camera: Camera) -> list[Path]:
    for screens in (
        _menus_and_analysis,
        _turns_and_endings,
        _watching,
        _menus_and_pages,
        _puzzles,
        _review_screens,
        _online_screens,
    ):
        screens(camera)
    return camera.saved


def versus(moves: str) -> GameConfig:
    """A game against Hard from ``moves``."""
    from game.ai.levels import level_by_name  # noqa: PLC0415
    from game.ui.options import GameConfig, Mode  # noqa: PLC0415

    return GameConfig(mode=Mode.VS_COMPUTER, level=level_by_name("Hard"), start_moves=moves)


def _menus_and_analysis(camera: Camera) -> None:
    import pygame  # noqa: PLC0415 - after the dummy drivers are set

    from game.ui.options import Mode  # noqa: PLC0415
    from game.ui.scenes.stack import OpenSetup  # noqa: PLC0415
    from tests.fakes import key, start_game  # noqa: PLC0415

    with camera.app() as app:
        camera.shoot(app, "menu")
        camera.shoot(app, "new-game", events=[key(pygame.K_RETURN)])
    with camera.app() as app:
        app.go(OpenSetup(Mode.WATCH))
        camera.shoot(app, "watch-setup")
    with camera.app(show_analysis=True) as app:
        start_game(app, versus(MID_GAME))
        settle(app, 0.5)
        camera.shoot(app, "play-analysis")
        camera.shoot(app, "pause", events=[key(pygame.K_ESCAPE)])
    with camera.app(show_analysis=True) as app:
        start_game(app, versus(ESTIMATE_GAME))
        settle(app, 0.5)
        camera.shoot(app, "analysis-estimates")
    with camera.app(show_analysis=True, engine_scores=True) as app:
        start_game(app, versus(ESTIMATE_GAME))
        settle(app, 0.5)
        camera.shoot(app, "analysis-engine-scores")
    with camera.app() as app:
        start_game(app, versus(MID_GAME))
        settle(app, 0.2)
        camera.shoot(app, "hint", events=[key(pygame.K_h)], frames=10)
    with camera.app() as app:
        start_game(app, versus(LOSING_GAME))
        settle(app, 0.2)
        camera.shoot(app, "hint-every-move-loses", events=[key(pygame.K_h)], frames=10)


def _turns_and_endings(camera: Camera) -> None:
    import pygame  # noqa: PLC0415

    from game.ai.levels import level_by_name  # noqa: PLC0415
    from game.ui.options import GameConfig, Mode  # noqa: PLC0415
    from tests.fakes import FakeWorker, key, start_game  # noqa: PLC0415

    hard = level_by_name("Hard")
    with camera.app(FakeWorker(auto=False)) as app:
        start_game(app, versus("4453"))
        app.step([key(pygame.K_3)], FRAME)
        settle(app, 1.0)
        camera.shoot(app, "computer-thinking")
    with camera.app() as app:
        start_game(app, versus(WIN_SETUP))
        app.step([key(pygame.K_7)], FRAME)
        settle(app, 1.5)
        camera.shoot(app, "game-over-win")
    with camera.app() as app:
        start_game(app, versus(DRAW_GAME[:-1]))
        app.step([key(pygame.K_1 + int(DRAW_GAME[-1]) - 1)], FRAME)
        settle(app, 1.5)
        camera.shoot(app, "game-over-draw")
    with camera.app(theme="high-contrast") as app:
        start_game(app, versus(HIGH_CONTRAST_SETUP))
        app.step([key(pygame.K_7)], FRAME)
        settle(app, 1.5)
        camera.shoot(app, "high-contrast-win")
    with camera.app(theme="blue-orange", show_analysis=True) as app:
        start_game(app, versus(MID_GAME))
        settle(app, 0.5)
        camera.shoot(app, "blue-orange")
    with camera.app() as app:
        start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=hard, start_moves="3443"))
        camera.shoot(app, "two-players")


def _watching(camera: Camera) -> None:
    import pygame  # noqa: PLC0415

    from game.ai.levels import level_by_name  # noqa: PLC0415
    from game.ui.options import GameConfig, Mode  # noqa: PLC0415
    from game.ui.scenes.play import PlayScene  # noqa: PLC0415
    from tests.fakes import key, start_game  # noqa: PLC0415

    hard = level_by_name("Hard")
    with camera.app() as app:
        start_game(
            app,
            GameConfig(
                mode=Mode.WATCH,
                level=level_by_name("Easy"),
                second_level=level_by_name("Master"),
                start_moves="44",
            ),
        )
        settle(app, 2.0)
        camera.shoot(app, "watch-paused", events=[key(pygame.K_p)], frames=30)
        app.step([key(pygame.K_s)], FRAME)
        for _ in range(600):  # the stepped move's disc, caught while it falls
            app.step([], FRAME)
            scene = app.scene
            if isinstance(scene, PlayScene) and scene.falling is not None:
                break
        camera.shoot(app, "watch-a-disc-falling", frames=4)
    with camera.app(watch_delay=0.0) as app:
        start_game(app, GameConfig(mode=Mode.WATCH, level=hard, second_level=level_by_name("Easy")))
        settle(app, 30.0)
        camera.shoot(app, "watch-over")


def _menus_and_pages(camera: Camera) -> None:
    import pygame  # noqa: PLC0415

    from game.ai.levels import level_by_name  # noqa: PLC0415
    from game.profile.statistics import Result  # noqa: PLC0415
    from game.ui.options import GameConfig, Mode  # noqa: PLC0415
    from game.ui.scenes.stack import Go  # noqa: PLC0415
    from tests.fakes import key, start_game  # noqa: PLC0415

    hard = level_by_name("Hard")
    with camera.app() as app:
        start_game(app, GameConfig(mode=Mode.TWO_PLAYERS, level=hard, start_moves=""))
        for column in MID_GAME:
            app.step([key(pygame.K_0 + int(column))], FRAME)
            settle(app, 0.4)
        app.go(Go.MENU)
        camera.shoot(app, "menu-continue")
        camera.shoot(
            app,
            "ask-before-a-new-game",
            events=[key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN)],
        )
        app.step([key(pygame.K_ESCAPE)], FRAME)
        app.go(Go.STATS)
        camera.shoot(app, "statistics-empty")
    with camera.app() as app:
        played: list[tuple[str, Result]] = [
            ("Easy", "win"),
            ("Easy", "win"),
            ("Hard", "loss"),
            ("Hard", "draw"),
        ]
        for level, result in played:
            app.saver.stats.record(level, result)
        app.go(Go.STATS)
        camera.shoot(app, "statistics")
    with camera.app() as app:
        app.go(Go.SETTINGS)
        camera.shoot(app, "settings")
    with camera.app() as app:
        app.go(Go.HELP)
        camera.shoot(app, "how-to-play")
        camera.shoot(app, "how-to-play-review", events=[key(pygame.K_RIGHT)])
        camera.shoot(app, "how-to-play-puzzles", events=[key(pygame.K_RIGHT)])
    with camera.app(size=(640, 480), show_analysis=True) as app:
        start_game(app, versus(MID_GAME))
        settle(app, 0.5)
        camera.shoot(app, "smallest-window")
    with camera.app() as app:
        from game.ai.client import Notice  # noqa: PLC0415
        from game.ui.engine_link import notice_text  # noqa: PLC0415
        from game.ui.scenes.play import texts  # noqa: PLC0415

        app.stage.notify(notice_text(Notice.RESTARTED))
        app.stage.notify(texts.Refusal.NOTHING_TO_UNDO.text)
        camera.shoot(app, "notice")


def capture_readme(path: Path = README_IMAGE, *, budget: float = 60.0) -> Path:
    """The README's picture: a game against the computer in the middle, with the
    engine's exact analysis of every column shown.  Takes a few seconds."""
    import pygame  # noqa: PLC0415

    from game.ai.levels import level_by_name  # noqa: PLC0415
    from game.ui.options import GameConfig, Mode  # noqa: PLC0415
    from tests.fakes import FakeWorker, motion, start_game  # noqa: PLC0415

    camera = Camera(path.parent, README_SIZE)
    worker = FakeWorker(answer=engine_analysis(budget))
    with headless(), camera.app(worker, show_analysis=True) as app:
        config = GameConfig(
            mode=Mode.VS_COMPUTER, level=level_by_name("Perfect"), start_moves=MID_GAME
        )
        start_game(app, config)
        settle(app, 0.3)
        geometry = app.scene.layout(app.size).board  # type: ignore[attr-defined]
        best = MID_GAME_SCORES.index(max(s for s in MID_GAME_SCORES if s is not None))
        app.step([motion((geometry.column_x(best), geometry.hover_y))], FRAME)
        settle(app, 0.3)
        surface = pygame.display.get_surface()
        assert surface is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default="screenshots", type=Path)
    parser.add_argument("--size", default="960x720", help="window size, WxH (default 960x720)")
    parser.add_argument(
        "--readme", action="store_true", help=f"also write {README_IMAGE.relative_to(ROOT)}"
    )
    speech = parser.add_mutually_exclusive_group()
    speech.add_argument("--language", metavar="CODE", help="the game's language (default en)")
    speech.add_argument(
        "--every-language",
        action="store_true",
        help="the main screens in every language, into FOLDER/<code>/",
    )
    args = parser.parse_args(argv)
    if importlib.util.find_spec("tests") is None:
        parser.error("run it from the checkout's root: python -m build_scripts.screenshots")
    try:
        width, height = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size {args.size!r}: expected WIDTHxHEIGHT, e.g. 960x720")
    if width < 640 or height < 480:
        parser.error("--size: the game's smallest window is 640x480")
    if args.every_language:
        shots = capture_every_language(args.folder, size=(width, height))
    else:
        shots = capture_all(args.folder, size=(width, height), language=args.language)
    for path in shots:
        print(path)
    if args.readme:
        print(capture_readme())
    return 0


def _puzzles(camera: Camera) -> None:
    """The Puzzles screen: a puzzle, a move that throws the win away and its refutation,
    the puzzle solved; then Statistics with the rating's graph."""
    import pygame  # noqa: PLC0415

    from game.ai.puzzles import PUZZLE_FILE, Band, load  # noqa: PLC0415
    from game.profile.statistics import Result  # noqa: PLC0415
    from game.resources import asset_path  # noqa: PLC0415
    from game.ui.scenes.puzzles import PuzzleScene  # noqa: PLC0415
    from game.ui.scenes.puzzles.attempt import Phase  # noqa: PLC0415
    from game.ui.scenes.stack import Go  # noqa: PLC0415
    from tests.fakes import FakeWorker, key  # noqa: PLC0415

    puzzle = next(p for p in load(asset_path(PUZZLE_FILE)) if p.band is Band.MEDIUM)
    with camera.app(FakeWorker(answer=engine_analysis(5.0))) as app:
        app.go(Go.PUZZLES)
        scene = app.navigator.top
        assert isinstance(scene, PuzzleScene)
        scene.start(puzzle)
        camera.shoot(app, "puzzle")
        wrong = 3 if puzzle.answer != 3 else 2
        app.step([key(pygame.K_1 + wrong)], FRAME)
        settle(app, 1.5)
        camera.shoot(app, "puzzle-refuted")
        app.step([key(pygame.K_r)], FRAME)
        while scene.attempt is not None and not scene.attempt.over:
            attempt = scene.attempt
            keeping = attempt.winning.get(attempt.board.moves)
            if attempt.phase is Phase.YOUR_MOVE and scene.drop is None and keeping:
                app.step([key(pygame.K_1 + min(keeping))], FRAME)
            settle(app, 0.3)
        settle(app, 1.0)
        camera.shoot(app, "puzzle-solved")
        played: list[tuple[str, Result]] = [("Easy", "win"), ("Medium", "win"), ("Hard", "loss")]
        for level, result in played:
            app.saver.record_result(level, result)
        app.go(Go.STATS)
        camera.shoot(app, "statistics-rating")


# -- the review, the history, import and the coach (issue 27) ------------------------

REVIEWED_START = "5455174361263362"
"""The review's screenshot: a game from this position (:func:`_review_screens`)."""
REVIEWED_GAME = "54551743612633622445514114223533217777766"
"""Played out by two shallow searches from a Test_L2_R2 position: the first player wins,
with a blunder and a mistake on the way."""
DRAWN_GAME = "617315721371413543521632362446574577645622"


def engine_review() -> Callable[[ReviewRequest], ReviewResult]:
    """Review answers from the real engine, in this process."""
    from game.ai.engine import Engine  # noqa: PLC0415

    engine = Engine(solver_capacity=1 << 18, search_capacity=1 << 16)
    return engine.review


def coach_analysis(request: SearchRequest) -> SearchResult:
    """The empty board's columns with column 1 a blunder; centre-first moves elsewhere."""
    from tests.fakes import centre_first  # noqa: PLC0415

    if not request.analyze or request.moves:
        return centre_first(request)
    analysis = Analysis(
        {
            0: Score.exact(-2),
            1: DRAW,
            2: DRAW,
            3: Score.exact(1),
            4: DRAW,
            5: DRAW,
            6: Score.exact(-2),
        }
    )
    return SearchResult(
        column=3, score=analysis.best, depth=42, nodes=0, time=0.0, analysis=analysis
    )


def _review_screens(camera: Camera) -> None:
    """The Review screen on a blunder with its best line (the real engine values the
    game, which begins from a position of 16 moves so that every value takes
    milliseconds), Your games, Import a game refusing a bad move, the coach's offer."""
    import pygame  # noqa: PLC0415

    from game.profile.choices import Mode  # noqa: PLC0415
    from game.profile.history import FinishedGame  # noqa: PLC0415
    from game.ui.review_game import ReviewGame  # noqa: PLC0415
    from game.ui.scenes.import_game import ImportScene  # noqa: PLC0415
    from game.ui.scenes.review import ReviewScene  # noqa: PLC0415
    from game.ui.scenes.stack import Go, Review  # noqa: PLC0415
    from tests.fakes import FakeWorker, key, start_game  # noqa: PLC0415

    with camera.app(FakeWorker(answer=engine_analysis(2.0), review=engine_review())) as app:
        game = ReviewGame(REVIEWED_GAME, len(REVIEWED_START), 0, level="Hard")
        app.go(Review(game))
        settle(app, 1.0)
        review = app.navigator.top
        assert isinstance(review, ReviewScene)
        reviews = review.record.reviews
        blunder = next(r for r in reviews if r is not None and r.verdict.shows_line)
        review.show(blunder.number)
        settle(app, 1.0)
        camera.shoot(app, "review")
    with camera.app() as app:
        dates = ("2026-11-20T18:02:00+00:00", "2026-11-24T21:40:00+00:00")
        app.saver.record_game(
            FinishedGame(
                moves=REVIEWED_GAME,
                mode=Mode.VS_COMPUTER,
                levels=("Hard", "Hard"),
                human=0,
                start=16,
                date=dates[0],
                coached=True,
            )
        )
        app.saver.record_game(
            FinishedGame(
                moves=DRAWN_GAME, mode=Mode.TWO_PLAYERS, levels=("Hard", "Hard"), date=dates[1]
            )
        )
        app.go(Go.GAMES)
        camera.shoot(app, "your-games")
        app.go(Go.IMPORT)
        scene = app.navigator.top
        assert isinstance(scene, ImportScene)
        events = [pygame.event.Event(pygame.TEXTINPUT, text=char) for char in "44444444"]
        camera.shoot(app, "import-game", events=[*events, key(pygame.K_RETURN)])
    with camera.app(FakeWorker(answer=coach_analysis), coach=True) as app:
        from game.ai.levels import level_by_name  # noqa: PLC0415
        from game.ui.options import GameConfig  # noqa: PLC0415

        start_game(app, GameConfig(mode=Mode.VS_COMPUTER, level=level_by_name("Hard")))
        settle(app, 0.3)
        app.step([key(pygame.K_1)], 1 / 60)
        settle(app, 1.5)
        camera.shoot(app, "coach")


# -- play across the network (issue 38) -----------------------------------------------

PLAYER_WORDS = ("Ann", "Bob", "connect4.example.org", "Nice opening!")
"""What the players of the online shots type (names, an address, a chat line): shown as
typed in every language."""

ONLINE_WAIT = 20.0
"""Seconds a network step may take before the screenshots give up (loopback: far less)."""


class FoundOne:
    """A stand-in for the local network's browser that has found one game."""

    def __init__(self) -> None:
        from game.net.discovery import FoundGame  # noqa: PLC0415

        self.found = [FoundGame("Bob", "K7QM4R", "192.168.1.23", 4840, 1)]

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def games(self) -> list[object]:
        return list(self.found)


def until(app: App, done: Callable[[], bool], what: str) -> None:
    """Step ``app`` until ``done()`` (the network answers from another thread), at most
    :data:`ONLINE_WAIT` seconds."""
    import time  # noqa: PLC0415

    deadline = time.monotonic() + ONLINE_WAIT
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the online screenshots waited too long for {what}")
        app.step([], FRAME)
        time.sleep(0.005)


def _online_screens(camera: Camera) -> None:
    """The first online screen, the join screen with a game found, then a game against
    a second client through the game's server on 127.0.0.1 (port 0): waiting for a
    friend, the chat, an undo asked for, resigning, the end with a rematch offered, the
    opponent away with its countdown; and a join the server refuses."""
    from game.net.hosting import HostedServer  # noqa: PLC0415

    _online_forms(camera)
    server = HostedServer(host="127.0.0.1", port=0, keep_seconds=110)
    server.start()
    try:
        _online_game(camera, server.local_url)
        _online_refused(camera, server.local_url)
    finally:
        server.stop(wait=True)


def _online_forms(camera: Camera) -> None:
    import pygame  # noqa: PLC0415

    from game.profile.online_memory import ONLINE_FILE, OnlineMemory  # noqa: PLC0415
    from game.ui.scenes.online import JoinScene  # noqa: PLC0415
    from game.ui.scenes.stack import Online, OnlineScreen  # noqa: PLC0415
    from tests.fakes import key  # noqa: PLC0415

    with camera.app() as app:
        memory = OnlineMemory.load(app.saver.store.path.with_name(ONLINE_FILE))
        memory.name = "Ann"  # as if she had played online before (not the login's name)
        memory.servers = ["connect4.example.org"]
        memory.save()
        app.go(Online(OnlineScreen.START))
        camera.shoot(app, "online-start")
        join = JoinScene(app.stage, memory, browser=FoundOne())  # type: ignore[arg-type]
        app.navigator.stack.push(join)
        typed = [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "K7QM"]
        camera.shoot(app, "online-join", events=[key(pygame.K_TAB), *typed])


def _online_game(camera: Camera, url: str) -> None:
    """Ann (this window) hosts a room; Bob joins it from a client thread."""
    import pygame  # noqa: PLC0415

    from game.net.client import CreateRoom, JoinRoom, NetClient  # noqa: PLC0415
    from game.net.messages import Chat, Move, Status, Undo  # noqa: PLC0415
    from game.ui.scenes.online import NetLink, OnlineScene, texts  # noqa: PLC0415
    from game.ui.scenes.stack import Online, OnlineScreen  # noqa: PLC0415
    from tests.fakes import key  # noqa: PLC0415

    with camera.app() as app:
        link = NetLink(url, "Ann", CreateRoom())
        link.start()
        app.go(Online(OnlineScreen.GAME, link))
        until(app, lambda: link.room is not None, "a room")
        camera.shoot(app, "online-waiting")
        assert link.room is not None
        bob = NetClient(url, "Bob", JoinRoom(link.room))
        bob.start()
        try:
            scene = app.scene
            assert isinstance(scene, OnlineScene)
            until(app, lambda: scene.game is not None, "Bob")
            for ply, column in enumerate("4435"):
                if ply % 2 == 0:
                    app.step([key(pygame.K_0 + int(column))], FRAME)
                else:
                    bob.send(Move(ply, int(column)))
                played = "4435"[: ply + 1]
                until(app, lambda: scene.board.moves == played, "a move")  # noqa: B023
                settle(app, 0.6)
            bob.send(Chat(texts.phrase(0)))  # the ready phrases, in the game's language
            until(app, lambda: len(link.chat) >= 1, "Bob's word")
            scene.press("phrase:2")
            bob.send(Chat(PLAYER_WORDS[3]))
            until(app, lambda: len(link.chat) >= 3, "the chat")
            settle(app, 0.2)
            camera.shoot(app, "online-game-chat")
            bob.send(Undo(4))  # Bob asks to take back his move
            until(app, lambda: bool(link.offers), "the undo offer")
            camera.shoot(app, "online-undo-offered")
            scene.press("undo")
            until(app, lambda: scene.board.moves == "443", "the undo")
            settle(app, 0.6)
            _online_ending(camera, app, scene, bob)
        finally:
            bob.close()
        until(app, lambda: link.opponent_status is Status.AWAY, "Bob's absence")
        settle(app, 5.0)
        camera.shoot(app, "online-opponent-away")


def _online_ending(camera: Camera, app: App, scene: OnlineScene, bob: NetClient) -> None:
    """Resigning asked and not done; Bob resigns and offers a rematch; it begins."""
    import pygame  # noqa: PLC0415

    from game.net.messages import Move, Rematch, Resign  # noqa: PLC0415
    from tests.fakes import key  # noqa: PLC0415

    asking = scene.press("resign")
    assert asking is not None
    app.go(asking)
    camera.shoot(app, "online-resign")
    app.step([key(pygame.K_ESCAPE)], FRAME)  # keep playing: Bob resigns instead
    bob.send(Resign())
    until(app, lambda: scene.game is not None and scene.game.over, "the end")
    bob.send(Rematch())
    until(app, lambda: bool(scene.link.offers), "the rematch offer")
    settle(app, 0.5)
    camera.shoot(app, "online-game-over")
    scene.press("rematch")
    until(app, lambda: scene.game is not None and not scene.game.over, "the rematch")
    bob.send(Move(0, 4))
    until(app, lambda: scene.board.moves == "4", "Bob's first move")


def _online_refused(camera: Camera, url: str) -> None:
    from game.net.client import JoinRoom  # noqa: PLC0415
    from game.ui.scenes.online import NetLink, OnlineScene  # noqa: PLC0415
    from game.ui.scenes.stack import Online, OnlineScreen  # noqa: PLC0415

    with camera.app() as app:
        link = NetLink(url, "Ann", JoinRoom("Q2WX7P"))
        link.start()
        app.go(Online(OnlineScreen.GAME, link))
        scene = app.scene
        assert isinstance(scene, OnlineScene)
        until(app, lambda: scene.problem is not None, "the refusal")
        camera.shoot(app, "online-refused")


if __name__ == "__main__":
    sys.exit(main())
