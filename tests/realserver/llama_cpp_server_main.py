"""``python tests/realserver/llama_cpp_server_main.py ARGS``: llama-cpp-python's server (``llama_cpp.server``,
the same arguments) with llama.cpp's extra CPU buffer types off, as ``llama-server --no-repack``.

Why: on a virtual machine whose CPU reports Intel AMX that the hypervisor does not enable, a native build
of ggml (pip builds llama-cpp-python with ``-march=native``) repacks the weights for AMX and dies of a
general protection fault at its first ``ldtilecfg`` (seen here: SIGSEGV while the model warms up, both in
llama-cpp-python's server and in llama.cpp's own). llama-cpp-python has no switch for it (its
``Llama`` never sets ``use_extra_bufts``), so the default model parameters are wrapped here before the
server loads the model. Nothing else changes: the server is llama-cpp-python's own ``__main__``.
"""

from __future__ import annotations

import runpy
from typing import Any

import llama_cpp.llama_cpp as bindings

_default_params = bindings.llama_model_default_params


def _params_without_repacking() -> Any:
    params = _default_params()
    params.use_extra_bufts = False
    return params


def main() -> None:
    bindings.llama_model_default_params = _params_without_repacking
    runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
