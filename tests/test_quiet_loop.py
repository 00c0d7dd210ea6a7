"""The quiet loop: the window draws while something moves, waits otherwise, wakes for
input, replies and timers, and draws nothing while minimised; and the sound that is
honest about a missing device.  Driven with a fake clock and scripted events: what
the loop asks for is checked, never how long anything took."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.levels import level_by_name
from game.profile.choices import Starter
from game.profile.settings import SettingsStore
from game.ui.animation import PULSE_SECONDS, WIN_BREATHS, pulse, win_breathing, win_wave
from game.ui.app import App
from game.ui.late_worker import LateWorker
from game.ui.notices import FADE_SECONDS
from game.ui.options import GameConfig, LaunchOptions, Mode
from game.ui.pacing import EVERY_FRAME, MAX_WAIT, Loop, soonest
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.stack import Go
from game.ui.sounds import no_device_sentence, stderr_to_log
from game.ui.waiting import ReplyBell, SdlEvents
from tests.fakes import FRAME, FakeWorker, click, key, motion, start_game

SIZE = (800, 600)
DEADLINE = 10.0
"""The longest a test waits for another thread (it fails after that)."""


class FakeClock:
    """Time that passes only when the loop sleeps or waits."""

    def __init__(self) -> None:
        self.time = 100.0

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.time += max(0.0, seconds)


class ScriptedEvents:
    """Events the loop waits for: ``script`` holds what each wait returns (an empty
    list: the wait times out, its whole timeout passing on ``clock``)."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.script: list[list[pygame.event.Event]] = []
        self.waits: list[float] = []
        self.gets = 0

    def wait(self, timeout: float) -> list[pygame.event.Event]:
        self.waits.append(timeout)
        if self.script and self.script[0]:
            return self.script.pop(0)
        if self.script:
            self.script.pop(0)
        self.clock.time += timeout
        return []

    def get(self) -> list[pygame.event.Event]:
        self.gets += 1
        return []


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = App(
        LaunchOptions(window_size=SIZE, fullscreen=False),
        worker=FakeWorker(),
        store=SettingsStore(tmp_path / "settings.json"),
    )
    app.settings.sound_on = False
    app.open()
    app.step([], 0.0)
    yield app
    app.close()


def looping(app: App) -> tuple[Loop, ScriptedEvents, FakeClock]:
    clock = FakeClock()
    events = ScriptedEvents(clock)
    loop = Loop(app, events, fps=60, max_dt=0.1, clock=clock)
    loop.start()
    return loop, events, clock


