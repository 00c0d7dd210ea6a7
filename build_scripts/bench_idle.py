#!/usr/bin/env python3
"""The game at rest beside the desktop's own Connect Four games: the CPU it uses while
nothing moves, the time from launch to its first drawn frame, and its memory.

    python build_scripts/bench_idle.py [--settle 4] [--seconds 20] [--launches 5]
        [--onefile dist/connect4-...-linux-x86_64] [--onefolder dist/connect4/connect4]
        [--pyinstaller-onefile PATH]
        [--states menu,play,review,minimised] [--shots DIR]

A benchmark, not a test: it prints figures and the targets beside them, and asserts
nothing.  Everything runs in one virtual screen (Xvfb with openbox as the window
manager, so that a window can be minimised), each program launched with a fresh
settings folder, one at a time:

1. **CPU while waiting.**  For each state the program is launched and brought there,
   left ``--settle`` seconds, then the CPU time of the program and of every process it
   started (summed) and of the X server is read over ``--seconds`` seconds, as a share
   of one core.  Ours: the main menu; a game against Medium waiting for the player's
   first move with the analysis on; the Review screen of a short game (typed into
   Import a game); the main menu minimised.  GNOME Four-in-a-row (``four-in-a-row``)
   and KDE's KFourInLine (``kfourinline``), when installed: their first screen, and
   minimised.  Target: at most 1.0 % for the game's processes and 1.0 % for the X
   server, in every state.
2. **Launch to the first drawn frame.**  From just before the process starts until
   the window first shows more than one colour along its middle row and column
   (sampled every few milliseconds through the X server, the same way for every
   program): ours from source (``python -m game``, its modules compiled first, as a
   player's second launch finds them), the one-file and one-folder executables when
   given (and the game as PyInstaller's own one-file, which unpacks itself at every
   launch, for comparison), GNOME's, and a bare pygame window (:data:`BARE_WINDOW`: what any pygame
   game pays before its own code) and, with ``--bare-onefile-build``, that window as a
   PyInstaller one-file (the floor of a one-file's start, its unpacking included),
   ``--launches`` rounds, alternating.  The CPU the program's
   processes had used when the frame was seen is printed too (it includes what ran
   in the few milliseconds after the frame).  Ours also logs when it drew its first
   frame; that figure is printed beside.  Ours is timed twice: a first launch (a fresh
   home each time) and a later one (one home kept from launch to launch, after one
   launch not timed, as a player's every start after the first: the window then opens
   on the picture of the menu the last one kept, :mod:`game.start_picture` (a first
   launch, on the picture of a first start's menu the game ships), and Linux's one file
   runs what it unpacked into the home's cache folder the first time,
   build_scripts/unpack_once.c).  Targets: from source at most GNOME's median, the
   one-file executable at most 1.5 times it.
3. **Memory.**  The proportional set size (PSS: shared pages divided among the
   processes sharing them) and resident size of every process of each program at its
   first screen, after settling.  Target: ours, all processes, at most KFourInLine's.

Other work on the machine inflates every figure: the load average is printed with
them.  Needs Xvfb, openbox and xdotool (Debian's packages), and python-xlib (the test
extra); the peers are Debian's ``four-in-a-row`` and ``kfourinline`` packages.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import benchlib
from benchlib import ROOT, load_average

if TYPE_CHECKING:
    from tests.x11 import Display


x11 = benchlib.tests_module("x11")
virtual_screen = x11.virtual_screen
window_manager = x11.window_manager

GNOME = "/usr/games/four-in-a-row"
KDE = "/usr/games/kfourinline"
SIZE = (960, 720)
"""The window's size: the game's default (``Settings.window_size``), which it opens at when
launched with no command line, as it is here."""
CPU_TARGET = 1.0
"""Per cent of one core, for the game's processes and for the X server alike."""
ONEFILE_FACTOR = 1.5
BARE_ONEFILE = "a bare pygame window (one-file)"
FIRST_FRAME = re.compile(r"first frame drawn ([0-9.]+) s after launch")
TICKS = os.sysconf("SC_CLK_TCK")
REVIEWED_GAME = "4545454"
"""A short game (the first player wins in a column): its review is complete at once,
from the opening book, so the Review screen measured waits for nothing."""
STATES = ("menu", "play", "review", "minimised")
BARE_WINDOW = f"""
import os
os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"  # as the game has it (game.ui)
import pygame
pygame.display.init()
surface = pygame.display.set_mode({SIZE})
surface.fill((20, 24, 40))
pygame.draw.circle(surface, (220, 50, 50), surface.get_rect().center, 100)
pygame.display.flip()
while pygame.event.wait().type != pygame.QUIT:
    pass
"""
"""The floor of any pygame game's start: the interpreter, pygame, a window (a plain
surface, as the game's) and one drawn frame (a circle on a dark ground), nothing of
the game's own."""


