"""The release machinery without building: workflows, spec, build script, self-test.

Building the executable takes minutes, so CI runs ``build_scripts/build.py
--self-test`` separately; here the spec is executed with stand-ins for
PyInstaller's classes, which shows what each platform's build would be given.
"""

from __future__ import annotations

import importlib.metadata
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
import wave
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

import game
from game import resources, selftest
from game.ai import backend
from game.ai.backend import KERNEL_NAME
from game.selftest.window import check_sound_header
from game.ui import text as text_module
from tests.conftest import build_script

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
SPEC = ROOT / "build_scripts" / "connect4.spec"


build = build_script("build", alias="connect4_build_under_test")
# Under its own name: build.py imports it so when it runs as a script.
release_checks = build_script("release_checks")


# -- the workflows ---------------------------------------------------------------


def _workflow(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{name} is not a YAML mapping"
    # YAML 1.1 reads the bare key `on` as the boolean True.
    data["on"] = data.pop(True, data.get("on"))
    return data


def _steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    steps = job["steps"]
    assert isinstance(steps, list)
    return steps


def _runs(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) for step in _steps(job))


def _uses(job: dict[str, Any], action: str) -> dict[str, Any]:
    matches = [s for s in _steps(job) if str(s.get("uses", "")).startswith(action + "@")]
    assert len(matches) == 1, f"expected one step using {action}, found {len(matches)}"
    return matches[0]


def test_release_workflow_builds_on_three_systems_when_a_version_tag_is_pushed() -> None:
    workflow = _workflow("release.yml")
    assert workflow["on"] == {"push": {"tags": ["v*"]}}

    build_job = workflow["jobs"]["build"]
    # Windows, and macOS on both processors (macos-latest is Apple silicon only).
    assert set(build_job["strategy"]["matrix"]["os"]) == {
        "windows-latest",
        "macos-latest",
        "macos-15-intel",
    }
    assert build_job["runs-on"] == "${{ matrix.os }}"
    assert _uses(build_job, "actions/setup-python")["with"]["python-version"] == "3.11"
    linux = workflow["jobs"]["build-linux"]
    assert linux["container"] == "python:3.11-bullseye"  # glibc 2.31: runs on older systems
    for job in (build_job, linux):
        runs = _runs(job)
        assert 'pip install -e ".[build]"' in runs
        assert "python build_scripts/build.py --self-test" in runs
        upload = _uses(job, "actions/upload-artifact")
        assert upload["with"]["path"].startswith("dist/")
        assert upload["with"]["if-no-files-found"] == "error"
    assert "codesign --verify --deep --strict" in _runs(build_job)


def test_release_workflow_builds_wheels_with_the_compiled_kernel_and_an_sdist() -> None:
    jobs = _workflow("release.yml")["jobs"]
    wheels = jobs["wheels"]
    assert {"ubuntu-latest", "windows-latest", "macos-latest", "macos-15-intel"} == set(
        wheels["strategy"]["matrix"]["os"]
    )
    cibuildwheel = _uses(wheels, "pypa/cibuildwheel")
    # The dry run checks its wheel with the same Python.
    check = f'python -c "{release_checks.WHEEL_KERNEL_CHECK}"'
    assert cibuildwheel["env"]["CIBW_TEST_COMMAND"] == check
    assert "python -m build --sdist" in _runs(jobs["sdist"])


def test_release_workflow_attaches_the_built_files_to_a_release() -> None:
    jobs = _workflow("release.yml")["jobs"]
    release = jobs["release"]
    assert set(release["needs"]) == {"build", "build-linux", "wheels", "sdist"}
    assert release["permissions"] == {"contents": "write"}
    download = _uses(release, "actions/download-artifact")
    # The runner's gh rather than a third-party action (zizmor: superfluous-actions).
    (publish,) = [s for s in _steps(release) if "gh release create" in str(s.get("run", ""))]
    assert f"{download['with']['path']}/*" in publish["run"]
    assert "--verify-tag" in publish["run"] and "--draft" in publish["run"]
    assert publish["env"]["GH_TOKEN"] == "${{ github.token }}"


