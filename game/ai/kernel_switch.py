"""The switch between the two builds of the search kernel, readable without loading either.

:mod:`game.ai.backend` chooses the build when it is first imported; the window names the
build the worker will run without importing the kernel (:mod:`game.ui.engine_link`).
Both read the switch here, so they cannot disagree about it.
"""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path
from typing import Final

PURE_ENV: Final = "CONNECT4_PURE_PYTHON"
"""Set to 1 to run the pure-Python kernel even when the compiled one is installed."""


def forced_pure() -> bool:
    """Whether :data:`PURE_ENV` asks for the pure kernel (any value but empty or ``0``)."""
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")


def compiled_kernel_installed() -> bool:
    """Whether the compiled kernel's extension file lies beside :mod:`game.ai`, found
    without loading it (importing the kernel costs about 16 ms; a file that is there but
    does not load is the one case this cannot see: the worker's log and the self-test
    tell it)."""
    folder = Path(__file__).resolve().parent
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return any((folder / f"_ckernel{suffix}").is_file() for suffix in suffixes)
