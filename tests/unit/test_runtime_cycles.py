"""The runtime's import graph has no cycle (docs/runtime.md, "Code locations").

Every import counts, also one inside a function or under ``TYPE_CHECKING`` (the graph is the one
``test_layers`` reads with ``ast``). Where an upper module must serve a lower one, the lower one
declares what it needs (a ``Protocol``, a function it is given) and the upper one hands it in: the
scheduler gets its runner from ``engine.py``, the session handoff its host.
"""

from __future__ import annotations

from tests.unit.test_layers import circles_in, imports

RUNTIME = "relay_studio.runtime"


def runtime_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for source, target, _line in imports():
        if source.startswith(RUNTIME):
            graph.setdefault(source, set())
            if target.startswith(RUNTIME + ".") and target != source:
                graph[source].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module, each sorted (``test_layers.circles_in``)."""
    return [list(members) for members in sorted(circles_in(graph))]


def a_loop(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One concrete import loop inside ``component``: a -> b -> ... -> a."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                todo.append(w)
    return component


def test_the_cycle_finder_names_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert a_loop(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_runtime_graph_is_read_completely() -> None:
    graph = runtime_graph()
    assert f"{RUNTIME}.domain" not in graph
    assert f"{RUNTIME}.loop" in graph[f"{RUNTIME}.executor"]
    # imported inside a function (approval asks the story library for a planned write)
    assert f"{RUNTIME}.library_access" in graph[f"{RUNTIME}.approval"]
    assert len(graph) > 40


def test_the_runtime_imports_form_no_cycle() -> None:
    graph = runtime_graph()
    loops = [" -> ".join(a_loop(graph, c)) for c in cycles(graph)]
    assert loops == [], "import cycles in the runtime:\n" + "\n".join(loops)
