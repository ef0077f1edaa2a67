"""Rules the tests keep so that they never depend on timing or hang (issue 34)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def processevents_in_coroutines(source: str) -> list[tuple[int, str]]:
    """(line, function) of every ``processEvents`` call inside an ``async def``."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if isinstance(function, ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "processEvents"):
                    found.append((node.lineno, function.name))
    return found


def test_no_coroutine_of_the_tests_calls_processevents() -> None:
    """On qasync a nested ``processEvents()`` steps other tasks inside the running one: Python refuses ("Cannot
    enter into task ..."), the step is lost, and a fixture's teardown then waits for that task for ever (a worker
    of the everyday suite hung so under load). A coroutine lets the loop turn instead (``tests/support.py:
    settle``)."""
    sites = [f"{path.relative_to(TESTS)}:{line} in {name}"
             for path in sorted(TESTS.rglob("*.py"))
             for line, name in processevents_in_coroutines(path.read_text(encoding="utf-8"))]
    assert not sites, "await settle() instead of processEvents() in a coroutine:\n" + "\n".join(sites)


def test_the_rule_finds_a_nested_processevents_and_leaves_a_plain_function_alone() -> None:
    source = ("async def test_a():\n    QApplication.processEvents()\n"
              "def test_b():\n    QApplication.processEvents()\n")
    assert processevents_in_coroutines(source) == [(2, "test_a")]
