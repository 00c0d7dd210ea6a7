"""What every benchmark shares: where it ran, its figures, its report, its games.

Benchmarks print figures and assert nothing (tests assert behaviour).  The
scripts beside this module import it, so that they all

* say which commit, interpreter and machine the figures are from
  (:func:`header_lines`): how CPython was built changes timings by 16-29%;
* compute percentiles one way (:func:`percentile`, with :mod:`statistics`);
* print and save Markdown tables one way (:class:`Report`, :func:`write_report`);
* read the public test sets, draw openings and play games one way
  (:func:`read_set`, :func:`openings`, :func:`play_out`);
* give their engines the shipped opening book as the game does (:func:`game_engine`).

Like every script here, the benchmarks import ``game`` as installed in the
environment that runs them (``.venv/bin/python``, where ``pip install -e .`` makes it
this checkout's), and this module as their neighbour: Python puts a script's own
folder first on ``sys.path``.
"""

from __future__ import annotations

import datetime
import functools
import importlib.util
import itertools
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from game import resources
from game.ai.book import BOOK_FILE
from game.ai.bookshelf import BookFile
from game.core import WIDTH, Board

if TYPE_CHECKING:
    from game.ai.engine import Engine

ROOT = Path(__file__).resolve().parent.parent

TESTSETS = ROOT.parent / "shared" / "connect4-testsets"
"""The public test sets (their README there describes them)."""

SET_NAMES = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3")


# -- where the figures come from -----------------------------------------------------


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return done.stdout.strip()


def git_short_hash() -> str:
    """The checkout's commit, short; "unknown" outside a git checkout."""
    return _git("rev-parse", "--short", "HEAD") or "unknown"


def game_is_modified() -> bool:
    """Whether game/ has uncommitted changes (then the figures are not the commit's)."""
    return bool(_git("status", "--porcelain", "--", "game"))


def interpreter() -> str:
    """The Python running this: its version, its executable, and whether it calls into
    libpython as a shared library.  The build matters as much as the machine: on the
    project's machine, CPython 3.11 as Debian ships it (libpython linked into the
    executable, profile-guided) runs the solver 16-18% faster than as pyenv builds it by
    default (a shared libpython, no profile-guided optimisation)."""
    base = Path(getattr(sys, "_base_executable", sys.executable)).resolve()
    maps = Path("/proc/self/maps")  # Linux: the libraries loaded
    shared = ", shared libpython" if maps.is_file() and "libpython" in maps.read_text() else ""
    kind = platform.python_implementation()
    return f"Python {platform.python_version()} ({kind}, {base}{shared})"


def machine() -> str:
    """The interpreter, the processor, the CPU count and the system, in one line."""
    return f"{interpreter()}, {platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}"


def load_average() -> str:
    """The 1- and 5-minute load averages: other work on the machine slows every figure."""
    try:
        one, five, _ = os.getloadavg()
    except (AttributeError, OSError):
        return "unknown"
    return f"{one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} CPUs"


def header_lines() -> list[str]:
    """The commit, the machine and the engine kernel in use, to head a benchmark's output."""
    from game.ai.backend import KERNEL_NAME  # noqa: PLC0415 - loads the kernel only when asked

    modified = " (with uncommitted changes in game/)" if game_is_modified() else ""
    return [f"commit {git_short_hash()}{modified}", machine(), f"engine kernel: {KERNEL_NAME}"]


def progress(text: str) -> None:
    """A progress line on standard error (the figures go to standard output)."""
    print(text, file=sys.stderr, flush=True)


class Progress:
    """Progress lines on standard error, at most one every ``every`` seconds."""

    def __init__(self, every: float = 5.0) -> None:
        self.every = every
        self.last = time.perf_counter()

    def __call__(self, text: str, *, force: bool = False) -> None:
        now = time.perf_counter()
        if force or now - self.last >= self.every:
            self.last = now
            progress(text)


# -- figures -------------------------------------------------------------------------


def percentile(values: Sequence[float], percent: int) -> float:
    """The ``percent``-th percentile (1-99) of ``values``, interpolated between the two
    nearest values (:func:`statistics.quantiles`, inclusive method); a single value
    is its own percentile."""
    if not 1 <= percent <= 99:
        raise ValueError(f"percent must be 1-99, not {percent}")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def describe_ms(name: str, values_ms: Sequence[float], target: float | None = None) -> str:
    """``name``: median, 99th percentile and maximum of ``values_ms`` (milliseconds),
    and with ``target`` the share at or under it."""
    line = (
        f"{name}: median {statistics.median(values_ms):.1f} ms,"
        f" 99th percentile {percentile(values_ms, 99):.1f} ms, max {max(values_ms):.1f} ms"
    )
    if target is not None:
        within = sum(v <= target for v in values_ms) / len(values_ms)
        line += f"; {within:.1%} at or under {target:g} ms"
    return line


