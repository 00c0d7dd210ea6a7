"""The system clipboard, where pygame-ce offers it: ``pygame.scrap.put_text`` and
``get_text`` (SDL's clipboard, pygame-ce 2.2 and later; they need the window open).

Where there is no clipboard (no window, a system SDL cannot reach), copying says so and
pasting finds nothing: the caller shows the text instead, or the player types it.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; whether that worked."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError) as error:
        log.info("no clipboard to copy to: %s", error)
        return False
    return True


def paste_text() -> str | None:
    """The text on the clipboard (None: none, or no clipboard)."""
    try:
        if not pygame.scrap.has_text():
            return None
        return pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError) as error:
        log.info("no clipboard to paste from: %s", error)
        return None
