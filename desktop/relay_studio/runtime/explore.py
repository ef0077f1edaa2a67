"""Explore runs are read only, whatever their profiles allow (``docs/explore.md``).

The agent of an Explore chat sees only the read tools (``tool_names.EXPLORE_TOOLS``, filtered in
``InvocationState.surface``); hiding is not the guard. ``dispatch`` asks ``refusal`` before any tool runs,
so a write, a commit, a finish, a handoff or a delegation called by name is refused with
``explore.read_only`` even when the tool is on the surface it was given.
"""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.messages import ToolCall
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool

#: Prefix of the per-target handoff tools (``transfer_to_<agent>``), which have no canonical name of their own.
_TRANSFER_PREFIX = "transfer_to_"
_PASSING_ON = frozenset({tn.AGENT_HANDOFF, tn.AGENT_DELEGATE, tn.AGENT_AWAIT, tn.AGENT_LIST, tn.TASK_RETURN})
_ENDINGS = frozenset({tn.WORKSPACE_COMMIT, tn.WORKSPACE_FINISH})


def canonical_name(call: ToolCall, tools: dict[str, Tool]) -> str | None:
    """The canonical tool a call names (None: no tool of that name exists)."""
    name = call.name if isinstance(call.name, str) else ""
    tool = tools.get(name)
    if tool is not None:
        return tool.spec.name  # a transfer_to_<agent> tool is agent.handoff
    if name in tn.ALL_TOOLS:
        return name
    if name.startswith(_TRANSFER_PREFIX):
        return tn.AGENT_HANDOFF
    return tn.ALIAS_TO_CANONICAL.get(name)


def refusal(call: ToolCall, tools: dict[str, Tool]) -> ToolError | None:
    """The refusal of a call an Explore run may not make, or None for a read tool (or an unknown name,
    which dispatch answers as unknown)."""
    canonical = canonical_name(call, tools)
    if canonical is None or canonical in tn.EXPLORE_TOOLS:
        return None
    shown = call.name if canonical == tn.AGENT_HANDOFF and call.name.startswith(_TRANSFER_PREFIX) \
        else tn.alias(canonical)
    if canonical in _ENDINGS:
        what = "publish or finish anything: your plain-text reply is the answer the creator reads"
    elif canonical in _PASSING_ON:
        what = "pass work to other agents"
    else:
        what = "change any file, story library entry or Skill"
    return ToolError(
        codes.EXPLORE_READ_ONLY,
        f"{shown} is not available in an exploration: here you can only read and search, and you cannot "
        f"{what}. Answer the creator in plain text.",
    )
