"""The checks before Qt: a display that answers, the system libraries Qt needs, one sentence and exit 2.

Real sockets stand in for the display servers (a listening Unix socket is what a Wayland compositor
is to a client; a TCP port 6000+N is what an X server on ``127.0.0.1:N`` is), and the real CLI runs as
a subprocess for the exit code and the absence of a traceback.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from relay_studio import platform_check as pc
from tests.conftest import SmokeRun
from tests.packaging.support import load


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "relay_studio", *args], env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, check=False)


def _headless_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(HOME=str(tmp_path), **extra)
    env["PATH"] = os.path.dirname(sys.executable)  # python, and no notify-send or zenity to pop up
    return env


@pytest.fixture
def x_server() -> Iterator[str]:
    """A TCP listener where an X server for display ``127.0.0.1:N`` would listen."""
    for number in range(40, 100):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind(("127.0.0.1", 6000 + number))
        except OSError:
            sock.close()
            continue
        sock.listen(4)
        try:
            yield f"127.0.0.1:{number}"
        finally:
            sock.close()
        return
    pytest.fail("no free port between 6040 and 6099 for a stand-in X display")


def test_no_display_is_one_sentence_and_exit_2_without_a_traceback(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = _cli("--data-dir", str(data), env=_headless_env(tmp_path))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "no display is reachable" in lines[0] and "relay-studio demo" in lines[0]
    assert "Traceback" not in done.stderr and "xcb" not in done.stderr
    assert "[startup.no_display]" in (data / pc.LOG_NAME).read_text(encoding="utf-8"), "the log keeps it too"


def test_a_display_that_does_not_answer_is_named(tmp_path: Path) -> None:
    done = _cli("--data-dir", str(tmp_path / "d"), env=_headless_env(tmp_path, DISPLAY="127.0.0.1:39"))
    assert done.returncode == 2 and "DISPLAY=127.0.0.1:39 does not answer" in done.stderr


def test_an_x_display_that_answers_passes(x_server: str) -> None:
    assert pc.x11_answers(x_server)
    assert pc.display_problem({"DISPLAY": x_server}) is None
    assert pc.reachable_displays({"DISPLAY": x_server, "QT_QPA_PLATFORM": "wayland"}) == []


def test_a_wayland_socket_that_answers_passes(tmp_path: Path) -> None:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(tmp_path / "wayland-1"))
    server.listen(1)
    try:
        env = {"WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": str(tmp_path)}
        assert pc.reachable_displays(env) == ["wayland"]
        assert pc.display_problem(env) is None
        assert pc.display_problem({"WAYLAND_DISPLAY": "wayland-9", "XDG_RUNTIME_DIR": str(tmp_path)}) is not None
    finally:
        server.close()


def test_headless_qt_platforms_need_no_display() -> None:
    assert pc.display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert pc.display_problem({"QT_QPA_PLATFORM": "xcb"}) is not None


def test_missing_libraries_are_named_with_the_install_command(tmp_path: Path) -> None:
    env = {pc.LIBRARY_PATH_ENV: str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}  # an empty library folder
    debian = 'ID=ubuntu\nID_LIKE="debian"\n'
    problem = pc.library_problem(env, os_release=debian)
    assert problem is not None and problem.code == "startup.missing_libraries"
    assert "libGL.so.1" in problem.message and "sudo apt install" in problem.message and "libgl1" in problem.message
    assert "libxcb-cursor" not in problem.message, "offscreen needs no X libraries"
    (tmp_path / "libGL.so.1").write_bytes(b"")
    again = pc.library_problem(env, os_release='ID=fedora\n')
    assert again is not None and "libGL.so.1" not in again.message and "sudo dnf install" in again.message
    unknown = pc.library_problem(env, os_release="ID=plan9\n")
    assert unknown is not None and "package manager" in unknown.message


def test_an_x11_start_also_needs_the_xcb_libraries(tmp_path: Path, x_server: str) -> None:
    problem = pc.library_problem({pc.LIBRARY_PATH_ENV: str(tmp_path), "DISPLAY": x_server}, ["x11"], "ID=debian\n")
    assert problem is not None and "libxcb-cursor.so.0" in problem.message and "libxcb-cursor0" in problem.message


def test_smoke_with_an_empty_library_path_names_what_is_missing(tmp_path: Path) -> None:
    env = _headless_env(tmp_path, **{pc.LIBRARY_PATH_ENV: str(tmp_path / "empty")})
    done = _cli("--smoke", "--data-dir", str(tmp_path / "d"), env=env)
    assert done.returncode == 2
    assert "system libraries that are missing (libEGL.so.1" in done.stderr and "Traceback" not in done.stderr


def test_the_libraries_on_this_machine_are_found() -> None:
    assert pc.library_problem({"QT_QPA_PLATFORM": "offscreen"}) is None  # the suite itself runs Qt here


def test_distribution_families() -> None:
    assert pc.distribution_family('ID=linuxmint\nID_LIKE="ubuntu debian"\n') == "debian"
    assert pc.distribution_family("ID=rocky\nID_LIKE='rhel centos fedora'\n") == "fedora"
    assert pc.distribution_family("ID=endeavouros\nID_LIKE=arch\n") == "arch"
    assert pc.distribution_family('ID="opensuse-tumbleweed"\nID_LIKE="opensuse suse"\n') == "suse"
    assert pc.distribution_family("ID=gentoo\n") is None


def test_the_check_knows_exactly_the_debs_dependencies() -> None:
    build = load("build")
    assert sorted(pc.debian_packages()) == sorted(build.DEB_DEPENDS)


def test_a_window_start_with_no_terminal_writes_the_log_and_tries_the_desktop(tmp_path: Path) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    said = tmp_path / "said.txt"
    (tools / "notify-send").write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{said}"\n', encoding="utf-8")
    (tools / "notify-send").chmod(0o755)
    problem = pc.StartProblem("startup.no_display", "relay-studio: no display is reachable (test).")
    assert pc.notify_desktop(problem.message, {"PATH": str(tools)}) == "notify-send"
    assert problem.message in said.read_text(encoding="utf-8")
    log = pc.write_log(tmp_path / "data", problem)
    assert log is not None and "[startup.no_display]" in log.read_text(encoding="utf-8")


def test_smoke_prints_no_harmless_platform_warnings(smoke_run: SmokeRun) -> None:
    """Started as on a headless machine (no display, no QT_QPA_PLATFORM), the smoke run says nothing
    of the offscreen platform's harmless notices."""
    smoke_run.report()
    assert "propagateSizeHints" not in smoke_run.done.stderr
