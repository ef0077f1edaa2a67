"""Profile validation: one stable code per rule, every diagnostic at once, defaults for the rest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from relay_studio.domain.profile import AgentProfile, ProfileError, parse_profile, parse_profile_text, validate_profile
from relay_studio.runtime.profile_catalog import builtin_profiles
from relay_studio.store.database import Database
from relay_studio.store.profiles import ProfileStore
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


def test_a_dead_end_handoff_target_is_refused_like_a_direct_one(tmp_path: Path) -> None:
    def target(allow: tuple[str, ...] = ("workspace.read_file", "workspace.commit"), run: dict[str, Any] | None = None,
               delegation: dict[str, Any] | None = None, **rest: Any) -> dict[str, Any]:
        return profile_dict("mid", tools={"allow": list(allow)}, run={"directRunnable": False, **(run or {})},
                            delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False,
                                        **(delegation or {})}, **rest)

    # Handed the work, it could neither finish, nor hand on, nor end in text: refused at its role.
    _, problems = validate_profile(target())
    assert [(d.code, d.path) for d in problems] == [("profile.no_stage_exit", "delegation.allowAsHandoffTarget")]
    assert problems[0].message == ("A handoff target needs 'workspace.finish' or 'agent.handoff' to end its "
                                   "stage, run.endOnTextAnswer, or a next stage (handoff.next).")
    # Direct-runnable as well: one diagnostic, at the direct-run switch as before.
    _, problems = validate_profile(target(run={"directRunnable": True}))
    assert [(d.code, d.path) for d in problems] == [("profile.no_stage_exit", "run.directRunnable")]
    # Each exit makes it valid; a helper-only profile ends with task_return, so it is exempt.
    for fine in (target(allow=("workspace.read_file", "workspace.commit", "workspace.finish")),
                 target(allow=("workspace.read_file", "agent.handoff"), delegation={"canHandoff": True}),
                 target(run={"endOnTextAnswer": True}),
                 target(handoff={"next": "editor"}),
                 target(delegation={"allowAsHandoffTarget": False, "allowAsSubagent": True}),
                 target(delegation={"callable": False, "allowAsHandoffTarget": False})):
        assert validate_profile(fine)[1] == [], fine

    # One saved before the rule still loads from the store (the editor shows the problem at its field);
    # a stored profile with any other problem is still refused.
    db = Database(tmp_path / "relay.db")
    try:
        store = ProfileStore(db)
        store.save(AgentProfile.model_validate(target()))
        assert [p.id for p in store.all()] == ["mid"]
        store.save(AgentProfile.model_validate(target(id="Bad Id")))
        with pytest.raises(ProfileError) as err:
            store.all()
        assert err.value.code == "profile.bad_id"
    finally:
        db.close()


def test_importing_a_dead_end_handoff_target_names_the_rule(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(profile_dict("mid", tools={"allow": ["workspace.read_file"]},
                                            run={"directRunnable": False},
                                            delegation={"canHandoff": False, "canDelegate": False})),
                    encoding="utf-8")
    assert main(["profiles", "import", str(path), "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert "profile.no_stage_exit" in err and "delegation.allowAsHandoffTarget" in err


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
