"""The loop of one invocation: model call, tool calls in order, effects applied, until it exits.

The effects tools return are applied here, and only here (``_apply``). It exits with the effect that
ended it: ``HandoffAccepted`` (the stage is transferred), ``Finish`` (the run may end), ``TaskReturned``
(a helper's report). Anything that ends the invocation otherwise raises ``InvocationFailed``.
"""

from __future__ import annotations

import asyncio
import time

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import CommitMarker, EventLevel, InvocationStatus
from relay_studio.domain.messages import Message, ModelResponse, ToolCall
from relay_studio.runtime import limits, refusals, transitions
from relay_studio.runtime.approval import propose_turn, withdraw
from relay_studio.runtime.chat_commit import DIRECT_OUTPUT, capture_text, commit_text
from relay_studio.runtime.context import InvocationState, LiveUpdate, RunContext, ToolContext
from relay_studio.runtime.delegation import handoff
from relay_studio.runtime.delegation.edges import HandoffInfo, refresh_enabled
from relay_studio.runtime.dispatch import dispatch
from relay_studio.runtime.effects import (
    CommitRequested,
    Finish,
    HandoffAccepted,
    LoopExit,
    ReviewRequested,
    TaskDelegated,
    TaskReturned,
    ToolResult,
)
from relay_studio.runtime.errors import ONLY_FIRST_HANDOFF, TOOL_CALL_REQUIRED, InvocationFailed, ToolError
from relay_studio.runtime.library_access import StageReading, stage_sections
from relay_studio.runtime.model_call import call_model
from relay_studio.runtime.next_stage import hand_on, is_sign_off, keep_note
from relay_studio.runtime.prompt_assembly import request_assembly
from relay_studio.runtime.prompts import system_prompt
from relay_studio.runtime.review.apply import apply_review
from relay_studio.runtime.tools.base import Tool
from relay_studio.runtime.tools.registry import surface
from relay_studio.store.database import Transaction


def start_and_assemble(tx: Transaction, run: RunContext, inv: InvocationState, reading: StageReading) -> None:
    """Starts an invocation and assembles its prompt from its own profile (never its caller's) and from what was
    read of its project before the transaction (``library_access.read_stage``)."""
    transitions.start_invocation(tx, run, inv)
    request_assembly(tx, run, inv)  # prompt_assembly_requested: whose prompt, its history mode, its parts
    inv.project_sections = stage_sections(tx, run, inv, reading)  # its Skills, the library entries its input mentions
    inv.system_prompt = system_prompt(run, inv)
    tx.event(
        run.run_id,
        ev.CONTEXT_ASSEMBLED,
        {
            "agentId": inv.profile.id,
            "systemPrompt": inv.system_prompt,
            "messages": [m.model_dump(mode="json", exclude_defaults=True) for m in inv.messages],
            "tools": list(surface(run, inv)),
            "sessionId": f"{run.run_id}:{inv.id}",
            # the stage keeps these sections for all its model calls, also after a resume
            **({"projectSections": inv.project_sections} if inv.project_sections else {}),
        },
        invocation_id=inv.id,
    )


def _nudge_text(inv: InvocationState, captured: str) -> str:
    tools = set(inv.surface())
    if inv.answers_in_text:  # only an empty reply is nudged: there was nothing to answer with
        how = "or report back with task_return" if inv.is_child else "or use your tools"
        return f"Your last reply was empty. Answer in plain text, {how}."
    if inv.is_child:
        how = "report back with task_return"
    elif tn.WORKSPACE_FINISH in tools:
        how = "write the reply to output/main.md, publish it with workspace_commit, then end with workspace_finish"
    else:
        how = "hand the work on with agent_handoff"
    return (
        f"Your last reply was plain text, which nobody else sees. It was saved to {captured}. "
        f"Use your tools: {how}."
    )


