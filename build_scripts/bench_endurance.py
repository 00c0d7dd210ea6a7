"""Endurance benchmark: many computer-against-computer games through one worker.

Usage::

    python build_scripts/bench_endurance.py [--games 50] [--level Master] [--seed 1]

Plays ``--games`` consecutive games at one level through a single
:class:`~game.ai.worker.AIWorker` (so its transposition tables live for the whole
run, as in a long session), headless.  Each game starts from a different
two-move opening so the games differ.  After every game it checks that the game
is a legal finished game (replayed move by move on a fresh Board: a four on the
board, or a full board for a draw), and it samples the worker's resident memory
every move.

It prints one line per game and, at the end, the worker's peak resident memory
next to the bound it must stay under: the transposition tables' bound
(:attr:`Engine.max_table_bytes`) plus 100 MB.  Exit status 1 if any game ended
illegally, the worker had to be restarted, or the peak is over the bound.
Peak memory is read from /proc (Linux); elsewhere the script says it cannot.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import benchlib
from benchlib import GameFailure, openings, percentile, play_out, shipped_book

from game.ai.engine import Engine
from game.ai.levels import level_by_name
from game.ai.protocol import Answered, SearchRequest, SearchResult
from game.ai.worker import AIWorker
from game.core import CELLS, Board

MB = 1024 * 1024
HEADROOM = 100 * MB
"""What the worker may use beyond its tables: the interpreter, the engine, the pipe."""
REPLY_TIMEOUT = 30.0
"""Seconds past the level's budget after which a move counts as lost."""


def read_memory(pid: int) -> tuple[int, int] | None:
    """The (current, peak) resident memory of ``pid`` in bytes, or None off Linux."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    values: dict[str, int] = {}
    for line in status.splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) * 1024
    if len(values) < 2:
        return None
    return values["VmRSS"], values["VmHWM"]


def play_game(
    worker: AIWorker, opening: str, depth: int | None, budget: float, seed: int
) -> tuple[Board, list[float], int]:
    """One game from ``opening``; returns the board, the move times, and peak RSS seen."""
    times: list[float] = []
    peak = 0

    def choose(board: Board) -> int | None:
        nonlocal peak
        request = SearchRequest(
            moves=board.moves, depth=depth, time_limit=budget, seed=seed + board.ply
        )
        began = time.perf_counter()
        request_id = worker.submit(request)
        deadline = time.monotonic() + budget + REPLY_TIMEOUT
        while True:
            if time.monotonic() > deadline:
                raise GameFailure(f"no move after {board.moves!r} within the budget")
            for reply in worker.poll():
                if reply.request_id != request_id:
                    raise GameFailure(f"a reply for request {reply.request_id}, not {request_id}")
                if not isinstance(reply, Answered) or not isinstance(reply.result, SearchResult):
                    raise GameFailure(f"no move after {board.moves!r}: {reply}")
                column = reply.result.column
                if column is None:
                    raise GameFailure(f"no move after {board.moves!r}: {reply}")
                times.append(time.perf_counter() - began)
                if worker.pid is not None:
                    memory = read_memory(worker.pid)
                    if memory is not None:
                        peak = max(peak, memory[1])
                return column
            time.sleep(0.002)

    board = play_out(opening, choose)
    check_finished(board)
    return board, times, peak


def check_finished(board: Board) -> None:
    """Replay the game on a fresh board and check it ended in a four or a full board."""
    replay = Board()
    for index, char in enumerate(board.moves):
        if replay.is_over:
            raise GameFailure(f"move {index + 1} of {board.moves!r} was played after the end")
        replay.play(int(char) - 1)
    outcome = replay.outcome
    if outcome is None:
        raise GameFailure(f"the game {board.moves!r} stopped before it ended")
    if outcome.winner is None and replay.ply != CELLS:
        raise GameFailure(f"the game {board.moves!r} is a draw on a board that is not full")
    if outcome.winner is not None and len(outcome.four) != 4:
        raise GameFailure(f"the game {board.moves!r} was won without four in a row")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--level", default="Master")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    level = level_by_name(args.level)
    tables = Engine().max_table_bytes
    bound = tables + HEADROOM
    for line in benchlib.header_lines():
        print(line)
    print(
        f"{args.games} games at {level.label}, {level.time_budget:.0f} s per move, one worker;"
        f" memory bound {tables / MB:.0f} MB (tables) + {HEADROOM / MB:.0f} MB"
        f" = {bound / MB:.0f} MB"
    )
    worker = AIWorker(book=shipped_book())
    worker.start()
    failures = 0
    peak = 0
    all_times: list[float] = []
    results = {"first": 0, "second": 0, "draw": 0}
    began = time.perf_counter()
    try:
        for number, opening in enumerate(openings(args.games, args.seed), start=1):
            try:
                board, times, game_peak = play_game(
                    worker, opening, level.depth, level.time_budget, args.seed * 1000 + number
                )
            except GameFailure as failure:
                failures += 1
                print(f"game {number:3}: FAILED: {failure}")
                continue
            peak = max(peak, game_peak)
            all_times.extend(times)
            outcome = board.outcome
            assert outcome is not None
            winner = "draw" if outcome.winner is None else ("first", "second")[outcome.winner]
            results[winner] += 1
            print(
                f"game {number:3}: {board.moves:<42} {winner:>6}  {len(times):2} moves,"
                f" max {max(times):.2f} s, worker peak {game_peak / MB:.0f} MB",
                flush=True,
            )
        restarts = worker.restarts
        notices = worker.take_notices()
    finally:
        worker.close()
    minutes = (time.perf_counter() - began) / 60
    print()
    print(f"games: {args.games}, illegal or unfinished: {failures}, worker restarts: {restarts}")
    print(
        f"results: first player {results['first']}, second {results['second']},"
        f" draws {results['draw']}; {minutes:.1f} min"
    )
    if all_times:
        print(
            f"move time: median {statistics.median(all_times):.2f} s,"
            f" p95 {percentile(all_times, 95):.2f} s,"
            f" max {max(all_times):.2f} s over {len(all_times)} moves"
        )
    for notice in notices:
        print(f"notice: {notice}")
    if peak:
        verdict = "under" if peak <= bound else "OVER"
        print(
            f"worker peak resident memory: {peak / MB:.1f} MB ({verdict} the bound"
            f" {bound / MB:.0f} MB)"
        )
    else:
        print("worker peak resident memory: not measurable here (needs /proc)")
    return 1 if failures or restarts or (peak and peak > bound) else 0


if __name__ == "__main__":
    sys.exit(main())
