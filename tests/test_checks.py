"""Static checks as tests, so README's one test command runs them too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_lint_is_clean() -> None:
    if shutil.which("ruff") is None and _run(sys.executable, "-m", "ruff", "--version").returncode:
        pytest.fail("ruff is not installed: install the test extra (pip install -e '.[test]')")
    result = _run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("<!-- TEST-COMMAND -->")
    end = readme.index("<!-- /TEST-COMMAND -->")
    block = readme[start:end].split("```")[1].strip()
    assert "pytest" in block
    ci = (ROOT / ".ci" / "run").read_text()
    assert "TEST-COMMAND" in ci, ".ci/run must take its test command from README.md"


def test_importing_the_engine_leaves_pygame_out() -> None:
    code = "import sys, game, game.core, game.ai, game.ai.worker; print('pygame' in sys.modules)"
    result = _run(sys.executable, "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_the_commands_entry_point_loads_nothing_of_the_window() -> None:
    # A spawned worker imports the launcher script again: through game.launch it must
    # not load the window's language, assets or settings (game/ai/worker.py).
    code = "import sys, game.launch; print(sorted(m for m in sys.modules if m.startswith('game.')))"
    result = _run(sys.executable, "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['game._version', 'game.launch']"
