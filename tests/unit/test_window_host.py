"""The window and its flows import one another without a circle (issue 26): the flows see the window only
as the host ``Protocol`` they need (``ui/window_host.py``), never as ``MainWindow``. Every import counts,
also one under ``TYPE_CHECKING`` (the graph of ``tests/unit/test_layers.py``)."""

from __future__ import annotations

from tests.unit.test_layers import circles_in, imports, is_module

WINDOW = "relay_studio.ui.main_window"
FLOWS = ("relay_studio.ui.run_actions", "relay_studio.ui.chat_navigation", "relay_studio.ui.chat.chat_actions",
         "relay_studio.ui.chat.handoff_flow", "relay_studio.ui.export_dialog", "relay_studio.ui.window_menus",
         "relay_studio.ui.window_profiles", "relay_studio.ui.dock_layout", "relay_studio.ui.window_host")


def ui_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for source, target, _ in imports():
        if source.startswith("relay_studio.ui") and target.startswith("relay_studio.ui") and source != target \
                and is_module(target):
            graph.setdefault(source, set()).add(target)
    return graph


def test_no_circle_ties_the_window_or_its_flows() -> None:
    graph = ui_graph()
    assert {WINDOW, *FLOWS[:-1]} <= graph.keys()  # the graph holds the window's and the flows' imports
    tied = [part for part in circles_in(graph) if {WINDOW, *FLOWS} & set(part)]
    assert tied == []


def test_no_flow_imports_the_window() -> None:
    graph = ui_graph()
    assert [flow for flow in FLOWS if WINDOW in graph.get(flow, set())] == []
    assert {m for m, targets in graph.items() if WINDOW in targets} == set()  # only the hosts (app.py) do


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles_in({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {("a", "b", "c")}
