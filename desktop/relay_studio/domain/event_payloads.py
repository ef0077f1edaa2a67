"""Journal payloads as types: one pydantic model per event type, a discriminated union on ``type``.

The runtime still writes plain JSON (``Transaction.event``); readers (the CLI, the API, the window's
folds) turn an ``Event`` into its typed payload with ``typed(event)``. A payload key the model does not
know is kept (``extra="allow"``), every field has a default (older events lack newer keys), and an event
of a type without a model, or whose payload does not fit its model, reads as ``UnknownEvent`` holding the
raw payload: reading a journal never raises. ``tests/unit/test_event_payloads.py`` fails when an event
type of ``domain/event_types.py`` has no model here, and ``docs/contracts.md``'s event table is generated
from these models (``domain/event_catalog.py``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.alias_generators import to_camel

from relay_studio.domain.events import Event
from relay_studio.domain.messages import Usage
from relay_studio.domain.validation import first_problem

#: A payload's own ``type`` key (a review's entry type) is read as ``payloadType``: ``type`` is the event's.
OWN_TYPE_KEY = "payloadType"


class EventPayload(BaseModel):
    """The base of every typed payload: camelCase keys as stored, unknown keys kept."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="allow")

    type: str

    def stored(self) -> dict[str, Any]:
        """The payload as the journal stores it (the keys it was read from, plus any set since)."""
        data = self.model_dump(mode="json", by_alias=True, exclude_unset=True, exclude={"type"})
        if OWN_TYPE_KEY in data:
            data["type"] = data.pop(OWN_TYPE_KEY)
        return data


class _Named:
    """An event naming an agent: its display name where written, else its id (never "None")."""

    @property
    def agent_name(self) -> str:
        for key in ("display_name", "agent_display_name", "agent_id"):
            value = getattr(self, key, None)
            if value:
                return str(value)
        return ""


class UnknownEvent(BaseModel):
    """An event this version has no model for (a newer type, or a payload that does not fit): read as is."""

    type: str
    payload: dict[str, Any] = Field(default_factory=dict)
    #: why it did not read as its type ("" for a type without a model)
    problem: str = ""


class RunCreated(EventPayload):
    type: Literal["run_created"] = "run_created"
    agent_id: str | None = None
    chat_id: str | None = None
    chat_name: str | None = None
    explore: bool | None = None
    focus: str | None = None
    forked_from: dict[str, Any] | None = None
    kind: str | None = None
    left_out: int | None = None
    user_text: str | None = None


class RunForecast(EventPayload):
    """What the forecast said before Send (``runtime/forecast.py``'s ``Forecast``): each stage's first request,
    the whole run's input and output tokens as (low, high), the cost range and the prices it was priced at."""

    type: Literal["run_forecast"] = "run_forecast"
    stages: list[dict[str, Any]] = Field(default_factory=list)
    input_tokens: tuple[int, int] | None = None
    output_tokens: tuple[int, int] | None = None
    cost: tuple[float, float] | None = None
    currency: str | None = None
    prices: dict[str, Any] | None = None


class StatusChanged(EventPayload):
    type: Literal["status_changed"] = "status_changed"
    from_: str | None = Field(default=None, alias="from")
    to: str | None = None


class RunResumed(EventPayload):
    type: Literal["run_resumed"] = "run_resumed"
    agent_id: str | None = None
    pending_calls: list[Any] = Field(default_factory=list)


class RunForked(EventPayload):
    type: Literal["run_forked"] = "run_forked"
    agent_id: str | None = None
    changes: dict[str, Any] | None = None
    source_agent_id: str | None = None
    source_invocation_id: str | None = None
    source_run_id: str | None = None
    stage: int | None = None


class RunSuspended(EventPayload):
    type: Literal["run_suspended"] = "run_suspended"
    reason: str | None = None


class RunInterrupted(EventPayload):
    type: Literal["run_interrupted"] = "run_interrupted"
    previous_status: str | None = None
    reason: str | None = None


class RunCompleted(EventPayload):
    type: Literal["run_completed"] = "run_completed"
    agent_id: str | None = None
    cancelled_tasks: list[Any] = Field(default_factory=list)
    commits: int | None = None
    ending: str | None = None
    kind: str | None = None
    message_id: str | None = None
    summary: str | None = None


