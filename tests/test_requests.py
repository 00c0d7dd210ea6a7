"""The way a request goes and its reply comes back, without a process: the worker's
handle (:class:`game.ai.client.WorkerClient`) over the in-memory transport, the engine
link's owner map, and the tracker every screen asks through
(:class:`game.ui.requests.Requests`).  The same code runs over the real pipe in the game
(tests/test_worker.py)."""

from __future__ import annotations

from game.ai.client import MAX_ATTEMPTS, Notice, WorkerClient
from game.ai.protocol import (
    Answered,
    BookMissing,
    Refused,
    Reply,
    ReviewRequest,
    SearchRequest,
    SearchResult,
)
from game.ai.score import DRAW
from game.ui.engine_link import notice_text
from game.ui.requests import Asked, RequestKind, Requests
from tests.fakes import FakeWorker, HeldLink, MemoryTransport

MOVE, ANALYSIS, REVIEW = RequestKind.MOVE, RequestKind.ANALYSIS, RequestKind.REVIEW


def found(column: int) -> SearchResult:
    return SearchResult(column=column, score=DRAW, depth=1, nodes=1, time=0.0)


class Receiver:
    """A screen's part that keeps every reply it is handed."""

    def __init__(self) -> None:
        self.got: list[tuple[Asked, Reply]] = []

    def __call__(self, asked: Asked, reply: Reply) -> None:
        self.got.append((asked, reply))


# -- the tracker and the link's owner map ---------------------------------------------


def test_a_reply_comes_back_once_with_what_it_was_asked_for() -> None:
    link, screen = HeldLink(), Receiver()
    requests = Requests(link, screen)
    assert requests.ask(ANALYSIS, SearchRequest(moves="4", analyze=True))
    assert requests.waits_for(ANALYSIS) and requests.waits_for(ANALYSIS, "4")
    assert not requests.waits_for(ANALYSIS, "44") and not requests.waits_for(MOVE)
    assert list(link.owners) == [1]
    link.answer_all()
    [(asked, reply)] = screen.got
    assert asked == Asked(ANALYSIS, SearchRequest(moves="4", analyze=True)) and asked.moves == "4"
    assert isinstance(reply, Answered) and reply.request_id == 1
    assert not requests.waits_for(ANALYSIS) and link.owners == {}
    link.hand(Answered(1, found(2)))  # the same reply again: nobody awaits it
    assert len(screen.got) == 1


def test_cancelling_a_kind_leaves_the_others_and_its_late_reply_is_dropped() -> None:
    link, screen = HeldLink(), Receiver()
    requests = Requests(link, screen)
    requests.ask(ANALYSIS, SearchRequest(moves="4", analyze=True))
    requests.ask(MOVE, SearchRequest(moves="4"))
    requests.cancel(ANALYSIS)
    assert link.fake.cancelled == [1] and list(link.owners) == [2]
    assert [asked.kind for asked in requests.awaited()] == [MOVE]
    link.hand(Answered(1, found(3)))  # the analysis's answer was already on its way
    assert screen.got == []
    link.answer_all()
    assert [asked.kind for asked, _ in screen.got] == [MOVE]
    requests.ask(REVIEW, ReviewRequest(game="4444", ply=2))
    requests.cancel()  # the screen leaves
    assert link.fake.cancelled == [1, 3] and list(requests.awaited()) == [] and link.owners == {}


def test_each_asker_gets_only_its_own_replies_through_one_link() -> None:
    link, screen, player = HeldLink(), Receiver(), Receiver()
    advice, moves = Requests(link, screen), Requests(link, player)
    advice.ask(ANALYSIS, SearchRequest(moves="", analyze=True))
    moves.ask(MOVE, SearchRequest(moves=""))
    link.answer_all()
    assert [asked.kind for asked, _ in screen.got] == [ANALYSIS]
    assert [asked.kind for asked, _ in player.got] == [MOVE]


