"""Synthesise the game's sound effects into assets/sounds/ (standard library only).

Usage::

    python build_scripts/make_sounds.py [--out FOLDER]

Writes five 16-bit mono 44.1 kHz WAV files, each well under 1.5 s:

* ``drop.wav``  a disc landing: a short plastic clack (filtered noise burst over
  a low thump) and a softer second tap as the disc settles;
* ``win.wav``   a bright rising arpeggio (C5 E5 G5) ending on a held C major chord;
* ``loss.wav``  a mellow falling phrase (G4 E-flat4 C4) that sags at the end;
* ``draw.wav``  a neutral two-tone chime (E5 then C5);
* ``click.wav`` a soft, very short tick for menu buttons.

The output is deterministic: the "noise" comes from a fixed linear congruential
generator, every sound is normalised to a fixed peak below full scale (so
nothing clips), and the WAV header has no timestamp.  Running the script twice
gives identical bytes, which tests/test_assets.py checks against the committed
files.  The sounds are the project's own work, under the project's MIT licence.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

RATE = 44100
"""Samples per second: the mixer's usual rate, so nothing is resampled at run time."""

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"

Samples = list[float]
"""Mono samples, nominally in -1..1 before normalisation."""

HARMONICS_BRIGHT = ((1.0, 1.0), (2.0, 0.45), (3.0, 0.25), (4.0, 0.12), (5.0, 0.06))
HARMONICS_MELLOW = ((1.0, 1.0), (2.0, 0.2), (3.0, 0.07))
HARMONICS_BELL = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05))


# -- building blocks ---------------------------------------------------------------


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    """Add ``sound`` into ``into`` starting ``at`` seconds; ``into`` must be long enough."""
    start = round(at * RATE)
    for i, value in enumerate(sound):
        into[start + i] += gain * value


def noise(seconds: float, seed: int) -> Samples:
    """White noise in -1..1 from a 31-bit LCG: the same numbers on every machine."""
    state = seed
    out: Samples = []
    for _ in range(round(seconds * RATE)):
        state = (1103515245 * state + 12345) & 0x7FFFFFFF
        out.append(state / 0x3FFFFFFF - 1.0)
    return out


def resonate(signal: Samples, centre: float, bandwidth: float) -> Samples:
    """A two-pole resonator (band-pass) at ``centre`` Hz, ``bandwidth`` Hz wide."""
    radius = math.exp(-math.pi * bandwidth / RATE)
    a1 = 2.0 * radius * math.cos(2.0 * math.pi * centre / RATE)
    a2 = radius * radius
    gain = 1.0 - radius  # keeps the peak near the input's level
    y1 = y2 = 0.0
    out: Samples = []
    for x in signal:
        y = gain * x + a1 * y1 - a2 * y2
        out.append(y)
        y1, y2 = y, y1
    return out


def decay(signal: Samples, seconds: float, attack: float = 0.0) -> Samples:
    """Shape ``signal`` with a linear attack and an exponential decay (time constant)."""
    out: Samples = []
    attack_n = max(1, round(attack * RATE))
    for i, value in enumerate(signal):
        t = i / RATE
        level = math.exp(-t / seconds)
        if i < attack_n:
            level *= i / attack_n
        out.append(value * level)
    return out


@dataclass(frozen=True, slots=True)
class Timbre:
    """How a note sounds: additive partials (ratio, amplitude), a linear ``attack`` and
    an exponential decay of time constant ``tau`` (seconds both)."""

    harmonics: Sequence[tuple[float, float]]
    attack: float = 0.008
    tau: float = 0.25


def note(
    frequency: float, seconds: float, timbre: Timbre, *, bend: float = 0.0, vibrato: float = 0.0
) -> Samples:
    """One pitched note: the partials of ``timbre`` under its envelope.

    ``bend`` glides the pitch by that fraction over the note (-0.03: down 3%);
    ``vibrato`` is a 5.5 Hz pitch wobble of that fraction.  The last 30 ms fade
    to zero so a note never ends with a click.
    """
    harmonics, attack, tau = timbre.harmonics, timbre.attack, timbre.tau
    count = round(seconds * RATE)
    fade = min(count, round(0.03 * RATE))
    phase = 0.0
    out: Samples = []
    for i in range(count):
        t = i / RATE
        wobble = 1.0 + vibrato * math.sin(2.0 * math.pi * 5.5 * t)
        current = frequency * (1.0 + bend * t / seconds) * wobble
        phase += 2.0 * math.pi * current / RATE
        value = 0.0
        for ratio, amplitude in harmonics:
            value += amplitude * math.sin(ratio * phase)
        level = math.exp(-t / tau) * min(1.0, t / attack if attack > 0 else 1.0)
        if i >= count - fade:
            level *= (count - i) / fade
        out.append(value * level)
    return out


