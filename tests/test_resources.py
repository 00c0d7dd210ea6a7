"""The frozen-app helpers: the asset resolver, the log file, the None-stream guard."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import logs, resources
from game.ai.client import Notice
from game.resources import ASSET_FILES, MissingAssetError, asset_path, assets_dir
from game.ui.engine_link import notice_text

ROOT = Path(__file__).resolve().parent.parent


# -- resources ---------------------------------------------------------------------------


def test_from_source_the_assets_are_the_repository_folder() -> None:
    assert assets_dir() == ROOT / "assets"


def test_every_listed_asset_exists_and_is_not_empty() -> None:
    assert len(ASSET_FILES) == len(set(ASSET_FILES))
    for relative in ASSET_FILES:
        path = asset_path(relative)
        assert path.is_file() and path.stat().st_size > 0, relative
    assert asset_path("sounds/drop.wav") == ROOT / "assets" / "sounds" / "drop.wav"


def test_the_sounds_the_window_icon_and_the_font_are_listed() -> None:
    assert set(resources.SOUNDS) == {"drop", "win", "loss", "draw", "click"}
    fonts = {resources.FONT, resources.CJK_FONT}
    assert set(resources.SOUNDS.values()) | {resources.WINDOW_ICON, *fonts} == set(ASSET_FILES)


def test_a_missing_asset_names_itself_and_where_it_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(resources.ASSETS_ENV, str(tmp_path))
    with pytest.raises(MissingAssetError) as caught:
        asset_path("sounds/drop.wav")
    error = caught.value
    assert isinstance(error, FileNotFoundError)
    assert "sounds/drop.wav" in str(error) and str(tmp_path) in str(error)
    assert error.asset == "sounds/drop.wav" and error.searched == (tmp_path,)


def test_a_missing_assets_folder_lists_every_place_searched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nowhere = tmp_path / "nowhere"
    monkeypatch.setenv(resources.ASSETS_ENV, str(nowhere))
    with pytest.raises(MissingAssetError, match="nowhere"):
        assets_dir()
    with pytest.raises(MissingAssetError, match=r"click\.wav"):
        asset_path("sounds/click.wav")


def _fake_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package at tmp/site/game with resources.py in it; returns tmp."""
    package = tmp_path / "site" / "game"
    package.mkdir(parents=True)
    monkeypatch.setattr(resources, "__file__", str(package / "resources.py"))
    monkeypatch.delenv(resources.ASSETS_ENV, raising=False)
    return tmp_path


def _put(folder: Path) -> Path:
    (folder / "sounds").mkdir(parents=True)
    (folder / "sounds" / "drop.wav").write_bytes(b"RIFF")
    return folder


def test_an_installed_wheel_finds_the_assets_inside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = _fake_layout(tmp_path, monkeypatch)
    inside = _put(base / "site" / "game" / "assets")
    _put(base / "site" / "assets")  # a stray folder beside the package loses
    assert assets_dir() == inside
    assert asset_path("sounds/drop.wav") == inside / "sounds" / "drop.wav"


def test_a_source_tree_finds_the_assets_beside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = _fake_layout(tmp_path, monkeypatch)
    beside = _put(base / "site" / "assets")
    assert assets_dir() == beside


def test_a_frozen_bundle_finds_the_assets_in_meipass_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = _fake_layout(tmp_path, monkeypatch)
    _put(base / "site" / "game" / "assets")
    bundle = _put(base / "bundle" / "assets")
    monkeypatch.setattr(sys, "_MEIPASS", str(base / "bundle"), raising=False)
    assert assets_dir() == bundle
    assert asset_path("sounds/drop.wav") == bundle / "sounds" / "drop.wav"


def test_a_bundle_missing_an_asset_does_not_fall_back_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first folder that exists is the assets folder: a gap in it is an error."""
    base = _fake_layout(tmp_path, monkeypatch)
    _put(base / "site" / "assets")
    (base / "bundle" / "assets").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(base / "bundle"), raising=False)
    with pytest.raises(MissingAssetError, match="bundle"):
        asset_path("sounds/drop.wav")


@pytest.mark.parametrize("bad", ["", "/etc/passwd", "../pyproject.toml", "sounds/../../x", "C:x"])
def test_an_asset_name_must_stay_inside_the_assets_folder(bad: str) -> None:
    with pytest.raises(ValueError, match="relative path"):
        asset_path(bad)


def test_resources_and_logs_never_import_pygame() -> None:
    code = (
        "import sys, game.resources, game.logs, game.profile.settings;"
        " print('pygame' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


# -- logs ----------------------------------------------------------------------------------


@pytest.fixture
def clean_logging() -> Iterator[None]:
    """Undo what setup_logging does to the process: handlers, root level, hooks."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    hook, thread_hook = sys.excepthook, threading.excepthook
    yield
    for handler in root.handlers:
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    sys.excepthook, threading.excepthook = hook, thread_hook


def _flush() -> None:
    for handler in logging.getLogger().handlers:
        handler.flush()


