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

In a frozen build this exercises ``multiprocessing.freeze_support()``, the spawn
start method, and the bundled assets.  Nothing here runs at import time.
"""

from __future__ import annotations

import functools
import json
import logging
import multiprocessing
import os
import sys
import tempfile
import time
import wave
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game import __version__, logs, resources
from game.ai.book import BOOK_FILE
from game.ai.bookshelf import BookFile
from game.ai.protocol import RequestKind, SearchRequest
from game.ai.worker import AIWorker
from game.core import CELLS, HEIGHT, WIDTH, Board
from game.i18n import gettext as _

if TYPE_CHECKING:
    import pygame  # at run time only inside the checks, after the dummy drivers are set

    from game.ui.text import TextCache

log = logging.getLogger(__name__)

SELF_TEST_DEPTH = 2
"""Search depth of both computer players: low, so the game takes a second or two."""

MOVE_TIME_LIMIT = 1.0
"""Seconds each move may take inside the worker."""

FIRST_REPLY_TIMEOUT = 60.0
"""Seconds to wait for the first move: it includes starting the worker process,
which in a one-file build on a slow machine means unpacking and importing."""

REPLY_TIMEOUT = 20.0
"""Seconds to wait for any later move (the time limit plus generous slack)."""

WINDOW_SIZE = (640, 480)

SOUND_SUFFIXES = frozenset({".wav", ".ogg", ".mp3", ".flac"})
IMAGE_SUFFIXES = frozenset({".png", ".bmp", ".jpg", ".jpeg", ".gif", ".tga", ".webp", ".ico"})
FONT_SUFFIXES = frozenset({".ttf", ".otf"})


class SelfTestFailure(Exception):
    """A check failed; the message says which and why, in one sentence."""


@dataclass
class Report:
    """What the self-test did, printed line by line as it goes."""

    lines: list[str] = field(default_factory=list)
    echo: Callable[[str], None] = print

    def say(self, line: str) -> None:
        self.lines.append(line)
        log.info("self-test: %s", line)
        self.echo(line)


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
        with _headless():
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


@contextmanager
def _headless() -> Iterator[None]:
    """SDL's dummy drivers while the block runs; the previous values afterwards."""
    names = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")
    saved = {name: os.environ.get(name) for name in names}
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _run_checks(report: Report, started: float) -> None:
    report.say(
        _("Connect Four {version} self-test ({runtime})").format(
            version=__version__, runtime=_describe_runtime()
        )
    )
    _check_assets_and_first_frame(report, started)
    _check_engine_kernel(report)
    _check_opening_book(report)
    _check_settings_file(report)
    _check_computer_game(report)


KERNEL_CHECK = ("5554224333234511764415115", 4)
"""A position of the public test set Test_L2_R1 with its exact score (the mover wins)."""


def _check_engine_kernel(report: Report) -> None:
    """Name the engine kernel in use and solve one position with it; a frozen build must
    carry the compiled kernel."""
    from game.ai.backend import IS_COMPILED, KERNEL_NAME  # noqa: PLC0415
    from game.ai.solver import Solver  # noqa: PLC0415

    report.say(_("engine kernel: {kernel}").format(kernel=KERNEL_NAME))
    if getattr(sys, "frozen", False) and not IS_COMPILED:
        raise SelfTestFailure(
            _("this executable must carry the compiled engine kernel: {kernel}").format(
                kernel=KERNEL_NAME
            )
        )
    moves, expected = KERNEL_CHECK
    board = Board.from_moves(moves)
    solution = Solver(1).solve(board.current, board.mask, board.ply)
    if solution.score != expected:
        raise SelfTestFailure(
            f"the engine kernel scored {moves} as {solution.score}, not {expected}"
        )
    report.say(
        _("engine kernel: solved a test position exactly ({nodes} nodes)").format(
            nodes=solution.nodes
        )
    )


def _check_opening_book(report: Report) -> None:
    """Load the opening book as the worker does, and answer the first move from it."""
    from game.ai.book import OpeningBook  # noqa: PLC0415
    from game.ai.engine import Engine  # noqa: PLC0415

    shelf = shipped_book()
    began = time.perf_counter()
    book = shelf.book
    loaded = time.perf_counter() - began
    if not isinstance(book, OpeningBook):
        raise SelfTestFailure(_("opening book: {problem}").format(problem=shelf.problem))
    engine = Engine(book=shelf, solver_capacity=1, search_capacity=1)
    first = engine.think(SearchRequest(moves=""))
    if not first.from_book or first.column != WIDTH // 2:
        raise SelfTestFailure(f"opening book: the first move came out as {first}")
    report.say(
        _("opening book: {count} positions up to ply {ply}, loaded in {ms} ms").format(
            count=len(book), ply=book.max_ply, ms=f"{loaded * 1000:.0f}"
        )
    )


def shipped_book() -> BookFile:
    """The opening book the game ships, as the entry points give it to the engine."""
    return BookFile(functools.partial(resources.asset_path, BOOK_FILE))