def normalise(signal: Samples, peak: float) -> Samples:
    """Scale so the loudest sample is ``peak`` (below 1.0: no clipping)."""
    loudest = max(abs(v) for v in signal)
    return [v * peak / loudest for v in signal]


def fade_out(signal: Samples, seconds: float) -> Samples:
    count = min(len(signal), round(seconds * RATE))
    out = list(signal)
    for i in range(count):
        out[len(out) - count + i] *= (count - i) / count
    return out


# -- the sounds ---------------------------------------------------------------------


def clack(seed: int, pitch: float = 1.0) -> Samples:
    """The hard part of a disc hitting plastic: noise ringing in three short bands."""
    burst = decay(noise(0.06, seed), 0.004, attack=0.0004)
    out = silence(0.06)
    for centre, width, gain in ((1150.0, 260.0, 1.0), (2500.0, 420.0, 0.8), (4200.0, 900.0, 0.5)):
        mix(out, resonate(burst, centre * pitch, width), 0.0, gain)
    return out


def drop() -> Samples:
    out = silence(0.26)
    thump = note(190.0, 0.1, Timbre(((1.0, 1.0), (2.0, 0.15)), attack=0.001, tau=0.014), bend=-0.35)
    mix(out, thump, 0.0, 0.2)
    mix(out, clack(seed=11), 0.0, 1.0)
    mix(out, clack(seed=29, pitch=1.12), 0.048, 0.35)  # the disc settles: a lighter tap
    return fade_out(normalise(out, 0.85), 0.02)


def win() -> Samples:
    out = silence(1.05)
    arpeggio = (523.25, 659.26, 783.99)
    for i, frequency in enumerate(arpeggio):
        mix(out, note(frequency, 0.2, Timbre(HARMONICS_BRIGHT, tau=0.18)), 0.09 * i, 0.8)
    chord_at = 0.09 * len(arpeggio)
    for frequency, gain in ((1046.50, 0.8), (1318.51, 0.3), (783.99, 0.3)):
        held = note(frequency, 0.75, Timbre(HARMONICS_BRIGHT, tau=0.4), vibrato=0.004)
        mix(out, held, chord_at, gain)
    return fade_out(normalise(out, 0.7), 0.08)


def loss() -> Samples:
    out = silence(1.2)
    phrase = ((392.00, 0.0, 0.3, 0.0), (311.13, 0.22, 0.3, 0.0), (261.63, 0.44, 0.74, -0.04))
    for frequency, at, seconds, bend in phrase:
        tone = note(frequency, seconds, Timbre(HARMONICS_MELLOW, attack=0.02, tau=0.3), bend=bend)
        mix(out, tone, at, 0.8)
    return fade_out(normalise(out, 0.7), 0.1)


def draw() -> Samples:
    out = silence(0.75)
    for frequency, at in ((659.25, 0.0), (523.25, 0.22)):
        mix(out, note(frequency, 0.5, Timbre(HARMONICS_BELL, attack=0.004, tau=0.18)), at)
    return fade_out(normalise(out, 0.6), 0.05)


def click() -> Samples:
    out = silence(0.04)
    mix(out, note(1800.0, 0.04, Timbre(((1.0, 1.0),), attack=0.0005, tau=0.006)), 0.0)
    mix(out, resonate(decay(noise(0.03, 7), 0.002), 3500.0, 800.0), 0.0, 0.8)
    return normalise(out, 0.5)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "drop.wav": drop,
    "win.wav": win,
    "loss.wav": loss,
    "draw.wav": draw,
    "click.wav": click,
}
"""Every file this script writes, and the function that makes it."""


# -- output ---------------------------------------------------------------------------


def pcm16(signal: Samples) -> bytes:
    """Little-endian signed 16-bit samples, rounded and clamped to full scale."""
    ints = [max(-32768, min(32767, round(v * 32767))) for v in signal]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, signal: Samples) -> None:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(pcm16(signal))


def generate(out: Path) -> list[Path]:
    """Write every sound into ``out`` (created if needed); return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = out / name
        write_wav(path, make())
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the game's sounds into WAV files.")
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})"
    )
    args = parser.parse_args(argv)
    try:
        written = generate(args.out)
    except OSError as error:
        print(f"cannot write the sounds: {error}", file=sys.stderr)
        return 1
    for path in written:
        with wave.open(str(path), "rb") as wav:
            seconds = wav.getnframes() / wav.getframerate()
        print(f"wrote {path} ({seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
