"""Connections to model servers and the creator's persona (what SillyTavern's {{user}} becomes): everything
Settings and the profile editor do with them, in the creator's terms. Listing, adding, saving, making
default and removing a connection; its API key and secret header values (kept in the system keychain, or
the key file the creator allowed); testing it, listing its server's models, finding servers on this computer.

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.connections``.
The connection store and the secret store stay inside: views get connections (``Connection``), plain
records (``KeyPlaces``, ``ConnectionChoices``) and coded errors (``ConnectionProblem``, ``SecretStoreError``,
``ProviderError``), never a store (``tests/unit/test_ui_facade.py``)."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from relay_studio.domain import error_codes as codes
from relay_studio.providers.base import ProviderError
from relay_studio.providers.secrets import SecretStore, SecretStoreError
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database
from relay_studio.store.persona import MAX_PERSONA_CHARS, persona_name, set_persona_name
from relay_studio.ui.profiles.sources import ConnectionChoices, ModelsSource

if TYPE_CHECKING:
    from relay_studio.providers.connections import Connection
    from relay_studio.providers.detect import ConnectionCheck, DetectedServer, LocalServer
    from relay_studio.ui.operations.hub import StudioHub

T = TypeVar("T")

# The providers' modules (httpx with them) are imported by the methods that talk to a server or read a key:
# the window's start does not wait for them (tests/unit/test_startup_imports.py).


@dataclass(frozen=True)
class KeyPlaces:
    """Whether this computer has a keychain, whether the creator chose the key file, and where each
    connection's API key is (``"keychain"``, ``"file"``, ``"environment"``, or ``None``: none)."""

    keychain: bool
    key_file_chosen: bool
    keys: dict[str, str | None] = field(default_factory=dict)


@dataclass
class _Persona:
    """The persona name, read once (on the GUI thread) when first shown and kept as stored; one per studio,
    shared by the twins ``keeping_secrets_in`` makes."""

    name: str | None = None


