"""Win-in-N puzzles: positions where the player to move has exactly one winning column.

A :class:`Puzzle` is a position (its moves), the one column that wins (``answer``), and
``wins_in``: the winning disc is the mover's ``wins_in``-th own disc from here with best
play on both sides.  From the solver's exact score ``s`` of a position of ``ply`` moves
(:mod:`game.ai.score`: ``s = 22 - k``, ``k`` the winner's stones once it has won),
``wins_in = 22 - s - ply // 2``.  Every puzzle has ``wins_in >= 2``: a win with the next
disc is no puzzle.  ``build_scripts/make_puzzles.py`` makes them with the exact solver
from positions of the levels' games against each other, and checks every column of each.

**Bands** by ``wins_in``: easy 2-3, medium 4-6, hard 7 and more (:class:`Band`).

**The file** ``assets/puzzles.bin`` (integers little-endian)::

    bytes 0-7    magic b"C4PUZZL\\n"
    bytes 8-9    format version (FORMAT_VERSION)
    bytes 10-11  0 (reserved)
    bytes 12-15  the number of puzzles, n
    bytes 16-19  CRC-32 of everything after the header
    then n records: ply (1 byte), answer (0-6), wins_in, then ply bytes of moves (0-6)

Reading checks all of this (the header and the checksum through
:mod:`game.ai.checked_file`) and that every record is a position the game can reach, not
over, whose answer is a playable column and whose ``wins_in`` fits the board; a missing,
truncated or corrupt file raises :class:`PuzzleError` with one sentence.

The daily puzzle (:func:`daily`) is the same for everyone on a date: the bands take
turns day by day (easy, medium, hard), and the puzzle of the day's band is drawn from the
date's SHA-256, not from a random seed.

Imports :mod:`game.core` and :mod:`game.ai.checked_file` only (the window reads puzzles
without loading the engine).
"""

from __future__ import annotations

import datetime
import enum
import hashlib
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.ai.checked_file import CheckedFormat
from game.core.bitboard import CELLS, WIDTH, Column
from game.core.board import Board
from game.core.notation import IllegalMoveError, format_moves

PUZZLE_FILE: Final = "puzzles.bin"
"""The shipped puzzles, relative to the assets folder."""
MAGIC: Final = b"C4PUZZL\n"
FORMAT_VERSION: Final = 1
HEADER: Final = struct.Struct("<8sHHII")
RECORD_HEAD: Final = struct.Struct("<BBB")
MIN_WINS_IN: Final = 2
"""A win with the next disc is no puzzle."""
WIN_SCORE_BASE: Final = CELLS // 2 + 1
"""22: a score ``s`` is a win with the winner's ``22 - s``-th stone."""


class Band(enum.StrEnum):
    """How hard a puzzle is, by how many discs the win takes."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


BAND_FIRST: Final = {Band.EASY: 2, Band.MEDIUM: 4, Band.HARD: 7}
"""The fewest discs of each band's wins (a band goes up to the next band's first)."""


def band_of(wins_in: int) -> Band:
    """The band of a win with the ``wins_in``-th own disc (2 or more)."""
    if wins_in < MIN_WINS_IN:
        raise ValueError(f"a puzzle wins with the second disc or later, not {wins_in}")
    if wins_in >= BAND_FIRST[Band.HARD]:
        return Band.HARD
    return Band.MEDIUM if wins_in >= BAND_FIRST[Band.MEDIUM] else Band.EASY


def wins_in(score: int, ply: int) -> int:
    """Which of its own discs from here wins for the player to move, whose exact score
    ``score`` (positive) is of a position of ``ply`` moves."""
    if score <= 0:
        raise ValueError(f"only a won position has a winning disc, not score {score}")
    return WIN_SCORE_BASE - score - ply // 2


class PuzzleError(Exception):
    """The puzzle file is missing, truncated or corrupt; the message says which, in one
    sentence."""


PUZZLE_FORMAT: Final = CheckedFormat(
    "the puzzle file", "a puzzle file", MAGIC, FORMAT_VERSION, HEADER, PuzzleError
)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: the position (1-based moves), its one winning column (0-based), and
    which own disc from here wins with best play (see the module docstring)."""

    moves: str
    answer: Column
    wins_in: int

    @property
    def ply(self) -> int:
        """Moves played before the puzzle's position."""
        return len(self.moves)

    def line(self) -> str:
        """The engine command line's form: ``<moves> <answer 1-7> <N>``."""
        return f"{self.moves} {self.answer + 1} {self.wins_in}"

    @property
    def band(self) -> Band:
        return band_of(self.wins_in)


