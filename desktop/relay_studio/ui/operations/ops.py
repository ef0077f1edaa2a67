"""The one way from a view to the data (docs/data-flow.md), in the manner of Anki's ``aqt/operations``.

Every operation a view starts is one of three kinds:

- a *query* (``Operations.query``): a read, run on the reader lane (a thread of its own, over a connection of its
  own: WAL lets it read while the runtime writes), never on the GUI thread;
- a *change* (``Operations.change``): a write, run on the writer lane. The writer lane is the loop's own thread,
  with the runtime's connection, one turn of the loop after the view asked: the runtime writes every journal event
  from that thread through that connection, so a change's transaction and a run's can never interleave and a
  change adds no writer that the loop could wait for (a writer thread with its own connection would make the
  runtime's next ``BEGIN IMMEDIATE``, on the GUI thread, wait for that thread's transaction);
- live run control (start, cancel, guide, approve): a coroutine on the loop, on the hub (``ui/studio.py``).

Each query and change ends in one place (``_finish``): success hands its typed result to the caller's ``then``,
and a change's ``Changes`` record goes out once as the studio's ``operation_did_execute(changes, initiator)``;
failure goes to ``present_error`` (``ui/operations/errors.py``). A result whose owner (the view that asked) was
destroyed meanwhile is dropped (a failure is still logged).

Operations that only call one store are declared in one line (``Query(chats, ChatStore.messages)``,
``Change(chats, ChatStore.rename_chat, changes=...)``): called directly, they run now on the caller's thread
(the runtime's connection; for the operations themselves, the runtime and tests); ``.run(owner, then, *args)``
runs them the one way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar, overload

import shiboken6
from PySide6.QtCore import QObject, QTimer

from relay_studio.give_way import gui_busy
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import Database
from relay_studio.store.projects import ProjectStore
from relay_studio.store.runs import RunStore
from relay_studio.ui.background import BackgroundReads, Done, Failed, Outcome, put_off_arrivals
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.operations.errors import present_error

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from relay_studio.runtime.engine import Runtime

T = TypeVar("T")
S = TypeVar("S")
P = ParamSpec("P")

#: the lanes a query may run on: the reader (the journal, chats, runs), a project's files (a slow sync of a
#: folder never holds up the reader), and work that needs no connection (the keychain, a key file)
READER, FILES, KEYCHAIN = "relay-studio-read", "project-files", "keychain"
__all__ = ["FILES", "KEYCHAIN", "READER", "Change", "Changes", "Operations", "OwnerRef", "Query", "ReadStores",
           "Stores", "chats", "projects", "runs"]


class Stores(Protocol):
    """What a query reads through: the runtime has these over its connection, ``ReadStores`` over the reader's."""

    @property
    def db(self) -> Database: ...
    @property
    def chats(self) -> ChatStore: ...
    @property
    def runs(self) -> RunStore: ...
    @property
    def projects(self) -> ProjectStore: ...