def test_the_linux_release_fails_on_a_newer_glibc_than_readme_promises() -> None:
    linux = _workflow("release.yml")["jobs"]["build-linux"]
    assert "build_scripts/build.py --self-test --check-glibc" in _runs(linux)


def test_readme_links_the_releases_and_says_what_debian_needs_for_its_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play = readme[: readme.index("<!-- PLAY-COMMAND -->")]
    # A link relative to the README, which GitHub resolves to <owner>/<repo>/releases.
    assert "[releases page](../../releases/latest)" in play
    assert "`python3-venv`" in play and "apt install python3-venv" in play
    develop = readme[readme.index("## Develop") : readme.index("<!-- TEST-COMMAND -->")]
    assert "`python3-venv`" in develop


def test_tests_workflow_runs_ci_run_on_every_push_and_pull_request() -> None:
    """One script for CI here and on GitHub, so that the two cannot drift apart."""
    workflow = _workflow("tests.yml")
    assert set(workflow["on"]) == {"push", "pull_request"}
    (job,) = workflow["jobs"].values()
    assert job["runs-on"].startswith("ubuntu")
    assert _uses(job, "actions/setup-python")["with"]["python-version"] == "3.11"
    assert [s["run"] for s in _steps(job) if "run" in s] == ["bash .ci/run"]


