"""The layers import one way: game.core at the bottom, game.ai and game.net above it, the
window on top.

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
    [
        ("core", ("game.core",)),
        ("ai", ("game.core", "game.ai")),
        ("net", ("game.core", "game.net")),
        ("profile", ("game.core", "game.ai", "game.profile", "game.i18n", "game.resources")),
    ],
)
def test_a_layer_imports_only_itself_and_the_layers_below(
    layer: str, allowed: tuple[str, ...]
) -> None:
    wrong = {
        str(path.relative_to(ROOT)): sorted(outside(imports_of(path), allowed))
        for path in layer_modules(layer)
    }
    assert {path: names for path, names in wrong.items() if names} == {}


@pytest.mark.parametrize("layer", ["core", "ai", "net", "profile"])
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


def import_graph(root: Path = GAME) -> dict[str, set[str]]:
    """Module -> the modules of ``game`` it imports (any depth, typed-only imports too).
    ``from package import submodule`` is an edge to the submodule alone; a compiled
    module counts by its stub (``.pyi``)."""
    paths = {module_name(p): p for p in (*root.rglob("*.py"), *root.rglob("*.pyi"))}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        if path.suffix != ".py":
            graph.setdefault(module, set())
            continue
        names = imports_of(path, root.parent)
        found: set[str] = set()
        for name in names:
            submodules = {n for n in names if n.startswith(name + ".") and n in paths}
            if (
                name in paths
                and submodules
                and {n for n in names if n.rpartition(".")[0] == name} <= submodules
            ):
                continue  # only submodules are taken from the package
            home = name
            while home and home not in paths:
                home = home.rpartition(".")[0]
            if home and home not in (module, "game"):
                found.add(home)
        graph[module] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for near in sorted(graph.get(node, ())):
            if near not in index:
                visit(near)
                low[node] = min(low[node], low[near])
            elif near in stack:
                low[node] = min(low[node], index[near])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_of_the_game_imports_itself_round_a_circle() -> None:
    assert circles(import_graph()) == []


def test_the_circle_check_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