class RunPartialSuccess(EventPayload):
    type: Literal["run_partial_success"] = "run_partial_success"
    agent_id: str | None = None
    commits: int | None = None
    error_code: str | None = None
    message: str | None = None


class RunFailed(EventPayload):
    type: Literal["run_failed"] = "run_failed"
    agent_id: str | None = None
    commits: int | None = None
    error_code: str | None = None
    kind: str | None = None
    message: str | None = None


class RunCancelled(EventPayload):
    type: Literal["run_cancelled"] = "run_cancelled"
    agent_id: str | None = None
    commits: int | None = None
    kind: str | None = None


class AgentInvocationCreated(EventPayload, _Named):
    type: Literal["agent_invocation_created"] = "agent_invocation_created"
    agent_id: str | None = None
    depth: int | None = None
    display_name: str | None = None
    exit_policy: str | None = None
    kind: str | None = None
    parent_invocation_id: str | None = None
    task_id: str | None = None


class AgentInvocationStarted(EventPayload, _Named):
    type: Literal["agent_invocation_started"] = "agent_invocation_started"
    agent_id: str | None = None
    display_name: str | None = None
    kind: str | None = None


class AgentInvocationCompleted(EventPayload):
    type: Literal["agent_invocation_completed"] = "agent_invocation_completed"
    agent_id: str | None = None


class AgentInvocationFailed(EventPayload):
    type: Literal["agent_invocation_failed"] = "agent_invocation_failed"
    agent_id: str | None = None
    error_code: str | None = None
    message: str | None = None


class AgentInvocationCancelled(EventPayload):
    type: Literal["agent_invocation_cancelled"] = "agent_invocation_cancelled"
    agent_id: str | None = None
    reason: str | None = None


class AgentInvocationTransferred(EventPayload):
    type: Literal["agent_invocation_transferred"] = "agent_invocation_transferred"
    agent_id: str | None = None
    task_id: str | None = None


class AgentLoopFinished(EventPayload):
    type: Literal["agent_loop_finished"] = "agent_loop_finished"
    agent_id: str | None = None
    exit: str | None = None


class PromptAssemblyRequested(EventPayload):
    type: Literal["prompt_assembly_requested"] = "prompt_assembly_requested"
    agent_id: str | None = None
    history_mode: str | None = None
    kind: str | None = None
    parts: list[Any] = Field(default_factory=list)
    remove_tool_items: bool | None = None
    #: chat messages the input left out, and the profile's limit (where the input holds chat history)
    chat_history_left_out: int | None = None
    chat_history_limit: int | None = None


class ContextAssembled(EventPayload):
    type: Literal["context_assembled"] = "context_assembled"
    agent_id: str | None = None
    messages: list[Any] = Field(default_factory=list)
    project_sections: str | None = None
    session_id: str | None = None
    system_prompt: str | None = None
    tools: list[Any] = Field(default_factory=list)


class AgentTaskRegistered(EventPayload):
    type: Literal["agent_task_registered"] = "agent_task_registered"
    child_invocation_id: str | None = None
    continuation: str | None = None
    handle: str | None = None
    target_agent_id: str | None = None
    task_id: str | None = None
    title: str | None = None
    workspace_key: str | None = None
    budget: dict[str, Any] | None = None


class AgentTaskStarted(EventPayload):
    type: Literal["agent_task_started"] = "agent_task_started"
    task_id: str | None = None


class AgentTaskCompleted(EventPayload):
    type: Literal["agent_task_completed"] = "agent_task_completed"
    task_id: str | None = None


class AgentTaskFailed(EventPayload):
    type: Literal["agent_task_failed"] = "agent_task_failed"
    error: dict[str, Any] | None = None
    task_id: str | None = None


class AgentTaskCancelled(EventPayload):
    type: Literal["agent_task_cancelled"] = "agent_task_cancelled"
    reason: str | None = None
    task_id: str | None = None


class ModelCallStarted(EventPayload):
    type: Literal["model_call_started"] = "model_call_started"
    agent_id: str | None = None
    attempt: int | None = None
    call_index: int | None = None
    max_tokens: int | None = None
    messages: int | None = None
    model: str | None = None
    tools: list[Any] = Field(default_factory=list)
    turn_id: str | None = None
    #: the connection that served the call, and the model it asked for on the wire (absent for scripted tests)
    connection: str | None = None
    served_model: str | None = None


