"""From a stored connection (or a profile's model binding) to a streaming provider."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import aclosing
from pathlib import Path
from typing import Protocol

import httpx

from relay_studio.domain import error_codes as codes
from relay_studio.domain.messages import ModelRequest, ProviderNotice, StreamEvent
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.base import ModelProvider, ProviderError
from relay_studio.providers.capabilities import ModelLimits
from relay_studio.providers.connections import (
    NO_CONNECTION,
    Connection,
    ConnectionProblem,
)
from relay_studio.providers.model_list import list_models
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.secrets import KeychainUnavailableError, SecretStore, SecretStoreError

#: How each host tells the creator to add a connection: the CLI names its command, the window never does.
CLI_ADD_HINT = "Add one with 'relay-studio connections add ID --preset NAME' (or run offline with --script FILE)."
WINDOW_ADD_HINT = "Add one in Settings → Connections."
#: The notice a run journals when a connection without a default model uses the first model its server lists.
MODEL_FROM_SERVER_LIST = codes.PROVIDER_MODEL_FROM_SERVER_LIST
PROFILE_NOT_CONFIGURED = codes.PROVIDER_PROFILE_NOT_CONFIGURED


class ConnectionSource(Protocol):
    """The creator's connections as the factory reads them. ``store.connections.ConnectionStore`` serves it:
    the host opens the store and hands it in, so no SQL runs in the providers."""

    def require(self, connection_id: str) -> Connection: ...

    def default_id(self) -> str | None: ...

    def remember_limits(self, connection_id: str, model: str, limits: ModelLimits) -> None: ...

    def legacy_header_ids(self) -> list[str]: ...

    def mark_headers_secret(self, connection_id: str, names: list[str]) -> None: ...


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


def with_secret_headers(connection: Connection, secrets: SecretStore) -> Connection:
    """The connection as sent: its plain headers plus the values of its secret ones (never stored)."""
    if not connection.secret_headers and not connection.legacy_headers:
        return connection
    headers = {**connection.legacy_headers, **connection.headers}
    for name in connection.secret_headers:
        try:
            value = secrets.get_header(connection.id, name)
        except SecretStoreError as exc:
            raise ProviderError(exc.code, exc.message) from None
        if value is None:
            raise ProviderError(
                codes.SECRETS_HEADER_MISSING,
                f"The value of header '{name}' of connection '{connection.id}' is not stored any more; "
                "set it again on the connection.",
            )
        headers[name] = value
    return connection.model_copy(update={"headers": headers})


def secure_legacy_headers(store: ConnectionSource, secrets: SecretStore) -> list[str]:
    """Moves header values stored plain before they counted as secrets into the secret store.

    Returns the connections done. Where no secret store is available yet, the values stay where they
    are (and are still sent) until one is; nothing is lost.
    """
    done: list[str] = []
    for connection_id in store.legacy_header_ids():
        connection = store.require(connection_id)
        try:
            for name, value in connection.legacy_headers.items():
                secrets.set_header(connection_id, name, value)
        except SecretStoreError:
            continue
        store.mark_headers_secret(connection_id, list(connection.legacy_headers))
        done.append(connection_id)
    return done


def resolve_connection_provider(
    connections: ConnectionSource,
    connection_id: str,
    data_dir: Path,
    *,
    model_override: str | None = None,
    client: httpx.AsyncClient | None = None,
    secrets: SecretStore | None = None,
    add_hint: str = CLI_ADD_HINT,
) -> ModelProvider:
    """Loads the connection, its key and secret headers; what it learns a model cannot do is saved to the
    connection.

    Raises ``ProviderError`` (not retryable) when the connection does not exist or its key cannot be
    read, with a sentence that says which (``add_hint``: how this host adds a connection).
    """
    store, connection, api_key = _load(connections, connection_id, data_dir, secrets, add_hint)

    def remember(model: str, limits: ModelLimits) -> None:
        store.remember_limits(connection_id, model, limits)

    return build_provider(connection, api_key, client=client, model_override=model_override, on_learned=remember)


def _load(
    store: ConnectionSource, connection_id: str, data_dir: Path, secrets: SecretStore | None, add_hint: str
) -> tuple[ConnectionSource, Connection, str | None]:
    try:
        connection = store.require(connection_id)
    except ConnectionProblem as exc:
        raise ProviderError(exc.code, f"{exc} {add_hint}") from None
    secret_store = secrets or SecretStore(data_dir)
    if connection.legacy_headers and secure_legacy_headers(store, secret_store):
        connection = store.require(connection_id)
    try:
        return store, with_secret_headers(connection, secret_store), load_api_key(connection, secret_store)
    except ProviderError as exc:
        if exc.code != KeychainUnavailableError.code or add_hint == CLI_ADD_HINT:
            raise
        # The store's sentence names a command-line option; the window offers the same choice itself.
        raise ProviderError(
            exc.code,
            f"No system keychain is available on this machine, so the API key of connection '{connection_id}' "
            "cannot be read; in Settings → Connections you can keep keys in a file only you can read.",
        ) from None


class ProfileProviders:
    """A run's ``provider_for`` over the creator's connections: a profile's model binding to a provider.

    ``connection``/``model``: the CLI's ``--connection``/``--model``, binding every profile. Binding
    ``default`` uses the default connection; its model is the profile's, else the connection's default
    model, else the first model the server lists (asked at the first call, and journaled as a notice).
    Providers are cached per connection and model. A binding that cannot be served raises
    ``ProviderError`` with a sentence for the creator: the runtime checks the root at start, and a
    handoff or helper target when it is chosen.
    """

    def __init__(
        self,
        connections: ConnectionSource,
        data_dir: Path,
        *,
        add_hint: str,
        connection: str | None = None,
        model: str | None = None,
        secrets: SecretStore | None = None,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.connections, self.data_dir, self.add_hint = connections, data_dir, add_hint
        self.connection, self.model = connection, model
        self.secrets, self.client = secrets, client
        self._cache: dict[tuple[str, str | None], ModelProvider] = {}

    def connection_id_for(self, profile: AgentProfile) -> str:
        binding = profile.model
        if self.connection:
            return self.connection
        if binding.mode == "connection" and binding.connection:
            return binding.connection
        if binding.mode == "default":
            found = self.connections.default_id()
            if found is None:
                raise ProviderError(NO_CONNECTION, f"There is no model connection yet. {self.add_hint}")
            return found
        raise ProviderError(PROFILE_NOT_CONFIGURED, f"'{profile.display_name}' has no model configured yet.")

    def __call__(self, profile: AgentProfile) -> ModelProvider:
        connection_id = self.connection_id_for(profile)
        model = self.model or None
        needs_model = model is None and not (profile.model.model or "").strip()
        key = (connection_id, model if not needs_model else "\0connection-default")
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if needs_model:
            _store, connection, api_key = _load(
                self.connections, connection_id, self.data_dir, self.secrets, self.add_hint
            )
            model = connection.default_model
        if needs_model and model is None:
            provider: ModelProvider = FirstListedModel(connection, api_key, self._build, client=self.client)
        else:
            provider = self._build(connection_id, model)
        self._cache[key] = provider
        return provider

    def _build(self, connection_id: str, model: str | None) -> ModelProvider:
        return resolve_connection_provider(
            self.connections, connection_id, self.data_dir, model_override=model, client=self.client,
            secrets=self.secrets, add_hint=self.add_hint,
        )


class FirstListedModel:
    """A connection without a default model: at the first call, ask its server which models it has and
    use the first (saying so once, as a notice the run journals)."""

    def __init__(
        self,
        connection: Connection,
        api_key: str | None,
        build: Callable[[str, str | None], ModelProvider],
        *,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.connection = connection
        self._api_key = api_key
        self._build = build
        self._client = client
        self._inner: ModelProvider | None = None

    def served_by(self, requested: str | None) -> tuple[str, str]:
        """As the inner provider once the first listed model is known; before, the model is not known yet
        (the notice of the first call names it)."""
        inner = getattr(self._inner, "served_by", None)
        return inner(requested) if callable(inner) else (self.connection.id, "")

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        if self._inner is None:
            names = await list_models(self.connection, self._api_key, client=self._client)
            if not names:
                raise ProviderError(
                    codes.PROVIDER_NO_MODEL,
                    f"Connection '{self.connection.id}' has no default model and its server lists none; "
                    "choose a model for the connection.",
                )
            self._inner = self._build(self.connection.id, names[0])
            yield ProviderNotice(
                code=MODEL_FROM_SERVER_LIST,
                message=f"Connection '{self.connection.id}' has no default model, so this run uses "
                f"'{names[0]}', the first model its server lists.",
            )
        async with aclosing(self._inner.stream(request)) as events:  # type: ignore[type-var]
            async for event in events:
                yield event
