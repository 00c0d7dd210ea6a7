"""How fast the Puzzles screen answers a move: the requests it sends, to one engine as the
worker keeps it, timed (figures only; the tests assert no time).

For each puzzle of a seeded sample of the shipped ones, each band alike, the try is
played as the screen plays it (``game/ui/scenes/puzzles/attempt.py``):

* **right moves**: at each of the player's turns the position's analysis is asked for
  first (the screen asks while the player thinks; untimed here, timed separately as
  "analysis"), then the player plays a move that keeps the win and the defence's reply
  is timed: that reply is the screen's answer to the move;
* **a wrong first move**: the verdict is at once (the puzzle names its winning column),
  and the first move of the refutation is timed, then the rest of the line.

A player who clicks before the analysis has come waits for the defence's reply, which
judges the move on its own: the "cold" figure is that reply without the analysis first,
on a fresh engine.

``--window`` times the same through the game itself: the window (headless), the real
worker process, the Puzzles screen; from the key press of each right move to the frame
where the defence's reply is in (or the four made), the player waiting a second between
moves as the analysis comes.

    .venv/bin/python build_scripts/bench_puzzles.py [--per-band 20] [--seed 1] [--window]
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Sequence

from benchlib import header_lines, percentile, progress, shipped_book

from game import resources
from game.ai.engine import Engine
from game.ai.protocol import SearchRequest
from game.ai.puzzles import PUZZLE_FILE, Band, Puzzle, in_band, load
from game.core import Board

DEFENCE_SECONDS = 3.0
"""The screen's budget for a defending move (game/ui/scenes/puzzles/scene.py)."""
TARGET_MS = 300.0


def timed(engine: Engine, request: SearchRequest) -> tuple[float, int | None, int | None]:
    """Milliseconds, the column, and the result for the side to move."""
    started = time.perf_counter()
    result = engine.think(request)
    return (time.perf_counter() - started) * 1e3, result.column, result.score.result


def play_right(engine: Engine, puzzle: Puzzle, replies: list[float], analyses: list[float]) -> None:
    board = Board.from_moves(puzzle.moves)
    while True:
        started = time.perf_counter()
        found = engine.think(SearchRequest(moves=board.moves, analyze=True))
        analyses.append((time.perf_counter() - started) * 1e3)
        assert found.analysis is not None
        keeping = [col for col, score in found.analysis.items() if score.result == 1]
        assert keeping, f"{board.moves}: the win is gone"
        board.play(random.Random(board.moves).choice(keeping))
        if board.is_over:
            return
        spent, column, result = timed(
            engine, SearchRequest(moves=board.moves, time_limit=DEFENCE_SECONDS)
        )
        assert column is not None and result != 1
        replies.append(spent)
        board.play(column)  # the defence never makes a four while the win holds


def play_wrong(engine: Engine, puzzle: Puzzle, first: list[float], rest: list[float]) -> None:
    board = Board.from_moves(puzzle.moves)
    wrong = next(col for col in board.legal_moves() if col != puzzle.answer)
    board.play(wrong)
    for index in range(8):
        if board.is_over:
            return
        spent, column, _result = timed(
            engine, SearchRequest(moves=board.moves, time_limit=DEFENCE_SECONDS)
        )
        (first if index == 0 else rest).append(spent)
        assert column is not None
        board.play(column)