async def _commit(run: RunContext, inv: InvocationState, effect: CommitRequested) -> str:
    last = run.ledger.last
    if last is not None and last.real and last.path == effect.path and last.content == effect.content:
        # Gemma 270M sent 70 commits of one unchanged file in one turn: one version, not 70
        return f"{effect.path} is already in the chat as version {last.version}; nothing changed since."
    _, version = await commit_text(run, inv, effect.path, effect.content)
    return f"Committed {effect.path} to the chat (version {version})."


def _ignore(run: RunContext, inv: InvocationState, call: ToolCall, after: str) -> Message:
    withdraw(run, call.id, "the call was not run")
    if after == "handoff":
        code = codes.AGENT_TOOL_AFTER_HANDOFF
        text = (ONLY_FIRST_HANDOFF if tn.ALIAS_TO_CANONICAL.get(call.name) == tn.AGENT_HANDOFF
                else "Not run: your handoff was already accepted, so your part is complete.")
    else:
        code = codes.TOOL_AFTER[after]
        text = "Not run: your work here has already ended."
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.TOOL_CALL_IGNORED,
                 {"toolCallId": call.id, "name": call.name, "errorCode": code, "message": text},
                 invocation_id=inv.id, level=EventLevel.WARNING)
    return Message(role="tool", tool_call_id=call.id, tool_name=call.name, content=text, is_error=True)


async def _run_tool(run: RunContext, inv: InvocationState, call: ToolCall, tools: dict[str, Tool],
                    truncated: bool) -> tuple[ToolResult | None, ToolError | None]:
    if truncated:
        return None, ToolError(
            codes.MODEL_OUTPUT_TRUNCATED,
            "This tool call was cut off by the answer length limit before it was complete, so it was not run. "
            "Send it again, shorter; write long text in parts.",
        )
    refused = limits.refusal(run, inv, call, tools)
    if refused is not None:
        return None, refused
    inv.tool_calls += 1
    try:
        return await dispatch(ToolContext(run, inv, call.id), call, tools), None
    except ToolError as exc:
        return None, exc


#: what the agent is told when its plain-text reply was cut off (``finish_reason``)
CUT_OFF = {
    "length": "Your last reply was cut off at the answer length limit.",
    "deadline": "Your last reply took too long and was cut off.",
}

#: how each exit is named when later calls of the turn are not run (``_ignore``)
_ENDED_BY: dict[type, str] = {HandoffAccepted: "handoff", Finish: "finish", TaskReturned: "return"}


async def _apply(run: RunContext, inv: InvocationState, result: ToolResult) -> ToolResult:
    """Applies a tool's effect to the run: the one place a tool's outcome changes run state. Returns the
    result as the model reads it and the journal records it (some effects say what came of them)."""
    effect = result.effect
    if isinstance(effect, CommitRequested):
        return ToolResult(await _commit(run, inv, effect), effect, result.journal)
    if isinstance(effect, HandoffAccepted):
        handoff.accept(run, inv, effect)
    elif isinstance(effect, TaskDelegated):
        child = run.scheduler.delegate(inv, effect)
        return ToolResult(
            f"{effect.target.display_name} is working on {child.handle} ({child.title}). Keep working; use "
            f"agent_await with taskIds ['{child.handle}'] when you need the result.",
            effect, {"handle": child.handle, **result.journal},
        )
    elif isinstance(effect, ReviewRequested):  # the review runs as the caller's delegated task
        return await apply_review(run, inv, effect, result.journal)
    elif isinstance(effect, Finish):
        cancelled = await run.scheduler.cancel_children(inv.id)
        if cancelled:
            stopped = " Stopped unfinished helper tasks: " + ", ".join(c.handle for c in cancelled) + "."
            return ToolResult(result.content + stopped, effect, result.journal)
    return result


