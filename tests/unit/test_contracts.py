"""The catalogued contracts: every journal event type and every dotted error code is declared once in
``domain/``, says what it means, is documented in ``docs/contracts.md``, and is used from its constant."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import TypeGuard

from relay_studio.domain import error_codes, event_types, tool_names
from tests.support import package_sources

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "desktop" / "relay_studio"
DOC = ROOT / "docs" / "contracts.md"
DOTTED = re.compile(r"^[a-z]+\.[a-z][a-z0-9_]*$")
#: Files other helpers were reworking while the literals were replaced; they still compare a few literals
#: of declared values (the check below still proves those values are declared).
NOT_YET_CONVERTED = {"ui/chat/view.py", "ui/chat/words.py", "ui/studio.py"}
#: The typed payload models spell each type once more, as their ``Literal`` discriminator (a type checker needs
#: the literal); ``tests/unit/test_event_payloads.py`` checks they are exactly the declared types.
TYPED_PAYLOADS = "domain/event_payloads.py"


def declared(module: str) -> list[tuple[str, str, str]]:
    """(name, value, meaning) of each string constant of ``domain/<module>.py``, in source order; the
    meaning is the ``#:`` comment above it ("" when there is none)."""
    path = PACKAGE / "domain" / f"{module}.py"
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for node in ast.parse("\n".join(lines)).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
            meaning = above[2:].strip() if above.startswith("#:") else ""
            found.append((node.targets[0].id, node.value.value, meaning))
    return found


def documented(section: str) -> list[str]:
    """The names in the first column of the tables under the ``## <section>`` heading of the doc."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"## {section}\n")
    end = text.find("\n## ", start + 1)
    body = text[start:] if end < 0 else text[start:end]
    return re.findall(r"^\| `([^`]+)` \|", body, re.M)


def package_files() -> list[tuple[str, ast.Module]]:
    return [(str(path.relative_to(PACKAGE)), tree) for path, _text, tree in package_sources()]


def test_every_event_type_and_code_is_declared_once_with_its_meaning() -> None:
    events = declared("event_types")
    codes = declared("error_codes")
    assert len(events) >= 50 and len(codes) >= 200
    for name, value, meaning in events:
        assert name == value.upper(), name
        assert re.fullmatch(r"[a-z]+(_[a-z]+)+", value), value
        assert meaning, f"{name} has no '#:' line saying what it means"
    for name, value, meaning in codes:
        expected = value.upper().replace(".", "_")
        assert name == expected or (name.endswith("_PREFIX") and value.endswith("_")), name
        assert DOTTED.match(value) or value.endswith("_"), value
        assert meaning, f"{name} has no '#:' line saying what it means"
    for found in (events, codes):
        values = [value for _, value, _ in found]
        assert len(values) == len(set(values)), "a value is declared twice"
    # the module attributes are what the declarations say (nothing rebinds them further down)
    assert {n: v for n, v, _ in events} == {n: getattr(event_types, n) for n, _, _ in events}
    assert {n: v for n, v, _ in codes} == {n: getattr(error_codes, n) for n, _, _ in codes}


def test_every_status_map_names_declared_event_types() -> None:
    values = {v for _, v, _ in declared("event_types")}
    for table in (event_types.RUN_ENDED, event_types.INVOCATION_ENDED, event_types.TASK_MOVED,
                  event_types.SESSION_HANDOFF_ENDED):
        assert set(table.values()) <= values
    assert set(error_codes.TOOL_AFTER.values()) <= {v for _, v, _ in declared("error_codes")}


def test_every_event_type_is_documented_and_every_documented_type_exists() -> None:
    values = [v for _, v, _ in declared("event_types")]
    in_doc = documented("Journal event types")
    assert sorted(set(values) - set(in_doc)) == [], "declared but not in docs/contracts.md"
    assert sorted(set(in_doc) - set(values)) == [], "in docs/contracts.md but not declared"
    assert len(in_doc) == len(set(in_doc))


def test_every_error_code_is_documented_and_every_documented_code_exists() -> None:
    spelled = [v + "<status>" if n.endswith("_PREFIX") else v for n, v, _ in declared("error_codes")]
    in_doc = documented("Error codes")
    assert sorted(set(spelled) - set(in_doc)) == [], "declared but not in docs/contracts.md"
    assert sorted(set(in_doc) - set(spelled)) == [], "in docs/contracts.md but not declared"
    assert len(in_doc) == len(set(in_doc))


def _is_event_call(node: ast.AST) -> TypeGuard[ast.Call]:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "event"
            and len(node.args) >= 2)


def test_events_are_journaled_through_their_constants() -> None:
    values = {v for _, v, _ in declared("event_types")}
    literal_types, spelled_again = [], []
    for rel, tree in package_files():
        if rel == "domain/event_types.py":
            continue
        for node in ast.walk(tree):
            if _is_event_call(node):
                kind = node.args[1]
                if isinstance(kind, (ast.Constant, ast.JoinedStr)):
                    literal_types.append(f"{rel}:{node.lineno}")
            if (isinstance(node, ast.Constant) and node.value in values and rel not in NOT_YET_CONVERTED
                    and rel != TYPED_PAYLOADS):
                spelled_again.append(f"{rel}:{node.lineno} {node.value}")
    assert literal_types == [], "journal an event with its constant from domain/event_types.py"
    assert spelled_again == [], "use the constant from domain/event_types.py"


def _raises_with_literal_code(node: ast.AST) -> TypeGuard[ast.Call]:
    """A call like ``ToolError("x.y", ...)`` or ``_fail("x.y", ...)``, or ``code=``/``error_code="x.y"``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    first = node.args[0] if node.args else None
    if (name.endswith(("Error", "Refused", "Failed")) or name == "_fail") and isinstance(first, ast.Constant) \
            and isinstance(first.value, str) and DOTTED.match(first.value):
        return True
    return any(k.arg in {"code", "error_code"} and isinstance(k.value, ast.Constant)
               and isinstance(k.value.value, str) and DOTTED.match(k.value.value) for k in node.keywords)