def ms(seconds: float) -> str:
    """Seconds as milliseconds for a table: two decimals below 100 ms."""
    return f"{seconds * 1e3:,.2f}" if seconds < 0.1 else f"{seconds * 1e3:,.0f}"


# -- the report ----------------------------------------------------------------------


class Report:
    """Lines and Markdown tables by section, echoed to standard output as they come."""

    def __init__(self) -> None:
        self.blocks: dict[str, list[str]] = {}

    def line(self, section: str, text: str = "") -> None:
        print(text, flush=True)
        self.blocks.setdefault(section, []).append(text)

    def table(self, section: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """A Markdown table: the first column left-aligned (names), the rest right (figures)."""
        widths = [max(len(x) for x in column) for column in zip(header, *rows, strict=True)]

        def fmt(cells: Sequence[str]) -> str:
            padded = [
                cell.ljust(width) if i == 0 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ]
            return "| " + " | ".join(padded) + " |"

        rule = [":" + "-" * (widths[0] + 1)] + ["-" * (w + 1) + ":" for w in widths[1:]]
        self.line(section, fmt(header))
        self.line(section, "|" + "|".join(rule) + "|")
        for row in rows:
            self.line(section, fmt(row))


def write_report(
    path: Path, report: Report, *, title: str, command: str, sections: Sequence[str]
) -> None:
    """Write (or update) a Markdown file: ``title`` at the commit, the machine, then
    one block per section in the order of ``sections``.  Sections already in the file
    and not in ``report`` are kept, so sections run separately at one commit end up
    in one file; a section run again replaces its block."""
    old = path.read_text(encoding="utf-8") if path.is_file() else ""
    blocks: dict[str, str] = {}
    for name in sections:
        found = re.search(
            rf"<!-- section:{name} -->\n(.*?)<!-- /section:{name} -->\n", old, flags=re.S
        )
        if found:
            blocks[name] = found.group(1)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    for name, lines in report.blocks.items():
        blocks[name] = f"_{stamp}: `{command}`_\n\n" + "\n".join(lines) + "\n"
    modified = " (with uncommitted changes in game/)" if game_is_modified() else ""
    head = [f"# {title} at {git_short_hash()}{modified}", "", f"{machine()}.", "", ""]
    body = [
        f"<!-- section:{n} -->\n{blocks[n]}<!-- /section:{n} -->\n" for n in sections if n in blocks
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(head) + "\n".join(body), encoding="utf-8")


# -- positions and games -------------------------------------------------------------


def read_set(name: str, limit: int, folder: Path = TESTSETS) -> list[tuple[str, int]]:
    """The first ``limit`` (moves, exact score) lines of the public test set ``name``."""
    with (folder / name).open(encoding="ascii") as fh:
        pairs = [line.split() for line in itertools.islice(fh, limit)]
    return [(moves, int(score)) for moves, score in pairs]


def openings(count: int, seed: int, length: int = 2) -> list[str]:
    """``count`` openings of ``length`` moves, every one of them (49 for two moves,
    343 for three) before any repeats, in a seeded order; length 0 is the empty
    board ``count`` times."""
    if not 0 <= length <= 4:
        raise ValueError(f"openings of 0 to 4 moves, not {length}")
    starts = [""]
    for _ in range(length):
        starts = [start + str(col) for start in starts for col in range(1, WIDTH + 1)]
    random.Random(seed).shuffle(starts)
    return [starts[i % len(starts)] for i in range(count)]


class GameFailure(Exception):
    """A game that did not end as a legal finished game."""


def play_out(opening: str, choose: Callable[[Board], int | None]) -> Board:
    """Play the game from ``opening`` to its end, each move the column (0-based)
    ``choose`` returns for the board; raises :class:`GameFailure` for a column that
    cannot be played."""
    board = Board.from_moves(opening)
    while not board.is_over:
        column = choose(board)
        if column is None or not board.can_play(column):
            shown = "none" if column is None else str(column + 1)
            raise GameFailure(f"illegal column {shown} after {board.moves!r}")
        board.play(column)
    return board


# -- the engine as the game makes it -------------------------------------------------


def shipped_book() -> BookFile:
    """The opening book the game ships, found and read as the game's entry points do."""
    return BookFile(functools.partial(resources.asset_path, BOOK_FILE))


def game_engine() -> Engine:
    """An engine as the game's worker makes it: default tables, the shipped book."""
    from game.ai.engine import Engine  # noqa: PLC0415 - loads the kernel only when asked

    return Engine(book=shipped_book())


def tests_module(name: str) -> ModuleType:
    """``tests/<name>.py`` of the checkout (the e2e tests' virtual screen, the monkey),
    read from its file: the install does not hold the tests, and a script takes its
    neighbours from its own folder and never adds to sys.path."""
    spec = importlib.util.spec_from_file_location(f"connect4_{name}", ROOT / "tests" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module