class ModelCallCompleted(EventPayload):
    type: Literal["model_call_completed"] = "model_call_completed"
    agent_id: str | None = None
    cost: float | None = None
    elapsed_ms: float | None = None
    finish_reason: str | None = None
    text_chars: int | None = None
    tool_calls: list[Any] = Field(default_factory=list)
    turn_id: str | None = None
    usage: Usage = Field(default_factory=Usage)


class ModelCallFailed(EventPayload):
    type: Literal["model_call_failed"] = "model_call_failed"
    code: str | None = None
    elapsed_ms: float | None = None
    message: str | None = None
    retryable: bool | None = None
    status: int | None = None
    turn_id: str | None = None


class ModelCallRetry(EventPayload):
    type: Literal["model_call_retry"] = "model_call_retry"
    attempt: int | None = None
    code: str | None = None
    delay_seconds: float | None = None


class ModelNotice(EventPayload):
    type: Literal["model_notice"] = "model_notice"
    agent_id: str | None = None
    code: str | None = None
    message: str | None = None
    turn_id: str | None = None


class ModelTextOnly(EventPayload):
    type: Literal["model_text_only"] = "model_text_only"
    captured_to: str | None = None
    nudge: int | None = None


class TextAnswerCommitted(EventPayload):
    type: Literal["text_answer_committed"] = "text_answer_committed"
    agent_id: str | None = None
    chars: int | None = None
    expected: str | None = None
    message_id: str | None = None
    nudges: int | None = None
    version: int | None = None


class TextNoteKept(EventPayload):
    type: Literal["text_note_kept"] = "text_note_kept"
    agent_id: str | None = None
    chars: int | None = None
    reason: str | None = None
    text: str | None = None


class NextStageUnavailable(EventPayload):
    type: Literal["next_stage_unavailable"] = "next_stage_unavailable"
    agent_id: str | None = None
    message: str | None = None
    next_agent_id: str | None = None


class StoppedTextCommitted(EventPayload):
    type: Literal["stopped_text_committed"] = "stopped_text_committed"
    agent_id: str | None = None
    chars: int | None = None
    message_id: str | None = None
    version: int | None = None


class AgentLimitReached(EventPayload):
    type: Literal["agent_limit_reached"] = "agent_limit_reached"
    agent_id: str | None = None
    allowance: int | None = None
    closing_calls: list[Any] = Field(default_factory=list)
    limit: str | None = None
    value: int | None = None


class ToolCallStarted(EventPayload):
    type: Literal["tool_call_started"] = "tool_call_started"
    arguments: str | None = None
    name: str | None = None
    tool_call_id: str | None = None


class ToolCallCompleted(EventPayload):
    type: Literal["tool_call_completed"] = "tool_call_completed"
    chars: int | None = None
    citations: list[Any] = Field(default_factory=list)
    count: int | None = None
    delivered: int | None = None
    edited: bool | None = None
    elapsed_ms: float | None = None
    entries: list[Any] = Field(default_factory=list)
    entry: str | None = None
    error_code: str | None = None
    handle: str | None = None
    hits: int | None = None
    is_error: bool | None = None
    name: str | None = None
    no_knowledge: bool | None = None
    overall_status: str | None = None
    path: str | None = None
    result: str | None = None
    review: str | None = None
    skill: str | None = None
    target_agent_id: str | None = None
    tool_call_id: str | None = None
    unverified_citations: int | None = None
    version: int | None = None


class ToolCallIgnored(EventPayload):
    type: Literal["tool_call_ignored"] = "tool_call_ignored"
    error_code: str | None = None
    message: str | None = None
    name: str | None = None
    tool_call_id: str | None = None


class ToolCallAwaitingApproval(EventPayload, _Named):
    type: Literal["tool_call_awaiting_approval"] = "tool_call_awaiting_approval"
    after: str | None = None
    agent_id: str | None = Field(default=None, alias="agent_id")
    agent_display_name: str | None = Field(default=None, alias="agent_name")
    arguments: dict[str, Any] | None = None
    before: str | None = None
    id: str | None = None
    path: str | None = None
    review: dict[str, Any] | None = None
    tool: str | None = None
    tool_call_id: str | None = None


