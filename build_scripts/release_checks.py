"""What the release's Linux files need and carry, checked without GitHub.

``build.py --check-glibc`` (which the release workflow runs on Linux) and
``build.py --release-dry-run`` use these checks:

* **glibc.**  The Linux executable is a small launcher (unpack_once.c) with a
  pack appended: PyInstaller's folder, its bootloader, the Python runtime, the
  extension modules and the libraries they link to (a PyInstaller one-file is
  read too: its bootloader with its archive).  glibc is never
  bundled, so the oldest system the executable runs on is set by the newest
  ``GLIBC_x.y`` symbol version that the launcher or any bundled ELF file asks
  of it: the undefined symbols of ``objdump -T`` (binutils, which PyInstaller
  itself needs on Linux).  Libraries built on the build machine (libpython, the
  standard library's extensions, a bundled libstdc++) usually set it; the wheels'
  own libraries are built for old systems.  README promises a version ("needs
  glibc 2.31 or newer"), and the check fails above it.
* **the compiled kernel** in the wheel (the same import check the release's
  cibuildwheel runs) and in the executable's archive.

The parsing and the comparisons are plain functions of text, tested in
tests/test_packaging.py; only :func:`executable_elf_files`,
:func:`glibc_needs_of` and :func:`check_wheel_kernel` touch files and programs.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

import unpack_once

Version = tuple[int, ...]
"""A glibc version as numbers: ``(2, 31)`` for 2.31, ``(2, 2, 5)`` for 2.2.5."""

Needs = dict[Version, set[str]]
"""The symbols one ELF file takes from glibc, by the version each asks for."""

BOOTLOADER = "(the launcher)"
"""The name :func:`glibc_needs_of` gives the executable's own ELF part."""

KERNEL_PREFIX = "game/ai/_ckernel."
"""The compiled kernel's file name starts so (``game.ai._ckernel``, setup.py)."""

WHEEL_KERNEL_CHECK = "import game.ai.backend as b; assert b.IS_COMPILED, b.KERNEL_NAME"
"""The Python that fails unless the compiled kernel loads: the release runs it in
every wheel it builds (``CIBW_TEST_COMMAND``), the dry run in the one it builds."""

MANYLINUX_POLICY = "manylinux_2_28"
"""The manylinux image cibuildwheel (3.x) builds the release's Linux wheels in; the
dry run gives its wheel the tags auditwheel gives there."""


class CheckError(Exception):
    """A check could not run (a tool or a file is missing); the message says which."""


_UNDEFINED_GLIBC = re.compile(r"\*UND\*.*?\bGLIBC_(?P<version>\d+(?:\.\d+)+)\)?\s+(?P<symbol>\S+)")
_PROMISE = re.compile(r"needs glibc (?P<version>\d+(?:\.\d+)+) or newer")


def parse_version(text: str) -> Version:
    """``"2.31"`` gives (2, 31).  Raises ValueError for anything but dotted numbers."""
    if not re.fullmatch(r"\d+(?:\.\d+)*", text.strip()):
        raise ValueError(f"{text!r} is not a version like 2.31")
    return tuple(int(part) for part in text.strip().split("."))


def format_version(version: Version) -> str:
    return ".".join(str(part) for part in version)


def glibc_needs(objdump_output: str) -> Needs:
    """The glibc symbol versions in ``objdump -T`` output, undefined symbols only.

    A library's own (defined) symbols do not bind to glibc; ``GLIBC_PRIVATE``
    and other libraries' versions (``GLIBCXX_3.4``, ``GCC_3.0``) are not glibc's
    public versions and are left out.
    """
    needs: Needs = {}
    for line in objdump_output.splitlines():
        match = _UNDEFINED_GLIBC.search(line)
        if match is not None:
            needs.setdefault(parse_version(match["version"]), set()).add(match["symbol"])
    return needs


def highest(needs_by_file: Mapping[str, Needs]) -> Version | None:
    """The newest glibc version any of the files needs (None: none needs glibc)."""
    versions = [version for needs in needs_by_file.values() for version in needs]
    return max(versions, default=None)


def over_limit(
    needs_by_file: Mapping[str, Needs], limit: Version
) -> list[tuple[str, Version, list[str]]]:
    """Each file that needs a glibc newer than ``limit``: its newest version and the
    symbols that ask for it, newest first, then by name."""
    found = []
    for name, needs in needs_by_file.items():
        newest = max(needs, default=None)
        if newest is not None and newest > limit:
            found.append((name, newest, sorted(needs[newest])))
    return sorted(found, key=lambda row: (tuple(-part for part in row[1]), row[0]))


def promised_glibc(readme: str) -> Version:
    """The glibc version README promises the Linux executable runs on ("needs glibc
    2.31 or newer").  Raises ValueError if README promises none, or two different."""
    promises = {parse_version(match["version"]) for match in _PROMISE.finditer(readme)}
    if len(promises) != 1:
        found = ", ".join(sorted(format_version(v) for v in promises)) or "none"
        raise ValueError(
            f'README should say once which glibc Linux needs ("needs glibc 2.31 or newer");'
            f" found {found}"
        )
    return promises.pop()


