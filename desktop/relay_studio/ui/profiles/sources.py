"""What the profile editor offers from outside itself: the creator's connections (and which one is the
default), and the models a connection's server offers. The window builds these and passes them in,
so the editor has no dependency on the connection store or the keychain.

``server_models`` runs on the qasync loop: the keychain read goes to a worker thread, the model list
is an async httpx request; nothing blocks the GUI thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.providers import detect
from relay_studio.providers.base import ProviderError
from relay_studio.providers.factory import load_api_key, with_secret_headers
from relay_studio.providers.secrets import SecretStore
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database


@dataclass(frozen=True)
class ConnectionChoices:
    """The connections by id, in the store's order, the id of the app's default one (if any), and each
    connection's own default model (if it names one)."""

    ids: list[str] = field(default_factory=list)
    default_id: str | None = None
    default_models: dict[str, str] = field(default_factory=dict)


ConnectionsSource = Callable[[], ConnectionChoices]
#: connection id -> the model names its server offers; raises
#: ``ProviderError`` with one sentence when it cannot say.
ModelsSource = Callable[[str], Awaitable[list[str]]]




def connection_choices(db: Database) -> ConnectionChoices:
    store = ConnectionStore(db)
    connections = store.list()
    return ConnectionChoices([c.id for c in connections], store.default_id(),
                             {c.id: c.default_model for c in connections if c.default_model})


def server_models_source(db: Database, data_dir: Path, secrets: SecretStore | None = None) -> ModelsSource:
    async def models(connection_id: str) -> list[str]:
        connection = ConnectionStore(db).get(connection_id)
        if connection is None:
            raise ProviderError(codes.CONNECTION_UNKNOWN, "There is no such connection to ask for its models.")
        keys = secrets or SecretStore(data_dir)
        api_key = await asyncio.to_thread(load_api_key, connection, keys)
        sent = await asyncio.to_thread(with_secret_headers, connection, keys)
        return await detect.list_models(sent, api_key)

    return models