class ToolCallApproved(EventPayload):
    type: Literal["tool_call_approved"] = "tool_call_approved"
    approval_id: str | None = None
    approve_rest: bool | None = None
    edited: bool | None = None
    edited_brief: dict[str, Any] | None = None
    edited_content: str | None = None
    path: str | None = None
    reason: str | None = None
    tool: str | None = None
    tool_call_id: str | None = None


class ToolCallDenied(EventPayload):
    type: Literal["tool_call_denied"] = "tool_call_denied"
    approval_id: str | None = None
    approve_rest: bool | None = None
    edited: bool | None = None
    path: str | None = None
    reason: str | None = None
    tool: str | None = None
    tool_call_id: str | None = None
    error_code: str | None = None


class ToolCallApprovalWithdrawn(EventPayload):
    type: Literal["tool_call_approval_withdrawn"] = "tool_call_approval_withdrawn"
    approval_id: str | None = None
    path: str | None = None
    reason: str | None = None
    tool: str | None = None
    tool_call_id: str | None = None


class WorkspaceFileWritten(EventPayload):
    type: Literal["workspace_file_written"] = "workspace_file_written"
    agent_id: str | None = None
    bytes: int | None = None
    path: str | None = None
    tool: str | None = None
    version: int | None = None


class WorkspaceFileRestored(EventPayload):
    type: Literal["workspace_file_restored"] = "workspace_file_restored"
    bytes: int | None = None
    from_run_id: str | None = None
    from_version: int | None = None
    path: str | None = None


class WorkspaceCheckpointRecorded(EventPayload):
    type: Literal["workspace_checkpoint_recorded"] = "workspace_checkpoint_recorded"
    files: list[Any] = Field(default_factory=list)


class WorkspaceLinkSkipped(EventPayload):
    type: Literal["workspace_link_skipped"] = "workspace_link_skipped"
    message: str | None = None
    path: str | None = None


class ChatCommitRequested(EventPayload):
    type: Literal["chat_commit_requested"] = "chat_commit_requested"
    agent_id: str | None = None
    by: str | None = None
    marker: str | None = None
    path: str | None = None


class ChatCommitCompleted(EventPayload):
    type: Literal["chat_commit_completed"] = "chat_commit_completed"
    agent_id: str | None = None
    by: str | None = None
    chars: int | None = None
    marker: str | None = None
    message_id: str | None = None
    path: str | None = None
    version: int | None = None


class LibraryFileWritten(EventPayload):
    type: Literal["library_file_written"] = "library_file_written"
    agent_id: str | None = None
    edited: bool | None = None
    name: str | None = None
    path: str | None = None
    tool: str | None = None


class CanonFactsIncluded(EventPayload):
    type: Literal["canon_facts_included"] = "canon_facts_included"
    agent_id: str | None = None
    pinned: list[Any] = Field(default_factory=list)
    relevant: list[Any] = Field(default_factory=list)
    left_out: list[Any] = Field(default_factory=list)
    tokens: int | None = None
    hidden: list[Any] = Field(default_factory=list)


class CanonFactProposed(EventPayload):
    type: Literal["canon_fact_proposed"] = "canon_fact_proposed"
    agent_id: str | None = None
    handle: str | None = None
    text: str | None = None
    about: list[Any] = Field(default_factory=list)
    status: str | None = None


class SceneContextAssembled(EventPayload):
    type: Literal["scene_context_assembled"] = "scene_context_assembled"
    speaker: str | None = None
    speaker_name: str | None = None  # the character's display name (journals before it named the id only)
    picked_by: str | None = None
    scene: int | None = None
    narrator: bool | None = None
    present: list[Any] = Field(default_factory=list)
    included: int | None = None
    left_out: list[Any] = Field(default_factory=list)
    entries_left_out: list[Any] = Field(default_factory=list)


class SceneMessageTold(EventPayload):
    type: Literal["scene_message_told"] = "scene_message_told"
    from_: str | None = Field(default=None, alias="from")
    to: str | None = None
    text: str | None = None
    message_id: str | None = None


class SceneSpeakerChosen(EventPayload):
    type: Literal["scene_speaker_chosen"] = "scene_speaker_chosen"
    agent_id: str | None = None
    name: str | None = None


class ToolCallsRefused(EventPayload, _Named):
    type: Literal["tool_calls_refused"] = "tool_calls_refused"
    agent_id: str | None = None
    refused: int | None = None
    outcome: str | None = None
    text_chars: int | None = None
    last_errors: list[Any] = Field(default_factory=list)