def play(app: App, mode: Mode = Mode.VS_COMPUTER, starter: Starter = Starter.YOU) -> PlayScene:
    start_game(app, GameConfig(mode=mode, level=level_by_name("Hard"), starter=starter))
    app.step([], FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


# -- waiting and drawing -------------------------------------------------------------


def test_soonest_is_the_earliest_due_and_none_when_nothing_is() -> None:
    assert soonest(None, None) is None
    assert soonest(None, 2.0, 0.5) == 0.5
    assert soonest(-1.0, 3.0) == 0.0


def test_at_the_menu_the_loop_waits_and_draws_nothing(app: App) -> None:
    loop, events, _clock = looping(app)
    assert app.next_frame_in() is None
    drawn = app.frames_drawn
    for _ in range(5):
        loop.turn()
    assert events.waits == [MAX_WAIT] * 5
    assert app.frames_drawn == drawn


def test_input_wakes_the_loop_for_one_frame_then_it_waits_again(app: App) -> None:
    loop, events, _clock = looping(app)
    drawn = app.frames_drawn
    events.script = [[motion((10, 10))]]
    loop.turn()
    assert app.frames_drawn == drawn + 1
    loop.turn()
    assert app.frames_drawn == drawn + 1
    assert len(events.waits) == 2


def test_a_falling_disc_asks_for_every_frame_until_it_lands(app: App) -> None:
    scene = play(app, Mode.TWO_PLAYERS)
    loop, events, _clock = looping(app)
    assert app.next_frame_in() is None
    point = scene.layout(app.size).board.centre(3, 2)
    events.script = [click(point)]
    loop.turn()
    assert scene.round.drop is not None
    frames = 0
    while scene.round.drop is not None and frames < 600:
        assert app.next_frame_in() == EVERY_FRAME
        waits = len(events.waits)
        loop.turn()
        assert len(events.waits) == waits  # paced, not waiting for events
        frames += 1
    assert scene.round.drop is None and frames > 5
    assert app.next_frame_in() is None


def test_the_computer_thinking_animates_until_its_reply_comes(tmp_path: Path) -> None:
    worker = FakeWorker(auto=False)
    app = App(LaunchOptions(window_size=SIZE), worker=worker, store=SettingsStore(tmp_path / "s"))
    app.open()
    try:
        scene = play(app, starter=Starter.COMPUTER)
        for _ in range(3):
            app.step([], FRAME)
            assert scene.shows_thinking and app.next_frame_in() == EVERY_FRAME
        worker.release()
        app.step([], FRAME)
        assert scene.round.drop is not None and app.next_frame_in() == EVERY_FRAME
        for _ in range(600):
            app.step([], FRAME)
            if scene.round.drop is None:
                break
        assert scene.round.match.human_to_move and app.next_frame_in() is None
    finally:
        app.close()


def test_a_notice_wakes_the_loop_when_it_starts_to_fade_and_the_wait_counts(
    app: App,
) -> None:
    loop, events, clock = looping(app)
    app.stage.notify("Hello", seconds=2.0)
    due = app.next_frame_in()
    assert due == pytest.approx(2.0 - FADE_SECONDS)
    start = clock.time
    drawn = app.frames_drawn
    loop.turn()  # at most MAX_WAIT at a time, without a frame
    loop.turn()
    assert events.waits[-2:] == [MAX_WAIT, pytest.approx(2.0 - FADE_SECONDS - MAX_WAIT)]
    assert clock.time - start >= 2.0 - FADE_SECONDS
    assert app.frames_drawn == drawn + 1
    assert app.next_frame_in() == EVERY_FRAME  # fading now
    for _ in range(200):
        if not app.stage.notices.shown:
            break
        loop.turn()
    assert not app.stage.notices.shown and app.next_frame_in() is None


def test_an_unanswered_request_is_looked_at_again_without_a_reply(tmp_path: Path) -> None:
    worker = FakeWorker(auto=False)
    app = App(LaunchOptions(window_size=SIZE), worker=worker, store=SettingsStore(tmp_path / "s"))
    app.open()
    try:
        app.settings.show_analysis = True
        scene = play(app, Mode.TWO_PLAYERS)
        assert worker.pending_count and not scene.shows_thinking
        due = app.next_frame_in()
        assert due is not None and 0 < due <= 1.0
    finally:
        app.close()


def test_a_minimised_window_draws_nothing_until_it_is_shown_again(app: App) -> None:
    drawn = app.frames_drawn
    app.step([pygame.event.Event(pygame.WINDOWMINIMIZED)], FRAME)
    app.step([key(pygame.K_DOWN)], FRAME)
    assert app.hidden and app.frames_drawn == drawn
    app.step([pygame.event.Event(pygame.WINDOWRESTORED)], FRAME)
    assert not app.hidden and app.frames_drawn == drawn + 1


def test_while_minimised_what_moves_goes_on_a_few_times_a_second(app: App) -> None:
    scene = play(app, Mode.TWO_PLAYERS)
    loop, events, _clock = looping(app)
    app.step([pygame.event.Event(pygame.WINDOWHIDDEN)], FRAME)
    scene.try_drop(3)
    drawn = app.frames_drawn
    for _ in range(100):
        if scene.round.drop is None:
            break
        loop.turn()
    assert scene.round.drop is None and app.frames_drawn == drawn
    assert events.waits and min(events.waits) == pytest.approx(0.1)


def test_the_winning_four_breathes_a_few_times_then_rests() -> None:
    end = WIN_BREATHS * PULSE_SECONDS
    assert win_breathing(0.0) and win_breathing(end - 0.01)
    assert not win_breathing(end) and not win_breathing(None)
    assert win_wave(0.3) == pulse(0.3)
    assert win_wave(end + 5) == 0.0
    assert win_wave(end - 1e-6) == pytest.approx(0.0, abs=1e-6)  # no jump when it stops


def test_a_won_game_animates_its_four_then_waits(app: App) -> None:
    scene = play(app, Mode.TWO_PLAYERS)
    for column in (0, 1, 0, 1, 0, 1, 0):
        assert scene.try_drop(column)
        for _ in range(300):
            app.step([], FRAME)
            if scene.round.drop is None:
                break
    assert scene.round.over and app.next_frame_in() == EVERY_FRAME
    app.saver.wait()  # the result and the game are saved in the background
    app.step([], WIN_BREATHS * PULSE_SECONDS)
    assert not app.saver.saving and app.next_frame_in() is None


def test_a_written_save_wakes_the_loop_instead_of_a_timer(app: App) -> None:
    assert app.running  # opened
    pygame.event.clear()
    app.saver.save()  # on the save thread
    assert app.next_frame_in() is None  # nothing polls for it...
    app.saver.wait()
    woken = [e for e in pygame.event.get() if e.type == app.saved_event]
    assert len(woken) == 1  # ...the written save posts one event
    app.step(woken, 0.0)
    assert not app.saver.saving


# -- the worker --------------------------------------------------------------------


def test_the_worker_is_made_only_when_a_screen_first_asks_it_something() -> None:
    made: list[FakeWorker] = []

    def make() -> FakeWorker:
        made.append(FakeWorker())
        return made[-1]

    late = LateWorker(make)
    late.cancel()
    assert late.poll() == [] and late.pending_count == 0 and late.pid is None
    late.close()
    assert made == []
    late.start()
    assert len(made) == 1 and made[0].started


def test_a_reply_on_the_worker_pipe_rings_the_bell(app: App) -> None:
    reader, writer = multiprocessing.Pipe(duplex=False)
    bell = ReplyBell()
    try:
        pygame.event.clear()
        bell.listen(reader)
        writer.send(("result", 1, None))
        assert _bell_rang(bell)
        assert reader.recv() == ("result", 1, None)
        bell.listen(reader)  # read: it may ring for the next
        writer.send(("result", 2, None))
        assert _bell_rang(bell)
        assert bell.rings == 2
    finally:
        bell.close()
        reader.close()
        writer.close()


def test_listening_to_nothing_every_turn_never_blocks_the_loop(app: App) -> None:
    """The loop tells the bell what to watch every turn; with no worker started (an
    online game) that is nothing.  Each turn once wrote a wake-up byte the idle thread
    never read: after some hundreds of turns the socket was full and the window froze."""
    bell = ReplyBell()

    def turns_of_the_loop() -> None:
        for _ in range(20_000):
            bell.listen(None)

    turns = threading.Thread(target=turns_of_the_loop, daemon=True)
    turns.start()
    turns.join(DEADLINE)
    if turns.is_alive():  # (the bell is left to the daemon threads: closing it would block)
        pytest.fail("listen() blocked")
    reader, writer = multiprocessing.Pipe(duplex=False)
    try:
        bell.listen(reader)  # and it still rings for a reply afterwards
        writer.send(("result", 1, None))
        assert _bell_rang(bell)
    finally:
        bell.close()
        reader.close()
        writer.close()


def _bell_rang(bell: ReplyBell) -> bool:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        if any(event.type == bell.event_type for event in pygame.event.get()):
            return True
        time.sleep(0.01)
    return False


def test_sdl_wait_returns_an_event_posted_from_another_thread(app: App) -> None:
    source = SdlEvents()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, marker=1))
    got = source.wait(DEADLINE)
    assert any(getattr(event, "marker", None) == 1 for event in got)


