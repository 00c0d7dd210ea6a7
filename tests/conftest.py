"""Shared test setup: every test runs headless, with no real window or sound card."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from game.ui.app import App
    from tests.fakes import FakeWorker

# Before anything imports pygame: SDL's dummy drivers draw into memory and play nothing.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the game's English: a developer's own locale must not change what they see
# (the tests of the language choice fake the system they ask).
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
TESTSETS = Path(os.environ.get("CONNECT4_TESTSETS", ROOT.parent / "shared" / "connect4-testsets"))
"""The public test sets in full, beside the project (GitHub's CI has no ../shared).
``CONNECT4_TESTSETS=none`` (any folder without them) runs the tests on the sample."""
SAMPLE_TESTSETS = ROOT / "tests" / "data" / "connect4-testsets"
"""The first lines of each set, kept in the repository (tests/data/README.md)."""


def testset_path(name: str) -> Path:
    """The full set ``name`` when ../shared has it, else the repository's sample of it."""
    full = TESTSETS / name
    return full if full.is_file() else SAMPLE_TESTSETS / name


def read_testset(name: str, limit: int) -> list[tuple[str, int]]:
    """The first ``limit`` (moves, score) lines of a public test set: from the full set
    when ../shared has it, else from the sample, which may hold fewer lines."""
    rows: list[tuple[str, int]] = []
    with testset_path(name).open(encoding="ascii") as fh:
        for line in fh:
            if len(rows) >= limit:
                break
            moves, score = line.split()
            rows.append((moves, int(score)))
    return rows


def build_script(name: str, *, alias: str | None = None) -> ModuleType:
    """build_scripts/<name>.py as a module.  The build scripts are not a package: pytest
    puts their folder on the path (pyproject's ``pythonpath``), as Python does for a
    script, so that a script finds its neighbours and a process pool's workers find it by
    name.  With ``alias`` it is loaded fresh from its file under that name instead (for
    build.py, whose own name is a well-known package's)."""
    if alias is None:
        return importlib.import_module(name)
    spec = importlib.util.spec_from_file_location(alias, ROOT / "build_scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The checkout's .po files, compiled for this run: the tests (and the games they
    start) speak what the catalogues say now, whatever an install compiled before."""
    from game.i18n import LOCALE_ENV  # noqa: PLC0415

    folder = tmp_path_factory.mktemp("locale")
    build_script("catalogues").compile_catalogues(folder)
    before = os.environ.get(LOCALE_ENV)
    os.environ[LOCALE_ENV] = str(folder)
    yield folder
    if before is None:
        os.environ.pop(LOCALE_ENV, None)
    else:
        os.environ[LOCALE_ENV] = before


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Each test starts and ends in English (a test may switch the language)."""
    from game import i18n  # noqa: PLC0415

    i18n.use(i18n.ENGLISH)
    yield
    i18n.use(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def _isolated_config(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point the game's config and log dirs at a temp dir so tests never touch the user's."""
    base = tmp_path_factory.mktemp("userdirs")
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("CONNECT4_LOG_DIR", str(base / "log"))


@pytest.fixture
def worker() -> FakeWorker:
    """The stand-in worker the ``app`` fixture's window uses."""
    from tests.fakes import FakeWorker  # noqa: PLC0415 - the engine's tests need no window

    return FakeWorker()


@pytest.fixture
def app(worker: FakeWorker) -> Iterator[App]:
    """An open window driven through :meth:`App.step` (:func:`tests.fakes.make_app`)."""
    from tests.fakes import make_app  # noqa: PLC0415 - the engine's tests need no window

    window = make_app(worker)
    yield window
    window.close()
