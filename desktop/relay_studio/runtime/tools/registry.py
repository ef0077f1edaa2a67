"""All model-visible tools, and the surface one invocation sees."""

from __future__ import annotations

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.context import InvocationState
from relay_studio.runtime.tools import (
    agent_await,
    agent_delegate,
    agent_handoff,
    agent_list,
    task_return,
    workspace_apply_patch,
    workspace_commit,
    workspace_finish,
    workspace_list_files,
    workspace_read_file,
    workspace_search_files,
    workspace_write_file,
)
from relay_studio.runtime.tools.base import Tool

TOOLS: dict[str, Tool] = {
    module.TOOL.spec.name: module.TOOL
    for module in (
        agent_list,
        agent_handoff,
        agent_delegate,
        agent_await,
        task_return,
        workspace_list_files,
        workspace_search_files,
        workspace_read_file,
        workspace_write_file,
        workspace_apply_patch,
        workspace_commit,
        workspace_finish,
    )
}

assert set(TOOLS) == set(tn.ALL_TOOLS), "every canonical tool name needs its module"


def surface(inv: InvocationState) -> dict[str, Tool]:
    """The tools this invocation may call, keyed by the alias the model uses."""
    return {TOOLS[name].spec.alias: TOOLS[name] for name in inv.surface()}
