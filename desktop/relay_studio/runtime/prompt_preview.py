"""What an agent would receive on its first call, without running it: the system prompt and the tools
that the runtime's own prompt assembly (``prompts.system_prompt``) and tool surface
(``tools.registry.surface``) give a root invocation of the profile among a catalogue.

Nothing is written: the run context exists only for the assembly, its workspace is a scratch folder,
and its model never answers (``NoModel``: the handoff targets' bindings are taken as usable, as the
preview shows what an agent is offered, not whether a connection works today). The profile editor shows this as
"What the model sees"; the preview of an unsaved profile uses the catalogue with that profile in it.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from relay_studio.domain.enums import ExitPolicy, InvocationKind
from relay_studio.domain.messages import ModelRequest, StreamEvent, ToolSchema
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.base import ModelProvider
from relay_studio.runtime.context import InvocationState, RunContext, RunSettings
from relay_studio.runtime.host_bridge import HostBridge
from relay_studio.runtime.prompts import system_prompt
from relay_studio.runtime.tools.registry import surface
from relay_studio.runtime.workspace import RunWorkspace
from relay_studio.store.database import Database
from relay_studio.store.persona import persona_name

PREVIEW_ID = "preview"


@dataclass(frozen=True)
class PromptPreview:
    """The system prompt and the tool specs, as the model would get them."""

    system_prompt: str
    tools: list[ToolSchema]


class NoModel:
    """The model of a preview: there, so that policy checks pass, but never called."""

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        raise RuntimeError("A prompt preview calls no model.")


def _no_model(_profile: AgentProfile) -> ModelProvider:
    return NoModel()


def prompt_preview(profile: AgentProfile, catalog: dict[str, AgentProfile], db: Database,
                   bridge: HostBridge) -> PromptPreview:
    """The first call of ``profile`` as a root invocation, ``profile`` replacing its namesake in ``catalog``."""
    profiles = {**catalog, profile.id: profile}
    scratch = Path(tempfile.gettempdir()) / "relay-studio-preview"
    run = RunContext(run_id=PREVIEW_ID, chat_id=PREVIEW_ID, db=db, workspace=RunWorkspace(scratch),
                     profiles=profiles, provider_for=_no_model, bridge=bridge, chat_persist=scratch / "persist",
                     settings=RunSettings())
    run.persona_name = persona_name(db)  # {{user}} as a run would fill it
    inv = InvocationState(id=PREVIEW_ID, profile=profile, kind=InvocationKind.ROOT,
                          exit_policy=ExitPolicy.RUN_FINISH_ALLOWED, depth=0, parent_id=None)
    return PromptPreview(system_prompt(run, inv), [tool.spec.schema() for tool in surface(run, inv).values()])


def generated_prompt(profile: AgentProfile, catalog: dict[str, AgentProfile], db: Database,
                     bridge: HostBridge) -> str:
    """The system prompt the runtime writes for ``profile`` when its own ``systemPrompt`` (and its
    standing instructions) are left empty: what an own prompt replaces."""
    data = profile.to_json_dict()
    data["instructions"] = {**data.get("instructions", {}), "systemPrompt": None, "taskPrompt": None}
    return prompt_preview(AgentProfile.model_validate(data), catalog, db, bridge).system_prompt
