"""The book the engine can be given: what it asks of one, and how one is read.

The engine asks a book two questions: :meth:`PositionBook.score`, the value of a position
for the player to move, and :meth:`PositionBook.best_move`, a column that reaches it.
From the values of a position's children it knows the value of every column
(:func:`game.ai.columns.column_values`), which is all the analysis, the hint and the
Perfect level's book moves need.  The opening book (:class:`game.ai.book.OpeningBook`:
the exact score and a best move of every position of the first eight plies) is one, as
it stands: its scores are exact :class:`~game.ai.score.Score` values.

The engine never looks for a book: the entry points (the game's worker, the engine's
command line, the self-test) say where the file is and give the engine a
:class:`BookFile`, which finds and reads it the first time a position is asked of it.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from game.ai.book import BookError, OpeningBook
from game.ai.score import Score
from game.core.bitboard import Bitboard, Column

log = logging.getLogger(__name__)


class PositionBook(Protocol):
    """A book of positions' values."""

    def score(self, current: Bitboard, mask: Bitboard) -> Score | None:
        """The value of the position (``current``: the stones of the player to move,
        ``mask``: all stones; the game not over) for the player to move, or None when
        the book does not hold it."""
        ...

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[Score, Column] | None:
        """The position's value and a column that reaches it, or None when the book does
        not hold the position."""
        ...


def read_book(path: Path) -> OpeningBook:
    """The opening book at ``path``; raises BookError when it cannot be read."""
    return OpeningBook.load(path)


class BookFile:
    """The book in a file, found by ``locate`` (which raises FileNotFoundError when there is
    none) and read by ``reader`` the first time a position is asked of it, once.  A file
    that is missing or cannot be read leaves one warning in the log and :attr:`problem`
    saying why; the book then knows nothing, and the engine searches.

    It is picklable (the worker process gets one), and what is pickled is the file's
    path, found in this process, or why there is none: never ``locate`` itself, whose
    module (the window's asset finder, say) the other process would then import."""

    def __init__(
        self, locate: Callable[[], Path], reader: Callable[[Path], PositionBook] = read_book
    ) -> None:
        self._locate = locate
        self._reader = reader
        self._book: PositionBook | None = None
        self._tried = False
        self.problem: str | None = None
        """Why the book could not be read (None: read, or not asked yet)."""

    @classmethod
    def at(cls, path: Path, reader: Callable[[Path], PositionBook] = read_book) -> BookFile:
        """The book in the file at ``path``."""
        return cls(functools.partial(Path, path), reader)

    def __reduce__(self) -> tuple[Callable[..., BookFile], tuple[object, ...]]:
        try:
            path = self._locate()
        except FileNotFoundError as error:
            return (_unpickled, (None, str(error), self._reader))
        return (_unpickled, (str(path), None, self._reader))

    @property
    def book(self) -> PositionBook | None:
        """The book, read now if it was not yet; None when it cannot be read."""
        if not self._tried:
            self._tried = True
            try:
                self._book = self._reader(self._locate())
            except (BookError, FileNotFoundError) as error:
                self.problem = str(error)
                log.warning("playing without an opening book: %s", error)
        return self._book

    def score(self, current: Bitboard, mask: Bitboard) -> Score | None:
        book = self.book
        return None if book is None else book.score(current, mask)

    def best_move(self, current: Bitboard, mask: Bitboard) -> tuple[Score, Column] | None:
        book = self.book
        return None if book is None else book.best_move(current, mask)


def _not_found(reason: str) -> Path:
    raise FileNotFoundError(reason)


def _unpickled(
    path: str | None, problem: str | None, reader: Callable[[Path], PositionBook]
) -> BookFile:
    """A pickled :class:`BookFile`: the file at ``path``, or none (``problem`` says why)."""
    if path is None:
        return BookFile(functools.partial(_not_found, str(problem)), reader)
    return BookFile.at(Path(path), reader)
