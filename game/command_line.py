"""The game's command line (``python -m game``, the ``connect4`` command, ``connect4-cli``
with a console, or the executable; all through :mod:`game.launch`).

Options (a malformed one is refused with a message on stderr and exit status 2,
before any window opens)::

    --position MOVES   start a game against the computer from MOVES (columns 1-7)
    --level NAME       the computer's level (Beginner ... Perfect) for this run
    --depth D          a custom search depth (1-42) instead of a level
    --fullscreen       open fullscreen
    --windowed WxH     open a window of that size for this run (at least 640x480, at most
                       the screen's size)
    --language CODE    speak this language for this run (de, fr, pt_BR, zh_CN...)
    --self-test        check the installation headless and exit (0 = fine)

pygame is imported only after the options are checked.  The messages (help, errors,
the self-test's report) are in the language ``--language`` names, else the one the
settings choose, else the system's: it is read before the options are.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn

from game import __version__, i18n, logs
from game.ai import kernel_switch
from game.ai.levels import LEVELS, MAX_DEPTH, MIN_DEPTH, Level, custom_level, level_by_name
from game.core import Board
from game.i18n import gettext as _
from game.move_text import moves_in, problem_with
from game.profile.preferences import MAX_WINDOW, MIN_WINDOW
from game.profile.settings import SettingsStore

_SIZE = re.compile(r"\s*([0-9]{1,6})\s*[xX\u00d7]\s*([0-9]{1,6})\s*")
"""``--windowed``'s ``WxH``: ASCII digits only (``\\d`` would take fullwidth digits)."""
_WHOLE = re.compile(r"\s*[+-]?[0-9]{1,30}\s*")
SHOWN_CHARS = 60
"""A refused value is echoed back cut to this many characters (it may be any length)."""


def shown(text: str) -> str:
    """``text`` as a message quotes it: cut to :data:`SHOWN_CHARS`, then an ellipsis."""
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "\u2026"


def position_option(text: str) -> str:
    """``--position``: a legal move string of a game not yet finished (spaces and commas
    between the moves allowed; nothing at all is the empty board), refused in the words
    the Import screen uses."""
    moves = moves_in(text)
    problem = problem_with(text) if moves else None
    if problem is not None:
        raise argparse.ArgumentTypeError(
            _("{moves!r}: {problem}").format(moves=shown(text), problem=problem)
        )
    board = Board.from_moves(moves)
    if board.is_over:
        raise argparse.ArgumentTypeError(
            _("{moves!r}: the game is already over").format(moves=shown(text))
        )
    return board.moves


def depth_option(text: str) -> Level:
    """``--depth``: the custom level of that search depth."""
    limits = {"text": shown(text), "lowest": MIN_DEPTH, "highest": MAX_DEPTH}
    if _WHOLE.fullmatch(text) is None:  # int() would take fullwidth digits and "4_0"
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a whole number (use {lowest}-{highest})").format(**limits)
        )
    depth = int(text)
    try:
        return custom_level(depth)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r}: the depth must be from {lowest} to {highest}").format(**limits)
        ) from None


def level_option(text: str) -> Level:
    """``--level``: a level by name, in any case (ASCII only: int() reads fullwidth digits)."""
    try:
        if not text.isascii():
            raise ValueError(text)
        return level_by_name(text)
    except ValueError:
        names = ", ".join(level.name for level in LEVELS)
        raise argparse.ArgumentTypeError(
            _("unknown level {name!r}: choose one of {names}").format(name=shown(text), names=names)
        ) from None


def language_option(text: str) -> str:
    """``--language``: a code of :data:`game.i18n.LANGUAGES`, in any case, - or _."""
    try:
        return i18n.parse_code(text)
    except i18n.UnknownLanguage:
        choices = ", ".join(f"{code} ({name})" for code, name in i18n.LANGUAGES.items())
        raise argparse.ArgumentTypeError(
            _("unknown language {code!r}: choose one of {choices}").format(
                code=shown(text), choices=choices
            )
        ) from None


def size_option(text: str) -> tuple[int, int]:
    """``--windowed``'s ``WxH``, within the window sizes the game supports."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(
            _("{text!r}: expected WIDTHxHEIGHT, e.g. 1024x768").format(text=shown(text))
        )
    width, height = int(match.group(1)), int(match.group(2))
    if width < MIN_WINDOW[0] or height < MIN_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            _("{text!r}: the window must be at least {width}x{height}").format(
                text=shown(text), width=MIN_WINDOW[0], height=MIN_WINDOW[1]
            )
        )
    if width > MAX_WINDOW[0] or height > MAX_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            _("{text!r}: the window can be at most {width}x{height}").format(
                text=shown(text), width=MAX_WINDOW[0], height=MAX_WINDOW[1]
            )
        )
    return width, height


class _Formatter(argparse.HelpFormatter):
    """argparse's "usage:" in the game's language."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse's own words around a refused option in the game's language: "error",
    the option named before its reason, the options it does not know (the reasons
    themselves are the options' checks', already in it; argparse's few others, such as
    two options that exclude each other, stay its English).  Built with
    ``exit_on_error=False``, so that a refused option comes here as an exception."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        try:
            return super().parse_known_args(args, namespace)
        except argparse.ArgumentError as refused:
            if refused.argument_name is None:
                self.error(refused.message)
            self.error(
                _("argument {name}: {reason}").format(
                    name=refused.argument_name, reason=refused.message
                )
            )

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        parsed, unknown = self.parse_known_args(args, namespace)
        if unknown:
            self.error(_("unrecognized arguments: {words}").format(words=" ".join(unknown)))
        return parsed

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


