"""The engine on the command line: ``python -m game.ai solve`` and ``bestmove``.

``solve`` reads positions from standard input, one per line (the first
whitespace-separated field, so the public test-set files can be fed as they
are; an empty line is the empty board), and prints ``<moves> <score>``;
``--analyze`` prints ``<moves>`` and the score of each of the seven columns instead
(``-1000`` for a full column); ``--weak`` gives only -1 / 0 / 1; ``--stats``
appends the nodes searched and the microseconds taken (and names the engine
kernel in use on standard error).  A bad line prints an error naming its line
number on standard error and an empty line on standard output (so outputs stay
aligned with inputs); the other lines are still answered, and the exit status is 1.

``bestmove <moves>`` prints the column (1-based) the engine plays at a level
(``--level``, default Perfect) or a depth (``--depth``); with ``--stats`` the score,
in numbers and words, and the effort.

``review <moves>`` judges every move of a game (:mod:`game.ai.review`), a line a move:
``<n> <column> <verdict> <best> <played>`` (n from 1, column 1-7, verdict best,
inaccuracy, mistake or blunder, the scores exact in Pons' convention from the mover's
side).  ``--time SECONDS`` bounds the whole review: a value not worked out exactly in
time is an estimate, written ``~3``, and its verdict is followed by ``?``.  ``--explain``
follows the line of every mistake and blunder with its reason (:mod:`game.ai.explain`):
`` <reason> <column>`` (column 1-7), ``allows-forced N`` or ``long-term -``; a verdict
followed by ``?`` gets none.  A malformed or illegal move string is refused with a
message naming the first bad character or move, exit status 2.

``puzzles [--band easy|medium|hard]`` prints the shipped puzzles (:mod:`game.ai.puzzles`),
one a line: ``<moves> <answer> <N>`` (the answer a column 1-7, N the winning disc's number
from the position); a missing or damaged puzzle file is one sentence on standard error,
exit status 1.

``--table-mb N`` (the other commands) sizes the exact solver's table: N MiB (whole), refused
below 1 or when the machine's free memory cannot hold it.  The opening book is the
one the entry point gives (``python -m game.ai``: the game's own), unless ``--no-book``.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from gettext import gettext as _
from pathlib import Path
from typing import TextIO

from game.ai.backend import KERNEL_NAME
from game.ai.bookshelf import PositionBook
from game.ai.columns import column_values, good_enough
from game.ai.engine import Engine
from game.ai.judge import review_line
from game.ai.kernel import MAX_SLOT_BITS, SLOT_BYTES
from game.ai.levels import LEVELS, MAX_DEPTH, MIN_DEPTH, custom_level, level_by_name
from game.ai.protocol import SearchRequest
from game.ai.puzzles import Band, PuzzleError, in_band
from game.ai.puzzles import load as load_puzzles
from game.ai.review import review_game
from game.ai.review_driver import ReviewOptions
from game.ai.score import Score
from game.ai.solver import DEFAULT_CAPACITY, Solver
from game.core.bitboard import WIDTH
from game.core.board import Board
from game.core.notation import IllegalMoveError

FULL_COLUMN = -1000
"""The score printed by ``solve --analyze`` for a column that cannot be played."""
_SHOWN_CHARS = 60
MIB = 1 << 20


def memory_bytes() -> int | None:
    """The memory a table may take on this machine: what Linux says is available, else
    the physical memory; None where neither can be read."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


_WHOLE = re.compile(r"\s*[+-]?[0-9]{1,30}\s*")


def whole(text: str) -> int:
    """A whole number in ASCII digits (``int`` alone takes fullwidth digits and "4_0");
    raises argparse.ArgumentTypeError."""
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text!r}").format(text=text[:_SHOWN_CHARS])
        )
    return int(text)


def seconds(text: str) -> float:
    """A number of seconds in ASCII (``float`` alone takes fullwidth digits); raises
    argparse.ArgumentTypeError (the callers check that it is positive)."""
    try:
        if not text.isascii():
            raise ValueError(text)
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of seconds: {text!r}").format(text=text[:_SHOWN_CHARS])
        ) from None


def level_name(text: str) -> str:
    """``--level``: a level's name, refused when empty or not ASCII (the empty name
    played Perfect; a custom depth in fullwidth digits was read as a depth)."""
    if not text.strip() or not text.isascii():
        raise argparse.ArgumentTypeError(
            _("unknown level {name!r}").format(name=text[:_SHOWN_CHARS])
        )
    return text


