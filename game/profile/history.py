"""The last games finished, kept for review: ``history.json`` beside the settings.

The file::

    {
      "version": 1,
      "games": [
        {"id": "3f2a...", "moves": "4453...", "start": 0, "mode": "vs-computer",
         "levels": ["Hard", "Hard"], "human": 0, "colour": "red", "result": "first",
         "date": "2026-11-25T15:04:05+00:00", "coached": false,
         "mistakes": [7, 19], "fixed": [19]}
      ]
    }

``moves`` are every move from the empty board, the first ``start`` of them the position
the game began from (not played by the players); ``levels`` the computer's level for the
first and the second player (as :class:`game.profile.saved_game.SavedGame` keeps them);
``human`` the side the human played against the computer (None in the other modes) and
``colour`` the human's disc colour (the first player's is red in the other modes);
``result`` who won (``first``, ``second``) or ``draw``, as the moves say; ``date`` when
it ended (UTC); ``coached`` whether the coach offered to take a move back; ``mistakes``
the numbers (from 1) of the player's mistakes and blunders that Replay my mistakes set
as puzzles (:mod:`game.ui.scenes.review.replay`; absent before), and ``fixed`` those
the player then found a better move for (two windows' versions of a game add up their
``mistakes`` and ``fixed``).  A game played online also has ``opponent`` (their name;
``human`` is then the side played at this window) and, when it ended by a resignation or
an abandonment rather than on the board, ``forfeit``: the side that gave it up (the
other won).

It keeps the :data:`MAX_GAMES` latest games, oldest first, and follows the settings'
rules (:mod:`game.profile.settings`):

* a write goes to a temp file that replaces the old one
  (:func:`game.profile.files.write_atomically`);
* two windows may finish games at once: a save takes a lock, reads the file again and adds
  its games to those there (each game has an id), so none is lost;
* a file that is not a history is moved aside as ``history.json.bad-<timestamp>``, the
  player is told once, and the history starts again; a game in it that is not valid is
  dropped.  Nothing here raises for bad data or I/O errors.

No pygame; no work at import time.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from game.core import Board, IllegalMoveError, Player
from game.i18n import gettext as _
from game.profile import fields, files
from game.profile.choices import DiscColour, Mode
from game.profile.saved_game import is_level_name
from game.profile.statistics import Result

if TYPE_CHECKING:
    from filelock import BaseFileLock

log = logging.getLogger(__name__)

HISTORY_FILE: Final = "history.json"
FILE_VERSION: Final = 1
MAX_GAMES: Final = 200
MAX_FILE_BYTES: Final = 2_000_000
"""A history larger than this is damaged (200 games take about 50 kB)."""
LOCK_TIMEOUT: Final = 10.0
RESULTS: Final = ("first", "second", "draw")
MAX_OPPONENT: Final = 24
ONLINE_LEVELS: Final = "Beginner"
"""The levels an online game is kept with (the file wants level names; no computer
played: :attr:`FinishedGame.computer_level` is None)."""


def now() -> str:
    """The time now, as a game's ``date`` keeps it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True, slots=True, kw_only=True)
