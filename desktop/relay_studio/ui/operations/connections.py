"""Connections to model servers (their store, the choices the profile editor offers, the models a
server lists) and the creator's persona (what SillyTavern's {{user}} becomes).

One of the studio's operations (``ui/studio.py``, docs/window.md): views call it as ``studio.connections``."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from relay_studio.domain import error_codes as codes
from relay_studio.providers.base import ProviderError
from relay_studio.providers.secrets import SecretStore, SecretStoreError
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database
from relay_studio.store.persona import MAX_PERSONA_CHARS, persona_name, set_persona_name
from relay_studio.ui.profiles.sources import ConnectionChoices, ModelsSource

if TYPE_CHECKING:
    from relay_studio.providers.connections import Connection
    from relay_studio.providers.detect import ConnectionCheck
    from relay_studio.ui.operations.hub import StudioHub

# The providers' modules (httpx with them) are imported by the methods that talk to a server or read a key:
# the window's start does not wait for them (tests/unit/test_startup_imports.py).

#: the secret store as the Settings dialog holds it (made by ``secret_store``; tests pass their own)
Keychain = SecretStore


class ConnectionOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self._persona: str | None = None  # read once, on the GUI thread, when first shown

    #: the longest persona name kept (Settings limits its field to it)
    PERSONA_MAX_CHARS = MAX_PERSONA_CHARS

    def persona_name(self) -> str:
        if self._persona is None:
            self._persona = persona_name(self.runtime.db)
        return self._persona

    def set_persona_name(self, name: str) -> str:
        """Stores the persona name (runs started from now on fill {{user}} with it); returns it as stored."""
        self._persona = set_persona_name(self.runtime.db, name)
        return self._persona

    def store(self) -> ConnectionStore:
        return ConnectionStore(self.runtime.db)

    def choices(self) -> ConnectionChoices:
        return connection_choices(self.runtime.db)

    def server_models(self) -> ModelsSource:
        """connection id -> the models its server lists, awaited on the loop (the keychain on a worker thread)."""
        return server_models_source(self.runtime.db, self.runtime.data_dir)

    # -- the Settings dialog's keychain, probing and editing (moved from ``ui/settings/dialog.py``) ---------
    def secret_store(self) -> Keychain:
        """Where connections' API keys and secret header values are kept (the system keychain, or the
        file the creator allowed)."""
        return SecretStore(self.runtime.data_dir)

    async def look_for_keys(self, store: ConnectionStore, secrets: Keychain
                            ) -> tuple[bool, dict[str, str | None]]:
        """Whether a keychain exists and where each connection's key is: keychain calls may wait on the
        system's keyring service, so they run in a worker thread. Header values an older version stored
        plain move to the secret store on the way (the database is touched here, on the GUI thread)."""
        connections = store.list()
        ids = [c.id for c in connections]
        legacy = {c.id: dict(c.legacy_headers) for c in connections if c.legacy_headers}

        def look() -> tuple[bool, dict[str, str | None], list[str]]:
            moved: list[str] = []
            for connection_id, headers in legacy.items():
                try:
                    for name, value in headers.items():
                        secrets.set_header(connection_id, name, value)
                except SecretStoreError:
                    continue  # no secret store yet: they stay (and are still sent) until there is one
                moved.append(connection_id)
            return secrets.keychain_available, {i: secrets.locate(i) for i in ids}, moved

        from relay_studio.providers.connections import ConnectionProblem

        keychain, keys, moved = await asyncio.to_thread(look)
        for connection_id in moved:
            try:
                store.mark_headers_secret(connection_id, list(legacy[connection_id]))
            except ConnectionProblem:
                continue  # removed meanwhile
        return keychain, keys

    async def save(self, store: ConnectionStore, secrets: Keychain, connection: Connection, key: str,
                   values: dict[str, str], editing: Connection | None) -> str | None:
        """Secrets first for an edit (a failure changes nothing); for a new connection, the row first and
        removed again if its secrets cannot be kept."""
        def put() -> str | None:
            where: str | None = None
            if key:
                where = secrets.set(connection.id, key)
            for name, value in values.items():
                where = secrets.set_header(connection.id, name, value)
            return where

        if editing is not None:
            where = await asyncio.to_thread(put)
            store.save(connection)
            return where
        store.add(connection)
        try:
            return await asyncio.to_thread(put)
        except SecretStoreError:
            store.remove(connection.id)
            raise

    @staticmethod
    async def forget_headers(secrets: Keychain, connection_id: str, names: list[str]) -> None:
        """Forgets the values of a connection's removed secret headers (``SecretStoreError`` when it cannot)."""
        def forget() -> None:
            for name in names:
                secrets.delete_header(connection_id, name)

        await asyncio.to_thread(forget)

    @staticmethod
    async def forget_key(secrets: Keychain, connection_id: str, headers: list[str]) -> None:
        await asyncio.to_thread(lambda: secrets.delete(connection_id, headers=headers))

    @staticmethod
    async def form_models(secrets: Keychain, connection: Connection, key: str, editing: Connection | None,
                          typed: Callable[[str], str]) -> list[str]:
        """The models the form's server lists: the key and secret header values typed now (``typed``: a
        header's value in the form), or kept from before for a connection being edited."""
        from relay_studio.providers import detect
        from relay_studio.providers.connections import http_timeout
        from relay_studio.providers.factory import load_api_key
        from relay_studio.providers.http_clients import async_client

        def stored_header(connection_id: str, name: str) -> str:
            return secrets.get_header(connection_id, name) or ""

        if not key and editing is not None:
            key = await asyncio.to_thread(lambda: load_api_key(editing, secrets) or "")
        headers = dict(connection.headers)
        for name in connection.secret_headers:  # typed now, or kept from before
            value = typed(name)
            if not value and editing is not None:
                value = await asyncio.to_thread(stored_header, editing.id, name)
            if value:
                headers[name] = value
        probe = connection.model_copy(update={"headers": headers})
        async with async_client(timeout=http_timeout(connection)) as client:
            return await detect.list_models(probe, key or None, client=client)

    @staticmethod
    async def check(secrets: Keychain, connection: Connection) -> ConnectionCheck:
        """Asks the connection's server whether it answers (its key and secret headers from ``secrets``)."""
        from relay_studio.providers import detect
        from relay_studio.providers.connections import http_timeout
        from relay_studio.providers.factory import load_api_key, with_secret_headers
        from relay_studio.providers.http_clients import async_client

        key = await asyncio.to_thread(load_api_key, connection, secrets)
        connection = await asyncio.to_thread(with_secret_headers, connection, secrets)
        # An own client, closed here: its connections end on this loop, not when collected.
        async with async_client(timeout=http_timeout(connection)) as client:
            return await detect.check_connection(connection, key, client=client)


def connection_choices(db: Database) -> ConnectionChoices:
    store = ConnectionStore(db)
    connections = store.list()
    return ConnectionChoices([c.id for c in connections], store.default_id(),
                             {c.id: c.default_model for c in connections if c.default_model})


def server_models_source(db: Database, data_dir: Path, secrets: SecretStore | None = None) -> ModelsSource:
    async def models(connection_id: str) -> list[str]:
        from relay_studio.providers import detect
        from relay_studio.providers.factory import load_api_key, with_secret_headers

        connection = ConnectionStore(db).get(connection_id)
        if connection is None:
            raise ProviderError(codes.CONNECTION_UNKNOWN, "There is no such connection to ask for its models.")
        keys = secrets or SecretStore(data_dir)
        api_key = await asyncio.to_thread(load_api_key, connection, keys)
        sent = await asyncio.to_thread(with_secret_headers, connection, keys)
        return await detect.list_models(sent, api_key)

    return models
