"""Before Qt is imported: is a display reachable, and are the system libraries Qt needs there?

Qt cannot explain either problem to a creator: a missing ``libGL.so.1`` is an ``ImportError`` deep in
a traceback, and no display aborts the process (SIGABRT) with advice that does not apply. This module
needs nothing but the standard library, answers in one sentence with what to do, and, when the app
was started from a desktop menu (no terminal to read), shows that sentence in a notification or a
minimal dialog and writes it to a log file in the data folder.

Linux (and the other X11/Wayland systems) only; on Windows and macOS every check passes. ``socket``,
``ctypes`` and ``subprocess`` are imported by the checks that use them: an offscreen start (``--smoke``,
the bench) paints its first window without them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from relay_studio.domain import error_codes as codes

EXIT_CANNOT_START = 2
LOG_NAME = "startup.log"
#: a test (or a curious creator) points the library check at these folders instead of the loader's
LIBRARY_PATH_ENV = "RELAY_STUDIO_LIBRARY_PATH"
#: Qt platforms that need no display server
HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "eglfs", "linuxfb", "vkkhrdisplay")

# soname -> the package that provides it on Debian/Ubuntu, Fedora, Arch and openSUSE. The Debian
# names are the .deb's Depends (packaging/build.py DEB_DEPENDS; a test keeps the two in step).
_CORE: dict[str, tuple[str, str, str, str]] = {
    "libEGL.so.1": ("libegl1", "libglvnd-egl", "libglvnd", "libEGL1"),
    "libGL.so.1": ("libgl1", "libglvnd-glx", "libglvnd", "libGL1"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig", "fontconfig", "libfontconfig1"),
    "libfreetype.so.6": ("libfreetype6", "freetype", "freetype2", "libfreetype6"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon", "libxkbcommon", "libxkbcommon0"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs", "dbus", "libdbus-1-3"),
    "libX11.so.6": ("libx11-6", "libX11", "libx11", "libX11-6"),
}
_X11: dict[str, tuple[str, str, str, str]] = {
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11", "libxkbcommon-x11-0"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb", "libx11", "libX11-xcb1"),
    "libxcb.so.1": ("libxcb1", "libxcb", "libxcb", "libxcb1"),
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor", "libxcb-cursor0"),
    "libxcb-glx.so.0": ("libxcb-glx0", "libxcb", "libxcb", "libxcb-glx0"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm", "xcb-util-wm", "libxcb-icccm4"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image", "xcb-util-image", "libxcb-image0"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms", "libxcb-keysyms1"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb", "libxcb", "libxcb-randr0"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb", "libxcb", "libxcb-render0"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil", "xcb-util-renderutil",
                                "libxcb-render-util0"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb", "libxcb", "libxcb-shape0"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb", "libxcb", "libxcb-shm0"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb", "libxcb", "libxcb-sync1"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb", "libxcb", "libxcb-xfixes0"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb", "libxcb", "libxcb-xkb1"),
}
_WAYLAND: dict[str, tuple[str, str, str, str]] = {
    "libwayland-client.so.0": ("libwayland-client0", "libwayland-client", "wayland", "libwayland-client0"),
    "libwayland-cursor.so.0": ("libwayland-cursor0", "libwayland-cursor", "wayland", "libwayland-cursor0"),
    "libwayland-egl.so.1": ("libwayland-egl1", "libwayland-egl", "wayland", "libwayland-egl1"),
}
_FAMILIES = ("debian", "fedora", "arch", "suse")
_INSTALL = {"debian": "sudo apt install", "fedora": "sudo dnf install", "arch": "sudo pacman -S",
            "suse": "sudo zypper install"}


def debian_packages() -> list[str]:
    """Every Debian package the checks know, in the order the .deb lists its Depends."""
    return [pkgs[0] for table in (_CORE, _X11, _WAYLAND) for pkgs in table.values()]


def packages_for(family: str) -> list[str]:
    """Every package the checks know for ``family`` (one of ``debian``, ``fedora``, ``arch``, ``suse``), each
    once, in the checks' order: the README's install line for that system (a test keeps the two in step)."""
    column = _FAMILIES.index(family)
    out: list[str] = []
    for table in (_CORE, _X11, _WAYLAND):
        for pkgs in table.values():
            if pkgs[column] not in out:
                out.append(pkgs[column])
    return out


@dataclass(frozen=True)
class StartProblem:
    code: str
    message: str


# -- the display ----------------------------------------------------------------------------------
def _answers(family: int, address: str | bytes | tuple[str, int], timeout: float = 0.5) -> bool:
    import socket

    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.connect(address)
            return True
    except OSError:
        return False


def x11_answers(display: str) -> bool:
    """Whether an X server accepts a connection at ``display`` (``:0``, ``:1.0``, ``host:2``, ``unix:0``)."""
    import socket

    if display.startswith("/"):  # a launchd socket path such as /private/tmp/...:0 (XQuartz)
        return _answers(socket.AF_UNIX, display.rsplit(":", 1)[0]) if hasattr(socket, "AF_UNIX") else False
    host, _, rest = display.rpartition(":")
    number = rest.split(".", 1)[0]
    if not number.isdigit():
        return False
    if host in ("", "unix"):
        if not hasattr(socket, "AF_UNIX"):
            return False
        path = f"/tmp/.X11-unix/X{number}"
        return _answers(socket.AF_UNIX, path) or (sys.platform.startswith("linux")
                                                  and _answers(socket.AF_UNIX, "\0" + path))
    return _answers(socket.AF_INET6 if ":" in host else socket.AF_INET, (host.strip("[]"), 6000 + int(number)))


def wayland_answers(display: str, runtime_dir: str | None) -> bool:
    import socket

    if not hasattr(socket, "AF_UNIX"):
        return False
    path = display if os.path.isabs(display) else os.path.join(runtime_dir or "", display)
    return bool(runtime_dir or os.path.isabs(display)) and _answers(socket.AF_UNIX, path)


def needs_display_server(env: Mapping[str, str]) -> bool:
    if not (sys.platform.startswith("linux") or "bsd" in sys.platform):
        return False
    platform = env.get("QT_QPA_PLATFORM", "").split(":", 1)[0].strip().lower()
    return not platform.startswith(HEADLESS_PLATFORMS)


def reachable_displays(env: Mapping[str, str]) -> list[str]:
    """Which of X11 and Wayland answer, in the order Qt tries them (Wayland first when both are set)."""
    platform = env.get("QT_QPA_PLATFORM", "").split(":", 1)[0].strip().lower()
    found: list[str] = []
    wayland, x11 = env.get("WAYLAND_DISPLAY", ""), env.get("DISPLAY", "")
    if wayland and platform in ("", "wayland") and wayland_answers(wayland, env.get("XDG_RUNTIME_DIR")):
        found.append("wayland")
    if x11 and platform in ("", "xcb") and x11_answers(x11):
        found.append("x11")
    return found


def display_problem(env: Mapping[str, str]) -> StartProblem | None:
    if not needs_display_server(env) or reachable_displays(env):
        return None
    named = [f"{name}={env[name]}" for name in ("DISPLAY", "WAYLAND_DISPLAY") if env.get(name)]
    why = f"{' and '.join(named)} {'does' if len(named) == 1 else 'do'} not answer" if named \
        else "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return StartProblem(
        codes.STARTUP_NO_DISPLAY,
        f"relay-studio: no display is reachable ({why}), so the window cannot open; "
        "'relay-studio demo' runs the demo relay in this terminal and 'relay-studio --help' lists the other "
        "commands.")


# -- the system libraries -------------------------------------------------------------------------
def _bundle_dirs() -> list[Path]:
    bundle = getattr(sys, "_MEIPASS", None)  # the frozen app carries some libraries itself
    return [Path(bundle)] if bundle else []


def library_present(soname: str, search: Sequence[Path] | None = None) -> bool:
    """Whether ``soname`` can be loaded: from ``search`` alone when given, else as the loader would."""
    if search is not None:
        return any((folder / soname).exists() for folder in search)
    if any((folder / soname).exists() for folder in _bundle_dirs()):
        return True
    import ctypes

    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def required_libraries(env: Mapping[str, str], displays: Iterable[str]) -> dict[str, tuple[str, str, str, str]]:
    """The libraries Qt will load for the platforms this start uses."""
    needed = dict(_CORE)
    shown = set(displays)
    if "x11" in shown or (not shown and env.get("DISPLAY")):
        needed.update(_X11)
    if "wayland" in shown:
        needed.update(_WAYLAND)
    return needed


def distribution_family(os_release: str | None = None) -> str | None:
    """``debian``, ``fedora``, ``arch`` or ``suse`` from /etc/os-release (ID and ID_LIKE), else None."""
    if os_release is None:
        try:
            os_release = Path("/etc/os-release").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    words: list[str] = []
    for line in os_release.splitlines():
        key, _, value = line.partition("=")
        if key in ("ID", "ID_LIKE"):
            words += value.strip().strip("'\"").lower().split()
    aliases = {"ubuntu": "debian", "linuxmint": "debian", "pop": "debian", "rhel": "fedora", "centos": "fedora",
               "manjaro": "arch", "endeavouros": "arch", "opensuse": "suse", "sles": "suse"}
    for word in words:
        family = aliases.get(word, word)
        if family.startswith("opensuse"):
            family = "suse"
        if family in _FAMILIES:
            return family
    return None


def library_problem(env: Mapping[str, str], displays: Iterable[str] = (),
                    os_release: str | None = None) -> StartProblem | None:
    override = env.get(LIBRARY_PATH_ENV)
    search = [Path(p) for p in override.split(os.pathsep) if p] if override is not None else None
    needed = required_libraries(env, displays)
    missing = [name for name in needed if not library_present(name, search)]
    if not missing:
        return None
    family = distribution_family(os_release)
    if family is None:
        fix = "install the packages that provide them with your system's package manager"
    else:
        index = _FAMILIES.index(family)
        packages = list(dict.fromkeys(needed[name][index] for name in missing))
        fix = f"install them with: {_INSTALL[family]} {' '.join(packages)}"
    return StartProblem(
        codes.STARTUP_MISSING_LIBRARIES,
        f"relay-studio: the window needs system libraries that are missing ({', '.join(missing)}); {fix}")


# -- telling the creator ---------------------------------------------------------------------------
def has_terminal() -> bool:
    try:
        return sys.stderr.isatty() or sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def notify_desktop(message: str, env: Mapping[str, str]) -> str | None:
    """Shows ``message`` without Qt: a notification, else a small dialog. Returns the tool used."""
    import shutil
    import subprocess

    attempts = [["notify-send", "--app-name=Relay Studio", "Relay Studio cannot start", message],
                ["zenity", "--error", "--title=Relay Studio", f"--text={message}"],
                ["kdialog", "--title", "Relay Studio", "--error", message]]
    for argv in attempts:
        if shutil.which(argv[0], path=env.get("PATH")) is None:
            continue
        try:
            done = subprocess.run(argv, env=dict(env), capture_output=True, timeout=10, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return argv[0]
    return None


def write_log(data_dir: Path, problem: StartProblem) -> Path | None:
    import time

    log = data_dir / LOG_NAME
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as fh:
            fh.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S%z')} [{problem.code}] {problem.message}\n")
    except OSError:
        return None
    return log


def report(problem: StartProblem, data_dir: Path, env: Mapping[str, str] | None = None) -> int:
    """Says ``problem`` on stderr, in the log and, without a terminal, on the desktop; the exit code."""
    env = os.environ if env is None else env
    sys.stderr.write(problem.message + "\n")
    sys.stderr.flush()
    write_log(data_dir, problem)
    if not has_terminal():
        notify_desktop(problem.message, env)
    return EXIT_CANNOT_START


def offscreen_without_display(env: dict[str, str] | os._Environ[str]) -> None:
    """A screenshot needs no screen: without a reachable display, draw offscreen."""
    if needs_display_server(env) and not reachable_displays(env) and "QT_QPA_PLATFORM" not in env:
        env["QT_QPA_PLATFORM"] = "offscreen"


def check_window_start(env: Mapping[str, str] | None = None) -> StartProblem | None:
    """The first problem that keeps the window from opening here, or None."""
    env = os.environ if env is None else env
    problem = display_problem(env)
    if problem is not None:
        return problem
    displays = reachable_displays(env) if needs_display_server(env) else []
    return library_problem(env, displays)
