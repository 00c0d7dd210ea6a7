"""The window's settings, statistics, game in progress and finished games, and their saving.

:class:`Saver` reads them once from the :class:`~game.profile.settings.SettingsStore` and the
:class:`~game.profile.history.HistoryStore` beside it, and saves a copy on a background thread
whenever asked, so that a slow disk never stalls a frame; each save is atomic and merges
other windows' statistics and games (the stores' business).  A save that failed is told
to the player on the next frame (:meth:`Saver.collect`); a finished game the history
could not write is written with the next save.  Closing waits a moment at most for
another window's lock (what cannot wait goes to a pending file the next start merges).

The file keeps one game in progress, and one window at a time plays it: the one that
holds its claim (``game.lock`` beside the settings, :class:`game.profile.files.Claim`),
taken when the window continues the file's game or keeps a game of its own, given back
when that game ends or the window closes.  Another window neither offers that game nor
writes its own over it, so a game is never played, nor counted, twice; nor does it write
over the game a window left for Continue when it closed.  A game that cannot be kept so is
kept in the window only, and the player is told once (:meth:`Saver.collect`); closing
tries once more.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor

from game.i18n import N_
from game.i18n import gettext as _
from game.profile import files
from game.profile.history import HISTORY_FILE, FinishedGame, HistoryStore, merged
from game.profile.preferences import Settings
from game.profile.saved_game import SavedGame
from game.profile.settings import Keep, SettingsStore
from game.profile.statistics import Result, Statistics

log = logging.getLogger(__name__)

GAME_CLAIM = "game.lock"
"""The claim on the file's game in progress, beside the settings."""

_SETTINGS_FAILED = N_("Your settings could not be saved ({error}).")
_HISTORY_FAILED = N_("The game could not be kept in your history ({error}).")
_NOT_KEPT = N_(
    "Another window's unfinished game is kept for Continue, so this game will not be kept"
    " when you quit."
)


ENDED_KEPT = 200
"""How many states of ended games a window remembers (:attr:`Saver._ended`: a game
gives the file one a move)."""


