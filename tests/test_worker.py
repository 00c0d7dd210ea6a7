"""The real worker process: requests, cancellation, stale replies, crashes, hangs, shutdown.

These start real processes (spawn), so each test takes a fraction of a second to
a few seconds.  Deadlines below are generous timeouts for a loaded machine, not
speed assertions: the behaviour checked is that an answer comes at all, and that
it is the right one.
"""

from __future__ import annotations

import functools
import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import resources
from game.ai.book import BOOK_FILE
from game.ai.bookshelf import BookFile
from game.ai.client import HANG_MARGIN, MAX_ATTEMPTS, Notice, WorkerClient
from game.ai.levels import MAX_DEPTH
from game.ai.protocol import (
    Answered,
    Refused,
    Reply,
    ReviewRequest,
    ReviewResult,
    SearchRequest,
    SearchResult,
)
from game.ai.score import Score
from game.ai.worker import AIWorker
from game.core import Board
from game.ui.engine_link import make_worker

ROOT = Path(__file__).resolve().parent.parent
DEADLINE = 30.0
"""Seconds to wait for a reply before the test fails (a hung test is worse)."""

LONG_SEARCH = SearchRequest(moves="", depth=None, time_limit=60.0, use_book=False)
"""A search that would run for a minute unless stopped: Perfect from the empty board."""

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="uses POSIX signals to crash and freeze the worker"
)


@pytest.fixture
def worker() -> Iterator[AIWorker]:
    handle = AIWorker()
    handle.start()
    yield handle
    handle.close()


def wait_for_replies(worker: WorkerClient, count: int = 1) -> list[Reply]:
    replies: list[Reply] = []
    deadline = time.monotonic() + DEADLINE
    while len(replies) < count:
        if time.monotonic() > deadline:
            pytest.fail(f"no reply from the worker within {DEADLINE} s (got {replies})")
        replies.extend(worker.poll())
        time.sleep(0.005)
    return replies


def found(reply: Reply) -> SearchResult:
    """The search result ``reply`` carries (the test fails on anything else)."""
    assert isinstance(reply, Answered) and isinstance(reply.result, SearchResult), reply
    return reply.result


