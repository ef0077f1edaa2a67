"""Agent profiles: the portable JSON format creators share, with exhaustive validation.

One cohesive thing past ~450 lines, kept whole on purpose: the format's sections and the rules across them
(each with its stable code) are read together when a field is added; the catalog checks use the same rules.

Every rule has one stable code. ``validate_profile`` returns every diagnostic at once (so an editor
can show each at its field); ``parse_profile`` refuses a profile with any diagnostic.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError
from pydantic.alias_generators import to_camel

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.input_schema import input_schema_problem, output_schema_problem

PROFILE_KIND = "relay-studio.agentProfile"
SCHEMA_VERSION = 1
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}\Z")  # \Z: "$" would accept a trailing newline
ROOT_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}\Z")
TOOL_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}\Z")
DEFAULT_ROOTS = ["output", "scratch", "plan", "summaries", "persist"]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True, frozen=True)


class Instructions(_Section):
    system_prompt: str | None = None
    task_prompt: str | None = None


class ModelBinding(_Section):
    """Where an agent's model comes from. ``connection``: the named connection (and ``model``);
    ``default``: the app's default connection, with ``model`` if given, else that connection's default
    model, else the first model its server lists; ``requiresConfiguration``: not runnable yet."""

    mode: Literal["connection", "default", "requiresConfiguration"] = "requiresConfiguration"
    connection: str | None = None
    model: str | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_tokens: int | None = Field(default=None, ge=1)
    tool_choice: Literal["auto", "required", "none"] | dict[str, str] = "auto"
    max_retries: int = Field(default=3, ge=0, le=10)
    retry_interval_seconds: float = Field(default=2.0, ge=0, le=120)
    #: how many tokens the model holds (prompt and answer), when its server does not say or says wrong;
    #: the window offers a session handoff before a chat outgrows it (docs/session-handoff.md)
    context_window_tokens: int | None = Field(default=None, ge=256, le=100_000_000)
    #: the most one model call may take, from request to its last token; past it the call ends and what
    #: arrived is kept (``runtime/model_call.py``); separate from the connection's idle timeout
    call_deadline_seconds: float = Field(default=300.0, gt=0, le=86400)


class Tools(_Section):
    allow: list[str] = Field(default_factory=list)
    deny: list[str] = Field(default_factory=list)
    max_rounds: int = Field(default=40, ge=1, le=1000)
    max_tool_calls: int = Field(default=80, ge=1, le=5000)
    require_approval: list[str] = Field(default_factory=list)


class Delegation(_Section):
    handoff_tool_style: Literal["single", "perTarget"] = "single"
    can_handoff: bool = False
    can_delegate: bool = False
    callable: bool = False
    allow_as_handoff_target: bool = False
    allow_as_subagent: bool = False
    allowed_callers: list[str] = Field(default_factory=lambda: ["*"])
    description_for_agents: str = ""
    max_handoff_depth: int = Field(default=8, ge=0, le=64)
    max_concurrent_tasks: int = Field(default=3, ge=1, le=32)
    max_tasks_per_run: int = Field(default=8, ge=0, le=256)
    task_timeout_seconds: float = Field(default=600, gt=0, le=86400)


#: What a handoff target sees besides its own prompt (docs/runtime.md, *Handoff options*): ``snapshot``
#: the run's frozen chat input and the brief, ``briefOnly`` the brief alone, ``fullHistory`` and
#: ``nestedSummary`` the earlier stages' conversation too.
HistoryMode = Literal["snapshot", "briefOnly", "fullHistory", "nestedSummary"]


class HandoffIn(_Section):
    """How this profile is offered as a handoff target, and what it sees of the earlier stages."""

    enabled: bool | Literal["afterCommit"] = True
    tool_name_override: str | None = None
    tool_description_override: str | None = None
    history_mode: HistoryMode = "snapshot"
    remove_tool_items: bool = False
    input_schema: dict[str, Any] | None = None


class HandoffOut(_Section):
    """The stage that follows this one (docs/runtime.md, *Declared next stages*): when this stage ends
    without handing off itself (a plain-text answer, a commit and then nothing, the nudges used up), the
    runtime hands its draft on to ``next``. ``briefTemplate``: the objective the next stage is given
    (``{file}`` becomes the draft's workspace path); without it, the next profile's description. ``reviewBrief``:
    the creator sees (and may edit) every brief this agent hands on, before the next stage starts."""

    next: str | None = None
    brief_template: str | None = Field(default=None, max_length=20_000)
    #: "Let me see the brief first": when this agent hands off, the run waits while the creator reads the brief
    #: and may edit it; the next stage starts with the creator's version (``runtime/delegation/brief_review.py``)
    review_brief: StrictBool = False


class RunSettings(_Section):
    direct_runnable: bool = True
    #: Plain text is this profile's normal ending: its first text-only reply is its answer (the chat
    #: message, or a helper's report), with no commit, finish or nudge needed.
    end_on_text_answer: bool = False


class ContextSettings(_Section):
    chat_history_messages: int = Field(default=-1, ge=-1)
    #: the most a stage's "Story library" section may take (estimated tokens); 0 turns mentions off
    library_budget_tokens: int = Field(default=2000, ge=0, le=200_000)


class SkillSettings(_Section):
    """Which Skills this agent may use: every one meant for it, only those named, or none."""

    mode: Literal["all", "listed", "none"] = "all"
    names: list[str] = Field(default_factory=list)


class WorkspaceRoots(_Section):
    visible_roots: list[str] = Field(default_factory=lambda: list(DEFAULT_ROOTS))
    writable_roots: list[str] = Field(default_factory=lambda: list(DEFAULT_ROOTS))


class OutputSettings(_Section):
    """A reviewer's answer form: a JSON Schema its answer must match (asked for as structured output where
    the server supports it, else checked, with one repair request on a mismatch)."""

    json_schema: dict[str, Any] | None = Field(default=None, alias="schema")


#: Reviews a profile may require before its writes (``reviews.beforeWrite``).
ReviewKind = Literal["consistency"]


class ReviewSettings(_Section):
    """Reviews this agent must pass before it writes, and which reviewer profiles its review tools ask."""

    before_write: list[ReviewKind] = Field(default_factory=list)
    consistency_reviewer: str = "consistency-reviewer"
    rules_reviewer: str = "rules-advisor"


class AgentProfile(_Section):
    schema_version: int = SCHEMA_VERSION
    kind: str = PROFILE_KIND
    id: str
    display_name: str
    description: str = ""
    instructions: Instructions = Field(default_factory=Instructions)
    model: ModelBinding = Field(default_factory=ModelBinding)
    tools: Tools = Field(default_factory=Tools)
    delegation: Delegation = Field(default_factory=Delegation)
    handoff_in: HandoffIn = Field(default_factory=HandoffIn)
    handoff: HandoffOut = Field(default_factory=HandoffOut)
    run: RunSettings = Field(default_factory=RunSettings)
    context: ContextSettings = Field(default_factory=ContextSettings)
    skills: SkillSettings = Field(default_factory=SkillSettings)
    workspace: WorkspaceRoots = Field(default_factory=WorkspaceRoots)
    output: OutputSettings = Field(default_factory=OutputSettings)
    reviews: ReviewSettings = Field(default_factory=ReviewSettings)

    def effective_tools(self) -> list[str]:
        """Allowed minus denied, in the order the profile lists them."""
        denied = set(self.tools.deny)
        return [name for name in self.tools.allow if name not in denied]

    def to_json_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


class Diagnostic(BaseModel):
    code: str
    path: str
    message: str


class ProfileError(ValueError):
    """A profile that cannot be used; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic], source: str = "profile") -> None:
        self.diagnostics = diagnostics
        self.source = source
        first = diagnostics[0]
        more = f" (and {len(diagnostics) - 1} more problem(s))" if len(diagnostics) > 1 else ""
        super().__init__(f"{source}: {first.message} [{first.code} at {first.path}]{more}")

    @property
    def code(self) -> str:
        return self.diagnostics[0].code

    @classmethod
    def single(cls, code: str, source: str, message: str) -> ProfileError:
        return cls([Diagnostic(code=code, path="(profile)", message=message)], source)