async def _execute_calls(run: RunContext, inv: InvocationState, calls: list[ToolCall],
                         tools: dict[str, Tool], truncated_id: str | None) -> LoopExit | None:
    exit_: LoopExit | None = None
    ended_by = ""
    codes_of_turn: list[str | None] = []
    for call in calls:
        if exit_ is not None:
            inv.messages.append(_ignore(run, inv, call, ended_by))
            continue
        started = time.perf_counter()
        with run.db.transaction() as tx:
            tx.event(run.run_id, ev.TOOL_CALL_STARTED,
                     {"toolCallId": call.id, "name": call.name, "arguments": call.arguments},
                     invocation_id=inv.id)
        result, error = await _run_tool(run, inv, call, tools, call.id == truncated_id)
        if result is not None:
            try:
                result = await _apply(run, inv, result)
            except ToolError as exc:  # an effect that could not be carried out (a review that could not be done)
                result, error = None, exc
        if result is not None and isinstance(result.effect, LoopExit):
            exit_, ended_by = result.effect, _ENDED_BY[type(result.effect)]
        content = error.message if error else (result.content if result else "")
        codes_of_turn.append(refusals.outcome(call, error.code if error else None, content))
        elapsed = (time.perf_counter() - started) * 1000
        with run.db.transaction() as tx:
            tx.event(
                run.run_id,
                ev.TOOL_CALL_COMPLETED,
                {"toolCallId": call.id, "name": call.name, "isError": error is not None,
                 "errorCode": error.code if error else None, "elapsedMs": round(elapsed, 2),
                 "result": content, **(result.journal if result else {}),
                 **({"mutatesLibrary": True} if error is None and _mutates_library(call) else {})},
                invocation_id=inv.id,
                level=EventLevel.WARNING if error else EventLevel.INFO,
            )
        withdraw(run, call.id, "the call did not get as far as the change")  # no-op when it was decided
        inv.messages.append(Message(role="tool", tool_call_id=call.id, tool_name=call.name, content=content,
                                    is_error=error is not None))
    refusals.count(inv, codes_of_turn)
    return exit_


def _mutates_library(call: ToolCall) -> bool:
    return tn.ALIAS_TO_CANONICAL.get(call.name) in tn.LIBRARY_MUTATING


def _deliver_results(run: RunContext, inv: InvocationState) -> None:
    ready = run.scheduler.take_undelivered(inv.id)
    if not ready:
        return
    capsules = "\n\n".join(run.scheduler.capsule(c) for c in ready)
    inv.messages.append(Message(role="user", content="Results from your helpers arrived:\n\n" + capsules))
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.TASK_RESULTS_INJECTED, {"handles": [c.handle for c in ready]}, invocation_id=inv.id)


def _deliver_guidance(run: RunContext, inv: InvocationState) -> None:
    text = "\n\n".join(run.guidance)
    run.guidance.clear()
    inv.messages.append(Message(role="user", content=f"Guidance from the creator while you work:\n\n{text}"))
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.GUIDANCE_DELIVERED, {"agentId": inv.profile.id}, invocation_id=inv.id)


async def _run_turn_calls(run: RunContext, inv: InvocationState, calls: list[ToolCall],
                         truncated_id: str | None) -> LoopExit | None:
    """Proposals for the turn, then its calls in order; on an exit, the invocation's loop ends."""
    tools = surface(run, inv)
    complete = [c for c in calls if c.id != truncated_id]
    propose_turn(run, inv, complete, {name: tool.spec.name for name, tool in tools.items()})
    exit_ = await _execute_calls(run, inv, calls, tools, truncated_id)
    if exit_ is None:
        if not inv.is_child:
            _deliver_results(run, inv)
        return None
    with run.db.transaction() as tx:
        if isinstance(exit_, HandoffAccepted):
            transitions.end_invocation(tx, run, inv.id, InvocationStatus.TRANSFERRED, payload={"taskId": exit_.task_id})
        kind = {HandoffAccepted: "transferred", Finish: "finished", TaskReturned: "returned"}[type(exit_)]
        tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": kind}, invocation_id=inv.id)
    return exit_


