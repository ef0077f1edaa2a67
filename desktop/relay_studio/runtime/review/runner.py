"""One review: a delegated task to a reviewer profile whose result is a schema-checked JSON object.

The review is a helper of the stage that asked (a ``subagent`` invocation with its ``return_to_parent``
task, so it has its own lane on the timeline and its status colour), but it runs no tool loop: the
reviewer gets its brief and answers once, asked for structured output where the server supports it
(``ModelRequest.output``; the providers learn when a server refuses it). The answer is checked against
the reviewer's ``output.schema`` and the form of its kind; on a mismatch the reviewer is asked once to
repair it. A reviewer that fails, times out or is still out of form **fails closed**: the outcome says
the review could not be done, and the write it was for stays blocked (``gate.py``).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import (
    EventLevel,
    ExitPolicy,
    InvocationKind,
    InvocationStatus,
    TaskContinuation,
    TaskStatus,
)
from relay_studio.domain.input_schema import output_errors
from relay_studio.domain.messages import Message, ModelResponse, OutputFormat
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime import transitions
from relay_studio.runtime.canon_access import stage_canon
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import InvocationFailed, failure_as_told
from relay_studio.runtime.library_access import library_for, search_canon
from relay_studio.runtime.model_call import call_model
from relay_studio.runtime.prompt_assembly import request_assembly
from relay_studio.runtime.review import schemas
from relay_studio.runtime.review.book import ReviewRecord
from relay_studio.store.database import new_id

REPAIR = (
    "Your answer did not match the required form: {problem}. Answer again with only the JSON object, "
    "matching the schema you were given."
)


@dataclass(frozen=True)
class ReviewOutcome:
    record: ReviewRecord
    reviewer_name: str
    handle: str
    #: why the review could not be done (empty when it passed)
    why: str = ""


def reviewer_prompt(profile: AgentProfile, schema: dict[str, Any]) -> str:
    intro = profile.instructions.system_prompt or f"You are {profile.display_name}, a reviewer."
    parts = [intro.strip()]
    if profile.instructions.task_prompt:
        parts.append(profile.instructions.task_prompt.strip())
    parts.append("## Your answer\nYou have no tools. Answer with one JSON object and nothing else, matching this "
                 "JSON Schema:\n```json\n" + json.dumps(schema, ensure_ascii=False, indent=1) + "\n```")
    return "\n\n".join(parts)


def _reviewer_parts(profile: AgentProfile) -> list[str]:
    """The pieces of ``reviewer_prompt``, as ``prompt_assembly_requested`` names them."""
    intro = "systemPrompt" if profile.instructions.system_prompt else "generatedIntroduction"
    return [intro, *(["taskPrompt"] if profile.instructions.task_prompt else []), "answerSchema"]


def answer_text(response: ModelResponse, output_name: str) -> str:
    """The JSON answer: the forced output tool's input (Anthropic), else the text."""
    for call in response.tool_calls:
        if call.name == output_name:
            return call.arguments
    return response.text