_PYDANTIC_CODES = {
    "extra_forbidden": codes.PROFILE_UNKNOWN_FIELD,
    "missing": codes.PROFILE_MISSING_FIELD,
    "literal_error": codes.PROFILE_INVALID_VALUE,
    "greater_than_equal": codes.PROFILE_VALUE_OUT_OF_RANGE,
    "less_than_equal": codes.PROFILE_VALUE_OUT_OF_RANGE,
    "greater_than": codes.PROFILE_VALUE_OUT_OF_RANGE,
    "less_than": codes.PROFILE_VALUE_OUT_OF_RANGE,
}


def _camel_path(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        else:
            name = to_camel(item) if "_" in item else item
            parts.append(("." if parts else "") + name)
    return "".join(parts) or "(profile)"


def _pydantic_diagnostics(error: ValidationError) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for item in error.errors():
        path = _camel_path(tuple(item["loc"]))
        code = _PYDANTIC_CODES.get(item["type"], codes.PROFILE_INVALID_TYPE)
        if code == codes.PROFILE_UNKNOWN_FIELD:
            message = f"Unknown field '{path}'."
        elif code == codes.PROFILE_MISSING_FIELD:
            message = f"Required field '{path}' is missing."
        else:
            message = f"Field '{path}': {item['msg']}."
        out.append(Diagnostic(code=code, path=path, message=message))
    return out


def _rule_diagnostics(p: AgentProfile, schemas_known_valid: bool = False) -> list[Diagnostic]:
    out: list[Diagnostic] = []

    def add(code: str, path: str, message: str) -> None:
        out.append(Diagnostic(code=code, path=path, message=message))

    if p.kind != PROFILE_KIND:
        add(codes.PROFILE_BAD_KIND, "kind", f"'kind' must be '{PROFILE_KIND}', not '{p.kind}'.")
    if p.schema_version != SCHEMA_VERSION:
        add(
            codes.PROFILE_UNSUPPORTED_SCHEMA_VERSION,
            "schemaVersion",
            f"Schema version {p.schema_version} is not supported; this version reads {SCHEMA_VERSION}.",
        )
    if not ID_PATTERN.match(p.id):
        add(
            codes.PROFILE_BAD_ID,
            "id",
            f"Profile id '{p.id}' must be 1-64 lowercase letters, digits, '-' or '_', starting with a "
            "letter or digit.",
        )
    if not p.display_name.strip():
        add(codes.PROFILE_EMPTY_DISPLAY_NAME, "displayName", "The display name must not be empty.")

    for section in ("allow", "deny", "requireApproval"):
        names = {"allow": p.tools.allow, "deny": p.tools.deny, "requireApproval": p.tools.require_approval}
        for i, name in enumerate(names[section]):
            if name == tn.TASK_RETURN:
                add(
                    codes.PROFILE_TASK_RETURN_NOT_ALLOWED,
                    f"tools.{section}[{i}]",
                    "'task.return' is given to delegated helpers by the runtime; do not list it.",
                )
            elif name not in tn.PROFILE_TOOLS:
                add(codes.PROFILE_UNKNOWN_TOOL, f"tools.{section}[{i}]", f"Unknown tool '{name}'.")
    for i, name in enumerate(p.tools.require_approval):
        if name in tn.PROFILE_TOOLS and name not in p.effective_tools():
            add(
                codes.PROFILE_APPROVAL_FOR_UNAVAILABLE_TOOL,
                f"tools.requireApproval[{i}]",
                f"'{name}' requires approval but the profile does not allow it.",
            )

    effective = set(p.effective_tools())
    if tn.AGENT_HANDOFF in effective and not p.delegation.can_handoff:
        add(
            codes.PROFILE_HANDOFF_NOT_ENABLED,
            "delegation.canHandoff",
            "'agent.handoff' is allowed but delegation.canHandoff is false.",
        )
    if tn.AGENT_DELEGATE in effective and not p.delegation.can_delegate:
        add(
            codes.PROFILE_DELEGATE_NOT_ENABLED,
            "delegation.canDelegate",
            "'agent.delegate' is allowed but delegation.canDelegate is false.",
        )
    d = p.delegation
    if d.callable and not (d.allow_as_handoff_target or d.allow_as_subagent):
        add(
            codes.PROFILE_CALLABLE_WITHOUT_ROLE,
            "delegation.callable",
            "A callable profile must allow itself as a handoff target, a subagent, or both.",
        )
    for i, caller in enumerate(d.allowed_callers):
        if caller != "*" and not ID_PATTERN.match(caller):
            add(
                codes.PROFILE_BAD_ALLOWED_CALLER,
                f"delegation.allowedCallers[{i}]",
                f"'{caller}' is neither '*' nor a valid profile id.",
            )
    # A foreground stage (started directly or handed the work) must be able to end: finish, hand on, or
    # answer in text. Helpers are exempt: they end with task_return, which the runtime gives them.
    ends_in_text = p.run.end_on_text_answer or p.handoff.next is not None
    dead_end = not ends_in_text and not ({tn.WORKSPACE_FINISH, tn.AGENT_HANDOFF} & effective)
    if dead_end and p.run.direct_runnable:
        add(
            codes.PROFILE_NO_STAGE_EXIT,
            "run.directRunnable",
            "A direct-runnable profile needs 'workspace.finish' or 'agent.handoff' to end its stage, "
            "run.endOnTextAnswer, or a next stage (handoff.next).",
        )
    elif dead_end and d.callable and d.allow_as_handoff_target:
        add(
            codes.PROFILE_NO_STAGE_EXIT,
            "delegation.allowAsHandoffTarget",
            "A handoff target needs 'workspace.finish' or 'agent.handoff' to end its stage, "
            "run.endOnTextAnswer, or a next stage (handoff.next).",
        )

    following = p.handoff.next
    if following is not None and not ID_PATTERN.match(following):
        add(codes.PROFILE_BAD_NEXT_STAGE, "handoff.next", f"'{following}' is not a valid profile id.")
    elif following == p.id:
        add(codes.PROFILE_BAD_NEXT_STAGE, "handoff.next", "A profile cannot be its own next stage.")

    h = p.handoff_in
    if h.tool_name_override is not None and not TOOL_NAME_PATTERN.match(h.tool_name_override):
        add(
            codes.PROFILE_BAD_TOOL_NAME,
            "handoffIn.toolNameOverride",
            f"Tool name '{h.tool_name_override}' must be 1-64 letters, digits, '_' or '-'.",
        )
    if h.input_schema is not None:
        problem = input_schema_problem(h.input_schema, known_valid=schemas_known_valid)
        if problem:
            add(codes.PROFILE_INVALID_INPUT_SCHEMA, "handoffIn.inputSchema", problem)

    if p.output.json_schema is not None:
        problem = output_schema_problem(p.output.json_schema, known_valid=schemas_known_valid)
        if problem:
            add(codes.PROFILE_INVALID_OUTPUT_SCHEMA, "output.schema", problem)
    review_tools = {"consistency": tn.REVIEW_CONSISTENCY}
    for i, kind in enumerate(p.reviews.before_write):
        if review_tools[kind] not in effective:
            add(codes.PROFILE_REVIEW_WITHOUT_TOOL, f"reviews.beforeWrite[{i}]",
                f"'{kind}' reviews are required before writes, but the profile does not allow "
                f"'{review_tools[kind]}'.")
    for key, reviewer in (("consistencyReviewer", p.reviews.consistency_reviewer),
                          ("rulesReviewer", p.reviews.rules_reviewer)):
        if not ID_PATTERN.match(reviewer):
            add(codes.PROFILE_BAD_REVIEWER, f"reviews.{key}", f"'{reviewer}' is not a valid profile id.")

    if p.model.mode == "connection":
        if not (p.model.connection or "").strip():
            add(codes.PROFILE_MODEL_CONNECTION_MISSING, "model.connection", "Name the connection to use.")
        if not (p.model.model or "").strip():
            add(codes.PROFILE_MODEL_NAME_MISSING, "model.model", "Name the model to use.")
    if p.model.mode == "default" and p.model.model is not None and not p.model.model.strip():
        add(codes.PROFILE_MODEL_NAME_MISSING, "model.model",
            "Leave the model out to use the default connection's model, or name one.")

    for key, roots in (("visibleRoots", p.workspace.visible_roots), ("writableRoots", p.workspace.writable_roots)):
        for i, root in enumerate(roots):
            if not ROOT_PATTERN.match(root):
                add(
                    codes.PROFILE_BAD_WORKSPACE_ROOT,
                    f"workspace.{key}[{i}]",
                    f"Workspace root '{root}' must be one plain folder name.",
                )
    for i, root in enumerate(p.workspace.writable_roots):
        if root not in p.workspace.visible_roots:
            add(
                codes.PROFILE_WRITABLE_ROOT_NOT_VISIBLE,
                f"workspace.writableRoots[{i}]",
                f"Writable root '{root}' must also be visible.",
            )
    return out


def validate_profile(data: object, *, schemas_known_valid: bool = False
                     ) -> tuple[AgentProfile | None, list[Diagnostic]]:
    """Every diagnostic for ``data``; the profile only when there are none. ``schemas_known_valid``: its
    JSON Schemas are not checked against the meta-schema (a built-in profile's: ``profile_catalog``)."""
    if not isinstance(data, dict):
        return None, [
            Diagnostic(code=codes.PROFILE_NOT_AN_OBJECT, path="(profile)", message="A profile must be a JSON object.")
        ]
    try:
        profile = AgentProfile.model_validate(data)
    except ValidationError as exc:
        return None, _pydantic_diagnostics(exc)
    diagnostics = _rule_diagnostics(profile, schemas_known_valid)
    return (None if diagnostics else profile), diagnostics


def parse_profile(data: object, source: str = "profile", *, schemas_known_valid: bool = False) -> AgentProfile:
    profile, diagnostics = validate_profile(data, schemas_known_valid=schemas_known_valid)
    if profile is None:
        raise ProfileError(diagnostics, source)
    return profile


#: Rules added after profiles were first saved: a stored profile breaking only these still loads (the
#: editor shows the problem at its field), so an upgrade never locks a creator out of their profile.
LATER_RULES = frozenset({(codes.PROFILE_NO_STAGE_EXIT, "delegation.allowAsHandoffTarget")})


def parse_stored_profile(data: object, source: str = "profile") -> AgentProfile:
    """A profile saved earlier: refused like ``parse_profile``, except for ``LATER_RULES``."""
    profile, diagnostics = validate_profile(data)
    if profile is not None:
        return profile
    if diagnostics and all((d.code, d.path) in LATER_RULES for d in diagnostics):
        return AgentProfile.model_validate(data)
    raise ProfileError(diagnostics, source)


def parse_profile_text(text: str, source: str = "profile") -> AgentProfile:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProfileError(
            [
                Diagnostic(
                    code=codes.PROFILE_INVALID_JSON,
                    path="(profile)",
                    message=f"Not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}.",
                )
            ],
            source,
        ) from None
    return parse_profile(data, source)


_NON_TOOL_CHARS = re.compile(r"[^a-z0-9_]")


def transfer_tool_name(target: AgentProfile) -> str:
    """``transfer_to_<target id>``: lowercased, every character outside ``[a-z0-9_]`` turned into ``_``."""
    return target.handoff_in.tool_name_override or "transfer_to_" + _NON_TOOL_CHARS.sub("_", target.id.lower())


def offers_handoff_to(source: AgentProfile, target: AgentProfile) -> bool:
    """Static part of the handoff policy (what the profiles alone allow)."""
    d = target.delegation
    return (
        target.id != source.id
        and d.callable
        and d.allow_as_handoff_target
        and ("*" in d.allowed_callers or source.id in d.allowed_callers)
        and target.handoff_in.enabled is not False
    )


def validate_catalog(profiles: dict[str, AgentProfile],
                     tool_names: Mapping[tuple[str, str], str] | None = None) -> list[Diagnostic]:
    """Rules that need every profile: per-target handoff tools must have distinct names.

    ``tool_names``: code-level tool names per (source id, target id) that replace the target's own
    (the Python API's ``tool_name_override``)."""
    out: list[Diagnostic] = []
    tool_names = tool_names or {}
    for source in profiles.values():
        if source.delegation.handoff_tool_style != "perTarget" or not source.delegation.can_handoff:
            continue
        taken = {tn.alias(name): f"the tool {tn.alias(name)}" for name in source.effective_tools()}
        taken.pop(tn.alias(tn.AGENT_HANDOFF), None)
        for target in sorted(profiles.values(), key=lambda p: p.id):
            if not offers_handoff_to(source, target):
                continue
            name = tool_names.get((source.id, target.id)) or transfer_tool_name(target)
            if name in taken:
                out.append(Diagnostic(
                    code=codes.PROFILE_HANDOFF_TOOL_COLLISION,
                    path="delegation.handoffToolStyle",
                    message=f"In '{source.id}', the handoff tool '{name}' for '{target.id}' collides with "
                    f"{taken[name]}.",
                ))
            else:
                taken[name] = f"the handoff tool for '{target.id}'"
    return out


def next_stage_problems(profiles: dict[str, AgentProfile], sources: set[str] | None = None) -> list[Diagnostic]:
    """Declared next stages (``handoff.next``) of ``sources`` (None: every profile) that no agent of
    ``profiles`` can take. Checked when a profile is imported; at run time such a stage simply ends as if
    it declared none (a deleted editor must not stop every writer run), and the journal says why."""
    out: list[Diagnostic] = []
    for source in profiles.values():
        following = source.handoff.next
        if following is None or (sources is not None and source.id not in sources):
            continue
        target = profiles.get(following)
        if target is None:
            out.append(Diagnostic(code=codes.PROFILE_BAD_NEXT_STAGE, path="handoff.next",
                                  message=f"In '{source.id}', the next stage '{following}' is not an agent here."))
        elif not offers_handoff_to(source, target):
            out.append(Diagnostic(code=codes.PROFILE_BAD_NEXT_STAGE, path="handoff.next",
                                  message=f"In '{source.id}', the next stage '{following}' does not take handoffs "
                                  f"from it (it must be callable, a handoff target and allow '{source.id}')."))
    return out