def _latest_text_answer(inv: InvocationState) -> str:
    """The newest non-empty text of the agent's current streak of plain-text replies ("" if none).

    The newest, not all of them joined: after a nudge a model repeats or revises its answer, so the
    last reply is the one it stands by (and the one saved to the workspace); earlier ones stay in the
    workspace file versions and the model turns.
    """
    seen = 0
    for message in reversed(inv.messages):
        if message.role != "assistant":
            continue
        if message.tool_calls or seen >= inv.nudges:
            break
        seen += 1
        if message.content.strip():
            return message.content
    return ""


def _expected_ending(inv: InvocationState) -> str | None:
    tools = set(inv.surface())
    if tn.WORKSPACE_FINISH in tools:
        return "finish"
    if tn.AGENT_HANDOFF in tools:
        return "handoff"
    return None


async def _answer_in_text(run: RunContext, inv: InvocationState, text: str, *, nudged: bool) -> LoopExit:
    """The stage's plain-text answer ends it: the chat message (a helper: its report back). After the
    nudges, where a finish or handoff was expected, the stage fails and the run ends partial_success."""
    if inv.is_child:
        status = "partial" if nudged else "completed"
        warnings = ["This is a plain-text reply: the helper did not report back with task_return."] if nudged else []
        with run.db.transaction() as tx:
            tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": "returned"},
                     invocation_id=inv.id)
        return TaskReturned(status, {"summary": text, "status": status, "findings": [], "warnings": warnings,
                                 "artifacts": []})
    expected = None if inv.answers_in_text else _expected_ending(inv)
    last = run.ledger.last
    if last is not None and ((last.invocation_id == inv.id and last.real) or is_sign_off(text, last.content)):
        # "I am done" after a commit: a note, never a new version of the answer the chat already has
        keep_note(run, inv, text, "after_commit" if last.invocation_id == inv.id else "sign_off")
        if nudged and expected is not None:
            instead = "finishing its part" if expected == "finish" else "handing the work on"
            raise InvocationFailed(
                TOOL_CALL_REQUIRED,
                f"{inv.profile.display_name} answered in plain text instead of {instead}; the answer committed "
                "before stays in the chat.",
            )
        with run.db.transaction() as tx:
            tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": "answered"},
                     invocation_id=inv.id)
        return Finish("Answered with a note; the committed answer stands.")
    message_id, version = await commit_text(run, inv, DIRECT_OUTPUT, text, CommitMarker.TEXT_ANSWER)
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.TEXT_ANSWER_COMMITTED,
                 {"agentId": inv.profile.id, "messageId": message_id, "version": version, "chars": len(text),
                  "nudges": inv.nudges - 1, "expected": expected}, invocation_id=inv.id,
                 level=EventLevel.WARNING if nudged and expected else EventLevel.INFO)
    if nudged and expected is not None:
        instead = "finishing its part" if expected == "finish" else "handing the work on"
        raise InvocationFailed(
            TOOL_CALL_REQUIRED,
            f"{inv.profile.display_name} answered in plain text instead of {instead}; its answer is in the chat.",
        )
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": "answered"},
                 invocation_id=inv.id)
    return Finish("Answered in plain text.", text_answer=True)


async def _after_own_commit(run: RunContext, inv: InvocationState, text: str) -> LoopExit | None:
    """A foreground stage that committed and then answered in text has ended its part: with a finish of
    its own at hand, the run finishes on that commit; the text is a note, never a new version."""
    committed = any(e.invocation_id == inv.id and e.real for e in run.ledger.entries)
    if not committed or not (tn.WORKSPACE_FINISH in inv.surface() or inv.answers_in_text):
        return None
    if text.strip():
        keep_note(run, inv, text, "after_commit")
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": "finished"},
                 invocation_id=inv.id)
    return Finish("Committed, then ended in plain text.")


