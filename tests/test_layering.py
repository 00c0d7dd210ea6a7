"""The layers import one way: game.core at the bottom, game.ai above it, the window on top.

Read from the source (every import statement, at any depth of a module, typed-only
imports too), so that a lazy import inside a function cannot hide a wrong dependency.
Entry points (``__main__`` modules) are the exception by design: they give the engine
what it needs from outside its layer, as ``python -m game.ai`` gives it the shipped
opening book.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, root: Path = ROOT) -> set[str]:
    """Every module ``path`` (below ``root``, the checkout) imports: for ``from package
    import name`` both the package and ``package.name``, which may be a submodule."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    home = path if path.name == "__init__.py" else path.parent
    package = module_name(home, root) if home != root else ""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def layer_modules(layer: str) -> list[Path]:
    return sorted(path for path in (GAME / layer).rglob("*.py") if path.name != "__main__.py")


def outside(imported: set[str], allowed: tuple[str, ...]) -> set[str]:
    """The imports of ``game``'s modules that are not in ``allowed`` packages (``game``
    itself, the version alone, is only the root of the names)."""
    return {
        name
        for name in imported
        if name.startswith("game.")
        and not any(name == ok or name.startswith(ok + ".") for ok in allowed)
    }


@pytest.mark.parametrize(
    ("layer", "allowed"),
    [("core", ("game.core",)), ("ai", ("game.core", "game.ai"))],
)
def test_a_layer_imports_only_itself_and_the_layers_below(
    layer: str, allowed: tuple[str, ...]
) -> None:
    wrong = {
        str(path.relative_to(ROOT)): sorted(outside(imports_of(path), allowed))
        for path in layer_modules(layer)
    }
    assert {path: names for path, names in wrong.items() if names} == {}


@pytest.mark.parametrize("layer", ["core", "ai"])
def test_nothing_below_the_window_imports_pygame(layer: str) -> None:
    using = [
        str(path.relative_to(ROOT))
        for path in layer_modules(layer)
        if any(name.split(".")[0] == "pygame" for name in imports_of(path))
    ]
    assert using == []


def test_the_check_sees_a_wrong_import(tmp_path: Path) -> None:
    sample = GAME / "ai" / "levels.py"
    assert outside(imports_of(sample), ("game.core", "game.ai")) == set()
    wrong = {"game", "game.resources", "game.ai.engine", "game.ui.text"}
    assert outside(wrong, ("game.core", "game.ai")) == {"game.resources", "game.ui.text"}
    relative = tmp_path / "game" / "ai" / "sample.py"
    relative.parent.mkdir(parents=True)
    relative.write_text("from .. import settings\nfrom ..core import board\n")
    assert imports_of(relative, tmp_path) >= {"game.settings", "game.core.board"}


def test_the_windows_imports_of_the_engine_load_neither_the_engine_nor_its_kernel() -> None:
    # The window reads levels, the request types and the review's driver; the search runs
    # in the worker.
    code = (
        "import sys, game.ai.levels, game.ai.protocol, game.ai.score, game.ai.review_driver;"
        " print(sorted(m for m in sys.modules if m.startswith('game.ai.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    loaded = set(ast.literal_eval(result.stdout.strip()))
    assert loaded.isdisjoint(
        {"game.ai.engine", "game.ai.kernel", "game.ai._ckernel", "game.ai.backend"}
    ), loaded