class Saver:
    """What the settings file holds for this window, and the saves of it.

    ``startup_warnings`` are the load's sentences for the player (a damaged file...).
    """

    def __init__(self, store: SettingsStore) -> None:
        self.store = store
        report = store.load()
        self.settings: Settings = report.settings
        self.stats: Statistics = report.stats
        self.game_in_progress: SavedGame | None = report.game
        """The unfinished game the main menu's Continue goes back to (kept in the file)."""
        self.claim = files.Claim(store.path.with_name(GAME_CLAIM))
        self._from_file = report.game is not None
        """Whether :attr:`game_in_progress` is the file's, as loaded, not played here yet
        (another window may play it: see :meth:`continue_game`)."""
        self.startup_warnings = list(report.warnings)
        self.history = HistoryStore(store.path.with_name(HISTORY_FILE), store.patience)
        kept = self.history.load()
        self.games: list[FinishedGame] = kept.games
        """The finished games this window knows, oldest first (the history's latest)."""
        self.startup_warnings.extend(kept.warnings)
        self._thread: ThreadPoolExecutor | None = None
        self._saves: list[tuple[Future[str | None], str]] = []
        """Each save on its way, and the sentence to say if it raised (it should not)."""
        self._unkept = False
        """Whether :attr:`game_in_progress` is this window's and not in the file (the file
        keeps another window's game)."""
        self._mine: list[SavedGame] = []
        """The games this window has given the file since its last game ended (what the
        file holds may be any of them while the saves are on their way)."""
        self._ended: list[SavedGame] = []
        """The last :data:`ENDED_KEPT` of the games this window ended (finished, or gave
        up for a new one), as it gave them to the file: the file may hold one still while
        the save that clears it is on its way (or could not be written), and none is
        offered to continue again."""
        self._notes: list[str] = []
        """What :meth:`collect` says besides the saves' problems."""
        self.on_saved: Callable[[], None] | None = None
        """Called on the save thread when a save is written, so that a waiting loop
        wakes to collect it (:meth:`collect`); None: the caller looks now and then."""

    def save(self, *, game: SavedGame | Keep | None = Keep.GAME) -> None:
        """Save a copy of the settings and statistics on the save thread, with ``game``
        as the game in progress (by default the file keeps the one it has, which may
        be another window's); and the finished games a failed write left."""
        settings = self.settings.clamped()
        stats = self.stats.copy()  # with the streaks
        self._submit(_SETTINGS_FAILED, self.store.save, settings, stats, game)
        if self.history.unsaved:
            self._submit(_HISTORY_FAILED, self.history.retry)

    def _submit(self, failed: str, work: Callable[..., str | None], *args: object) -> None:
        """Run ``work`` on the save thread; ``failed`` is said if it raises."""
        future = self._background().submit(work, *args)
        self._saves.append((future, failed))
        future.add_done_callback(self._written)

    def _written(self, _future: Future[str | None]) -> None:
        """A save is written (on the save thread): wake whoever collects it."""
        if self.on_saved is not None:
            self.on_saved()

    def _background(self) -> ThreadPoolExecutor:
        """The save thread (started on the first save)."""
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settings-save")
        return self._thread

    def keep_game(self, game: SavedGame | None) -> None:
        """Remember ``game`` as the game in progress (None: there is none) and save it,
        so that a quit, a crash or the main menu loses nothing: into the file when this
        window holds the claim, or can take it and the file keeps no other window's game;
        else only here (the player is told once), until that game is done with.  None
        gives the claim back once saved."""
        if game == self.game_in_progress:
            return
        abandoning_the_files = self._from_file and game is None
        if game is None:
            ended = [*self._mine, *([self.game_in_progress] if self.game_in_progress else [])]
            self._ended = [*self._ended, *ended][-ENDED_KEPT:]
        self.game_in_progress, self._from_file = game, False
        if game is None:
            self._unkept = False
            self._mine.clear()
            if self.claim.held or (abandoning_the_files and self.claim.take()):
                self.save(game=None)
                self._submit(_SETTINGS_FAILED, self._give_back)
        elif self.claim.held or self._file_is_free():
            self._unkept = False
            self._mine.append(game)
            self.save(game=game)
        elif not self._unkept:  # said once a game
            self._unkept = True
            self._notes.append(_(_NOT_KEPT))

    def _file_is_free(self) -> bool:
        """Take the claim if the file's game in progress is nobody's or this window's
        own: not another window's, playing it or left by it for Continue (the claim is
        given back then)."""
        if not self.claim.take():
            return False
        on_disk = self.store.game_on_disk()
        if on_disk is None or on_disk in self._mine:
            return True
        self.claim.release()
        return False

    def _give_back(self) -> None:
        """Release the claim (on the save thread, after the save that cleared the game),
        unless a new game was kept since (its save follows this one)."""
        if self.game_in_progress is None:
            self.claim.release()

    def continuable(self) -> SavedGame | None:
        """The game the main menu's Continue offers: this window's own, or (when it has
        none) the file's as it is now when no other window plays it, such as one another
        window left; None when there is none to offer."""
        if not self._offers_the_files:
            return self.game_in_progress
        # The file first, the claim only if it has a game (the claim's lock module is a
        # tenth of the start-up's imports: not before the first frame).
        on_disk = self._not_ended(self.store.game_on_disk())
        return None if on_disk is None or self.claim.elsewhere() else on_disk

    def abandon(self, offered: SavedGame) -> bool:
        """Give up ``offered``, the game Continue offered (:meth:`continuable`), for a new
        one: this window's own, or the file's (loaded with it, or one another window left:
        the file forgets it).  Whether it was given up: False when another window took the
        file's game meanwhile (it is that window's to play, and to count)."""
        if self._offers_the_files:
            if not self.claim.take():
                return False
            if self.game_in_progress is None:
                self.game_in_progress, self._from_file = offered, True  # as if loaded with it
        self.keep_game(None)
        return True

    def _not_ended(self, game: SavedGame | None) -> SavedGame | None:
        return None if game in self._ended else game

    def continue_game(self) -> SavedGame | None:
        """The game to go on with: this window's own, or the file's, claimed now and read
        again (another window may have played on, or finished it); None when there is
        none, or another window plays it (:meth:`played_elsewhere`)."""
        if not self._offers_the_files:
            return self.game_in_progress
        if not self.claim.take():
            return None
        game = self._not_ended(self.store.game_on_disk())
        self.game_in_progress, self._from_file = game, False
        if game is None:
            self.claim.release()
        else:
            self._mine = [game]  # the file's game is this window's now
        return game

    def played_elsewhere(self) -> bool:
        """Whether another window plays the file's game (so this one cannot)."""
        return self._offers_the_files and self.claim.elsewhere()

    @property
    def _offers_the_files(self) -> bool:
        """Whether Continue offers the file's game: the one loaded and not played here
        yet, or any, when this window has no game of its own (another window may have
        left one since)."""
        return self._from_file or self.game_in_progress is None

    def record_result(self, level_name: str, result: Result) -> None:
        """Count a finished game against the computer at ``level_name``, rate it (a level
        with a rating: not a custom depth) and save."""
        self.stats.record(level_name, result)
        self.stats.rate(level_name, result)
        self.save()

    def record_game(self, game: FinishedGame) -> None:
        """Keep ``game`` in the history (saved in the background, merged with the games
        other windows keep there)."""
        self.games = merged(self.games, [game])
        self._submit(_HISTORY_FAILED, self.history.add, [game])

    def keep_replay(
        self, game_id: str | None, moves: str, mistakes: Iterable[int], fixed: Iterable[int]
    ) -> bool:
        """Keep with a finished game (by ``game_id``, else the latest game of these
        ``moves``) the ``mistakes`` Replay my mistakes set and those ``fixed``; saved in
        the background.  Whether the history holds that game (an imported one it does
        not)."""

        def same(game: FinishedGame) -> bool:
            return game.id == game_id if game_id is not None else game.moves == moves

        found = next((game for game in reversed(self.games) if same(game)), None)
        if found is None:
            found = next((game for game in reversed(self.history.read()) if same(game)), None)
        if found is None:
            return False
        updated = found.replayed(mistakes, fixed)
        self.games = merged(self.games, [updated])
        self._submit(_HISTORY_FAILED, self.history.add, [updated])
        return True

    def all_games(self) -> list[FinishedGame]:
        """Every window's finished games, oldest first: the file's and this window's."""
        return merged(self.history.read(), self.games)

    def all_statistics(self) -> Statistics:
        return self.store.statistics_with(self.stats)

    def reset_statistics(self) -> str | None:
        # Saves started before would count the old games again: let them finish first.
        self.wait()
        self.stats.reset()
        return self.store.reset_statistics()

    @property
    def saving(self) -> bool:
        """Whether a save is still being written (its problems are not collected yet)."""
        return bool(self._saves)

    def collect(self) -> list[str]:
        """The problems of the saves that finished since the last call, in sentences (and
        that a game cannot be kept, once)."""
        done = [(f, failed) for f, failed in self._saves if f.done()]
        self._saves = [(f, failed) for f, failed in self._saves if not f.done()]
        problems, self._notes = self._notes, []
        for future, failed in done:
            try:
                problem = future.result()
            except Exception as error:  # the stores do not raise; be safe anyway
                log.exception("a save failed")
                problem = _(failed).format(error=error)
            if problem is not None:
                problems.append(problem)
        return problems

    def wait(self) -> None:
        """Wait until every save has been written (their problems stay to collect)."""
        for future, _failed in self._saves:
            future.exception()

    def flush(self) -> list[str]:
        """Wait until every save has been written; their problems, as :meth:`collect`."""
        self.wait()
        return self.collect()

    def close(self) -> list[str]:
        """Write what is still on its way and stop the save thread; the problems.  From
        now on a save waits a moment at most for another window's lock (what cannot wait
        goes to a pending file), and the games the history could not write go to one."""
        self.store.patience.hurry()
        game = self.game_in_progress
        if self._unkept and game is not None and self._file_is_free():
            self.save(game=game)  # the other window's game has gone meanwhile
        self._submit(_HISTORY_FAILED, self.history.close)
        problems = self.flush()
        if self._thread is not None:
            self._thread.shutdown(wait=True)
            self._thread = None
        self.claim.release()
        return problems
