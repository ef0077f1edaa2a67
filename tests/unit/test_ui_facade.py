"""The window's one binding to the runtime is ``ui/studio.py``: no other ``ui/`` module touches
``<anything>.runtime`` (its stores ``chats``, ``runs``, ``db``, ``profile_store``, ``projects``, its
``bridge``, ``data_dir`` or methods). Views use ``Studio``'s named operations instead (docs/window/studio.md,
*The operations*), and get no store from them either: neither imported (from the store's module or
re-exported by an operation) nor handed out by an operation's method (below). Checked over the source with
``ast``, naming each site."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import package_sources

UI = Path(__file__).resolve().parents[2] / "desktop" / "relay_studio" / "ui"
FACADE = UI / "studio.py"
OPERATIONS = UI / "operations"  # the studio's operations (``studio.chats``, ``studio.library``...)


def runtime_reaches(source: str) -> list[tuple[int, str]]:
    """(line, expression) of every ``x.runtime`` attribute in ``source`` (imports of the package
    ``relay_studio.runtime`` are names in import statements, not attributes, and do not count)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "runtime":
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_check_finds_a_view_reaching_into_the_runtime() -> None:
    source = ("from relay_studio.runtime.engine import Runtime\n"
              "def reload(self):\n    return self.studio.runtime.chats.messages(self.chat_id)\n")
    assert runtime_reaches(source) == [(3, "self.studio.runtime")]
    assert runtime_reaches("rt = studio.runtime\n") == [(1, "studio.runtime")]
    assert runtime_reaches("from relay_studio import runtime\nimport relay_studio.runtime.engine\n") == []


def test_no_ui_module_but_the_studio_touches_the_runtime() -> None:
    sites = []
    for path, text, _tree in package_sources():
        if path == FACADE or path.is_relative_to(OPERATIONS) or not path.is_relative_to(UI):
            continue
        for line, expression in runtime_reaches(text):
            sites.append(f"{path.relative_to(UI.parent)}:{line}: {expression}")
    assert not sites, "use a Studio operation instead of reaching into the runtime:\n" + "\n".join(sites)


#: the services and stores views must not open themselves (records, errors and pure functions of the same
#: modules they may import): the studio and its operations hold them
SERVICES = {"Runtime", "RunStore", "ChatStore", "Database", "ConnectionStore", "SecretStore", "LibraryStore",
            "KnowledgeLibrary", "ProjectStore", "ProfileStore", "CanonStore", "ProjectCanon"}
SERVICE_PACKAGES = ("relay_studio.store", "relay_studio.runtime", "relay_studio.knowledge", "relay_studio.library",
                    "relay_studio.providers.secrets")


