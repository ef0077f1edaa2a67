"""All model-visible tools, and the surface one invocation sees."""

from __future__ import annotations

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.delegation.edges import effective
from relay_studio.runtime.delegation.policy import available_targets
from relay_studio.runtime.tools import (
    agent_await,
    agent_delegate,
    agent_handoff,
    agent_list,
    canon_propose,
    knowledge_search,
    library_create,
    library_list,
    library_read,
    library_search,
    library_update,
    review_consistency,
    review_rules,
    skill_create,
    skill_read,
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
from relay_studio.runtime.tools.transfer_to_agent import transfer_tool

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
        library_list,
        library_read,
        library_search,
        library_create,
        library_update,
        skill_read,
        skill_create,
        knowledge_search,
        review_consistency,
        review_rules,
        canon_propose,
    )
}

assert set(TOOLS) == set(tn.ALL_TOOLS), "every canonical tool name needs its module"


def surface(run: RunContext, inv: InvocationState) -> dict[str, Tool]:
    """The tools this invocation may call now, keyed by the name the model uses.

    Evaluated at every model call: with ``perTarget`` handoffs, one ``transfer_to_<agent>`` tool per
    target that is enabled at this moment replaces ``agent_handoff``.
    """
    tools: dict[str, Tool] = {}
    for name in inv.surface():
        if name == tn.AGENT_HANDOFF and inv.profile.delegation.handoff_tool_style == "perTarget":
            for target in available_targets(run, inv, "handoff"):
                tool = transfer_tool(target, effective(target, run.edges.get((inv.profile.id, target.id))))
                tools[tool.spec.alias] = tool
            continue
        tools[TOOLS[name].spec.alias] = TOOLS[name]
    return tools
