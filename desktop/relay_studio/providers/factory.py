"""From a stored connection to a streaming provider."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx

from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.base import ModelProvider, ProviderError
from relay_studio.providers.capabilities import ModelLimits
from relay_studio.providers.connections import (
    Connection,
    ConnectionProblem,
    ConnectionStore,
)
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.secrets import SecretStore, SecretStoreError
from relay_studio.store.database import Database


def build_provider(
    connection: Connection,
    api_key: str | None,
    *,
    client: httpx.AsyncClient | None = None,
    model_override: str | None = None,
    on_learned: Callable[[str, ModelLimits], None] | None = None,
) -> ModelProvider:
    """A provider for ``connection``. Without ``client``, each call opens and closes its own."""
    cls = AnthropicProvider if connection.kind == "anthropic" else OpenAICompatibleProvider
    return cls(
        connection,
        api_key,
        client=client,
        model_override=model_override,
        on_learned=on_learned,
    )


def load_api_key(connection: Connection, secrets: SecretStore) -> str | None:
    """The stored key; a local server needs none, so a missing keychain is no problem for it."""
    try:
        return secrets.get(connection.id)
    except SecretStoreError as exc:
        if connection.is_local:
            return None
        raise ProviderError(exc.code, exc.message) from None


def resolve_connection_provider(
    db: Database,
    connection_id: str,
    data_dir: Path,
    *,
    model_override: str | None = None,
    client: httpx.AsyncClient | None = None,
    secrets: SecretStore | None = None,
) -> ModelProvider:
    """Loads the connection and its key; what it learns a model cannot do is saved to the connection.

    Raises ``ProviderError`` (not retryable) when the connection does not exist or its key cannot be
    read, with a sentence that says which.
    """
    store = ConnectionStore(db)
    try:
        connection = store.require(connection_id)
    except ConnectionProblem as exc:
        raise ProviderError(exc.code, f"{exc} Add it with 'relay-studio connections add'.") from None
    api_key = load_api_key(connection, secrets or SecretStore(data_dir))

    def remember(model: str, limits: ModelLimits) -> None:
        store.remember_limits(connection_id, model, limits)

    return build_provider(connection, api_key, client=client, model_override=model_override, on_learned=remember)
