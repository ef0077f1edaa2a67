"""SQLModel tables. JSON columns hold text; the store decodes them at its edge."""

from __future__ import annotations

from sqlalchemy import Index
from sqlmodel import Field, SQLModel

from relay_studio.domain.records import CHAT_MODE_CHAT


class ProfileRow(SQLModel, table=True):
    __tablename__ = "profiles"
    id: str = Field(primary_key=True)
    json_text: str
    updated_at: str


class ChatRow(SQLModel, table=True):
    __tablename__ = "chats"
    #: a chat's name is unique within its project (schema 5 replaced the app-wide unique name)
    __table_args__ = (Index("ux_chats_project_name", "project_id", "name", unique=True),)
    id: str = Field(primary_key=True)
    name: str = Field(index=True)
    parent_chat_id: str | None = None
    origin: str | None = None
    created_at: str
    project_id: str | None = Field(default=None, index=True)
    #: ``chat`` or ``explore`` (``domain.records.CHAT_MODE_*``; added by migration 8)
    mode: str = Field(default=CHAT_MODE_CHAT, sa_column_kwargs={"server_default": CHAT_MODE_CHAT})


class MessageRow(SQLModel, table=True):
    __tablename__ = "messages"
    id: str = Field(primary_key=True)
    chat_id: str = Field(index=True)
    position: int
    role: str
    content: str
    agent_id: str | None = None
    agent_name: str | None = None
    run_id: str | None = Field(default=None, index=True)
    version: int = 1
    created_at: str
    updated_at: str


class RunRow(SQLModel, table=True):
    __tablename__ = "runs"
    id: str = Field(primary_key=True)
    chat_id: str = Field(index=True)
    root_profile_id: str
    kind: str = Field(default="relay", sa_column_kwargs={"server_default": "relay"})
    status: str = Field(index=True)
    user_text: str
    input_json: str
    error_code: str | None = None
    error_message: str | None = None
    message_id: str | None = None
    created_at: str
    updated_at: str


class InvocationRow(SQLModel, table=True):
    __tablename__ = "invocations"
    id: str = Field(primary_key=True)
    run_id: str = Field(index=True)
    parent_invocation_id: str | None = None
    profile_id: str
    kind: str
    status: str
    exit_policy: str
    depth: int = 0
    incoming_task_id: str | None = None
    error_code: str | None = None
    created_at: str
    ended_at: str | None = None


class TaskRow(SQLModel, table=True):
    __tablename__ = "tasks"
    id: str = Field(primary_key=True)
    run_id: str = Field(index=True)
    parent_invocation_id: str
    child_invocation_id: str
    target_profile_id: str
    continuation: str
    status: str
    handle: str
    task_json: str
    created_by_tool_call_id: str | None = None
    result_json: str | None = None
    error_json: str | None = None
    created_at: str
    ended_at: str | None = None
    #: the workspace the task's agent works in (seed 000 §4: a handoff's is its target profile's id)
    workspace_key: str | None = None
    #: the limits the task's agent runs under (JSON: maxRounds, maxToolCalls, timeoutSeconds)
    budget_json: str | None = None


class EventRow(SQLModel, table=True):
    __tablename__ = "events"
    run_id: str = Field(primary_key=True)
    seq: int = Field(primary_key=True)
    type: str
    level: str
    timestamp: str
    invocation_id: str | None = None
    related_json: str
    payload_json: str


class CommitRow(SQLModel, table=True):
    __tablename__ = "commits"
    id: str = Field(primary_key=True)
    run_id: str = Field(index=True)
    invocation_id: str
    agent_id: str
    path: str
    content: str
    message_id: str = Field(index=True)  # a message's versions (a chat's export reads them for each message)
    version: int
    created_at: str
    #: ``domain.enums.CommitMarker`` value: a text answer or a stopped stream; None for workspace_commit.
    marker: str | None = None


class ModelTurnRow(SQLModel, table=True):
    __tablename__ = "model_turns"
    id: str = Field(primary_key=True)
    run_id: str = Field(index=True)
    invocation_id: str
    agent_id: str
    call_index: int
    request_json: str
    response_json: str | None = None
    error_json: str | None = None
    started_at: str
    elapsed_ms: float | None = None


class WorkspaceFileVersionRow(SQLModel, table=True):
    __tablename__ = "workspace_file_versions"
    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(index=True)
    path: str
    version: int
    content: str
    sha256: str
    invocation_id: str | None = None
    created_at: str


class ConnectionRow(SQLModel, table=True):
    __tablename__ = "connections"
    id: str = Field(primary_key=True)
    kind: str
    base_url: str
    default_model: str | None = None
    settings_json: str = "{}"
    created_at: str
    updated_at: str


class AppSettingRow(SQLModel, table=True):
    """App-wide settings that belong with the data (not the window's QSettings): e.g. the default
    connection (``default_connection``). Added by schema 2."""

    __tablename__ = "app_settings"
    key: str = Field(primary_key=True)
    value: str


