"""The creator's connections in the ``connections`` table, and which one is the app's default
(``app_settings.default_connection``): the first one added, until the creator picks another."""

from __future__ import annotations

import builtins
import json
import sqlite3

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from relay_studio.domain.connections import (
    CONNECTION_EXISTS,
    CONNECTION_UNKNOWN,
    Connection,
    ConnectionProblem,
    ModelLimits,
)
from relay_studio.store.database import Database, now_iso, table_of
from relay_studio.store.tables import AppSettingRow, ConnectionRow

DEFAULT_CONNECTION_KEY = "default_connection"
_SETTINGS_FIELDS = (
    "headers", "secret_headers", "legacy_headers", "timeouts", "retry", "prices", "max_tokens_field",
    "tool_choice_unsupported", "learned",
)


class ConnectionStore:
    """Connections in the ``connections`` table; everything but kind, URL and model in ``settings_json``.

    Headers stored before their values became secrets were moved to ``legacyHeaders`` by schema 2;
    ``factory.secure_legacy_headers`` moves their values to the secret store.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._table = table_of(ConnectionRow)
        self._settings = table_of(AppSettingRow)

    def list(self) -> list[Connection]:
        rows = self._db.conn.execute(select(self._table).order_by(self._table.c.id)).mappings().all()
        return [self._from_row(dict(row)) for row in rows]

    def get(self, connection_id: str) -> Connection | None:
        row = self._db.conn.execute(select(self._table).where(self._table.c.id == connection_id)).mappings().first()
        return None if row is None else self._from_row(dict(row))

    def require(self, connection_id: str) -> Connection:
        found = self.get(connection_id)
        if found is None:
            raise ConnectionProblem(CONNECTION_UNKNOWN, f"There is no connection '{connection_id}'.")
        return found

    def add(self, connection: Connection) -> None:
        """Stores a new connection; the first one becomes the default."""
        if self.get(connection.id) is not None:
            raise ConnectionProblem(CONNECTION_EXISTS, f"A connection '{connection.id}' already exists.")
        stamp = now_iso()
        try:
            with self._db.transaction() as tx:
                tx.insert(ConnectionRow, created_at=stamp, updated_at=stamp, **self._to_row(connection))
                if self.default_id() is None:
                    self._write_default(connection.id)
        except (IntegrityError, sqlite3.IntegrityError):  # another process added it since the check: taken, not damage
            raise ConnectionProblem(CONNECTION_EXISTS, f"A connection '{connection.id}' already exists.") from None

    def save(self, connection: Connection) -> None:
        """Updates an existing connection in place (URL, default model, headers, ...)."""
        with self._db.transaction() as tx:
            self.require(connection.id)
            tx.update(ConnectionRow, connection.id, updated_at=now_iso(), **self._to_row(connection))

    def remove(self, connection_id: str) -> bool:
        """Removes a connection; if it was the default, the oldest remaining one (or none) takes over."""
        with self._db.transaction() as tx:
            was_default = self.default_id() == connection_id
            result = tx.conn.execute(delete(self._table).where(self._table.c.id == connection_id))
            if was_default:
                oldest = tx.conn.execute(
                    select(self._table.c.id).order_by(self._table.c.created_at, self._table.c.id).limit(1)
                ).scalar()
                if oldest is None:
                    tx.conn.execute(delete(self._settings).where(self._settings.c.key == DEFAULT_CONNECTION_KEY))
                else:
                    self._write_default(str(oldest))
        return bool(result.rowcount)

    # -- the default connection ---------------------------------------------------------------------
    def default_id(self) -> str | None:
        """The id of the app's default connection, or None when there is no connection at all."""
        value = self._db.conn.execute(
            select(self._settings.c.value).where(self._settings.c.key == DEFAULT_CONNECTION_KEY)
        ).scalar()
        return None if value is None else str(value)

    def default(self) -> Connection | None:
        found = self.default_id()
        return None if found is None else self.get(found)

    def set_default(self, connection_id: str) -> None:
        with self._db.transaction():
            self.require(connection_id)
            self._write_default(connection_id)

    def _write_default(self, connection_id: str) -> None:
        with self._db.transaction() as tx:
            tx.conn.execute(delete(self._settings).where(self._settings.c.key == DEFAULT_CONNECTION_KEY))
            tx.insert(AppSettingRow, key=DEFAULT_CONNECTION_KEY, value=connection_id)

    # -- what a connection learns --------------------------------------------------------------------
    def remember_limits(self, connection_id: str, model: str, limits: ModelLimits) -> None:
        """Persists what a model was found not to do, so the next start does not try it again."""
        with self._db.transaction():
            current = self.get(connection_id)
            if current is None or current.learned.get(model) == limits:
                return
            self.save(current.model_copy(update={"learned": {**current.learned, model: limits}}))

    # -- headers stored before their values were secrets ---------------------------------------------
    def legacy_header_ids(self) -> builtins.list[str]:
        """Connections with header values still stored plain from before they counted as secrets."""
        return [c.id for c in self.list() if c.legacy_headers]

    def mark_headers_secret(self, connection_id: str, names: builtins.list[str]) -> None:
        """After their values went to the secret store: the headers ``names`` are secret, not stored here."""
        with self._db.transaction():
            current = self.require(connection_id)
            update: dict[str, object] = {
                "headers": {k: v for k, v in current.headers.items() if k not in names},
                "legacy_headers": {k: v for k, v in current.legacy_headers.items() if k not in names},
                "secret_headers": [*current.secret_headers, *(n for n in names if n not in current.secret_headers)],
            }
            self.save(current.model_copy(update=update))

    @staticmethod
    def _to_row(connection: Connection) -> dict[str, object]:
        dumped = connection.model_dump(by_alias=True, include=set(_SETTINGS_FIELDS), exclude_none=True)
        # A connection built for a run carries its secret header values in ``headers``: never store them.
        secret = {name.lower() for name in connection.secret_headers}
        dumped["headers"] = {k: v for k, v in connection.headers.items() if k.lower() not in secret}
        dumped["legacyHeaders"] = {k: v for k, v in connection.legacy_headers.items() if k.lower() not in secret}
        if not dumped["legacyHeaders"]:
            del dumped["legacyHeaders"]
        return {
            "id": connection.id,
            "kind": connection.kind,
            "base_url": connection.base_url,
            "default_model": connection.default_model,
            "settings_json": json.dumps(dumped, sort_keys=True),
        }

    @staticmethod
    def _from_row(row: dict[str, object]) -> Connection:
        settings = json.loads(str(row.get("settings_json") or "{}"))
        return Connection.model_validate(
            {
                **settings,
                "id": row["id"],
                "kind": row["kind"],
                "baseUrl": row["base_url"],
                "defaultModel": row["default_model"],
            }
        )
