"""SDL's dummy drivers for the length of a block: the window and the sound open nowhere,
so a program with no screen or sound card can draw frames (the self-test, the
screenshots).  Imports no pygame: SDL reads the drivers when pygame starts them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

DUMMY_DRIVERS = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}


@contextmanager
def dummy_drivers(**more: str) -> Iterator[None]:
    """The dummy drivers, and the environment variables ``more``, while the block runs;
    each variable's previous value (or its absence) afterwards."""
    values = {**DUMMY_DRIVERS, **more}
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