def _check_settings_file(report: Report) -> None:
    """Save and read back settings, a result and a game in progress, under the file
    lock, in a temporary folder (never the player's file)."""
    from game.choices import Mode  # noqa: PLC0415
    from game.settings import SavedGame, Settings, SettingsStore, Statistics  # noqa: PLC0415

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


# -- assets and the first frame ------------------------------------------------


def _check_assets_and_first_frame(report: Report, started: float) -> None:
    import pygame  # noqa: PLC0415 - only once the dummy drivers are set

    display_was_on = pygame.display.get_init()
    mixer_was_on = pygame.mixer.get_init() is not None
    try:
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode(WINDOW_SIZE)
        pygame.display.set_caption("Connect Four self-test")
        mixer_ok = mixer_was_on or _start_mixer()

        counts: dict[str, int] = {}
        images: list[pygame.Surface] = []
        for relative in resources.ASSET_FILES:
            path = resources.asset_path(relative)
            kind = _load_asset(path, mixer_ok, images)
            counts[kind] = counts.get(kind, 0) + 1

        _draw_frame(surface, images)
        launch, since = _seconds_since_launch(started)

        summary = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) or "none"
        if mixer_ok:
            said = _("assets: {count} loaded ({summary}); sounds through the mixer")
        else:
            said = _("assets: {count} loaded ({summary}); sounds by header (no mixer)")
        report.say(said.format(count=len(resources.ASSET_FILES), summary=summary))
        seconds = f"{launch:.2f}"
        report.say(_("first frame: {seconds} s {since}").format(seconds=seconds, since=since))
    finally:
        if not mixer_was_on and pygame.mixer.get_init() is not None:
            pygame.mixer.quit()
        if not display_was_on:
            pygame.display.quit()


def _start_mixer() -> bool:
    import pygame  # noqa: PLC0415 - see _check_assets_and_first_frame

    try:
        pygame.mixer.init()
    except pygame.error as error:
        log.info("self-test: mixer unavailable under the dummy driver: %s", error)
        return False
    return pygame.mixer.get_init() is not None


def _load_asset(path: Path, mixer_ok: bool, images: list[pygame.Surface]) -> str:
    """Load one asset the way the game would; return its kind for the report.

    Raises :class:`SelfTestFailure` naming the file when it cannot be loaded.
    """
    import pygame  # noqa: PLC0415 - see _check_assets_and_first_frame

    suffix = path.suffix.lower()
    try:
        if suffix in SOUND_SUFFIXES:
            if mixer_ok:
                sound = pygame.mixer.Sound(str(path))
                if sound.get_length() <= 0:
                    raise SelfTestFailure(f"sound {path} is empty")
            else:
                _check_sound_header(path)
            return "sounds"
        if suffix in IMAGE_SUFFIXES:
            image = pygame.image.load(str(path))
            if image.get_width() == 0 or image.get_height() == 0:
                raise SelfTestFailure(f"image {path} has no pixels")
            images.append(image.convert_alpha())
            return "images"
        if suffix in FONT_SUFFIXES:
            font = pygame.font.Font(str(path), 24)
            if font.size("Connect Four")[0] == 0:
                raise SelfTestFailure(f"font {path} renders nothing")
            return "fonts"
        data = path.read_bytes()
        if not data:
            raise SelfTestFailure(f"asset {path} is empty")
        if suffix == ".json":
            json.loads(data)
        return "other files"
    except SelfTestFailure:
        raise
    except (OSError, ValueError, EOFError, wave.Error, pygame.error) as error:
        raise SelfTestFailure(f"cannot load asset {path}: {error}") from error


def _check_sound_header(path: Path) -> None:
    if path.suffix.lower() == ".wav":
        with wave.open(str(path), "rb") as wav:
            if wav.getnframes() == 0:
                raise SelfTestFailure(f"sound {path} has no samples")
        return
    magic = {".ogg": b"OggS", ".flac": b"fLaC"}.get(path.suffix.lower())
    with path.open("rb") as fh:
        head = fh.read(4)
    if not head or (magic is not None and head != magic):
        raise SelfTestFailure(f"sound {path} is not a valid {path.suffix} file")


