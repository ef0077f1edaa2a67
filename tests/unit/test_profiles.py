"""Profile validation: one stable code per rule, every diagnostic at once, defaults for the rest."""

from __future__ import annotations

import json
from typing import Any

import pytest

from relay_studio.domain.profile import ProfileError, parse_profile, parse_profile_text, validate_profile
from relay_studio.runtime.profile_catalog import builtin_profiles
from tests.support import profile_dict

ISSUE_EXAMPLE = {
    "schemaVersion": 1, "kind": "relay-studio.agentProfile",
    "id": "final-editor", "displayName": "Final Editor",
    "description": "Polishes prose, commits the final message and finishes the run.",
    "instructions": {"systemPrompt": None, "taskPrompt": None},
    "model": {"mode": "connection", "connection": "local-ollama", "model": "qwen3:8b",
              "temperature": 0.7, "maxTokens": None, "toolChoice": "auto"},
    "tools": {"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit",
                        "workspace.finish", "agent.handoff"],
              "deny": [], "maxRounds": 40, "maxToolCalls": 80, "requireApproval": []},
    "delegation": {"canHandoff": True, "canDelegate": False, "callable": True,
                   "allowAsHandoffTarget": True, "allowAsSubagent": False, "allowedCallers": ["*"],
                   "descriptionForAgents": "Give me a drafted scene; I polish it and finish.",
                   "maxHandoffDepth": 8, "maxConcurrentTasks": 3, "maxTasksPerRun": 8},
    "run": {"directRunnable": True},
    "context": {"chatHistoryMessages": -1},
    "workspace": {"visibleRoots": ["output", "scratch", "plan", "summaries", "persist"],
                  "writableRoots": ["output", "scratch", "plan", "summaries", "persist"]},
}


def codes(data: Any) -> list[str]:
    return [d.code for d in validate_profile(data)[1]]


def test_issue_example_is_valid_and_round_trips() -> None:
    p = parse_profile(ISSUE_EXAMPLE)
    assert p.display_name == "Final Editor"
    again = p.to_json_dict()
    assert parse_profile(again) == p
    assert again["delegation"]["taskTimeoutSeconds"] == 600  # defaults fill what was left out


def test_minimal_profile_takes_defaults() -> None:
    p = parse_profile({"id": "tiny", "displayName": "Tiny", "tools": {"allow": ["workspace.finish"]}})
    assert p.model.mode == "requiresConfiguration"
    assert p.workspace.visible_roots == ["output", "scratch", "plan", "summaries", "persist"]
    assert p.run.direct_runnable and p.context.chat_history_messages == -1


def test_builtin_profiles_are_valid() -> None:
    ids = {p.id for p in builtin_profiles()}
    assert {"writer", "editor", "finalizer", "researcher"} <= ids


@pytest.mark.parametrize(
    ("over", "code"),
    [
        ({"id": "Bad Id"}, "profile.bad_id"),
        ({"kind": "something.else"}, "profile.bad_kind"),
        ({"schemaVersion": 2}, "profile.unsupported_schema_version"),
        ({"displayName": "  "}, "profile.empty_display_name"),
        ({"tools": {"allow": ["workspace.finish", "workspace.teleport"]}}, "profile.unknown_tool"),
        ({"tools": {"allow": ["workspace.finish", "task.return"]}}, "profile.task_return_not_allowed"),
        ({"tools": {"requireApproval": ["workspace.delete"]}}, "profile.unknown_tool"),
        ({"tools": {"allow": ["workspace.finish"], "requireApproval": ["workspace.write_file"]}},
         "profile.approval_for_unavailable_tool"),
        ({"delegation": {"canHandoff": False}}, "profile.handoff_not_enabled"),
        ({"delegation": {"canDelegate": False}}, "profile.delegate_not_enabled"),
        ({"delegation": {"allowAsHandoffTarget": False, "allowAsSubagent": False}}, "profile.callable_without_role"),
        ({"delegation": {"allowedCallers": ["Not An Id"]}}, "profile.bad_allowed_caller"),
        ({"tools": {"allow": ["workspace.read_file"]}}, "profile.no_stage_exit"),
        ({"model": {"connection": ""}}, "profile.model_connection_missing"),
        ({"model": {"model": None}}, "profile.model_name_missing"),
        ({"workspace": {"writableRoots": ["output", "secret"]}}, "profile.writable_root_not_visible"),
        ({"workspace": {"visibleRoots": ["../up"], "writableRoots": []}}, "profile.bad_workspace_root"),
        ({"tools": {"maxRounds": 0}}, "profile.value_out_of_range"),
        ({"model": {"mode": "magic"}}, "profile.invalid_value"),
        ({"surprise": True}, "profile.unknown_field"),
        ({"delegation": {"canHandof": True}}, "profile.unknown_field"),
    ],
)
def test_each_rule_has_its_code(over: dict[str, Any], code: str) -> None:
    assert code in codes(profile_dict("agent", **over))


def test_unknown_fields_are_reported_with_their_path() -> None:
    _, diagnostics = validate_profile(profile_dict("agent", delegation={"canHandof": True}))
    assert [(d.code, d.path) for d in diagnostics] == [("profile.unknown_field", "delegation.canHandof")]


def test_all_rule_diagnostics_are_reported_at_once() -> None:
    found = codes(profile_dict("Bad Id", tools={"allow": ["workspace.read_file", "task.return"]},
                               workspace={"writableRoots": ["elsewhere"]}))
    assert {"profile.bad_id", "profile.task_return_not_allowed", "profile.no_stage_exit",
            "profile.writable_root_not_visible"} <= set(found)


def test_a_handoff_target_need_not_be_direct_runnable_or_finish() -> None:
    # It passes the work on instead: a handoff path is an exit, as finish is.
    p = parse_profile(profile_dict("mid", tools={"allow": ["workspace.read_file", "agent.handoff"]},
                                   run={"directRunnable": False},
                                   delegation={"canHandoff": True, "canDelegate": False}))
    assert not p.run.direct_runnable


def test_bad_json_and_non_objects_name_the_problem() -> None:
    with pytest.raises(ProfileError) as err:
        parse_profile_text("{oops", source="mine.json")
    assert err.value.code == "profile.invalid_json" and "mine.json" in str(err.value)
    assert codes([1, 2]) == ["profile.not_an_object"]
    assert json.loads(json.dumps(ISSUE_EXAMPLE)) == ISSUE_EXAMPLE


@pytest.mark.parametrize(
    ("over", "code"),
    [
        ({"handoffIn": {"toolNameOverride": "has space"}}, "profile.bad_tool_name"),
        ({"handoffIn": {"inputSchema": {"type": "array"}}}, "profile.invalid_input_schema"),
        ({"handoffIn": {"inputSchema": {"type": "object", "properties": {"a": {"type": "nope"}}}}},
         "profile.invalid_input_schema"),
        ({"handoffIn": {"historyMode": "everything"}}, "profile.invalid_value"),
        ({"delegation": {"handoffToolStyle": "many"}}, "profile.invalid_value"),
    ],
)
def test_handoff_option_rules(over: dict[str, Any], code: str) -> None:
    assert code in codes(profile_dict("agent", **over))