def build_parser() -> argparse.ArgumentParser:
    """The command line; each option's ``type`` checks its value, so a bad one is
    refused by argparse (usage and the reason on stderr, exit status 2).  The help's
    own words (usage, the options' heading, -h and --version) are the game's too."""
    parser = _Parser(
        prog="connect4",
        description=_("Connect Four against the computer, a friend, or to watch."),
        formatter_class=_Formatter,
        add_help=False,
        exit_on_error=False,
    )
    options = parser.add_argument_group(_("options"))
    options.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    options.add_argument(
        "--position",
        metavar="MOVES",
        type=position_option,
        help=_(
            "start a game against the computer from this position: the columns played so"
            " far, 1-7, e.g. 4453 (you play the side to move)"
        ),
    )
    strength = options.add_mutually_exclusive_group()
    strength.add_argument(
        "--level",
        metavar="NAME",
        type=level_option,
        help=_("the computer's level: {names}").format(
            names=", ".join(level.name for level in LEVELS)
        ),
    )
    strength.add_argument(
        "--depth",
        metavar="D",
        dest="level",
        type=depth_option,
        help=_("a custom search depth, {lowest}-{highest}").format(
            lowest=MIN_DEPTH, highest=MAX_DEPTH
        ),
    )
    window = options.add_mutually_exclusive_group()
    window.add_argument("--fullscreen", action="store_true", help=_("open fullscreen"))
    window.add_argument(
        "--windowed",
        metavar="WxH",
        type=size_option,
        help=_("open a window of this size, e.g. 1024x768"),
    )
    options.add_argument(
        "--language",
        metavar="CODE",
        type=language_option,
        help=_("the game's language for this run: {codes} (default: the settings')").format(
            codes=", ".join(i18n.LANGUAGES)
        ),
    )
    options.add_argument(
        "--self-test",
        action="store_true",
        help=_("check that the game works (assets, window, computer player) and exit"),
    )
    options.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=_("show the version and exit"),
    )
    return parser


def _warn_if_the_kernel_is_missing() -> None:
    """One line on stderr (and in the log) when the compiled engine kernel was not built.
    Its file is looked for first: loading the kernel to be sure costs the window's start
    about 16 ms, and is done only when the file is missing."""
    if kernel_switch.forced_pure() or kernel_switch.compiled_kernel_installed():
        return
    from game.ai.backend import missing_kernel_warning  # noqa: PLC0415

    warning = missing_kernel_warning()
    if warning is not None:
        logging.getLogger(__name__).warning(warning)
        said = _(
            "warning: the compiled engine kernel is not installed (no C compiler at install"
            " time?): the computer plays the same moves, but thinks much more slowly"
        )
        print(said, file=sys.stderr)


def speak(argv: list[str]) -> None:
    """Speak the language of ``--language`` if ``argv`` names a good one, else the
    settings', else the system's, before the options are read (their help and errors
    are in it).  A bad ``--language`` is refused by the parser itself."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    early.add_argument("--language")
    try:
        known, _rest = early.parse_known_args(argv)
        requested = i18n.parse_code(known.language) if known.language else None
    except (argparse.ArgumentError, i18n.UnknownLanguage):  # the parser says what is wrong
        requested = None
    try:
        saved = SettingsStore().saved_language()
    except Exception:  # the settings folder itself may be unusable; the window says so
        saved = i18n.SYSTEM
    i18n.use(i18n.choose(requested, saved))


def main(argv: list[str] | None = None) -> int:
    """Run the game (or the self-test); returns the exit status.

    Exits with status 2 (``SystemExit``) for a malformed option, before pygame
    is imported.
    """
    arguments = sys.argv[1:] if argv is None else argv
    logs.guard_std_streams()
    speak(arguments)
    args = build_parser().parse_args(arguments)
    if args.self_test:
        from game import selftest  # noqa: PLC0415 - loads pygame and the worker

        return selftest.run()

    logs.setup_logging()
    _warn_if_the_kernel_is_missing()
    from game.ui import LaunchOptions, run  # noqa: PLC0415 - pygame only once the options are good

    size = args.windowed
    fullscreen = True if args.fullscreen else (False if size is not None else None)
    options = LaunchOptions(
        position=args.position,
        level=args.level,
        fullscreen=fullscreen,
        window_size=size,
        language=args.language,
        arguments=tuple(arguments),
    )
    return run(options)