def describe_needs(
    needs_by_file: Mapping[str, Needs], limit: Version, limit_source: str = "README promises"
) -> list[str]:
    """Lines for a person: the newest version needed, against ``limit`` (which
    ``limit_source`` names), and every file above it with the symbols that set it."""
    newest = highest(needs_by_file)
    if newest is None:
        return ["glibc: the executable needs no versioned glibc symbol"]
    files = sorted(name for name, needs in needs_by_file.items() if newest in needs)
    lines = [
        f"glibc: the executable needs GLIBC_{format_version(newest)}"
        f" ({', '.join(files)}); {limit_source} glibc {format_version(limit)}"
    ]
    bootloader = max(needs_by_file.get(BOOTLOADER, {}), default=None)
    if bootloader is not None:
        lines.append(f"  the launcher alone needs GLIBC_{format_version(bootloader)}")
    for name, version, symbols in over_limit(needs_by_file, limit):
        shown = ", ".join(symbols[:4]) + (", ..." if len(symbols) > 4 else "")
        lines.append(f"  over the promise: {name} needs GLIBC_{format_version(version)} ({shown})")
    return lines


def kernel_files(names: Iterable[str]) -> list[str]:
    """The compiled kernel among archive member names (a wheel's or the executable's)."""
    return sorted(
        name
        for name in names
        if name.replace("\\", "/").startswith(KERNEL_PREFIX) and name.endswith((".so", ".pyd"))
    )


# -- on files ----------------------------------------------------------------------------


def _pack(executable: Path) -> unpack_once.Pack | None:
    """The pack appended to our Linux launcher, or None for a PyInstaller one-file."""
    try:
        return unpack_once.read(executable)
    except unpack_once.PackError:
        return None


def executable_elf_files(executable: Path, folder: Path) -> dict[str, Path]:
    """Every ELF file the executable carries (in its pack or its PyInstaller archive),
    written into ``folder``, by its name there.  A PyInstaller one-file's archive needs
    PyInstaller (the build extra)."""
    pack = _pack(executable)
    if pack is not None:
        found = {}
        files = [entry for entry in pack.entries if entry.kind == "F"]
        for index, entry in enumerate(files):
            data = unpack_once.extract(executable, entry)
            if data.startswith(b"\x7fELF"):
                path = folder / f"{index:04d}-{Path(entry.path).name}"
                path.write_bytes(data)
                found[entry.path] = path
        return found
    from PyInstaller.archive.readers import CArchiveReader  # noqa: PLC0415 - build extra

    archive = CArchiveReader(str(executable))
    found = {}
    for index, name in enumerate(sorted(archive.toc)):
        data = archive.extract(name)
        if isinstance(data, bytes) and data.startswith(b"\x7fELF"):
            path = folder / f"{index:04d}-{Path(name).name}"
            path.write_bytes(data)
            found[name] = path
    return found


def archive_names(executable: Path) -> list[str]:
    """The names of the files the executable carries, as the game finds them (a pack's
    ``_internal/`` folder, PyInstaller's, left out)."""
    pack = _pack(executable)
    if pack is not None:
        return sorted(
            entry.path.removeprefix("_internal/") for entry in pack.entries if entry.kind == "F"
        )
    from PyInstaller.archive.readers import CArchiveReader  # noqa: PLC0415 - build extra

    return sorted(CArchiveReader(str(executable)).toc)


def objdump_symbols(path: Path) -> str:
    """``objdump -T``: the dynamic symbols of an ELF file, with their versions."""
    try:
        result = subprocess.run(
            ["objdump", "-T", str(path)], capture_output=True, text=True, check=False
        )
    except FileNotFoundError as error:
        raise CheckError(
            "objdump is missing: install binutils (PyInstaller needs it too)"
        ) from error
    if result.returncode != 0:
        raise CheckError(f"objdump -T {path.name} failed: {result.stderr.strip()}")
    return result.stdout


def glibc_needs_of(executable: Path) -> dict[str, Needs]:
    """What the executable's own ELF part (our launcher, or PyInstaller's bootloader) and
    each ELF file it carries need of glibc."""
    needs = {BOOTLOADER: glibc_needs(objdump_symbols(executable))}
    with tempfile.TemporaryDirectory(prefix="connect4-elf-") as scratch:
        for name, path in executable_elf_files(executable, Path(scratch)).items():
            needs[name] = glibc_needs(objdump_symbols(path))
    return needs


def check_wheel_kernel(wheel: Path) -> str | None:
    """None if ``wheel`` carries the compiled kernel and it loads (the release's own
    check, run on the wheel's files alone), else what is wrong."""
    with zipfile.ZipFile(wheel) as archive:
        if not kernel_files(archive.namelist()):
            return f"{wheel.name} has no compiled kernel ({KERNEL_PREFIX}*.so)"
        with tempfile.TemporaryDirectory(prefix="connect4-wheel-") as scratch:
            archive.extractall(scratch)
            # -S: no site-packages (where the editable install of the source tree would
            # answer), so only the unpacked wheel, the working folder, is importable.
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            result = subprocess.run(
                [sys.executable, "-S", "-c", WHEEL_KERNEL_CHECK],
                cwd=scratch,
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
    if result.returncode != 0:
        lines = result.stderr.strip().splitlines()
        return f"the compiled kernel of {wheel.name} does not load: {lines[-1] if lines else '?'}"
    return None
