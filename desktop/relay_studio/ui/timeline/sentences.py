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
from relay_studio.domain import event_types as ev
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
    ev.RUN_CREATED: QT_TRANSLATE_NOOP("EventSentence", "The run started: “%1”"),
    ev.RUN_CREATED + ".plain": QT_TRANSLATE_NOOP("EventSentence", "The run started"),
    ev.RUN_FORECAST: QT_TRANSLATE_NOOP("EventSentence", "Before Send, the forecast was %1 to %2 input tokens"),
    ev.RUN_FORECAST + ".plain": QT_TRANSLATE_NOOP("EventSentence", "The forecast before Send was kept"),
    ev.STATUS_CHANGED: QT_TRANSLATE_NOOP("EventSentence", "The run is now %1"),
    ev.RUN_RESUMED: QT_TRANSLATE_NOOP("EventSentence", "The run resumed"),
    ev.RUN_FORKED: QT_TRANSLATE_NOOP("EventSentence", "This run was forked from stage %1 of an earlier run"),
    ev.RUN_SUSPENDED: QT_TRANSLATE_NOOP("EventSentence", "The run paused"),
    ev.RUN_INTERRUPTED: QT_TRANSLATE_NOOP("EventSentence", "The run was interrupted"),
    ev.RUN_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "The run finished"),
    ev.RUN_PARTIAL_SUCCESS: QT_TRANSLATE_NOOP("EventSentence", "The run finished in part: %1"),
    ev.RUN_FAILED: QT_TRANSLATE_NOOP("EventSentence", "The run failed: %1"),
    ev.RUN_CANCELLED: QT_TRANSLATE_NOOP("EventSentence", "The run was cancelled"),
    ev.AGENT_INVOCATION_CREATED: QT_TRANSLATE_NOOP("EventSentence", "%1 was set up as the first stage"),
    ev.AGENT_INVOCATION_CREATED + ".handoff": QT_TRANSLATE_NOOP("EventSentence", "%1 was set up as the next stage"),
    ev.AGENT_INVOCATION_CREATED + ".subagent": QT_TRANSLATE_NOOP("EventSentence", "%1 was set up as a helper"),
    ev.AGENT_INVOCATION_STARTED: QT_TRANSLATE_NOOP("EventSentence", "%1 started working"),
    ev.AGENT_INVOCATION_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "%1 finished its part"),
    ev.AGENT_INVOCATION_FAILED: QT_TRANSLATE_NOOP("EventSentence", "%1 failed: %2"),
    ev.AGENT_INVOCATION_CANCELLED: QT_TRANSLATE_NOOP("EventSentence", "%1 was stopped"),
    ev.AGENT_INVOCATION_TRANSFERRED: QT_TRANSLATE_NOOP("EventSentence", "%1 passed its part on"),
    ev.AGENT_LOOP_FINISHED: QT_TRANSLATE_NOOP("EventSentence", "%1 took its last turn"),
    ev.PROMPT_ASSEMBLY_REQUESTED: QT_TRANSLATE_NOOP("EventSentence", "The studio gathered what %1 will read"),
    ev.CONTEXT_ASSEMBLED: QT_TRANSLATE_NOOP("EventSentence", "%1 received its instructions and what to work on"),
    ev.AGENT_TASK_REGISTERED: QT_TRANSLATE_NOOP("EventSentence", "%1 set up a task for %2"),
    ev.AGENT_TASK_REGISTERED + ".handoff": QT_TRANSLATE_NOOP("EventSentence", "%1 prepared the handoff to %2"),
    ev.AGENT_TASK_STARTED: QT_TRANSLATE_NOOP("EventSentence", "The handed-over work started"),
    ev.AGENT_TASK_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "The handed-over work is done"),
    ev.AGENT_TASK_FAILED: QT_TRANSLATE_NOOP("EventSentence", "The handed-over work failed"),
    ev.AGENT_TASK_CANCELLED: QT_TRANSLATE_NOOP("EventSentence", "The handed-over work was cancelled"),
    ev.MODEL_CALL_STARTED: QT_TRANSLATE_NOOP("EventSentence", "%1 asked the model “%2” (call %3)"),
    ev.MODEL_CALL_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "The model answered %1 with text"),
    ev.MODEL_CALL_COMPLETED + ".tools": QT_TRANSLATE_NOOP("EventSentence", "The model answered %1 by calling %2"),
    ev.MODEL_CALL_FAILED: QT_TRANSLATE_NOOP("EventSentence", "The model call for %1 failed: %2"),
    ev.MODEL_CALL_RETRY: QT_TRANSLATE_NOOP("EventSentence", "The studio asks the model again (attempt %1): %2"),
    ev.MODEL_NOTICE: QT_TRANSLATE_NOOP("EventSentence", "A note on %1's model: %2"),
    ev.MODEL_TEXT_ONLY: QT_TRANSLATE_NOOP("EventSentence", "The model answered in text, without a tool"),
    ev.TEXT_ANSWER_COMMITTED: QT_TRANSLATE_NOOP("EventSentence", "%1's text answer went to the chat"),
    ev.TEXT_NOTE_KEPT: QT_TRANSLATE_NOOP("EventSentence", "%1's text was kept as a note, not as the answer"),
    ev.NEXT_STAGE_UNAVAILABLE: QT_TRANSLATE_NOOP("EventSentence", "The next stage (%1) could not start"),
    ev.TOOL_CALLS_REFUSED: QT_TRANSLATE_NOOP("EventSentence", "%1's tool calls were refused several turns in a row"),
    ev.STOPPED_TEXT_COMMITTED: QT_TRANSLATE_NOOP("EventSentence", "What %1 wrote before the stop went to the chat"),
    ev.AGENT_LIMIT_REACHED: QT_TRANSLATE_NOOP("EventSentence", "%1 reached its limit (%2)"),
    ev.TOOL_CALL_STARTED: QT_TRANSLATE_NOOP("EventSentence", "%1 used the tool %2"),
    ev.TOOL_CALL_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "The tool %1 finished"),
    ev.TOOL_CALL_COMPLETED + ".error": QT_TRANSLATE_NOOP("EventSentence", "The tool %1 returned an error: %2"),
    ev.TOOL_CALL_IGNORED: QT_TRANSLATE_NOOP("EventSentence", "The tool %1 was not run: %2"),
    ev.TOOL_CALL_AWAITING_APPROVAL: QT_TRANSLATE_NOOP("EventSentence", "%1 waits for your approval: %2"),
    ev.TOOL_CALL_APPROVED: QT_TRANSLATE_NOOP("EventSentence", "You approved %1"),
    ev.TOOL_CALL_APPROVED + ".edited": QT_TRANSLATE_NOOP("EventSentence", "You approved %1 with your own edits"),
    ev.TOOL_CALL_DENIED: QT_TRANSLATE_NOOP("EventSentence", "You rejected %1"),
    ev.TOOL_CALL_APPROVAL_WITHDRAWN: QT_TRANSLATE_NOOP("EventSentence", "The approval asked for %1 was withdrawn"),
    ev.WORKSPACE_FILE_WRITTEN: QT_TRANSLATE_NOOP("EventSentence", "%1 wrote %2 (version %3)"),
    ev.WORKSPACE_FILE_RESTORED: QT_TRANSLATE_NOOP("EventSentence", "%1 was restored from version %2"),
    ev.WORKSPACE_CHECKPOINT_RECORDED: QT_TRANSLATE_NOOP("EventSentence", "The studio kept a checkpoint of %1 files"),
    ev.WORKSPACE_LINK_SKIPPED: QT_TRANSLATE_NOOP("EventSentence", "A link was skipped: %1"),
    ev.CHAT_COMMIT_REQUESTED: QT_TRANSLATE_NOOP("EventSentence", "%1 asked to publish %2 to the chat"),
    ev.CHAT_COMMIT_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "%1 published %2 to the chat (version %3)"),
    ev.LIBRARY_FILE_WRITTEN: QT_TRANSLATE_NOOP("EventSentence", "%1 wrote the library entry %2"),
    ev.LIBRARY_ENTRIES_INCLUDED: QT_TRANSLATE_NOOP("EventSentence", "%1 reads story library entries (%2)"),
    ev.CANON_FACTS_INCLUDED: QT_TRANSLATE_NOOP("EventSentence", "%1 reads canon facts (%2)"),
    ev.CANON_FACT_PROPOSED: QT_TRANSLATE_NOOP("EventSentence", "%1 proposed a canon fact: “%2”"),
    ev.SCENE_CONTEXT_ASSEMBLED: QT_TRANSLATE_NOOP("EventSentence", "The studio gathered what %1 knows of the scene"),
    ev.SCENE_MESSAGE_TOLD: QT_TRANSLATE_NOOP("EventSentence", "%1 told %2: “%3”"),
    ev.SCENE_SPEAKER_CHOSEN: QT_TRANSLATE_NOOP("EventSentence", "%1 speaks next"),
    ev.SKILL_SCOPES_RESOLVED: QT_TRANSLATE_NOOP("EventSentence", "%1 may use these Skills: %2"),
    ev.SKILL_SCOPES_RESOLVED + ".none": QT_TRANSLATE_NOOP("EventSentence", "%1 has no Skills to use"),
    ev.AGENT_HANDOFF_REQUESTED: QT_TRANSLATE_NOOP("EventSentence", "%1 asked to hand the work to %2"),
    ev.AGENT_HANDOFF_ACCEPTED: QT_TRANSLATE_NOOP("EventSentence", "%1 handed the work to %2: “%3”"),
    ev.AGENT_HANDOFF_ACCEPTED + ".plain": QT_TRANSLATE_NOOP("EventSentence", "%1 handed the work to %2"),
    # %2: why the studio handed it on ("handed on by the studio: Writer answered in text", ``SUMMARY_WORDS``)
    ev.AGENT_HANDOFF_ACCEPTED + ".studio": QT_TRANSLATE_NOOP("EventSentence", "%1 takes over: %2"),
    ev.AGENT_HANDOFF_HOOK_FAILED: QT_TRANSLATE_NOOP("EventSentence", "A step of the handoff to %1 failed"),
    ev.AGENT_DELEGATE_STARTED: QT_TRANSLATE_NOOP("EventSentence", "%1 asked %2 to help: “%3”"),
    ev.AGENT_AWAIT_STARTED: QT_TRANSLATE_NOOP("EventSentence", "%1 waits for its helpers"),
    ev.AGENT_AWAIT_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "%1 stopped waiting for its helpers"),
    ev.TASK_RETURN_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "A helper reported back"),
    ev.TASK_RESULTS_INJECTED: QT_TRANSLATE_NOOP("EventSentence", "%1 received its helpers' results"),
    ev.REVIEW_REQUESTED: QT_TRANSLATE_NOOP("EventSentence", "%1 asked for a review: “%2”"),
    ev.REVIEW_REPAIR_REQUESTED: QT_TRANSLATE_NOOP("EventSentence",
                                                 "%1's review could not be read; it was asked again"),
    ev.REVIEW_COMPLETED: QT_TRANSLATE_NOOP("EventSentence", "The review is done: %1"),
    ev.GUIDANCE_RECEIVED: QT_TRANSLATE_NOOP("EventSentence", "You sent guidance: “%1”"),
    ev.GUIDANCE_DELIVERED: QT_TRANSLATE_NOOP("EventSentence", "%1 received your guidance"),
    ev.HANDOFF_READY: QT_TRANSLATE_NOOP("EventSentence", "The handoff document is ready"),
    ev.HANDOFF_CANCELLED: QT_TRANSLATE_NOOP("EventSentence", "The handoff document was cancelled"),
    ev.HANDOFF_FAILED: QT_TRANSLATE_NOOP("EventSentence", "The handoff document could not be written"),
    ev.HANDOFF_EMPTY: QT_TRANSLATE_NOOP("EventSentence", "The handoff document came back empty"),
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
    return ev.STATUS_CHANGED, (words.get("status." + to, to),)


