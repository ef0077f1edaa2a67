"""Limits that leave a way out: past ``maxToolCalls``, ``maxRounds`` or the run's ``maxTotalRounds`` an
agent may still close its part (write its deliverable under ``output/``, commit, finish, hand off, report
back), and is told exactly which calls remain. The loop asks here before each round and each tool call.
"""

from __future__ import annotations

from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import EventLevel
from relay_studio.domain.messages import Message, ToolCall
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.dispatch import parse_arguments
from relay_studio.runtime.errors import (
    CLOSING_CALLS_EXHAUSTED,
    ROUND_BUDGET_EXHAUSTED,
    ROUND_LIMIT_REACHED,
    TOOL_CALL_LIMIT_REACHED,
    ToolError,
)
from relay_studio.runtime.tools.base import Tool
from relay_studio.runtime.workspace import normalize

#: Past a limit (maxToolCalls, maxRounds, the run's maxTotalRounds) an agent may still close its part:
#: at most this many closing calls after its last allowed tool call ...
CLOSING_CALLS = 3
#: ... and this many model rounds after its last allowed round (the run's budget: this many in all).
CLOSING_ROUNDS = 2
#: The calls that end or publish a part; with a write of the deliverable, the only ones that still run past
#: a limit.
CLOSING_TOOLS = frozenset({tn.WORKSPACE_COMMIT, tn.WORKSPACE_FINISH, tn.AGENT_HANDOFF, tn.TASK_RETURN})
#: Writing the deliverable is a closing call too: a file write under this root (what workspace_commit
#: publishes), so an agent that spent its calls reading can still write its answer, then commit it.
DELIVERABLE_ROOT = "output"
DELIVERABLE_WRITES = frozenset({tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH})


def _canonical(name: str, tools: dict[str, Tool]) -> str:
    tool = tools.get(name)
    return tool.spec.name if tool is not None else tn.ALIAS_TO_CANONICAL.get(name, name)


def _writes_deliverable(inv: InvocationState) -> bool:
    return DELIVERABLE_ROOT in inv.profile.workspace.writable_roots


def _is_closing(inv: InvocationState, call: ToolCall, tools: dict[str, Tool]) -> bool:
    canonical = _canonical(call.name, tools)
    if canonical in CLOSING_TOOLS:
        return True
    tool = tools.get(call.name)
    if canonical not in DELIVERABLE_WRITES or tool is None or not _writes_deliverable(inv):
        return False
    try:
        path = normalize(parse_arguments(call, tool).get("path"))
    except ToolError:
        return False
    return path.startswith(DELIVERABLE_ROOT + "/")


def _closing_names(inv: InvocationState, tools: dict[str, Tool]) -> list[str]:
    """The tools that still run past a limit, in profile order (the writes only under ``output/``)."""
    writes = _writes_deliverable(inv)
    return [name for name, tool in tools.items()
            if tool.spec.name in CLOSING_TOOLS or (writes and tool.spec.name in DELIVERABLE_WRITES)]


def _closing_options(inv: InvocationState, tools: dict[str, Tool], left: int | None = None) -> str:
    """Which calls remain past a limit, in the agent's words (``left``: how many closing calls)."""
    names = _closing_names(inv, tools)
    in_text = " You may also answer in plain text." if inv.answers_in_text else ""
    if not names:
        return "No calls remain for you." + in_text
    listed = ", ".join(f"{name} (under {DELIVERABLE_ROOT}/)" if tools[name].spec.name in DELIVERABLE_WRITES
                       else name for name in names)
    if left is None:
        return f"Only these calls still run: {listed}.{in_text}"
    plural = "s" if left != 1 else ""
    return f"You can still make {left} closing call{plural}, and only these: {listed}.{in_text}"