def process_gone(pid: int) -> bool:
    """True once ``pid`` has exited (a zombie nobody reaped counts as exited)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False
    return "\nState:\tZ" in status


def wait_until_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process_gone(pid):
            return True
        time.sleep(0.02)
    return process_gone(pid)


def test_a_request_comes_back_as_a_legal_column(worker: AIWorker) -> None:
    request_id = worker.submit(SearchRequest(moves="4453", depth=4, seed=1))
    assert worker.pending_count == 1
    [reply] = wait_for_replies(worker)
    assert reply.request_id == request_id
    column = found(reply).column
    assert column is not None and Board.from_moves("4453").can_play(column)
    assert worker.pending_count == 0


def test_the_computer_takes_a_win_and_answers_analysis(worker: AIWorker) -> None:
    # Player one has three in column 1 and wins by playing it again.
    worker.submit(SearchRequest(moves="121212", depth=2))
    # Solving every other column exactly takes long in pure Python: the time budget
    # makes the worker fall back to its depth-limited scores for those.
    analysis_request = SearchRequest(moves="121212", depth=None, time_limit=1.0, analyze=True)
    worker.submit(analysis_request)
    move, analysis = wait_for_replies(worker, 2)
    assert found(move).column == 0
    scores = found(analysis).analysis
    assert scores is not None and len(scores) == 7
    # Column 1 wins at once for the side to move: 22 - 4 stones.
    assert scores[0] == Score.exact(18)
    assert found(analysis).column == 0


def test_replies_come_in_submission_order(worker: AIWorker) -> None:
    ids = [worker.submit(SearchRequest(moves=moves, depth=2)) for moves in ("4", "44", "444")]
    replies = wait_for_replies(worker, 3)
    assert [reply.request_id for reply in replies] == ids
    assert all(isinstance(reply, Answered) for reply in replies)


def test_an_illegal_position_gets_an_error_reply_and_the_worker_goes_on(
    worker: AIWorker,
) -> None:
    bad = worker.submit(SearchRequest(moves="4444444", depth=2))
    good = worker.submit(SearchRequest(moves="4", depth=2))
    first, second = wait_for_replies(worker, 2)
    assert first.request_id == bad and isinstance(first, Refused)
    assert "column 4" in first.error and not first.crashed
    assert second.request_id == good and found(second).column is not None
    assert worker.restarts == 0


def test_a_review_request_gets_the_positions_value_and_line(worker: AIWorker) -> None:
    game = "2252576253462244111563365343671351441"  # Test_L3_R1's first game: -1 at its end
    asked = [
        worker.submit(ReviewRequest(game=game, ply=len(game), line=4)),
        worker.submit(ReviewRequest(game=game, ply=len(game) + 1)),
    ]
    answer, refused = wait_for_replies(worker, 2)
    assert [answer.request_id, refused.request_id] == asked
    assert isinstance(answer, Answered) and isinstance(answer.result, ReviewResult)
    value = answer.result.value
    assert value.score == Score.exact(-1)
    assert value.line and value.column == value.line[0]
    assert isinstance(refused, Refused) and refused.error


def test_cancel_stops_a_deep_search_and_the_next_request_is_answered(worker: AIWorker) -> None:
    deep = worker.submit(LONG_SEARCH)
    time.sleep(0.3)  # let the search get going
    worker.cancel(deep)
    quick = worker.submit(SearchRequest(moves="4", depth=1))
    # Without the cancel the worker would be busy for a minute and this would time out.
    [reply] = wait_for_replies(worker)
    assert reply.request_id == quick
    assert worker.restarts == 0


def test_cancel_all_drops_every_pending_request(worker: AIWorker) -> None:
    for moves in ("", "4", "44"):
        worker.submit(SearchRequest(moves=moves, depth=None, time_limit=60.0, use_book=False))
    assert worker.pending_count == 3
    worker.cancel()
    assert worker.pending_count == 0
    quick = worker.submit(SearchRequest(moves="1", depth=1))
    [reply] = wait_for_replies(worker)
    assert reply.request_id == quick


def test_a_stale_result_is_dropped(worker: AIWorker) -> None:
    stale = worker.submit(SearchRequest(moves="4", depth=1))
    time.sleep(1.0)  # the answer is now waiting in the pipe, unread
    worker.cancel(stale)
    fresh = worker.submit(SearchRequest(moves="44", depth=1))
    replies = wait_for_replies(worker)
    time.sleep(0.2)
    replies += worker.poll()
    assert [reply.request_id for reply in replies] == [fresh]


def test_killing_the_worker_mid_search_recovers_and_tells_the_player(worker: AIWorker) -> None:
    first_pid = worker.pid
    assert first_pid is not None
    request_id = worker.submit(SearchRequest(moves="", depth=MAX_DEPTH, time_limit=1.0))
    time.sleep(0.3)
    os.kill(first_pid, signal.SIGKILL)
    [reply] = wait_for_replies(worker)
    assert reply.request_id == request_id
    assert found(reply).column is not None
    assert worker.pid != first_pid
    assert worker.restarts == 1
    assert worker.take_notices() == [Notice.RESTARTED]
    assert worker.take_notices() == []


def test_a_hung_worker_is_replaced(worker: AIWorker) -> None:
    worker.hang_margin = 0.5
    frozen_pid = worker.pid
    assert frozen_pid is not None
    time.sleep(0.5)  # let it finish starting before freezing it
    os.kill(frozen_pid, signal.SIGSTOP)
    try:
        request_id = worker.submit(SearchRequest(moves="4", depth=2, time_limit=0.5))
        replies: list[Reply] = []
        deadline = time.monotonic() + DEADLINE
        while worker.restarts == 0 and time.monotonic() < deadline:
            replies += worker.poll()
            time.sleep(0.005)
        # The new process gets the usual margin to start (a loaded machine takes a while).
        worker.hang_margin = HANG_MARGIN
        [reply] = replies or wait_for_replies(worker)
    finally:
        if not process_gone(frozen_pid):
            os.kill(frozen_pid, signal.SIGKILL)
    assert reply.request_id == request_id and found(reply).column is not None
    assert worker.take_notices() == [Notice.HUNG]
    assert wait_until_gone(frozen_pid, 5.0), "the frozen worker was left behind"


def test_a_request_that_keeps_killing_the_worker_gets_an_error(worker: AIWorker) -> None:
    request_id = worker.submit(LONG_SEARCH)
    replies: list[Reply] = []
    deadline = time.monotonic() + DEADLINE
    while not replies and time.monotonic() < deadline:
        pid = worker.pid
        time.sleep(0.3)
        if pid is not None and worker.pid == pid and not process_gone(pid):
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.1)
        replies = worker.poll()
    [reply] = replies
    assert reply.request_id == request_id and isinstance(reply, Refused) and reply.crashed
    assert Notice.GAVE_UP in worker.take_notices()
    # The worker still answers the next request.
    quick = worker.submit(SearchRequest(moves="4", depth=1))
    [answer] = wait_for_replies(worker)
    assert answer.request_id == quick and found(answer).column is not None


def test_the_log_file_the_give_up_notice_points_to_says_why_the_worker_died(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    handle = AIWorker()
    try:
        # Not a move string: the search raises a TypeError-like crash, not a refusal.
        crasher = SearchRequest(moves=None)  # type: ignore[arg-type]
        request_id = handle.submit(crasher)
        [reply] = wait_for_replies(handle)
        assert reply.request_id == request_id and isinstance(reply, Refused) and reply.crashed
        assert Notice.GAVE_UP in handle.take_notices()
    finally:
        handle.close()
    worker_records = [r for r in caplog.records if r.processName == "connect4-ai"]
    crashes = [r for r in worker_records if "the search of None failed" in r.getMessage()]
    assert len(crashes) == MAX_ATTEMPTS, [r.getMessage() for r in worker_records]
    assert all("Traceback" in r.getMessage() for r in crashes)
    assert all(r.name == "game.ai.worker" and r.levelno == logging.ERROR for r in crashes)


def test_the_game_s_worker_loads_nothing_of_the_window(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    handle = make_worker()  # as the game makes it: the shipped book, found by game.resources
    try:
        handle.submit(SearchRequest(moves="", time_limit=3.0))  # Perfect: the book is read
        [reply] = wait_for_replies(handle)
        assert found(reply).from_book
    finally:
        handle.close()
    [said] = [
        record.getMessage()
        for record in caplog.records
        if record.processName == "connect4-ai" and "modules it loaded" in record.getMessage()
    ]
    loaded = set(said.split(": ", 1)[1].split())
    assert {"game.ai.engine", "game.ai.bookshelf", "game.core"} <= loaded
    assert not loaded & {"game.resources", "game.i18n", "game.profile.settings"}, sorted(loaded)
    assert not [name for name in loaded if name.startswith("game.ui")]


@pytest.mark.parametrize("damage", ["missing", "damaged"])
def test_a_worker_without_its_book_says_so_at_once_and_once(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "book.bin"
    if damage == "damaged":
        path.write_bytes(b"not a book at all")
    handle = AIWorker(book=BookFile.at(path))
    try:
        # Perfect from the empty board: without the book, about ten seconds of search.
        first = handle.submit(SearchRequest(moves="", time_limit=60.0))
        replies: list[Reply] = []
        deadline = time.monotonic() + DEADLINE
        while not (notices := handle.take_notices()) and time.monotonic() < deadline:
            replies += handle.poll()
            time.sleep(0.01)
        assert notices == [Notice.NO_BOOK]
        assert replies == [] and handle.pending_count == 1  # told before the search ends
        handle.cancel(first)
        quick = handle.submit(SearchRequest(moves="4", time_limit=1.0, analyze=True))
        [reply] = wait_for_replies(handle)
        assert reply.request_id == quick and found(reply).analysis is not None
        assert handle.take_notices() == []  # once
    finally:
        handle.close()


def test_closing_leaves_no_child_process() -> None:
    handle = AIWorker()
    handle.submit(LONG_SEARCH)
    time.sleep(0.3)
    pid = handle.pid
    assert pid is not None
    handle.close()
    assert multiprocessing.active_children() == []
    assert process_gone(pid)
    handle.close()  # twice is fine
    with pytest.raises(RuntimeError, match="closed"):
        handle.submit(SearchRequest(moves="4", depth=1))


ORPHAN_SCRIPT = textwrap.dedent(
    """
    import sys, time
    from game.ai.protocol import SearchRequest
    from game.ai.worker import AIWorker

    if __name__ == "__main__":
        worker = AIWorker()
        worker.submit(SearchRequest(moves="", depth=None, time_limit=600.0, use_book=False))
        while worker.pid is None:
            time.sleep(0.01)
        print(worker.pid, flush=True)
        time.sleep(600)
    """
)


def test_the_worker_exits_by_itself_when_the_game_process_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "orphan.py"
    script.write_text(ORPHAN_SCRIPT)
    game = subprocess.Popen(
        [sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert game.stdout is not None
        worker_pid = int(game.stdout.readline())
        time.sleep(1.0)  # the worker is now searching
        assert not process_gone(worker_pid)
        game.kill()
        game.wait()
        assert wait_until_gone(worker_pid, 10.0), "the orphaned worker kept running"
    finally:
        game.kill()
        game.wait()


MEMORY_LIMIT = 150 * 2**20
"""What the worker process may hold at its peak, tables, book and interpreter all in
(issue 23): the engine's tables are 18 MiB of it."""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc/<pid>/status")
def test_the_worker_stays_under_its_memory_limit() -> None:
    handle = AIWorker(book=BookFile(functools.partial(resources.asset_path, BOOK_FILE)))
    try:
        # A book move, an analysis (depth search and solver), a deep search: every table
        # and the book in use.
        handle.submit(SearchRequest(moves="", time_limit=3.0))
        handle.submit(SearchRequest(moves="44", time_limit=1.0, analyze=True, use_book=False))
        handle.submit(SearchRequest(moves="4453", depth=MAX_DEPTH, time_limit=1.0))
        replies = wait_for_replies(handle, 3)
        assert found(replies[0]).from_book
        assert all(found(reply).column is not None for reply in replies)
        status = Path(f"/proc/{handle.pid}/status").read_text()
    finally:
        handle.close()
    peak = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
    peak_bytes = int(peak.split()[1]) * 1024
    assert peak_bytes < MEMORY_LIMIT, peak