def parse_answer(text: str) -> tuple[dict[str, Any] | None, str]:
    """The answer's JSON object, or None and what is wrong (a fence or words around it are tolerated)."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
        body = body.rsplit("```", 1)[0]
    try:
        value = json.loads(body)
    except (json.JSONDecodeError, RecursionError):
        start, end = body.find("{"), body.rfind("}")
        try:
            value = json.loads(body[start:end + 1]) if 0 <= start < end else None
        except (json.JSONDecodeError, RecursionError):
            value = None
        if value is None:
            return None, "it is not a JSON object" if body else "it was empty"
    if not isinstance(value, dict):
        return None, "it is JSON, but not an object"
    return value, ""


def problems(value: dict[str, Any], schemas_: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for schema in schemas_:
        out += [p for p in output_errors(schema, value) if p not in out]
    return out


async def _answer(run: RunContext, inv: InvocationState, kind: str, checks: list[dict[str, Any]]) -> dict[str, Any]:
    """The reviewer's checked answer, after at most one repair request; raises ``InvocationFailed``."""
    output = OutputFormat(name=schemas.OUTPUT_NAMES[kind], json_schema=checks[0])
    problem = ""
    for attempt in (1, 2):
        inv.rounds += 1
        run.total_rounds += 1
        response = await call_model(run, inv, [], output)
        text = answer_text(response, output.name)
        inv.messages.append(Message(role="assistant", content=text))
        value, problem = parse_answer(text)
        if value is not None:
            found = problems(value, checks)
            if not found:
                return value
            problem = "; ".join(found[:3])
        if attempt == 1:
            inv.messages.append(Message(role="user", content=REPAIR.format(problem=problem)))
            with run.db.transaction() as tx:
                tx.event(run.run_id, ev.REVIEW_REPAIR_REQUESTED, {"agentId": inv.profile.id, "problem": problem},
                         invocation_id=inv.id, level=EventLevel.WARNING)
    raise InvocationFailed(codes.REVIEW_INVALID_OUTPUT,
                           f"{inv.profile.display_name} did not answer in the required form, also when asked "
                           f"again ({problem}).")


def _start(run: RunContext, parent: InvocationState, reviewer: AgentProfile, call_id: str, kind: str, title: str,
           brief: str, digest: str | None, review_mode: bool) -> InvocationState:
    handle = run.next_handle()
    child = InvocationState(id=new_id("inv"), profile=reviewer, kind=InvocationKind.SUBAGENT,
                            exit_policy=ExitPolicy.TASK_RETURN_REQUIRED, depth=parent.depth, parent_id=parent.id,
                            task_handle=handle)
    child.messages = [Message(role="user", content=brief)]
    task_id = new_id("task")
    child.incoming_task_id = task_id
    with run.db.transaction() as tx:
        transitions.create_invocation(tx, run, child)
        transitions.create_task(tx, run, task_id=task_id, parent_id=parent.id, child_id=child.id,
                                target_profile_id=reviewer.id, continuation=TaskContinuation.RETURN_TO_PARENT,
                                handle=handle, task={"title": title, "objective": brief, "review": kind},
                                tool_call_id=call_id)
        tx.event(run.run_id, ev.REVIEW_REQUESTED,
                 {"kind": kind, "agentId": parent.profile.id, "reviewerId": reviewer.id, "handle": handle,
                  "taskId": task_id, "title": title, "draftHash": digest,
                  **({"reviewMode": review_mode} if kind == "rules" else {})},
                 invocation_id=parent.id, related=[child.id])
    return child


def on_callers_model(reviewer: AgentProfile, caller: AgentProfile) -> AgentProfile:
    """Seed 002: a helper answers on its caller's model unless its profile names one (a binding other
    than ``default``, or a model of its own); its temperature, caps and deadline stay its own."""
    own = reviewer.model
    if own.mode != "default" or own.model or (caller.model.mode == "default" and not caller.model.model):
        return reviewer
    bound = own.model_copy(update={"mode": caller.model.mode, "connection": caller.model.connection,
                                   "model": caller.model.model,
                                   "context_window_tokens": own.context_window_tokens
                                   or caller.model.context_window_tokens})
    return reviewer.model_copy(update={"model": bound})