def build_bare_onefile(folder: Path) -> Path:
    """:data:`BARE_WINDOW` as a PyInstaller one-file executable in ``folder``, made as
    build.py makes the game's (stripped, no UPX): the floor of any one-file pygame
    game's start, its unpacking included.  Needs PyInstaller (the build extra)."""
    script = folder / "bare_window.py"
    script.write_text(BARE_WINDOW, encoding="utf-8")
    benchlib.progress("building a bare pygame window as a one-file (PyInstaller)")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--onefile",
            "--strip",
            "--noupx",
            "--noconfirm",
            "--log-level",
            "ERROR",
            "--name",
            "bare-window",
            "--distpath",
            str(folder / "dist"),
            "--workpath",
            str(folder / "work"),
            "--specpath",
            str(folder),
            str(script),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return folder / "dist" / "bare-window"


# -- processes -------------------------------------------------------------------------


def _stat_fields(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def process_tree(root: int) -> list[int]:
    """``root`` and every process descended from it, alive now."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat_fields(int(entry.name))
        if fields is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        if _stat_fields(pid) is not None:
            found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def cpu_seconds(pids: Sequence[int]) -> dict[int, float]:
    """User plus system CPU seconds of each of ``pids`` still alive."""
    used = {}
    for pid in pids:
        fields = _stat_fields(pid)
        if fields is not None:
            used[pid] = (int(fields[11]) + int(fields[12])) / TICKS
    return used


def pid_of(command: str) -> int | None:
    """The first process whose command line is exactly ``command`` (words by spaces)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                raw = (entry / "cmdline").read_bytes()
                if raw.replace(b"\0", b" ").decode(errors="replace").strip() == command:
                    return int(entry.name)
    return None


def describe(pid: int) -> str:
    """A process's name for a table: its command's file name and first argument."""
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:3]
    except OSError:
        return "?"
    args = [w.decode(errors="replace") for w in words if w]
    name = Path(args[0]).name if args else "?"
    rest = " ".join(a[:40] for a in args[1:2])
    return f"{name} {rest}".strip()


