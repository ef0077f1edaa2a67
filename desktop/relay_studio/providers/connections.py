"""Connections as the providers use them: the presets the creator starts from, and what a provider asks
of a connection (the model to call, the HTTP timeouts). The connection itself is a record
(``domain/connections.py``); ``store/connections.py`` keeps them.
"""

from __future__ import annotations

from typing import Literal

import httpx
from pydantic import BaseModel

from relay_studio.domain import error_codes as codes
from relay_studio.domain.connections import CONNECTION_EXISTS as CONNECTION_EXISTS
from relay_studio.domain.connections import CONNECTION_INVALID as CONNECTION_INVALID
from relay_studio.domain.connections import CONNECTION_UNKNOWN as CONNECTION_UNKNOWN
from relay_studio.domain.connections import NO_CONNECTION as NO_CONNECTION
from relay_studio.domain.connections import Connection as Connection
from relay_studio.domain.connections import ConnectionKind as ConnectionKind
from relay_studio.domain.connections import ConnectionProblem as ConnectionProblem
from relay_studio.domain.connections import parse_connection as parse_connection
from relay_studio.providers.base import ProviderError


def model_for(connection: Connection, requested: str | None, override: str | None = None) -> str:
    """An explicit override, else the agent's model, else the connection's default."""
    model = (override or requested or connection.default_model or "").strip()
    if not model:
        raise ProviderError(
            codes.PROVIDER_NO_MODEL,
            f"Connection '{connection.id}' has no default model and the agent names none; "
            "choose the connection's default model, or name one in the agent's profile.",
        )
    return model


def http_timeout(connection: Connection) -> httpx.Timeout:
    t = connection.timeouts
    return httpx.Timeout(connect=t.connect, read=t.read, write=t.write, pool=t.pool)


class Preset(BaseModel):
    name: str
    label: str
    kind: ConnectionKind
    base_url: str
    default_model: str | None = None
    needs_key: bool = True
    max_tokens_field: Literal["max_tokens", "max_completion_tokens"] = "max_tokens"

    def connection(self, connection_id: str, *, model: str | None = None) -> Connection:
        return Connection(
            id=connection_id,
            kind=self.kind,
            base_url=self.base_url,
            default_model=model or self.default_model,
            max_tokens_field=self.max_tokens_field,
        )


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            name="openai",
            label="OpenAI",
            kind="openai_compatible",
            base_url="https://api.openai.com/v1",
            max_tokens_field="max_completion_tokens",
        ),
        Preset(name="anthropic", label="Anthropic", kind="anthropic", base_url="https://api.anthropic.com"),
        Preset(
            name="openrouter",
            label="OpenRouter",
            kind="openai_compatible",
            base_url="https://openrouter.ai/api/v1",
        ),
        Preset(
            name="deepseek",
            label="DeepSeek",
            kind="openai_compatible",
            base_url="https://api.deepseek.com/v1",
            default_model="deepseek-chat",
        ),
        Preset(
            name="gemini",
            label="Google Gemini (OpenAI-compatible)",
            kind="openai_compatible",
            base_url="https://generativelanguage.googleapis.com/v1beta/openai",
        ),
        Preset(
            name="ollama",
            label="Ollama",
            kind="openai_compatible",
            base_url="http://127.0.0.1:11434/v1",
            needs_key=False,
        ),
        Preset(
            name="lmstudio",
            label="LM Studio",
            kind="openai_compatible",
            base_url="http://127.0.0.1:1234/v1",
            needs_key=False,
        ),
        Preset(
            name="llamacpp",
            label="llama.cpp server",
            kind="openai_compatible",
            base_url="http://127.0.0.1:8080/v1",
            needs_key=False,
        ),
        Preset(
            name="jan",
            label="Jan",
            kind="openai_compatible",
            base_url="http://127.0.0.1:1337/v1",
            needs_key=False,
        ),
        Preset(
            name="koboldcpp",
            label="KoboldCpp",
            kind="openai_compatible",
            base_url="http://127.0.0.1:5001/v1",
            needs_key=False,
        ),
        Preset(
            name="vllm",
            label="vLLM",
            kind="openai_compatible",
            base_url="http://127.0.0.1:8000/v1",
            needs_key=False,
        ),
    )
}
