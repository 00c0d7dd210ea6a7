"""Linux's one file: the launcher that unpacks the game once and starts it from there.

The launcher (build_scripts/unpack_once.c) is compiled once for the module and run on
packs of a small stand-in game: a shell script that prints what it was given and where
it runs, beside files that reach every path of the unpacking (every kind of DEFLATE
block, an empty file, a link, an empty folder, an executable bit).  The real game's
pack is built and run by CI's release dry run (build.py, its self-test).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

# build_scripts/ is on pytest's path (pyproject), as on a script's.
import release_checks
import unpack_once

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the launcher is Linux's (unpack_once.c)"
)

PROGRAM = "connect4"
EXIT_STATUS = 3
SCRIPT = f"""#!/bin/sh
here=$(dirname "$0")
echo "args:$#:$*"
echo "unpacked:$CONNECT4_UNPACKED"
echo "here:$here"
cat "$here/_internal/data.txt"
exit {EXIT_STATUS}
"""
TIMEOUT = 60.0


@pytest.fixture(scope="module")
def launcher(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which(os.environ.get("CC") or "cc") is None:
        pytest.skip("no C compiler (cc) to build the launcher")
    return unpack_once.compile_launcher(tmp_path_factory.mktemp("launcher") / "unpack_once")


def make_game(folder: Path, data: str = "the data") -> Path:
    """A stand-in for PyInstaller's folder: the program and files of every kind."""
    rng = random.Random(7)
    internal = folder / "_internal"
    (internal / "fonts" / "deep").mkdir(parents=True)
    (folder / "empty folder").mkdir()
    program = folder / PROGRAM
    program.write_text(SCRIPT)
    program.chmod(0o755)
    (internal / "data.txt").write_text(data + "\n")
    (internal / "empty").write_bytes(b"")
    words = [bytes(rng.choice(b"abcdefgh") for _ in range(rng.randrange(1, 9))) for _ in range(400)]
    (internal / "text.bin").write_bytes(b" ".join(rng.choice(words) for _ in range(60_000)))
    noise = rng.randbytes(150_000)
    (internal / "noise.bin").write_bytes(noise)
    (internal / "mixed.bin").write_bytes(noise[:70_000] + bytes(90_000) + noise[:5000] * 3)
    (internal / "fonts" / "deep" / "tool").write_bytes(b"#!/bin/sh\n")
    (internal / "fonts" / "deep" / "tool").chmod(0o755)
    (internal / "libthing.so.1").symlink_to("text.bin")
    return folder


def build(
    tmp_path: Path,
    launcher: Path,
    *,
    name: str = "game",
    data: str = "the data",
    deflate: Callable[[bytes], tuple[int, bytes]] = unpack_once.deflate_best,
) -> tuple[Path, unpack_once.Pack]:
    folder = make_game(tmp_path / f"{name}-folder", data)
    output = tmp_path / f"{name}-packed"
    made = unpack_once.pack(
        folder, launcher, output, version="1.2.3", program=PROGRAM, deflate=deflate
    )
    return output, made