def memory(pid: int) -> tuple[float, float] | None:
    """The PSS and RSS of ``pid`` in MB (smaps_rollup), None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    values = {}
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name in ("Pss", "Rss"):
            values[name] = int(rest.split()[0]) / 1024
    return values.get("Pss", 0.0), values.get("Rss", 0.0)


# -- the programs ----------------------------------------------------------------------


@dataclass
class Program:
    """A program to launch: its name, command and environment (beside a fresh home)."""

    name: str
    command: list[str]
    env: dict[str, str] = field(default_factory=dict)
    ours: bool = False
    states: tuple[str, ...] = ("menu", "minimised")
    home: Path | None = None
    """A home kept from launch to launch (a later launch), else a fresh one each time."""

    def environment(self, screen: Display, home: Path) -> dict[str, str]:
        env = {
            **screen.env(),
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "XDG_RUNTIME_DIR": str(home / "run"),
        }
        (home / "run").mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.ours:
            env["CONNECT4_CONFIG_DIR"] = str(home / "config" / "connect4")
            env["CONNECT4_LOG_DIR"] = str(home / "log")
        else:
            # The peers as a player's desktop starts them, less the session's services
            # this screen has none of (they only print warnings without them).
            env.update(NO_AT_BRIDGE="1", GTK_USE_PORTAL="0", GSETTINGS_BACKEND="memory")
            # KFourInLine finds its engine (kfourinlineproc) on the PATH, beside itself.
            env["PATH"] = f"/usr/games:{env.get('PATH', '/usr/bin:/bin')}"
            env.setdefault("QT_QPA_PLATFORM", "xcb")
        env.pop("SDL_VIDEODRIVER", None)
        env.pop("SDL_AUDIODRIVER", None)
        # As on a player's machine, Python keeps the compiled modules (.pyc) it writes on
        # the first launch: a shell that forbids them would time compiling every launch.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.update(self.env)
        return env


@dataclass
class Running:
    program: Program
    process: subprocess.Popen[bytes]
    home: Path
    started: float

    def tree(self) -> list[int]:
        return process_tree(self.process.pid)

    def log_first_frame(self) -> float | None:
        """The game's own figure (launch to first frame, from its log)."""
        log = self.home / "log" / "connect4.log"
        if not log.is_file():
            return None
        found = FIRST_FRAME.search(log.read_text(encoding="utf-8", errors="replace"))
        return float(found.group(1)) if found else None