class LibraryEntriesIncluded(EventPayload):
    type: Literal["library_entries_included"] = "library_entries_included"
    agent_id: str | None = None
    budget: int | None = None
    left_out: list[Any] = Field(default_factory=list)
    names: list[Any] = Field(default_factory=list)
    tokens: int | None = None
    #: why each entry is in: ``{"name", "key", "message"}`` (the key that fired, the input message's index)
    #: or ``{"name", "always": true}``
    reasons: list[dict[str, Any]] = Field(default_factory=list)


class SkillScopesResolved(EventPayload):
    type: Literal["skill_scopes_resolved"] = "skill_scopes_resolved"
    agent_id: str | None = None
    mode: str | None = None
    names: list[Any] = Field(default_factory=list)


class AgentHandoffRequested(EventPayload):
    type: Literal["agent_handoff_requested"] = "agent_handoff_requested"
    agent_id: str | None = None
    pending_task_policy: str | None = None
    target_agent_id: str | None = None
    title: str | None = None
    tool_call_id: str | None = None
    tool_style: str | None = None


class AgentHandoffAccepted(EventPayload, _Named):
    type: Literal["agent_handoff_accepted"] = "agent_handoff_accepted"
    agent_display_name: str | None = None
    agent_id: str | None = None
    #: the brief as the agent wrote it, when the creator edited it before it was handed on (``brief``: theirs)
    agent_brief: dict[str, Any] | None = None
    brief: dict[str, Any] | None = None
    brief_edited_by: str | None = None
    by: str | None = None
    draft_path: str | None = None
    history_mapper: str | None = None
    history_mode: str | None = None
    hook_result: Any = None
    input_filter: str | None = None
    objective_from: str | None = None
    reason: str | None = None
    remove_tool_items: bool | None = None
    target_agent_id: str | None = None
    target_display_name: str | None = None
    task_id: str | None = None
    title: str | None = None
    tool_style: str | None = None
    why: str | None = None


class AgentHandoffHookFailed(EventPayload):
    type: Literal["agent_handoff_hook_failed"] = "agent_handoff_hook_failed"
    agent_id: str | None = None
    error: str | None = None
    target_agent_id: str | None = None


class AgentDelegateStarted(EventPayload):
    type: Literal["agent_delegate_started"] = "agent_delegate_started"
    agent_id: str | None = None
    handle: str | None = None
    target_agent_id: str | None = None
    task_id: str | None = None
    title: str | None = None


class AgentAwaitStarted(EventPayload):
    type: Literal["agent_await_started"] = "agent_await_started"
    handles: list[Any] = Field(default_factory=list)
    mode: str | None = None
    timeout_seconds: float | None = None


class AgentAwaitCompleted(EventPayload):
    type: Literal["agent_await_completed"] = "agent_await_completed"
    delivered: list[Any] = Field(default_factory=list)
    mode: str | None = None
    still_running: list[Any] = Field(default_factory=list)
    timed_out: bool | None = None


class TaskReturnCompleted(EventPayload):
    type: Literal["task_return_completed"] = "task_return_completed"
    handle: str | None = None
    result: dict[str, Any] | None = None
    status: str | None = None
    task_id: str | None = None


class TaskResultsInjected(EventPayload):
    type: Literal["task_results_injected"] = "task_results_injected"
    handles: list[Any] = Field(default_factory=list)


class ReviewRequested(EventPayload):
    type: Literal["review_requested"] = "review_requested"
    agent_id: str | None = None
    draft_hash: str | None = None
    handle: str | None = None
    kind: str | None = None
    review_mode: bool | None = None
    reviewer_id: str | None = None
    task_id: str | None = None
    title: str | None = None


class ReviewRepairRequested(EventPayload):
    type: Literal["review_repair_requested"] = "review_repair_requested"
    agent_id: str | None = None
    problem: str | None = None


class ReviewCompleted(EventPayload):
    type: Literal["review_completed"] = "review_completed"
    agent_id: str | None = None
    draft_hash: str | None = None
    error_code: str | None = None
    handle: str | None = None
    kind: str | None = None
    message: str | None = None
    name: str | None = None
    overall_status: str | None = None
    result: dict[str, Any] | None = None
    reviewer_id: str | None = None
    status: str | None = None
    #: the reviewed entry's type, stored as the payload's ``type`` key
    payload_type: str | None = None