async def _text_only_turn(run: RunContext, inv: InvocationState, response: ModelResponse) -> LoopExit | None:
    """A reply without tool calls: handed on to a declared next stage, the end after the stage's own
    commit, the answer (endOnTextAnswer), a nudge, or after the nudges the answer."""
    text = response.text
    inv.nudges += 1
    captured = capture_text(run, inv, text) if text.strip() else "nowhere (it was empty)"
    if not inv.is_child and not inv.read_only:
        ended: LoopExit | None = None
        if text.strip() or inv.nudges > run.settings.nudge_limit:
            ended = await hand_on(run, inv, text)
        ended = ended or await _after_own_commit(run, inv, text)
        if ended is not None:
            return ended
    if inv.answers_in_text and text.strip():
        return await _answer_in_text(run, inv, text, nudged=False)
    if inv.nudges > run.settings.nudge_limit:
        answer = _latest_text_answer(inv)
        if answer:
            return await _answer_in_text(run, inv, answer, nudged=True)
        if inv.answers_in_text and not inv.is_child and run.ledger.has_commit:
            # A last stage whose reply is only a polish, and which gave none: the answer in the chat stands
            keep_note(run, inv, "", "empty")
            with run.db.transaction() as tx:
                tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": "answered"},
                         invocation_id=inv.id)
            return Finish("Gave no reply; the answer committed before stands.")
        raise InvocationFailed(
            TOOL_CALL_REQUIRED,
            f"{inv.profile.display_name} kept replying without using its tools, and its replies were empty.",
        )
    nudge = _nudge_text(inv, captured)
    if response.finish_reason in CUT_OFF:
        nudge = CUT_OFF[response.finish_reason] + " " + nudge
    inv.messages.append(Message(role="user", content=nudge))
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.MODEL_TEXT_ONLY, {"nudge": inv.nudges, "capturedTo": captured},
                 invocation_id=inv.id, level=EventLevel.WARNING)
    return None


async def _out_of_rounds(run: RunContext, inv: InvocationState, code: str, message: str) -> LoopExit:
    """Fails the stage at a round limit (a declared next stage takes its draft over instead); a plain-text
    answer it gave just before still reaches the chat."""
    answer = _latest_text_answer(inv) if inv.nudges else ""
    handed = None if inv.is_child else await hand_on(run, inv, answer, "round_limit")
    if handed is not None:
        return handed
    if answer and not inv.is_child:
        message_id, version = await commit_text(run, inv, DIRECT_OUTPUT, answer, CommitMarker.TEXT_ANSWER)
        with run.db.transaction() as tx:
            tx.event(run.run_id, ev.TEXT_ANSWER_COMMITTED,
                     {"agentId": inv.profile.id, "messageId": message_id, "version": version, "chars": len(answer),
                      "nudges": inv.nudges, "expected": _expected_ending(inv)},
                     invocation_id=inv.id, level=EventLevel.WARNING)
    raise InvocationFailed(code, message)


async def _after_refusals(run: RunContext, inv: InvocationState) -> LoopExit | None:
    """Turns of refused calls in a row (``refusals.REFUSED_IN_A_ROW``): the declared next stage takes the stage's
    text or draft over; a last stage ends on its text or the answer already committed; with nothing to
    take, the agent is asked once for plain text, and a second streak fails the stage."""
    text = refusals.stage_text(inv)
    handed = await hand_on(run, inv, text, "refused_calls")
    if handed is not None:
        refusals.journal(run, inv, "handed_on", text)
        return handed
    ends_here = inv.profile.handoff.next is None and (
        inv.answers_in_text or tn.WORKSPACE_FINISH in inv.surface())
    if ends_here and text.strip():
        refusals.journal(run, inv, "answered", text)
        return await _answer_in_text(run, inv, text, nudged=False)
    if ends_here and run.ledger.has_commit:
        refusals.journal(run, inv, "answer_stands", "")
        with run.db.transaction() as tx:
            tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": "answered"},
                     invocation_id=inv.id)
        return Finish("Its tool calls were refused; the answer committed before stands.")
    if inv.refusal_streaks == 0:
        inv.refusal_streaks += 1
        refusals.journal(run, inv, "asked_for_text", "")
        inv.messages.append(refusals.ask_for_text(inv))
        inv.refused_in_row = 0
        return None
    refusals.journal(run, inv, "failed", "")
    raise InvocationFailed(
        codes.MODEL_TOOL_CALLS_REFUSED,
        f"{inv.profile.display_name}'s tool calls kept being refused, and it gave no text to pass on.")