def _told(run: RunContext, inv: InvocationState, limit: str, value: int, tools: dict[str, Tool]) -> bool:
    """Journals, once per agent and limit, that the limit was reached; True the first time."""
    if limit in inv.limits_told:
        return False
    inv.limits_told.add(limit)
    closing = _closing_names(inv, tools)
    allowance = CLOSING_CALLS if limit == "maxToolCalls" else CLOSING_ROUNDS
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.AGENT_LIMIT_REACHED,
                 {"agentId": inv.profile.id, "limit": limit, "value": value, "closingCalls": closing,
                  "allowance": allowance}, invocation_id=inv.id, level=EventLevel.WARNING)
    return True


def _round_limit(run: RunContext, inv: InvocationState, rounds: int, total: int) -> tuple[str, str, str] | None:
    """The round limit that ``rounds`` of this agent (``total`` in the run) are past: (code, limit, words)."""
    own, budget = inv.profile.tools.max_rounds, run.settings.max_total_rounds
    if rounds > own:
        return ROUND_LIMIT_REACHED, "maxRounds", f"you have used all {own} rounds allowed for your part"
    if total > budget:
        return (ROUND_BUDGET_EXHAUSTED, "maxTotalRounds",
                f"together, the agents working on this request have used all {budget} rounds it may take")
    return None


def refusal(run: RunContext, inv: InvocationState, call: ToolCall, tools: dict[str, Tool]) -> ToolError | None:
    """Past a limit only closing calls run, and only a few of them; anything else is refused, saying
    exactly which calls remain."""
    closing = _is_closing(inv, call, tools)
    limit = inv.profile.tools.max_tool_calls
    if inv.tool_calls >= limit:
        _told(run, inv, "maxToolCalls", limit, tools)
        left = CLOSING_CALLS - (inv.tool_calls - limit)
        if left <= 0:
            return ToolError(
                CLOSING_CALLS_EXHAUSTED,
                f"Not run: you have used all {limit} tool calls allowed for your part and the {CLOSING_CALLS} "
                "closing calls after them, so no calls remain. Your part ends here.",
            )
        if not closing:
            return ToolError(
                TOOL_CALL_LIMIT_REACHED,
                f"Not run: you have used all {limit} tool calls allowed for your part. "
                f"{_closing_options(inv, tools, left)} Wrap up now with them.",
            )
        return None
    over = _round_limit(run, inv, inv.rounds, run.total_rounds)
    if over is not None and not closing:
        code, _limit, words = over
        return ToolError(code, f"Not run: {words}. {_closing_options(inv, tools)} End your part with them now.")
    return None


def before_round(run: RunContext, inv: InvocationState, tools: dict[str, Tool]) -> tuple[str, str] | None:
    """Before a model round: past a round limit the agent gets ``CLOSING_ROUNDS`` more rounds, told once
    which calls still run in them; after those, the failure (code, message) the stage ends with."""
    own, budget = inv.profile.tools.max_rounds, run.settings.max_total_rounds
    if inv.rounds >= own + CLOSING_ROUNDS:
        what = "without returning a result" if inv.is_child else "without finishing its part"
        return (ROUND_LIMIT_REACHED, f"{inv.profile.display_name} used all {own} rounds, and the "
                f"{CLOSING_ROUNDS} closing rounds after them, {what}.")
    if run.total_rounds >= budget + CLOSING_ROUNDS:
        return (ROUND_BUDGET_EXHAUSTED, f"The run used all {budget} model rounds it may take, and the "
                f"{CLOSING_ROUNDS} closing rounds after them.")
    over = _round_limit(run, inv, inv.rounds + 1, run.total_rounds + 1)
    if over is None:
        return None
    _code, limit, words = over
    if not _told(run, inv, limit, own if limit == "maxRounds" else budget, tools):
        return None
    left = own + CLOSING_ROUNDS - inv.rounds if limit == "maxRounds" else budget + CLOSING_ROUNDS - run.total_rounds
    plural = "s" if left != 1 else ""
    notice = (f"{words[0].upper()}{words[1:]}. {left} more round{plural} remain{'' if plural else 's'}. "
              f"{_closing_options(inv, tools)} End your part with them now.")
    inv.messages.append(Message(role="user", content=notice))
    return None