def service_imports(source: str) -> list[tuple[int, str]]:
    """(line, "module.Name") of every import of a service class in ``source``: at the top, inside a function or
    under ``TYPE_CHECKING`` alike."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(SERVICE_PACKAGES):
            found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names if a.name in SERVICES]
    return found


def test_the_check_finds_a_view_importing_a_service() -> None:
    source = ("from relay_studio.store.database import Database, SCHEMA_VERSION\n"
              "from relay_studio.knowledge.library import DocumentInfo\n"
              "def read(path):\n    from relay_studio.providers.secrets import SecretStore\n")
    assert service_imports(source) == [(1, "relay_studio.store.database.Database"),
                                       (4, "relay_studio.providers.secrets.SecretStore")]
    assert service_imports("from relay_studio.ui.studio import Studio\nfrom relay_studio.domain.records import "
                           "ChatRecord\n") == []


def test_no_ui_module_but_the_studio_and_its_operations_imports_a_service() -> None:
    sites = []
    for path, text, _tree in package_sources():
        if path == FACADE or path.is_relative_to(OPERATIONS) or not path.is_relative_to(UI):
            continue
        for line, name in service_imports(text):
            sites.append(f"{path.relative_to(UI.parent)}:{line}: {name}")
    assert not sites, "use a Studio operation instead of opening a service:\n" + "\n".join(sites)


# -- the stores stay inside the operations ---------------------------------------------------------------------
# A view reaches a store either by importing it (from its module, or re-exported by an operation or the hub, as
# the ``Keychain = SecretStore`` alias was) or by calling an operation's method that hands one out (``store()``,
# ``secret_store()``) or takes one (``save(store, secrets, ...)``). The rule, for every ``ui/`` module but
# ``ui/studio.py`` and ``ui/operations/*``: from ``relay_studio.store.*`` and ``relay_studio.providers.secrets``
# it imports error classes and plain data types only, wherever it imports them from; and no public method of an
# operation names any other of their classes in its signature.

#: the packages whose services the operations keep to themselves
STORE_PACKAGES = ("relay_studio.store", "relay_studio.providers.secrets")
#: the modules allowed to hold a store, so the ones a re-export could come from
HOLDERS = ("relay_studio.ui.operations", "relay_studio.ui.studio")


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def error_or_plain_data(obj: object) -> bool:
    """An error class, or a type whose values are plain data: an enum, a dataclass, a pydantic model, a
    NamedTuple, a TypedDict or a ``Literal`` alias. Not a store, a function, a module or a constant."""
    import dataclasses
    import enum
    import typing

    import pydantic

    if isinstance(obj, type):
        return (issubclass(obj, BaseException | enum.Enum | pydantic.BaseModel) or dataclasses.is_dataclass(obj)
                or (issubclass(obj, tuple) and hasattr(obj, "_fields")) or typing.is_typeddict(obj))
    return typing.get_origin(obj) is typing.Literal


def _resolve(module: str, name: str) -> tuple[object, str]:
    """The object ``from module import name`` gives, and the module it is defined in."""
    import importlib
    import types

    found = getattr(importlib.import_module(module), name, None)
    if found is None:
        found = importlib.import_module(f"{module}.{name}")
    if isinstance(found, types.ModuleType):
        return found, found.__name__
    home = getattr(found, "__module__", None)
    return found, home if isinstance(home, str) and not isinstance(found, str | int | float | bool | tuple) else module


def store_imports(source: str) -> list[tuple[int, str]]:
    """(line, what) of every import in ``source`` (top, function or ``TYPE_CHECKING`` alike) that gives a view
    something of ``STORE_PACKAGES`` other than an error class or a plain data type."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if _within(a.name, STORE_PACKAGES)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            reaching = _within(node.module, STORE_PACKAGES + HOLDERS) or any(
                p.startswith(node.module + ".") for p in STORE_PACKAGES)
            if not reaching:
                continue
            for alias in node.names:
                obj, home = _resolve(node.module, alias.name)
                if _within(home, STORE_PACKAGES) and not error_or_plain_data(obj):
                    what, origin = f"{node.module}.{alias.name}", _origin(obj, home, alias.name)
                    found.append((node.lineno, what if origin == what else f"{what} ({origin})"))
    return sorted(found)


def _origin(obj: object, home: str, name: str) -> str:
    import types

    return home if isinstance(obj, types.ModuleType) else f"{home}.{getattr(obj, '__name__', name)}"


def _imported_names(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """name -> (module, name) of every ``from ... import`` of a module and its module-level aliases (``A = B``)."""
    names: dict[str, tuple[str, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.update({a.asname or a.name: (node.module, a.name) for a in node.names})
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in names:
            names.update({t.id: names[node.value.id] for t in node.targets if isinstance(t, ast.Name)})
    return names


def _annotation_names(annotation: ast.expr | None) -> list[str]:
    """The names an annotation mentions (``X``, ``mod.X`` as ``mod``; a quoted one parsed)."""
    if annotation is None:
        return []
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return [n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)]


def stores_handed_out(source: str) -> list[tuple[int, str]]:
    """(line, "Class.method: module.Store") of every public method or property of a class in ``source`` whose
    signature (its parameters or what it returns) names a class of ``STORE_PACKAGES`` that is not an error or
    plain data, and of every public module-level alias of one (a re-export)."""
    tree = ast.parse(source)
    names = _imported_names(tree)

    def store_of(name: str) -> str | None:
        if name not in names or not _within(names[name][0], STORE_PACKAGES):
            return None
        obj, home = _resolve(*names[name])
        return None if error_or_plain_data(obj) else _origin(obj, home, name)

    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and (held := store_of(node.value.id)):
            found += [(node.lineno, f"{t.id} = {held}") for t in node.targets
                      if isinstance(t, ast.Name) and not t.id.startswith("_")]
        if not isinstance(node, ast.ClassDef):
            continue
        for method in node.body:
            if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) or method.name.startswith("_"):
                continue
            args = method.args
            annotations = [a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg,
                                                  args.kwarg) if a is not None]
            for name in [n for a in (*annotations, method.returns) for n in _annotation_names(a)]:
                if held := store_of(name):
                    found.append((method.lineno, f"{node.name}.{method.name}: {held}"))
    return sorted(set(found))