class FinishedGame:
    """One finished game as the history keeps it (the module docstring says what each
    field is).  Construction checks everything and raises ValueError saying what is
    wrong."""

    moves: str
    mode: Mode
    levels: tuple[str, str]
    human: int | None = None
    colour: DiscColour = DiscColour.RED
    start: int = 0
    date: str = field(default_factory=now)
    coached: bool = False
    mistakes: tuple[int, ...] = ()
    fixed: tuple[int, ...] = ()
    id: str = field(default_factory=new_id)
    opponent: str = ""
    forfeit: int | None = None

    @classmethod
    def online(cls, moves: str, *, human: int, opponent: str, winner: int | None) -> FinishedGame:
        """An online game against ``opponent``, ``human`` the side played here, won by
        ``winner`` (0, 1; None: a draw) on the board or by the other's forfeit."""
        board = Board.from_moves(moves)
        forfeit = None if board.is_over or winner is None else 1 - winner
        return cls(
            moves=moves,
            mode=Mode.TWO_PLAYERS,
            levels=(ONLINE_LEVELS, ONLINE_LEVELS),
            human=human,
            colour=DiscColour.RED if human == 0 else DiscColour.YELLOW,
            opponent=opponent[:MAX_OPPONENT],
            forfeit=forfeit,
        )

    def __post_init__(self) -> None:
        try:
            board = Board.from_moves(self.moves)
        except IllegalMoveError as error:
            raise ValueError(f"the moves are not a game: {error}") from None
        if board.is_over == (self.forfeit is not None):
            raise ValueError(f"the game {self.moves!r} is not finished (forfeit {self.forfeit})")
        if self.forfeit not in (None, 0, 1) or (self.forfeit is not None and not self.opponent):
            raise ValueError(f"a forfeit ({self.forfeit!r}) ends an online game only")
        if not 0 <= self.start <= board.ply or (self.start == board.ply and board.is_over):
            raise ValueError(f"the game cannot begin after move {self.start}")
        if self.mode not in (Mode.VS_COMPUTER, Mode.TWO_PLAYERS):
            raise ValueError(f"the history keeps games of players, not {self.mode}")
        if len(self.levels) != 2 or not all(is_level_name(name) for name in self.levels):
            raise ValueError(f"the levels {self.levels!r} are not two level names")
        if len(self.opponent) > MAX_OPPONENT:
            raise ValueError(f"an opponent's name has at most {MAX_OPPONENT} characters")
        played_here = Mode.VS_COMPUTER if not self.opponent else Mode.TWO_PLAYERS
        fits = self.human in (0, 1) if self.mode is played_here else self.human is None
        if not fits:
            raise ValueError(f"human is {self.human!r}, which does not fit a {self.mode} game")
        datetime.fromisoformat(self.date)  # raises ValueError
        for name, numbers in (("mistakes", self.mistakes), ("fixed", self.fixed)):
            if not all(self.start < n <= board.ply for n in numbers):
                raise ValueError(f"{name} {numbers!r} are not moves of the players")
            object.__setattr__(self, name, tuple(sorted(set(numbers))))
        if not set(self.fixed) <= set(self.mistakes):
            raise ValueError(f"fixed {self.fixed!r} are not among the mistakes")
        object.__setattr__(self, "colour", DiscColour(self.colour))
        if not self.id or len(self.id) > 64:
            raise ValueError("a game's id is 1 to 64 characters")

    @property
    def board(self) -> Board:
        return Board.from_moves(self.moves)

    @property
    def winner(self) -> Player | None:
        """Who won (None: a draw)."""
        if self.forfeit is not None:
            return Player(1 - self.forfeit)
        outcome = self.board.outcome
        assert outcome is not None
        return outcome.winner

    @property
    def result(self) -> str:
        """``first``, ``second`` or ``draw``, as the file keeps it."""
        winner = self.winner
        return "draw" if winner is None else RESULTS[int(winner)]

    def result_for_human(self) -> Result | None:
        """The human's result against the computer ("win", "loss", "draw"); else None."""
        if self.human is None:
            return None
        winner = self.winner
        if winner is None:
            return "draw"
        return "win" if int(winner) == self.human else "loss"

    def colour_of(self, player: Player) -> DiscColour:
        """The disc colour ``player`` played with."""
        if self.human is None:
            return DiscColour.RED if player is Player.FIRST else DiscColour.YELLOW
        return self.colour if int(player) == self.human else self.colour.other

    @property
    def computer_level(self) -> str | None:
        """The computer's level against the human (None: no computer played)."""
        if self.human is None or self.opponent:
            return None
        return self.levels[1 - self.human]

    def replayed(self, mistakes: Iterable[int], fixed: Iterable[int]) -> FinishedGame:
        """This game with more ``mistakes`` replayed and more of them ``fixed``."""
        return replace(
            self,
            mistakes=tuple({*self.mistakes, *mistakes, *fixed}),
            fixed=tuple({*self.fixed, *fixed}),
        )

    def ended(self) -> datetime:
        """When the game ended, in the local time zone."""
        return datetime.fromisoformat(self.date).astimezone()

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "moves": self.moves,
            "start": self.start,
            "mode": str(self.mode),
            "levels": list(self.levels),
            "human": self.human,
            "colour": str(self.colour),
            "result": self.result,
            "date": self.date,
            "coached": self.coached,
            "mistakes": list(self.mistakes),
            "fixed": list(self.fixed),
            **({"opponent": self.opponent, "forfeit": self.forfeit} if self.opponent else {}),
        }

    @classmethod
    def from_json(cls, data: object) -> FinishedGame:
        """A game from the file; raises ValueError (or :class:`game.profile.fields.Invalid`) when
        any part is missing, of the wrong type, or not a finished game."""
        if not isinstance(data, dict):
            raise fields.Invalid("not an object")
        levels = data.get("levels")
        if not (isinstance(levels, list) and len(levels) == 2):
            raise fields.Invalid("levels is not a pair of level names")
        human = data.get("human")
        game = cls(
            id=fields.text(data.get("id")),
            moves=fields.text(data.get("moves")),
            start=fields.count(data.get("start", 0)),
            mode=fields.member(Mode)(data.get("mode")),
            levels=(fields.text(levels[0]), fields.text(levels[1])),
            human=None if human is None else fields.whole(human),
            colour=fields.member(DiscColour)(data.get("colour", DiscColour.RED)),
            date=fields.text(data.get("date")),
            coached=fields.boolean(data.get("coached", False)),
            mistakes=_numbers(data.get("mistakes", [])),
            fixed=_numbers(data.get("fixed", [])),
            opponent=fields.text(data.get("opponent", "")),
            forfeit=None if data.get("forfeit") is None else fields.whole(data.get("forfeit")),
        )
        if data.get("result") != game.result:
            raise fields.Invalid(f"the result {data.get('result')!r} is not what the moves say")
        return game


