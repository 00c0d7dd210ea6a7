"""Stand-ins for driving the window without a worker process or a person.

Tests, the screenshot script (``python -m build_scripts.screenshots``, from the
checkout's root) and the monkey test use these with :meth:`game.ui.app.App.step`;
they are not part of the installed game.

* :class:`FakeWorker` has the worker's API and answers in-process on the next
  :meth:`~FakeWorker.poll` (or only when told to, to hold the computer
  "thinking"); its answers come from a function, by default a fixed preference
  for the centre columns, so every test is deterministic and instant.
* :func:`make_app` opens the window the UI tests drive (the ``app`` fixture of
  ``tests/conftest.py`` is one).
* :func:`key`, :func:`click` and :func:`motion` make the pygame events a player
  would cause.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.ai.judge import PositionValue
from game.ai.protocol import (
    Request,
    RequestKind,
    Result,
    ReviewRequest,
    ReviewResult,
    SearchRequest,
    SearchResult,
    WorkerReply,
)
from game.ai.score import DRAW, Analysis, Score
from game.core import WIDTH, Board
from game.profile.settings import SettingsStore
from game.ui.app import App
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


@dataclass
class FakeWorker:
    """The worker's API, answered in-process.

    ``answer`` turns a request into a result (an exception becomes an error
    reply, as the engine's refusal would).  With ``auto`` each request is
    answered on the next poll; otherwise only after :meth:`release`.
    ``submitted`` and ``cancelled`` record the calls for tests to inspect.
    """

    answer: Callable[[SearchRequest], SearchResult] = centre_first
    review: Callable[[ReviewRequest], ReviewResult] = review_by_rules
    auto: bool = True
    submitted: list[tuple[int, RequestKind, SearchRequest]] = field(default_factory=list)
    reviews: list[tuple[int, ReviewRequest]] = field(default_factory=list)
    """The review requests submitted (``submitted`` has the others)."""
    cancelled: list[int | None] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    started: bool = False
    closed: bool = False
    _pending: dict[int, tuple[RequestKind, Request]] = field(default_factory=dict)
    _released: set[int] = field(default_factory=set)
    _extra: list[WorkerReply] = field(default_factory=list)
    _next_id: int = 1

    @property
    def pending_count(self) -> int:
        return len(self._pending)

    def start(self) -> None:
        self.started = True

    def submit(self, request: Request, *, kind: RequestKind = RequestKind.MOVE) -> int:
        self.started = True
        request_id = self._next_id
        self._next_id += 1
        self._pending[request_id] = (kind, request)
        if isinstance(request, ReviewRequest):
            self.reviews.append((request_id, request))
        else:
            self.submitted.append((request_id, kind, request))
        if self.auto:
            self._released.add(request_id)
        return request_id

    def cancel(self, request_id: int | None = None) -> None:
        self.cancelled.append(request_id)
        ids = list(self._pending) if request_id is None else [request_id]
        for rid in ids:
            self._pending.pop(rid, None)
            self._released.discard(rid)

    def release(self) -> None:
        """Let every pending request be answered on the next poll."""
        self._released.update(self._pending)

    def pending(self) -> list[tuple[int, str, SearchRequest]]:
        """The search requests without a reply yet, oldest first."""
        return [
            (rid, kind, request)
            for rid, (kind, request) in self._pending.items()
            if isinstance(request, SearchRequest)
        ]

    def inject(self, reply: WorkerReply) -> None:
        """Deliver ``reply`` on the next poll, whatever was asked (a stale or foreign reply)."""
        self._extra.append(reply)

    def poll(self) -> list[WorkerReply]:
        replies: list[WorkerReply] = list(self._extra)
        self._extra.clear()
        for request_id in [rid for rid in self._pending if rid in self._released]:
            kind, request = self._pending.pop(request_id)
            self._released.discard(request_id)
            try:
                result: Result = (
                    self.review(request)
                    if isinstance(request, ReviewRequest)
                    else self.answer(request)
                )
            except ValueError as error:
                replies.append(WorkerReply(request_id, kind, request.moves, None, str(error)))
            else:
                replies.append(WorkerReply.answering(request_id, kind, request.moves, result))
        return replies

    def take_notices(self) -> list[str]:
        notices, self.notices = self.notices, []
        return notices

    def close(self) -> None:
        self.closed = True
        self._pending.clear()


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
    """The mouse moving to ``pos``."""
    return pygame.event.Event(
        pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False
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
