"""Which build of the search kernel runs: compiled (``game.ai._ckernel``) or pure Python.

:mod:`game.ai.kernel` is one source with two builds (see its docstring).  The
compiled one is used when it was built at install and imports; otherwise, or when
the environment variable :data:`~game.ai.kernel_switch.PURE_ENV` is set to a non-empty
value other than ``0``, the same source runs as plain Python, with the same answers,
slower.

:data:`KERNEL` is the chosen module and :data:`KERNEL_NAME` says which it is, in
the words the self-test, the engine command line and the How to play screen show:
``compiled`` or ``pure Python (<why>)``.  Importing this module logs nothing and
touches no file; the choice is made once, at its first import.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from game.ai import kernel as pure_kernel
from game.ai.kernel_switch import PURE_ENV, forced_pure


def load_compiled() -> ModuleType | None:
    """The compiled kernel, or None when it was not built (or does not load here)."""
    try:
        from game.ai import _ckernel  # noqa: PLC0415
    except ImportError:
        return None
    return _ckernel


def _choose() -> tuple[ModuleType, str]:
    if forced_pure():
        return pure_kernel, f"pure Python ({PURE_ENV} is set)"
    compiled = load_compiled()
    if compiled is None:
        return pure_kernel, "pure Python (the compiled kernel is not installed)"
    return compiled, "compiled"


_chosen, KERNEL_NAME = _choose()
if TYPE_CHECKING:  # both builds have the interface of the source
    KERNEL = pure_kernel
else:
    KERNEL = _chosen
IS_COMPILED = KERNEL is not pure_kernel


def missing_kernel_warning() -> str | None:
    """What to tell the player when the compiled kernel was not built (None when it runs,
    or when the pure one was asked for with :data:`~game.ai.kernel_switch.PURE_ENV`)."""
    if IS_COMPILED or forced_pure():
        return None
    return (
        "the compiled engine kernel is not installed (no C compiler at install time?): "
        "the computer plays the same moves, but thinks much more slowly"
    )