async def _refresh_enabled(run: RunContext, inv: InvocationState) -> None:
    if not run.edges or inv.is_child:
        return
    run.enabled_now = await refresh_enabled(
        run.edges, inv.profile.id,
        lambda target: HandoffInfo(run.run_id, inv.profile.id, target, run.ledger.has_commit, run.user_context))


async def _check_rounds(run: RunContext, inv: InvocationState, tools: dict[str, Tool]) -> LoopExit | None:
    failure = limits.before_round(run, inv, tools)
    return None if failure is None else await _out_of_rounds(run, inv, *failure)


async def _call_model_keeping_stream(run: RunContext, inv: InvocationState, tools: dict[str, Tool]) -> ModelResponse:
    """The model call; when Stop lands mid-stream, what a foreground agent streamed so far is kept as a
    stopped version of the chat message instead of being dropped."""
    streamed: list[str] = []

    def keep(update: LiveUpdate) -> None:
        if update.invocation_id == inv.id and update.kind == "text":
            streamed.append(update.text)

    run.live.append(keep)
    try:
        return await call_model(run, inv, [tool.spec.schema() for tool in tools.values()])
    except asyncio.CancelledError:
        # What the live card shows: this call's stream, else the stage's last plain-text reply (a nudged
        # reply stays on the card while the next call waits for its first token)
        text = "".join(streamed) or (_latest_text_answer(inv) if inv.nudges else "")
        if not inv.is_child and run.fatal is None and text.strip():  # a failure is no Stop: nothing is kept
            message_id, version = await commit_text(run, inv, "", text, CommitMarker.STOPPED)
            with run.db.transaction() as tx:
                tx.event(run.run_id, ev.STOPPED_TEXT_COMMITTED,
                         {"agentId": inv.profile.id, "messageId": message_id, "version": version,
                          "chars": len(text)}, invocation_id=inv.id, level=EventLevel.WARNING)
        raise
    finally:
        run.live.remove(keep)


async def run_invocation(run: RunContext, inv: InvocationState, pending: list[ToolCall] | None = None) -> LoopExit:
    """The invocation's loop. ``pending``: tool calls of its last model turn still to run (a resumed run)."""
    if pending:
        exit_ = await _run_turn_calls(run, inv, pending, None)
        if exit_ is not None:
            return exit_
    while True:
        # Tools and the prompt are evaluated at every model call: targets enabled "afterCommit" appear
        # once the run has a commit; a handoff's is_enabled (maybe async) is asked here.
        await _refresh_enabled(run, inv)
        tools = surface(run, inv)
        handed = await _check_rounds(run, inv, tools)
        if handed is not None:
            return handed
        inv.rounds += 1
        run.total_rounds += 1
        if run.guidance and not inv.is_child:
            _deliver_guidance(run, inv)
        inv.system_prompt = system_prompt(run, inv)
        response = await _call_model_keeping_stream(run, inv, tools)
        inv.messages.append(Message(role="assistant", content=response.text, tool_calls=response.tool_calls,
                                    reasoning=response.reasoning or None))
        if not response.tool_calls:
            exit_ = await _text_only_turn(run, inv, response)
            if exit_ is not None:
                return exit_
            continue
        inv.nudges = 0
        # With finish_reason "length" the last tool call may have been cut off mid-arguments.
        truncated_id = response.tool_calls[-1].id if response.finish_reason == "length" else None
        exit_ = await _run_turn_calls(run, inv, response.tool_calls, truncated_id)
        if exit_ is None and refusals.due(inv):
            exit_ = await _after_refusals(run, inv)
        if exit_ is not None:
            return exit_
