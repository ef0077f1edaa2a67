""""What the model sees" for a profile: its assembled system prompt and tool specs, built by the
runtime's own prompt assembly for a root invocation of this profile among the current catalog."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from relay_studio.domain.enums import ExitPolicy, InvocationKind
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.context import InvocationState, RunContext, RunSettings
from relay_studio.runtime.host_bridge import HostBridge
from relay_studio.runtime.prompts import system_prompt
from relay_studio.runtime.tools.registry import surface
from relay_studio.runtime.workspace import RunWorkspace
from relay_studio.store.database import Database


def model_view(profile: AgentProfile, catalog: dict[str, AgentProfile], db: Database, bridge: HostBridge) -> str:
    """The system prompt and the tools, as the runtime would send them to this agent's first call."""
    profiles = {**catalog, profile.id: profile}
    scratch = Path(tempfile.gettempdir()) / "relay-studio-preview"
    run = RunContext(run_id="preview", chat_id="preview", db=db, workspace=RunWorkspace(scratch), profiles=profiles,
                     provider_for=lambda _p: None,  # type: ignore[arg-type, return-value]
                     bridge=bridge, chat_persist=scratch / "persist", settings=RunSettings())
    inv = InvocationState(id="preview", profile=profile, kind=InvocationKind.ROOT,
                          exit_policy=ExitPolicy.RUN_FINISH_ALLOWED, depth=0, parent_id=None)
    prompt = system_prompt(run, inv)
    tools = [tool.spec.schema() for tool in surface(run, inv).values()]
    parts = ["SYSTEM PROMPT", "=" * 13, prompt, "", f"TOOLS ({len(tools)})", "=" * 9]
    for tool in tools:
        parts += [f"{tool.name}: {tool.description}", json.dumps(tool.parameters, indent=2), ""]
    return "\n".join(parts)


def generated_default(profile: AgentProfile, catalog: dict[str, AgentProfile], db: Database,
                      bridge: HostBridge) -> str:
    """The prompt the runtime generates when ``systemPrompt`` is left empty."""
    data = profile.to_json_dict()
    data["instructions"] = {**data.get("instructions", {}), "systemPrompt": None, "taskPrompt": None}
    return model_view(AgentProfile.model_validate(data), catalog, db, bridge).split("\n\nTOOLS (")[0].split(
        "=" * 13 + "\n", 1)[-1]
