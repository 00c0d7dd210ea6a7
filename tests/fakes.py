"""Stand-ins for driving the window without a worker process or a person.

Tests, the screenshot script (``python -m build_scripts.screenshots``, from the
checkout's root) and the monkey test use these with :meth:`game.ui.app.App.step`;
they are not part of the installed game.

* :class:`FakeWorker` is the game's real handle on the worker
  (:class:`game.ai.client.WorkerClient`: the same messages, ids, stale replies and
  restarts) over :class:`MemoryTransport`, a far end in this process that answers on
  the next :meth:`~FakeWorker.poll` (or only when told to, to hold the computer
  "thinking"), and can be made to crash; its answers come from a function, by
  default a fixed preference for the centre columns, so every test is deterministic
  and instant.
* :func:`make_app` opens the window the UI tests drive (the ``app`` fixture of
  ``tests/conftest.py`` is one).
* :func:`key`, :func:`click` and :func:`motion` make the pygame events a player
  would cause.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

import pygame

from game.ai.client import WorkerClient
from game.ai.judge import PositionValue
from game.ai.protocol import (
    Cancel,
    FromWorker,
    Quit,
    Request,
    Result,
    ReviewRequest,
    ReviewResult,
    SearchRequest,
    SearchResult,
    Submit,
    ToWorker,
)
from game.ai.score import DRAW, Analysis, Score
from game.ai.worker import respond
from game.core import WIDTH, Board
from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.engine_link import EngineLink
from game.ui.options import GameConfig, LaunchOptions
from game.ui.scenes.stack import Play

CENTRE_FIRST = (3, 2, 4, 1, 5, 0, 6)


class _Steppable(Protocol):
    def step(self, events: Iterable[pygame.event.Event], dt: float) -> bool: ...


class _Showing(Protocol):
    @property
    def scene(self) -> object: ...


class _Goes(Protocol):
    def go(self, transition: Play) -> None: ...


def centre_first(request: SearchRequest) -> SearchResult:
    """The first playable column in centre-first order; every playable column draws."""
    board = Board.from_moves(request.moves)
    column = next(c for c in CENTRE_FIRST if board.can_play(c))
    analysis = None
    if request.analyze:
        analysis = Analysis((col, DRAW) for col in range(WIDTH) if board.can_play(col))
    return SearchResult(column=column, score=DRAW, depth=1, nodes=1, time=0.0, analysis=analysis)


def review_by_rules(request: ReviewRequest) -> ReviewResult:
    """A position's value as far as the rules see it: a win with the next stone where
    there is one, else a draw (the best column the most central)."""
    board = Board.from_moves(request.moves)
    win = next((c for c in CENTRE_FIRST if board.can_play(c) and board.is_winning_move(c)), None)
    column = win if win is not None else next(c for c in CENTRE_FIRST if board.can_play(c))
    score = DRAW if win is None else Score.win_now(board.ply)
    line = (column,) if request.line else ()
    value = PositionValue(request.ply, score, column, line)
    return ReviewResult(value=value, nodes=1, time=0.0)


def scripted(columns: Sequence[int]) -> Callable[[SearchRequest], SearchResult]:
    """Answers that play ``columns`` (0-based) in turn for "move" requests, then centre-first."""
    queue = list(columns)

    def answer(request: SearchRequest) -> SearchResult:
        base = centre_first(request)
        if request.analyze or not queue:
            return base
        return SearchResult(
            column=queue.pop(0), score=Score.estimate(0), depth=1, nodes=1, time=0.0
        )

    return answer


class MemoryTransport:
    """The worker's far end in this process, for :class:`FakeWorker`: it keeps what it
    was sent, and answers a request (with ``fake.answer`` or ``fake.review``, through
    the worker's own :func:`~game.ai.worker.respond`) when it is released."""

    def __init__(self, fake: FakeWorker) -> None:
        self._fake = fake
        self.queue: dict[int, Request] = {}
        """The requests received and not answered, by id, in order."""
        self.released: set[int] = set()
        self.extra: list[FromWorker] = []
        self.running = False
        self.exit: str | None = None

    @property
    def pid(self) -> int | None:
        return None

    def open(self) -> None:
        self.running, self.exit = True, None
        self.queue.clear()
        self.released.clear()

    def send(self, message: ToWorker) -> bool:
        if not self.running or self.exit is not None:
            return False
        match message:
            case Submit(request_id=request_id, request=request):
                self.queue[request_id] = request
                self._fake.received(request_id, request)
            case Cancel(request_id=request_id):
                self.queue.pop(request_id, None)
                self.released.discard(request_id)
                self._fake.cancelled.append(request_id)
            case Quit():
                self.running = False
        return True

    def receive(self) -> list[FromWorker]:
        messages, self.extra = self.extra, []
        if self.exit is not None:
            return messages
        for request_id in [rid for rid in self.queue if rid in self.released]:
            request = self.queue.pop(request_id)
            self.released.discard(request_id)
            messages.append(respond(self._answer, Submit(request_id, request), lambda: False))
        return messages

    def _answer(self, request: Request, should_stop: Callable[[], bool]) -> Result:
        if isinstance(request, ReviewRequest):
            return self._fake.review(request)
        return self._fake.answer(request)

    def gone(self) -> str | None:
        return self.exit

    def stop(self, *, graceful: bool) -> None:
        self.running = False


class FakeWorker(WorkerClient):
    """The game's handle on a worker, over a :class:`MemoryTransport`.

    ``answer`` turns a search request into a result, ``review`` a review request (a
    ValueError becomes a refusal, as the engine's would).  With ``auto`` each request
    is answered on the next poll; otherwise only after :meth:`release`.
    ``submitted``, ``reviews`` and ``cancelled`` record what reached the far end, for
    tests to inspect (a request sent again after a crash is recorded again).
    """

    def __init__(
        self,
        answer: Callable[[SearchRequest], SearchResult] = centre_first,
        review: Callable[[ReviewRequest], ReviewResult] = review_by_rules,
        *,
        auto: bool = True,
    ) -> None:
        self.answer = answer
        self.review = review
        self.auto = auto
        self.submitted: list[tuple[int, SearchRequest]] = []
        """The search requests received, with their ids."""
        self.reviews: list[tuple[int, ReviewRequest]] = []
        """The review requests received (``submitted`` has the others)."""
        self.cancelled: list[int] = []
        self.transport = MemoryTransport(self)
        # The far end never hangs: a test holding a request back is not a hung worker.
        super().__init__(self.transport, hang_margin=math.inf)

    @property
    def started(self) -> bool:
        return self.transport.running

    def received(self, request_id: int, request: Request) -> None:
        """The far end got ``request``: recorded, and released at once with ``auto``."""
        if isinstance(request, ReviewRequest):
            self.reviews.append((request_id, request))
        else:
            self.submitted.append((request_id, request))
        if self.auto:
            self.transport.released.add(request_id)

    def release(self) -> None:
        """Let every request received be answered on the next poll."""
        self.transport.released.update(self.transport.queue)

    def pending(self) -> list[tuple[int, SearchRequest]]:
        """The search requests the far end holds unanswered, oldest first."""
        return [
            (rid, request)
            for rid, request in self.transport.queue.items()
            if isinstance(request, SearchRequest)
        ]

    def inject(self, message: FromWorker) -> None:
        """Deliver ``message`` on the next poll, whatever was asked (a stale or foreign
        reply)."""
        self.transport.extra.append(message)

    def crash(self, code: int = -9) -> None:
        """The far end dies (as a killed process would, with exit ``code``): the next
        poll replaces it and sends the requests awaited again."""
        self.transport.exit = f"it exited with code {code}"


class HeldLink(EngineLink):
    """The game's engine link over a :class:`FakeWorker` that answers only when told:
    what a screen's parts are tested with, without a window.  ``said`` keeps what the
    player would have been told."""

    def __init__(self, answer: Callable[[SearchRequest], SearchResult] = centre_first) -> None:
        self.fake = FakeWorker(answer, auto=False)
        self.said: list[str] = []
        super().__init__(self.fake, notify=self.said.append)

    @property
    def asked(self) -> dict[int, SearchRequest]:
        """Every search request the worker received, by id."""
        return dict(self.fake.submitted)

    def hand(self, message: FromWorker) -> None:
        """The worker sends ``message`` (an answer of the test's making); it is polled."""
        self.fake.inject(message)
        self.poll()

    def answer_all(self, rounds: int = 100) -> None:
        """Answer everything asked (and what those answers ask, in turn), with the
        worker's ``answer``."""
        for _ in range(rounds):
            if not self.fake.pending():
                return
            self.fake.release()
            self.poll()
        raise AssertionError(f"still asking after {rounds} rounds of answers")


# -- events -----------------------------------------------------------------------


def key(code: int, *, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    """A key press (KEYDOWN) of ``code`` (``pygame.K_...``) with modifiers ``mod``."""
    return pygame.event.Event(
        pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0, window=None
    )


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """A mouse click at ``pos``: motion there, button down, button up."""
    return [
        motion(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False),
    ]


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    """The mouse moving to ``pos`` (from a pixel beside it: SDL's motion events without
    a movement are not the player's, :meth:`App.handle_event`)."""
    return pygame.event.Event(
        pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0), touch=False
    )


FRAME = 1 / 60


def advance(app: _Steppable, seconds: float, *, dt: float = FRAME) -> None:
    """Run frames without input for ``seconds`` of game time (animations finish,
    fake replies arrive)."""
    for _ in range(max(1, round(seconds / dt))):
        app.step([], dt)


def start_game(app: _Goes, config: GameConfig) -> None:
    """Play ``config`` at once, asking nothing (a game in progress stays kept until this
    game's first move takes its place)."""
    app.go(Play(config, asked=True))


def screen() -> pygame.Surface:
    """The window's surface (the display must be open)."""
    surface = pygame.display.get_surface()
    assert surface is not None, "no window is open"
    return surface


def on_top(app: _Showing) -> object:
    """The scene on top of ``app``, as a plain object: a test that checked its type before
    a step compares it after the step without mypy keeping the earlier narrowing."""
    return app.scene


WINDOW = (800, 600)
"""The window size of the UI tests."""


def make_app(
    worker: FakeWorker | None = None,
    *,
    store: SettingsStore | None = None,
    quiet: bool = True,
    fast: bool = True,
    **settings: object,
) -> App:
    """An open window at :data:`WINDOW` with ``worker`` (a fresh :class:`FakeWorker` by
    default) and ``store`` (the isolated config folder's settings by default).
    ``quiet``: the sound is off; ``fast``: discs fall at the fastest animation speed
    (fewer frames per test); ``settings`` are set before it opens."""
    app = App(
        LaunchOptions(window_size=WINDOW, fullscreen=False),
        worker=worker if worker is not None else FakeWorker(),
        store=store if store is not None else SettingsStore(),
    )
    if quiet:
        app.settings.sound_on = False
    if fast:
        app.settings.animation_speed = 3.0
    for name, value in settings.items():
        setattr(app.settings, name, value)
    app.open()
    return app