def test_error_codes_are_raised_through_their_constants() -> None:
    values = {v for _, v, _ in declared("error_codes")}
    inline, spelled_again = [], []
    for rel, tree in package_files():
        if rel == "domain/error_codes.py":
            continue
        for node in ast.walk(tree):
            if _raises_with_literal_code(node):
                inline.append(f"{rel}:{node.lineno}")
            if isinstance(node, ast.Constant) and node.value in values and rel not in NOT_YET_CONVERTED:
                spelled_again.append(f"{rel}:{node.lineno} {node.value}")
    assert inline == [], "declare the code in domain/error_codes.py and raise it from there"
    assert spelled_again == [], "use the constant from domain/error_codes.py"


def test_the_codes_the_package_still_compares_are_declared() -> None:
    """Where a literal is left (files being reworked in parallel), it must still be a declared code."""
    values = {v for _, v, _ in declared("error_codes")} | set(tool_names.ALL_TOOLS)
    prefixes = {v.split(".")[0] for _, v, _ in declared("error_codes")} - {"model"}  # model.* are also fields
    unknown = []
    for rel, tree in package_files():
        if rel not in NOT_YET_CONVERTED:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and DOTTED.match(node.value) \
                    and node.value.split(".")[0] in prefixes and node.value not in values:
                unknown.append(f"{rel}:{node.lineno} {node.value}")
    assert unknown == []


def _sources() -> dict[str, str]:
    return {str(path.relative_to(PACKAGE)): text for path, text, _tree in package_sources()}


def test_the_demo_the_round_budget_and_the_first_problem_line_each_have_one_home() -> None:
    from relay_studio.domain.run_limits import DEFAULT_MAX_TOTAL_ROUNDS
    from relay_studio.runtime.demo import DEMO_PROMPT

    sources = _sources()
    assert [f for f, s in sources.items() if DEMO_PROMPT in s] == ["runtime/demo.py"]
    mentioned = "``resources/scripts/demo_relay.json``"  # a docstring may say where the script is
    script = [f for f, s in sources.items() if "demo_relay.json" in s.replace(mentioned, "")]
    assert script == ["runtime/demo.py"]
    assert [f for f, s in sources.items() if ".errors()[0]" in s] == ["domain/validation.py"]
    budget = re.compile(rf"(max_total_rounds|maxTotalRounds|max-total-rounds)\W[^\n]*\b{DEFAULT_MAX_TOTAL_ROUNDS}\b",
                        re.I)
    assert [f for f, s in sources.items() if budget.search(s)] == ["domain/run_limits.py"]
