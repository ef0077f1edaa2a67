"""An event as a sentence in the creator's words: the one place that maps a typed journal event
(``domain/event_payloads.py``) to what the timeline says of it ("Editor handed the work to Finalizer:
“Tighten the ending”"). The events list's Event column, the handoff markers' tooltips and the detail
pane's heading all read ``sentence``; the raw entry stays behind the detail pane's "Show the raw entry".

``SENTENCES`` holds the English templates (``%1``, ``%2``, … filled by ``fill_args``), one per event type
and a few variants (``<type>.<variant>``); the events list passes them translated
(``events_model.summary_words``: context ``EventSentence``). Pure Python (no Qt).
``tests/unit/test_event_sentences.py`` fails when an event type has no sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from relay_studio.domain import event_payloads as p
from relay_studio.domain.event_payloads import typed
from relay_studio.domain.events import Event
from relay_studio.ui.timeline.reviews import completed_review
from relay_studio.ui.timeline.summaries import (
    QT_TRANSLATE_NOOP,
    SUMMARY_WORDS,
    fill_args,
    handed_on_words,
    review_line,
)

QUOTE_CHARS = 60  # a quoted title or message is cut to this many characters

SENTENCES: dict[str, str] = {
    "run_created": QT_TRANSLATE_NOOP("EventSentence", "The run started: “%1”"),
    "run_created.plain": QT_TRANSLATE_NOOP("EventSentence", "The run started"),
    "status_changed": QT_TRANSLATE_NOOP("EventSentence", "The run is now %1"),
    "run_resumed": QT_TRANSLATE_NOOP("EventSentence", "The run resumed"),
    "run_forked": QT_TRANSLATE_NOOP("EventSentence", "This run was forked from stage %1 of an earlier run"),
    "run_suspended": QT_TRANSLATE_NOOP("EventSentence", "The run paused"),
    "run_interrupted": QT_TRANSLATE_NOOP("EventSentence", "The run was interrupted"),
    "run_completed": QT_TRANSLATE_NOOP("EventSentence", "The run finished"),
    "run_partial_success": QT_TRANSLATE_NOOP("EventSentence", "The run finished in part: %1"),
    "run_failed": QT_TRANSLATE_NOOP("EventSentence", "The run failed: %1"),
    "run_cancelled": QT_TRANSLATE_NOOP("EventSentence", "The run was cancelled"),
    "agent_invocation_created": QT_TRANSLATE_NOOP("EventSentence", "%1 was set up as the first stage"),
    "agent_invocation_created.handoff": QT_TRANSLATE_NOOP("EventSentence", "%1 was set up as the next stage"),
    "agent_invocation_created.subagent": QT_TRANSLATE_NOOP("EventSentence", "%1 was set up as a helper"),
    "agent_invocation_started": QT_TRANSLATE_NOOP("EventSentence", "%1 started working"),
    "agent_invocation_completed": QT_TRANSLATE_NOOP("EventSentence", "%1 finished its part"),
    "agent_invocation_failed": QT_TRANSLATE_NOOP("EventSentence", "%1 failed: %2"),
    "agent_invocation_cancelled": QT_TRANSLATE_NOOP("EventSentence", "%1 was stopped"),
    "agent_invocation_transferred": QT_TRANSLATE_NOOP("EventSentence", "%1 passed its part on"),
    "agent_loop_finished": QT_TRANSLATE_NOOP("EventSentence", "%1 took its last turn"),
    "prompt_assembly_requested": QT_TRANSLATE_NOOP("EventSentence", "The studio gathered what %1 will read"),
    "context_assembled": QT_TRANSLATE_NOOP("EventSentence", "%1 received its instructions and what to work on"),
    "agent_task_registered": QT_TRANSLATE_NOOP("EventSentence", "%1 set up a task for %2"),
    "agent_task_registered.handoff": QT_TRANSLATE_NOOP("EventSentence", "%1 prepared the handoff to %2"),
    "agent_task_started": QT_TRANSLATE_NOOP("EventSentence", "The handed-over work started"),
    "agent_task_completed": QT_TRANSLATE_NOOP("EventSentence", "The handed-over work is done"),
    "agent_task_failed": QT_TRANSLATE_NOOP("EventSentence", "The handed-over work failed"),
    "agent_task_cancelled": QT_TRANSLATE_NOOP("EventSentence", "The handed-over work was cancelled"),
    "model_call_started": QT_TRANSLATE_NOOP("EventSentence", "%1 asked the model %2 (call %3)"),
    "model_call_completed": QT_TRANSLATE_NOOP("EventSentence", "The model answered %1 with text"),
    "model_call_completed.tools": QT_TRANSLATE_NOOP("EventSentence", "The model answered %1 by calling %2"),
    "model_call_failed": QT_TRANSLATE_NOOP("EventSentence", "The model call for %1 failed: %2"),
    "model_call_retry": QT_TRANSLATE_NOOP("EventSentence", "The studio asks the model again (attempt %1): %2"),
    "model_notice": QT_TRANSLATE_NOOP("EventSentence", "A note on %1's model: %2"),
    "model_text_only": QT_TRANSLATE_NOOP("EventSentence", "The model answered in text, without a tool"),
    "text_answer_committed": QT_TRANSLATE_NOOP("EventSentence", "%1's text answer went to the chat"),
    "text_note_kept": QT_TRANSLATE_NOOP("EventSentence", "%1's text was kept as a note, not as the answer"),
    "next_stage_unavailable": QT_TRANSLATE_NOOP("EventSentence", "The next stage (%1) could not start"),
    "tool_calls_refused": QT_TRANSLATE_NOOP("EventSentence", "%1's tool calls were refused several turns in a row"),
    "stopped_text_committed": QT_TRANSLATE_NOOP("EventSentence", "What %1 wrote before the stop went to the chat"),
    "agent_limit_reached": QT_TRANSLATE_NOOP("EventSentence", "%1 reached its limit (%2)"),
    "tool_call_started": QT_TRANSLATE_NOOP("EventSentence", "%1 used the tool %2"),
    "tool_call_completed": QT_TRANSLATE_NOOP("EventSentence", "The tool %1 finished"),
    "tool_call_completed.error": QT_TRANSLATE_NOOP("EventSentence", "The tool %1 returned an error: %2"),
    "tool_call_ignored": QT_TRANSLATE_NOOP("EventSentence", "The tool %1 was not run: %2"),
    "tool_call_awaiting_approval": QT_TRANSLATE_NOOP("EventSentence", "%1 waits for your approval: %2"),
    "tool_call_approved": QT_TRANSLATE_NOOP("EventSentence", "You approved %1"),
    "tool_call_approved.edited": QT_TRANSLATE_NOOP("EventSentence", "You approved %1 with your own edits"),
    "tool_call_denied": QT_TRANSLATE_NOOP("EventSentence", "You rejected %1"),
    "tool_call_approval_withdrawn": QT_TRANSLATE_NOOP("EventSentence", "The approval asked for %1 was withdrawn"),
    "workspace_file_written": QT_TRANSLATE_NOOP("EventSentence", "%1 wrote %2 (version %3)"),
    "workspace_file_restored": QT_TRANSLATE_NOOP("EventSentence", "%1 was restored from version %2"),
    "workspace_checkpoint_recorded": QT_TRANSLATE_NOOP("EventSentence", "The studio kept a checkpoint of %1 files"),
    "workspace_link_skipped": QT_TRANSLATE_NOOP("EventSentence", "A link was skipped: %1"),
    "chat_commit_requested": QT_TRANSLATE_NOOP("EventSentence", "%1 asked to publish %2 to the chat"),
    "chat_commit_completed": QT_TRANSLATE_NOOP("EventSentence", "%1 published %2 to the chat (version %3)"),
    "library_file_written": QT_TRANSLATE_NOOP("EventSentence", "%1 wrote the library entry %2"),
    "library_entries_included": QT_TRANSLATE_NOOP("EventSentence", "%1 reads story library entries (%2)"),
    "canon_facts_included": QT_TRANSLATE_NOOP("EventSentence", "%1 reads canon facts (%2)"),
    "canon_fact_proposed": QT_TRANSLATE_NOOP("EventSentence", "%1 proposed a canon fact: “%2”"),
    "scene_context_assembled": QT_TRANSLATE_NOOP("EventSentence", "The studio gathered what %1 knows of the scene"),
    "scene_message_told": QT_TRANSLATE_NOOP("EventSentence", "%1 told %2: “%3”"),
    "scene_speaker_chosen": QT_TRANSLATE_NOOP("EventSentence", "%1 speaks next"),
    "skill_scopes_resolved": QT_TRANSLATE_NOOP("EventSentence", "%1 may use these Skills: %2"),
    "skill_scopes_resolved.none": QT_TRANSLATE_NOOP("EventSentence", "%1 has no Skills to use"),
    "agent_handoff_requested": QT_TRANSLATE_NOOP("EventSentence", "%1 asked to hand the work to %2"),
    "agent_handoff_accepted": QT_TRANSLATE_NOOP("EventSentence", "%1 handed the work to %2: “%3”"),
    "agent_handoff_accepted.plain": QT_TRANSLATE_NOOP("EventSentence", "%1 handed the work to %2"),
    # %2: why the studio handed it on ("handed on by the studio: Writer answered in text", ``SUMMARY_WORDS``)
    "agent_handoff_accepted.studio": QT_TRANSLATE_NOOP("EventSentence", "%1 takes over: %2"),
    "agent_handoff_hook_failed": QT_TRANSLATE_NOOP("EventSentence", "A step of the handoff to %1 failed"),
    "agent_delegate_started": QT_TRANSLATE_NOOP("EventSentence", "%1 asked %2 to help: “%3”"),
    "agent_await_started": QT_TRANSLATE_NOOP("EventSentence", "%1 waits for its helpers"),
    "agent_await_completed": QT_TRANSLATE_NOOP("EventSentence", "%1 stopped waiting for its helpers"),
    "task_return_completed": QT_TRANSLATE_NOOP("EventSentence", "A helper reported back"),
    "task_results_injected": QT_TRANSLATE_NOOP("EventSentence", "%1 received its helpers' results"),
    "review_requested": QT_TRANSLATE_NOOP("EventSentence", "%1 asked for a review: “%2”"),
    "review_repair_requested": QT_TRANSLATE_NOOP("EventSentence",
                                                 "%1's review could not be read; it was asked again"),
    "review_completed": QT_TRANSLATE_NOOP("EventSentence", "The review is done: %1"),
    "guidance_received": QT_TRANSLATE_NOOP("EventSentence", "You sent guidance: “%1”"),
    "guidance_delivered": QT_TRANSLATE_NOOP("EventSentence", "%1 received your guidance"),
    "handoff_ready": QT_TRANSLATE_NOOP("EventSentence", "The handoff document is ready"),
    "handoff_cancelled": QT_TRANSLATE_NOOP("EventSentence", "The handoff document was cancelled"),
    "handoff_failed": QT_TRANSLATE_NOOP("EventSentence", "The handoff document could not be written"),
    "handoff_empty": QT_TRANSLATE_NOOP("EventSentence", "The handoff document came back empty"),
    # who did it when the event names no agent (a fork's set-up, a run-level step)
    "studio": QT_TRANSLATE_NOOP("EventSentence", "The studio"),
    # an event this version does not know (a newer one): its type is all there is to say
    "unknown": QT_TRANSLATE_NOOP("EventSentence", "An event this version does not know (%1)"),
}

WORDS_PREFIX = "sentence."


def sentence_words() -> dict[str, str]:
    """``SENTENCES`` under their keys in the summaries' word table (``WORDS_PREFIX``), English."""
    return {WORDS_PREFIX + key: text for key, text in SENTENCES.items()}