def test_ci_run_extracts_readmes_test_command() -> None:
    """The sed pipeline .ci/run uses yields the command README shows."""
    if shutil.which("bash") is None or shutil.which("sed") is None:
        pytest.skip("needs bash and sed, as .ci/run does")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index("<!-- TEST-COMMAND -->") : readme.index("<!-- /TEST-COMMAND -->")]
    expected = block.split("```")[1].strip()
    (line,) = [
        line
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.startswith("test_command=$(")
    ]
    result = subprocess.run(
        ["bash", "-c", f'{line}\nprintf "%s" "$test_command"\n'],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(?P<action>[^@\s]+)@(?P<ref>\S+)(?P<comment>.*)$")


@pytest.mark.parametrize("name", ["tests.yml", "release.yml"])
def test_every_action_is_pinned_to_a_commit_named_by_its_tag(name: str) -> None:
    """A tag can be moved to other code; a commit cannot (zizmor: unpinned-uses)."""
    lines = (WORKFLOWS / name).read_text(encoding="utf-8").splitlines()
    uses = [match for line in lines if (match := USES.match(line))]
    assert uses
    for match in uses:
        assert re.fullmatch(r"[0-9a-f]{40}", match["ref"]), match.group(0)
        assert re.fullmatch(r"\s+# v\d+(\.\d+)*", match["comment"]), match.group(0)


@pytest.mark.parametrize("name", ["tests.yml", "release.yml"])
def test_every_job_asks_for_its_own_permissions_and_checks_out_without_credentials(
    name: str,
) -> None:
    workflow = _workflow(name)
    assert workflow["permissions"] == {}
    for job_name, job in workflow["jobs"].items():
        assert job["permissions"] in ({"contents": "read"}, {"contents": "write"}), job_name
        for step in _steps(job):
            if str(step.get("uses", "")).startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False, job_name


# -- the release's checks: glibc, the compiled kernel --------------------------------

OBJDUMP = """
/tmp/libexample.so:     file format elf64-x86-64

DYNAMIC SYMBOL TABLE:
0000000000000000  w   D  *UND*\t0000000000000000 (GLIBC_2.2.5) __cxa_finalize
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_2.34) pthread_create
0000000000000000      DF *UND*\t0000000000000000  GLIBC_2.4   __stack_chk_fail
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_2.34) dlopen
0000000000000000      DF *UND*\t0000000000000000 (GLIBC_PRIVATE) _dl_find_object
0000000000000000      DF *UND*\t0000000000000000 (GLIBCXX_3.4.30) _ZSt28__throw_bad_array_newv
0000000000000000      DF *UND*\t0000000000000000 (GCC_3.0) _Unwind_Resume
0000000000001139 g    DF .text\t0000000000000010 (GLIBC_2.38) exported_with_a_glibc_name
0000000000000000  w   D  *UND*\t0000000000000000  Base        __gmon_start__
"""


def test_glibc_needs_are_the_undefined_symbols_public_glibc_versions() -> None:
    needs = release_checks.glibc_needs(OBJDUMP)
    assert needs == {
        (2, 2, 5): {"__cxa_finalize"},
        (2, 4): {"__stack_chk_fail"},
        (2, 34): {"pthread_create", "dlopen"},
    }


@pytest.mark.parametrize(
    ("older", "newer"),
    [("2.4", "2.31"), ("2.2.5", "2.3"), ("2.9", "2.10"), ("2.31", "2.34"), ("2.3.4", "2.4")],
)
def test_glibc_versions_compare_as_numbers_not_text(older: str, newer: str) -> None:
    assert release_checks.parse_version(older) < release_checks.parse_version(newer)
    assert release_checks.format_version(release_checks.parse_version(older)) == older


@pytest.mark.parametrize("text", ["", "2.", "v2.31", "2.31a", "two"])
def test_a_malformed_glibc_version_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a version"):
        release_checks.parse_version(text)


def test_the_newest_need_over_the_limit_names_the_files_and_symbols() -> None:
    needs = {
        release_checks.BOOTLOADER: {(2, 2, 5): {"free"}, (2, 14): {"memcpy"}},
        "libpython3.11.so.1.0": {(2, 2, 5): {"free"}, (2, 35): {"hypot"}},
        "libz.so.1": {(2, 14): {"memcpy"}},
        "liblzma.so.5": {(2, 34): {"pthread_join", "pthread_create"}},
        "libSDL2.so": {},
    }
    assert release_checks.highest(needs) == (2, 35)
    assert release_checks.highest({"libSDL2.so": {}}) is None
    assert release_checks.over_limit(needs, (2, 31)) == [
        ("libpython3.11.so.1.0", (2, 35), ["hypot"]),
        ("liblzma.so.5", (2, 34), ["pthread_create", "pthread_join"]),
    ]
    assert release_checks.over_limit(needs, (2, 35)) == []
    lines = release_checks.describe_needs(needs, (2, 31))
    assert lines[0] == (
        "glibc: the executable needs GLIBC_2.35 (libpython3.11.so.1.0); README promises glibc 2.31"
    )
    assert "the launcher alone needs GLIBC_2.14" in lines[1]
    assert "liblzma.so.5 needs GLIBC_2.34 (pthread_create, pthread_join)" in lines[3]


def test_readme_promises_one_glibc_version_and_build_checks_against_it() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert release_checks.promised_glibc(readme) == (2, 31)
    assert build.glibc_limit(None) == (2, 31)
    assert build.glibc_limit("2.36") == (2, 36)
    with pytest.raises(build.BuildError, match="not a version"):
        build.glibc_limit("new")
    with pytest.raises(ValueError, match="found none"):
        release_checks.promised_glibc("Runs anywhere.")
    with pytest.raises(ValueError, match=r"found 2\.17, 2\.31"):
        release_checks.promised_glibc("needs glibc 2.31 or newer; needs glibc 2.17 or newer")


def test_the_compiled_kernel_is_found_among_archive_names() -> None:
    names = [
        "game/ai/kernel.py",
        "game/ai/_ckernel.pxd",
        "game/ai/_ckernel.cpython-311-x86_64-linux-gnu.so",
        "connect4-0.1.0.dist-info/RECORD",
    ]
    assert release_checks.kernel_files(names) == [
        "game/ai/_ckernel.cpython-311-x86_64-linux-gnu.so"
    ]
    assert release_checks.kernel_files(["game\\ai\\_ckernel.cp311-win_amd64.pyd"]) != []
    assert release_checks.kernel_files(names[:2]) == []


def test_a_wheel_without_the_compiled_kernel_is_refused(tmp_path: Path) -> None:
    wheel = tmp_path / "connect4-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("game/ai/kernel.py", "")
    problem = release_checks.check_wheel_kernel(wheel)
    assert problem is not None and "no compiled kernel" in problem


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("objdump") is None,
    reason="reads a Linux ELF file with objdump",
)
def test_objdump_reads_this_pythons_glibc_needs_within_this_machines_glibc() -> None:
    needs = release_checks.glibc_needs(release_checks.objdump_symbols(Path(sys.executable)))
    newest = max(needs)
    assert newest >= (2, 2, 5)
    _, running = os.confstr("CS_GNU_LIBC_VERSION").split()  # type: ignore[union-attr]
    assert newest <= release_checks.parse_version(running)