def check(puzzle: Puzzle) -> Board:
    """The puzzle's position; raises ValueError when it cannot be a puzzle (moves that
    do not play, a game over, an answer that is no playable column, a win that cannot
    fit on the board)."""
    try:
        board = Board.from_moves(puzzle.moves)
    except IllegalMoveError as error:
        raise ValueError(f"its moves do not play: {error}") from None
    if board.is_over:
        raise ValueError("its game is over")
    if not 0 <= puzzle.answer < WIDTH or not board.can_play(puzzle.answer):
        raise ValueError(f"its answer {puzzle.answer + 1} is no playable column")
    discs_left = (CELLS - board.ply + 1) // 2
    if not MIN_WINS_IN <= puzzle.wins_in <= discs_left:
        raise ValueError(f"a win with disc {puzzle.wins_in} of {discs_left} left is impossible")
    return board


def puzzles_bytes(puzzles: Iterable[Puzzle]) -> bytes:
    """The file holding ``puzzles``, in their order (each one :func:`check`-ed)."""
    records = []
    count = 0
    for puzzle in puzzles:
        board = check(puzzle)
        records.append(RECORD_HEAD.pack(board.ply, puzzle.answer, puzzle.wins_in))
        records.append(bytes(board.history))
        count += 1
    return PUZZLE_FORMAT.seal(b"".join(records), 0, count)


def read_puzzles(data: bytes) -> tuple[Puzzle, ...]:
    """The puzzles of a file's bytes; raises PuzzleError saying what is wrong with them."""
    (reserved, count), body = PUZZLE_FORMAT.open(data)
    if reserved != 0:
        raise PuzzleError(f"the puzzle file's reserved header bytes are {reserved}, not 0")
    puzzles: list[Puzzle] = []
    offset = 0
    for index in range(count):
        if offset + RECORD_HEAD.size > len(body):
            raise PuzzleError(f"the puzzle file is truncated: {index} of {count} puzzles")
        ply, answer, wins = RECORD_HEAD.unpack_from(body, offset)
        offset += RECORD_HEAD.size
        columns = bytes(body[offset : offset + ply])
        offset += ply
        if len(columns) != ply or any(col >= WIDTH for col in columns):
            raise PuzzleError(f"the puzzle file's puzzle {index + 1} has moves to no column")
        puzzle = Puzzle(format_moves(tuple(columns)), answer, wins)
        try:
            check(puzzle)
        except ValueError as error:
            raise PuzzleError(f"the puzzle file's puzzle {index + 1} is wrong: {error}") from None
        puzzles.append(puzzle)
    if offset != len(body):
        raise PuzzleError(f"the puzzle file has {len(body) - offset} bytes after its last puzzle")
    return tuple(puzzles)


def load(path: Path) -> tuple[Puzzle, ...]:
    """The puzzles of the file at ``path``; raises PuzzleError (never OSError)."""
    return read_puzzles(PUZZLE_FORMAT.read(path))


def in_band(puzzles: Sequence[Puzzle], band: Band | None) -> tuple[Puzzle, ...]:
    """The puzzles of ``band`` (None: all), in the file's order."""
    return tuple(puzzle for puzzle in puzzles if band is None or puzzle.band is band)


def daily_index(date: datetime.date, count: int) -> int:
    """The index of the day's puzzle among ``count``: the same on every machine."""
    if count <= 0:
        raise ValueError("no puzzles to choose from")
    digest = hashlib.sha256(f"connect4 puzzle {date.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "little") % count


def daily(puzzles: Sequence[Puzzle], date: datetime.date) -> Puzzle:
    """The puzzle of the day ``date``: of the day's band (they take turns; a band with no
    puzzle is skipped), drawn by :func:`daily_index`."""
    bands = [band for band in Band if in_band(puzzles, band)]
    if not bands:
        raise ValueError("no puzzles to choose from")
    shelf = in_band(puzzles, bands[date.toordinal() % len(bands)])
    return shelf[daily_index(date, len(shelf))]
