"""Sound effects: a drop, a win, a loss, a draw, a click.

With no audio device the mixer cannot start: :attr:`SoundBank.available` stays
False, the settings say so instead of offering a volume, and M says so instead of
switching a sound that cannot play.  What the audio libraries print while SDL looks
for a device (ALSA's "cannot find card '0'" lines, on a machine without one) goes
to the game's log, once, not to the terminal.  A missing sound file is logged and
kept in :attr:`SoundBank.missing`, a damaged one in :attr:`SoundBank.problems`; the
window tells the player, and the other sounds still play.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

import pygame

from game.i18n import gettext as _
from game.resources import SOUNDS, MissingAssetError, asset_path

log = logging.getLogger(__name__)


class SoundBank:
    """The game's sounds by role (:data:`game.resources.SOUNDS`); call :meth:`load` once."""

    def __init__(self) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.enabled = True
        self.volume = 0.7
        self.problems: list[str] = []
        self.missing: list[MissingAssetError] = []

    def load(self) -> None:
        """Start the mixer and load every sound.  Never raises."""
        started = False
        with stderr_to_log() as said:
            try:
                pygame.mixer.pre_init(44100, -16, 2, 512)
                pygame.mixer.init()
                started = pygame.mixer.get_init() is not None
            except pygame.error as error:
                log.info("no audio device, sound is off: %s", error)
        if said:
            log.info("the audio system said, looking for a device: %s", " | ".join(said))
        if not started:
            log.info("the mixer did not start; sound is off")
            return
        self.available = True
        for role, relative in SOUNDS.items():
            try:
                sound = pygame.mixer.Sound(str(asset_path(relative)))
            except MissingAssetError as error:
                log.error("%s", error)
                self.missing.append(error)
                continue
            except (pygame.error, OSError) as error:
                message = _(
                    "The sound {file!r} could not be loaded ({error}); it stays silent."
                ).format(file=relative, error=error)
                log.error("%s", message)
                self.problems.append(message)
                continue
            self._sounds[role] = sound
        self.set_volume(self.volume)

    def set_volume(self, volume: float) -> None:
        """``volume`` from 0 to 1."""
        self.volume = min(max(volume, 0.0), 1.0)
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def play(self, role: str) -> None:
        """Play the sound of ``role`` ("drop", "win", ...) if sound is on and it loaded."""
        if not self.enabled or self.volume <= 0:
            return
        sound = self._sounds.get(role)
        if sound is not None:
            sound.play()

    def close(self) -> None:
        self._sounds.clear()
        if self.available and pygame.mixer.get_init() is not None:
            pygame.mixer.quit()
        self.available = False


def no_device_sentence() -> str:
    """Told when M is pressed on a machine without a sound device."""
    return _("There is no sound device: the game stays silent.")


@contextlib.contextmanager
def stderr_to_log() -> Iterator[list[str]]:
    """While the block runs, what is written on the process's standard error (file
    descriptor 2, where C libraries such as ALSA print) goes to a temporary file; its
    lines are in the yielded list afterwards.  Where there is no descriptor 2 to
    redirect (a windowed build), nothing is captured."""
    said: list[str] = []
    try:
        saved = os.dup(2)
    except OSError:
        yield said
        return
    try:
        with tempfile.TemporaryFile() as capture:
            with contextlib.suppress(ValueError, OSError):
                sys.stderr.flush()
            os.dup2(capture.fileno(), 2)
            try:
                yield said
            finally:
                os.dup2(saved, 2)
                capture.seek(0)
                text = capture.read().decode("utf-8", errors="replace")
                said.extend(line for line in text.splitlines() if line.strip())
    finally:
        os.close(saved)
