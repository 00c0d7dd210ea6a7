"""The window's link to the computer player: requests out, typed replies back to whoever asked.

:class:`EngineLink` wraps a worker (:class:`WorkerLike`: the real
:class:`game.ai.worker.AIWorker` in the game, a stand-in in tests and scripts).  A
scene submits a :class:`~game.ai.protocol.SearchRequest` with a kind and itself as
the owner; on each poll the link turns every worker reply into an :class:`Answer` or
a :class:`Failure` and hands it to its owner, if that owner still listens.  The Review
screen submits :class:`~game.ai.protocol.ReviewRequest` objects too
(:meth:`EngineLink.submit_review`), whose values come back as :class:`Reviewed`.  The
worker's notices (a restart, say) go to the player.  No pygame here.
"""

from __future__ import annotations

import functools
import importlib.machinery
import logging
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeAlias

from game import resources
from game.ai.book import BOOK_FILE
from game.ai.kernel_switch import PURE_ENV, forced_pure
from game.ai.protocol import (
    Request,
    RequestKind,
    ReviewRequest,
    ReviewResult,
    SearchRequest,
    SearchResult,
    WorkerReply,
)
from game.i18n import gettext as _

log = logging.getLogger(__name__)

WORKER_NICENESS = 10
"""The worker's scheduling priority (Unix niceness): below the window's."""


class WorkerLike(Protocol):
    """The computer player's handle; every method returns at once."""

    def start(self) -> None: ...
    def submit(self, request: Request, *, kind: RequestKind = RequestKind.MOVE) -> int: ...
    def cancel(self, request_id: int | None = None) -> None: ...
    def poll(self) -> Sequence[WorkerReply]: ...
    def take_notices(self) -> list[str]: ...
    def close(self) -> None: ...
    @property
    def pending_count(self) -> int: ...


def make_worker() -> WorkerLike:
    """The real worker process's handle (nothing starts until ``start`` or ``submit``),
    with the shipped opening book (read by the worker when first needed)."""
    from game.ai.bookshelf import BookFile  # noqa: PLC0415 - keeps multiprocessing out of imports
    from game.ai.worker import AIWorker  # noqa: PLC0415

    return AIWorker(book=BookFile(functools.partial(resources.asset_path, BOOK_FILE)))


def kernel_name() -> str:
    """Which build of the engine kernel the worker runs, in the words of
    :data:`game.ai.backend.KERNEL_NAME`, found without loading either build: the
    window runs no search, and importing the kernel's module costs it about 16 ms.
    The compiled build runs when its extension file lies beside :mod:`game.ai` and
    :data:`PURE_ENV` does not ask for the pure one (a file that exists but does not
    load is the one case this cannot see; the self-test and the log tell it).  Where
    this process has chosen a kernel already, its choice is the answer."""
    chosen = sys.modules.get("game.ai.backend")
    if chosen is not None:
        return str(chosen.KERNEL_NAME)
    if forced_pure():
        return f"pure Python ({PURE_ENV} is set)"
    folder = Path(__file__).resolve().parent.parent / "ai"
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    if any((folder / f"_ckernel{suffix}").is_file() for suffix in suffixes):
        return "compiled"
    return "pure Python (the compiled kernel is not installed)"


@dataclass(frozen=True, slots=True)
class Answer:
    """The engine's result for the request ``request_id`` of ``kind``, about the position
    ``moves``."""

    request_id: int
    kind: RequestKind
    moves: str
    result: SearchResult


@dataclass(frozen=True, slots=True)
class Failure:
    """The engine refused or failed the request; ``error`` says why, for the player."""

    request_id: int
    kind: RequestKind
    moves: str
    error: str


@dataclass(frozen=True, slots=True)
class Reviewed:
    """The value of the position ``moves`` of a game under review, the answer to the
    review request ``request_id``."""

    request_id: int
    moves: str
    result: ReviewResult


Reply: TypeAlias = Answer | Failure


def typed(reply: WorkerReply) -> Reply | Reviewed:
    """The worker's reply (exactly one of result and error set) as an Answer, a Reviewed
    or a Failure."""
    if reply.review is not None and reply.error is None:
        return Reviewed(reply.request_id, reply.moves, reply.review)
    if reply.result is not None and reply.error is None:
        return Answer(reply.request_id, reply.kind, reply.moves, reply.result)
    return Failure(reply.request_id, reply.kind, reply.moves, str(reply.error))


class ReplyOwner(Protocol):
    """Whoever submits a request gets its reply."""

    def handle_reply(self, reply: Reply) -> None: ...


class ReviewOwner(ReplyOwner, Protocol):
    """Whoever submits review requests gets their values (or their failures) here."""

    def handle_review(self, reply: Reviewed | Failure) -> None: ...


