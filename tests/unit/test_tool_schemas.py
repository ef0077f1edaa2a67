"""The parameters a model sees are derived from each tool's one typed model of its arguments
(docs/runtime.md, "Tool schemas"), in the plain shape every provider takes."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.validation import first_problem
from relay_studio.runtime.delegation.edges import effective
from relay_studio.runtime.tools.registry import TOOLS
from relay_studio.runtime.tools.schema import parameters_of
from relay_studio.runtime.tools.transfer_to_agent import transfer_tool

#: the keywords a schema sent to a model may use
ALLOWED = {"type", "description", "enum", "items", "properties", "required", "additionalProperties", "minimum",
           "maximum", "anyOf"}


def _walk(schema: dict[str, Any], where: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every schema node with its dotted place (property names are names, not keywords)."""
    nodes = [(where, schema)]
    for name, sub in schema.get("properties", {}).items():
        nodes += _walk(sub, f"{where}.{name}")
    if isinstance(schema.get("items"), dict):
        nodes += _walk(schema["items"], f"{where}[]")
    return nodes


@pytest.mark.parametrize("name", sorted(TOOLS))
def test_every_tool_schema_is_derived_from_its_args_model(name: str) -> None:
    spec = TOOLS[name].spec
    assert spec.args is not None, f"{name} states its parameters by hand"
    assert spec.parameters == parameters_of(spec.args)
    assert spec.schema().parameters == spec.parameters


@pytest.mark.parametrize("name", sorted(TOOLS))
def test_every_tool_schema_is_plain(name: str) -> None:
    """No titles, defaults, ``$ref``s or ``null`` options; closed at the top."""
    schema = TOOLS[name].spec.parameters
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    for where, node in _walk(schema):
        assert set(node) <= ALLOWED, f"{name}{where}: {sorted(set(node) - ALLOWED)}"
        if node.get("type") == "object" and "properties" in node:
            assert set(node.get("required", [])) <= set(node["properties"]), f"{name}{where}"


def test_the_handoff_schema_keeps_the_shape_providers_were_sent() -> None:
    text = {"type": "string"}
    texts = {"type": "array", "items": {"type": "string"}}
    assert TOOLS["agent.handoff"].spec.parameters == {
        "type": "object",
        "properties": {
            "agentId": {**text, "description": "Who takes over; see agent_list with purpose 'handoff'."},
            "handoff": {
                "type": "object",
                "description": "Your brief for the next agent.",
                "properties": {
                    "objective": {**text, "description": "What the next agent must achieve. Required."},
                    "title": {**text, "description": "A short title for the next stage."},
                    "reason": {**text, "description": "Why you are handing over now."},
                    "contextSummary": {**text, "description": "What has been done so far and what matters."},
                    "workspaceRefs": {**texts, "description": "Workspace files the next agent should read."},
                    "mustPreserve": {**texts, "description": "Decisions and text that must not change."},
                    "completionCriteria": {**texts, "description": "How the next agent knows it is done."},
                },
                "required": ["objective"],
                "additionalProperties": True,
            },
            "pendingTaskPolicy": {
                "type": "string",
                "description": "Handoffs are refused while your helper tasks are still working.",
                "enum": ["denyIfPending"],
            },
        },
        "required": ["agentId", "handoff"],
        "additionalProperties": False,
    }


def test_a_transfer_tool_is_the_brief_plus_the_targets_input_fields() -> None:
    target = AgentProfile.model_validate({
        "id": "editor", "displayName": "Editor",
        "handoffIn": {"inputSchema": {"type": "object", "properties": {"priority": {"type": "string",
                                                                                   "enum": ["Low", "High"]}},
                                      "required": ["priority"]}},
    })
    parameters = transfer_tool(target, effective(target, None)).spec.parameters
    brief = TOOLS["agent.handoff"].spec.parameters["properties"]["handoff"]
    objective = {"type": "string", "description": "What the next agent must achieve. Without it, the next agent "
                                                  "continues the conversation."}
    assert parameters["properties"] == {**brief["properties"], "objective": objective,
                                        "priority": {"type": "string", "enum": ["Low", "High"]}}
    # the objective may be left out (the Agents SDK's handoff tools take no brief); the input's fields may not
    assert parameters["required"] == ["priority"] and parameters["additionalProperties"] is False
    assert "description" not in parameters


def test_the_cleaning_keeps_what_a_model_needs_and_drops_the_rest() -> None:
    class Inner(BaseModel):
        """A docstring for code readers: never sent."""

        model_config = ConfigDict(extra="forbid")
        word: str = Field(max_length=20_000, description="A word.")

    class Args(BaseModel):
        model_config = ConfigDict(extra="forbid", populate_by_name=True)
        inner: Inner | None = Field(default=None, description="Something nested.")
        count: int = Field(default=3, ge=1, le=9, alias="howMany", description="How many.")
        kind: Literal["a", "b"] = Field(default="a", description="Which kind.")

    assert parameters_of(Args) == {
        "type": "object",
        "properties": {
            "inner": {"type": "object", "description": "Something nested.",
                      "properties": {"word": {"type": "string", "description": "A word."}},
                      "required": ["word"], "additionalProperties": False},
            "howMany": {"type": "integer", "description": "How many.", "minimum": 1, "maximum": 9},
            "kind": {"type": "string", "description": "Which kind.", "enum": ["a", "b"]},
        },
        "additionalProperties": False,
    }


@pytest.mark.parametrize("name", sorted(TOOLS))
def test_an_error_quotes_the_allowed_values_as_the_schema_declares_them(name: str) -> None:
    spec = TOOLS[name].spec
    assert spec.args is not None
    for field, node in spec.parameters["properties"].items():
        if "enum" not in node:
            continue
        with pytest.raises(ValidationError) as caught:
            spec.args.model_validate({field: "NOT-ONE-OF-THEM"})
        problem = next(e for e in caught.value.errors() if e["loc"] == (field,))
        line = first_problem(ValidationError.from_exception_data(caught.value.title, [problem]), "x").line()
        for value in node["enum"]:
            assert f"'{value}'" in line, f"{name}.{field}: {line}"