def test_log_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(logs.LOG_ENV, str(tmp_path / "logs"))
    assert logs.log_dir() == tmp_path / "logs"
    monkeypatch.delenv(logs.LOG_ENV)
    assert "connect4" in logs.log_dir().parts


@pytest.mark.usefixtures("clean_logging")
def test_setup_logging_writes_records_to_the_log_file_once() -> None:
    path = logs.setup_logging()
    assert path == logs.log_dir() / "connect4.log"
    assert logs.setup_logging() == path  # a second call adds no second handler
    logging.getLogger("game.test").info("hello from the test")
    _flush()
    assert path.read_text(encoding="utf-8").count("hello from the test") == 1


@pytest.mark.usefixtures("clean_logging")
def test_a_sentence_that_sends_the_player_to_the_log_says_where_it_is() -> None:
    written = logs.setup_logging()
    assert logs.log_file() == written == logs.log_dir() / "connect4.log"
    said = notice_text(Notice.GAVE_UP)
    assert said.startswith("The computer player keeps failing on this position; see the log")
    assert said.endswith(f"The log file: {written}")


@pytest.mark.usefixtures("clean_logging")
def test_uncaught_exceptions_are_logged_and_still_reach_the_old_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, error, trace: seen.append(kind))
    path = logs.setup_logging()
    logs.setup_logging()  # must not wrap the hook twice
    try:
        raise RuntimeError("boom in the event loop")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    _flush()
    text = path.read_text(encoding="utf-8")
    assert text.count("boom in the event loop") >= 1
    assert "Traceback" in text and "uncaught exception" in text
    assert seen == [RuntimeError]


@pytest.mark.usefixtures("clean_logging")
def test_uncaught_exceptions_in_threads_are_logged_and_reach_the_old_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[object] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_value))
    path = logs.setup_logging()

    def fail() -> None:
        raise ValueError("boom in a thread")

    thread = threading.Thread(target=fail, name="doomed")
    thread.start()
    thread.join()
    _flush()
    text = path.read_text(encoding="utf-8")
    assert "boom in a thread" in text and "doomed" in text
    assert [type(error) for error in seen] == [ValueError]


@pytest.mark.usefixtures("clean_logging")
def test_an_unwritable_log_folder_falls_back_to_the_temp_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(logs.LOG_ENV, str(blocker / "logs"))
    monkeypatch.setattr(logs, "_fallback_dir", lambda: tmp_path / "fallback")
    path = logs.setup_logging()
    assert path == tmp_path / "fallback" / "connect4.log"
    logging.getLogger("game.test").warning("still logged")
    _flush()
    assert "still logged" in path.read_text(encoding="utf-8")


@pytest.mark.usefixtures("clean_logging")
def test_with_nowhere_to_write_setup_logging_still_returns(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(logs.LOG_ENV, str(blocker / "logs"))
    monkeypatch.setattr(logs, "_fallback_dir", lambda: blocker / "fallback")
    before = list(logging.getLogger().handlers)
    assert logs.setup_logging() == Path(os.devnull)
    assert logging.getLogger().handlers == before


@pytest.mark.usefixtures("clean_logging")
def test_a_new_log_folder_replaces_the_old_handler(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(logs.LOG_ENV, str(tmp_path / "one"))
    first = logs.setup_logging()
    monkeypatch.setenv(logs.LOG_ENV, str(tmp_path / "two"))
    second = logs.setup_logging()
    logging.getLogger("game.test").warning("only in two")
    _flush()
    assert "only in two" in second.read_text(encoding="utf-8")
    assert "only in two" not in first.read_text(encoding="utf-8")


@pytest.mark.usefixtures("clean_logging")
def test_the_log_rolls_over_past_its_size_and_keeps_two_old_files(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 2000)
    path = logs.setup_logging()
    log = logging.getLogger("game.test")
    for number in range(100):  # about 100 bytes a line: five files' worth
        log.info("line %03d %s", number, "x" * 20)
    _flush()
    old = path.with_name("connect4.log.1"), path.with_name("connect4.log.2")
    assert all(file.exists() for file in old)
    assert not path.with_name("connect4.log.3").exists()
    assert all(file.stat().st_size <= 2000 for file in (path, *old))
    # The newest lines in the file, the ones before them in .1, and so on; none twice.
    texts = [file.read_text(encoding="utf-8") for file in (old[1], old[0], path)]
    numbers = [int(line.split("line ")[1][:3]) for text in texts for line in text.splitlines()]
    assert numbers == sorted(numbers) and numbers[-1] == 99
    assert len(set(numbers)) == len(numbers)


def test_a_windowed_build_with_no_std_streams_can_still_print() -> None:
    """pythonw / PyInstaller --windowed start with sys.stdout and sys.stderr set to None."""
    code = textwrap.dedent(
        """
        import sys
        sys.stdout = None
        sys.stderr = None
        from game import logs
        logs.guard_std_streams()
        print("into the void")
        print("and more", file=sys.stderr)
        sys.__stdout__.write("ok\\n")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"


def test_the_guard_leaves_real_streams_alone() -> None:
    stdout, stderr = sys.stdout, sys.stderr
    logs.guard_std_streams()
    assert sys.stdout is stdout and sys.stderr is stderr