class Engine(Protocol):
    """What a scene may do with the computer player."""

    def submit(self, request: SearchRequest, *, kind: RequestKind, owner: ReplyOwner) -> int | None:
        """Ask; the reply goes to ``owner.handle_reply``.  None if the worker refused
        (the player is told)."""
        ...

    def cancel(self, request_id: int) -> None:
        """Stop a request; its reply, if one is on the way, is dropped."""


class ReviewEngine(Engine, Protocol):
    """What the Review screen may do with the computer player: ask as any scene does,
    and ask for the values of a game's positions."""

    def submit_review(self, request: ReviewRequest, *, owner: ReviewOwner) -> int | None:
        """Ask for a position's value; the reply goes to ``owner.handle_review``.  None if
        the worker refused (the player is told)."""
        ...


class EngineLink:
    """The worker, the owner of each request, and the way replies and notices go.

    ``notify`` tells the player a sentence; ``listening`` says whether an owner still
    wants replies (a scene that left the screen does not).
    """

    def __init__(
        self,
        worker: WorkerLike,
        *,
        notify: Callable[[str], None],
        listening: Callable[[ReplyOwner], bool],
    ) -> None:
        self.worker = worker
        self._notify = notify
        self._listening = listening
        self._owners: dict[int, ReplyOwner] = {}
        self._reviewers: dict[int, ReviewOwner] = {}
        self._niced_pid: int | None = None

    def start(self) -> None:
        """Start the worker process (the player is told if it cannot start)."""
        try:
            self.worker.start()
        except Exception as error:
            log.exception("the worker did not start")
            self._notify(_("The computer player could not start ({error}).").format(error=error))
        self._yield_to_frames()

    def close(self) -> None:
        """Cancel everything and stop the worker; never raises."""
        self._owners.clear()
        self._reviewers.clear()
        try:
            self.worker.cancel()
            self.worker.close()
        except Exception:
            log.exception("closing the worker failed")

    def submit(self, request: SearchRequest, *, kind: RequestKind, owner: ReplyOwner) -> int | None:
        """Send ``request``; its reply goes to ``owner.handle_reply``.  None if the
        worker refused (the player is told)."""
        request_id = self._send(request, kind)
        if request_id is not None:
            self._owners[request_id] = owner
        return request_id

    def submit_review(self, request: ReviewRequest, *, owner: ReviewOwner) -> int | None:
        """Send a review ``request``; its reply goes to ``owner.handle_review``."""
        request_id = self._send(request, RequestKind.REVIEW)
        if request_id is not None:
            self._reviewers[request_id] = owner
        return request_id

    def _send(self, request: Request, kind: RequestKind) -> int | None:
        try:
            return self.worker.submit(request, kind=kind)
        except Exception as error:
            log.exception("the worker refused a request")
            self._notify(_("The computer player is not available ({error}).").format(error=error))
            return None

    def cancel(self, request_id: int) -> None:
        """Stop the request; its reply, if one is on the way, is dropped."""
        self._owners.pop(request_id, None)
        self._reviewers.pop(request_id, None)
        try:
            self.worker.cancel(request_id)
        except Exception:
            log.exception("cancelling request %s failed", request_id)

    def poll(self) -> None:
        """Hand every reply that arrived to its owner, and the worker's notices to the
        player.  Never blocks."""
        try:
            replies = self.worker.poll()
            notices = self.worker.take_notices()
        except Exception as error:
            log.exception("polling the worker failed")
            replies, notices = [], [_("The computer player failed ({error}).").format(error=error)]
        for reply in replies:
            self._hand_over(reply)
        for notice in notices:
            # The worker's notices are English (game.ai imports no gettext); the
            # catalogue has them (build_scripts/catalogues.py).
            self._notify(_(notice))
        self._yield_to_frames()  # a restarted worker is a new process

    def _hand_over(self, reply: WorkerReply) -> None:
        """Give ``reply`` to whoever asked, if they still listen."""
        owner = self._owners.pop(reply.request_id, None)
        reviewer = self._reviewers.pop(reply.request_id, None)
        asker = owner if owner is not None else reviewer
        if asker is None or not self._listening(asker):
            log.debug("dropped reply %s (%s)", reply.request_id, reply.kind)
            return
        answer = typed(reply)
        if reviewer is not None and not isinstance(answer, Answer):
            reviewer.handle_review(answer)
        elif owner is not None and not isinstance(answer, Reviewed):
            owner.handle_reply(answer)

    def _yield_to_frames(self) -> None:
        """Lower the worker process's priority (once per process), so that on a busy
        machine the frames come first and the search takes what is left.  Where the
        system has no such call, nothing happens."""
        pid = getattr(self.worker, "pid", None)
        if not isinstance(pid, int) or pid == self._niced_pid:
            return
        self._niced_pid = pid
        setpriority = getattr(os, "setpriority", None)
        if setpriority is None:
            return
        try:
            current = os.getpriority(os.PRIO_PROCESS, pid)
            setpriority(os.PRIO_PROCESS, pid, max(current, WORKER_NICENESS))
        except OSError as error:
            log.info("cannot lower the worker's priority: %s", error)