SYS_PATH_PENDING = {"make_book.py"}
"""Scripts that still put folders on sys.path, until they change as the others did."""


def test_build_scripts_import_game_from_their_environment_not_through_sys_path() -> None:
    """Run with the project's environment, a script imports ``game`` as installed there
    (``pip install -e .``), and its neighbours from its own folder, which Python puts
    first on ``sys.path``: a script that adds to ``sys.path`` could import another copy."""
    inserting = sorted(
        path.name
        for path in (ROOT / "build_scripts").glob("*.py")
        if re.search(r"sys\.path\.(insert|append)\(", path.read_text(encoding="utf-8"))
    )
    assert set(inserting) <= SYS_PATH_PENDING, inserting


# -- names and versions ----------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "machine", "expected"),
    [
        ("linux", "x86_64", "connect4-0.1.0-linux-x86_64"),
        ("windows", "x86_64", "connect4-0.1.0-windows-x86_64.exe"),
        ("macos", "arm64", "connect4-0.1.0-macos-arm64.zip"),
        ("macos", "x86_64", "connect4-0.1.0-macos-x86_64.zip"),
    ],
)
def test_output_name_says_platform_and_version(system: str, machine: str, expected: str) -> None:
    assert build.output_name("0.1.0", system, machine) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("x86_64", "x86_64"), ("AMD64", "x86_64"), ("aarch64", "arm64"), ("arm64", "arm64")],
)
def test_machine_names_are_normalised(raw: str, expected: str) -> None:
    assert build.machine_name(raw) == expected


@pytest.mark.parametrize(
    ("platform_id", "expected"),
    [("win32", "windows"), ("darwin", "macos"), ("linux", "linux")],
)
def test_system_names(platform_id: str, expected: str) -> None:
    assert build.system_name(platform_id) == expected


def test_unsupported_system_is_a_clear_error() -> None:
    with pytest.raises(build.BuildError, match="sunos5"):
        build.system_name("sunos5")


def test_build_reads_the_version_the_package_and_pyproject_use() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    attribute = pyproject["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    module = attribute.rsplit(".", 1)[0]
    assert ROOT / (module.replace(".", "/") + ".py") == build.VERSION_FILE
    assert build.read_version() == game.__version__


def test_read_version_parses_without_importing(tmp_path: Path) -> None:
    version_file = tmp_path / "_version.py"
    version_file.write_text("raise SystemExit('imported!')\n__version__ = '2.3.4'\n")
    assert build.read_version(version_file) == "2.3.4"


def test_read_version_names_the_file_when_the_version_is_missing(tmp_path: Path) -> None:
    version_file = tmp_path / "_version.py"
    version_file.write_text("VERSION = '1.0'\n")
    with pytest.raises(build.BuildError, match=r"_version\.py"):
        build.read_version(version_file)
    with pytest.raises(build.BuildError, match="cannot read"):
        build.read_version(tmp_path / "absent.py")


@pytest.mark.parametrize(
    ("version", "expected"),
    [("0.1.0", (0, 1, 0, 0)), ("1.2.3rc1", (1, 2, 3, 0)), ("2", (2, 0, 0, 0))],
)
def test_windows_version_numbers(version: str, expected: tuple[int, ...]) -> None:
    assert build.version_numbers(version) == expected


def test_a_version_windows_cannot_hold_is_refused() -> None:
    with pytest.raises(build.BuildError):
        build.version_numbers("v1")
    with pytest.raises(build.BuildError):
        build.version_numbers("70000.0")


def test_asset_datas_keep_the_folder_layout_and_skip_caches(tmp_path: Path) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "drop.wav").write_bytes(b"RIFF")
    (tmp_path / "LICENSE.txt").write_text("CC0")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "gen.cpython-311.pyc").write_bytes(b"x")
    (tmp_path / ".DS_Store").write_bytes(b"x")
    datas = build.asset_datas(tmp_path)
    assert sorted(datas) == [
        (str(tmp_path / "LICENSE.txt"), "assets"),
        (str(tmp_path / "sounds" / "drop.wav"), str(Path("assets") / "sounds")),
    ]