def _created(payload: p.AgentInvocationCreated, agent: str, words: dict[str, str]) -> Args:
    kind = payload.kind or ""
    key = f"{ev.AGENT_INVOCATION_CREATED}.{kind}" if kind in ("handoff", "subagent") else ev.AGENT_INVOCATION_CREATED
    return key, (payload.agent_name or agent,)


def _model_done(payload: p.ModelCallCompleted, agent: str, words: dict[str, str]) -> Args:
    tools = ", ".join(str(t) for t in payload.tool_calls)
    return (ev.MODEL_CALL_COMPLETED + ".tools", (agent, tools)) if tools else (ev.MODEL_CALL_COMPLETED, (agent,))


def _tool_done(payload: p.ToolCallCompleted, agent: str, words: dict[str, str]) -> Args:
    if payload.is_error:
        return ev.TOOL_CALL_COMPLETED + ".error", (payload.name, payload.error_code or _cut(payload.result))
    return ev.TOOL_CALL_COMPLETED, (payload.name,)


def _handoff(payload: p.AgentHandoffAccepted, agent: str, words: dict[str, str]) -> Args:
    source = payload.agent_display_name or agent or payload.agent_id or ""
    target = payload.target_display_name or payload.target_agent_id or ""
    if payload.by == "runtime":
        return ev.AGENT_HANDOFF_ACCEPTED + ".studio", (target, handed_on_words(words, payload.reason or "", source))
    if not payload.title:
        return ev.AGENT_HANDOFF_ACCEPTED + ".plain", (source, target)
    return ev.AGENT_HANDOFF_ACCEPTED, (source, target, _cut(payload.title))


