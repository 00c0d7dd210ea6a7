"""The compiled search kernel: the one thing pyproject.toml cannot declare.

``game/ai/kernel.py`` is compiled by Cython (pure-Python mode, C types from
``game/ai/_ckernel.pxd``) into the extension module ``game.ai._ckernel``.  The
extension is optional: on a machine without a C compiler the build prints a
warning and goes on, and the game runs the same source as plain Python
(:mod:`game.ai.backend` chooses at run time and the game says which).

``CONNECT4_NO_EXTENSIONS=1`` skips the compilation on purpose.

It also compiles the translations (``game/locale/<code>/LC_MESSAGES/connect4.po``) into
the ``.mo`` files the game reads, with Babel (``build_scripts/catalogues.py``): into the
wheel, or beside the ``.po`` files for an editable install.  Without Babel the build
warns and the game speaks English only.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

KERNEL_SOURCE = "game/ai/kernel.py"
KERNEL_MODULE = "game.ai._ckernel"
NO_EXTENSIONS_ENV = "CONNECT4_NO_EXTENSIONS"
CATALOGUES_SCRIPT = "build_scripts/catalogues.py"

# Checks the kernel does itself (it never indexes out of range, never divides by zero,
# never divides a negative number: see its docstring), so the C code leaves them out.
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # the types are in the .pxd; annotations are for mypy
    "boundscheck": False,
    "wraparound": False,
    "initializedcheck": False,
    "cdivision": True,
}


def _warn(reason: str) -> None:
    print(
        f"WARNING: the compiled engine kernel is not built ({reason}); "
        "the game runs its pure-Python kernel, with the same answers, much slower.",
        file=sys.stderr,
    )


def extensions() -> list[Extension]:
    if os.environ.get(NO_EXTENSIONS_ENV, "").strip() not in ("", "0"):
        _warn(f"{NO_EXTENSIONS_ENV} is set")
        return []
    try:
        from Cython.Build import cythonize  # noqa: PLC0415 (a build requirement, maybe absent)
    except ImportError:
        _warn("Cython is not installed")
        return []
    kernel = Extension(KERNEL_MODULE, [KERNEL_SOURCE])
    # force: Cython does not see that _ckernel.pxd (named after the module) is an input.
    return cythonize([kernel], compiler_directives=DIRECTIVES, quiet=True, force=True)


class OptionalBuildExt(build_ext):
    """Build the kernel when a C compiler works; otherwise warn once and install without it."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # any compiler failure: the pure kernel is the fallback
            _warn(f"the C compiler failed: {error}")

    def copy_extensions_to_source(self) -> None:
        # An editable install copies each built module beside its source; skip what failed.
        self.extensions = [ext for ext in self.extensions if self._built(ext)]
        super().copy_extensions_to_source()

    def _built(self, ext: Extension) -> bool:
        filename = self.get_ext_filename(self.get_ext_fullname(ext.name))
        return (Path(self.build_lib) / filename).exists()


def compile_translations(target: Path) -> None:
    """The ``.mo`` files of every ``.po`` under game/locale, in ``target`` (a locale
    folder); a warning instead when Babel is missing."""
    try:
        import babel  # noqa: F401, PLC0415 - a build requirement, maybe absent
    except ImportError:
        print(
            "WARNING: the translations are not compiled (Babel is not installed);"
            " the game speaks English only.",
            file=sys.stderr,
        )
        return
    spec = importlib.util.spec_from_file_location("connect4_catalogues", CATALOGUES_SCRIPT)
    assert spec is not None and spec.loader is not None
    catalogues = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = catalogues  # its dataclasses look their module up by name
    spec.loader.exec_module(catalogues)
    catalogues.compile_catalogues(target, Path("game") / "locale")


class BuildPyWithAssets(build_py):
    """Also copy assets/ into the package as game/assets (where game.resources looks in an
    installed game; a source checkout and an editable install use assets/ itself), and
    compile the translations (into the package, or beside their sources when editable)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            compile_translations(Path("game") / "locale")
        else:
            target = Path(self.build_lib) / "game" / "assets"
            shutil.copytree("assets", target, dirs_exist_ok=True)
            compile_translations(Path(self.build_lib) / "game" / "locale")


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithAssets},
)
