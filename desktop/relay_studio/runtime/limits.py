"""Limits that leave a way out: past ``maxToolCalls``, ``maxRounds`` or the run's ``maxTotalRounds`` an
agent may still close its part (commit, finish, hand off, report back), and is told exactly which calls
remain. The loop asks here before each round and each tool call.
"""

from __future__ import annotations

from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import EventLevel
from relay_studio.domain.messages import Message, ToolCall
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import (
    CLOSING_CALLS_EXHAUSTED,
    ROUND_BUDGET_EXHAUSTED,
    ROUND_LIMIT_REACHED,
    TOOL_CALL_LIMIT_REACHED,
    ToolError,
)
from relay_studio.runtime.tools.base import Tool

#: Past a limit (maxToolCalls, maxRounds, the run's maxTotalRounds) an agent may still close its part:
#: at most this many closing calls after its last allowed tool call ...
CLOSING_CALLS = 3
#: ... and this many model rounds after its last allowed round (the run's budget: this many in all).
CLOSING_ROUNDS = 2
#: The calls that end or publish a part; the only ones that still run past a limit.
CLOSING_TOOLS = frozenset({tn.WORKSPACE_COMMIT, tn.WORKSPACE_FINISH, tn.AGENT_HANDOFF, tn.TASK_RETURN})


def _canonical(name: str, tools: dict[str, Tool]) -> str:
    tool = tools.get(name)
    return tool.spec.name if tool is not None else tn.ALIAS_TO_CANONICAL.get(name, name)


def _closing_options(inv: InvocationState, tools: dict[str, Tool], left: int | None = None) -> str:
    """Which calls remain past a limit, in the agent's words (``left``: how many closing calls)."""
    names = [name for name, tool in tools.items() if tool.spec.name in CLOSING_TOOLS]
    in_text = " You may also answer in plain text." if inv.answers_in_text else ""
    if not names:
        return "No calls remain for you." + in_text
    listed = ", ".join(names)
    if left is None:
        return f"Only these calls still run: {listed}.{in_text}"
    plural = "s" if left != 1 else ""
    return f"You can still make {left} closing call{plural}, and only these: {listed}.{in_text}"


def _told(run: RunContext, inv: InvocationState, limit: str, value: int, tools: dict[str, Tool]) -> bool:
    """Journals, once per agent and limit, that the limit was reached; True the first time."""
    if limit in inv.limits_told:
        return False
    inv.limits_told.add(limit)
    closing = [name for name, tool in tools.items() if tool.spec.name in CLOSING_TOOLS]
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
    closing = _canonical(call.name, tools) in CLOSING_TOOLS
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
