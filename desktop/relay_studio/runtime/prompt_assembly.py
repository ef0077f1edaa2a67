"""What an agent's prompt is assembled from, journaled as ``prompt_assembly_requested`` when its stage
starts, right before the Skills and story library are resolved and ``context_assembled`` records the
result (docs/runtime.md, "Handoff": the seed's event order, and why this journals it for every agent).

``parts`` names the pieces in the order the prompt holds them: first the system prompt's
(``systemPrompt`` or ``generatedIntroduction``, ``howYouWork``, ``taskPrompt``, ``skills``,
``canon``, ``storyLibrary``; a reviewer's ``answerSchema``), then the input's (``chatHistory``, ``creatorMessage``,
``earlierStages``, ``conversationSummary``, ``brief``, ``task``). ``canon``, ``skills`` and ``storyLibrary``
are asked for, not yet found: ``canon_facts_included``, ``skill_scopes_resolved`` and ``library_entries_included``
say what they held.
"""

from __future__ import annotations

from typing import Any

from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import InvocationKind
from relay_studio.domain.profile import HistoryMode
from relay_studio.runtime.canon_access import has_canon
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.delegation.edges import effective
from relay_studio.store.database import Transaction


def _handoff_options(run: RunContext, inv: InvocationState) -> tuple[HistoryMode, bool]:
    """The history mode and ``removeToolItems`` the stage's input was built with (as the executor built it)."""
    source = run.invocations.get(inv.parent_id or "")
    edge = run.edges.get((source.profile.id, inv.profile.id)) if source is not None else None
    options = effective(inv.profile, edge)
    return options.history_mode, options.remove_tool_items


def _history(run: RunContext, inv: InvocationState) -> tuple[HistoryMode, bool | None]:
    """How the stage's input came about (and ``removeToolItems``, for a handoff target only): a handoff
    target's own mode; a root's input is the chat input (what ``snapshot`` gives a target, without a
    brief), a helper's only its task (``briefOnly``)."""
    if inv.kind is InvocationKind.HANDOFF:
        return _handoff_options(run, inv)
    return ("briefOnly" if inv.kind is InvocationKind.SUBAGENT else "snapshot"), None


def system_parts(run: RunContext, inv: InvocationState) -> list[str]:
    """The pieces ``prompts.system_prompt`` puts together for this agent, in its order."""
    instructions = inv.profile.instructions
    parts = ["generatedIntroduction" if instructions.system_prompt is None else "systemPrompt", "howYouWork"]
    if instructions.task_prompt and instructions.task_prompt.strip():
        parts.append("taskPrompt")
    if has_canon(run):
        parts.append("canon")
    if tn.SKILL_READ in inv.surface():
        parts.append("skills")
    if run.project_id is not None and run.project_dir is not None and inv.profile.context.library_budget_tokens > 0:
        parts.append("storyLibrary")
    return parts


def input_parts(inv: InvocationState, mode: HistoryMode) -> list[str]:
    """The pieces of the stage's first messages (``delegation/history.py`` for a handoff target)."""
    if inv.kind is InvocationKind.SUBAGENT:
        return ["task"]
    if inv.kind is InvocationKind.ROOT:
        return [*(["chatHistory"] if len(inv.messages) > 1 else []), "creatorMessage"]
    if mode == "snapshot":
        return [*(["chatHistory"] if len(inv.messages) > 2 else []), "creatorMessage", "brief"]
    if mode == "fullHistory":
        return [*(["earlierStages"] if len(inv.messages) > 1 else []), "brief"]
    if mode == "nestedSummary":
        return ["conversationSummary", "brief"]
    return ["brief"]


def _history_left_out(run: RunContext, inv: InvocationState, mode: HistoryMode) -> dict[str, int]:
    """``chatHistoryLeftOut`` and ``chatHistoryLimit``: how many of the chat's earlier messages the stage's
    input left out, by its profile's ``chatHistoryMessages`` (only where the input holds chat history)."""
    if inv.kind is InvocationKind.ROOT:
        kept = len(inv.messages) - 1
    elif inv.kind is InvocationKind.HANDOFF and mode == "snapshot":
        kept = len(inv.messages) - 2
    else:
        return {}
    left_out = max(0, len(run.chat_input.history) - max(kept, 0))
    return {"chatHistoryLeftOut": left_out, "chatHistoryLimit": inv.profile.context.chat_history_messages}


def request_assembly(tx: Transaction, run: RunContext, inv: InvocationState, *,
                     system: list[str] | None = None) -> None:
    """Journals ``prompt_assembly_requested`` for ``inv`` (``system``: the system prompt's pieces when the
    prompt is not ``prompts.system_prompt``'s, as a reviewer's)."""
    mode, remove_tool_items = _history(run, inv)
    payload: dict[str, Any] = {"agentId": inv.profile.id, "kind": inv.kind.value, "historyMode": mode}
    if remove_tool_items is not None:
        payload["removeToolItems"] = remove_tool_items
    payload["parts"] = [*(system_parts(run, inv) if system is None else system), *input_parts(inv, mode)]
    payload.update(_history_left_out(run, inv, mode))
    tx.event(run.run_id, ev.PROMPT_ASSEMBLY_REQUESTED, payload, invocation_id=inv.id)
