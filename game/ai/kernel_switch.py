"""The switch between the two builds of the search kernel, readable without loading either.

:mod:`game.ai.backend` chooses the build when it is first imported; the window names the
build the worker will run without importing the kernel (:mod:`game.ui.engine_link`).
Both read the switch here, so they cannot disagree about it.
"""

from __future__ import annotations

import os
from typing import Final

PURE_ENV: Final = "CONNECT4_PURE_PYTHON"
"""Set to 1 to run the pure-Python kernel even when the compiled one is installed."""


def forced_pure() -> bool:
    """Whether :data:`PURE_ENV` asks for the pure kernel (any value but empty or ``0``)."""
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")