def test_the_bundle_takes_the_committed_start_pictures_only_if_drawn_here(
    tmp_path: Path,
) -> None:
    """The first start's pictures go into the executable as drawn by its own pygame-ce:
    the committed ones when they are this version's and this pygame-ce's (as here, where
    the tests check they are the first frame), else the build draws them."""
    committed = ROOT / "assets" / "start"
    lines = (committed / "pictures.txt").read_text(encoding="utf-8").split("\n")
    assert lines[2] == importlib.metadata.version("pygame-ce"), "the test extra's pin moved"
    assert build._drawn_here(committed)
    assert build.start_datas() == [
        (str(path), str(Path("assets/start"))) for path in sorted(committed.iterdir())
    ]
    assert {Path(src).name for src, _ in build.start_datas()} >= {"pictures.txt", "en.pixels"}
    for line, other in ((1, "0.0.1"), (2, "1.0.0"), (3, "os2")):
        changed = list(lines)
        changed[line] = other
        (tmp_path / "pictures.txt").write_text("\n".join(changed), encoding="utf-8")
        assert not build._drawn_here(tmp_path), other
    assert not build._drawn_here(tmp_path / "nowhere")


def test_missing_or_empty_assets_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(build.BuildError, match="missing"):
        build.asset_datas(tmp_path / "nowhere")
    with pytest.raises(build.BuildError, match="empty"):
        build.asset_datas(tmp_path)


# -- the spec, run with stand-ins for PyInstaller ----------------------------------


class _Recorder:
    """Stands in for one PyInstaller build class: keeps its arguments."""

    def __init__(self, kind: str, calls: dict[str, Any]) -> None:
        self.kind = kind
        self.calls = calls

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls[self.kind] = (args, kwargs)
        return _Built(self.kind)


class _Built:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.pure = f"{kind}.pure"
        self.scripts = f"{kind}.scripts"
        self.binaries = f"{kind}.binaries"
        self.datas = f"{kind}.datas"


def _fake_versioninfo() -> ModuleType:
    """PyInstaller's Windows version-resource classes as plain dicts (pefile is Windows-only)."""
    module = ModuleType("PyInstaller.utils.win32.versioninfo")
    module.VSVersionInfo = lambda ffi, kids: {"ffi": ffi, "kids": kids}  # type: ignore[attr-defined]
    module.FixedFileInfo = lambda **fields: fields  # type: ignore[attr-defined]
    module.StringFileInfo = lambda tables: {"tables": tables}  # type: ignore[attr-defined]
    module.StringTable = lambda lang, pairs: {"lang": lang, "strings": dict(pairs)}  # type: ignore[attr-defined]
    module.StringStruct = lambda key, value: (key, value)  # type: ignore[attr-defined]
    module.VarFileInfo = lambda kids: {"vars": kids}  # type: ignore[attr-defined]
    module.VarStruct = lambda name, values: (name, values)  # type: ignore[attr-defined]
    return module


def _run_spec(monkeypatch: pytest.MonkeyPatch, platform_id: str) -> dict[str, Any]:
    """Execute connect4.spec as PyInstaller would on ``platform_id``; return its calls."""
    monkeypatch.setattr(sys, "platform", platform_id)
    versioninfo = _fake_versioninfo()
    package = ModuleType("PyInstaller.utils.win32")
    package.versioninfo = versioninfo  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, ModuleType(name))
    monkeypatch.setitem(sys.modules, package.__name__, package)
    monkeypatch.setitem(sys.modules, versioninfo.__name__, versioninfo)
    calls: dict[str, Any] = {}
    namespace: dict[str, Any] = {"SPECPATH": str(SPEC.parent), "__file__": str(SPEC)}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = _Recorder(kind, calls)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return calls


def catalogues_in(locale: Path) -> set[str]:
    return {po.parent.parent.name for po in locale.glob("*/LC_MESSAGES/connect4.po")}


