"""``connect4 --self-test``: prove that an installed or frozen game works, headless.

:func:`run` checks, in order, what a player's first minute depends on:

1. every asset in :data:`game.resources.ASSET_FILES` loads with pygame (sounds
   through the mixer when it starts under the dummy audio driver, else their
   header is read; images with ``pygame.image.load``; fonts with
   ``pygame.font.Font``; anything else must be a non-empty file), and the
   window's text is drawn with the bundled font, not pygame's fallback;
2. a display surface opens (SDL's dummy video driver) and one frame is drawn;
   the time from the launch of the program to that frame is printed;
3. settings, statistics and a game in progress are saved under the settings
   file's lock and read back (in a temporary folder);
4. the real :class:`game.ai.worker.AIWorker` process starts and plays a whole
   computer-against-computer game at a low depth; every move must be legal and
   the game must end in a win or a full-board draw;
5. the worker closes and leaves no child process behind.

Before 3, the engine kernel solves a position exactly and the opening book answers the
first move.  The checks live by what they check: :mod:`.window` (1 and 2),
:mod:`.engine` (the kernel, the book, 4 and 5), the settings file's here; :mod:`.report`
is what they share.

In a frozen build this exercises ``multiprocessing.freeze_support()``, the spawn
start method, and the bundled assets.  Nothing here runs at import time.
"""

from __future__ import annotations

import functools
import logging
import sys
import tempfile
import time
from pathlib import Path

from game import __version__, logs, resources
from game.ai.book import BOOK_FILE
from game.ai.bookshelf import BookFile
from game.headless import dummy_drivers
from game.i18n import gettext as _
from game.selftest.engine import check_computer_game, check_engine_kernel, check_opening_book
from game.selftest.report import Report, SelfTestFailure, log
from game.selftest.window import check_assets_and_first_frame

__all__ = ["Report", "SelfTestFailure", "run", "shipped_book"]


def run() -> int:
    """Run every check; print a short report; return 0 on success, 1 on failure.

    Never raises (except KeyboardInterrupt/SystemExit): a failure is printed as
    one sentence and logged with its traceback through the game's log file.
    Sets the SDL dummy video and audio drivers for its own duration, so it needs
    no screen or sound card.
    """
    started = time.perf_counter()
    report = Report()
    log_path = _setup_logging()
    try:
        with dummy_drivers():
            _run_checks(report, started)
    except SelfTestFailure as failure:
        log.error("self-test failed: %s", failure)
        report.say(_("self-test FAILED: {reason}").format(reason=failure))
        return 1
    except Exception as error:
        log.exception("self-test failed with an unexpected error")
        problem = f"{type(error).__name__}: {error}"
        if log_path is None:
            said = _("self-test FAILED: unexpected {problem}").format(problem=problem)
        else:
            said = _("self-test FAILED: unexpected {problem} (details in {file})").format(
                problem=problem, file=log_path
            )
        report.say(said)
        return 1
    report.say(_("self-test passed"))
    return 0


def _setup_logging() -> Path | None:
    """The game's log file, set up once per process; None if logging is unavailable."""
    try:
        root = logging.getLogger()
        # The game's entry point may have set logging up already; a second file
        # handler would write every line twice.
        if any(getattr(h, "baseFilename", None) for h in root.handlers):
            return logs.log_dir() / "connect4.log"
        return logs.setup_logging()
    except Exception as error:  # the self-test must still run and say what broke
        print(f"warning: logging unavailable ({type(error).__name__}: {error})")
        return None


def _run_checks(report: Report, started: float) -> None:
    report.say(
        _("Connect Four {version} self-test ({runtime})").format(
            version=__version__, runtime=_describe_runtime()
        )
    )
    check_assets_and_first_frame(report, started)
    check_engine_kernel(report)
    check_opening_book(report, shipped_book())
    _check_settings_file(report)
    check_computer_game(report, shipped_book())


def shipped_book() -> BookFile:
    """The opening book the game ships, as the entry points give it to the engine."""
    return BookFile(functools.partial(resources.asset_path, BOOK_FILE))


def _check_settings_file(report: Report) -> None:
    """Save and read back settings, a result and a game in progress, under the file
    lock, in a temporary folder (never the player's file)."""
    from game.profile.choices import Mode  # noqa: PLC0415
    from game.profile.preferences import Settings  # noqa: PLC0415
    from game.profile.saved_game import SavedGame  # noqa: PLC0415
    from game.profile.settings import SettingsStore  # noqa: PLC0415
    from game.profile.statistics import Statistics  # noqa: PLC0415

    stats = Statistics()
    stats.record("Hard", "win")
    game = SavedGame(mode=Mode.VS_COMPUTER, moves="4453", levels=("Hard", "Hard"), human=0)
    with tempfile.TemporaryDirectory(prefix="connect4-selftest-") as folder:
        store = SettingsStore(Path(folder) / "settings.json")
        problem = store.save(Settings(volume=0.25), stats, game)
        if problem is not None:
            raise SelfTestFailure(problem)
        back = SettingsStore(store.path).load()
    if (back.settings.volume, back.stats, back.game, back.warnings) != (0.25, stats, game, []):
        raise SelfTestFailure(f"the settings file did not read back as saved: {back}")
    report.say(_("settings: saved and read back under the file lock"))


def _describe_runtime() -> str:
    python = sys.version.split()[0]
    if getattr(sys, "frozen", False):
        return _("frozen build, Python {version}").format(version=python)
    return _("from source, Python {version}").format(version=python)
