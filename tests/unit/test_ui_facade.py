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