class Screen:
    """The virtual screen, read through python-xlib: the programs' windows and pixels."""

    def __init__(self, display: Display) -> None:
        from Xlib import display as xdisplay  # noqa: PLC0415 - optional (the test extra)

        self.display = display
        self.conn = xdisplay.Display(display.name)
        self.root = self.conn.screen().root
        self.client_list = self.conn.intern_atom("_NET_CLIENT_LIST")
        self.wm_pid = self.conn.intern_atom("_NET_WM_PID")

    def windows_of(self, pids: Sequence[int]) -> list[int]:
        """The managed windows (the window manager's client list) of any of ``pids``."""
        from Xlib import X  # noqa: PLC0415

        listed = self.root.get_full_property(self.client_list, X.AnyPropertyType)
        found = []
        for wid in listed.value if listed is not None else []:
            window = self.conn.create_resource_object("window", wid)
            try:
                owner = window.get_full_property(self.wm_pid, X.AnyPropertyType)
            except Exception:  # the window went away meanwhile
                continue
            if owner is not None and owner.value and int(owner.value[0]) in pids:
                found.append(int(wid))
        return found

    def drawn(self, wid: int) -> bool:
        """Whether the window shows more than one colour along its middle row or column."""
        from Xlib import X  # noqa: PLC0415

        window = self.conn.create_resource_object("window", wid)
        try:
            geometry = window.get_geometry()
            w, h = geometry.width, geometry.height
            row = window.get_image(0, h // 2, w, 1, X.ZPixmap, 0xFFFFFFFF).data
            column = window.get_image(w // 2, 0, 1, h, X.ZPixmap, 0xFFFFFFFF).data
        except Exception:  # not viewable yet, or gone
            return False
        return any(len(set(_pixels(data))) > 1 for data in (row, column))

    def close(self) -> None:
        self.conn.close()


def _pixels(data: bytes) -> Iterator[bytes]:
    return (data[i : i + 4] for i in range(0, len(data), 4))


def launch(program: Program, screen: Display, home: Path, args: Sequence[str] = ()) -> Running:
    env = program.environment(screen, home)
    started = time.perf_counter()
    process = subprocess.Popen(
        [*program.command, *args],
        cwd=home,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return Running(program, process, home, started)


def stop(running: Running) -> None:
    process = running.process
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            for pid in running.tree():
                with contextlib.suppress(OSError):
                    os.kill(pid, 9)
            process.wait()


@dataclass(frozen=True)
class FirstFrame:
    """A program's window once drawn: its id, the seconds since launch, and the CPU
    seconds its processes had used by then (less sensitive to a busy machine)."""

    window: int
    seconds: float
    cpu: float


def wait_for_window(screen: Screen, running: Running, timeout: float = 30.0) -> FirstFrame:
    """The program's window once it shows a drawn frame (see :class:`FirstFrame`)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if running.process.poll() is not None:
            raise RuntimeError(f"{running.program.name} exited ({running.process.returncode})")
        pids = running.tree()
        for wid in screen.windows_of(pids):
            if screen.drawn(wid):
                seen = time.perf_counter() - running.started
                return FirstFrame(wid, seen, sum(cpu_seconds(pids).values()))
        time.sleep(0.004)
    raise TimeoutError(f"{running.program.name} drew no window within {timeout} s")


# -- the states ------------------------------------------------------------------------


def prepare(program: Program, state: str, home: Path) -> list[str]:
    """The settings and the command line that open ``state`` (ours)."""
    if not program.ours or state != "play":
        return []
    from game.profile.preferences import Settings  # noqa: PLC0415
    from game.profile.settings import SettingsStore  # noqa: PLC0415
    from game.profile.statistics import Statistics  # noqa: PLC0415

    folder = home / "config" / "connect4"
    folder.mkdir(parents=True, exist_ok=True)
    settings = Settings(window_size=SIZE, show_analysis=True)
    SettingsStore(folder / "settings.json").save(settings, Statistics(), None)
    return ["--level", "Medium"]


def bring_to(state: str, program: Program, screen: Display, wid: int) -> None:
    """Move the program's window from its first screen to ``state``."""
    if state == "minimised":
        time.sleep(1.0)
        screen.xdotool("windowminimize", "--sync", str(wid))
    elif state == "review" and program.ours:
        time.sleep(1.0)
        # To the focused window, as a keyboard types (keys sent to a window with
        # --window reach SDL twice).  The menu's fifth item is Statistics; its second
        # button Your games; its second Import a game; the moves typed there open on
        # the Review screen.
        screen.xdotool("windowactivate", "--sync", str(wid))
        for keys in (["Down"] * 4 + ["Return"], ["Down", "Return"], ["Down", "Return"]):
            screen.xdotool("key", "--delay", "60", *keys)
            time.sleep(0.5)
        screen.xdotool("type", "--delay", "60", REVIEWED_GAME)
        time.sleep(0.3)
        screen.xdotool("key", "Return")


@dataclass
class Measured:
    program: str
    state: str
    cpu: float
    """Per cent of one core, the program's processes summed."""
    server: float
    processes: int
    by_process: dict[str, float] = field(default_factory=dict)
    """Per cent of one core by process (its name, :func:`describe`)."""
    memory: list[tuple[str, float, float]] = field(default_factory=list)


@dataclass
class Bench:
    """The virtual screen, its X server's process, and how long to settle and measure."""

    display: Display
    screen: Screen
    server_pid: int
    settle: float
    seconds: float
    shots: Path | None


def measure_state(program: Program, state: str, bench: Bench) -> Measured:
    display, screen, server_pid = bench.display, bench.screen, bench.server_pid
    settle, seconds, shots = bench.settle, bench.seconds, bench.shots
    with tempfile.TemporaryDirectory(prefix="connect4-idle-") as temp:
        home = Path(temp)
        args = prepare(program, state, home)
        # The pointer off the window to be: over a menu item, it would choose that one.
        display.xdotool("mousemove", "0", "0")
        running = launch(program, display, home, args)
        try:
            wid = wait_for_window(screen, running).window
            bring_to(state, program, display, wid)
            time.sleep(settle)
            pids = running.tree()
            before = cpu_seconds(pids)
            server_before = cpu_seconds([server_pid])
            start = time.perf_counter()
            time.sleep(seconds)
            elapsed = time.perf_counter() - start
            after = cpu_seconds(pids)
            server_after = cpu_seconds([server_pid])
            used = sum(after[p] - before[p] for p in after if p in before)
            server = server_after.get(server_pid, 0.0) - server_before.get(server_pid, 0.0)
            result = Measured(
                program.name, state, 100 * used / elapsed, 100 * server / elapsed, len(pids)
            )
            for pid in after:
                if pid in before:
                    name = f"{describe(pid)} ({pid})"
                    result.by_process[name] = 100 * (after[pid] - before[pid]) / elapsed
            if state == "menu":
                for pid in running.tree():
                    found = memory(pid)
                    if found is not None:
                        result.memory.append((describe(pid), *found))
            if shots is not None:
                shots.mkdir(parents=True, exist_ok=True)
                display.screenshot(shots / f"{program.name.replace(' ', '-')}-{state}.png")
        finally:
            stop(running)
    return result


# -- launch timing ---------------------------------------------------------------------


def time_launch(
    program: Program, display: Display, screen: Screen
) -> tuple[FirstFrame, float | None]:
    """The first drawn frame seen on screen, and (ours) the seconds to it as logged."""
    kept = contextlib.nullcontext(str(program.home)) if program.home is not None else None
    with kept or tempfile.TemporaryDirectory(prefix="connect4-launch-") as temp:
        log = Path(temp) / "log" / "connect4.log"
        log.unlink(missing_ok=True)  # a kept home's log: this launch's figure only
        running = launch(program, display, Path(temp))
        try:
            seen = wait_for_window(screen, running)
            logged = None
            if program.ours:
                deadline = time.perf_counter() + 10
                while logged is None and time.perf_counter() < deadline:
                    logged = running.log_first_frame()
                    time.sleep(0.02)
        finally:
            stop(running)
    return seen, logged


# -- the report ------------------------------------------------------------------------


LATER = ", a later launch"
"""Appended to the name of ours launched with a kept settings folder."""


def programs(args: argparse.Namespace, homes: Path) -> tuple[list[Program], list[Program]]:
    """The programs whose CPU and memory are measured, and those whose launch is timed
    (ours also with a settings folder kept in ``homes``)."""
    # No command line, as a player's double-click starts the game: its window opens at
    # the default size (SIZE), and a first start shows the shipped picture of the menu.
    source = Program(
        "ours (source)",
        [sys.executable, "-m", "game"],
        ours=True,
        states=tuple(args.states),
    )
    later = replace(source, name=source.name + LATER, home=homes / "source")
    measured, timed = [source], [source, later]
    for label, path in (
        ("ours (one-file)", args.onefile),
        ("ours (one-folder)", args.onefolder),
        ("ours (PyInstaller's one-file)", args.pyinstaller_onefile),
    ):
        if path is not None:
            command = [str(Path(path).resolve())]
            timed.append(Program(label, command, ours=True))
            timed.append(Program(label + LATER, command, ours=True, home=homes / label))
    timed.append(Program("a bare pygame window", [sys.executable, "-c", BARE_WINDOW]))
    if args.bare_onefile is not None:
        timed.append(Program(BARE_ONEFILE, [str(args.bare_onefile)]))
    if not args.peers:
        return measured, timed
    if Path(GNOME).is_file():
        gnome = Program("GNOME Four-in-a-row", [GNOME])
        measured.append(gnome)
        timed.append(gnome)
    if Path(KDE).is_file():
        measured.append(Program("KFourInLine", [KDE]))
    return measured, timed


def run(args: argparse.Namespace) -> None:
    for line in benchlib.header_lines():
        print(line)
    with contextlib.ExitStack() as cleanup:
        if args.bare_onefile_build:
            folder = Path(cleanup.enter_context(tempfile.TemporaryDirectory()))
            args.bare_onefile = build_bare_onefile(folder)
        _measure(args)


def _measure(args: argparse.Namespace) -> None:
    # The game's modules compiled as a first launch leaves them (not timed).
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "game")],
        check=False,
        stdout=subprocess.DEVNULL,
        env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    )
    print(f"load average before: {load_average()}")
    homes = Path(tempfile.mkdtemp(prefix="connect4-homes-"))
    try:
        _measure_programs(args, homes)
    finally:
        shutil.rmtree(homes, ignore_errors=True)