def test_spec_analyses_the_entry_point_with_all_assets_and_exclusions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _run_spec(monkeypatch, "linux")
    (scripts,), analysis = calls["Analysis"]
    assert [Path(s) for s in scripts] == [ROOT / "game" / "__main__.py"]
    assets = build.asset_datas(ROOT / "assets")
    assert analysis["datas"][: len(assets)] == assets
    start = [entry for entry in analysis["datas"] if Path(entry[1]) == Path("assets/start")]
    assert start == build.start_datas()
    translations = analysis["datas"][len(assets) + len(start) :]
    # Every language's compiled catalogue, where game.i18n looks for it in the bundle.
    assert {(Path(dest), Path(src).name) for src, dest in translations} == {
        (Path("game/locale") / code / "LC_MESSAGES", "connect4.mo")
        for code in catalogues_in(ROOT / "game" / "locale")
    }
    bundled = {Path(dest) / Path(src).name for src, dest in assets + start}
    on_disk = {
        Path("assets") / p.relative_to(ROOT / "assets")
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
    }
    assert bundled == on_disk
    # The font, and the licence the SIL Open Font License asks to travel with it.
    assert {Path("assets/fonts/Inter-SemiBold.otf"), Path("assets/fonts/OFL.txt")} <= bundled
    assert {"numpy", "tkinter"} <= set(analysis["excludes"])
    assert "game.ai.worker" in analysis["hiddenimports"]


def test_spec_builds_a_stripped_folder_on_linux_for_build_to_pack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _run_spec(monkeypatch, "linux")
    _, exe = calls["EXE"]
    assert exe["name"] == build.EXE_STEM and exe["exclude_binaries"] is True
    assert exe["strip"] is True and exe["upx"] is False and exe["console"] is True
    _, collected = calls["COLLECT"]
    assert collected["name"] == build.EXE_STEM and collected["strip"] is True
    assert "BUNDLE" not in calls
    target = build.Target("linux", "x86_64", "1.2.3")
    assert target.layout == "packed" and target.output == "connect4-1.2.3-linux-x86_64"


def test_spec_builds_a_windowed_one_file_windows_executable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _run_spec(monkeypatch, "win32")
    _, exe = calls["EXE"]
    version = build.read_version()
    assert exe["name"] + ".exe" == build.output_name(version, "windows", build.machine_name())
    assert exe["console"] is False
    assert exe["icon"] == str(ROOT / "assets" / "icons" / "connect4.ico")
    info = exe["version"]
    assert info["ffi"]["filevers"] == build.version_numbers(version)
    strings = info["kids"][0]["tables"][0]["strings"]
    assert strings["FileDescription"] == "Connect Four"
    assert strings["ProductVersion"] == version
    assert "COLLECT" not in calls
    assert exe["strip"] is False  # Windows DLLs have no debug symbols to strip


