"""Start-up stays light: ``--version`` and ``--help`` answer without Qt or SQLAlchemy, and the window is
painted before the runtime is imported.

Each check runs the real entry point (``python -m relay_studio``, i.e. ``launch.main``) in a fresh
process under ``-X importtime``, which lists every module the process imported; the window checks read
what ``--smoke`` reports. Times are measured by ``bench/startup.py``, never asserted here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from relay_studio import __version__
from tests.conftest import SmokeRun

#: Nothing of these may be imported to print the version or the help.
HEAVY = ("PySide6", "shiboken6", "qasync", "sqlalchemy", "sqlmodel", "httpx", "relay_studio.runtime",
         "relay_studio.store.database", "relay_studio.ui")


def _imported(*args: str, cwd: Path) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPROFILEIMPORTTIME"}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "relay_studio", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, stdin=subprocess.DEVNULL, timeout=120, check=False)
    modules = [line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:") and line.count("|") == 2]
    return done, modules


def _heavy(modules: list[str]) -> list[str]:
    return sorted({m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)})


def test_version_imports_no_qt_and_no_sqlalchemy(tmp_path: Path) -> None:
    done, modules = _imported("--version", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == f"relay-studio {__version__}\n"
    assert "relay_studio.cli.parser" in modules  # the check saw the real start-up, not an empty list
    assert _heavy(modules) == []


@pytest.mark.parametrize("args", [("--help",), ("-h",), ("runs", "--help"), ("knowledge", "--help")])
def test_help_imports_no_qt_and_no_sqlalchemy(tmp_path: Path, args: tuple[str, ...]) -> None:
    done, modules = _imported(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage: relay-studio")
    assert "relay_studio.cli.parser" in modules
    assert _heavy(modules) == []


def test_top_level_help_still_lists_every_command(tmp_path: Path) -> None:
    done, _ = _imported("--help", cwd=tmp_path)
    for command in ("run", "resume", "demo", "runs", "events", "turns", "workspace", "chat", "projects",
                    "library", "profiles", "connections", "knowledge"):
        assert f"    {command} " in done.stdout or f"    {command}\n" in done.stdout, command


def test_a_mistyped_argument_is_answered_before_anything_heavy(tmp_path: Path) -> None:
    done, modules = _imported("--no-such-option", cwd=tmp_path)
    assert done.returncode == 2
    assert "unrecognized arguments: --no-such-option" in done.stderr
    assert _heavy(modules) == []


def test_a_preset_is_still_checked_against_the_providers_list(tmp_path: Path) -> None:
    done, _ = _imported("connections", "add", "x", "--preset", "nosuch", "--data-dir", str(tmp_path / "d"),
                        cwd=tmp_path)
    assert done.returncode == 2
    assert "invalid choice: 'nosuch'" in done.stderr and "'openai'" in done.stderr


def test_a_command_still_loads_the_runtime(tmp_path: Path) -> None:
    """The other side of the split: a real command does import what it needs (the check can tell)."""
    done, modules = _imported("runs", "--data-dir", str(tmp_path / "d"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "sqlalchemy" in modules and "relay_studio.runtime.engine" in modules


def test_the_window_module_imports_no_runtime(tmp_path: Path) -> None:
    """``relay_studio.app`` is what the window's first paint waits for: Qt, and nothing of the runtime."""
    code = ("import sys, relay_studio.app\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'sqlmodel', 'httpx') or"
            " m.startswith(('relay_studio.runtime', 'relay_studio.store.database', 'relay_studio.ui.main_window'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_the_real_window_takes_keys_before_the_runtime_loads(tmp_path: Path) -> None:
    """The window ``window_start`` shows in the start window's place is the real one, its composer focused
    and holding what was typed, drawn before SQLAlchemy, pydantic, httpx, the stores or the runtime load."""
    code = ("import sys\n"
            "from pathlib import Path\n"
            "from relay_studio.start_window import paint_start_window, window_settings\n"
            "from relay_studio.window_open import show_window\n"
            "settings = window_settings(Path(sys.argv[1]))\n"
            "shell = paint_start_window(settings)\n"
            "shell.early.insertPlainText('Dear sea')\n"
            "window = show_window(shell, settings)\n"
            "from PySide6.QtWidgets import QApplication\n"
            "editor = window.composer.editor\n"
            "print(window.paints.first is not None, QApplication.focusWidget() is editor, editor.toPlainText())\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'sqlmodel', 'httpx', 'pydantic')"
            " or m.startswith(('relay_studio.runtime', 'relay_studio.store', 'relay_studio.ui.studio',"
            " 'relay_studio.ui.chat.view'))))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "data")], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.stdout.splitlines() == ["True True Dear sea", "[]"], done.stdout + done.stderr[-2000:]


def test_smoke_paints_the_start_window_before_the_runtime_loads(smoke_run: SmokeRun) -> None:
    report = smoke_run.report()
    assert report["loadedAtFirstPaint"] == []
    assert report["firstPaintEpoch"] <= report["windowReadyEpoch"] <= report["readyToTypeEpoch"]
    assert report["readyToTypeEpoch"] <= report["chatsShownEpoch"], "the composer takes keys before the chats load"
    assert report["runStatus"] == "completed"