def _measure_programs(args: argparse.Namespace, homes: Path) -> None:
    measured, timed = programs(args, homes)
    missing = [p for p in (GNOME, KDE) if not Path(p).is_file()]
    if missing:
        print(f"not installed (no figures for them): {', '.join(missing)}")
    with virtual_screen((1280, 900)) as display, window_manager(display):
        server_pid = pid_of(f"Xvfb {display.name} -screen 0 1280x900x24 -nolisten tcp -noreset")
        if server_pid is None:
            raise RuntimeError("the X server's process was not found")
        screen = Screen(display)
        bench = Bench(display, screen, server_pid, args.settle, args.seconds, args.shots)
        try:
            results = []
            for program in measured:
                for state in program.states:
                    benchlib.progress(f"{program.name}: {state}")
                    results.append(measure_state(program, state, bench))
            launches = _time_launches(timed, display, screen, args.launches)
        finally:
            screen.close()
    _report_cpu(results, args)
    _report_launches(launches)
    _report_memory(results)
    print(f"load average after: {load_average()}")


Launches = dict[str, tuple[list[float], list[float], list[float]]]
"""Per program: seconds to the first frame seen, CPU seconds by then, seconds logged."""


def _time_launches(timed: list[Program], display: Display, screen: Screen, rounds: int) -> Launches:
    launches: Launches = {p.name: ([], [], []) for p in timed}
    for program in timed:
        if program.home is not None:  # the first launch, not timed: it keeps the picture
            benchlib.progress(f"a first launch (not timed): {program.name}")
            program.home.mkdir(parents=True, exist_ok=True)
            time_launch(program, display, screen)
    for round_ in range(rounds):
        for program in timed if round_ % 2 == 0 else reversed(timed):
            benchlib.progress(f"launch {round_ + 1}/{rounds}: {program.name}")
            seen, logged = time_launch(program, display, screen)
            launches[program.name][0].append(seen.seconds)
            launches[program.name][1].append(seen.cpu)
            if logged is not None:
                launches[program.name][2].append(logged)
    return launches


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def _report_cpu(results: list[Measured], args: argparse.Namespace) -> None:
    print()
    print(
        f"CPU while waiting ({args.seconds:g} s after {args.settle:g} s to settle; per cent of"
        f" one core; target at most {CPU_TARGET:g} % for the game and for the X server):"
    )
    print("| program | state | processes | program CPU % | X server CPU % | by process |")
    print("|:--|:--|--:|--:|--:|:--|")
    for r in results:
        each = ", ".join(f"{name} {cpu:.2f}" for name, cpu in r.by_process.items())
        print(
            f"| {r.program} | {r.state} | {r.processes} | {r.cpu:.2f} | {r.server:.2f} | {each} |"
        )
    ours = [r for r in results if r.program.startswith("ours")]
    if ours:
        worst = max(r.cpu for r in ours)
        worst_server = max(r.server for r in ours)
        print(
            f"ours, worst state: {worst:.2f} % (target {_verdict(worst <= CPU_TARGET)}),"
            f" X server {worst_server:.2f} % (target {_verdict(worst_server <= CPU_TARGET)})"
        )


