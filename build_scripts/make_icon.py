"""Draw the game's icon with pygame (offscreen, no window) and write it in every format.

Usage::

    python build_scripts/make_icon.py [--out FOLDER]

The motif is a piece of the blue Connect Four grid holding red and yellow
discs.  One drawing does not suit every size, so there are three layouts:

* 16 and 32 px: a 2x2 grid (red and yellow on the diagonals), flat colours;
* 48 px: a 3x3 grid with three reds rising on the diagonal;
* 64 px and up: a 4x4 grid with four reds on the diagonal (a connected four),
  discs with a rim and a highlight.

Each image is drawn at four times its size with pygame's (aliased) shapes and
scaled down with ``smoothscale``, which gives clean anti-aliased edges.  The
files written into ``assets/icons/``:

* ``connect4.png`` (256x256) and ``connect4-48.png`` (the window icon);
* ``connect4.ico``: an ICO container holding PNG images of 16, 32, 48 and 256 px
  (Windows Vista and later read PNG entries);
* ``connect4.icns``: an ICNS container holding PNG images (icp4 16, icp5 32,
  ic07 128, ic08 256, ic09 512, and the Retina ic13 256 / ic14 512).

PNG, ICO and ICNS are encoded here with ``zlib`` and ``struct`` rather than by
pygame, so the bytes depend only on the pixels: running the script twice gives
identical files, and tests/test_assets.py checks the committed ones.  The icon
is the project's own work, under the project's MIT licence.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "icons"

SUPERSAMPLE = 4
"""Each image is drawn this many times larger, then scaled down (anti-aliasing)."""

Colour = tuple[int, int, int]

BOARD: Colour = (32, 84, 204)
BOARD_EDGE: Colour = (20, 52, 140)
HOLE: Colour = (16, 24, 56)
RED: Colour = (224, 44, 44)
RED_RIM: Colour = (160, 22, 30)
YELLOW: Colour = (250, 202, 36)
YELLOW_RIM: Colour = (196, 140, 12)
HIGHLIGHT = (255, 255, 255, 70)

E, R, Y = ".", "R", "Y"
LAYOUTS: dict[int, tuple[str, ...]] = {
    2: ("RY", "YR"),
    3: ("..R", ".RY", "RYY"),
    4: ("...R", "..RY", ".RYY", "RYYR"),
}
"""Rows from top to bottom: R red, Y yellow, . an empty hole."""

PNG_SIZES = {"connect4.png": 256, "connect4-48.png": 48}
ICO_SIZES = (16, 32, 48, 256)
ICNS_ENTRIES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic13", 256),
    (b"ic14", 512),
)


def _grid_for(size: int) -> int:
    if size <= 32:
        return 2
    if size < 64:
        return 3
    return 4


def draw_icon(size: int) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` 32-bit surface with per-pixel alpha."""
    import pygame  # noqa: PLC0415 - build tool: imported only when drawing

    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    # Transparent pixels carry the board's colour, so the edge blend in
    # smoothscale does not pull in a dark fringe.
    canvas.fill((*BOARD_EDGE, 0))

    detailed = size >= 64
    inset = 0 if size <= 32 else round(big * 0.03)
    side = big - 2 * inset
    radius = round(side * (0.16 if detailed else 0.2))
    pygame.draw.rect(canvas, BOARD_EDGE, (inset, inset, side, side), border_radius=radius)
    if detailed:
        lip = round(side * 0.025)
        face = (inset + lip, inset + lip, side - 2 * lip, side - 2 * lip)
        pygame.draw.rect(canvas, BOARD, face, border_radius=radius - lip)
    else:
        pygame.draw.rect(canvas, BOARD, (inset, inset, side, side), border_radius=radius)

    layout = LAYOUTS[_grid_for(size)]
    count = len(layout)
    pad = side * (0.07 if detailed else 0.06)
    cell = (side - 2 * pad) / count
    disc = cell * (0.4 if detailed else 0.38)
    for row, line in enumerate(layout):
        for col, kind in enumerate(line):
            centre = (
                round(inset + pad + (col + 0.5) * cell),
                round(inset + pad + (row + 0.5) * cell),
            )
            _draw_disc(canvas, kind, centre, disc, detailed=detailed)
    return pygame.transform.smoothscale(canvas, (size, size))


def _draw_disc(
    canvas: pygame.Surface, kind: str, centre: tuple[int, int], radius: float, *, detailed: bool
) -> None:
    import pygame  # noqa: PLC0415 - see draw_icon

    if kind == E:
        pygame.draw.circle(canvas, HOLE, centre, round(radius))
        return
    face, rim = (RED, RED_RIM) if kind == R else (YELLOW, YELLOW_RIM)
    if not detailed:
        pygame.draw.circle(canvas, face, centre, round(radius))
        return
    pygame.draw.circle(canvas, rim, centre, round(radius))
    pygame.draw.circle(canvas, face, centre, round(radius * 0.8))
    # A soft crescent of light at the top left: drawn on its own layer, then blended.
    glow = round(radius * 0.62)
    offset = round(radius * 0.18)
    shine = pygame.Surface((2 * glow + 1, 2 * glow + 1), pygame.SRCALPHA)
    pygame.draw.circle(shine, HIGHLIGHT, (glow, glow), glow)
    pygame.draw.circle(shine, (0, 0, 0, 0), (glow + offset, glow + offset), glow)
    canvas.blit(shine, (centre[0] - glow, centre[1] - glow))


# -- encoders ---------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(surface: pygame.Surface) -> bytes:
    """An 8-bit RGBA PNG of ``surface``: deterministic for the same pixels."""
    import pygame  # noqa: PLC0415 - see draw_icon

    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGBA")
    stride = width * 4
    # Filter type 0 (none) on every row: simple, and the icons are small.
    raw = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw, 9))
        + _chunk(b"IEND", b"")
    )


def ico_bytes(images: Sequence[tuple[int, bytes]]) -> bytes:
    """An ICO file of (size, PNG bytes) entries; a size of 256 is stored as 0."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, payload = b"", b""
    for size, png in images:
        stored = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", stored, stored, 0, 0, 1, 32, len(png), offset)
        payload += png
        offset += len(png)
    return header + entries + payload


def icns_bytes(entries: Sequence[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file of (OSType, PNG bytes) entries; lengths include the 8-byte headers."""
    body = b"".join(kind + struct.pack(">I", len(png) + 8) + png for kind, png in entries)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


# -- output ---------------------------------------------------------------------------


def generate(out: Path) -> list[Path]:
    """Draw every size and write every icon file into ``out``; return the paths."""
    sizes = sorted({*PNG_SIZES.values(), *ICO_SIZES, *(size for _, size in ICNS_ENTRIES)})
    pngs = {size: png_bytes(draw_icon(size)) for size in sizes}
    files = {name: pngs[size] for name, size in PNG_SIZES.items()}
    files["connect4.ico"] = ico_bytes([(size, pngs[size]) for size in ICO_SIZES])
    files["connect4.icns"] = icns_bytes([(kind, pngs[size]) for kind, size in ICNS_ENTRIES])
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the game's icon in PNG, ICO and ICNS.")
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        written = generate(args.out)
    except OSError as error:
        print(f"cannot write the icons: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