def _task(payload: p.AgentTaskRegistered, agent: str, words: dict[str, str]) -> Args:
    handoff = payload.continuation == "transfer_control"
    key = ev.AGENT_TASK_REGISTERED + ".handoff" if handoff else ev.AGENT_TASK_REGISTERED
    return key, (agent, payload.target_agent_id or "")


def _approved(payload: p.ToolCallApproved, agent: str, words: dict[str, str]) -> Args:
    what = payload.path or payload.tool
    return (ev.TOOL_CALL_APPROVED + ".edited" if payload.edited else ev.TOOL_CALL_APPROVED), (what,)


def _skills(payload: p.SkillScopesResolved, agent: str, words: dict[str, str]) -> Args:
    names = ", ".join(str(n) for n in payload.names)
    return (ev.SKILL_SCOPES_RESOLVED, (agent, names)) if names else (ev.SKILL_SCOPES_RESOLVED + ".none", (agent,))


def _review_done(payload: p.ReviewCompleted, agent: str, words: dict[str, str], event: Event) -> Args:
    return ev.REVIEW_COMPLETED, (review_line(completed_review(event), words),)


def _plain(key: str) -> Filler:
    return lambda payload, agent, words: (key, ())


def _agent(key: str) -> Filler:
    return lambda payload, agent, words: (key, (agent,))