def test_the_check_finds_a_store_imported_or_handed_out() -> None:
    view = ("from relay_studio.providers.secrets import SecretStoreError, Location\n"
            "from relay_studio.store.projects import ProjectError\n"
            "from relay_studio.ui.operations.connections import KeyPlaces, ConnectionOperations\n"
            "def f():\n    from relay_studio.store.connections import ConnectionStore\n"
            "    import relay_studio.store.persona\n"
            "from relay_studio.store import database\n"
            "from relay_studio.ui.operations.project_files import Database\n")
    assert store_imports(view) == [
        (5, "relay_studio.store.connections.ConnectionStore"), (6, "relay_studio.store.persona"),
        (7, "relay_studio.store.database"),
        (8, "relay_studio.ui.operations.project_files.Database (relay_studio.store.database.Database)")]
    operation = ("from typing import TYPE_CHECKING\n"
                 "from relay_studio.providers.secrets import SecretStore, SecretStoreError\n"
                 "if TYPE_CHECKING:\n    from relay_studio.store.connections import ConnectionStore\n"
                 "Keychain = SecretStore\n_kept = SecretStore\n"
                 "class Ops:\n"
                 "    def store(self) -> ConnectionStore: ...\n"
                 "    async def save(self, secrets: 'Keychain | None', key: str) -> None: ...\n"
                 "    def _store(self) -> ConnectionStore: ...\n"
                 "    def forget(self, key: str) -> SecretStoreError | None: ...\n")
    assert stores_handed_out(operation) == [
        (5, "Keychain = relay_studio.providers.secrets.SecretStore"),
        (8, "Ops.store: relay_studio.store.connections.ConnectionStore"),
        (9, "Ops.save: relay_studio.providers.secrets.SecretStore")]


def test_no_view_imports_a_store_or_gets_one_from_an_operation() -> None:
    sites = []
    for path, text, _tree in package_sources():
        if not path.is_relative_to(UI):
            continue
        where = path.relative_to(UI.parent)
        if path.is_relative_to(OPERATIONS):
            # the hub's own Protocol (what the operations use), and the lanes' stores a query's work reads through
            # on its lane (``ops.py``): neither is what a view gets
            if path.name not in ("hub.py", "ops.py"):
                sites += [f"{where}:{line}: hands out {what}" for line, what in stores_handed_out(text)]
        elif path != FACADE:
            sites += [f"{where}:{line}: imports {what}" for line, what in store_imports(text)]
    assert not sites, ("views get connections, records and errors from an operation, never a store "
                       "(STORE_PACKAGES):\n" + "\n".join(sites))


# -- no view calls a store or the runtime synchronously (docs/data-flow.md) ---------------------------------------

#: the studio's operations a view reaches as ``studio.<group>``, by module
GROUPS = {"chats": "chats.py", "projects": "projects.py", "library": "library.py", "knowledge": "knowledge.py",
          "journal": "journal.py", "agents": "agents.py", "connections": "connections.py", "canon": "canon.py",
          "continuity": "continuity.py"}