class ReadStores:
    """The stores over one lane's own connection (used by that lane's one thread only)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.chats = ChatStore(db)
        self.runs = RunStore(db)
        self.projects = ProjectStore(db)


def chats(stores: Stores) -> ChatStore:
    return stores.chats


def runs(stores: Stores) -> RunStore:
    return stores.runs


def projects(stores: Stores) -> ProjectStore:
    return stores.projects


class ChangeHub(Protocol):
    """What ``Operations`` needs of the hub: the runtime a change writes through, and the signal it announces on."""

    @property
    def runtime(self) -> Runtime: ...
    @property
    def operation_did_execute(self) -> SignalInstance: ...


class OwnerRef:
    """The view that asked: ``alive`` is False once Qt destroyed it (no connection to its ``destroyed``: a view
    asks many times, and each would stay connected as long as it lives)."""

    def __init__(self, owner: QObject | None) -> None:
        self._owner = owner

    @property
    def alive(self) -> bool:
        return self._owner is None or shiboken6.isValid(self._owner)

    @property
    def widget(self) -> QObject | None:
        return self._owner if self.alive else None


#: how long after the studio's start the lanes' arrivals are put off a turn (``background.put_off_arrivals``):
#: the window's build, its show and the settling of its first reads (about 0.5 s on a book)
OPENING_S = 0.8


class Operations(QObject):
    """The lanes and the one place every query and change ends (the studio holds it as ``studio.ops``)."""

    def __init__(self, hub: ChangeHub, db_path: Path, parent: QObject) -> None:
        super().__init__(parent)
        self._hub = hub
        self._db_path = db_path
        self._lanes = {READER: BackgroundReads(READER, self, dedicated=True), FILES: BackgroundReads(FILES, self),
                       KEYCHAIN: BackgroundReads(KEYCHAIN, self)}
        put_off_arrivals(OPENING_S)  # the window opens now: its first reads arrive beside its first paints
        gui_busy(OPENING_S)  # and its first paints go first: workers' long loops give way (``give_way``)
        self._stores: dict[str, ReadStores] = {}  # a lane's connection, opened at its first query (GUI thread)
        self._closed = False

    # -- queries ------------------------------------------------------------------------------------
    def query(self, owner: QObject | None, work: Callable[[ReadStores], T], then: Callable[[T], None], *,
              key: Hashable | None = None, lane: str = READER, show: Callable[[str], None] | None = None,
              even_if_gone: bool = False) -> None:
        """Runs ``work`` on ``lane`` over its own stores; ``then(result)`` on the GUI thread unless ``owner`` is gone
        (``even_if_gone``: also then, for a query that plans a change the creator asked for) or a later query of
        ``key`` came meanwhile; a failure goes to ``present_error`` (shown by ``show``, else in a box over
        ``owner``; only logged once ``owner`` is gone). Nothing once the studio shuts down."""
        if self._closed:
            return
        stores = self._lane_stores(lane)
        guard = OwnerRef(owner)
        self._lanes[lane].start(key if key is not None else object(), partial(work, stores),
                                partial(self._finish, guard, then, show, even_if_gone=even_if_gone))

    def query_outcome(self, work: Callable[[ReadStores], T], deliver: Callable[[Outcome[T]], None], *,
                      key: Hashable | None = None) -> None:
        """A query whose caller shows a failure in its own place (the continuity dialog, the Canon panel): its
        ``Outcome`` delivered as it is, a failure logged first by the presenter (shown nowhere by it)."""
        if not self._closed:
            self._lanes[READER].start(key if key is not None else object(), partial(work, self._lane_stores(READER)),
                                      partial(_logged, deliver))

    async def read(self, work: Callable[[ReadStores], T], *, lane: str = READER) -> T:
        """A query for a coroutine: ``work``'s value, or what it raised (the caller presents it)."""
        return await self._lanes[lane].read(partial(work, self._lane_stores(lane)))

    async def off_thread(self, work: Callable[[], T]) -> T:
        """Work that needs no connection (the keychain), awaited: a slow keychain never holds up a read."""
        return await self._lanes[KEYCHAIN].read(work)

    def drop(self, key: Hashable, lane: str = READER) -> None:
        """What the query of ``key`` under way answers is not delivered."""
        self._lanes[lane].drop(key)

    def _lane_stores(self, lane: str) -> ReadStores:
        stores = self._stores.get(lane)
        if stores is None:  # opened on the GUI thread: see ui/operations/project_files.py on why not on the lane
            stores = self._stores[lane] = ReadStores(Database(self._db_path))
        return stores

    # -- changes ------------------------------------------------------------------------------------
    def change(self, owner: QObject | None, work: Callable[[Runtime], T], changes: Callable[[T], Changes],
               then: Callable[[T], None] | None = None, *, show: Callable[[str], None] | None = None) -> None:
        """Runs ``work`` on the writer lane (the loop, one turn from now); its ``changes(result)`` go out once with
        ``owner`` as the initiator, then ``then(result)`` unless ``owner`` is gone. A change whose view closed
        before its turn still writes: the creator asked for it."""
        if self._closed:
            return
        guard = OwnerRef(owner)
        QTimer.singleShot(0, self, partial(self._write, guard, work, changes, then, show))

    def _write(self, guard: OwnerRef, work: Callable[[Runtime], T], changes: Callable[[T], Changes],
               then: Callable[[T], None] | None, show: Callable[[str], None] | None) -> None:
        try:
            result = work(self._hub.runtime)
        except Exception as error:  # any failure reaches the one presenter, as a value
            self._finish(guard, None, show, Failed(error))
            return
        self.did_change(changes(result), guard.widget)
        self._finish(guard, then, show, Done(result))

    def did_change(self, changes: Changes, initiator: object = None) -> None:
        """Announces what a change wrote: once, as ``operation_did_execute(changes, initiator)``."""
        record = replace(changes, initiator=initiator)
        self._hub.operation_did_execute.emit(record, initiator)

    # -- the one end ---------------------------------------------------------------------------------
    def _finish(self, guard: OwnerRef, then: Callable[[T], None] | None, show: Callable[[str], None] | None,
                outcome: Outcome[T], *, even_if_gone: bool = False) -> None:
        if isinstance(outcome, Failed):  # logged even when the view that asked is gone (shown only if it is not)
            alive = guard.alive
            present_error(outcome.error, parent=guard.widget, show=show if alive else _nowhere)
        elif (even_if_gone or guard.alive) and then is not None:
            then(outcome.value)

    def close(self) -> None:
        """Nothing more is delivered or started; each lane's connection closes on its thread after its read."""
        self._closed = True
        for name, lane in self._lanes.items():
            stores = self._stores.pop(name, None)
            lane.close(last=stores.db.close if stores is not None else None)