class GuidanceReceived(EventPayload):
    type: Literal["guidance_received"] = "guidance_received"
    message_id: str | None = None
    text: str | None = None


class GuidanceDelivered(EventPayload):
    type: Literal["guidance_delivered"] = "guidance_delivered"
    agent_id: str | None = None


class HandoffReady(EventPayload):
    type: Literal["handoff_ready"] = "handoff_ready"
    agent_id: str | None = None
    chars: int | None = None
    error_code: str | None = None
    message: str | None = None
    missing_sections: list[Any] = Field(default_factory=list)


class HandoffCancelled(EventPayload):
    type: Literal["handoff_cancelled"] = "handoff_cancelled"
    agent_id: str | None = None
    chars: int | None = None
    error_code: str | None = None
    message: str | None = None
    missing_sections: list[Any] = Field(default_factory=list)


class HandoffFailed(EventPayload):
    type: Literal["handoff_failed"] = "handoff_failed"
    agent_id: str | None = None
    chars: int | None = None
    error_code: str | None = None
    message: str | None = None
    missing_sections: list[Any] = Field(default_factory=list)


class HandoffEmpty(EventPayload):
    type: Literal["handoff_empty"] = "handoff_empty"
    agent_id: str | None = None
    chars: int | None = None
    error_code: str | None = None
    message: str | None = None
    missing_sections: list[Any] = Field(default_factory=list)


TypedPayload = Annotated[
    RunCreated | RunForecast | StatusChanged | RunResumed | RunForked | RunSuspended | RunInterrupted | RunCompleted |
    RunPartialSuccess | RunFailed | RunCancelled | AgentInvocationCreated | AgentInvocationStarted |
    AgentInvocationCompleted | AgentInvocationFailed | AgentInvocationCancelled | AgentInvocationTransferred |
    AgentLoopFinished | PromptAssemblyRequested | ContextAssembled | AgentTaskRegistered | AgentTaskStarted |
    AgentTaskCompleted | AgentTaskFailed | AgentTaskCancelled | ModelCallStarted | ModelCallCompleted |
    ModelCallFailed | ModelCallRetry | ModelNotice | ModelTextOnly | TextAnswerCommitted | TextNoteKept |
    NextStageUnavailable | StoppedTextCommitted | AgentLimitReached | ToolCallStarted | ToolCallCompleted |
    ToolCallIgnored | ToolCallAwaitingApproval | ToolCallApproved | ToolCallDenied | ToolCallApprovalWithdrawn |
    WorkspaceFileWritten | WorkspaceFileRestored | WorkspaceCheckpointRecorded | WorkspaceLinkSkipped |
    ChatCommitRequested | ChatCommitCompleted | LibraryFileWritten | LibraryEntriesIncluded |
    ToolCallsRefused | CanonFactsIncluded | CanonFactProposed | SceneContextAssembled | SceneMessageTold |
    SceneSpeakerChosen |
    SkillScopesResolved | AgentHandoffRequested | AgentHandoffAccepted | AgentHandoffHookFailed |
    AgentDelegateStarted | AgentAwaitStarted | AgentAwaitCompleted | TaskReturnCompleted | TaskResultsInjected |
    ReviewRequested | ReviewRepairRequested | ReviewCompleted | GuidanceReceived | GuidanceDelivered |
    HandoffReady | HandoffCancelled | HandoffFailed | HandoffEmpty,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[TypedPayload] = TypeAdapter(TypedPayload)

#: Each event type with its payload model (the members of ``TypedPayload``).
PAYLOAD_MODELS: dict[str, type[EventPayload]] = {
    c.model_fields["type"].default: c for c in get_args(get_args(TypedPayload)[0])
}


def typed(event: Event) -> TypedPayload | UnknownEvent:
    """``event``'s payload as its model, or ``UnknownEvent`` when there is none or it does not fit."""
    if event.type not in PAYLOAD_MODELS:
        return UnknownEvent(type=event.type, payload=event.payload)
    data = dict(event.payload)
    if "type" in data:
        data[OWN_TYPE_KEY] = data.pop("type")
    data["type"] = event.type
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        return UnknownEvent(type=event.type, payload=event.payload, problem=first_problem(exc, "payload").line())