_FILLERS: dict[type[Any], Filler] = {
    p.RunCreated: lambda x, a, w: ((ev.RUN_CREATED, (_cut(x.user_text),)) if x.user_text
                                   else (ev.RUN_CREATED + ".plain", ())),
    p.RunForecast: lambda x, a, w: ((ev.RUN_FORECAST, (f"{x.input_tokens[0]:,}", f"{x.input_tokens[1]:,}"))
                                    if x.input_tokens else (ev.RUN_FORECAST + ".plain", ())),
    p.StatusChanged: _status,
    p.RunResumed: _plain(ev.RUN_RESUMED),
    p.RunForked: lambda x, a, w: (ev.RUN_FORKED, (x.stage or 1,)),
    p.RunSuspended: _plain(ev.RUN_SUSPENDED),
    p.RunInterrupted: _plain(ev.RUN_INTERRUPTED),
    p.RunCompleted: _plain(ev.RUN_COMPLETED),
    p.RunPartialSuccess: lambda x, a, w: (ev.RUN_PARTIAL_SUCCESS, (_cut(x.message or x.error_code, 100),)),
    p.RunFailed: lambda x, a, w: (ev.RUN_FAILED, (_cut(x.message or x.error_code, 100),)),
    p.RunCancelled: _plain(ev.RUN_CANCELLED),
    p.AgentInvocationCreated: _created,
    p.AgentInvocationStarted: lambda x, a, w: (ev.AGENT_INVOCATION_STARTED, (x.agent_name or a,)),
    p.AgentInvocationCompleted: _agent(ev.AGENT_INVOCATION_COMPLETED),
    p.AgentInvocationFailed: lambda x, a, w: (ev.AGENT_INVOCATION_FAILED, (a, x.error_code or _cut(x.message))),
    p.AgentInvocationCancelled: _agent(ev.AGENT_INVOCATION_CANCELLED),
    p.AgentInvocationTransferred: _agent(ev.AGENT_INVOCATION_TRANSFERRED),
    p.AgentLoopFinished: _agent(ev.AGENT_LOOP_FINISHED),
    p.PromptAssemblyRequested: _agent(ev.PROMPT_ASSEMBLY_REQUESTED),
    p.ContextAssembled: _agent(ev.CONTEXT_ASSEMBLED),
    p.AgentTaskRegistered: _task,
    p.AgentTaskStarted: _plain(ev.AGENT_TASK_STARTED),
    p.AgentTaskCompleted: _plain(ev.AGENT_TASK_COMPLETED),
    p.AgentTaskFailed: _plain(ev.AGENT_TASK_FAILED),
    p.AgentTaskCancelled: _plain(ev.AGENT_TASK_CANCELLED),
    p.ModelCallStarted: lambda x, a, w: (ev.MODEL_CALL_STARTED, (a, x.served_model or x.model or "", x.call_index)),
    p.ModelCallCompleted: _model_done,
    p.ModelCallFailed: lambda x, a, w: (ev.MODEL_CALL_FAILED, (a, _cut(x.message or x.code, 100))),
    p.ModelCallRetry: lambda x, a, w: (ev.MODEL_CALL_RETRY, (x.attempt, x.code or "")),
    p.ModelNotice: lambda x, a, w: (ev.MODEL_NOTICE, (a, _cut(x.message or x.code, 100))),
    p.ModelTextOnly: _plain(ev.MODEL_TEXT_ONLY),
    p.TextAnswerCommitted: _agent(ev.TEXT_ANSWER_COMMITTED),
    p.TextNoteKept: _agent(ev.TEXT_NOTE_KEPT),
    p.NextStageUnavailable: lambda x, a, w: (ev.NEXT_STAGE_UNAVAILABLE, (x.next_agent_id or "",)),
    p.ToolCallsRefused: lambda x, a, w: (ev.TOOL_CALLS_REFUSED, (x.agent_name or a,)),
    p.StoppedTextCommitted: _agent(ev.STOPPED_TEXT_COMMITTED),
    p.AgentLimitReached: lambda x, a, w: (ev.AGENT_LIMIT_REACHED, (a, x.limit or "")),
    p.ToolCallStarted: lambda x, a, w: (ev.TOOL_CALL_STARTED, (a, x.name)),
    p.ToolCallCompleted: _tool_done,
    p.ToolCallIgnored: lambda x, a, w: (ev.TOOL_CALL_IGNORED, (x.name, x.error_code or _cut(x.message))),
    p.ToolCallAwaitingApproval: lambda x, a, w: (ev.TOOL_CALL_AWAITING_APPROVAL,
                                                 (x.agent_name or a, x.path or x.tool)),
    p.ToolCallApproved: _approved,
    p.ToolCallDenied: lambda x, a, w: (ev.TOOL_CALL_DENIED, (x.path or x.tool,)),
    p.ToolCallApprovalWithdrawn: lambda x, a, w: (ev.TOOL_CALL_APPROVAL_WITHDRAWN, (x.path or x.tool,)),
    p.WorkspaceFileWritten: lambda x, a, w: (ev.WORKSPACE_FILE_WRITTEN, (a, x.path, x.version)),
    p.WorkspaceFileRestored: lambda x, a, w: (ev.WORKSPACE_FILE_RESTORED, (x.path, x.from_version)),
    p.WorkspaceCheckpointRecorded: lambda x, a, w: (ev.WORKSPACE_CHECKPOINT_RECORDED, (len(x.files),)),
    p.WorkspaceLinkSkipped: lambda x, a, w: (ev.WORKSPACE_LINK_SKIPPED, (x.path,)),
    p.ChatCommitRequested: lambda x, a, w: (ev.CHAT_COMMIT_REQUESTED, (a, x.path)),
    p.ChatCommitCompleted: lambda x, a, w: (ev.CHAT_COMMIT_COMPLETED, (a, x.path, x.version)),
    p.LibraryFileWritten: lambda x, a, w: (ev.LIBRARY_FILE_WRITTEN, (a, x.name or x.path)),
    p.LibraryEntriesIncluded: lambda x, a, w: (ev.LIBRARY_ENTRIES_INCLUDED, (a, len(x.names))),
    p.CanonFactsIncluded: lambda x, a, w: (ev.CANON_FACTS_INCLUDED, (a, len(x.pinned) + len(x.relevant))),
    p.CanonFactProposed: lambda x, a, w: (ev.CANON_FACT_PROPOSED, (a, _cut(x.text))),
    p.SceneContextAssembled: lambda x, a, w: (ev.SCENE_CONTEXT_ASSEMBLED,
                                                (x.speaker_name or x.speaker or a,)),
    p.SceneMessageTold: lambda x, a, w: (ev.SCENE_MESSAGE_TOLD, (x.from_, x.to, _cut(x.text))),
    p.SceneSpeakerChosen: lambda x, a, w: (ev.SCENE_SPEAKER_CHOSEN, (x.name or x.agent_id or a,)),
    p.SkillScopesResolved: _skills,
    p.AgentHandoffRequested: lambda x, a, w: (ev.AGENT_HANDOFF_REQUESTED, (a, x.target_agent_id)),
    p.AgentHandoffAccepted: _handoff,
    p.AgentHandoffHookFailed: lambda x, a, w: (ev.AGENT_HANDOFF_HOOK_FAILED, (x.target_agent_id,)),
    p.AgentDelegateStarted: lambda x, a, w: (ev.AGENT_DELEGATE_STARTED, (a, x.target_agent_id, _cut(x.title))),
    p.AgentAwaitStarted: _agent(ev.AGENT_AWAIT_STARTED),
    p.AgentAwaitCompleted: _agent(ev.AGENT_AWAIT_COMPLETED),
    p.TaskReturnCompleted: _plain(ev.TASK_RETURN_COMPLETED),
    p.TaskResultsInjected: _agent(ev.TASK_RESULTS_INJECTED),
    p.ReviewRequested: lambda x, a, w: (ev.REVIEW_REQUESTED, (a, _cut(x.title))),
    p.ReviewRepairRequested: _agent(ev.REVIEW_REPAIR_REQUESTED),
    p.GuidanceReceived: lambda x, a, w: (ev.GUIDANCE_RECEIVED, (_cut(x.text),)),
    p.GuidanceDelivered: _agent(ev.GUIDANCE_DELIVERED),
    p.HandoffReady: _plain(ev.HANDOFF_READY),
    p.HandoffCancelled: _plain(ev.HANDOFF_CANCELLED),
    p.HandoffFailed: _plain(ev.HANDOFF_FAILED),
    p.HandoffEmpty: _plain(ev.HANDOFF_EMPTY),
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
        who = agent or _agent_of(payload) or _word(table, "studio")
        key, values = _FILLERS[type(payload)](payload, who, table)
    text = fill_args(_word(table, key), *("" if v is None else v for v in values))
    return " ".join(text.split())


def _word(table: dict[str, str], key: str) -> str:
    """A template from ``table``, or the English one (a table of the summaries' words alone has none)."""
    return table.get(WORDS_PREFIX + key) or _ENGLISH[WORDS_PREFIX + key]


def _agent_of(payload: object) -> str:
    name = getattr(payload, "agent_name", None) or getattr(payload, "agent_id", None)
    return str(name or "")


def has_sentence(event_type: str) -> bool:
    """Whether an event type has its sentence (a filler and a template)."""
    model = p.PAYLOAD_MODELS.get(event_type)
    return model is not None and (model in _FILLERS or model is p.ReviewCompleted) and event_type in SENTENCES


_ENGLISH: dict[str, str] = {**SUMMARY_WORDS, **sentence_words()}
