"""Starting points for a new agent: data built from the built-in profiles, not code in widgets.

Each template builds one or more portable profile dicts (``AgentProfile`` JSON) with ids unique
against the profiles that exist. New agents use the default connection (``model.mode = "default"``),
so they run as soon as the creator has any connection. The "relay" template builds several stages
that hand off to each other: each later stage accepts only the stage before it, and each earlier
stage declares the next one (``handoff.next``), so the runtime hands its draft on even when its model
answers in plain text.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import PROFILE_KIND, SCHEMA_VERSION, AgentProfile
from relay_studio.runtime.profile_catalog import builtin_profiles

_SLUG = re.compile(r"[^a-z0-9_-]+")


@dataclass(frozen=True)
class Template:
    """One starting point: ``build(name, taken ids)`` gives the profile dicts to create, first one first."""

    key: str
    label: str
    description: str
    build: Callable[[str, set[str]], list[dict[str, Any]]]
    default_name: str


def slug(name: str, fallback: str = "agent") -> str:
    """A profile id from a display name: lowercase letters, digits, '-' and '_' (1-64 characters)."""
    text = _SLUG.sub("-", name.strip().lower()).strip("-_")[:56].strip("-_")
    return text or fallback


def unique_id(base: str, taken: set[str]) -> str:
    """``base``, else ``base-2``, ``base-3``, … (never one in ``taken``); adds it to ``taken``."""
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


def _builtin(profile_id: str) -> dict[str, Any]:
    profiles: dict[str, AgentProfile] = {p.id: p for p in builtin_profiles()}
    return copy.deepcopy(profiles[profile_id].to_json_dict())


def _fresh(data: dict[str, Any], name: str, taken: set[str]) -> dict[str, Any]:
    """A copy on the default connection, with its own id and display name."""
    data = copy.deepcopy(data)
    data["id"] = unique_id(slug(name), taken)
    data["displayName"] = name.strip() or "New agent"
    model = data.setdefault("model", {})
    model.update(mode="default", connection=None, model=None)
    return data


def _blank(name: str, taken: set[str]) -> list[dict[str, Any]]:
    data: dict[str, Any] = {
        "schemaVersion": SCHEMA_VERSION, "kind": PROFILE_KIND, "id": "", "displayName": "",
        "description": "",
        "tools": {"allow": [tn.WORKSPACE_LIST_FILES, tn.WORKSPACE_READ_FILE, tn.WORKSPACE_WRITE_FILE,
                            tn.WORKSPACE_COMMIT, tn.WORKSPACE_FINISH]},
    }
    return [_fresh(data, name, taken)]


def _without_helpers(data: dict[str, Any]) -> dict[str, Any]:
    """The built-in writer asks the built-in researcher, which takes tasks from it alone: a new agent
    starts without helpers (ticking "May ask helpers" brings the tools back)."""
    data["tools"]["allow"] = [t for t in data["tools"]["allow"] if t not in (tn.AGENT_DELEGATE, tn.AGENT_AWAIT)]
    data["delegation"]["canDelegate"] = False
    return data


def _from_builtin(profile_id: str, *, helper: bool = False) -> Callable[[str, set[str]], list[dict[str, Any]]]:
    def build(name: str, taken: set[str]) -> list[dict[str, Any]]:
        data = _without_helpers(_fresh(_builtin(profile_id), name, taken))
        if helper:  # any agent that delegates may ask it, not only the built-in writer
            data["delegation"]["allowedCallers"] = ["*"]
        return [data]

    return build


def _director(name: str, taken: set[str]) -> list[dict[str, Any]]:
    """A director that asks the built-in reviewers, with its own Skill writer (which takes tasks from it alone,
    as the built-in one does from the built-in director)."""
    director = _fresh(_builtin("director"), name, taken)
    skill_writer = _fresh(_builtin("skill-writer"), f"{name.strip() or 'Director'} skill writer", taken)
    skill_writer["delegation"]["allowedCallers"] = [director["id"]]
    return [director, skill_writer]


#: The stages of the relay preset: (built-in it starts from, the name's suffix).
RELAY_STAGES: tuple[tuple[str, str], ...] = (("writer", "writer"), ("editor", "editor"), ("finalizer", "finalizer"))


def _relay(name: str, taken: set[str]) -> list[dict[str, Any]]:
    """Writer -> editor -> finalizer under one name; each later stage accepts only the stage before, and
    each earlier one declares the next (``handoff.next``)."""
    base = name.strip() or "Relay"
    stages = [_without_helpers(_fresh(_builtin(builtin), f"{base} {suffix}", taken))
              for builtin, suffix in RELAY_STAGES]
    for before, after in itertools.pairwise(stages):
        after["delegation"]["allowedCallers"] = [before["id"]]
        after["handoffIn"] = {**after.get("handoffIn", {}), "enabled": True}
    writer, editor, finalizer = stages
    writer["handoff"] = {**writer.get("handoff", {}), "next": editor["id"]}
    editor["handoff"] = {**editor.get("handoff", {}), "next": finalizer["id"]}
    writer["instructions"]["taskPrompt"] = (
        "Write a complete first draft of what the creator asks for into output/main.md and commit it. Then hand "
        f"it to {editor['displayName']} with agent_handoff: in the objective, say what to improve; in the "
        "context summary, what you wrote and what must stay.")
    editor["instructions"]["taskPrompt"] = (
        "Read output/main.md and revise the draft for structure, clarity and voice, keeping what the brief says "
        f"must stay. Write the revision back to output/main.md and commit it. Then hand it to "
        f"{finalizer['displayName']} with agent_handoff: in the objective, say what the final polish should look at.")
    return stages


TEMPLATES: tuple[Template, ...] = (
    Template("blank", "A blank agent", "Reads and writes files, commits its answer and finishes. Nothing else.",
             _blank, "New agent"),
    Template("writer", "A writer", "Drafts what the creator asks for, then hands the draft on.",
             _from_builtin("writer"), "Writer"),
    Template("editor", "An editor", "Revises a draft for structure, clarity and voice, then hands it on.",
             _from_builtin("editor"), "Editor"),
    Template("finalizer", "A finalizer", "Polishes the text, commits the final message and finishes.",
             _from_builtin("finalizer"), "Finalizer"),
    Template("helper", "A helper", "Does side tasks other agents delegate (background, facts) and reports back.",
             _from_builtin("researcher", helper=True), "Helper"),
    Template("director", "A director (reviews before it writes)",
             "Reads the story library and the rulebooks, has each draft checked by the consistency reviewer before "
             "writing it, and writes only changes you approve.", _director, "Director"),
    Template("relay", "A relay (writer → editor → finalizer)",
             "Three agents set up to hand off to each other, all created at once.", _relay, "Story"),
)


def template(key: str) -> Template:
    for t in TEMPLATES:
        if t.key == key:
            return t
    raise KeyError(key)


def build(key: str, name: str, existing: Iterable[str]) -> list[dict[str, Any]]:
    """The profile dicts ``key`` creates under ``name``, with ids not in ``existing``."""
    return template(key).build(name, set(existing))