def test_a_request_the_worker_cannot_take_is_not_awaited_and_the_player_is_told() -> None:
    link, screen = HeldLink(), Receiver()
    link.fake.close()
    requests = Requests(link, screen)
    assert not requests.ask(MOVE, SearchRequest(moves=""))
    assert list(requests.awaited()) == [] and link.owners == {}
    assert link.said and "not available" in link.said[0]


def test_the_engine_s_refusal_reaches_the_asker_as_sent() -> None:
    def refuse(request: SearchRequest) -> SearchResult:
        raise ValueError(f"no move in {request.moves!r}")

    link, screen = HeldLink(refuse), Receiver()
    Requests(link, screen).ask(MOVE, SearchRequest(moves="1"))
    link.answer_all()
    [(_, reply)] = screen.got
    assert reply == Refused(1, "no move in '1'")


# -- the worker's handle over the in-memory transport ----------------------------------


def test_a_dead_worker_is_replaced_and_asked_again_then_the_request_is_refused() -> None:
    worker = FakeWorker(auto=False)
    first = worker.submit(SearchRequest(moves="4"))
    second = worker.submit(SearchRequest(moves="44"))
    for attempt in range(1, MAX_ATTEMPTS):
        worker.crash()
        assert worker.poll() == []
        assert worker.take_notices() == [Notice.RESTARTED] and worker.restarts == attempt
        assert [rid for rid, _ in worker.pending()] == [first, second]  # sent again
    worker.crash()  # the third time on the same request: it is the one that kills it
    [reply] = worker.poll()
    assert reply.request_id == first and isinstance(reply, Refused) and reply.crashed
    assert worker.take_notices() == [Notice.GAVE_UP]
    assert [rid for rid, _ in worker.pending()] == [second] and worker.pending_count == 1
    worker.release()
    [answer] = worker.poll()
    assert answer.request_id == second and isinstance(answer, Answered)


def test_a_worker_that_dies_with_nothing_asked_is_replaced_without_thinking_again() -> None:
    worker = FakeWorker(auto=False)
    asked = worker.submit(SearchRequest(moves="4"))
    worker.cancel(asked)  # the screen is done with it: nothing is pending
    worker.crash()
    assert worker.poll() == [] and worker.restarts == 1
    assert worker.take_notices() == [Notice.RESTARTED_IDLE]  # not "it is thinking again"
    assert notice_text(Notice.RESTARTED_IDLE) == (
        "The computer player stopped unexpectedly and was restarted."
    )


def test_a_silent_worker_counts_as_hung_after_its_budget_and_the_margin() -> None:
    now = [100.0]
    far_end = FakeWorker()  # only to make the transport; the client below is the one tested
    transport = MemoryTransport(far_end)
    worker = WorkerClient(transport, hang_margin=2.0, clock=lambda: now[0])
    worker.submit(SearchRequest(moves="4", depth=2, time_limit=1.0))
    now[0] += 2.9
    assert worker.poll() == [] and worker.take_notices() == []
    now[0] += 0.2  # 3.1 s: past 1 s of budget and 2 s of margin
    assert worker.poll() == [] and worker.take_notices() == [Notice.HUNG]
    assert list(transport.queue) == [1]  # the new far end was asked again


def test_a_cancelled_request_s_answer_is_dropped_by_the_worker_s_handle() -> None:
    worker = FakeWorker(auto=False)
    stale = worker.submit(SearchRequest(moves="4"))
    fresh = worker.submit(SearchRequest(moves="44"))
    worker.cancel(stale)
    worker.inject(Answered(stale, found(3)))  # it crossed the cancel on the pipe
    worker.release()
    assert [reply.request_id for reply in worker.poll()] == [fresh]
    assert worker.pending_count == 0 and worker.cancelled == [stale]


def test_a_worker_without_its_book_is_said_in_the_window_once() -> None:
    link = HeldLink()
    link.start()
    link.hand(BookMissing("no such file: book.bin"))
    link.hand(BookMissing("no such file: book.bin"))  # a restarted worker says it again
    assert link.said == [notice_text(Notice.NO_BOOK)]
    assert "opening book" in link.said[0]