def _cut(text: object, limit: int = QUOTE_CHARS) -> str:
    line = " ".join(str(text or "").split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


Args = tuple[str, tuple[object, ...]]  # (the template's key, its values)
Filler = Callable[[Any, str, dict[str, str]], Args]


def _status(payload: p.StatusChanged, agent: str, words: dict[str, str]) -> Args:
    to = str(payload.to or "")
    return "status_changed", (words.get("status." + to, to),)


def _created(payload: p.AgentInvocationCreated, agent: str, words: dict[str, str]) -> Args:
    kind = payload.kind or ""
    key = f"agent_invocation_created.{kind}" if kind in ("handoff", "subagent") else "agent_invocation_created"
    return key, (payload.agent_name or agent,)


def _model_done(payload: p.ModelCallCompleted, agent: str, words: dict[str, str]) -> Args:
    tools = ", ".join(str(t) for t in payload.tool_calls)
    return ("model_call_completed.tools", (agent, tools)) if tools else ("model_call_completed", (agent,))


def _tool_done(payload: p.ToolCallCompleted, agent: str, words: dict[str, str]) -> Args:
    if payload.is_error:
        return "tool_call_completed.error", (payload.name, payload.error_code or _cut(payload.result))
    return "tool_call_completed", (payload.name,)


def _handoff(payload: p.AgentHandoffAccepted, agent: str, words: dict[str, str]) -> Args:
    source = payload.agent_display_name or agent or payload.agent_id or ""
    target = payload.target_display_name or payload.target_agent_id or ""
    if payload.by == "runtime":
        return "agent_handoff_accepted.studio", (target, handed_on_words(words, payload.reason or "", source))
    if not payload.title:
        return "agent_handoff_accepted.plain", (source, target)
    return "agent_handoff_accepted", (source, target, _cut(payload.title))


def _task(payload: p.AgentTaskRegistered, agent: str, words: dict[str, str]) -> Args:
    key = "agent_task_registered.handoff" if payload.continuation == "transfer_control" else "agent_task_registered"
    return key, (agent, payload.target_agent_id or "")


def _approved(payload: p.ToolCallApproved, agent: str, words: dict[str, str]) -> Args:
    what = payload.path or payload.tool
    return ("tool_call_approved.edited" if payload.edited else "tool_call_approved"), (what,)


def _skills(payload: p.SkillScopesResolved, agent: str, words: dict[str, str]) -> Args:
    names = ", ".join(str(n) for n in payload.names)
    return ("skill_scopes_resolved", (agent, names)) if names else ("skill_scopes_resolved.none", (agent,))


def _review_done(payload: p.ReviewCompleted, agent: str, words: dict[str, str], event: Event) -> Args:
    return "review_completed", (review_line(completed_review(event), words),)


def _plain(key: str) -> Filler:
    return lambda payload, agent, words: (key, ())


def _agent(key: str) -> Filler:
    return lambda payload, agent, words: (key, (agent,))


_FILLERS: dict[type[Any], Filler] = {
    p.RunCreated: lambda x, a, w: ("run_created", (_cut(x.user_text),)) if x.user_text else ("run_created.plain", ()),
    p.StatusChanged: _status,
    p.RunResumed: _plain("run_resumed"),
    p.RunForked: lambda x, a, w: ("run_forked", (x.stage or 1,)),
    p.RunSuspended: _plain("run_suspended"),
    p.RunInterrupted: _plain("run_interrupted"),
    p.RunCompleted: _plain("run_completed"),
    p.RunPartialSuccess: lambda x, a, w: ("run_partial_success", (_cut(x.message or x.error_code, 100),)),
    p.RunFailed: lambda x, a, w: ("run_failed", (_cut(x.message or x.error_code, 100),)),
    p.RunCancelled: _plain("run_cancelled"),
    p.AgentInvocationCreated: _created,
    p.AgentInvocationStarted: lambda x, a, w: ("agent_invocation_started", (x.agent_name or a,)),
    p.AgentInvocationCompleted: _agent("agent_invocation_completed"),
    p.AgentInvocationFailed: lambda x, a, w: ("agent_invocation_failed", (a, x.error_code or _cut(x.message))),
    p.AgentInvocationCancelled: _agent("agent_invocation_cancelled"),
    p.AgentInvocationTransferred: _agent("agent_invocation_transferred"),
    p.AgentLoopFinished: _agent("agent_loop_finished"),
    p.PromptAssemblyRequested: _agent("prompt_assembly_requested"),
    p.ContextAssembled: _agent("context_assembled"),
    p.AgentTaskRegistered: _task,
    p.AgentTaskStarted: _plain("agent_task_started"),
    p.AgentTaskCompleted: _plain("agent_task_completed"),
    p.AgentTaskFailed: _plain("agent_task_failed"),
    p.AgentTaskCancelled: _plain("agent_task_cancelled"),
    p.ModelCallStarted: lambda x, a, w: ("model_call_started", (a, x.served_model or x.model or "", x.call_index)),
    p.ModelCallCompleted: _model_done,
    p.ModelCallFailed: lambda x, a, w: ("model_call_failed", (a, _cut(x.message or x.code, 100))),
    p.ModelCallRetry: lambda x, a, w: ("model_call_retry", (x.attempt, x.code or "")),
    p.ModelNotice: lambda x, a, w: ("model_notice", (a, _cut(x.message or x.code, 100))),
    p.ModelTextOnly: _plain("model_text_only"),
    p.TextAnswerCommitted: _agent("text_answer_committed"),
    p.TextNoteKept: _agent("text_note_kept"),
    p.NextStageUnavailable: lambda x, a, w: ("next_stage_unavailable", (x.next_agent_id or "",)),
    p.ToolCallsRefused: lambda x, a, w: ("tool_calls_refused", (x.agent_name or a,)),
    p.StoppedTextCommitted: _agent("stopped_text_committed"),
    p.AgentLimitReached: lambda x, a, w: ("agent_limit_reached", (a, x.limit or "")),
    p.ToolCallStarted: lambda x, a, w: ("tool_call_started", (a, x.name)),
    p.ToolCallCompleted: _tool_done,
    p.ToolCallIgnored: lambda x, a, w: ("tool_call_ignored", (x.name, x.error_code or _cut(x.message))),
    p.ToolCallAwaitingApproval: lambda x, a, w: ("tool_call_awaiting_approval",
                                                 (x.agent_name or a, x.path or x.tool)),
    p.ToolCallApproved: _approved,
    p.ToolCallDenied: lambda x, a, w: ("tool_call_denied", (x.path or x.tool,)),
    p.ToolCallApprovalWithdrawn: lambda x, a, w: ("tool_call_approval_withdrawn", (x.path or x.tool,)),
    p.WorkspaceFileWritten: lambda x, a, w: ("workspace_file_written", (a, x.path, x.version)),
    p.WorkspaceFileRestored: lambda x, a, w: ("workspace_file_restored", (x.path, x.from_version)),
    p.WorkspaceCheckpointRecorded: lambda x, a, w: ("workspace_checkpoint_recorded", (len(x.files),)),
    p.WorkspaceLinkSkipped: lambda x, a, w: ("workspace_link_skipped", (x.path,)),
    p.ChatCommitRequested: lambda x, a, w: ("chat_commit_requested", (a, x.path)),
    p.ChatCommitCompleted: lambda x, a, w: ("chat_commit_completed", (a, x.path, x.version)),
    p.LibraryFileWritten: lambda x, a, w: ("library_file_written", (a, x.name or x.path)),
    p.LibraryEntriesIncluded: lambda x, a, w: ("library_entries_included", (a, len(x.names))),
    p.CanonFactsIncluded: lambda x, a, w: ("canon_facts_included", (a, len(x.pinned) + len(x.relevant))),
    p.CanonFactProposed: lambda x, a, w: ("canon_fact_proposed", (a, _cut(x.text))),
    p.SceneContextAssembled: lambda x, a, w: ("scene_context_assembled", (x.speaker or a,)),
    p.SceneMessageTold: lambda x, a, w: ("scene_message_told", (x.from_, x.to, _cut(x.text))),
    p.SceneSpeakerChosen: lambda x, a, w: ("scene_speaker_chosen", (x.name or x.agent_id or a,)),
    p.SkillScopesResolved: _skills,
    p.AgentHandoffRequested: lambda x, a, w: ("agent_handoff_requested", (a, x.target_agent_id)),
    p.AgentHandoffAccepted: _handoff,
    p.AgentHandoffHookFailed: lambda x, a, w: ("agent_handoff_hook_failed", (x.target_agent_id,)),
    p.AgentDelegateStarted: lambda x, a, w: ("agent_delegate_started", (a, x.target_agent_id, _cut(x.title))),
    p.AgentAwaitStarted: _agent("agent_await_started"),
    p.AgentAwaitCompleted: _agent("agent_await_completed"),
    p.TaskReturnCompleted: _plain("task_return_completed"),
    p.TaskResultsInjected: _agent("task_results_injected"),
    p.ReviewRequested: lambda x, a, w: ("review_requested", (a, _cut(x.title))),
    p.ReviewRepairRequested: _agent("review_repair_requested"),
    p.GuidanceReceived: lambda x, a, w: ("guidance_received", (_cut(x.text),)),
    p.GuidanceDelivered: _agent("guidance_delivered"),
    p.HandoffReady: _plain("handoff_ready"),
    p.HandoffCancelled: _plain("handoff_cancelled"),
    p.HandoffFailed: _plain("handoff_failed"),
    p.HandoffEmpty: _plain("handoff_empty"),
}


def sentence(event: Event, agent: str = "", words: dict[str, str] | None = None) -> str:
    """``event`` as one sentence in ``words``' language (``SUMMARY_WORDS`` with ``sentence_words``, or the events
    list's translated table); ``agent``: the name of the agent whose event it is (where the payload names none)."""
    table = words if words is not None else _ENGLISH
    payload = typed(event)
    if isinstance(payload, p.ReviewCompleted):
        key, values = _review_done(payload, agent, table, event)
    elif isinstance(payload, p.UnknownEvent):
        key, values = "unknown", (event.type,)
    else:
        who = agent or _agent_of(payload) or table[WORDS_PREFIX + "studio"]
        key, values = _FILLERS[type(payload)](payload, who, table)
    text = fill_args(table[WORDS_PREFIX + key], *("" if v is None else v for v in values))
    return " ".join(text.split())


def _agent_of(payload: object) -> str:
    name = getattr(payload, "agent_name", None) or getattr(payload, "agent_id", None)
    return str(name or "")


def has_sentence(event_type: str) -> bool:
    """Whether an event type has its sentence (a filler and a template)."""
    model = p.PAYLOAD_MODELS.get(event_type)
    return model is not None and (model in _FILLERS or model is p.ReviewCompleted) and event_type in SENTENCES


_ENGLISH: dict[str, str] = {**SUMMARY_WORDS, **sentence_words()}
