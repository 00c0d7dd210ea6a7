"""The engine on the command line: ``python -m game.ai solve`` and ``bestmove``.

``solve`` reads positions from standard input, one per line (the first
whitespace-separated field, so the public test-set files can be fed as they
are), and prints ``<moves> <score>``; ``--analyze`` prints ``<moves>`` and the
score of each of the seven columns instead (``-1000`` for a full column);
``--weak`` gives only -1 / 0 / 1; ``--stats`` appends the nodes searched and
the microseconds taken (and names the engine kernel in use on standard error).
A bad line prints an error naming its line number on standard error and an
empty line on standard output (so outputs stay aligned with inputs); the other
lines are still answered, and the exit status is 1.

``bestmove <moves>`` prints the column (1-based) the engine plays at a level
(``--level``, default Perfect) or a depth (``--depth``).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Iterable, Sequence
from typing import TextIO

from game.ai.backend import KERNEL_NAME
from game.ai.engine import Engine
from game.ai.levels import LEVELS, MAX_DEPTH, MIN_DEPTH, custom_level, level_by_name
from game.ai.requests import SearchRequest
from game.ai.solver import Solver
from game.core.bitboard import WIDTH
from game.core.board import Board
from game.core.notation import IllegalMoveError

FULL_COLUMN = -1000
"""The score printed by ``solve --analyze`` for a column that cannot be played."""
_SHOWN_CHARS = 60


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.ai",
        description="The Connect Four engine: solve positions or pick a move.",
    )
    commands = parser.add_subparsers(dest="command", required=True)

    solve = commands.add_parser(
        "solve",
        help="solve positions read from stdin, one move string per line",
        description="Read one move string per line (e.g. 4453) and print its exact score.",
    )
    solve.add_argument("--weak", action="store_true", help="only win (1), draw (0) or loss (-1)")
    solve.add_argument("--analyze", action="store_true", help="print the score of every column")
    solve.add_argument(
        "--stats", action="store_true", help="append the nodes searched and microseconds taken"
    )
    solve.add_argument(
        "--keep-table",
        action="store_true",
        help="keep the transposition table from one line to the next",
    )
    solve.add_argument("--no-book", action="store_true", help="never answer from the opening book")

    best = commands.add_parser(
        "bestmove",
        help="print the column the engine plays",
        description="Print the column (1-7) the engine plays in a position.",
    )
    best.add_argument("moves", help="the position as a move string, e.g. 4453 ('' for empty)")
    strength = best.add_mutually_exclusive_group()
    strength.add_argument("--depth", type=int, help=f"search depth {MIN_DEPTH}-{MAX_DEPTH}")
    strength.add_argument(
        "--level",
        help="a level name: " + ", ".join(level.name for level in LEVELS) + " (default Perfect)",
    )
    best.add_argument("--time", type=float, help="time budget in seconds")
    best.add_argument("--seed", type=int, help="seed for the choice between equal moves")
    best.add_argument("--stats", action="store_true", help="also print score, depth, nodes, time")
    best.add_argument("--no-book", action="store_true", help="never answer from the opening book")
    return parser


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    out = stdout if stdout is not None else sys.stdout
    if args.command == "solve":
        # Bytes from the real stdin, decoded line by line, so that one undecodable
        # line is that line's error and not the end of the run.
        source: Iterable[str | bytes] = stdin if stdin is not None else sys.stdin.buffer
        return _solve_lines(
            source,
            out,
            weak=args.weak,
            analyze=args.analyze,
            stats=args.stats,
            keep_table=args.keep_table,
            book=None if args.no_book else Engine(),
        )
    return _best_move(args, out)


def _solve_lines(
    source: Iterable[str | bytes],
    out: TextIO,
    *,
    weak: bool,
    analyze: bool,
    stats: bool,
    keep_table: bool,
    book: Engine | None = None,
) -> int:
    """Answer each line; ``book`` (an engine, for its opening book) answers the positions
    the book knows well enough (every column exact, or only results with ``weak``)."""
    status = 0
    if stats:
        print(f"engine kernel: {KERNEL_NAME}", file=sys.stderr, flush=True)
    solver = Solver()
    for number, raw in enumerate(source, start=1):
        decoded = _decode(raw)
        line = decoded if decoded is not None else ""
        fields = line.split()
        try:
            if decoded is None:
                raise ValueError("the line is not valid UTF-8 text")
            if not fields:
                raise ValueError("empty line: expected a move string such as 4453")
            moves = fields[0]
            board = Board.from_moves(moves)
            if board.is_over:
                raise ValueError("the game is already over in this position")
            if not keep_table:
                solver.table.clear()
            start = time.perf_counter()
            known = _from_book(book, board, weak)
            if known is not None:
                best = max(s for s in known if s != FULL_COLUMN)
                text = " ".join([moves, *(str(s) for s in (known if analyze else [best]))])
                nodes = 0
            elif analyze:
                scores = _analysis(solver, board, weak)
                text = " ".join([moves, *(str(s) for s in scores)])
                nodes = solver.nodes
            else:
                solution = solver.solve(board.current, board.mask, board.ply, weak=weak)
                text = f"{moves} {solution.score}"
                nodes = solution.nodes
            if stats:
                text += f" {nodes} {round((time.perf_counter() - start) * 1e6)}"
            print(text, file=out, flush=True)
        except (IllegalMoveError, ValueError) as error:
            shown = line.strip()
            if len(shown) > _SHOWN_CHARS:
                shown = shown[:_SHOWN_CHARS] + f"... ({len(shown)} characters)"
            print(f"line {number}: {error} in {shown!r}", file=sys.stderr, flush=True)
            print(file=out, flush=True)
            status = 1
    return status


def _from_book(book: Engine | None, board: Board, weak: bool) -> list[int] | None:
    """Every column's score (-1000 when full; with ``weak`` the sign) from the opening
    book, or None unless the book knows each one well enough."""
    values = book.book_values(board) if book is not None else None
    if values is None or not all(v is None or v.exact or weak for v in values):
        return None
    return [FULL_COLUMN if v is None else (v.sign if weak else v.score) for v in values]


def _decode(raw: str | bytes) -> str | None:
    """The line as text, or None if it is not valid UTF-8."""
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _analysis(solver: Solver, board: Board, weak: bool) -> list[int]:
    """The score of each column, seen by the player to move (-1000 when full)."""
    if weak:
        scores: list[int] = []
        nodes = 0
        for col in range(WIDTH):
            if not board.can_play(col):
                scores.append(FULL_COLUMN)
            elif board.is_winning_move(col):
                scores.append(1)
            else:
                board.play(col)
                if board.is_over:  # the last cell: a draw
                    scores.append(0)
                else:
                    child = solver.solve(board.current, board.mask, board.ply, weak=True)
                    nodes += child.nodes
                    scores.append(-child.score)
                board.undo()
        solver.nodes = nodes
        return scores
    exact = solver.analyze(board.current, board.mask, board.ply)
    return [FULL_COLUMN if s is None else s for s in exact]


def _best_move(args: argparse.Namespace, out: TextIO) -> int:
    try:
        level = (
            custom_level(args.depth)
            if args.depth is not None
            else level_by_name(args.level or "Perfect")
        )
        budget = args.time if args.time is not None else level.time_budget
        if not (math.isfinite(budget) and budget > 0):
            raise ValueError(f"--time must be a positive number of seconds, not {budget}")
        request = SearchRequest(
            moves=args.moves,
            depth=level.depth,
            time_limit=budget,
            seed=args.seed,
            use_book=not args.no_book,
        )
        result = Engine().think(request)
    except (IllegalMoveError, ValueError) as error:
        print(f"bestmove: {error}", file=sys.stderr)
        return 2
    if result.column is None:  # pragma: no cover - think() refuses finished games
        print("bestmove: no legal move", file=sys.stderr)
        return 1
    text = str(result.column + 1)
    if args.stats:
        print(f"engine kernel: {KERNEL_NAME}", file=sys.stderr)
        kind = "exact" if result.exact else "heuristic"
        if result.from_book:
            kind = "book" if result.exact else "book, result only"
        text += (
            f" score {result.score} ({kind}) depth {result.depth} nodes {result.nodes}"
            f" time {result.time:.3f}"
        )
    print(text, file=out)
    return 0