class ConnectionOperations:
    """``secrets``: where API keys and secret header values are kept; the system keychain (or the key file
    the creator chose) when not given. ``keeping_secrets_in`` gives the same operation over another one."""

    def __init__(self, hub: StudioHub, secrets: SecretStore | None = None) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self._secrets = secrets
        self._persona = _Persona()

    def keeping_secrets_in(self, secrets: object) -> ConnectionOperations:
        """This operation with the keys kept in ``secrets`` (a ``SecretStore``: Settings takes a test's
        own, in memory or without a keychain); the persona stays shared with this one."""
        if not isinstance(secrets, SecretStore):
            raise TypeError(f"secrets must be a SecretStore, not {type(secrets).__name__}")
        twin = copy.copy(self)
        twin._secrets = secrets
        return twin

    @property
    def _keys(self) -> SecretStore:
        if self._secrets is None:
            self._secrets = SecretStore(self.runtime.data_dir)
        return self._secrets

    def _store(self) -> ConnectionStore:
        return ConnectionStore(self.runtime.db)

    # -- the persona ---------------------------------------------------------------------------------------
    #: the longest persona name kept (Settings limits its field to it)
    PERSONA_MAX_CHARS = MAX_PERSONA_CHARS

    def persona_name(self) -> str:
        if self._persona.name is None:
            self._persona.name = persona_name(self.runtime.db)
        return self._persona.name

    def set_persona_name(self, name: str) -> str:
        """Stores the persona name (runs started from now on fill {{user}} with it); returns it as stored."""
        self._persona.name = set_persona_name(self.runtime.db, name)
        return self._persona.name

    # -- the connections (short indexed reads and writes, on the GUI thread) --------------------------------
    def all(self) -> list[Connection]:
        """Every connection, by id."""
        return self._store().list()

    def get(self, connection_id: str) -> Connection | None:
        return self._store().get(connection_id)

    def default_id(self) -> str | None:
        """The app's default connection (agents set to use the default run on it), if there is one."""
        return self._store().default_id()

    def make_default(self, connection_id: str) -> None:
        """Raises ``ConnectionProblem`` when there is no such connection."""
        self._store().set_default(connection_id)

    def remove(self, connection_id: str) -> Connection | None:
        """Removes the connection (the default passes on to another); returns it, or ``None`` when there was
        none. Its key and secret header values stay until ``forget_key``."""
        store = self._store()
        connection = store.get(connection_id)
        if connection is None or not store.remove(connection_id):
            return None
        return connection

    def choices(self) -> ConnectionChoices:
        return connection_choices(self.runtime.db)

    def server_models(self) -> ModelsSource:
        """connection id -> the models its server lists, awaited on the loop (the keychain on the hub's lane)."""
        return server_models_source(self.runtime.db, self.runtime.data_dir, self._secrets,
                                    off_thread=self.hub.ops.off_thread)

    # -- keys and secret headers (keychain calls may wait on the system's keyring service: the hub's lane) --
    @property
    def key_file(self) -> Path:
        """The file only the creator can read where keys are kept when this computer has no keychain."""
        return self._keys.file_path

    async def look_for_keys(self) -> KeyPlaces:
        """Whether a keychain exists and where each connection's key is: keychain calls may wait on the
        system's keyring service, so they run in a worker thread. Header values an older version stored
        plain move to the secret store on the way (the database is touched here, on the GUI thread)."""
        store, secrets = self._store(), self._keys
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

        keychain, keys, moved = await self.hub.ops.off_thread(look)
        for connection_id in moved:
            try:
                store.mark_headers_secret(connection_id, list(legacy[connection_id]))
            except ConnectionProblem:
                continue  # removed meanwhile
        return KeyPlaces(keychain, secrets.file_store_enabled, keys)

    async def save(self, connection: Connection, key: str, header_values: dict[str, str],
                   editing: Connection | None, *, key_file_chosen: bool = False) -> str | None:
        """Adds ``connection`` (``editing`` None) or saves the one being edited, with its API key and secret
        header values typed now (empty: kept as they are); returns where they went, ``None`` when nothing
        secret was typed. Where this computer has no keychain they go to the key file only when the creator
        chose it (``key_file_chosen``, or chosen before); else ``KeychainUnavailableError`` and nothing is
        stored. Secrets first for an edit (a failure changes nothing); for a new connection, the row first
        and removed again if its secrets cannot be kept. Raises ``ConnectionProblem``, ``SecretStoreError``."""
        store, secrets = self._store(), self._keys
        if (key or header_values) and not await self.hub.ops.off_thread(lambda: secrets.keychain_available):
            if not key_file_chosen and not secrets.file_store_enabled:
                raise secrets.unavailable_error(connection.id)
            secrets.enable_file_store()

        def put() -> str | None:
            where: str | None = None
            if key:
                where = secrets.set(connection.id, key)
            for name, value in header_values.items():
                where = secrets.set_header(connection.id, name, value)
            return where

        if editing is not None:
            where = await self.hub.ops.off_thread(put)
            store.save(connection)
            return where
        store.add(connection)
        try:
            return await self.hub.ops.off_thread(put)
        except SecretStoreError:
            store.remove(connection.id)
            raise

    async def forget_headers(self, connection_id: str, names: list[str]) -> None:
        """Forgets the values of a connection's removed secret headers (``SecretStoreError`` when it cannot)."""
        secrets = self._keys

        def forget() -> None:
            for name in names:
                secrets.delete_header(connection_id, name)

        await self.hub.ops.off_thread(forget)

    async def forget_key(self, connection: Connection) -> None:
        """Forgets a removed connection's API key and secret header values (``SecretStoreError`` when it cannot)."""
        secrets = self._keys
        await self.hub.ops.off_thread(lambda: secrets.delete(connection.id, headers=connection.secret_headers))

    # -- asking servers (coroutines on the loop; each with its own httpx client, closed on the loop) --------
    async def form_models(self, connection: Connection, key: str, editing: Connection | None,
                          typed: Callable[[str], str]) -> list[str]:
        """The models the form's server lists: the key and secret header values typed now (``typed``: a
        header's value in the form), or kept from before for a connection being edited. Raises
        ``ProviderError``, ``SecretStoreError``."""
        from relay_studio.providers import detect
        from relay_studio.providers.connections import http_timeout
        from relay_studio.providers.factory import load_api_key
        from relay_studio.providers.http_clients import async_client

        secrets = self._keys

        def stored_header(connection_id: str, name: str) -> str:
            return secrets.get_header(connection_id, name) or ""

        if not key and editing is not None:
            key = await self.hub.ops.off_thread(lambda: load_api_key(editing, secrets) or "")
        headers = dict(connection.headers)
        for name in connection.secret_headers:  # typed now, or kept from before
            value = typed(name)
            if not value and editing is not None:
                value = await self.hub.ops.off_thread(partial(stored_header, editing.id, name))
            if value:
                headers[name] = value
        probe = connection.model_copy(update={"headers": headers})
        async with async_client(timeout=http_timeout(connection)) as client:
            return await detect.list_models(probe, key or None, client=client)

    async def check(self, connection: Connection) -> ConnectionCheck:
        """Asks the connection's server whether it answers (a one-token request with its key and secret
        headers). Raises ``ProviderError``."""
        from relay_studio.providers import detect
        from relay_studio.providers.connections import http_timeout
        from relay_studio.providers.factory import load_api_key, with_secret_headers
        from relay_studio.providers.http_clients import async_client

        secrets = self._keys
        key = await self.hub.ops.off_thread(lambda: load_api_key(connection, secrets))
        connection = await self.hub.ops.off_thread(partial(with_secret_headers, connection, secrets))
        # An own client, closed here: its connections end on this loop, not when collected.
        async with async_client(timeout=http_timeout(connection)) as client:
            return await detect.check_connection(connection, key, client=client)

    @staticmethod
    async def find_local_servers(servers: Sequence[LocalServer], host: str = "127.0.0.1") -> list[DetectedServer]:
        """The model servers on this computer that answer on ``servers``' ports, in their order."""
        from relay_studio.providers import detect

        return await detect.detect_local_servers(servers, host=host)


def connection_choices(db: Database) -> ConnectionChoices:
    store = ConnectionStore(db)
    connections = store.list()
    return ConnectionChoices([c.id for c in connections], store.default_id(),
                             {c.id: c.default_model for c in connections if c.default_model})


class OffThread(Protocol):
    """Runs ``work`` off the GUI thread and gives back its value (the hub's ``off_thread``)."""

    def __call__(self, work: Callable[[], T], /) -> Awaitable[T]: ...


def server_models_source(db: Database, data_dir: Path, secrets: SecretStore | None = None, *,
                         off_thread: OffThread = asyncio.to_thread) -> ModelsSource:
    """The models each connection's server lists; its key read by ``off_thread`` (the window passes the hub's
    keychain lane; alone, as in a test, a worker thread of asyncio's)."""

    async def models(connection_id: str) -> list[str]:
        from relay_studio.providers import detect
        from relay_studio.providers.factory import load_api_key, with_secret_headers

        connection = ConnectionStore(db).get(connection_id)
        if connection is None:
            raise ProviderError(codes.CONNECTION_UNKNOWN, "There is no such connection to ask for its models.")
        keys = secrets or SecretStore(data_dir)
        api_key = await off_thread(lambda: load_api_key(connection, keys))
        sent = await off_thread(lambda: with_secret_headers(connection, keys))
        return await detect.list_models(sent, api_key)

    return models