class ProjectRow(SQLModel, table=True):
    """A project groups chats and owns a folder with its story library, knowledge and Skills. Schema 5."""

    __tablename__ = "projects"
    id: str = Field(primary_key=True)
    name: str = Field(unique=True)
    slug: str = Field(unique=True)
    created_at: str


class LibraryEntryRow(SQLModel, table=True):
    """The index of a project's story library files (``library/<type>/<slug>.md``), refreshed from the
    files by mtime and hash (``library.store.LibraryStore.sync``). Schema 5."""

    __tablename__ = "library_entries"
    __table_args__ = (Index("ux_library_entries_path", "project_id", "path", unique=True),)
    id: str = Field(primary_key=True)
    project_id: str = Field(index=True)
    path: str
    type: str
    name: str
    entry_json: str
    mtime_ns: int
    sha256: str
    indexed_at: str


class SkillFileRow(SQLModel, table=True):
    """The index of a project's Skill files (``skills/<name>.md``): what was last seen of each file, so an
    edit made outside the app is noticed by mtime and hash (``library.refresh``). A file that does not
    parse keeps its row with the problem. Schema 7."""

    __tablename__ = "skill_files"
    __table_args__ = (Index("ux_skill_files_path", "project_id", "path", unique=True),)
    id: str = Field(primary_key=True)
    project_id: str = Field(index=True)
    path: str
    name: str | None = None
    mtime_ns: int
    sha256: str
    problem_code: str | None = None
    problem_message: str | None = None
    indexed_at: str


class CanonFactRow(SQLModel, table=True):
    """A project's canon: one fact each (``domain.canon.CanonFact``); ``number`` gives its handle (``f<number>``),
    counted per project and never reused. Schema 10."""

    __tablename__ = "canon_facts"
    __table_args__ = (Index("ux_canon_facts_number", "project_id", "number", unique=True),)
    id: str = Field(primary_key=True)
    project_id: str = Field(index=True)
    number: int
    text: str
    about_json: str
    attribute: str | None = None
    value: str | None = None
    as_of: int | None = None
    pinned: bool = False
    status: str
    source_json: str
    added_by: str
    created_at: str
    updated_at: str


class CanonChangeRow(SQLModel, table=True):
    """The canon's history: every change of a fact, who made it, when, the fact before and after (JSON; before is
    None for a new fact). Canon changes happen outside runs too, so they are kept here, not in a run's journal.
    Schema 10."""

    __tablename__ = "canon_changes"
    id: int | None = Field(default=None, primary_key=True)
    fact_id: str = Field(index=True)
    project_id: str = Field(index=True)
    action: str
    actor: str
    at: str
    before_json: str | None = None
    after_json: str
    run_id: str | None = None


class SceneRow(SQLModel, table=True):
    """A scene chat's cast and state (docs/scenes.md): the cast's profile ids in order, the narrator, the
    current scene number, who is present now, and the speaker a narrator picked for the next turn. Schema 11."""

    __tablename__ = "scenes"
    chat_id: str = Field(primary_key=True)
    cast_json: str
    narrator_id: str | None = None
    scene: int = 1
    present_json: str
    next_speaker_id: str | None = None
    created_at: str


class SceneLineRow(SQLModel, table=True):
    """Who was present when a scene chat's message was said (its audience), in which scene, and whether it was
    said to the room or told privately (``kind`` ``said`` | ``told``). Schema 11."""

    __tablename__ = "scene_lines"
    message_id: str = Field(primary_key=True)
    chat_id: str = Field(index=True)
    scene: int
    kind: str
    speaker_id: str | None = None
    audience_json: str


class SceneChangeRow(SQLModel, table=True):
    """A scene chat's journal of what happens outside its runs: created, entered, left, a scene break, presence
    corrected, a message told, a speaker picked (``payload_json`` says the details). Schema 11."""

    __tablename__ = "scene_changes"
    id: int | None = Field(default=None, primary_key=True)
    chat_id: str = Field(index=True)
    action: str
    scene: int
    profile_id: str | None = None
    payload_json: str
    at: str


class ContinuityMarkRow(SQLModel, table=True):
    """A continuity finding the creator marked intentional, with the reason: never reported again (its ``key``
    is ``ContinuityFinding.key``). Schema 12."""

    __tablename__ = "continuity_marks"
    project_id: str = Field(primary_key=True)
    key: str = Field(primary_key=True)
    reason: str
    summary: str
    text_quote: str
    evidence_quote: str
    marked_at: str


class ContinuityLogRow(SQLModel, table=True):
    """The continuity check's journal: each check, finding, dropped reviewer finding, failed review and mark, with
    its payload (JSON). Checks happen outside runs too, so they are kept here, not in a run's journal. Schema 12."""

    __tablename__ = "continuity_log"
    id: int | None = Field(default=None, primary_key=True)
    project_id: str = Field(index=True)
    at: str
    action: str
    chat_id: str | None = None
    payload_json: str