def _draw_frame(surface: pygame.Surface, images: list[pygame.Surface]) -> None:
    """Draw an empty board, the first image and a caption: one real frame."""
    import pygame  # noqa: PLC0415 - see _check_assets_and_first_frame

    surface.fill((24, 32, 64))
    cell = min(WINDOW_SIZE[0] // (WIDTH + 1), WINDOW_SIZE[1] // (HEIGHT + 2))
    left = (WINDOW_SIZE[0] - cell * WIDTH) // 2
    top = (WINDOW_SIZE[1] - cell * HEIGHT) // 2
    pygame.draw.rect(surface, (30, 80, 200), (left, top, cell * WIDTH, cell * HEIGHT))
    for col in range(WIDTH):
        for row in range(HEIGHT):
            centre = (left + col * cell + cell // 2, top + row * cell + cell // 2)
            pygame.draw.circle(surface, (240, 240, 240), centre, cell * 2 // 5)
    for image in images[:1]:
        surface.blit(image, (8, 8))
    caption = _window_text().render("Connect Four", 32, (255, 255, 255))
    surface.blit(caption, ((WINDOW_SIZE[0] - caption.get_width()) // 2, 8))
    pygame.display.flip()


def _window_text() -> TextCache:
    """The window's text, as the game draws it; raises :class:`SelfTestFailure` if the
    bundled font is not what draws it (the game would fall back to pygame's)."""
    from game.ui.text import TextCache  # noqa: PLC0415 - imports pygame

    text = TextCache()
    text.load()
    problems = [str(error) for error in text.missing] + text.problems
    if problems:
        raise SelfTestFailure(problems[0])
    return text


def _seconds_since_launch(started: float) -> tuple[float, str]:
    """Seconds since the program was launched, and what "launched" means here.

    On Linux the process start time comes from /proc; in a one-file build the
    launch is the start of the bootloader, our parent running the same
    executable, which unpacks the bundle before starting us.  Elsewhere it
    falls back to the start of the self-test.
    """
    try:
        if sys.platform.startswith("linux"):
            now = time.clock_gettime(time.CLOCK_BOOTTIME)
            own = _linux_start_time(os.getpid())
            parent = os.getppid()
            if getattr(sys, "frozen", False) and _same_executable(parent):
                return now - _linux_start_time(parent), _("after the launcher started")
            return now - own, _("after the process started")
    except (OSError, ValueError, IndexError) as error:
        log.info("self-test: process start time unavailable: %s", error)
    return time.perf_counter() - started, _("after the self-test started")


def _linux_start_time(pid: int) -> float:
    """Seconds since boot when ``pid`` started (proc(5): field 22 of stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    # The command name (field 2) may contain spaces: split after its ')'.
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[19]) / os.sysconf("SC_CLK_TCK")


def _same_executable(pid: int) -> bool:
    try:
        return os.readlink(f"/proc/{pid}/exe") == os.readlink("/proc/self/exe")
    except OSError:
        return False


# -- the computer-against-computer game ----------------------------------------


def _check_computer_game(report: Report) -> None:
    worker = AIWorker(book=shipped_book())
    began = time.perf_counter()
    pid: int | None = None
    try:
        worker.start()
        pid = worker.pid
        board = Board()
        while not board.is_over:
            timeout = FIRST_REPLY_TIMEOUT if board.ply == 0 else REPLY_TIMEOUT
            column = _ask_for_move(worker, board.moves, seed=board.ply, timeout=timeout)
            if not board.can_play(column):
                raise SelfTestFailure(
                    f"the computer chose column {column + 1}, illegal after {board.moves!r}"
                )
            board.play(column)
        outcome = board.outcome
        assert outcome is not None
        if outcome.winner is None and board.ply != CELLS:
            raise SelfTestFailure(
                f"the game {board.moves!r} ended as a draw before the board filled"
            )
        if outcome.winner is None:
            said = _(
                "computer game: {count} legal moves at depth {depth}, a draw ({moves}),"
                " {seconds} s"
            )
        else:
            said = _(
                "computer game: {count} legal moves at depth {depth}, won by player {player}"
                " ({moves}), {seconds} s"
            )
        report.say(
            said.format(
                count=board.ply,
                depth=SELF_TEST_DEPTH,
                moves=board.moves,
                seconds=f"{time.perf_counter() - began:.1f}",
                player=(outcome.winner or 0) + 1,
            )
        )
    finally:
        worker.close()
    _check_no_child_left(pid)
    report.say(_("worker: closed, no child process left (it ran as pid {pid})").format(pid=pid))


def _ask_for_move(worker: AIWorker, moves: str, *, seed: int, timeout: float) -> int:
    """The worker's column for ``moves``; raises :class:`SelfTestFailure` on any problem."""
    request = SearchRequest(
        moves=moves, depth=SELF_TEST_DEPTH, time_limit=MOVE_TIME_LIMIT, seed=seed
    )
    request_id = worker.submit(request, kind=RequestKind.MOVE)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        notices = worker.take_notices()
        if notices:
            raise SelfTestFailure(
                _("the worker reported a problem: {notices}").format(notices=" ".join(notices))
            )
        for reply in worker.poll():
            if reply.request_id != request_id:
                raise SelfTestFailure(f"a reply for request {reply.request_id} nobody waits for")
            if reply.error is not None:
                raise SelfTestFailure(
                    _("the worker failed on {moves!r}: {error}").format(
                        moves=moves, error=reply.error
                    )
                )
            if reply.result is None or reply.result.column is None:
                raise SelfTestFailure(f"the worker returned no move for {moves!r}")
            return reply.result.column
        time.sleep(0.005)
    raise SelfTestFailure(
        _("no move from the worker within {seconds} s (position {moves!r})").format(
            seconds=f"{timeout:.0f}", moves=moves
        )
    )


def _check_no_child_left(pid: int | None) -> None:
    live = multiprocessing.active_children()
    if live:
        names = ", ".join(f"{p.name} (pid {p.pid})" for p in live)
        raise SelfTestFailure(f"child processes still running after close(): {names}")
    if pid is not None and os.name == "posix" and _posix_pid_alive(pid):
        raise SelfTestFailure(f"the worker process {pid} is still running after close()")


def _posix_pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(run())
