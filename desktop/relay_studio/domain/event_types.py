"""Every journal event type, spelled once, each with what it means (the envelope is ``domain/events.py``).

A constant's name is its type upper-cased. ``docs/contracts.md`` lists each with its meaning;
``tests/unit/test_contracts.py`` keeps the two in step. Types that follow a status are looked up in the
maps at the end (``RUN_ENDED``, ``INVOCATION_ENDED``, ``TASK_MOVED``, ``SESSION_HANDOFF_ENDED``).
"""

from __future__ import annotations

from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskStatus

# --- the run ---
#: The run exists: its chat, root agent and frozen input.
RUN_CREATED = "run_created"
#: The forecast the run started with, as the window showed it before Send (``stages``, ``inputTokens``,
#: ``outputTokens``, ``cost``, ``currency``, ``prices``): the timeline sets it against what the run used.
RUN_FORECAST = "run_forecast"
#: The run's status changed (``from``, ``to``).
STATUS_CHANGED = "status_changed"
#: A run suspended at an approval continues in this process (``agentId``, ``pendingCalls``).
RUN_RESUMED = "run_resumed"
#: A fork's first event: the run it came from, the stage (``sourceRunId``, ``stage``, ``changes``).
RUN_FORKED = "run_forked"
#: The process stopped while a foreground change waited for approval: the run can be resumed.
RUN_SUSPENDED = "run_suspended"
#: A run a crash left non-terminal, whose owner is gone, was marked interrupted.
RUN_INTERRUPTED = "run_interrupted"
#: The run finished (``ending``, ``commits``).
RUN_COMPLETED = "run_completed"
#: The run ended after a commit with a failure: the commits are kept.
RUN_PARTIAL_SUCCESS = "run_partial_success"
#: The run ended failed (``errorCode``, ``message``).
RUN_FAILED = "run_failed"
#: The run was stopped by the creator.
RUN_CANCELLED = "run_cancelled"

# --- stages and helpers (invocations) ---
#: An agent's stage or helper job was created (kind, profile, parent).
AGENT_INVOCATION_CREATED = "agent_invocation_created"
#: It started working.
AGENT_INVOCATION_STARTED = "agent_invocation_started"
#: It ended its part.
AGENT_INVOCATION_COMPLETED = "agent_invocation_completed"
#: It failed (``errorCode``).
AGENT_INVOCATION_FAILED = "agent_invocation_failed"
#: It was cancelled.
AGENT_INVOCATION_CANCELLED = "agent_invocation_cancelled"
#: It handed its work on to another agent.
AGENT_INVOCATION_TRANSFERRED = "agent_invocation_transferred"
#: Its model loop ended (``exit``: finished, transferred, returned, answered, ...).
AGENT_LOOP_FINISHED = "agent_loop_finished"
#: An agent's prompt is to be assembled: whose (``agentId``, ``kind``), its ``historyMode``, and the ``parts`` it
#: is made of.
PROMPT_ASSEMBLY_REQUESTED = "prompt_assembly_requested"
#: The prompt as the model will see it: system prompt, messages, tools.
CONTEXT_ASSEMBLED = "context_assembled"

# --- tasks (handoffs and delegated helpers) ---
#: A task record was created (``continuation`` = transfer_control | return_to_parent).
AGENT_TASK_REGISTERED = "agent_task_registered"
#: Its agent started on it.
AGENT_TASK_STARTED = "agent_task_started"
#: It completed.
AGENT_TASK_COMPLETED = "agent_task_completed"
#: It failed.
AGENT_TASK_FAILED = "agent_task_failed"
#: It was cancelled.
AGENT_TASK_CANCELLED = "agent_task_cancelled"