async def run_review(run: RunContext, parent: InvocationState, call_id: str, *, kind: str, reviewer_id: str,
                     title: str, brief: str, digest: str | None, name: str = "", type_: str = "",
                     review_mode: bool = False) -> ReviewOutcome:
    """Runs the review to its end; never raises for a reviewer's failure (the outcome fails closed)."""
    reviewer = run.profiles.get(reviewer_id)
    if reviewer is None:
        record = ReviewRecord(kind, parent.id, digest, False, name=name, type=type_)
        run.reviews.add(record)
        return ReviewOutcome(record, reviewer_id, "", f"there is no reviewer called '{reviewer_id}'")
    reviewer = on_callers_model(reviewer, parent.profile)
    checks = schemas.answer_forms(kind, reviewer.output.json_schema, review_mode)
    child = _start(run, parent, reviewer, call_id, kind, title, brief, digest, review_mode)
    assert child.incoming_task_id is not None
    task_id = child.incoming_task_id
    child.system_prompt = reviewer_prompt(reviewer, checks[0])
    searched = await asyncio.to_thread(search_canon, run, child)  # facts its brief is about, off the loop
    with run.db.transaction() as tx:
        transitions.task_transition(tx, run, task_id, TaskStatus.RUNNING, invocation_id=child.id)
        transitions.start_invocation(tx, run, child)
        library = library_for(run)
        entries = [item.entry for item in library.entries()] if library is not None else []
        canon = stage_canon(tx, run, child, entries, [m.content for m in child.messages if m.content], searched)
        request_assembly(tx, run, child, system=[*_reviewer_parts(reviewer), *(["canon"] if canon else [])])
        if canon:  # the reviewer checks the draft against the same canon the writer keeps
            child.project_sections = canon
            child.system_prompt += "\n\n" + canon
        tx.event(run.run_id, ev.CONTEXT_ASSEMBLED,
                 {"agentId": reviewer.id, "systemPrompt": child.system_prompt,
                  "messages": [m.model_dump(mode="json", exclude_defaults=True) for m in child.messages],
                  "tools": [], "sessionId": f"{run.run_id}:{child.id}"}, invocation_id=child.id)
    timeout = reviewer.delegation.task_timeout_seconds
    result: dict[str, Any] | None = None
    code, why = "", ""
    try:
        try:
            run.provider_for(reviewer)
        except Exception as exc:  # no usable model: the review cannot be done, it does not crash the run
            raise InvocationFailed(codes.REVIEW_REVIEWER_UNAVAILABLE,
                                   f"{reviewer.display_name} has no model to answer with ({exc})") from None
        async with asyncio.timeout(timeout):
            result = await _answer(run, child, kind, checks)
    except TimeoutError:
        code, why = codes.AGENT_TASK_TIMEOUT, f"{reviewer.display_name} did not answer within {timeout:g} seconds"
    except InvocationFailed as exc:
        code, why = exc.code, exc.message.rstrip(".")
    except asyncio.CancelledError:
        with run.db.transaction() as tx:
            transitions.end_invocation(tx, run, child.id, InvocationStatus.CANCELLED)
            transitions.task_transition(tx, run, task_id, TaskStatus.CANCELLED, invocation_id=child.id)
        raise
    record = ReviewRecord(kind, parent.id, digest, result is not None, result, name, type_)
    run.reviews.add(record)
    with run.db.transaction() as tx:
        if result is not None:
            transitions.end_invocation(tx, run, child.id, InvocationStatus.COMPLETED)
            transitions.task_transition(tx, run, task_id, TaskStatus.COMPLETED, invocation_id=child.id, result=result)
        else:
            transitions.end_invocation(tx, run, child.id, InvocationStatus.FAILED, error_code=code)
            transitions.task_transition(tx, run, task_id, TaskStatus.FAILED, invocation_id=child.id,
                                        error={"code": code, "message": why})
        tx.event(run.run_id, ev.REVIEW_COMPLETED,
                 {"kind": kind, "agentId": parent.profile.id, "reviewerId": reviewer.id, "handle": child.task_handle,
                  "status": "passed" if result is not None else "failed", "overallStatus": record.overall_status,
                  "draftHash": digest, "name": name, "type": type_,
                  **({"result": result} if result is not None else {"errorCode": code, "message": why})},
                 invocation_id=parent.id, related=[child.id],
                 level=EventLevel.INFO if result is not None else EventLevel.WARNING)
    told = failure_as_told(code, why, reviewer.display_name)
    return ReviewOutcome(record, reviewer.display_name, child.task_handle or "", told)
