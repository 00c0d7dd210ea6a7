"""The entry point: options, refusals with exit status 2 before any window, the self-test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import game.command_line as entry
import game.ui
from game import selftest
from game.ai.levels import custom_level, level_by_name
from game.ui.options import LaunchOptions

ROOT = Path(__file__).resolve().parent.parent

DRAWN = "664544466343336221543367112225552511177777"
"""A whole game that fills the board without a four."""

BAD_OPTIONS = [
    (["--position", "12x"], "not a column"),
    (["--position", "48"], "Character 2 ('8') is not a column"),
    (["--position", "1111111"], "Move 7 (column 1): that column is already full"),
    (["--position", "1212121"], "already over"),
    # A drawn game of 42 moves, then the same with a 43rd move.
    (["--position", DRAWN], "already over"),
    (["--position", DRAWN + "4"], "Move 43 (column 4) comes after the end of the game"),
    (["--position", "4" * 100], "Move 7 (column 4): that column is already full"),
    (["--depth", "0"], "depth must be"),
    (["--depth", "deep"], "not a whole number"),
    (["--level", "Godlike"], "unknown level"),
    (["--level", "Hard", "--depth", "3"], "not allowed with"),
    (["--windowed", "100x100"], "at least 640x480"),
    (["--windowed", "big"], "WIDTHxHEIGHT"),
    (["--windowed", "99999x600"], "at most"),
    (["--fullscreen", "--windowed", "800x600"], "not allowed with"),
    (["--colour", "red"], "unrecognized arguments"),
]


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run Python with ``args``; headless SDL unless ``env`` (the whole environment) is given."""
    if env is None:
        env = dict(os.environ)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_malformed_options_exit_2_with_a_message_before_pygame_is_loaded() -> None:
    """Each bad command line in a fresh interpreter: status 2, the reason on stderr,
    and pygame never imported (so no window can have opened)."""
    script = textwrap.dedent(
        """
        import contextlib, io, json, sys
        from game.command_line import main
        results = []
        for argv in json.loads(sys.argv[1]):
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                try:
                    main(argv)
                    code = 0
                except SystemExit as exit:
                    code = exit.code
            results.append([code, err.getvalue(), "pygame" in sys.modules])
        print(json.dumps(results))
        """
    )
    argvs = [argv for argv, _ in BAD_OPTIONS]
    result = _run(["-c", script, json.dumps(argvs)])
    assert result.returncode == 0, result.stderr
    for (argv, reason), (code, stderr, pygame_loaded) in zip(
        BAD_OPTIONS, json.loads(result.stdout), strict=True
    ):
        assert code == 2, argv
        assert reason in stderr, (argv, stderr)
        assert stderr.startswith("usage: connect4"), stderr
        assert not pygame_loaded, argv


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--position", "4453x"], "Character 5 ('x') is not a column"),
        (["--depth", "50"], "argument --depth: '50'"),
    ],
)
def test_python_m_game_refuses_a_bad_option_with_status_2(argv: list[str], reason: str) -> None:
    result = _run(["-m", "game", *argv])
    assert result.returncode == 2
    assert reason in result.stderr
    assert result.stdout == ""


def test_a_refused_option_is_said_in_the_players_language_around_its_reason() -> None:
    result = _run(["-m", "game", "--language", "de", "--position", "12x", "--bogus"])
    assert result.returncode == 2
    assert "Fehler: Option --position: '12x': Zeichen 3 ('x') ist keine Spalte" in result.stderr
    unknown = _run(["-m", "game", "--language", "de", "--bogus"])
    assert unknown.returncode == 2
    assert "Fehler: unbekannte Optionen: --bogus" in unknown.stderr


def test_a_language_option_without_its_code_is_refused_by_the_games_own_parser() -> None:
    result = _run(["-m", "game", "--language"])
    assert result.returncode == 2
    assert result.stderr.startswith("usage: connect4")  # not argparse's "usage: __main__.py"
    assert "--language: expected one argument" in result.stderr


def test_importing_the_entry_point_leaves_pygame_out() -> None:
    result = _run(["-c", "import sys, game.command_line; print('pygame' in sys.modules)"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], LaunchOptions()),
        (
            ["--position", " 4453 "],
            LaunchOptions(position="4453", arguments=("--position", " 4453 ")),
        ),
        (["--position", ""], LaunchOptions(position="", arguments=("--position", ""))),
        (
            ["--level", "expert", "--windowed", "1024x768"],
            LaunchOptions(
                level=level_by_name("Expert"),
                fullscreen=False,
                window_size=(1024, 768),
                arguments=("--level", "expert", "--windowed", "1024x768"),
            ),
        ),
        (
            ["--depth", "7", "--fullscreen"],
            LaunchOptions(
                level=custom_level(7), fullscreen=True, arguments=("--depth", "7", "--fullscreen")
            ),
        ),
    ],
)
def test_good_options_reach_the_window(
    argv: list[str], expected: LaunchOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[LaunchOptions] = []

    def fake_run(options: LaunchOptions) -> int:
        seen.append(options)
        return 5

    monkeypatch.setattr(game.ui, "run", fake_run)
    assert entry.main(argv) == 5
    assert seen == [expected]


def test_self_test_runs_the_self_test_and_exits_with_its_status(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(selftest, "run", lambda: 3)
    monkeypatch.setattr(game.ui, "run", lambda options: pytest.fail("the window opened"))
    assert entry.main(["--self-test"]) == 3


@pytest.mark.slow
def test_python_m_game_self_test_passes() -> None:
    result = _run(["-m", "game", "--self-test"])
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("self-test passed")


def test_without_a_display_the_game_says_so_and_exits_instead_of_running_unseen(
    tmp_path: Path,
) -> None:
    # Left to itself, SDL falls back to its "offscreen" driver when no display
    # answers, and the game would run with no window until killed.
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")
    }
    env.update(
        DISPLAY=":9999",  # no X server there
        SDL_AUDIODRIVER="dummy",
        CONNECT4_CONFIG_DIR=str(tmp_path / "config"),
        CONNECT4_LOG_DIR=str(tmp_path / "logs"),
    )
    result = _run(["-m", "game", "--windowed", "800x600"], env)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "could not open a window" in result.stderr
    assert "DISPLAY=':9999'" in result.stderr
    log = "".join(path.read_text() for path in (tmp_path / "logs").glob("*.log"))
    assert "could not open a window" in log
