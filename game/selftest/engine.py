"""The self-test's engine checks: the kernel in use solves a position exactly, the opening
book loads and answers the first move, and the real worker process plays a whole
computer-against-computer game, then closes and leaves no child process behind.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time

from game.ai.bookshelf import BookFile
from game.ai.protocol import Answered, Refused, SearchRequest, SearchResult
from game.ai.worker import AIWorker
from game.core import CELLS, WIDTH, Board
from game.i18n import gettext as _
from game.selftest.report import Report, SelfTestFailure

SELF_TEST_DEPTH = 2
"""Search depth of both computer players: low, so the game takes a second or two."""

MOVE_TIME_LIMIT = 1.0
"""Seconds each move may take inside the worker."""

FIRST_REPLY_TIMEOUT = 60.0
"""Seconds to wait for the first move: it includes starting the worker process,
which in a one-file build on a slow machine means unpacking and importing."""

REPLY_TIMEOUT = 20.0
"""Seconds to wait for any later move (the time limit plus generous slack)."""


KERNEL_CHECK = ("5554224333234511764415115", 4)
"""A position of the public test set Test_L2_R1 with its exact score (the mover wins)."""


def check_engine_kernel(report: Report) -> None:
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


def check_opening_book(report: Report, shelf: BookFile) -> None:
    """Load the opening book ``shelf`` as the worker does, and answer the first move from
    it."""
    from game.ai.book import OpeningBook  # noqa: PLC0415
    from game.ai.engine import Engine  # noqa: PLC0415

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
            count=len(book), ply=book.last_ply, ms=f"{loaded * 1000:.0f}"
        )
    )


def check_computer_game(report: Report, book: BookFile) -> None:
    """A whole game of the worker process against itself with ``book``: every move legal,
    a win or a full board; then the worker closes and leaves no child behind."""
    worker = AIWorker(book=book)
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
                "computer game: {count} legal moves at depth {depth}, a draw ({moves}), {seconds} s"
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
    request_id = worker.submit(request)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        notices = worker.take_notices()
        if notices:
            said = " ".join(notice.value for notice in notices)
            raise SelfTestFailure(
                _("the worker reported a problem: {notices}").format(notices=said)
            )
        for reply in worker.poll():
            if reply.request_id != request_id:
                raise SelfTestFailure(f"a reply for request {reply.request_id} nobody waits for")
            match reply:
                case Refused(error=error):
                    raise SelfTestFailure(
                        _("the worker failed on {moves!r}: {error}").format(
                            moves=moves, error=error
                        )
                    )
                case Answered(result=SearchResult(column=int() as column)):
                    return column
            raise SelfTestFailure(f"the worker returned no move for {moves!r}: {reply}")
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