# --- model calls ---
#: A model call began (``turnId``; ``connection`` and ``servedModel``: where it went, when a connection serves it).
MODEL_CALL_STARTED = "model_call_started"
#: A model call answered (usage, elapsed); ``usage.estimated`` is true when the server sent no counts and
#: they were estimated.
MODEL_CALL_COMPLETED = "model_call_completed"
#: A model call failed (the provider's code).
MODEL_CALL_FAILED = "model_call_failed"
#: A failed call that may pass is tried again after a delay.
MODEL_CALL_RETRY = "model_call_retry"
#: Something the provider absorbed (a fallback, a repair): ``code``, ``message``.
MODEL_NOTICE = "model_notice"
#: A model turn with text and no tool call: saved and answered with a nudge.
MODEL_TEXT_ONLY = "model_text_only"
#: A stage's plain-text reply became the chat message (after the nudges, or as a profile's normal ending).
TEXT_ANSWER_COMMITTED = "text_answer_committed"
#: A stage's plain-text reply that is not the answer (after its own commit, or a short sign-off beside the
#: answer already in the chat): kept as a note, never a new version of the chat message.
TEXT_NOTE_KEPT = "text_note_kept"
#: A stage's profile names a next stage (``handoff.next``) that cannot take over; the stage ends as without one.
NEXT_STAGE_UNAVAILABLE = "next_stage_unavailable"
#: A stage's tool calls were refused several times in a row; the studio took over its ending (``outcome``).
TOOL_CALLS_REFUSED = "tool_calls_refused"
#: Stop landed while a foreground agent was streaming: what it had streamed became a stopped version.
STOPPED_TEXT_COMMITTED = "stopped_text_committed"
#: An agent reached maxToolCalls, maxRounds or the run's maxTotalRounds; only closing calls run now.
AGENT_LIMIT_REACHED = "agent_limit_reached"

# --- tool calls ---
#: A tool call began.
TOOL_CALL_STARTED = "tool_call_started"
#: A tool call ended (its full result, or the error code).
TOOL_CALL_COMPLETED = "tool_call_completed"
#: A call after the part had ended in the same turn was not run.
TOOL_CALL_IGNORED = "tool_call_ignored"
#: A proposal waits for the creator's approval (``path``, ``before``, ``after``).
TOOL_CALL_AWAITING_APPROVAL = "tool_call_awaiting_approval"
#: The creator approved (``editedContent`` when edited).
TOOL_CALL_APPROVED = "tool_call_approved"
#: The creator declined (``errorCode`` when the decline answers another code than ``tool.rejected_by_user``).
TOOL_CALL_DENIED = "tool_call_denied"
#: A proposal was withdrawn (its file changed meanwhile, or its call does not run).
TOOL_CALL_APPROVAL_WITHDRAWN = "tool_call_approval_withdrawn"

# --- files and commits ---
#: A workspace file was written (a new version).
WORKSPACE_FILE_WRITTEN = "workspace_file_written"
#: A fork's file, restored as its stage found it (``path``, ``fromRunId``, ``fromVersion``).
WORKSPACE_FILE_RESTORED = "workspace_file_restored"
#: The ``persist/`` files a run started with, as stored versions (``files``: ``path``, ``runId``, ``version``).
WORKSPACE_CHECKPOINT_RECORDED = "workspace_checkpoint_recorded"
#: A link or special file was left out of a ``persist/`` copy (``path``, ``message``).
WORKSPACE_LINK_SKIPPED = "workspace_link_skipped"
#: A commit to the chat was asked for.
CHAT_COMMIT_REQUESTED = "chat_commit_requested"
#: The commit is the chat message's new version (``messageId``, ``version``).
CHAT_COMMIT_COMPLETED = "chat_commit_completed"
#: A story library file or Skill was written by an agent's approved change (``path``, ``tool``, ``name``).
LIBRARY_FILE_WRITTEN = "library_file_written"
#: The story library entries a stage's prompt included (``names``, ``leftOut``, ``tokens``, ``budget``;
#: ``reasons``: which key in which input message brought each in).
LIBRARY_ENTRIES_INCLUDED = "library_entries_included"
#: The canon a stage's prompt holds (``pinned``: handles; ``relevant``: handle, ``by`` (mention or search), entry or
#: the words searched, and reason of each unpinned fact; ``tokens``: the Canon section's estimated cost; ``hidden``:
#: in a scene turn, handle and reason of each fact its speaker may not know there).
CANON_FACTS_INCLUDED = "canon_facts_included"
#: An agent proposed a fact for the canon (``handle``, ``text``, ``about``, ``status``: proposed or active).
CANON_FACT_PROPOSED = "canon_fact_proposed"
#: A scene turn's context (docs/scenes.md): the speaker (``speaker``: its id, ``speakerName``: the character's
#: name), the scene, who is present, how many messages the speaker
#: witnessed or was told (``included``), and what was left out and why (``leftOut``: scene, reason, count, first and
#: last message ids; ``entriesLeftOut``: entry name, reason).
SCENE_CONTEXT_ASSEMBLED = "scene_context_assembled"
#: A character told another one something privately (``from``, ``to``, ``text``, ``messageId``).
SCENE_MESSAGE_TOLD = "scene_message_told"
#: The narrator picked who speaks next (``agentId``, ``name``).
SCENE_SPEAKER_CHOSEN = "scene_speaker_chosen"
#: The Skills an invocation may use (``mode``, ``names``), resolved at its start.
SKILL_SCOPES_RESOLVED = "skill_scopes_resolved"

