"""From a model's tool call to a tool result: name lookup, permission, JSON arguments, execution.

Everything the model can get wrong ends as a recoverable ``ToolError``; only a broken host contract
(an unexpected exception inside tool code) escapes, as ``FatalRunError``.
"""

from __future__ import annotations

import asyncio

from relay_studio.domain import error_codes as codes
from relay_studio.domain import json_input
from relay_studio.domain import tool_names as tn
from relay_studio.domain.messages import ToolCall
from relay_studio.runtime import explore
from relay_studio.runtime.approval import FILE_WRITERS, needs_approval, request_approval
from relay_studio.runtime.context import ToolContext
from relay_studio.runtime.effects import ToolResult
from relay_studio.runtime.errors import FatalRunError, ToolError, disk_full_failure
from relay_studio.runtime.review import gate
from relay_studio.runtime.tools.base import Tool
from relay_studio.runtime.workspace import FILE_SYSTEM_ERROR


def _your_tools(tools: dict[str, Tool]) -> str:
    return ", ".join(sorted(tools)) or "none"


def resolve(call: ToolCall, tools: dict[str, Tool], *, is_child: bool) -> Tool:
    name = call.name if isinstance(call.name, str) else ""
    if name in tools:
        return tools[name]
    canonical = tn.ALIAS_TO_CANONICAL.get(name) or (name if name in tn.ALL_TOOLS else None)
    if canonical is None:
        shown = name[:80] if name.isprintable() else name[:80].encode("unicode_escape").decode()
        raise ToolError(codes.TOOL_UNKNOWN, f"There is no tool named '{shown}'. Your tools are: {_your_tools(tools)}.")
    tool = tools.get(tn.alias(canonical))
    if tool is not None:
        return tool
    if is_child and canonical in (tn.WORKSPACE_COMMIT, tn.WORKSPACE_FINISH):
        raise ToolError(
            codes.AGENT_CHILD_CANNOT_COMMIT,
            "You are working on a delegated task, so you cannot publish to the chat or finish the run. "
            "Report back with task_return instead.",
        )
    if is_child and canonical in tn.CHILD_FORBIDDEN:
        raise ToolError(
            codes.AGENT_CHILD_CANNOT_DELEGATE,
            "You are working on a delegated task, so you cannot pass work to other agents. "
            "Report back with task_return instead.",
        )
    raise ToolError(
        codes.TOOL_NOT_ALLOWED, f"{tn.alias(canonical)} is not one of your tools. Your tools are: {_your_tools(tools)}."
    )


def parse_arguments(call: ToolCall, tool: Tool) -> dict[str, object]:
    raw = call.arguments if isinstance(call.arguments, str) else ""
    if not raw.strip():
        return {}
    try:
        # within json_input's limits: arguments nested past the recursion limit, or an integer of over 4,300
        # digits, ended the run (RecursionError, ValueError) instead of telling the agent
        value = json_input.loads(raw, "arguments")
    except json_input.InputRejected as exc:
        raise ToolError(codes.TOOL_INVALID_ARGUMENTS, _argument_problem(tool.spec.alias, exc)) from None
    if not isinstance(value, dict):
        raise ToolError(
            codes.TOOL_INVALID_ARGUMENTS, f"The arguments for {tool.spec.alias} must be a JSON object."
        )
    return value


def _argument_problem(alias: str, exc: json_input.InputRejected) -> str:
    if exc.code == json_input.TOO_DEEP:
        return (f"The arguments for {alias} are nested more than {json_input.MAX_DEPTH} levels deep. "
                "Send one flatter JSON object.")
    if exc.code == json_input.NUMBER_TOO_LARGE:
        return (f"The arguments for {alias} hold a number that is too large (more than "
                f"{json_input.MAX_INT_DIGITS} digits, or not a number JSON allows). Send it as text instead.")
    detail = exc.message.partition("): ")[2].rstrip(".") or "not JSON"
    return f"The arguments for {alias} are not valid JSON ({detail}). Send one JSON object."


async def dispatch(ctx: ToolContext, call: ToolCall, tools: dict[str, Tool]) -> ToolResult:
    """Runs one call; raises ``ToolError`` (recoverable) or ``FatalRunError`` (fails the run)."""
    if ctx.run.explore:  # read only, whatever the profile allows: checked before anything else
        refused = explore.refusal(call, tools)
        if refused is not None:
            raise refused
    tool = resolve(call, tools, is_child=ctx.inv.is_child)
    args = parse_arguments(call, tool)
    try:
        gate.check_write(ctx.run, ctx.inv, ctx.call_id, tool.spec.name, args)  # reviews.beforeWrite
        if needs_approval(ctx.inv, tool.spec.name) and tool.spec.name not in FILE_WRITERS:
            await request_approval(ctx.run, ctx.inv, tool.spec.alias, call_id=ctx.call_id, arguments=args)
        result = await tool.run(ctx, args)
        result.content = gate.annotate(ctx.run, ctx.call_id, result.content)
        return result
    except (ToolError, FatalRunError, asyncio.CancelledError):
        raise
    except OSError as exc:  # the file system refused: the agent can choose another way; never a machine path
        reason = (exc.strerror or "an error of the file system").lower()
        message = f"{tool.spec.alias} could not use a file: {reason}. Try another way."
        raise ToolError(FILE_SYSTEM_ERROR, message) from None
    except Exception as exc:
        raise disk_full_failure(exc) or FatalRunError(
            codes.RUNTIME_TOOL_CRASHED, f"The tool {tool.spec.alias} failed inside Relay Studio: {exc!r}"
        ) from exc
