"""The layering, as import-linter contracts would state it, checked over the import graph with ``ast``.

``ui -> runtime -> (knowledge, library, manuscript) -> (providers, store) -> domain``: a module imports only its own
layer and the layers below it; the hosts (``cli*``, ``app``, ``smoke``, ``launch``, ``api``, ...) sit on top
and nothing below imports them. No Qt outside ``ui/`` and the GUI hosts, and a headless command loads no Qt.
Every import counts, also one inside a function or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support import package_sources

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "desktop" / "relay_studio"

#: rank of each top-level part of the package: an import may go to a lower rank (or stay in its part)
RANKS = {"domain": 0, "store": 1, "providers": 1, "knowledge": 2, "library": 2, "manuscript": 2,
         "canon": 3, "runtime": 3, "ui": 4}
HOST_RANK = 5  # cli/, app.py, smoke.py, launch.py, window_start.py, start_window.py, window_open.py, api.py, ...
#: leaves anyone may import: they import nothing of the package themselves (checked below)
LEAVES = {"relay_studio", "relay_studio.resources", "relay_studio.pause_points", "relay_studio.give_way"}
#: where Qt may be imported: the widgets, and the GUI hosts that start them
QT_ALLOWED = ("relay_studio.ui", "relay_studio.app", "relay_studio.smoke", "relay_studio.start_window",
              "relay_studio.window_open")
QT_PACKAGES = ("PySide6", "shiboken6", "qasync", "PyQt5", "PyQt6")

#: Known import circles, each as the sorted tuple of its modules: none left (issue 26), never to grow. The test
#: below fails on a circle not listed here, and on a listed one that no longer exists (then take it out).
KNOWN_CYCLES: set[tuple[str, ...]] = set()

#: Known violations, to shrink, never to grow (import-linter's ``ignore_imports``): none left since
#: ``ConnectionStore`` moved to ``store/`` and the providers' factory reads connections through a Protocol.
KNOWN_VIOLATIONS: set[str] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


@functools.cache
def imports() -> tuple[tuple[str, str, int], ...]:
    """(importing module, imported module, line) for every import in the package (read once)."""
    found = []
    for path, _text, tree in package_sources():
        mod = module_name(path)
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(mod, alias.name, node.lineno) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                found.append((mod, target, node.lineno))
                # ``from relay_studio.domain import events`` imports a module, not only a package
                found += [(mod, f"{target}.{a.name}", node.lineno) for a in node.names
                          if is_module(f"{target}.{a.name}")]
    return tuple(found)


def rank(module: str) -> int:
    parts = module.split(".")
    if module in LEAVES:
        return -1
    if len(parts) > 1 and parts[1] in RANKS:
        return RANKS[parts[1]]
    return HOST_RANK


def part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in RANKS else "<hosts>"


def violations() -> set[str]:
    bad = set()
    for source, target, _ in imports():
        if not target.startswith("relay_studio") or target == source:
            continue
        if part(source) == part(target) and rank(source) != -1:
            continue
        if rank(target) < rank(source):
            continue
        bad.add(f"{source} -> {target}")
    return bad


def test_the_graph_is_read_completely() -> None:
    edges = {(s, t) for s, t, _ in imports()}
    # a few imports known to exist, of each shape (absolute, from-package, inside a function)
    assert ("relay_studio.runtime.loop", "relay_studio.domain.event_types") in edges
    assert ("relay_studio.store.migrations", "relay_studio.store.knowledge_schema") in edges
    assert ("relay_studio.window_start", "relay_studio.app") in edges  # imported inside a function
    assert len(edges) > 500


def test_no_layer_imports_a_layer_above_it() -> None:
    """domain imports nothing above it; store and providers no runtime or ui; runtime no ui; nothing below
    the hosts imports cli/app/smoke; the knowledge and story libraries sit between the store and the runtime."""
    assert violations() == KNOWN_VIOLATIONS


def test_the_leaves_import_nothing_of_the_package() -> None:
    for source, target, line in imports():
        if source in LEAVES:
            assert not target.startswith("relay_studio"), f"{source}:{line} imports {target}"


def test_no_qt_import_outside_the_widgets_and_the_gui_hosts() -> None:
    outside = [f"{s}:{line} {t}" for s, t, line in imports()
               if t.split(".")[0] in QT_PACKAGES and not s.startswith(QT_ALLOWED)]
    assert outside == []


def test_a_headless_command_loads_no_qt(tmp_path: Path) -> None:
    script = (
        "import json, sys\n"
        "from relay_studio import cli\n"
        f"code = cli.main(['--data-dir', {str(tmp_path / 'data')!r}, 'runs'])\n"
        f"qt = sorted(m for m in sys.modules if m.split('.')[0] in {QT_PACKAGES!r})\n"
        "print(json.dumps({'code': code, 'qt': qt}))\n"
    )
    env = {**os.environ, "RELAY_STUDIO_DATA_DIR": str(tmp_path / "data")}
    env.pop("QT_QPA_PLATFORM", None)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report == {"code": 0, "qt": []}


def cycles() -> set[tuple[str, ...]]:
    """The import circles of the whole package, over every import the graph holds (also under
    ``TYPE_CHECKING`` and inside functions)."""
    graph: dict[str, set[str]] = {}
    for source, target, _ in imports():
        if target.startswith("relay_studio") and target != source and is_module(target):
            graph.setdefault(source, set()).add(target)
    return circles_in(graph)


def circles_in(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """Each strongly connected set of two or more nodes (Tarjan), as a sorted tuple."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[tuple[str, ...]] = set()

    def visit(start: str) -> None:  # iterative, so a deep chain of imports cannot hit the recursion limit
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                        if member == node:
                            break
                    if len(members) > 1:
                        found.add(tuple(sorted(members)))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_round_a_circle() -> None:
    """Zero circles among the package's modules, whatever ties them (a late import, a type hint): each
    circle found is printed with the imports that close it."""
    found = cycles()
    edges = {(s, t): line for s, t, line in imports()}
    new = found - KNOWN_CYCLES
    gone = KNOWN_CYCLES - found
    lines = []
    for members in sorted(new):
        lines.append("circle: " + ", ".join(members))
        lines += [f"  {s}:{line} -> {t}" for (s, t), line in sorted(edges.items())
                  if s in members and t in members and s != t]
    lines += ["listed in KNOWN_CYCLES but no longer a circle (take it out): " + ", ".join(m) for m in sorted(gone)]
    assert not lines, "\n".join(lines)