def game_moves(text: str) -> str:
    """``review``'s game: at least one move (the empty string reviewed nothing)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a game to review needs at least one move"))
    return text


def table_slots(text: str) -> int:
    """The solver's table capacity in slots for ``--table-mb`` ``text`` (whole MiB);
    raises argparse.ArgumentTypeError saying why a size is refused."""
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(
            _("a whole number of MiB, not {text!r}").format(text=text[:_SHOWN_CHARS])
        )
    megabytes = int(text)
    if megabytes < 1:
        raise argparse.ArgumentTypeError(
            _("at least 1 MiB, not {megabytes}").format(megabytes=megabytes)
        )
    slots = megabytes * MIB // SLOT_BYTES
    if slots > 1 << MAX_SLOT_BITS:
        largest = (SLOT_BYTES << MAX_SLOT_BITS) // MIB
        raise argparse.ArgumentTypeError(
            _("{megabytes} MiB is beyond the solver's largest table ({largest} MiB)").format(
                megabytes=megabytes, largest=largest
            )
        )
    memory = memory_bytes()
    if memory is not None and megabytes * MIB > memory:
        raise argparse.ArgumentTypeError(
            _(
                "a table of {megabytes} MiB does not fit in this machine's {free} MiB of free"
                " memory"
            ).format(megabytes=megabytes, free=memory // MIB)
        )
    return slots


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.ai",
        description=_("The Connect Four engine: solve positions or pick a move."),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    arguments = {
        "puzzles": _puzzles_arguments,
        "solve": _solve_arguments,
        "bestmove": _bestmove_arguments,
        "review": _review_arguments,
    }
    for name, (summary, description) in _summaries().items():
        arguments[name](commands.add_parser(name, help=summary, description=description))
    return parser


def _summaries() -> dict[str, tuple[str, str]]:
    """Each command's line in ``--help`` and the paragraph of its own ``--help``, in the
    order ``--help`` lists them."""
    return {
        "puzzles": (
            _("print the shipped puzzles, one a line"),
            _(
                "Print the shipped puzzles, one a line: the position as a move string, the one"
                " winning column (1-7), and which of the mover's discs from there wins."
            ),
        ),
        "solve": (
            _("solve positions read from stdin, one move string per line"),
            _(
                "Read one move string per line (e.g. 4453; an empty line is the empty board)"
                " and print its exact score."
            ),
        ),
        "bestmove": (
            _("print the column the engine plays"),
            _("Print the column (1-7) the engine plays in a position."),
        ),
        "review": (
            _("judge every move of a game"),
            _(
                "Print a line a move: its number, its column, the verdict (best, inaccuracy,"
                " mistake or blunder), then the best score and the played move's score from"
                " the mover's side. A value not worked out exactly in time is an estimate,"
                " written ~N, and its verdict is followed by ?."
            ),
        ),
    }


def _engine_arguments(command: argparse.ArgumentParser) -> None:
    """The options of the commands that run the engine."""
    command.add_argument(
        "--no-book", action="store_true", help=_("never answer from the opening book")
    )
    command.add_argument(
        "--table-mb",
        type=table_slots,
        default=DEFAULT_CAPACITY,
        metavar="N",
        dest="table_slots",
        help=_("the exact solver's table in MiB (default {megabytes})").format(
            megabytes=DEFAULT_CAPACITY * SLOT_BYTES // MIB
        ),
    )


def _solve_arguments(solve: argparse.ArgumentParser) -> None:
    for flag, meaning in (
        ("--weak", _("only win (1), draw (0) or loss (-1)")),
        ("--analyze", _("print the score of every column")),
        ("--stats", _("append the nodes searched and microseconds taken")),
        ("--keep-table", _("keep the transposition table from one line to the next")),
    ):
        solve.add_argument(flag, action="store_true", help=meaning)
    _engine_arguments(solve)


def _bestmove_arguments(best: argparse.ArgumentParser) -> None:
    best.add_argument("moves", help=_("the position as a move string, e.g. 4453 ('' for empty)"))
    strength = best.add_mutually_exclusive_group()
    strength.add_argument(
        "--depth",
        type=whole,
        help=_("search depth {lowest}-{highest}").format(lowest=MIN_DEPTH, highest=MAX_DEPTH),
    )
    strength.add_argument(
        "--level",
        type=level_name,
        help=_("a level name: {names} (default Perfect)").format(
            names=", ".join(level.name for level in LEVELS)
        ),
    )
    best.add_argument("--time", type=seconds, help=_("time budget in seconds"))
    best.add_argument("--seed", type=whole, help=_("seed for the choice between equal moves"))
    best.add_argument(
        "--stats", action="store_true", help=_("also print score, depth, nodes, time")
    )
    _engine_arguments(best)


def _review_arguments(review: argparse.ArgumentParser) -> None:
    review.add_argument("moves", type=game_moves, help=_("the game as a move string, e.g. 4453"))
    review.add_argument(
        "--time",
        type=seconds,
        help=_("seconds for the whole review (default: as long as it takes, every value exact)"),
    )
    review.add_argument(
        "--explain",
        action="store_true",
        help=_("follow each mistake and blunder with the reason it loses"),
    )
    _engine_arguments(review)


def _puzzles_arguments(puzzles: argparse.ArgumentParser) -> None:
    puzzles.add_argument(
        "--band", choices=[band.value for band in Band], help=_("only the puzzles of this band")
    )


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    book: PositionBook | None = None,
    puzzles: Callable[[], Path] | None = None,
) -> int:
    """Run the command line; returns the exit status.  ``book`` is the opening book to
    answer from (None: none); ``puzzles`` finds the puzzle file (raising OSError when it
    cannot)."""
    args = _parser().parse_args(argv)
    if stdout is None and isinstance(sys.stdout, io.TextIOWrapper):
        # A score's bound is printed with a mathematical sign (≥): never a crash on a
        # console whose code page lacks it.
        sys.stdout.reconfigure(errors="backslashreplace")
    out = stdout if stdout is not None else sys.stdout
    try:
        return _run(args, stdin, out, book, puzzles)
    except BrokenPipeError:
        # The reader stopped early (``| head``): stop quietly, as Unix tools do.
        _discard(out)
        return 1
    except OSError as error:
        # The output cannot take more (a full disk, ``> /dev/full``): why, in a line
        # (the system's words), not a traceback; the answers written so far stay.
        _discard(out)
        print(f"{args.command}: {error.strerror or error}", file=sys.stderr)
        return 1


def _discard(out: TextIO) -> None:
    """What is still buffered for a standard output that takes no more goes nowhere, so
    that the interpreter's last flush does not print a second traceback."""
    if out is sys.stdout:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _run(
    args: argparse.Namespace,
    stdin: TextIO | None,
    out: TextIO,
    book: PositionBook | None,
    puzzles: Callable[[], Path] | None,
) -> int:
    """The command ``args`` names, answered on ``out``; returns the exit status."""
    if args.command == "puzzles":
        return _puzzles(args.band, out, puzzles)
    if args.no_book:
        book = None
    if args.command == "solve":
        # Bytes from the real stdin, decoded line by line, so that one undecodable
        # line is that line's error and not the end of the run.
        source: Iterable[str | bytes] = stdin if stdin is not None else sys.stdin.buffer
        options = SolveOptions(
            weak=args.weak, analyze=args.analyze, stats=args.stats, keep_table=args.keep_table
        )
        return solve_lines(source, out, options, Solver(args.table_slots), book)
    if args.command == "review":
        return _review(args, out, book)
    return _best_move(args, out, book)