# --- handoff and delegation ---
#: An agent asked to hand off (``toolStyle``, target, brief).
AGENT_HANDOFF_REQUESTED = "agent_handoff_requested"
#: The handoff passed every check; the successor exists.
AGENT_HANDOFF_ACCEPTED = "agent_handoff_accepted"
#: A Python API ``on_handoff`` hook raised.
AGENT_HANDOFF_HOOK_FAILED = "agent_handoff_hook_failed"
#: A helper task was started.
AGENT_DELEGATE_STARTED = "agent_delegate_started"
#: An agent began waiting for its helpers.
AGENT_AWAIT_STARTED = "agent_await_started"
#: The wait ended (results, timeouts).
AGENT_AWAIT_COMPLETED = "agent_await_completed"
#: A helper reported back with task_return.
TASK_RETURN_COMPLETED = "task_return_completed"
#: Finished helpers' results were given to their agent after its tool turn.
TASK_RESULTS_INJECTED = "task_results_injected"

# --- reviews (``docs/director.md``) ---
#: A review was asked of a reviewer profile (``kind``, ``reviewerId``, ``draftHash``, ``handle``).
REVIEW_REQUESTED = "review_requested"
#: The reviewer's answer did not match its schema; it was asked once to repair it (``problem``).
REVIEW_REPAIR_REQUESTED = "review_repair_requested"
#: The review ended (``status`` passed or failed, ``overallStatus``, ``result`` or ``errorCode``).
REVIEW_COMPLETED = "review_completed"

# --- the creator while a run works ---
#: The creator's guidance was added to the chat (``text``, ``messageId``).
GUIDANCE_RECEIVED = "guidance_received"
#: The guidance reached the foreground agent at its next model call.
GUIDANCE_DELIVERED = "guidance_delivered"

# --- session handoff (``/handoff``: ``docs/session-handoff.md``) ---
#: The handoff document is ready for the creator to accept.
HANDOFF_READY = "handoff_ready"
#: Writing the document was cancelled.
HANDOFF_CANCELLED = "handoff_cancelled"
#: Writing the document failed.
HANDOFF_FAILED = "handoff_failed"
#: The model wrote an empty document.
HANDOFF_EMPTY = "handoff_empty"

#: The event that ends a run in each terminal status.
RUN_ENDED: dict[RunStatus, str] = {
    RunStatus.COMPLETED: RUN_COMPLETED,
    RunStatus.PARTIAL_SUCCESS: RUN_PARTIAL_SUCCESS,
    RunStatus.FAILED: RUN_FAILED,
    RunStatus.CANCELLED: RUN_CANCELLED,
    RunStatus.INTERRUPTED: RUN_INTERRUPTED,
}

#: The event of an invocation reaching each status after it was created.
INVOCATION_ENDED: dict[InvocationStatus, str] = {
    InvocationStatus.RUNNING: AGENT_INVOCATION_STARTED,
    InvocationStatus.COMPLETED: AGENT_INVOCATION_COMPLETED,
    InvocationStatus.FAILED: AGENT_INVOCATION_FAILED,
    InvocationStatus.CANCELLED: AGENT_INVOCATION_CANCELLED,
    InvocationStatus.TRANSFERRED: AGENT_INVOCATION_TRANSFERRED,
}

#: The event of a task reaching each status after it was registered.
TASK_MOVED: dict[TaskStatus, str] = {
    TaskStatus.RUNNING: AGENT_TASK_STARTED,
    TaskStatus.COMPLETED: AGENT_TASK_COMPLETED,
    TaskStatus.FAILED: AGENT_TASK_FAILED,
    TaskStatus.CANCELLED: AGENT_TASK_CANCELLED,
}

#: The event ending a session handoff's generation, by its outcome (``runtime.session_handoff.HandoffOutcome``).
SESSION_HANDOFF_ENDED: dict[str, str] = {
    "ready": HANDOFF_READY,
    "cancelled": HANDOFF_CANCELLED,
    "failed": HANDOFF_FAILED,
    "empty": HANDOFF_EMPTY,
}
