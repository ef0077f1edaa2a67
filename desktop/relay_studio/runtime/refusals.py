"""A stage whose tool calls keep being refused: the studio takes its text or draft and ends its part.

On llama-cpp-python's server Gemma 3 270M made 18 refused ``workspace_write_file`` calls in 16 minutes
(``tool.invalid_arguments``), 50 to 110 s each, one call a turn, and the relay never ended (issue 37).
After ``REFUSED_IN_A_ROW`` turns in a row whose every call was refused (a model that sends three bad
calls in one turn and then corrects itself keeps its turn) the loop asks here what the stage made (docs/runtime.md,
*Refused tool calls*): its newest plain text, else the longest text it tried to write; the declared next
stage takes that (or the stage's last valid draft) over, a last stage ends on it, and with nothing at all
the agent is told once to answer in plain text; a second such streak fails the stage.
"""

from __future__ import annotations

import json
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import EventLevel
from relay_studio.domain.messages import Message, ToolCall
from relay_studio.runtime.context import InvocationState, RunContext

#: turns in a row whose every tool call was refused, after which the studio steps in
REFUSED_IN_A_ROW = 3
#: the shortest argument string taken as text the agent tried to write
MIN_TEXT_CHARS = 20
#: what the agent is told when there is nothing to take on (model-facing: the agent's own view)
ASK_FOR_TEXT = (
    "Your tool calls were refused or changed nothing {n} times in a row. Stop calling tools: reply with "
    "your text in plain text now, and it is passed on for you."
)


#: a call that ran but changed nothing: an empty write (Gemma 270M wrote output/main.md empty again and
#: again), or a commit of what the chat already has (``loop._commit``)
UNCHANGED = "unchanged"


def outcome(call: ToolCall, error_code: str | None, result: str) -> str | None:
    """What one call counts as: its error code, ``UNCHANGED``, or None for a call that did something."""
    if error_code is not None:
        return error_code
    name = tn.ALIAS_TO_CANONICAL.get(call.name, call.name)
    if name == tn.WORKSPACE_WRITE_FILE and not str(_arguments(call).get("content") or "").strip():
        return UNCHANGED
    if name == tn.WORKSPACE_COMMIT and "nothing changed since" in result:
        return UNCHANGED
    return None


def count(inv: InvocationState, outcomes: list[str | None]) -> None:
    """One turn's calls (``outcome`` of each): a turn whose every call was refused or changed nothing
    lengthens the streak, a call that did something ends it; the creator's own "no" in the patch dialog is
    a decision, not a mistake, and counts as neither."""
    judged = [o for o in outcomes if o != codes.TOOL_REJECTED_BY_USER]
    if not judged:
        return
    inv.refused_in_row = inv.refused_in_row + 1 if all(judged) else 0


def due(inv: InvocationState) -> bool:
    """A relay stage (one with a declared next stage or a finish of its own) at the limit; agents that
    talk with the creator (a Director) keep their turn: a refusal there is part of the conversation."""
    relay_stage = inv.profile.handoff.next is not None or tn.WORKSPACE_FINISH in inv.surface()
    return (inv.refused_in_row >= REFUSED_IN_A_ROW and relay_stage and not inv.is_child
            and not inv.read_only)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _arguments(call: ToolCall) -> dict[str, Any]:
    try:
        parsed = json.loads(call.arguments or "{}")
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _written(call: ToolCall) -> list[str]:
    """The strings of a write call's arguments (raw JSON that failed validation still parses often)."""
    if tn.ALIAS_TO_CANONICAL.get(call.name, call.name) not in (tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH):
        return []
    try:
        return _strings(json.loads(call.arguments or "{}"))
    except ValueError:
        return []


def stage_text(inv: InvocationState) -> str:
    """The stage's newest non-empty plain text, else the longest text it tried to write ("" if none)."""
    own = [m for m in inv.messages[inv.input_count:] if m.role == "assistant"]
    for message in reversed(own):
        if message.content.strip():
            return message.content
    tried = [s for m in own for c in m.tool_calls for s in _written(c) if len(s.strip()) >= MIN_TEXT_CHARS]
    return max(tried, key=len) if tried else ""


def journal(run: RunContext, inv: InvocationState, outcome: str, text: str) -> None:
    """``tool_calls_refused``: how many, the refusals' codes, and what the studio did (``outcome``:
    ``handed_on``, ``answered``, ``answer_stands``, ``asked_for_text``, ``failed``)."""
    refused = [m for m in inv.messages[inv.input_count:] if m.role == "tool" and m.is_error]
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.TOOL_CALLS_REFUSED,
                 {"agentId": inv.profile.id, "refused": inv.refused_in_row, "outcome": outcome,
                  "textChars": len(text), "lastErrors": [m.content for m in refused[-REFUSED_IN_A_ROW:]]},
                 invocation_id=inv.id, level=EventLevel.WARNING)


def ask_for_text(inv: InvocationState) -> Message:
    return Message(role="user", content=ASK_FOR_TEXT.format(n=inv.refused_in_row))
