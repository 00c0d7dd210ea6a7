"""A virtual screen for the end-to-end tests: Xvfb, xdotool, screenshots, closing windows.

Everything here drives real programs the way a player's desktop would; it is
used only by tests marked ``e2e``.  :func:`missing_tools` says what is not
installed, so those tests skip with a clear reason instead of failing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

TOOLS = ("Xvfb", "xdotool", "import")
"""Xvfb and xdotool from Debian's packages of the same names; ``import`` from imagemagick."""

SCREEN = (1024, 768)


def missing_tools() -> list[str]:
    """The tools this module needs that are not on the PATH, and python-xlib if absent."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    try:
        import Xlib.display  # noqa: F401, PLC0415 - optional: only the e2e tests need it
    except ImportError:
        missing.append("python-xlib")
    return missing


@dataclass(frozen=True)
class Display:
    """A running virtual screen, ``name`` like ``":99"``."""

    name: str

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.name}

    def xdotool(self, *args: str) -> str:
        result = subprocess.run(
            ["xdotool", *args],
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)} failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def find_window(self, pid: int, timeout: float = 20.0) -> int:
        """The id of the first visible window of process ``pid``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                found = self.xdotool("search", "--onlyvisible", "--pid", str(pid))
            except RuntimeError:
                found = ""
            if found:
                return int(found.split()[0])
            time.sleep(0.1)
        raise TimeoutError(f"no window of process {pid} appeared within {timeout} s")

    def window_origin(self, window: int) -> tuple[int, int]:
        """The screen position of the window's top-left corner."""
        values = dict(
            line.split("=", 1)
            for line in self.xdotool("getwindowgeometry", "--shell", str(window)).splitlines()
        )
        return int(values["X"]), int(values["Y"])

    def window_size(self, window: int) -> tuple[int, int]:
        """The window's width and height (its contents, without a frame)."""
        values = dict(
            line.split("=", 1)
            for line in self.xdotool("getwindowgeometry", "--shell", str(window)).splitlines()
        )
        return int(values["WIDTH"]), int(values["HEIGHT"])

    def has_window_manager(self) -> bool:
        """Whether a window manager has announced itself on the root window (EWMH)."""
        from Xlib import display  # noqa: PLC0415 - optional dependency, see missing_tools

        conn = display.Display(self.name)
        try:
            root = conn.screen().root
            check = root.get_full_property(conn.intern_atom("_NET_SUPPORTING_WM_CHECK"), 0)
            return check is not None
        finally:
            conn.close()

    def click(self, x: int, y: int) -> None:
        """A left click at screen position (x, y)."""
        self.xdotool("mousemove", "--sync", str(x), str(y), "click", "1")

    def key(self, window: int, *keys: str) -> None:
        self.xdotool("key", "--window", str(window), *keys)

    def screenshot(self, path: Path) -> Path:
        """The whole screen as a PNG."""
        subprocess.run(
            ["import", "-display", self.name, "-window", "root", str(path)],
            check=True,
            timeout=30,
            capture_output=True,
        )
        return path

    def maximise(self, window: int) -> None:
        """Ask the window manager to maximise the window, as its title bar's button does
        (the _NET_WM_STATE client message to the root window, EWMH)."""
        from Xlib import X, display  # noqa: PLC0415 - optional dependency, see missing_tools
        from Xlib.protocol import event  # noqa: PLC0415

        conn = display.Display(self.name)
        try:
            target = conn.create_resource_object("window", window)
            state = conn.intern_atom("_NET_WM_STATE")
            wide = conn.intern_atom("_NET_WM_STATE_MAXIMIZED_HORZ")
            tall = conn.intern_atom("_NET_WM_STATE_MAXIMIZED_VERT")
            add = 1
            message = event.ClientMessage(
                window=target, client_type=state, data=(32, [add, wide, tall, 1, 0])
            )
            mask = X.SubstructureRedirectMask | X.SubstructureNotifyMask
            conn.screen().root.send_event(message, event_mask=mask)
            conn.sync()
        finally:
            conn.close()

    def close_window(self, window: int) -> None:
        """Ask the window to close as a window manager's close button does:
        the WM_DELETE_WINDOW client message (``xdotool windowclose`` would destroy it)."""
        from Xlib import X, display  # noqa: PLC0415 - optional dependency, see missing_tools
        from Xlib.protocol import event  # noqa: PLC0415

        conn = display.Display(self.name)
        try:
            target = conn.create_resource_object("window", window)
            protocols = conn.intern_atom("WM_PROTOCOLS")
            delete = conn.intern_atom("WM_DELETE_WINDOW")
            message = event.ClientMessage(
                window=target, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0])
            )
            target.send_event(message, event_mask=X.NoEventMask)
            # A round trip, not just a flush: with flush() and close() right after,
            # about 1 close in 8 never reached the game (no event at all in SDL),
            # and none of 80 did after sync().
            conn.sync()
        finally:
            conn.close()


@contextmanager
def virtual_screen(size: tuple[int, int] = SCREEN, depth: int = 24) -> Iterator[Display]:
    """Start Xvfb (``depth`` bits a pixel) on a free display number (from
    ``CONNECT4_E2E_DISPLAY``, default 90, up: people sharing a machine can keep out of each
    other's way; each of pytest-xdist's workers starts ten further on, so that two never
    race for one); stop it afterwards."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")  # gw0, gw1, ...
    first = int(os.environ.get("CONNECT4_E2E_DISPLAY", "90").lstrip(":"))
    first += 10 * int(worker.removeprefix("gw") or 0)
    number = next(n for n in range(first, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    name = f":{number}"
    server = subprocess.Popen(
        # -noreset: by default Xvfb resets when its last client leaves, and refuses
        # connections meanwhile; a game started just after another one closed then
        # found no display (1 launch in 50; 9 refusals in 2,700 quick connections
        # without it, none with it).
        [
            "Xvfb",
            name,
            "-screen",
            "0",
            f"{size[0]}x{size[1]}x{depth}",
            "-nolisten",
            "tcp",
            "-noreset",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Xvfb {name} did not start (exit {server.returncode})")
            time.sleep(0.05)
        yield Display(name)
    finally:
        server.terminate()
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def window_manager(screen: Display) -> Iterator[subprocess.Popen[bytes]]:
    """Run openbox (Debian's package of that name) on ``screen``, as a player's desktop
    would have a window manager; stop it afterwards."""
    manager = subprocess.Popen(
        ["openbox", "--sm-disable"],
        env=screen.env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not screen.has_window_manager():
            if manager.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"openbox did not start (exit {manager.returncode})")
            time.sleep(0.05)
        yield manager
    finally:
        manager.terminate()
        try:
            manager.wait(5)
        except subprocess.TimeoutExpired:
            manager.kill()
            manager.wait()