@dataclass(frozen=True, slots=True)
class SolveOptions:
    """How ``solve`` answers: only results (``weak``), every column (``analyze``), with
    nodes and microseconds (``stats``), one table for all lines (``keep_table``)."""

    weak: bool = False
    analyze: bool = False
    stats: bool = False
    keep_table: bool = False


def solve_lines(
    source: Iterable[str | bytes],
    out: TextIO,
    options: SolveOptions,
    solver: Solver,
    book: PositionBook | None = None,
) -> int:
    """Answer each line of ``source`` on ``out`` with ``solver``, and ``book`` where it
    knows a position well enough (exactly, or with ``weak`` its result); returns the
    exit status."""
    status = 0
    if options.stats:
        print(_("engine kernel: {kernel}").format(kernel=KERNEL_NAME), file=sys.stderr, flush=True)
    for number, raw in enumerate(source, start=1):
        decoded = _decode(raw)
        line = decoded if decoded is not None else ""
        try:
            if decoded is None:
                raise ValueError(_("the line is not valid UTF-8 text"))
            board = parse_line(line)
            if not options.keep_table:
                solver.clear()
            text = _answer(board, options, solver, book)
            print(text, file=out, flush=True)
        except (IllegalMoveError, ValueError) as error:
            shown = line.strip()
            if len(shown) > _SHOWN_CHARS:
                shown = _("{start}... ({count} characters)").format(
                    start=shown[:_SHOWN_CHARS], count=len(shown)
                )
            said = _("line {number}: {problem} in {line!r}")
            said = said.format(number=number, problem=error, line=shown)
            print(said, file=sys.stderr, flush=True)
            print(file=out, flush=True)
            status = 1
    return status


def parse_line(line: str) -> Board:
    """The position a ``solve`` line names: its first field, or the empty board for a
    line with none.  Raises IllegalMoveError or ValueError for a position that is not
    one, or where the game is over."""
    fields = line.split()
    board = Board.from_moves(fields[0] if fields else "")
    if board.is_over:
        raise ValueError(_("the game is already over in this position"))
    return board