def environment(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """A launch's whole environment: a home of its own, its cache inside."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / "cache"),
        **(extra or {}),
    }


def launch(
    packed: Path, home: Path, *args: str, extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(packed), *args],
        env=environment(home, extra),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def launched_once(tmp_path: Path, launcher: Path) -> tuple[Path, unpack_once.Pack, Path]:
    """The stand-in game packed and launched once: its pack, and the home that keeps it."""
    packed, made = build(tmp_path, launcher)
    home = tmp_path / "home"
    assert launch(packed, home).returncode == EXIT_STATUS
    return packed, made, home


def kept(home: Path, made: unpack_once.Pack) -> Path:
    return home / "cache" / "connect4" / made.name


def same_tree(a: Path, b: Path) -> None:
    """Both folders hold the same paths, bytes, links and executable bits."""
    paths_a = sorted(p.relative_to(a) for p in a.rglob("*"))
    assert paths_a == sorted(p.relative_to(b) for p in b.rglob("*"))
    for relative in paths_a:
        x, y = a / relative, b / relative
        assert x.is_symlink() == y.is_symlink(), relative
        if x.is_symlink():
            assert os.readlink(x) == os.readlink(y)
        elif x.is_file():
            assert x.read_bytes() == y.read_bytes(), relative
            assert bool(x.stat().st_mode & 0o100) == bool(y.stat().st_mode & 0o100), relative
        else:
            assert y.is_dir(), relative


def test_a_first_launch_unpacks_the_folder_and_runs_its_program_with_the_arguments(
    tmp_path: Path, launcher: Path
) -> None:
    packed, made = build(tmp_path, launcher)
    result = launch(packed, tmp_path / "home", "--level", "two words")
    assert result.returncode == EXIT_STATUS, result.stderr
    folder = kept(tmp_path / "home", made)
    assert result.stdout.splitlines() == [
        "args:2:--level two words",
        f"unpacked:{folder}",
        f"here:{folder}",
        "the data",
    ]
    assert result.stderr == ""
    same_tree(tmp_path / "game-folder", folder)
    # Nothing else is left beside it: no half-unpacked folder.
    assert [p.name for p in folder.parent.iterdir()] == [made.name]
    assert made.name.startswith("1.2.3-") and len(made.name) <= unpack_once.NAME_SIZE


def test_a_later_launch_runs_the_kept_folder_without_unpacking_it_again(
    tmp_path: Path, launcher: Path
) -> None:
    packed, made, home = launched_once(tmp_path, launcher)
    data = kept(home, made) / "_internal" / "data.txt"
    data.write_text("THE DATA\n")  # same size: the launcher cannot tell
    before = (kept(home, made) / "_internal" / "text.bin").stat().st_mtime_ns
    result = launch(packed, home)
    assert result.returncode == EXIT_STATUS
    assert result.stdout.splitlines()[-1] == "THE DATA"
    assert (kept(home, made) / "_internal" / "text.bin").stat().st_mtime_ns == before


@pytest.mark.parametrize("damage", ["removed", "truncated", "link removed", "folder removed"])
def test_a_damaged_kept_folder_is_unpacked_again_whole(
    tmp_path: Path, launcher: Path, damage: str
) -> None:
    packed, made, home = launched_once(tmp_path, launcher)
    folder = kept(home, made)
    (folder / "_internal" / "data.txt").write_text("EDITED!!\n")  # same size, so kept...
    if damage == "removed":
        (folder / "_internal" / "noise.bin").unlink()
    elif damage == "truncated":
        with (folder / "_internal" / "text.bin").open("r+b") as file:
            file.truncate(100)
    elif damage == "link removed":
        (folder / "_internal" / "libthing.so.1").unlink()
    else:
        shutil.rmtree(folder / "_internal" / "fonts")
    result = launch(packed, home)
    assert result.returncode == EXIT_STATUS, result.stderr
    # ...until the folder is damaged: then all of it is unpacked afresh.
    assert result.stdout.splitlines()[-1] == "the data"
    same_tree(tmp_path / "game-folder", folder)
    assert [p.name for p in folder.parent.iterdir()] == [made.name]


def test_each_build_unpacks_into_a_folder_of_its_own(tmp_path: Path, launcher: Path) -> None:
    first, first_made = build(tmp_path, launcher, name="first")
    second, second_made = build(tmp_path, launcher, name="second", data="new data")
    assert first_made.name != second_made.name
    home = tmp_path / "home"
    assert launch(first, home).stdout.splitlines()[-1] == "the data"
    assert launch(second, home).stdout.splitlines()[-1] == "new data"
    assert launch(first, home).stdout.splitlines()[-1] == "the data"
    assert sorted(p.name for p in (home / "cache" / "connect4").iterdir()) == sorted(
        [first_made.name, second_made.name]
    )


def test_without_xdg_cache_home_the_game_is_kept_in_the_homes_cache(
    tmp_path: Path, launcher: Path
) -> None:
    packed, made = build(tmp_path, launcher)
    home = tmp_path / "home"
    # A relative XDG_CACHE_HOME is ignored, as the XDG rules say.
    result = launch(packed, home, extra={"XDG_CACHE_HOME": "relative/cache"})
    assert result.returncode == EXIT_STATUS, result.stderr
    assert (home / ".cache" / "connect4" / made.name / PROGRAM).is_file()
    assert not (tmp_path / "relative").exists()


def _raw(
    level: int, strategy: int = zlib.Z_DEFAULT_STRATEGY
) -> Callable[[bytes], tuple[int, bytes]]:
    def deflate(raw: bytes) -> tuple[int, bytes]:
        packer = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
        return unpack_once.DEFLATE, packer.compress(raw) + packer.flush()

    return deflate


@pytest.mark.parametrize(
    ("how", "deflate"),
    [
        ("stored blocks", _raw(0)),
        ("fixed codes", _raw(9, zlib.Z_FIXED)),
        ("codes without copies", _raw(9, zlib.Z_HUFFMAN_ONLY)),
        ("runs (overlapping copies)", _raw(9, zlib.Z_RLE)),
        ("fastest", _raw(1)),
        ("dynamic codes", _raw(9)),
    ],
)
def test_the_launcher_inflates_every_kind_of_deflate_block(
    tmp_path: Path, launcher: Path, how: str, deflate: Callable[[bytes], tuple[int, bytes]]
) -> None:
    packed, made = build(tmp_path, launcher, deflate=deflate)
    result = launch(packed, tmp_path / "home")
    assert result.returncode == EXIT_STATUS, f"{how}: {result.stderr}"
    same_tree(tmp_path / "game-folder", kept(tmp_path / "home", made))


def _flip_byte_of(packed: Path, entry: unpack_once.Entry) -> None:
    data = bytearray(packed.read_bytes())
    data[entry.offset + entry.packed_size // 2] ^= 0x55
    packed.write_bytes(bytes(data))


@pytest.mark.parametrize("path", ["_internal/text.bin", "_internal/noise.bin"])
def test_a_damaged_download_says_so_and_runs_nothing(
    tmp_path: Path, launcher: Path, path: str
) -> None:
    packed, made = build(tmp_path, launcher)
    (entry,) = [e for e in made.entries if e.path == path]
    _flip_byte_of(packed, entry)
    home = tmp_path / "home"
    result = launch(packed, home)
    assert result.returncode == 70
    assert result.stdout == ""
    assert f"is damaged ({path} does not unpack); download it again" in result.stderr
    # Nothing half-unpacked is kept, and no later launch runs one.
    assert list((home / "cache" / "connect4").iterdir()) == []


@pytest.mark.parametrize("cut", [10, 200_000])
def test_a_cut_download_says_so(tmp_path: Path, launcher: Path, cut: int) -> None:
    packed, _ = build(tmp_path, launcher)
    data = packed.read_bytes()
    packed.write_bytes(data[:-cut])
    result = launch(packed, tmp_path / "home")
    assert result.returncode == 70 and result.stdout == ""
    assert "carries no game: the download is incomplete or damaged" in result.stderr
    assert not (tmp_path / "home" / "cache").exists()


PROGRAM_ITEM = unpack_once.Item(
    "F", PROGRAM, unpack_once.EXECUTABLE | unpack_once.PROGRAM, SCRIPT.encode()
)


@pytest.mark.parametrize(
    ("items", "said"),
    [
        # A link, then a file "inside" it: written through the link, out of the folder.
        (
            [unpack_once.Item("L", "escape", 0, b"/tmp"), unpack_once.Item("F", "escape/x")],
            "an entry outside its folders",
        ),
        ([unpack_once.Item("F", "../evil")], "an entry"),
        ([unpack_once.Item("F", "/tmp/evil")], "an entry"),
        ([unpack_once.Item("F", "a/./b")], "an entry"),
        ([unpack_once.Item("F", "lost/file")], "an entry outside its folders"),
        ([unpack_once.Item("D", "a"), unpack_once.Item("F", "a")], "a path twice"),
        (
            [unpack_once.Item("F", "more", unpack_once.EXECUTABLE | unpack_once.PROGRAM)],
            "its program",
        ),
        ([], None),  # the control: the same pack, nothing crafted, runs
    ],
    ids=[
        "under a link",
        "dot-dot",
        "absolute",
        "dot",
        "no folder",
        "twice",
        "two programs",
        "control",
    ],
)
def test_a_pack_whose_paths_could_leave_its_folder_is_refused_before_anything_is_written(
    tmp_path: Path, launcher: Path, items: list[unpack_once.Item], said: str | None
) -> None:
    packed = tmp_path / "packed"
    unpack_once.write(
        [
            PROGRAM_ITEM,
            unpack_once.Item("D", "_internal"),
            unpack_once.Item("F", "_internal/data.txt", 0, b"crafted\n"),
            *items,
        ],
        launcher,
        packed,
        version="1",
        deflate=unpack_once.deflate_best,
    )
    result = launch(packed, tmp_path / "home")
    if said is None:
        assert result.returncode == EXIT_STATUS and result.stdout.endswith("crafted\n")
        return
    assert result.returncode == 70
    assert f"is damaged ({said}); download it again" in result.stderr
    assert not (tmp_path / "home" / "cache").exists()


def test_a_program_that_is_not_executable_is_refused(tmp_path: Path, launcher: Path) -> None:
    packed = tmp_path / "packed"
    program = unpack_once.Item("F", PROGRAM, unpack_once.PROGRAM, SCRIPT.encode())
    unpack_once.write([program], launcher, packed, version="1", deflate=unpack_once.deflate_best)
    result = launch(packed, tmp_path / "home")
    assert result.returncode == 70 and "is damaged (its program)" in result.stderr


@pytest.mark.parametrize("at", [-40, -36, -20, -100], ids=["count", "crc", "name", "index"])
def test_damage_to_the_index_or_trailer_is_seen_before_anything_runs(
    tmp_path: Path, launcher: Path, at: int
) -> None:
    """What later launches trust without unpacking: a CRC guards it (a count one lower
    would otherwise unpack and keep part of the game, and run it)."""
    packed, _ = build(tmp_path, launcher)
    data = bytearray(packed.read_bytes())
    data[at] ^= 0x01
    packed.write_bytes(bytes(data))
    result = launch(packed, tmp_path / "home")
    assert result.returncode == 70 and result.stdout == ""
    assert "download it again" in result.stderr
    assert not (tmp_path / "home" / "cache").exists()
    with pytest.raises(unpack_once.PackError, match=r"is damaged|carries no pack"):
        unpack_once.read(packed)


def test_a_kept_program_that_lost_its_executable_bit_is_unpacked_again(
    tmp_path: Path, launcher: Path
) -> None:
    packed, made, home = launched_once(tmp_path, launcher)
    (kept(home, made) / PROGRAM).chmod(0o644)
    result = launch(packed, home)
    assert result.returncode == EXIT_STATUS, result.stderr
    assert (kept(home, made) / PROGRAM).stat().st_mode & 0o100


@pytest.mark.parametrize("tmpdir_works", [True, False], ids=["TMPDIR", "TMPDIR unusable: /tmp"])
def test_a_cache_it_cannot_write_runs_the_game_from_a_temporary_folder_then_removes_it(
    tmp_path: Path, launcher: Path, tmpdir_works: bool
) -> None:
    packed, _ = build(tmp_path, launcher)
    blocked = tmp_path / "not a folder"
    blocked.write_text("")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    tmpdir = temporary if tmpdir_works else blocked
    extra = {"XDG_CACHE_HOME": str(blocked), "TMPDIR": str(tmpdir)}
    result = launch(packed, tmp_path / "home", "x", extra=extra)
    assert result.returncode == EXIT_STATUS, result.stderr
    assert result.stdout.splitlines()[0] == "args:1:x"
    assert result.stdout.splitlines()[-1] == "the data"
    unpacked = Path(result.stdout.splitlines()[1].removeprefix("unpacked:"))
    assert unpacked.parent.parent == (temporary if tmpdir_works else Path("/tmp"))
    assert unpacked.parent.name.startswith("connect4-")
    assert result.stderr.startswith(f"connect4: cannot keep the game unpacked ({blocked}/connect4:")
    assert result.stderr.endswith(f"; it runs from {unpacked.parent}\n")  # said once it does
    assert not unpacked.parent.exists()
    assert list(temporary.iterdir()) == []


def test_first_launches_at_once_share_one_kept_folder(tmp_path: Path, launcher: Path) -> None:
    packed, made = build(tmp_path, launcher)
    home = tmp_path / "home"
    env = environment(home)
    running = [
        subprocess.Popen([str(packed), str(n)], env=env, stdout=subprocess.PIPE, text=True)
        for n in range(4)
    ]
    for n, process in enumerate(running):
        out, _ = process.communicate(timeout=TIMEOUT)
        assert process.returncode == EXIT_STATUS
        assert out.splitlines()[0] == f"args:1:{n}"
        assert out.splitlines()[1] == f"unpacked:{kept(home, made)}"
    assert [p.name for p in (home / "cache" / "connect4").iterdir()] == [made.name]
    same_tree(tmp_path / "game-folder", kept(home, made))


def test_the_pack_reads_back_as_written(tmp_path: Path, launcher: Path) -> None:
    packed, made = build(tmp_path, launcher)
    assert unpack_once.read(packed) == made
    assert made.program == PROGRAM
    folder = tmp_path / "game-folder"
    for entry in made.entries:
        path = folder / entry.path
        if entry.kind == "F":
            assert unpack_once.extract(packed, entry) == path.read_bytes()
        elif entry.kind == "L":
            assert unpack_once.extract(packed, entry).decode() == os.readlink(path)
        else:
            assert entry.kind == "D" and path.is_dir() and not path.is_symlink()
    with pytest.raises(unpack_once.PackError, match="carries no pack"):
        unpack_once.read(launcher)


def test_the_release_checks_read_a_packs_names_and_elf_files(
    tmp_path: Path, launcher: Path
) -> None:
    folder = make_game(tmp_path / "game-folder")
    kernel = folder / "_internal" / "game" / "ai" / "_ckernel.cpython-311-x86_64-linux-gnu.so"
    kernel.parent.mkdir(parents=True)
    shutil.copy(launcher, kernel)  # any ELF file will do
    packed = tmp_path / "packed"
    unpack_once.pack(folder, launcher, packed, version="1", program=PROGRAM)
    names = release_checks.archive_names(packed)
    assert "data.txt" in names and "connect4" in names
    assert release_checks.kernel_files(names) == [
        "game/ai/_ckernel.cpython-311-x86_64-linux-gnu.so"
    ]
    elf = release_checks.executable_elf_files(packed, tmp_path)
    assert list(elf) == ["_internal/game/ai/_ckernel.cpython-311-x86_64-linux-gnu.so"]
    assert elf[next(iter(elf))].read_bytes() == launcher.read_bytes()


def test_packing_needs_the_program_and_building_needs_a_compiler(
    tmp_path: Path, launcher: Path
) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(unpack_once.PackError, match="nothing for the launcher to run"):
        unpack_once.pack(folder, launcher, tmp_path / "out", version="1", program=PROGRAM)
    with pytest.raises(unpack_once.PackError, match=r"no C compiler \(no-such-cc\)"):
        unpack_once.compile_launcher(tmp_path / "x", compiler="no-such-cc")


def test_every_launch_marks_its_kept_folder_as_used(tmp_path: Path, launcher: Path) -> None:
    packed, made, home = launched_once(tmp_path, launcher)
    folder = kept(home, made)
    os.utime(folder, (1_000_000_000, 1_000_000_000))
    assert launch(packed, home).returncode == EXIT_STATUS
    assert folder.stat().st_mtime > 1_700_000_000  # game/unpacked.py keeps it


def test_a_signal_to_the_launcher_reaches_the_game_run_from_a_temporary_folder(
    tmp_path: Path, launcher: Path
) -> None:
    """As a terminal's Ctrl-C or a session's end would: the game closes as it does for
    the signal, and its temporary folder goes with it."""
    folder = tmp_path / "game-folder"
    folder.mkdir()
    program = folder / PROGRAM
    program.write_text(
        "#!/bin/sh\ntrap 'echo closing; exit 5' TERM\necho ready\n"
        "n=0\nwhile [ $n -lt 600 ]; do sleep 0.05; n=$((n+1)); done\n"
    )
    program.chmod(0o755)
    packed = tmp_path / "packed"
    unpack_once.pack(folder, launcher, packed, version="1", program=PROGRAM)
    blocked = tmp_path / "not a folder"
    blocked.write_text("")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = environment(tmp_path, {"XDG_CACHE_HOME": str(blocked), "TMPDIR": str(temporary)})
    process = subprocess.Popen(
        [str(packed)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "ready\n"
        process.send_signal(signal.SIGTERM)
        out, _ = process.communicate(timeout=TIMEOUT)
    finally:
        process.kill()
    assert out == "closing\n"
    assert process.returncode == 5
    assert list(temporary.iterdir()) == []


def test_launches_at_once_on_a_damaged_folder_all_run_from_the_kept_one(
    tmp_path: Path, launcher: Path
) -> None:
    packed, made, home = launched_once(tmp_path, launcher)
    (kept(home, made) / "_internal" / "noise.bin").unlink()
    env = environment(home)
    running = [
        subprocess.Popen(
            [str(packed)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    for process in running:
        out, err = process.communicate(timeout=TIMEOUT)
        assert process.returncode == EXIT_STATUS, err
        assert err == ""  # none fell back to a temporary folder
        assert out.splitlines()[1] == f"unpacked:{kept(home, made)}"
    same_tree(tmp_path / "game-folder", kept(home, made))
    assert [p.name for p in (home / "cache" / "connect4").iterdir()] == [made.name]


def test_a_kept_program_that_cannot_start_is_tried_from_a_temporary_folder(
    tmp_path: Path, launcher: Path
) -> None:
    """As on a cache mounted noexec.  Here the program cannot start anywhere (its
    interpreter is missing), so both tries are reported, and nothing is left behind."""
    folder = tmp_path / "game-folder"
    folder.mkdir()
    (folder / PROGRAM).write_text("#!/nonexistent/interpreter\n")
    (folder / PROGRAM).chmod(0o755)
    packed = tmp_path / "packed"
    made = unpack_once.pack(folder, launcher, packed, version="1", program=PROGRAM)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    home = tmp_path / "home"
    result = launch(packed, home, extra={"TMPDIR": str(temporary)})
    assert result.returncode == 70
    lines = result.stderr.splitlines()
    assert lines[0].startswith(
        f"connect4: cannot keep the game unpacked (it cannot start from {kept(home, made)}:"
        f" No such file or directory); it runs from {temporary}/connect4-"
    )
    assert lines[1].startswith(f"connect4: cannot start the game from {temporary}/connect4-")
    assert lines[1].endswith("either: No such file or directory")
    assert list(temporary.iterdir()) == []