def synchronous_operations(source: str) -> set[str]:
    """The operations of a module's ``*Operations`` classes that reach a store or the runtime on the caller's thread
    when called: each declared ``Query``/``Change`` (``.run`` is their one way), and each plain method whose body
    touches ``.runtime`` or calls a method of its own class that does. Coroutines and ``_private`` ones are not."""
    found: set[str] = set()
    for cls in ast.parse(source).body:
        if not (isinstance(cls, ast.ClassDef) and cls.name.endswith("Operations")):
            continue
        methods = {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}

        def touches(fn: ast.FunctionDef) -> bool:
            return any(isinstance(n, ast.Attribute) and n.attr == "runtime" for n in ast.walk(fn))

        for node in cls.body:
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and isinstance(node.value.func, ast.Name) and node.value.func.id in ("Query", "Change")):
                found |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        for name, fn in methods.items():
            calls = {n.func.attr for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                     and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"}
            if not name.startswith("_") and (touches(fn) or any(c in methods and touches(methods[c]) for c in calls)):
                found.add(name)
    return found


def synchronous_calls(source: str, operations: dict[str, set[str]]) -> list[tuple[int, str]]:
    """(line, "group.operation") of every call ``<x>.<group>.<operation>(...)`` in ``source`` of one of
    ``operations`` (``studio.chats.rename.run(...)`` is the one way, not such a call)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Attribute)):
            group, name = node.func.value.attr, node.func.attr
            if name in operations.get(group, set()):
                found.append((node.lineno, f"{group}.{name}"))
    return found


def test_the_check_finds_a_synchronous_operation_call_and_not_the_one_way() -> None:
    operations = ("class ChatOperations:\n"
                  "    get = Query(chats, ChatStore.chat)\n"
                  "    def contents(self, chat_id):\n        return self.runtime.chats.messages(chat_id)\n"
                  "    def reread(self, chat_id):\n        return self.contents(chat_id)\n"
                  "    def read_contents(self, owner, chat_id, deliver):\n        self.hub.ops.query(owner, deliver)\n"
                  "    async def publish(self, run_id):\n        return await self.runtime.publish(run_id)\n")
    assert synchronous_operations(operations) == {"get", "contents", "reread"}
    view = ("def show(self):\n    self.studio.chats.get(self.chat_id)\n"
            "    self.studio.chats.get.run(self, self._on_chat, self.chat_id)\n"
            "    self.studio.chats.read_contents(self, self.chat_id, self._show)\n")
    assert synchronous_calls(view, {"chats": synchronous_operations(operations)}) == [(2, "chats.get")]


_ROW = ("a read of one row or of a bounded list on the GUI thread (a primary-key or indexed seek, a `limit`); its "
        "callers take the value in the same call and are widgets other sessions are rewriting (chat view, composer, "
        "timeline, navigation), so each moves to `.run` with its view")
_WRITE = ("a change called directly: it runs on the writer lane (the loop's thread, which is the caller's) and "
          "announces its Changes before it returns; the view takes its result in the same call")
_AGENTS = ("the agent catalogue (profile files parsed once and cached by store/profiles.py); the profile editor "
           "takes it in the same call")
_EDITOR = ("one editor's own read or write of the thing it edits (a connection, a fact, an entry, a Skill), the "
           "same size whatever the project")

#: every synchronous operation a view may still call, with why; the rule holds for every other one
ALLOWED: dict[str, str] = {
    "agents.profiles": _AGENTS, "agents.builtin_ids": _AGENTS, "agents.prompt_preview": _AGENTS,
    "agents.generated_prompt": _AGENTS, "agents.save": _WRITE, "agents.remove": _WRITE,
    "agents.add_card_agent": _WRITE,
    "agents.keep_card_portrait": ("starts a query on the reader lane (the card's picture checked and kept there) and "
                                  "answers through its callback: the one way, named for what it keeps"),
    "canon.add": _WRITE, "canon.edit": _WRITE, "canon.change": _WRITE, "canon.set_accept_proposals": _WRITE,
    "chats.get": _ROW, "chats.project_id": _ROW, "chats.message": _ROW, "chats.find": _ROW, "chats.all": _ROW,
    "chats.unique_name": _ROW,
    "chats.messages": ("the export dialog's read of its chat's messages as it is built (its preview runs on its "
                       "lane); the handoff flow awaits them as a query (`chats.messages.read`)"),
    "chats.message_versions": ("one card's versions, answered from what the chat's lane read primed "
                               "(prime_versions); read here only for a card the lane read did not cover"),
    "chats.rename": _WRITE, "chats.duplicate": _WRITE, "chats.delete": _WRITE, "chats.delete_message": _WRITE,
    "chats.ensure": _WRITE, "chats.new": _WRITE, "chats.new_exploration": _WRITE, "chats.branch": _WRITE,
    "chats.add_sillytavern": _WRITE,
    "chats.export_sillytavern": "writes a file the creator chose from one chat, on the GUI thread (grows with it)",
    "connections.all": _EDITOR, "connections.get": _EDITOR, "connections.default_id": _EDITOR,
    "connections.choices": _EDITOR, "connections.make_default": _WRITE, "connections.remove": _WRITE,
    "connections.persona_name": _EDITOR, "connections.set_persona_name": _WRITE,
    "connections.server_models": "builds the coroutine source the model picker awaits; reads the connections list",
    "journal.run": _ROW, "journal.runs": _ROW, "journal.event_count": _ROW,
    "journal.events": ("one page of a run's events for the timeline's detail pane (paged: `limit`); the whole "
                       "journal is read with read_events, a query"),
    "journal.model_turn": _ROW, "journal.file_versions": _ROW,
    "knowledge.documents": _EDITOR, "knowledge.start_import": "starts the import's own worker thread",
    "knowledge.remove_document": _WRITE,
    "projects.get": _ROW, "projects.chats": _ROW, "projects.all": _ROW, "projects.create": _WRITE,
    "projects.rename": _WRITE,
}


def test_no_view_calls_a_store_or_the_runtime_synchronously_but_the_listed_exceptions() -> None:
    operations = {group: synchronous_operations((OPERATIONS / module).read_text(encoding="utf-8"))
                  for group, module in GROUPS.items()}
    sites, used = [], set()
    for path, text, _tree in package_sources():
        if path == FACADE or path.is_relative_to(OPERATIONS) or not path.is_relative_to(UI):
            continue
        for line, call in synchronous_calls(text, operations):
            used.add(call)
            if call not in ALLOWED:
                sites.append(f"{path.relative_to(UI.parent)}:{line}: {call}")
    assert not sites, ("a view reaches data the one way: `studio.<group>.<operation>.run(owner, then, ...)` or a "
                       "query/change of the operation (docs/data-flow.md):\n" + "\n".join(sites))
    assert not set(ALLOWED) - used, f"exceptions no view needs any more: {sorted(set(ALLOWED) - used)}"


def test_the_hub_keeps_its_state_in_init_its_sections_by_purpose_and_fits_450_lines() -> None:
    """``ui/studio.py``: every attribute a method sets was made in ``__init__`` (no state made lazily, no
    ``__dict__`` tricks), no section is headed by an issue number, and the module stays under 450 lines."""
    text = FACADE.read_text(encoding="utf-8")
    [studio] = [n for n in ast.parse(text).body if isinstance(n, ast.ClassDef) and n.name == "Studio"]
    methods = [n for n in studio.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]

    def set_on_self(fn: ast.AST) -> set[str]:
        return {t.attr for n in ast.walk(fn) if isinstance(n, ast.Assign | ast.AnnAssign | ast.AugAssign)
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                for t in ast.walk(t) if isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name) and t.value.id == "self"}

    made = set_on_self(next(m for m in methods if m.name == "__init__"))
    later = {f"{m.name}: self.{a}" for m in methods if m.name != "__init__" for a in set_on_self(m) - made}
    assert not later, f"state made outside __init__: {sorted(later)}"
    assert "__dict__" not in text and "setdefault(" not in text
    headings = [line for line in text.splitlines() if line.strip().startswith("# --")]
    assert headings and not [h for h in headings if "issue" in h.lower() or "#" in h.strip()[4:]]
    assert len(text.splitlines()) < 450