def test_the_circle_finder_finds_every_circle_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"a"}, "g": {"g"}}
    assert circles_in(graph) == {("a", "b", "c"), ("d", "e")}
    assert circles_in({"a": {"b"}, "b": {"c"}}) == set()
    # the package's graph holds the imports that once closed a circle, now going one way only
    edges = {(s, t) for s, t, _ in imports()}
    assert ("relay_studio.providers.detect", "relay_studio.providers.model_list") in edges
    assert ("relay_studio.providers.factory", "relay_studio.providers.model_list") in edges


def test_the_hosts_import_one_another_without_a_circle() -> None:
    """``app``, ``smoke``, ``window_start``, ``launch`` and the ``cli`` package: no host reaches back to one
    that imports it (``default_data_dir`` lives in ``data_dir.py``, so the window needs nothing of the CLI)."""
    graph: dict[str, set[str]] = {}
    for source, target, _ in imports():
        if part(source) == part(target) == "<hosts>" and rank(target) != -1 and source != target:
            graph.setdefault(source, set()).add(target)

    def reachable(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph.get(start, ()))
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo += graph.get(module, ())
        return seen

    assert sorted(m for m in graph if m in reachable(m)) == []
    assert "relay_studio.app" in graph["relay_studio.window_start"]  # the graph holds the hosts' edges
