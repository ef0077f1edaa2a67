"""Run, invocation, task, chat and commit records as the runtime and the hosts read them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from relay_studio.domain.enums import (
    CommitMarker,
    ExitPolicy,
    InvocationKind,
    InvocationStatus,
    RunStatus,
    TaskContinuation,
    TaskStatus,
)

#: what a chat is to its parent: an edit-and-rerun branch, or a continuation through a session handoff
CHAT_ORIGIN_BRANCH = "branch"
CHAT_ORIGIN_HANDOFF = "handoff"
#: what a chat is for: an ordinary chat, or an exploration (read-only runs that answer in plain text)
CHAT_MODE_CHAT = "chat"
CHAT_MODE_EXPLORE = "explore"
#: a scene chat: a cast of character agents, each knowing only what it witnessed (docs/scenes.md)
CHAT_MODE_SCENE = "scene"
#: the role of a continued chat's first entry: the handoff document, which every later prompt keeps
HANDOFF_CONTEXT_ROLE = "handoff"
#: a message the chat shows but no prompt includes (an imported SillyTavern ``is_system`` message)
NOTE_ROLE = "note"
#: a run that relays a chat message through the agents, or one that writes a session handoff document
RUN_KIND_RELAY = "relay"
RUN_KIND_HANDOFF = "handoff"
#: a run of an Explore chat: read tools only, its plain-text answer is the chat message
RUN_KIND_EXPLORE = "explore"


class RunRecord(BaseModel):
    id: str
    chat_id: str
    root_profile_id: str
    kind: str = RUN_KIND_RELAY
    status: RunStatus
    user_text: str
    error_code: str | None = None
    error_message: str | None = None
    message_id: str | None = None
    created_at: str
    updated_at: str


class InvocationRecord(BaseModel):
    id: str
    run_id: str
    parent_invocation_id: str | None
    profile_id: str
    kind: InvocationKind
    status: InvocationStatus
    exit_policy: ExitPolicy
    depth: int = 0
    incoming_task_id: str | None = None
    error_code: str | None = None
    created_at: str
    ended_at: str | None = None


class TaskRecord(BaseModel):
    id: str
    run_id: str
    parent_invocation_id: str
    child_invocation_id: str
    target_profile_id: str
    continuation: TaskContinuation
    status: TaskStatus
    handle: str
    task: dict[str, Any] = Field(default_factory=dict)
    created_by_tool_call_id: str | None = None
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    created_at: str
    ended_at: str | None = None
    workspace_key: str | None = None
    budget: dict[str, Any] | None = None


class ChatRecord(BaseModel):
    id: str
    name: str
    parent_chat_id: str | None = None
    origin: str | None = None
    created_at: str
    project_id: str | None = None
    mode: str = CHAT_MODE_CHAT

    @property
    def explore(self) -> bool:
        return self.mode == CHAT_MODE_EXPLORE


class ProjectRecord(BaseModel):
    """A project: it groups chats and owns the folder ``projects/<slug>/`` (story library, knowledge,
    Skills). ``slug`` names the folder and never changes, also when the project is renamed."""

    id: str
    name: str
    slug: str
    created_at: str


class MessageRecord(BaseModel):
    id: str
    chat_id: str
    position: int
    role: str
    content: str
    agent_id: str | None = None
    agent_name: str | None = None
    run_id: str | None = None
    version: int = 1
    created_at: str
    updated_at: str


class CommitRecord(BaseModel):
    id: str
    run_id: str
    invocation_id: str
    agent_id: str
    path: str
    content: str
    message_id: str
    version: int
    created_at: str
    marker: CommitMarker | None = None

    @property
    def stopped(self) -> bool:
        """This version is what streamed before the creator pressed Stop."""
        return self.marker is CommitMarker.STOPPED
