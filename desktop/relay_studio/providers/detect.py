"""Finding models: local servers on loopback, a one-token test call, a model's context length (a connection's
model list is ``model_list.list_models``, handed on here).

Probes go only to loopback, concurrently, each with a short timeout, so ``detect`` takes well under a
second even when nothing is running: the usual ports of Ollama, LM Studio, llama.cpp's server,
KoboldCpp, Jan and vLLM, plus any port the creator types (``servers_to_probe``). A port that answers
but not in the expected shape (some other program on 8080) is not offered.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from relay_studio.domain.messages import Message, ModelRequest, ModelSettings, ResponseCompleted
from relay_studio.providers.base import ProviderError
from relay_studio.providers.connections import PRESETS, Connection
from relay_studio.providers.factory import build_provider
from relay_studio.providers.http_clients import async_client
from relay_studio.providers.model_list import list_models as list_models  # its home is model_list.py
from relay_studio.providers.model_list import model_names

PROBE_TIMEOUT_SECONDS = 0.6


@dataclass(frozen=True)
class LocalServer:
    """A port to probe; ``preset`` empty for a port the creator typed (any server that lists models)."""

    preset: str
    port: int
    probe_path: str = "/v1/models"

    @property
    def label(self) -> str:
        return PRESETS[self.preset].label if self.preset in PRESETS else "A model server"


LOCAL_SERVERS: tuple[LocalServer, ...] = (
    LocalServer("ollama", 11434, "/api/tags"),
    LocalServer("lmstudio", 1234),
    LocalServer("llamacpp", 8080),
    LocalServer("koboldcpp", 5001),
    LocalServer("jan", 1337),
    LocalServer("vllm", 8000),
)


def servers_to_probe(extra_ports: Sequence[int] = (), base: Sequence[LocalServer] = LOCAL_SERVERS
                     ) -> tuple[LocalServer, ...]:
    """The usual ports plus the ones the creator typed (each once)."""
    known = {s.port for s in base}
    extra: list[LocalServer] = []
    for port in extra_ports:
        if not 0 < port < 65536:
            raise ValueError(f"{port} is not a port number (1-65535)")
        if port not in known:
            known.add(port)
            extra.append(LocalServer("", port))
    return (*base, *extra)


def ports_tried(servers: Sequence[LocalServer]) -> str:
    """The ports a detection probed, for the sentence that reports it: ``11434 (Ollama), 1234 (LM Studio), 9000``."""
    return ", ".join(f"{s.port} ({PRESETS[s.preset].label})" if s.preset in PRESETS else str(s.port)
                     for s in servers)


@dataclass(frozen=True)
class DetectedServer:
    preset: str
    label: str
    base_url: str
    models: list[str] = field(default_factory=list)

    def suggested_connection(self) -> Connection:
        port = urlsplit(self.base_url).port
        return Connection(
            id=self.preset or f"local-{port}",
            kind="openai_compatible",
            base_url=self.base_url,
            default_model=self.models[0] if self.models else None,
        )


async def detect_local_servers(
    servers: Sequence[LocalServer] = LOCAL_SERVERS,
    *,
    host: str = "127.0.0.1",
    probe_timeout: float = PROBE_TIMEOUT_SECONDS,
) -> list[DetectedServer]:
    """The local model servers that answer, in the order of ``servers``."""
    async with async_client(timeout=httpx.Timeout(probe_timeout), trust_env=False) as client:
        found = await asyncio.gather(*(_probe(client, server, host) for server in servers))
    return [server for server in found if server is not None]


async def _probe(client: httpx.AsyncClient, server: LocalServer, host: str) -> DetectedServer | None:
    paths = [server.probe_path] if server.preset else ["/v1/models", "/api/tags"]
    for path in paths:
        models = await _probe_path(client, f"http://{host}:{server.port}{path}")
        if models is not None:
            return DetectedServer(server.preset, server.label, f"http://{host}:{server.port}/v1", models)
    return None


async def _probe_path(client: httpx.AsyncClient, url: str) -> list[str] | None:
    try:
        response = await client.get(url)
        if response.status_code != 200:
            return None
        return model_names(response.json())
    except (httpx.HTTPError, ValueError):
        return None


# -- one-token check -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConnectionCheck:
    ok: bool
    message: str
    model: str | None = None
    elapsed_ms: float | None = None


async def check_connection(
    connection: Connection,
    api_key: str | None,
    *,
    model: str | None = None,
    client: httpx.AsyncClient | None = None,
) -> ConnectionCheck:
    """Sends a one-token request and says in one sentence whether the connection works. Without a model
    (none given, no default), it tests the first model the server lists, as a run would use."""
    chosen = model or connection.default_model
    if not chosen:  # as a run would: the first model the server lists
        try:
            names = await list_models(connection, api_key, client=client)
        except ProviderError as exc:
            return ConnectionCheck(False, exc.message)
        if not names:
            return ConnectionCheck(
                False, f"Connection '{connection.id}' answers but lists no models; choose the model to use."
            )
        chosen = names[0]
    provider = build_provider(connection, api_key, client=client, model_override=chosen)
    request = ModelRequest(
        agent_id="connection-test",
        session_id="connection-test",
        system="",
        messages=[Message(role="user", content="Reply with one word: ready")],
        tools=[],
        settings=ModelSettings(model=chosen, max_tokens=1),
    )
    started = time.perf_counter()
    completed = False
    try:
        async for event in provider.stream(request):
            completed = completed or isinstance(event, ResponseCompleted)
    except ProviderError as exc:
        return ConnectionCheck(False, exc.message, chosen)
    if not completed:  # the provider contract forbids this; say so rather than claim success
        return ConnectionCheck(False, f"Connection '{connection.id}' ended its answer without completing it.")
    elapsed = (time.perf_counter() - started) * 1000
    return ConnectionCheck(
        True,
        f"Connection '{connection.id}' works: model '{chosen}' answered in {elapsed:.0f} ms.",
        chosen,
        elapsed,
    )


# -- a model's context length ----------------------------------------------------------------------------

#: fields of an OpenAI-compatible ``/v1/models`` entry that carry the context length (OpenRouter and
#: others ``context_length``, vLLM ``max_model_len``, LM Studio ``max_context_length``)
_CONTEXT_FIELDS = ("context_length", "max_model_len", "max_context_length", "context_window")
CONTEXT_PROBE_SECONDS = 3.0


async def model_context_length(
    connection: Connection, api_key: str | None, model: str | None, *, client: httpx.AsyncClient | None = None
) -> int | None:
    """The number of tokens ``model`` (None: the first listed) holds, as the connection's server reports
    it; None when it does not say or cannot be asked. Asks at most three endpoints, each briefly:

    1. ``/v1/models``: the model's entry, ``context_length`` / ``max_model_len`` / ``max_context_length``;
    2. llama.cpp's ``/props``: ``n_ctx`` (the context the server runs with), tried when the entry said
       nothing or only ``meta.n_ctx_train`` (what the model was trained with; used when ``/props`` fails);
    3. Ollama's ``/api/show``: ``num_ctx`` of the model's parameters, else its ``<arch>.context_length``.
    """
    if connection.kind == "anthropic":
        return None  # its model list carries no context length: the profile setting says it
    own = client is None
    http = client or async_client(timeout=httpx.Timeout(CONTEXT_PROBE_SECONDS), trust_env=False)
    headers = {**connection.headers}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    root = connection.base_url.removesuffix("/v1")
    try:
        entry = _model_entry(await _json_or_none(http, "GET", connection.base_url + "/models", headers), model)
        trained: int | None = None
        if entry is not None:
            for name in _CONTEXT_FIELDS:
                found = _positive(entry.get(name))
                if found is not None:
                    return found
            meta = entry.get("meta")
            trained = _positive(meta.get("n_ctx_train")) if isinstance(meta, dict) else None
            model = model or _entry_name(entry)
        props = await _json_or_none(http, "GET", root + "/props", headers)
        if isinstance(props, dict):
            settings = props.get("default_generation_settings")
            n_ctx = _positive(props.get("n_ctx"))
            if n_ctx is None and isinstance(settings, dict):
                n_ctx = _positive(settings.get("n_ctx"))
            if n_ctx is not None:
                return n_ctx
        if trained is not None:
            return trained
        if model:
            shown = await _json_or_none(http, "POST", root + "/api/show", headers, {"model": model})
            if isinstance(shown, dict):
                return _ollama_context(shown)
        return None
    finally:
        if own:
            await http.aclose()


async def _json_or_none(http: httpx.AsyncClient, method: str, url: str, headers: dict[str, str],
                        body: Any = None) -> Any:
    try:
        response = await http.request(method, url, headers=headers, json=body, timeout=CONTEXT_PROBE_SECONDS)
        if response.status_code != 200:
            return None
        return response.json()
    except (httpx.HTTPError, ValueError):
        return None


def _positive(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _entry_name(entry: dict[str, Any]) -> str | None:
    name = entry.get("id") or entry.get("name") or entry.get("model")
    return name if isinstance(name, str) and name else None


def _model_entry(data: Any, model: str | None) -> dict[str, Any] | None:
    """The entry of ``model`` (the first for None) in a ``{"data": [...]}`` or ``{"models": [...]}`` list."""
    if not isinstance(data, dict):
        return None
    items = data.get("data") if "data" in data else data.get("models")
    if not isinstance(items, list):
        return None
    entries = [item for item in items if isinstance(item, dict)]
    for entry in entries:
        if model is None or _entry_name(entry) == model:
            return entry
    return None


def _ollama_context(shown: dict[str, Any]) -> int | None:
    parameters = shown.get("parameters")
    if isinstance(parameters, str):
        for line in parameters.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] == "num_ctx" and parts[1].isdigit() and int(parts[1]) > 0:
                return int(parts[1])
    info = shown.get("model_info")
    if isinstance(info, dict):
        for key, value in info.items():
            if isinstance(key, str) and key.endswith(".context_length") and _positive(value) is not None:
                return int(value)
    return None