def _summary(values: list[float]) -> str:
    shown = ", ".join(f"{v:.2f}" for v in values)
    return (
        f"median {statistics.median(values):.2f} s (min {min(values):.2f}, max"
        f" {max(values):.2f}; {shown})"
    )


def _report_launches(launches: Launches) -> None:
    if not launches:
        return
    print()
    print(
        "Launch to the first drawn frame (seen on screen; the CPU its processes used by"
        " then; ours also as logged):"
    )
    medians = {}
    for name, (seen, cpu, logged) in launches.items():
        if not seen:
            continue
        medians[name] = statistics.median(seen)
        line = f"- {name}: {_summary(seen)}; CPU {_summary(cpu)}"
        if logged:
            line += f"; logged {_summary(logged)}"
        print(line)
    gnome = medians.get("GNOME Four-in-a-row")
    if gnome is None:
        return
    for which in ("", LATER):
        source = medians.get("ours (source)" + which)
        if source is not None:
            print(
                f"from source{which} {source:.2f} s against GNOME's {gnome:.2f} s: target"
                f" (at most GNOME's) {_verdict(source <= gnome)}"
            )
    for which in ("", LATER):
        onefile = medians.get("ours (one-file)" + which)
        if onefile is not None:
            limit = ONEFILE_FACTOR * gnome
            print(
                f"one-file{which} {onefile:.2f} s against {limit:.2f} s"
                f" ({ONEFILE_FACTOR:g} x GNOME's): target {_verdict(onefile <= limit)}"
            )
    floor = medians.get(BARE_ONEFILE)
    if floor is not None:
        print(
            f"a bare pygame window as a one-file: {floor:.2f} s, {floor / gnome:.2f} x GNOME's"
            " (the floor of any PyInstaller one-file pygame game's start)"
        )