def through_window(sample: Sequence[Puzzle]) -> list[float]:
    """Milliseconds from each right move's key press to the screen's answer, through the
    real window and worker (headless SDL, a temporary settings folder)."""
    import pygame  # noqa: PLC0415

    from game.profile.settings import SettingsStore  # noqa: PLC0415
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.engine_link import make_worker  # noqa: PLC0415
    from game.ui.options import LaunchOptions  # noqa: PLC0415
    from game.ui.scenes.puzzles import PuzzleScene  # noqa: PLC0415
    from game.ui.scenes.puzzles.attempt import Attempt, Phase  # noqa: PLC0415
    from game.ui.scenes.stack import Go  # noqa: PLC0415

    # The screenshot script's headless window, by name: a script beside this one.
    headless = importlib.import_module("screenshots").headless
    answers: list[float] = []
    with headless() as temp:
        app = App(
            LaunchOptions(window_size=(960, 720), fullscreen=False),
            worker=make_worker(),
            store=SettingsStore(temp / "settings.json"),
        )
        app.open()
        try:
            app.go(Go.PUZZLES)
            scene = app.navigator.top
            assert isinstance(scene, PuzzleScene)

            def waiting(attempt: Attempt) -> bool:
                """Whether the screen still waits for the defence (a call: it changes)."""
                return attempt.phase is Phase.DEFENCE

            def wait(seconds: float) -> None:
                end = time.perf_counter() + seconds
                while time.perf_counter() < end:
                    app.step([], 1 / 60)
                    time.sleep(0.002)

            for count, puzzle in enumerate(sample, start=1):
                scene.start(puzzle)
                while scene.attempt is not None and not scene.attempt.over:
                    wait(1.0)  # the player thinks; the analysis comes
                    attempt = scene.attempt
                    keeping = attempt.winning.get(attempt.board.moves)
                    if attempt.phase is not Phase.YOUR_MOVE or not keeping:
                        continue
                    press = pygame.event.Event(
                        pygame.KEYDOWN, key=pygame.K_1 + min(keeping), mod=0, unicode=""
                    )
                    started = time.perf_counter()
                    app.step([press], 1 / 60)
                    while waiting(attempt):
                        app.step([], 1 / 60)
                        time.sleep(0.001)
                    answers.append((time.perf_counter() - started) * 1e3)
                    scene.drop = None
                progress(f"window {count}/{len(sample)} {puzzle.line()}")
        finally:
            app.close()
    return answers


def line(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"{name}: none"
    within = sum(v <= TARGET_MS for v in values) / len(values)
    return (
        f"{name}: {len(values)} answers, median {percentile(values, 50):.1f} ms,"
        f" p95 {percentile(values, 95):.1f} ms, max {max(values):.1f} ms;"
        f" {within:.1%} within {TARGET_MS:g} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-band", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", action="store_true", help="through the window and worker")
    args = parser.parse_args(argv)
    puzzles = load(resources.asset_path(PUZZLE_FILE))
    rng = random.Random(args.seed)
    sample = [
        puzzle for band in Band for puzzle in rng.sample(in_band(puzzles, band), args.per_band)
    ]
    if args.window:
        answers = through_window(sample)
        for text in header_lines():
            print(text)
        print(
            f"{len(sample)} puzzles ({args.per_band} a band, seed {args.seed}), window and worker"
        )
        print(line("key press of a right move to the screen's answer", answers))
        return 0
    engine = Engine(book=shipped_book())
    replies: list[float] = []
    analyses: list[float] = []
    first: list[float] = []
    rest: list[float] = []
    cold: list[float] = []
    for count, puzzle in enumerate(sample, start=1):
        play_right(engine, puzzle, replies, analyses)
        play_wrong(engine, puzzle, first, rest)
        board = Board.from_moves(puzzle.moves)
        board.play(puzzle.answer)
        cold.append(timed(Engine(book=shipped_book()), SearchRequest(moves=board.moves))[0])
        progress(f"{count}/{len(sample)} {puzzle.line()}")
    for text in header_lines():
        print(text)
    print(f"{len(sample)} puzzles ({args.per_band} a band, seed {args.seed})")
    print(line("the defence's reply to a right move, analysis asked first", replies))
    print(line("the refutation's first move after a wrong one", first))
    print(line("the refutation's later moves", rest))
    print(line("the analysis of the player's position (while the player thinks)", analyses))
    print(line("the defence's reply on a fresh engine (a click before any analysis)", cold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
