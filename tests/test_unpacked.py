"""Tidying the builds Linux's one file keeps unpacked (game/unpacked.py)."""

from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from game import unpacked

NOW = time.time()
DAY = 86400.0


def kept(base: Path, name: str, days_unused: float) -> Path:
    folder = base / name
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "libpython.so").write_bytes(b"x" * 100)
    stamp = NOW - days_unused * DAY
    os.utime(folder, (stamp, stamp))
    return folder


def test_builds_unused_for_a_month_and_old_leftovers_go_the_rest_stays(tmp_path: Path) -> None:
    base = tmp_path / "cache" / "connect4"
    ours = kept(base, "1.1.0-bbbbbbbbbbbb", days_unused=400)  # this one runs now
    old = kept(base, "1.0.0-aaaaaaaaaaaa", days_unused=31)
    recent = kept(base, "1.0.1-cccccccccccc", days_unused=29)
    leftover = kept(base, ".1.1.0-bbbbbbbbbbbb.part-Xy12Zq", days_unused=2)
    set_aside = kept(base, ".1.0.0-aaaaaaaaaaaa.old-abcDEF", days_unused=2)
    fresh_part = kept(base, ".1.1.0-bbbbbbbbbbbb.part-Ab34Cd", days_unused=0.01)
    # Named otherwise: not the launcher's, whatever their age.
    others = [
        kept(base, name, days_unused=365)
        for name in ("saves", ".hidden", "1.0.0-AAAAAAAAAAAA", "1.0.0-aaaaaaaaaaa")
    ]
    (base / "a file").write_text("not a build")
    stamp = NOW - 90 * DAY
    os.utime(base / "a file", (stamp, stamp))
    removed = unpacked.tidy({unpacked.ENV: str(ours)}, now=NOW)
    assert sorted(removed) == sorted([old, leftover, set_aside])
    assert sorted(p.name for p in base.iterdir()) == sorted(
        [ours.name, recent.name, fresh_part.name, "a file", *(p.name for p in others)]
    )


def test_a_link_to_elsewhere_is_never_followed_nor_removed(tmp_path: Path) -> None:
    base = tmp_path / "connect4"
    ours = kept(base, "2-bbbbbbbbbbbb", days_unused=0)
    precious = kept(tmp_path / "elsewhere", "photos", days_unused=365)
    link = base / "1-aaaaaaaaaaaa"
    link.symlink_to(precious, target_is_directory=True)
    os.utime(link, (NOW - 90 * DAY, NOW - 90 * DAY), follow_symlinks=False)
    assert unpacked.tidy({unpacked.ENV: str(ours)}, now=NOW) == []
    assert (precious / "_internal" / "libpython.so").is_file()


@pytest.mark.parametrize("runs_from", ["source", "empty", "temporary"])
def test_nothing_is_tidied_unless_the_game_runs_from_a_kept_folder(
    tmp_path: Path, runs_from: str
) -> None:
    # The launcher's temporary folder (when the cache cannot be written) is not the
    # cache's "connect4" folder: what is beside it is not the game's to remove.
    base = tmp_path / "connect4-Ab12Cd"
    game = kept(base, "game", days_unused=0)
    old = kept(base, "1.0.0-aaaaaaaaaaaa", days_unused=365)
    environ: dict[str, dict[str, str]] = {
        "source": {},
        "empty": {unpacked.ENV: ""},
        "temporary": {unpacked.ENV: str(game)},
    }
    assert unpacked.tidy(environ[runs_from], now=NOW) == []
    assert old.is_dir()


def test_a_build_that_cannot_be_removed_is_logged_and_the_rest_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    base = tmp_path / "connect4"
    ours = kept(base, "3-cccccccccccc", days_unused=0)
    stuck = kept(base, "1-aaaaaaaaaaaa", days_unused=90)
    old = kept(base, "2-bbbbbbbbbbbb", days_unused=90)
    real_rmtree = shutil.rmtree

    def rmtree(path: Path) -> None:
        if Path(path) == stuck:
            raise PermissionError(13, "Permission denied")
        real_rmtree(path)

    monkeypatch.setattr(shutil, "rmtree", rmtree)
    with caplog.at_level(logging.INFO, logger=unpacked.__name__):
        assert unpacked.tidy({unpacked.ENV: str(ours)}, now=NOW) == [old]
    assert stuck.is_dir() and not old.exists()
    assert f"cannot remove the unused build {stuck}: [Errno 13] Permission denied" in caplog.text
    assert f"removed {old}, a build of the game not launched for 90 days" in caplog.text


def test_a_frozen_game_tidies_when_it_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game import launch  # noqa: PLC0415

    base = tmp_path / "connect4"
    ours = kept(base, "2-bbbbbbbbbbbb", days_unused=0)
    old = kept(base, "1-aaaaaaaaaaaa", days_unused=400)
    monkeypatch.setenv(unpacked.ENV, str(ours))
    monkeypatch.setattr(sys, "frozen", False, raising=False)
    with pytest.raises(SystemExit):
        launch.main(["--version"])
    assert old.is_dir()  # from source: never
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(SystemExit):
        launch.main(["--version"])
    assert not old.exists() and ours.is_dir()
    assert capsys.readouterr().out.count("connect4") == 2