def _report_memory(results: list[Measured]) -> None:
    print()
    print("Memory at the first screen (MB; PSS shares pages among the processes sharing them):")
    print("| program | process | PSS | RSS |")
    print("|:--|:--|--:|--:|")
    totals = {}
    for r in results:
        if not r.memory:
            continue
        for name, pss, rss in r.memory:
            print(f"| {r.program} | {name} | {pss:.1f} | {rss:.1f} |")
        totals[r.program] = sum(pss for _, pss, _ in r.memory)
        print(f"| {r.program} | all {len(r.memory)} | {totals[r.program]:.1f} | |")
    ours, kde = totals.get("ours (source)"), totals.get("KFourInLine")
    if ours is not None and kde is not None:
        print(f"ours {ours:.1f} MB against KFourInLine's {kde:.1f} MB: {_verdict(ours <= kde)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--settle", type=float, default=4.0, help="seconds before measuring")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--launches", type=int, default=5, help="rounds of launches timed")
    parser.add_argument("--onefile", type=Path, help="the one-file executable (build.py)")
    parser.add_argument(
        "--pyinstaller-onefile",
        type=Path,
        help="the game built as PyInstaller's own one-file (Linux's before unpack_once), to"
        " time beside",
    )
    parser.add_argument("--onefolder", type=Path, help="the one-folder build's executable")
    floor = parser.add_mutually_exclusive_group()
    floor.add_argument(
        "--bare-onefile", type=Path, help="a bare pygame window's one-file, to time beside"
    )
    floor.add_argument(
        "--bare-onefile-build",
        action="store_true",
        help="build that one-file first (PyInstaller, about half a minute) and time it",
    )
    parser.add_argument(
        "--states",
        type=_states,
        default=STATES,
        help=f"ours: which of {','.join(STATES)} to measure (comma-separated)",
    )
    parser.add_argument("--shots", type=Path, help="save a screenshot of each state here")
    parser.add_argument(
        "--no-peers",
        dest="peers",
        action="store_false",
        help="ours alone (the targets need the peers' figures of the same run)",
    )
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 600 or not 0 <= args.settle <= 60 or args.launches < 0:
        parser.error("--seconds must be 0-600, --settle 0-60 and --launches at least 0")
    tools = [t for t in ("Xvfb", "openbox", "xdotool") if shutil.which(t) is None]
    if tools:
        parser.error(f"needs {', '.join(tools)} (apt-get install xvfb openbox xdotool)")
    if args.bare_onefile_build and importlib.util.find_spec("PyInstaller") is None:
        parser.error('--bare-onefile-build needs PyInstaller (pip install -e ".[build]")')
    run(args)
    return 0


def _states(text: str) -> tuple[str, ...]:
    chosen = tuple(s.strip() for s in text.split(",") if s.strip())
    unknown = [s for s in chosen if s not in STATES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown state(s) {unknown}: choose from {STATES}")
    return chosen


if __name__ == "__main__":
    sys.exit(main())