# -- sound -------------------------------------------------------------------------


def test_without_a_sound_device_the_settings_say_so_and_m_changes_nothing(app: App) -> None:
    app.stage.sounds.available = False
    app.settings.sound_on = True
    app.go(Go.SETTINGS)
    app.step([], FRAME)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    sound, volume = scene.items.get("sound_on"), scene.items.get("volume")
    assert sound.value_text == "No sound device"
    assert not sound.enabled and not volume.enabled
    app.step([key(pygame.K_m)], FRAME)
    app.step([key(pygame.K_m)], FRAME)
    assert app.settings.sound_on
    said = [notice.text for notice in app.stage.notices.shown]
    assert said == [no_device_sentence()]


def test_with_a_sound_device_m_switches_the_sound_and_keeps_it_at_once(app: App) -> None:
    app.stage.sounds.available = True
    app.step([key(pygame.K_m)], FRAME)
    assert app.settings.sound_on
    assert app.saver.flush() == []  # written before the window closes: a crash keeps it
    assert app.saver.store.load().settings.sound_on
    app.step([key(pygame.K_m)], FRAME)
    assert app.saver.flush() == [] and not app.saver.store.load().settings.sound_on


def test_what_c_libraries_print_on_stderr_goes_to_the_log_not_the_terminal(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with stderr_to_log() as said:
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    assert said == ["ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"]
    assert "ALSA" not in capfd.readouterr().err