def _numbers(value: object) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise fields.Invalid("not a list of move numbers")
    return tuple(fields.whole(item) for item in value)


def merged(*histories: Iterable[FinishedGame]) -> list[FinishedGame]:
    """The games of every history, each once (by id, the mistakes replayed and fixed of
    each version added up), oldest first, the latest :data:`MAX_GAMES`."""
    by_id: dict[str, FinishedGame] = {}
    for history in histories:
        for game in history:
            known = by_id.get(game.id)
            by_id[game.id] = game if known is None else game.replayed(known.mistakes, known.fixed)
    games = sorted(by_id.values(), key=lambda game: (game.ended(), game.id))
    return games[-MAX_GAMES:]


@dataclass(slots=True)
class HistoryReport:
    """What :meth:`HistoryStore.load` found; ``warnings`` are sentences for the player."""

    games: list[FinishedGame]
    warnings: list[str] = field(default_factory=list)


def _parse(raw: bytes) -> list[FinishedGame]:
    """The valid games of a file's bytes (an invalid game is dropped, and logged); raises
    :class:`game.profile.files.Damaged` when the file is not a history."""
    data = files.json_object(raw, MAX_FILE_BYTES)
    if not isinstance(data.get("games"), list):
        raise files.Damaged("no list of games")
    games = []
    for entry in data["games"]:
        try:
            games.append(FinishedGame.from_json(entry))
        except ValueError as problem:
            log.warning("a game of the history is not valid (dropped): %s", problem)
    return merged(games)


class HistoryStore:
    """Loads and saves the history in the file at ``path`` (see the module docstring).
    Its methods may be called from different threads; they run one at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock_path = path.with_name(f"{path.name}.lock")
        self._guard = threading.RLock()

    def load(self) -> HistoryReport:
        """The games in the file; none (and one warning) when it is damaged or cannot be
        read, and it is moved aside.  Never raises."""
        with self._guard:
            try:
                return HistoryReport(self._read())
            except FileNotFoundError:
                return HistoryReport([])
            except (OSError, files.Damaged) as error:
                log.warning("the game history %s is unusable: %s", self.path, error)
                return HistoryReport([], [_damaged(files.move_aside(self.path))])
            except Exception:  # a last resort: starting the game matters more
                log.exception("unexpected error loading %s", self.path)
                return HistoryReport([], [_("Your game history could not be read.")])

    def read(self) -> list[FinishedGame]:
        """The games in the file now (none when it is missing or unusable); writes
        nothing."""
        with self._guard:
            try:
                return self._read()
            except (OSError, files.Damaged):
                return []

    def add(self, games: Iterable[FinishedGame]) -> str | None:
        """Add ``games`` to the file's (a damaged file is moved aside first, and the
        answer says so); None, or one sentence for the player."""
        try:
            with self._guard, self._locked():
                notice = None
                try:
                    found = self._read()
                except FileNotFoundError:
                    found = []
                except (OSError, files.Damaged) as error:
                    log.warning("the game history %s became unusable: %s", self.path, error)
                    found, notice = [], _damaged(files.move_aside(self.path))
                kept = merged(found, games)
                document = {"version": FILE_VERSION, "games": [game.to_json() for game in kept]}
                text = json.dumps(document, indent=1) + "\n"
                files.write_atomically(self.path, text.encode("utf-8"))
        except files.lock_timeout():
            return _("The game could not be kept: another window kept the history busy.")
        except OSError as error:
            log.warning("cannot save the game history to %s: %s", self.path, error)
            return _("The game could not be kept in your history ({error}).").format(
                error=error.strerror or type(error).__name__
            )
        return notice

    def _read(self) -> list[FinishedGame]:
        with self.path.open("rb") as fh:
            return _parse(fh.read(MAX_FILE_BYTES + 1))

    def _locked(self) -> BaseFileLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return files.file_lock(self.lock_path, LOCK_TIMEOUT)


def _damaged(kept: Path | None) -> str:
    if kept is None:
        return _("Your game history was damaged; it starts again.")
    return _("Your game history was damaged; it starts again. A copy was kept as {file}.").format(
        file=kept.name
    )