def _answer(board: Board, options: SolveOptions, solver: Solver, book: PositionBook | None) -> str:
    """The output line for ``board``."""
    start = time.perf_counter()
    weak = options.weak
    if options.analyze:
        valuation = column_values(board, book=book, solver=solver, weak=weak)
        assert valuation is not None  # with a solver there is always an answer
        analysis, nodes = valuation.analysis, valuation.nodes
        numbers = [_number(analysis.get(col), weak) for col in range(WIDTH)]
    else:
        score, nodes = position_value(board, book, solver, weak=weak)
        numbers = [_number(score, weak)]
    text = " ".join([board.moves, *(str(number) for number in numbers)])
    if options.stats:
        text += f" {nodes} {round((time.perf_counter() - start) * 1e6)}"
    return text


def position_value(
    board: Board, book: PositionBook | None, solver: Solver, *, weak: bool
) -> tuple[Score, int]:
    """The value of ``board`` (exact, or with ``weak`` its result) and the solver's nodes:
    the book's where it knows the position or each of its columns well enough, else the
    solver's."""
    if book is not None:
        known = book.score(board.current, board.mask)
        if known is not None and good_enough(known, weak=weak):
            return known, 0
        columns = column_values(board, book=book, weak=weak)
        if columns is not None:
            return columns.analysis.best, 0
    solution = solver.solve(board.current, board.mask, board.ply, weak=weak)
    found = Score.of_result(solution.score) if weak else Score.exact(solution.score)
    return found, solution.nodes


def _number(score: Score | None, weak: bool) -> int:
    """A score as ``solve`` prints it: the exact score, or the result with ``weak``."""
    if score is None:
        return FULL_COLUMN
    shown = score.result if weak else score.value
    assert shown is not None and (weak or score.is_exact)
    return shown


def _decode(raw: str | bytes) -> str | None:
    """The line as text, or None if it is not valid UTF-8."""
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _best_move(args: argparse.Namespace, out: TextIO, book: PositionBook | None) -> int:
    try:
        level = (
            custom_level(args.depth)
            if args.depth is not None
            else level_by_name(args.level or "Perfect")
        )
        budget = args.time if args.time is not None else level.time_budget
        if not (math.isfinite(budget) and budget > 0):
            raise ValueError(
                _("--time must be a positive number of seconds, not {budget}").format(budget=budget)
            )
        request = SearchRequest(
            moves=args.moves,
            depth=level.depth,
            time_limit=budget,
            seed=args.seed,
            use_book=book is not None,
        )
        result = Engine(book=book, solver_capacity=args.table_slots).think(request)
    except (IllegalMoveError, ValueError) as error:
        print(_("bestmove: {problem}").format(problem=error), file=sys.stderr)
        return 2
    if result.column is None:  # pragma: no cover - think() refuses finished games
        print(_("bestmove: no legal move"), file=sys.stderr)
        return 1
    text = str(result.column + 1)
    if args.stats:
        print(_("engine kernel: {kernel}").format(kernel=KERNEL_NAME), file=sys.stderr)
        words = result.score.describe(Board.from_moves(args.moves).ply)
        if result.from_book:
            words += ", from the book"
        if result.overtime:
            words += ", proven past the time budget"
        text += (
            f" score {result.score} ({words}) depth {result.depth} nodes {result.nodes}"
            f" time {result.time:.3f}"
        )
    print(text, file=out)
    return 0


def _puzzles(band: str | None, out: TextIO, locate: Callable[[], Path] | None) -> int:
    """``puzzles``: the shipped puzzles of ``band`` (None: all), a line each; 1 when the
    file is missing or damaged."""
    try:
        if locate is None:
            raise PuzzleError("no puzzle file was given")
        shipped = load_puzzles(locate())
    except (OSError, PuzzleError) as error:
        print(_("puzzles: {problem}").format(problem=error), file=sys.stderr)
        return 1
    for puzzle in in_band(shipped, None if band is None else Band(band)):
        print(puzzle.line(), file=out)
    return 0


def _review(args: argparse.Namespace, out: TextIO, book: PositionBook | None) -> int:
    """``review``: every move of the game judged, a line each; 2 for a bad move string."""
    try:
        seconds = args.time
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(
                _("--time must be a positive number of seconds, not {budget}").format(
                    budget=seconds
                )
            )
        game = Board.from_moves(args.moves)
    except (IllegalMoveError, ValueError) as error:
        print(_("review: {problem}").format(problem=error), file=sys.stderr)
        return 2
    engine = Engine(book=book, solver_capacity=args.table_slots)
    options = ReviewOptions(line=0, explain=args.explain, total_seconds=seconds)
    for review in review_game(game, engine.reviewer, options):
        print(review_line(review, explain=args.explain), file=out, flush=True)
    return 0
