"""GUI fixtures: tests run on a qasync loop over the one QApplication (offscreen), so the runtime's
coroutines and Qt share the loop exactly as in the app. Inside ``async def`` tests never use
``qtbot.waitSignal``/``waitUntil`` (nested loops); ``until()`` (``tests/support.py``) polls with
``asyncio.sleep`` instead.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.app import build_window, ensure_app, new_loop, window_settings
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.provider_source import ScriptedProviders, demo_script
from relay_studio.ui.main_window import MainWindow
from tests.support import until

__all__ = ["App", "run_to_end", "until"]  # GUI tests import until() from here or from tests.support


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item) -> dict[str, Callable[[], Any]]:
    return {"qasync": lambda: new_loop(ensure_app())}


class App:
    """A window over a data dir, with the provider the test scripts; reopen() restarts over the same data."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.runtime: Runtime | None = None
        self.window: MainWindow | None = None
        self.provider: ScriptedProvider | None = None

    def open(self, turns: dict[str, list[dict[str, Any]]] | None = None) -> MainWindow:
        self.runtime = Runtime(self.data_dir)
        script = load_script({"turns": turns}) if turns is not None else demo_script()
        self.provider = ScriptedProvider(script)
        self.window = build_window(self.runtime, ScriptedProviders(self.provider), window_settings(self.data_dir))
        self.window.show()
        return self.window

    def open_on(self, provider: ModelProvider) -> MainWindow:
        """The window with every run on ``provider`` (a slow stream, a loopback server's connection)."""
        self.runtime = Runtime(self.data_dir)
        self.window = build_window(self.runtime, ScriptedProviders(provider), window_settings(self.data_dir))
        self.window.show()
        return self.window

    async def close(self) -> None:
        if self.window is not None:
            self.window.force_close()
            await self.window.studio.shutdown()
            self.window.deleteLater()
            self.window = None
            # Collect what this test left in reference cycles here, on the GUI thread: a Qt object whose
            # last reference goes in a collection that happens to run on a worker thread (the library
            # dock's reading and counting threads allocate) is destroyed there ("Timers cannot be
            # stopped from another thread", then a crash).
            gc.collect()
        if self.runtime is not None:
            self.runtime.close()
            self.runtime = None
        await asyncio.sleep(0)

    async def reopen(self, turns: dict[str, list[dict[str, Any]]] | None = None) -> MainWindow:
        """The window again over the same data, once the chat it opens with is shown (read as a query)."""
        await self.close()
        window = self.open(turns)
        await until(lambda: window.chat.up_to_date, what="the chat the window opens with to be read and shown")
        return window


@pytest.fixture
async def app(tmp_path: Path, qapp: QApplication) -> AsyncIterator[App]:
    a = App(tmp_path / "data")
    yield a
    await a.close()


@pytest.fixture
def qt_settings_isolated(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """An unexpected Qt warning fails a GUI test; the offscreen platform's own notices do not."""
    for item in items:
        if "tests/gui/" in item.nodeid.replace("\\", "/") or item.nodeid.startswith("gui/"):
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            item.add_marker(pytest.mark.qt_log_ignore("propagateSizeHints", "This plugin does not support"))


async def run_to_end(window: MainWindow, runs_before: int = 0) -> str:
    """Waits until a run started after ``runs_before`` known runs has ended and the chat shown has its read after
    the end (a query on the reader lane, shown when it arrives); returns its id."""
    studio = window.studio
    await until(lambda: len(studio.stats) > runs_before, what="a run to start")
    run_id = list(studio.stats)[runs_before]
    await until(lambda: run_id not in studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end to be shown")
    return run_id


def send_as(window: MainWindow, qtbot: QtBot, agent: str, text: str) -> None:
    """Picks ``agent`` in the composer, puts ``text`` in it and clicks Send."""
    window.chat.composer.select_agent(agent)
    window.chat.composer.set_text(text)
    qtbot.mouseClick(window.chat.composer.send_button, Qt.MouseButton.LeftButton)