def _logged(deliver: Callable[[Outcome[T]], None], outcome: Outcome[T]) -> None:
    if isinstance(outcome, Failed):
        present_error(outcome.error, show=_nowhere)
    deliver(outcome)


def _nowhere(_line: str) -> None:
    """Where a failure goes when the view that asked is gone: only to the log (``present_error`` logs it)."""


# -- operations declared in one line ----------------------------------------------------------------

class HasHub(Protocol):
    @property
    def hub(self) -> Any: ...


class Query(Generic[S, P, T]):
    """A read of one store: ``Query(chats, ChatStore.messages)``. See the module."""

    def __init__(self, store: Callable[[Stores], S], read: Callable[Concatenate[S, P], T]) -> None:
        self.store = store
        self.name = read.__name__  # looked up on the store when called: the store's own method, as it is now

    def read(self, stores: Stores, *args: P.args, **kwargs: P.kwargs) -> T:
        method: Callable[P, T] = getattr(self.store(stores), self.name)
        return method(*args, **kwargs)

    @overload
    def __get__(self, obj: None, owner: type) -> Query[S, P, T]: ...
    @overload
    def __get__(self, obj: HasHub, owner: type) -> BoundQuery[S, P, T]: ...

    def __get__(self, obj: HasHub | None, owner: type) -> Query[S, P, T] | BoundQuery[S, P, T]:
        return self if obj is None else BoundQuery(self, obj.hub)


class BoundQuery(Generic[S, P, T]):
    def __init__(self, query: Query[S, P, T], hub: Any) -> None:
        self._query = query
        self._hub = hub

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        """Now, on the caller's thread, over the runtime's connection."""
        return self._query.read(self._hub.runtime, *args, **kwargs)

    async def read(self, *args: P.args, **kwargs: P.kwargs) -> T:
        """On the reader lane, awaited (a coroutine of the window); raises what the read raised."""
        read = self._query.read
        result: T = await self._hub.ops.read(lambda stores: read(stores, *args, **kwargs))
        return result

    def run(self, owner: QObject | None, then: Callable[[T], None], /, *args: P.args, **kwargs: P.kwargs) -> None:
        """On the reader lane; ``then(result)`` on the GUI thread (see ``Operations.query``)."""
        read = self._query.read
        self._hub.ops.query(owner, lambda stores: read(stores, *args, **kwargs), then)


class Change(Generic[S, P, T]):
    """A write through one store, and what it changed: ``Change(chats, ChatStore.rename_chat, changes=...)``,
    ``changes(result, *args)`` naming what was written."""

    def __init__(self, store: Callable[[Stores], S], write: Callable[Concatenate[S, P], T],
                 changes: Callable[..., Changes]) -> None:
        self.store = store
        self.name = write.__name__  # looked up on the store when called, as ``Query`` does
        self.changes = changes

    def write(self, stores: Stores, *args: P.args, **kwargs: P.kwargs) -> T:
        method: Callable[P, T] = getattr(self.store(stores), self.name)
        return method(*args, **kwargs)

    @overload
    def __get__(self, obj: None, owner: type) -> Change[S, P, T]: ...
    @overload
    def __get__(self, obj: HasHub, owner: type) -> BoundChange[S, P, T]: ...

    def __get__(self, obj: HasHub | None, owner: type) -> Change[S, P, T] | BoundChange[S, P, T]:
        return self if obj is None else BoundChange(self, obj.hub)


class BoundChange(Generic[S, P, T]):
    def __init__(self, change: Change[S, P, T], hub: Any) -> None:
        self._change = change
        self._hub = hub

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        """Now: the caller is on the loop, the writer lane; its ``Changes`` go out before it returns."""
        result = self._change.write(self._hub.runtime, *args, **kwargs)
        self._hub.ops.did_change(self._change.changes(result, *args, **kwargs))
        return result

    def run(self, owner: QObject | None, then: Callable[[T], None] | None, /, *args: P.args,
            **kwargs: P.kwargs) -> None:
        """On the writer lane one turn from now (see ``Operations.change``)."""
        change = self._change
        self._hub.ops.change(owner, lambda runtime: change.write(runtime, *args, **kwargs),
                             lambda result: change.changes(result, *args, **kwargs), then)
