"""The monkey test: 20,000 random events through the real loop, with the real worker.

Pass: no exception and a consistent state after every frame (see
:func:`monkey.check_consistent`, in tests/monkey.py).  Frame times are a benchmark's job
(``build_scripts/bench_monkey.py`` runs the same monkey and reports them).
Set ``MONKEY_SEED`` to replay a failure (the seed is in the failure message) and
``MONKEY_EVENTS`` to run longer or shorter.
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from game.profile.settings import SettingsStore
from game.ui.app import App
from game.ui.options import LaunchOptions
from tests import monkey

SEED = int(os.environ.get("MONKEY_SEED", "20261123"))
EVENTS = int(os.environ.get("MONKEY_EVENTS", "20000"))


@pytest.mark.slow
def test_random_events_never_break_the_game(tmp_path: Path) -> None:
    store_path = tmp_path / "settings.json"

    def make_app() -> App:
        return App(LaunchOptions(window_size=(800, 600)), store=SettingsStore(store_path))

    report = monkey.run(make_app, seed=SEED, events=EVENTS)
    print(report.summary())
    assert report.events >= EVENTS
    # The events reached every screen and real games were played through them.
    assert {"MenuScene", "SetupScene", "PlayScene", "SettingsScene"} <= report.scenes_seen, (
        report.summary()
    )
    assert report.moves_played > 0, report.summary()
    # Every app the monkey closed took its worker with it.
    assert multiprocessing.active_children() == []
