#!/usr/bin/env python3
"""The game review's figures against issue 27's targets.

    python build_scripts/bench_review.py [--games 10] [--screen-games 3] [--explain-games 12]
        [--seed 1]

A benchmark, not a test: it prints figures and asserts nothing.

1. **A 42-move game reviewed exactly** (target: at most 5 s at p95).  Games that fill
   the board are played out by the depth search from seeded openings; each is reviewed
   by a fresh engine, as ``python -m game.ai review`` does (every position's exact value,
   from the last back: :func:`game.ai.review.review_game`), with the opening book
   (``assets/book.bin``).  Without it the first nine positions would take minutes
   each, so the review then starts at move 10 and says so.
2. **The first verdicts on screen** (target: within 0.5 s) and **the frames while a
   review is computed** (target: p99 at most 20 ms).  The real window loop
   (:meth:`App.step` at 60 fps, SDL's dummy driver unless ``DISPLAY`` is set) with the
   real worker process, already started, opens the Review screen of such a game: the
   time until a move is judged on screen, until every move is, and the time between
   frames meanwhile.

3. **The reasons** (issue 40's target: at most 50 ms a move beyond the review itself).
   Games between the levels with a few random slips (``check_explain.py``'s, so that
   there are mistakes and blunders to explain) are reviewed exactly twice by fresh
   engines, as ``review`` and as ``review --explain`` (which goes first alternates from
   game to game), and the time spent inside the reasons themselves
   (:meth:`game.ai.review.Reviewer.explain`: the board tests and, for a long-term loss,
   the best line to the end) is measured in the second: per move of the game, and per
   mistake or blunder.

Other processes on the machine slow every figure: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

import benchlib
from benchlib import describe_ms, load_average, percentile

from game.ai.bookshelf import PositionBook
from game.core.bitboard import CELLS
from game.core.board import Board

if TYPE_CHECKING:
    from game.ui.app import App

BOOK_PLIES = 9
"""Positions the book answers (plies 0-8): without it, the review starts after them."""
SCREEN_TIMEOUT = 120.0


def full_games(count: int, seed: int) -> list[str]:
    """``count`` games that fill the board (42 moves), played out by a depth-7 search with
    random ties from seeded four-move openings."""
    from game.ai.search import DepthSearch  # noqa: PLC0415

    rng = random.Random(seed)
    search = DepthSearch()
    games: list[str] = []
    tries = 0
    while len(games) < count and tries < 50 * count:
        tries += 1
        opening = "".join(str(rng.randint(2, 6)) for _ in range(4))
        try:
            board = benchlib.play_out(opening, lambda b: search.search(b, 7, rng=rng).column)
        except benchlib.GameFailure:
            continue
        if board.ply == CELLS:
            games.append(board.moves)
    return games


def the_book() -> tuple[PositionBook | None, int, str]:
    """The book the review reads, the first ply reviewed, and its name."""
    shelf = benchlib.shipped_book()
    if shelf.book is not None:
        return shelf, 0, "the opening book"
    return None, BOOK_PLIES, f"no opening book ({shelf.problem})"


def bench_exact(games: list[str]) -> None:
    from game.ai.engine import Engine  # noqa: PLC0415
    from game.ai.review import review_game  # noqa: PLC0415
    from game.ai.review_driver import ReviewOptions  # noqa: PLC0415

    book, first, name = the_book()
    print(f"book: {name}; moves reviewed from move {first + 1}")
    seconds = []
    for number, moves in enumerate(games, start=1):
        engine = Engine(book=book)
        start = time.perf_counter()
        reviews = review_game(
            Board.from_moves(moves), engine.reviewer, ReviewOptions(first=first, line=0)
        )
        seconds.append(time.perf_counter() - start)
        assert all(review.certain for review in reviews)
        benchlib.progress(f"game {number}/{len(games)}: {seconds[-1]:.2f} s")
    print(
        f"a 42-move game reviewed exactly, {len(games)} games: median"
        f" {statistics.median(seconds):.2f} s, p95 {percentile(seconds, 95):.2f} s, max"
        f" {max(seconds):.2f} s (target: p95 at most 5 s)"
    )


def bench_explain(count: int, seed: int) -> None:
    from check_explain import level_game  # noqa: PLC0415

    from game.ai.budget import Budget  # noqa: PLC0415
    from game.ai.engine import Engine  # noqa: PLC0415
    from game.ai.explain import Reason  # noqa: PLC0415
    from game.ai.review import Reviewer, review_game  # noqa: PLC0415
    from game.ai.review_driver import ReviewOptions  # noqa: PLC0415
    from game.ai.search import DepthSearch  # noqa: PLC0415

    class TimedReviewer(Reviewer):
        """A reviewer that adds up the seconds its reasons take."""

        explaining = 0.0

        def explain(self, game: Board, ply: int, budget: Budget) -> Reason | None:
            start = time.perf_counter()
            try:
                return super().explain(game, ply, budget)
            finally:
                self.explaining += time.perf_counter() - start

    book, first, name = the_book()
    print(f"reasons: {count} level games with slips, {name}, reviewed from move {first + 1}")
    rng = random.Random(seed)
    search = DepthSearch()
    games = [level_game(rng, search, 0.1) for _ in range(count)]
    per_move: list[float] = []
    per_reason: list[float] = []
    plain_seconds: list[float] = []
    explained_seconds: list[float] = []
    for number, game in enumerate(games, start=1):
        runs: dict[bool, float] = {}
        inside = 0.0
        reasons = 0
        for explain in (False, True) if number % 2 else (True, False):
            engine = Engine(book=book)
            reviewer = TimedReviewer(engine.solver, engine.depth_search, book)
            options = ReviewOptions(first=first, line=0, explain=explain)
            start = time.perf_counter()
            reviews = review_game(game, reviewer, options)
            runs[explain] = time.perf_counter() - start
            if explain:
                inside = reviewer.explaining
                reasons = sum(review.reason is not None for review in reviews)
        moves = game.ply - first
        per_move.append(inside * 1000 / moves)
        if reasons:
            per_reason.append(inside * 1000 / reasons)
        plain_seconds.append(runs[False])
        explained_seconds.append(runs[True])
        benchlib.progress(
            f"game {number}/{count}: {moves} moves, {reasons} reasons, {inside * 1000:.0f} ms"
            f" in the reasons; review {runs[False]:.2f} s, with reasons {runs[True]:.2f} s"
        )
    print(describe_ms("time in the reasons per move of a game", per_move, target=50.0))
    if per_reason:
        print(describe_ms("time in the reasons per mistake or blunder", per_reason))
    print(
        f"whole review, median of {count}: {statistics.median(plain_seconds):.2f} s,"
        f" with --explain {statistics.median(explained_seconds):.2f} s"
    )


def bench_screen(games: list[str], size: tuple[int, int]) -> None:
    from game.ui import prepare_environment  # noqa: PLC0415

    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    prepare_environment()
    from game.profile.settings import SettingsStore  # noqa: PLC0415
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.options import LaunchOptions  # noqa: PLC0415

    firsts: list[float] = []
    completes: list[float] = []
    intervals: list[float] = []
    work: list[float] = []
    with tempfile.TemporaryDirectory(prefix="connect4-bench-") as temp:
        store = SettingsStore(Path(temp) / "settings.json")
        app = App(LaunchOptions(window_size=size, fullscreen=False), store=store)
        app.settings.sound_on = False
        app.open()
        try:
            _warm_up(app)
            for moves in games:
                first, complete = _review_on_screen(app, moves, intervals, work)
                firsts.append(first)
                completes.append(complete)
        finally:
            app.close()
    print(
        f"first verdict on screen, {len(games)} games: median {statistics.median(firsts):.2f} s,"
        f" max {max(firsts):.2f} s (target: within 0.5 s); every move judged: median"
        f" {statistics.median(completes):.2f} s, max {max(completes):.2f} s"
    )
    print(describe_ms("time between frames while reviewing", intervals, target=20.0))
    print(describe_ms("work per frame", work))


def _warm_up(app: App) -> None:
    """Start the worker and wait for its first answer (the game starts it at launch)."""
    from game.ai.protocol import SearchRequest  # noqa: PLC0415

    worker = app.link.worker
    worker.start()
    worker.submit(SearchRequest(moves="4", depth=1))
    deadline = time.monotonic() + 30.0
    while not worker.poll() and time.monotonic() < deadline:
        time.sleep(0.01)


def _review_on_screen(
    app: App, moves: str, intervals: list[float], work: list[float]
) -> tuple[float, float]:
    """Open the Review screen of ``moves`` and run the loop until every move is judged:
    the seconds to the first verdict and to the last."""
    from game.ui.app import FPS  # noqa: PLC0415
    from game.ui.process import FrameClock  # noqa: PLC0415
    from game.ui.review_game import ReviewGame  # noqa: PLC0415
    from game.ui.scenes.review import ReviewScene  # noqa: PLC0415
    from game.ui.scenes.stack import Go, Review  # noqa: PLC0415

    start = time.perf_counter()
    app.go(Review(ReviewGame(moves)))
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    clock = FrameClock(FPS)
    clock.tick()
    previous = time.perf_counter()
    first = None
    while not scene.record.complete and time.perf_counter() - start < SCREEN_TIMEOUT:
        dt = clock.tick()
        now = time.perf_counter()
        intervals.append((now - previous) * 1000)
        previous = now
        app.step([], min(dt, 0.1))
        work.append((time.perf_counter() - now) * 1000)
        if first is None and scene.record.judged:
            first = time.perf_counter() - start
    complete = time.perf_counter() - start
    app.go(Go.BACK)
    return (complete if first is None else first), complete


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games reviewed exactly")
    parser.add_argument("--screen-games", type=int, default=3, help="games reviewed on screen")
    parser.add_argument(
        "--explain-games", type=int, default=12, help="level games whose reasons are timed"
    )
    parser.add_argument("--seed", type=int, default=1, help="the games' openings")
    parser.add_argument("--size", default="960x720", help="window size, WxH")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    for line in benchlib.header_lines():
        print(line)
    print(f"load average before: {load_average()}")
    games = full_games(max(args.games, args.screen_games), args.seed)
    if args.games:
        bench_exact(games[: args.games])
    if args.explain_games:
        bench_explain(args.explain_games, args.seed)
    if args.screen_games:
        bench_screen(games[: args.screen_games], (width, height))
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
