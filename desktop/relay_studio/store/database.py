"""One SQLite file in WAL mode and transactions that carry their journal events; the schema and its
migrations are ``store/migrations.py`` (handed on here: ``table_of``, ``DEFAULT_PROJECT_ID``, ...).

All writes go through one connection on the thread that owns the store (the asyncio loop). Each
transaction is short; events appended in it are published to subscribers only after it commits, so a
subscriber never sees an event that is not durable.

Several processes may write to one file at once (the window and the CLI): every write transaction is
``BEGIN IMMEDIATE`` (it holds SQLite's write lock from its first statement, waiting up to
``BUSY_TIMEOUT_MS`` for it), and an event's ``seq`` is read from the file inside that transaction,
so two writers can never pick the same one. Which process may write to a run at all is decided by
its lease (``store/leases.py``).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Connection, create_engine, event
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from relay_studio.domain import secret_values
from relay_studio.domain.enums import EventLevel
from relay_studio.domain.events import Event
from relay_studio.store import tables as t
from relay_studio.store.compact import pack
from relay_studio.store.data_folder import (
    APPLICATION_ID,
    SCHEMA_TOO_NEW,
    StoreError,
    check_database,
    prepare_data_dir,
)
from relay_studio.store.leases import RunLease, try_acquire
from relay_studio.store.migrations import DEFAULT_PROJECT_ID as DEFAULT_PROJECT_ID
from relay_studio.store.migrations import MIGRATIONS as MIGRATIONS
from relay_studio.store.migrations import SCHEMA_VERSION as SCHEMA_VERSION
from relay_studio.store.migrations import create_tables as create_tables
from relay_studio.store.migrations import table_of as table_of
from relay_studio.store.stamps import new_id as new_id
from relay_studio.store.stamps import now_iso as now_iso
from relay_studio.store.turn_requests import RequestEncoder

#: How long a writer waits for another process's write transaction to end.
BUSY_TIMEOUT_MS = 10_000
_sql_cache: dict[tuple[type[SQLModel], tuple[str, ...], str], str] = {}

Subscriber = Callable[[Event], None]


class SchemaTooNewError(StoreError):
    def __init__(self, message: str, path: Path) -> None:
        super().__init__(SCHEMA_TOO_NEW, message, path)


class Transaction:
    """Writes inside one database transaction, and the journal events that commit with them."""

    def __init__(self, db: Database, conn: Connection) -> None:
        self._db = db
        self.conn = conn
        self.events: list[Event] = []
        self._next_seq: dict[str, int] = {}

    @property
    def raw(self) -> sqlite3.Connection:
        """The driver connection the writes use (for plain SQL inside the transaction)."""
        return self._db.raw

    @property
    def db_path(self) -> Path:
        return self._db.path

    # Writes use plain parameterised SQL on the driver connection: building and compiling a
    # SQLAlchemy statement per journal row cost more than SQLite itself (bench/runtime_overhead.py).
    def insert(self, model: type[SQLModel], **values: Any) -> None:
        values = _scrubbed(values)
        if model is t.ModelTurnRow and "request_json" in values:  # kept as a delta on the stage's last call
            values["request_json"] = self._db.requests.encode(  # and compressed (store/compact.py)
                self._db.raw, values["invocation_id"], values["id"], values["request_json"])
        _pack_large(model, values)
        names = tuple(values)
        sql = _sql_cache.get((model, names, "insert"))
        if sql is None:
            table = table_of(model).name
            sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
            _sql_cache[(model, names, "insert")] = sql
        self._db.raw.execute(sql, tuple(values.values()))

    def update(self, model: type[SQLModel], key: str, **values: Any) -> None:
        values = _scrubbed(values)
        _pack_large(model, values)
        names = tuple(values)
        sql = _sql_cache.get((model, names, "update"))
        if sql is None:
            table = table_of(model).name
            sql = f"UPDATE {table} SET {', '.join(f'{n} = ?' for n in names)} WHERE id = ?"
            _sql_cache[(model, names, "update")] = sql
        self._db.raw.execute(sql, (*values.values(), key))

    def event(
        self,
        run_id: str,
        type_: str,
        payload: dict[str, Any] | None = None,
        *,
        invocation_id: str | None = None,
        related: list[str] | None = None,
        level: EventLevel = EventLevel.INFO,
    ) -> Event:
        seq = self._next_seq.get(run_id)
        if seq is None:  # read inside this write transaction: no other writer can take the same seq
            seq = self._db.last_seq(run_id, self.conn) + 1
        self._next_seq[run_id] = seq + 1
        payload = secret_values.scrub_value(payload)  # subscribers never see a secret either
        ev = Event.model_construct(
            seq=seq,
            run_id=run_id,
            type=type_,
            level=level,
            timestamp=now_iso(),
            invocation_id=invocation_id,
            related_invocation_ids=related or [],
            payload=payload or {},
        )
        self.insert(
            t.EventRow,
            run_id=run_id,
            seq=seq,
            type=type_,
            level=level.value,
            timestamp=ev.timestamp,
            invocation_id=invocation_id,
            related_json=json.dumps(ev.related_invocation_ids),
            payload_json=pack(json.dumps(ev.payload, ensure_ascii=False)),
        )
        self.events.append(ev)
        return ev


def _scrubbed(values: dict[str, Any]) -> dict[str, Any]:
    """Every write passes here: no secret the process holds is ever stored, whatever its shape."""
    if not secret_values.active():
        return values
    return {k: secret_values.scrub(v) if isinstance(v, str) else v for k, v in values.items()}


#: Large text columns kept compressed (store/compact.py); readers unpack them at the store's edge.
_PACKED_COLUMNS: dict[type[SQLModel], tuple[str, ...]] = {
    t.ModelTurnRow: ("response_json", "error_json"),
    t.WorkspaceFileVersionRow: ("content",),
}


def _pack_large(model: type[SQLModel], values: dict[str, Any]) -> None:
    for column in _PACKED_COLUMNS.get(model, ()):
        value = values.get(column)
        if isinstance(value, str):
            values[column] = pack(value)


#: The database files this process has open, and through how many ``Database`` objects. Only the first
#: checks the file (``check_database`` reads its header with a plain ``open``): closing any descriptor
#: of a file drops every POSIX lock the process holds on it, SQLite's included, so a second check while
#: a connection was open let another process, closing its own last connection, believe it was alone
#: and delete the write-ahead log this process was still writing to (everything written after that was
#: lost). The window opens second connections for its reader threads.
_open_files: Counter[Path] = Counter()
_open_lock = threading.Lock()


class Database:
    def __init__(self, path: Path) -> None:
        self.path = path
        prepare_data_dir(path.parent)
        self._open_key = path.resolve()
        with _open_lock:
            if not _open_files[self._open_key]:  # the first connection of this process checks the file
                try:
                    check_database(path, SCHEMA_VERSION)
                except StoreError as exc:
                    if exc.code == SCHEMA_TOO_NEW:
                        raise SchemaTooNewError(exc.message, path) from None
                    raise
            _open_files[self._open_key] += 1
        self._counted = True
        try:
            self._open(path)
        except BaseException:
            self._forget()
            raise

    def _open(self, path: Path) -> None:
        self.engine: Engine = create_engine(
            f"sqlite:///{path}",
            connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
            isolation_level="AUTOCOMMIT",  # transactions are explicit: BEGIN IMMEDIATE ... COMMIT
        )
        event.listen(self.engine, "connect", _on_connect)
        self._conn = self.engine.connect()
        raw = self._conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        self.raw = raw
        self._lock = threading.RLock()
        self._tx: Transaction | None = None
        self._leases: dict[str, RunLease] = {}
        self.requests = RequestEncoder()
        self._subscribers: list[Subscriber] = []
        try:
            self._migrate()
        except BaseException:
            self.close()  # a database we refuse must not stay open
            raise

    def _migrate(self) -> None:
        raw = self._conn.exec_driver_sql("PRAGMA user_version").scalar()
        version = int(raw or 0)
        if version > SCHEMA_VERSION:
            raise SchemaTooNewError(
                f"The database at {self.path} was written by a newer Relay Studio (schema {version}); "
                f"this version reads up to schema {SCHEMA_VERSION}.", self.path
            )
        if version == SCHEMA_VERSION:
            return
        with self._begin():  # another process may be migrating the same file: decide under the write lock
            version = int(self._conn.exec_driver_sql("PRAGMA user_version").scalar() or 0)
            if version == 0:
                self._conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
            for target in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[target - 1](self._conn)
                self._conn.exec_driver_sql(f"PRAGMA user_version = {target}")

    @contextmanager
    def _begin(self) -> Iterator[None]:
        self._conn.exec_driver_sql("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self.raw.in_transaction:  # SQLite rolled back itself after some errors (a full disk)
                self._conn.exec_driver_sql("ROLLBACK")
            raise
        self._conn.exec_driver_sql("COMMIT")

    @property
    def schema_version(self) -> int:
        return int(self._conn.exec_driver_sql("PRAGMA user_version").scalar() or 0)

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

        return unsubscribe

    def last_seq(self, run_id: str, conn: Connection | None = None) -> int:
        # Always from the file (a primary-key seek): another process may have written to this run since.
        # Plain SQL on the driver connection, as for the writes (compiling a statement per call cost more).
        del conn  # one connection serves reads and writes
        value = self.raw.execute("SELECT max(seq) FROM events WHERE run_id = ?", (run_id,)).fetchone()[0]
        return int(value or 0)

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """A write transaction; nested calls join the outer one."""
        with self._lock:
            if self._tx is not None:
                yield self._tx
                return
            tx = Transaction(self, self._conn)
            self._tx = tx
            try:
                with self._begin():
                    yield tx
            finally:
                self._tx = None
        for ev in tx.events:
            for subscriber in list(self._subscribers):
                subscriber(ev)

    @property
    def conn(self) -> Connection:
        """The connection, for reads."""
        return self._conn

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version`` on this connection: it changes when another connection (another
        process, or another connection of this one) commits to the file, never for this connection's own commits.
        Microseconds: no read of a table."""
        with self._lock:
            return int(self._conn.exec_driver_sql("PRAGMA data_version").scalar() or 0)

    # -- run leases (store/leases.py): only the holder writes to a run ----------------------------
    def claim_run(self, run_id: str) -> bool:
        """Takes the run's lease unless a live process (this one included) holds it."""
        if run_id in self._leases:
            return False
        lease = try_acquire(self.path.parent, run_id)
        if lease is None:
            return False
        self._leases[run_id] = lease
        return True

    def release_run(self, run_id: str, *, ended: bool = False) -> None:
        lease = self._leases.pop(run_id, None)
        if lease is not None:
            lease.release(remove=ended)

    def close(self) -> None:
        """Closes the file and gives up every run this process held, as its death would."""
        for run_id in list(self._leases):
            self.release_run(run_id)
        self._conn.close()
        self.engine.dispose()
        self._forget()

    def _forget(self) -> None:
        """This object no longer holds the file open (once, however often it is closed)."""
        with _open_lock:
            if self._counted:
                self._counted = False
                _open_files[self._open_key] -= 1


def _on_connect(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class RawReader(Protocol):
    """What a reader of the data file needs: its ``sqlite3`` connection (``Database`` has one, and so has
    ``ReadConnection``)."""

    @property
    def raw(self) -> sqlite3.Connection: ...


@dataclass(frozen=True)
class ReadConnection:
    """A plain ``sqlite3`` connection to the data file and nothing else: no engine, no migrations, no
    transactions (``read_connection`` opens it)."""

    raw: sqlite3.Connection


@contextmanager
def read_connection(path: Path) -> Iterator[ReadConnection]:
    """A plain ``sqlite3`` connection to the data file at ``path``, for code that only reads (knowledge
    search, a document's chunks: they take a ``RawReader``): any thread may use it, and WAL lets it read
    while the app's own connection writes. Closed on leaving the ``with``."""
    conn = sqlite3.connect(path, timeout=30, check_same_thread=False)
    try:
        yield ReadConnection(conn)
    finally:
        conn.close()
