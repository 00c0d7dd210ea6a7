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
``human`` is then the side played at this window).  A game that ended by a resignation or
an abandonment rather than on the board (online, or against the computer when the player
left it for a new game and it counted as a loss) has ``forfeit``: the side that gave it
up (the other won).  Builds before 2026-11-27 knew a forfeit online only: they drop such
a game of the computer as damaged (with a notice), so a file shared with one loses it.

It keeps the :data:`MAX_GAMES` latest games, oldest first, and follows the settings'
rules (:mod:`game.profile.settings`):

* a write goes to a temp file that replaces the old one
  (:func:`game.profile.files.write_atomically`);
* two windows may finish games at once: a save takes a lock, reads the file again and adds
  its games to those there (each game has an id), so none is lost; a window that cannot
  have the lock soon (:class:`game.profile.files.Patience`) writes its games to a pending
  file instead, which the next save or start merges in;
* a game that could not be written (a full disk, a read-only folder) stays to be written
  at the next save;
* a file that is not a history is moved aside as ``history.json.bad-<timestamp>``, the
  player is told once, and the history starts again; a game in it that is not valid (or
  a value out of range) is dropped (or repaired), the player told which, and the
  original copied aside first.  Nothing here raises for bad data or I/O errors.

No pygame; no work at import time.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from game.core import Board, IllegalMoveError, Player
from game.i18n import gettext as _
from game.profile import fields, files
from game.profile.choices import DiscColour, Mode
from game.profile.files import named
from game.profile.repairs import Kind, Repair, logged
from game.profile.saved_game import is_level_name
from game.profile.statistics import Result

log = logging.getLogger(__name__)

HISTORY_FILE: Final = "history.json"
FILE_VERSION: Final = 1
MAX_GAMES: Final = 200
MAX_FILE_BYTES: Final = 2_000_000
MAX_ID: Final = 64
"""A game's id is 1 to this many characters."""
"""A history larger than this is damaged (200 games take about 50 kB)."""
RESULTS: Final = ("first", "second", "draw")
MAX_OPPONENT: Final = 24
ONLINE_LEVELS: Final = "Beginner"
"""The levels an online game is kept with (the file wants level names; no computer
played: :attr:`FinishedGame.computer_level` is None)."""