def test_spec_builds_a_windowed_app_bundle_on_macos(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _run_spec(monkeypatch, "darwin")
    _, exe = calls["EXE"]
    assert exe["console"] is False and exe["exclude_binaries"] is True
    assert exe["name"] == build.EXE_STEM
    assert exe["strip"] is False  # it would break the bundled libraries' signatures
    _, bundle = calls["BUNDLE"]
    assert bundle["name"] == "Connect Four.app"
    assert bundle["version"] == build.read_version()
    assert bundle["icon"] == str(ROOT / "assets" / "icons" / "connect4.icns")
    assert bundle["info_plist"]["CFBundleDisplayName"] == "Connect Four"


GAME_LOAD = textwrap.dedent(
    """
    import os, pkgutil, importlib, sys
    from pathlib import Path
    for name in sys.argv[2:]:
        sys.modules[name] = None  # as in the bundle: importing it fails
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    import game
    for info in pkgutil.walk_packages(game.__path__, "game."):
        importlib.import_module(info.name)
    import pygame
    pygame.init()
    pygame.font.Font(None, 20)
    from game.profile.preferences import Settings
    from game.profile.settings import SettingsStore
    from game.profile.statistics import Statistics
    store = SettingsStore(Path(sys.argv[1]) / "settings.json")
    assert store.save(Settings(volume=0.2), Statistics()) is None
    assert store.load().settings.volume == 0.2
    print("\\n".join(name for name, module in sys.modules.items() if module is not None))
    """
)


def test_excluded_modules_are_not_imported_by_the_game(tmp_path: Path) -> None:
    """Whatever the game imports at load time must not be left out of the bundle.

    Imports every module of the package plus pygame's initialisation, and saves and
    reads the settings under their file lock, in a fresh interpreter; imports hidden
    inside functions are the self-test's to catch.  The only excluded modules loaded
    may be those an import tries with a fallback (``build.EXCLUDES_TRIED``), and the
    same run with every excluded module missing, as in the bundle, must work too.
    """

    def run(*excluded: str) -> set[str]:
        result = subprocess.run(
            [sys.executable, "-c", GAME_LOAD, str(tmp_path), *excluded],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        return set(result.stdout.split())

    loaded = run()
    clashes = sorted(
        m for m in loaded for ex in build.EXCLUDES if m == ex or m.startswith(ex + ".")
    )
    tried = build.EXCLUDES_TRIED
    assert set(tried) <= set(build.EXCLUDES)
    assert all(any(m == t or m.startswith(t + ".") for t in tried) for m in clashes), clashes
    assert not set(build.EXCLUDES) & run(*build.EXCLUDES)


# -- the self-test ---------------------------------------------------------------


def test_self_test_passes_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest.run() == 0
    out = capsys.readouterr().out
    assert "first frame:" in out
    assert "settings: saved and read back under the file lock" in out
    assert "computer game:" in out
    assert f"engine kernel: {KERNEL_NAME}\n" in out
    assert "engine kernel: solved a test position exactly" in out
    assert "opening book: " in out and " positions up to ply " in out
    assert out.rstrip().endswith("self-test passed")
    assert multiprocessing.active_children() == []


def test_the_self_test_fails_without_the_opening_book(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(selftest, "BOOK_FILE", "no-such-book.bin")
    assert selftest.run() == 1
    out = capsys.readouterr().out
    assert "self-test FAILED: opening book: " in out and "no-such-book.bin" in out


def test_a_frozen_self_test_fails_on_the_pure_kernel(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(backend, "IS_COMPILED", False)
    monkeypatch.setattr(
        backend, "KERNEL_NAME", "pure Python (the compiled kernel is not installed)"
    )
    assert selftest.run() == 1
    out = capsys.readouterr().out
    assert "this executable must carry the compiled engine kernel" in out


def test_self_test_fails_with_the_reason_when_an_asset_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = "sounds/not-there.wav"
    monkeypatch.setattr(resources, "ASSET_FILES", (missing,))
    assert selftest.run() == 1
    out = capsys.readouterr().out
    assert "self-test FAILED" in out and "not-there.wav" in out
    assert "Traceback" not in out


def test_self_test_fails_on_a_damaged_sound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "drop.wav"
    damaged.write_bytes(b"RIFF\x00\x00\x00\x00WAVEjunk")
    monkeypatch.setattr(resources, "ASSET_FILES", ("drop.wav",))
    monkeypatch.setattr(resources, "asset_path", lambda relative: tmp_path / relative)
    assert selftest.run() == 1
    out = capsys.readouterr().out
    assert "self-test FAILED" in out and "drop.wav" in out


def test_self_test_fails_on_a_damaged_font_and_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets)
    (assets / resources.FONT).write_bytes(b"OTTO" + b"\x00junk" * 20)
    monkeypatch.setenv(resources.ASSETS_ENV, str(assets))
    assert selftest.run() == 1
    out = capsys.readouterr().out
    assert "self-test FAILED" in out and "Inter-SemiBold.otf" in out
    assert "Traceback" not in out


def test_self_test_fails_when_the_window_text_falls_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The font file loads on its own, but the game's text would not find it."""

    def lost(relative: str) -> Path:
        raise resources.MissingAssetError(relative, (Path("nowhere"),))

    monkeypatch.setattr(text_module, "asset_path", lost)
    assert selftest.run() == 1
    out = capsys.readouterr().out
    assert "self-test FAILED" in out and resources.FONT in out


def test_sound_header_check_accepts_a_real_wav_and_rejects_an_empty_one(tmp_path: Path) -> None:
    good, empty = tmp_path / "good.wav", tmp_path / "empty.wav"
    for path, frames in ((good, b"\x00\x00" * 100), (empty, b"")):
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(22050)
            wav.writeframes(frames)
    check_sound_header(good)
    with pytest.raises(selftest.SelfTestFailure, match="no samples"):
        check_sound_header(empty)
