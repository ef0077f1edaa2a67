"""The window's one binding to the runtime is ``ui/studio.py``: no other ``ui/`` module touches
``<anything>.runtime`` (its stores ``chats``, ``runs``, ``db``, ``profile_store``, ``projects``, its
``bridge``, ``data_dir`` or methods). Views use ``Studio``'s named operations instead (docs/window.md,
*Start-up and the loop*). Checked over the source with ``ast``, naming each site."""

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
            "KnowledgeLibrary", "ProjectStore", "ProfileStore"}
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