def now() -> str:
    """The time now, as a game's ``date`` keeps it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    """A new game's id (``uuid`` loads at the first game that ends, not before the
    window's first frame)."""
    import uuid  # noqa: PLC0415

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
        if self.forfeit not in (None, 0, 1):
            raise ValueError(f"a forfeit is a side (0 or 1), not {self.forfeit!r}")
        if self.forfeit is not None and not self.opponent and self.forfeit != self.human:
            raise ValueError(
                f"a forfeit ({self.forfeit!r}) ends an online game, or one the human left"
            )
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
        try:
            self.ended()  # year 1 in a time zone east of UTC overflows
        except (ValueError, OverflowError):
            raise ValueError(f"the date {self.date!r} is not a time") from None
        self._check_replay(board.ply)
        object.__setattr__(self, "colour", DiscColour(self.colour))
        if not self.id or len(self.id) > MAX_ID:
            raise ValueError("a game's id is 1 to 64 characters")

    def _check_replay(self, ply: int) -> None:
        """The mistakes Replay my mistakes set and those fixed: moves of the players
        (after ``start``, up to ``ply``), kept sorted, the fixed among the mistakes."""
        for name, numbers in (("mistakes", self.mistakes), ("fixed", self.fixed)):
            if not all(self.start < n <= ply for n in numbers):
                raise ValueError(f"{name} {numbers!r} are not moves of the players")
            object.__setattr__(self, name, tuple(sorted(set(numbers))))
        if not set(self.fixed) <= set(self.mistakes):
            raise ValueError(f"fixed {self.fixed!r} are not among the mistakes")

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

    def same_game(self, other: FinishedGame) -> bool:
        """Whether ``other`` is this game, though perhaps with other mistakes replayed."""
        return replace(self, mistakes=(), fixed=()) == replace(other, mistakes=(), fixed=())

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
            **({"opponent": self.opponent} if self.opponent else {}),
            **({"forfeit": self.forfeit} if self.opponent or self.forfeit is not None else {}),
        }

    @classmethod
    def from_json(cls, data: object, repairs: list[Repair] | None = None) -> FinishedGame:
        """A game from the file; raises ValueError (or :class:`game.profile.fields.Invalid`)
        when any part is missing, of the wrong type, or not a finished game.  A start out
        of range is clamped, and ``repairs`` says so (without the game's number)."""
        if not isinstance(data, dict):
            raise fields.Invalid("not an object")
        levels = data.get("levels")
        if not (isinstance(levels, list) and len(levels) == 2):
            raise fields.Invalid("levels is not a pair of level names")
        human = data.get("human")
        start = fields.count(data.get("start", 0))
        game = cls(
            id=fields.text(data.get("id")),
            moves=fields.text(data.get("moves")),
            start=start,
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
        if repairs is not None and fields.clamped(data.get("start", 0), start):
            repairs.append(Repair(Kind.GAME_START_CLAMPED, old=data["start"], new=start))
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


def _parse(raw: bytes) -> tuple[list[FinishedGame], list[Repair]]:
    """The valid games of a file's bytes, and the repairs: each game dropped (not valid)
    or repaired, by its number in the file; raises :class:`game.profile.files.Damaged`
    when the file is not a history."""
    data = files.json_object(raw, MAX_FILE_BYTES)
    if not isinstance(data.get("games"), list):
        raise files.Damaged("no list of games")
    games: list[FinishedGame] = []
    repairs: list[Repair] = []
    for number, entry in enumerate(data["games"], start=1):
        changed: list[Repair] = []
        try:
            games.append(FinishedGame.from_json(entry, changed))
        except ValueError as problem:
            log.warning("game %d of the history is not valid (dropped): %s", number, problem)
            repairs.append(Repair(Kind.GAME_DROPPED, count=number))
            continue
        repairs.extend(replace(change, count=number) for change in changed)
    return merged(_distinct(games)), repairs


def _distinct(games: list[FinishedGame]) -> list[FinishedGame]:
    """``games`` with a new id for each whose id an earlier, different game of the same
    file has (an edited or copied entry): :func:`merged` would take the two for one game
    and keep only one.  The new id is the old one and the game's place among the file's
    valid games, so every window reading the file gives the same ids.  Copies of one
    game (perhaps with other mistakes replayed) keep their id and are merged."""
    seen: dict[str, FinishedGame] = {}
    distinct = []
    for number, read in enumerate(games, start=1):
        game, known = read, seen.get(read.id)
        if known is not None and not known.same_game(read):
            renamed, again = f"{read.id[:40]}-{number}", 1
            while renamed in seen:  # an id made to look like a renamed one
                again += 1
                renamed = f"{read.id[:40]}-{number}-{again}"
            log.warning("game %d of the history has another game's id: now %s", number, renamed)
            game = replace(read, id=renamed)
        seen.setdefault(game.id, game)
        distinct.append(game)
    return distinct


def _document(games: list[FinishedGame]) -> bytes:
    document = {"version": FILE_VERSION, "games": [game.to_json() for game in games]}
    return (json.dumps(document, indent=1) + "\n").encode("utf-8")


class HistoryStore:
    """Loads and saves the history in the file at ``path`` (see the module docstring).
    ``patience`` is the window's, shared with its settings store.  Its methods may be
    called from different threads; they run one at a time."""

    def __init__(self, path: Path, patience: files.Patience | None = None) -> None:
        self.path = path
        self.lock_path = path.with_name(f"{path.name}.lock")
        self.patience = patience if patience is not None else files.Patience()
        self._guard = threading.RLock()
        self._unsaved: list[FinishedGame] = []
        self._failed = False  # the last write failed, and the player was told

    @property
    def unsaved(self) -> list[FinishedGame]:
        """The games :meth:`add` was given that are not written yet (a write failed).
        Does not wait for a save under way (the list is replaced, never changed)."""
        return list(self._unsaved)

    def load(self) -> HistoryReport:
        """The games in the file (and in pending files); none (and one warning) when it is
        damaged or cannot be read, and it is moved aside; a damaged game dropped, and
        the player told which, with the original kept.  Never raises."""
        with self._guard:
            try:
                return self._load()
            except Exception:  # a last resort: starting the game matters more
                log.exception("unexpected error loading %s", self.path)
                return HistoryReport([], [_("Your game history could not be read.")])

    def _load(self) -> HistoryReport:
        if not self.path.parent.is_dir():  # nothing to read, and nothing is created
            return HistoryReport([])
        if not files.needs_tidying(self.path):  # read without the lock (nor filelock)
            try:
                games, repairs = _parse(self._read())
            except FileNotFoundError:
                return HistoryReport([])
            except (OSError, files.Damaged):
                pass  # moved aside below, holding the lock
            else:
                if not repairs:
                    return HistoryReport(games)
        try:
            # A moment only: a window that is stuck holding the lock must not stop the start.
            with files.Patience(files.HURRY_SECONDS).holding(self.lock_path):
                files.remove_temp_files(self.path)
                games, warnings = self._update([], repair=True)
                return HistoryReport(games, warnings)
        except files.lock_timeout():
            log.warning("%s is locked: the history is read without it", self.lock_path)
        except OSError as error:  # the folder cannot hold a lock: read-only
            log.warning("cannot lock %s: %s", self.lock_path, error)
        told: list[str] = []
        try:
            games, _repairs = _parse(self._read())
        except FileNotFoundError:
            games = []
        except (OSError, files.Damaged) as error:
            log.warning("the game history %s is unusable: %s", self.path, error)
            games, told = [], [_damaged(files.move_aside(self.path))]
        return HistoryReport(merged(games, self._pending()[1]), told)

    def read(self) -> list[FinishedGame]:
        """The games in the file now, those pending and those not written yet (none when
        the file is missing or unusable); writes nothing, and does not wait for a save
        under way (a save replaces the file whole)."""
        try:
            games, _repairs = _parse(self._read())
        except (OSError, files.Damaged):
            games = []
        return merged(games, self._pending(move_aside=False)[1], self._unsaved)

    def add(self, games: Iterable[FinishedGame]) -> str | None:
        """Add ``games`` to the file's (with any not written before, and the pending
        files'); None, or one sentence for the player.  A damaged file is moved aside
        first, and the answer says so.  When another window keeps the lock past the
        window's patience, the games go to a pending file.  When the write fails they
        stay to be written by the next call (:meth:`retry`); the player is told the
        first time."""
        with self._guard:
            self._unsaved = merged(self._unsaved, games)
            try:
                with self.patience.holding(self.lock_path):
                    _kept, notices = self._update(self._unsaved, repair=True)
            except files.lock_timeout():
                return self._set_aside()
            except OSError as error:
                log.warning("cannot save the game history to %s: %s", self.path, error)
                told, self._failed = self._failed, True
                if told:
                    return None
                return _(
                    "The game could not be kept in your history yet ({reason}); it is"
                    " saved with your next game or move."
                ).format(reason=files.reason(error))
            self._unsaved, self._failed = [], False
            return " ".join(notices) or None

    def retry(self) -> str | None:
        """Write the games a failed write left (see :meth:`add`); None when there are none."""
        with self._guard:
            return self.add([]) if self._unsaved else None

    def close(self) -> str | None:
        """The window closes: write what is left now, or into a pending file (see
        :meth:`add`); a sentence (for the log) when games are lost."""
        with self._guard:
            self.patience.hurry()
            problem = self.retry()
            if self._unsaved:
                problem = self._set_aside() or problem
            return problem

    def _set_aside(self) -> str | None:
        """The unwritten games into a pending file that a later save or start merges in;
        None, or a sentence when even that fails (they stay unwritten)."""
        log.warning("%s stayed locked: the games wait in a pending file", self.lock_path)
        try:
            files.write_atomically(files.pending_name(self.path), _document(self._unsaved))
        except OSError as error:
            log.warning("cannot keep the games in a pending file: %s", error)
            return _("The game could not be kept in your history ({error}).").format(
                error=files.reason(error)
            )
        self._unsaved = []
        return None

    def _update(
        self, adding: list[FinishedGame], *, repair: bool
    ) -> tuple[list[FinishedGame], list[str]]:
        """Holding the lock: the file's games, the pending files' and ``adding``, written
        when anything changed (the pending files then go); and the notices.  A damaged
        file is moved aside, a file with damaged games copied aside first.  Raises
        OSError when the write fails (nothing is lost: the pending files stay)."""
        notices: list[str] = []
        try:
            raw = self._read()
            games, repairs = _parse(raw)
        except FileNotFoundError:
            games, repairs = [], []
        except (OSError, files.Damaged) as error:
            log.warning("the game history %s is unusable: %s", self.path, error)
            games, repairs = [], []
            notices.append(_damaged(files.move_aside(self.path)))
        if repairs and repair:
            log.warning("the game history %s repaired: %s", self.path, logged(repairs))
            notices.append(_repaired(files.keep_copy(self.path, raw), repairs))
        pending, waiting = self._pending()
        kept = merged(games, waiting, adding)
        if adding or repairs or pending:
            files.write_atomically(self.path, _document(kept))
            for path in pending:
                path.unlink(missing_ok=True)
        return kept, notices

    def _pending(self, *, move_aside: bool = True) -> tuple[list[Path], list[FinishedGame]]:
        """The pending files and their games (a damaged one is moved aside, or when not
        ``move_aside`` left for a save to)."""
        paths, games = [], []
        for path in files.pending_files(self.path):
            try:
                found, _repairs = _parse(files.read_regular(path, MAX_FILE_BYTES))
            except FileNotFoundError:  # another window merged it just now
                continue
            except (OSError, files.Damaged) as error:
                if move_aside:
                    log.warning("the pending games %s are unusable: %s", path, error)
                    files.move_aside(path)
                continue
            paths.append(path)
            games.extend(found)
        return paths, games

    def _read(self) -> bytes:
        return files.read_regular(self.path, MAX_FILE_BYTES)


def _damaged(kept: Path | None) -> str:
    if kept is None:
        return _("Your game history was damaged; it starts again.")
    return _("Your game history was damaged; it starts again. A copy was kept as {file}.").format(
        file=kept.name
    )


def _repaired(kept: Path | None, repairs: list[Repair]) -> str:
    if kept is None:
        return _("Your game history was repaired: {repairs}.").format(repairs=named(repairs))
    return _(
        "Your game history was repaired: {repairs}. The original file was kept as {file}."
    ).format(repairs=named(repairs), file=kept.name)
