"""A small Python API over the relay runtime, in the spirit of the OpenAI Agents SDK.

    from relay_studio.api import Agent, Studio, handoff

    refund = Agent("Refund agent", instructions="Handle refunds.")
    triage = Agent("Triage agent", handoffs=[handoff(refund, input_type=Escalation, on_handoff=log)])
    async with Studio(data_dir, provider=my_provider) as studio:
        result = await studio.run(triage, "I was charged twice.")

Agents become ordinary profiles (``Agent.to_profile``); ``handoff()`` options that a JSON profile
cannot hold (callables, a pydantic ``input_type``, an ``input_filter``) travel with the run as per-edge
options, a ``RunConfig`` as the run's defaults. Every run is journaled like any other: ``result.events``,
``studio.journal(run_id)``. The Agents SDK's handoff examples run with their imports changed to this
module (``agents.extensions.handoff_filters`` is ``relay_studio.api.handoff_filters``).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, cast

from pydantic import BaseModel

from relay_studio.canon.continuity_run import CheckReport
from relay_studio.domain import tool_names as tn
from relay_studio.domain.canon import CanonFact
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.event_payloads import AgentInvocationStarted, TypedPayload, UnknownEvent, typed
from relay_studio.domain.events import Event
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile, HistoryMode, parse_profile
from relay_studio.domain.run_limits import DEFAULT_MAX_TOTAL_ROUNDS
from relay_studio.domain.scenes import SceneError
from relay_studio.manuscript.export import ExportError, ExportResult
from relay_studio.providers.base import ModelProvider
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.delegation import handoff_filters
from relay_studio.runtime.delegation.edges import (
    ChooseTarget,
    HandoffDefaults,
    HandoffEdge,
    HandoffInfo,
    IsEnabled,
    OnHandoff,
    takes_input,
)
from relay_studio.runtime.delegation.history import (
    default_handoff_history_mapper,
    get_conversation_history_wrappers,
    nest_handoff_history,
    reset_conversation_history_wrappers,
    set_conversation_history_wrappers,
)
from relay_studio.runtime.delegation.input_data import HandoffInputData, HistoryMapper, InputFilter, RunItem
from relay_studio.runtime.engine import RunRequestError, Runtime
from relay_studio.runtime.explain import RequestExplained, explain_run
from relay_studio.runtime.fork import ForkRequest
from relay_studio.runtime.scenes import Scenes
from relay_studio.runtime.session_handoff import HandoffOutcome, HandoffRefused
from relay_studio.store.canon import CanonError, CanonStore
from relay_studio.store.continuity import IntentionalMark, LogEntry
from relay_studio.store.project_canon import ProjectCanon

__all__ = ["RECOMMENDED_PROMPT_PREFIX", "Agent", "CanonError", "ExportError", "ExportResult", "Handoff",
           "HandoffHistoryMapper",
           "HandoffInfo",
           "HandoffInputData", "HandoffInputFilter", "HandoffOutcome", "HandoffRefused", "HandoffResult", "Message",
           "ProjectCanon",
           "RunConfig", "RunContextWrapper", "RunItem", "RunRequestError", "RunResult", "SceneError", "Scenes",
           "Studio",
           "default_handoff_history_mapper",
           "get_conversation_history_wrappers", "handoff", "handoff_filters", "nest_handoff_history",
           "prompt_with_handoff_instructions", "reset_conversation_history_wrappers",
           "set_conversation_history_wrappers"]

#: what the Agents SDK calls the object its hooks get: here who hands off to whom, in which run, and the
#: run's ``context``
RunContextWrapper = HandoffInfo
HandoffInputFilter = InputFilter
HandoffHistoryMapper = HistoryMapper

RECOMMENDED_PROMPT_PREFIX = (
    "# System context\n"
    "You are part of a relay of agents in Relay Studio. An agent has its instructions and tools and can "
    "hand the work to another agent when that agent is better placed to go on. A handoff is a call of a "
    "handoff tool, named `transfer_to_<agent_name>`; say in its objective what the next agent must achieve. "
    "Handoffs happen in the background; do not mention or draw attention to them in your conversation with "
    "the user.\n"
)


def prompt_with_handoff_instructions(prompt: str) -> str:
    """``prompt`` after ``RECOMMENDED_PROMPT_PREFIX``, as the Agents SDK's helper of that name."""
    return f"{RECOMMENDED_PROMPT_PREFIX}\n\n{prompt}"

WORKSPACE_TOOLS = [tn.WORKSPACE_LIST_FILES, tn.WORKSPACE_SEARCH_FILES, tn.WORKSPACE_READ_FILE,
                   tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH]


@dataclass
class Handoff:
    agent: Agent
    tool_name_override: str | None = None
    tool_description_override: str | None = None
    on_handoff: OnHandoff | None = None
    input_type: type[BaseModel] | None = None
    history_mode: HistoryMode | None = None
    remove_tool_items: bool | None = None
    is_enabled: bool | IsEnabled | Callable[[HandoffInfo[Any], Agent], bool | Awaitable[bool]] | None = None
    input_filter: InputFilter | None = None
    nest_handoff_history: bool | None = None
    #: seed 003's custom ``Handoff``: decides when called who takes over (``agent`` or one of ``candidates``)
    choose_target: Callable[[HandoffInfo[Any], Any], Agent | Awaitable[Agent]] | None = None
    candidates: list[Agent] = field(default_factory=list)

    def edge(self, source: Agent | None = None) -> HandoffEdge:
        """The runtime's options for this handoff; ``source`` is the agent offering it (what an SDK-style
        ``is_enabled(ctx, agent)`` is given)."""
        enabled = self.is_enabled
        if callable(enabled) and takes_input(enabled):
            enabled = _with_agent(enabled, source)
        return HandoffEdge(
            tool_name_override=self.tool_name_override, tool_description_override=self.tool_description_override,
            history_mode=self.history_mode, remove_tool_items=self.remove_tool_items, input_type=self.input_type,
            on_handoff=self.on_handoff, is_enabled=cast("bool | IsEnabled | None", enabled),
            input_filter=self.input_filter, nest_handoff_history=self.nest_handoff_history,
            choose_target=_by_id(self.choose_target) if self.choose_target is not None else None,
        )


def _with_agent(is_enabled: Callable[..., Any], agent: Agent | None) -> IsEnabled:
    def enabled(info: HandoffInfo[Any]) -> bool | Awaitable[bool]:
        answer = is_enabled(info, agent)
        return answer if inspect.isawaitable(answer) else bool(answer)

    return enabled


def _by_id(choose: Callable[[HandoffInfo[Any], Any], Agent | Awaitable[Agent]]) -> ChooseTarget:
    """The runtime's form of a custom handoff's choice: the chosen agent's id."""
    async def chosen(info: HandoffInfo[Any], data: Any) -> str:
        agent = choose(info, data)
        if inspect.isawaitable(agent):
            agent = await agent
        if not isinstance(agent, Agent):
            raise TypeError(f"choose_target must return an Agent, not {type(agent).__name__}")
        return agent.id

    chosen.__qualname__ = getattr(choose, "__qualname__", "choose_target")
    return chosen


def handoff(
    agent: Agent,
    *,
    tool_name_override: str | None = None,
    tool_description_override: str | None = None,
    on_handoff: OnHandoff | None = None,
    input_type: type[BaseModel] | None = None,
    history_mode: HistoryMode | None = None,
    remove_tool_items: bool | None = None,
    is_enabled: bool | IsEnabled | Callable[[HandoffInfo[Any], Agent], bool | Awaitable[bool]] | None = None,
    input_filter: InputFilter | None = None,
    nest_handoff_history: bool | None = None,
    choose_target: Callable[[HandoffInfo[Any], Any], Agent | Awaitable[Agent]] | None = None,
    candidates: list[Agent] | None = None,
) -> Handoff:
    """A handoff to ``agent`` with options, as the Agents SDK's ``handoff()``.

    ``on_handoff(info, input)`` — or ``on_handoff(info)``, the SDK's form without an ``input_type`` — runs
    after every check and before the target starts; raising denies the handoff
    (``agent.handoff_hook_failed``), its return value is journaled. ``is_enabled(info)`` or
    ``is_enabled(info, agent)`` is evaluated before every model call, awaited when it is async.
    ``choose_target(info, input)`` (sync or async) decides when the handoff is called who takes over:
    ``agent`` (the tool is named after it) or one of ``candidates``, which are not offered as tools of
    their own (seed 003's custom ``Handoff``). ``input_filter(HandoffInputData)``
    decides the history the target is given; ``nest_handoff_history`` True gives it the nested summary,
    False the full history (``history_mode`` names any mode).
    """
    if on_handoff is not None:
        if not callable(on_handoff):
            raise TypeError("on_handoff must be callable")
        if input_type is not None and not takes_input(on_handoff):
            raise TypeError("on_handoff must take two arguments, the context and the input, when there is an "
                            "input_type")
    if is_enabled is not None and not isinstance(is_enabled, bool) and not callable(is_enabled):
        raise TypeError("is_enabled must be a bool or callable")
    if choose_target is not None and not callable(choose_target):
        raise TypeError("choose_target must be callable")
    if history_mode is not None and nest_handoff_history is not None:
        raise ValueError("Give history_mode or nest_handoff_history, not both.")
    return Handoff(agent, tool_name_override, tool_description_override, on_handoff, input_type, history_mode,
                   remove_tool_items, is_enabled, input_filter, nest_handoff_history, choose_target,
                   list(candidates or []))


@dataclass
class RunConfig:
    """Run-wide handoff settings, named as in the Agents SDK's ``RunConfig``.

    ``handoff_input_filter`` applies to every handoff without an ``input_filter`` of its own;
    ``nest_handoff_history`` True (False) gives every handoff without its own history setting the nested
    summary (the full history), None leaves each target's ``history_mode``; ``handoff_history_mapper``
    turns the transcript into the history of a nested handoff that no filter decides.
    """

    handoff_input_filter: InputFilter | None = None
    nest_handoff_history: bool | None = None
    handoff_history_mapper: HistoryMapper | None = None

    def defaults(self) -> HandoffDefaults:
        return HandoffDefaults(input_filter=self.handoff_input_filter, nest_handoff_history=self.nest_handoff_history,
                               history_mapper=self.handoff_history_mapper)


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9_-]+", "-", name.lower()).strip("-")
    return slug[:64] or "agent"


@dataclass
class Agent:
    """An agent built in code. ``id`` defaults to the name, lowercased with dashes."""

    name: str
    instructions: str | None = None
    handoff_description: str = ""
    handoffs: list[Agent | Handoff] = field(default_factory=list)
    helpers: list[Agent] = field(default_factory=list)
    can_finish: bool = True
    tools: list[str] = field(default_factory=lambda: list(WORKSPACE_TOOLS))
    history_mode: HistoryMode | None = None
    model: str = "default"
    connection: str = "default"
    id: str = ""

    def __post_init__(self) -> None:
        self.id = self.id or _slug(self.name)

    def handoff_objects(self) -> list[Handoff]:
        return [h if isinstance(h, Handoff) else Handoff(h) for h in self.handoffs]

    def to_profile(self, callers: set[str] | None = None, helper_of: set[str] | None = None) -> AgentProfile:
        callers, helper_of = callers or set(), helper_of or set()
        allow = list(self.tools)
        if self.can_finish:
            allow += [tn.WORKSPACE_COMMIT, tn.WORKSPACE_FINISH]
        if self.handoffs:
            allow.append(tn.AGENT_HANDOFF)
        if self.helpers:
            allow += [tn.AGENT_DELEGATE, tn.AGENT_AWAIT]
        data: dict[str, Any] = {
            "id": self.id,
            "displayName": self.name,
            "description": self.handoff_description,
            "instructions": {"systemPrompt": self.instructions},
            "model": {"mode": "connection", "connection": self.connection, "model": self.model},
            "tools": {"allow": allow},
            "delegation": {
                "handoffToolStyle": "perTarget",
                "canHandoff": bool(self.handoffs),
                "canDelegate": bool(self.helpers),
                "callable": bool(callers or helper_of),
                "allowAsHandoffTarget": bool(callers),
                "allowAsSubagent": bool(helper_of),
                "allowedCallers": sorted(callers | helper_of) or ["*"],
                "descriptionForAgents": self.handoff_description,
            },
            # unset, the profile's default (``snapshot``) applies, and a transfer without an objective
            # gives the conversation (seed 003)
            "handoffIn": {"historyMode": self.history_mode} if self.history_mode else {},
            "run": {"directRunnable": bool(self.handoffs) or self.can_finish},
        }
        return parse_profile(data, source=f"agent '{self.name}'")


def _collect(root: Agent) -> tuple[dict[str, AgentProfile], dict[tuple[str, str], HandoffEdge]]:
    agents: dict[str, Agent] = {}
    callers: dict[str, set[str]] = {}
    helper_of: dict[str, set[str]] = {}
    edges: dict[tuple[str, str], HandoffEdge] = {}
    stack = [root]
    while stack:
        agent = stack.pop()
        if agent.id in agents:
            if agents[agent.id] is not agent:
                raise ValueError(f"Two different agents are both called '{agent.id}'.")
            continue
        agents[agent.id] = agent
        for h in agent.handoff_objects():
            callers.setdefault(h.agent.id, set()).add(agent.id)
            edges[(agent.id, h.agent.id)] = h.edge(agent)
            stack.append(h.agent)
            for candidate in h.candidates:  # reached through the choice only: no tool of its own
                callers.setdefault(candidate.id, set()).add(agent.id)
                edges.setdefault((agent.id, candidate.id), HandoffEdge(is_enabled=False))
                stack.append(candidate)
        for helper in agent.helpers:
            helper_of.setdefault(helper.id, set()).add(agent.id)
            stack.append(helper)
    profiles = {aid: a.to_profile(callers.get(aid), helper_of.get(aid)) for aid, a in agents.items()}
    return profiles, edges


@dataclass
class RunResult:
    run_id: str
    status: RunStatus
    final_message: str | None
    events: list[Event]

    @property
    def stages(self) -> list[str]:
        """The agents that held the run, in order."""
        return [p.agent_id or "" for p in self.payloads
                if isinstance(p, AgentInvocationStarted) and p.kind != "subagent"]

    @property
    def payloads(self) -> list[TypedPayload | UnknownEvent]:
        """The journal's payloads as their models (``domain/event_payloads.py``), in order."""
        return [typed(e) for e in self.events]


@dataclass
class HandoffResult:
    """A chat's session handoff: the document, and the chat it started (when accepted)."""

    outcome: HandoffOutcome
    document: str
    missing_sections: list[str]
    message: str
    new_chat: str | None = None


class Studio:
    """Runs agents built in code on the relay runtime, over one data folder (SQLite + workspaces)."""

    def __init__(self, data_dir: Path, provider: ModelProvider | Callable[[AgentProfile], ModelProvider]) -> None:
        self.runtime = Runtime(data_dir)
        if isinstance(provider, ModelProvider):
            fixed = provider
            self._provider_for: Callable[[AgentProfile], ModelProvider] = lambda _p: fixed
        else:
            self._provider_for = provider
        from relay_studio.canon.after_commit import AfterCommitCheck

        #: the project setting "check continuity after each commit" (``set_continuity_after_commit``)
        self._after_commit = AfterCommitCheck(self.runtime.db)

    async def __aenter__(self) -> Studio:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        self.close()

    async def run(self, agent: Agent, message: str, *, chat: str = "default",
                  max_total_rounds: int = DEFAULT_MAX_TOTAL_ROUNDS, run_config: RunConfig | None = None,
                  context: Any = None) -> RunResult:
        """Runs ``agent`` on ``message`` in ``chat``; ``run_config`` holds the run's handoff defaults,
        ``context`` is what hooks and filters find as ``info.context``."""
        profiles, edges = _collect(agent)
        handle = await self.runtime.start_run(
            agent_id=agent.id, prompt=message, provider_for=self._provider_for, chat=chat, profiles=profiles,
            settings=RunSettings(max_total_rounds=max_total_rounds), edges=edges,
            handoff_defaults=run_config.defaults() if run_config is not None else None, context=context,
        )
        status = await handle.wait()
        await self._after_commit.idle()  # the continuity checks its commits started (journaled, advisory)
        record = self.runtime.runs.run(handle.run_id)
        final = self.runtime.chats.message(record.message_id) if record and record.message_id else None
        return RunResult(handle.run_id, status, final.content if final else None, self.journal(handle.run_id))

    async def hand_off(self, chat: str, *, agent: Agent | None = None, focus: str | None = None,
                       to: str | None = None, accept: bool = True) -> HandoffResult:
        """Writes ``chat``'s handoff document (with ``agent``, else the agent that answered last) and, with
        ``accept``, starts the new chat it seeds. A guard's refusal raises ``HandoffRefused``."""
        profiles = _collect(agent)[0] if agent is not None else None
        handle = self.runtime.start_handoff(chat=chat, provider_for=self._provider_for,
                                            agent_id=agent.id if agent is not None else None, focus=focus,
                                            profiles=profiles)
        draft = await handle.wait()
        result = HandoffResult(draft.outcome, draft.document, draft.missing_sections, draft.summary)
        if accept and draft.outcome is HandoffOutcome.READY:
            result.new_chat = self.runtime.accept_handoff(draft, name=to).name
        return result

    def export(self, chat: str, path: Path, *, format: str | None = None, preset: str = "manuscript",
               title: str | None = None, author: str = "", language: str = "") -> ExportResult:
        """Writes ``chat``'s answers as a manuscript to ``path`` (``docs/export.md``): ``format`` docx, epub, md
        or txt (default: from the suffix), ``preset`` manuscript or book for DOCX. ``ExportError`` (with its
        code) when the chat does not exist, has no answers, or ``path`` cannot be written."""
        from relay_studio.manuscript import export, format_for
        from relay_studio.manuscript.sources import chat_manuscript, find_chat

        record = find_chat(self.runtime.chats, chat)
        manuscript = chat_manuscript(self.runtime.chats, record, title=title, author=author, language=language)
        fmt = format or format_for(path) or ""
        return export(manuscript, path, fmt, preset=preset)
    async def fork(self, run_id: str, *, at: int, agent: Agent | str | None = None,
                   brief: dict[str, Any] | str | None = None) -> RunResult:
        """Reruns ``run_id`` from stage ``at`` (from 1) in a new run of the same chat, with the workspace as
        it was when that stage started; ``agent`` (an ``Agent`` or a profile id) and ``brief`` (a handoff
        brief, or its objective as text; for stage 1 the message) change that stage. The source run is never
        touched; the fork's commits are new versions of the chat's answer (docs/fork.md). A refusal raises
        ``RunRequestError`` (``code``, ``message``) before anything is written."""
        profiles = _collect(agent)[0] if isinstance(agent, Agent) else None
        agent_id = agent.id if isinstance(agent, Agent) else agent
        handle = await self.runtime.fork_run(ForkRequest(run_id, at, agent_id, brief),
                                             provider_for=self._provider_for, profiles=profiles)
        status = await handle.wait()
        record = self.runtime.runs.run(handle.run_id)
        final = self.runtime.chats.message(record.message_id) if record and record.message_id else None
        return RunResult(handle.run_id, status, final.content if final else None, self.journal(handle.run_id))

    async def continuity_check(self, *, project: str | None = None, chat: str | None = None,
                               facts: list[CanonFact] | None = None, reviewer: bool = False) -> CheckReport:
        """The continuity check of ``project`` (the default project for None), or of its chat ``chat``, against
        its canon (or ``facts``), journaled; with ``reviewer``, the built-in continuity reviewer reads each
        chapter too, through this studio's provider (docs/canon.md, "Continuity check")."""
        from relay_studio.canon.continuity_run import ReviewerBinding, check_project
        from relay_studio.canon.reviewer import REVIEWER_ID
        from relay_studio.runtime.profile_catalog import builtin_profiles

        project_id = self.runtime.projects.resolve(project).id
        binding = None
        if reviewer:
            [profile] = [p for p in builtin_profiles() if p.id == REVIEWER_ID]
            binding = ReviewerBinding(self._provider_for(profile), profile, model=profile.model.model or "default")
        return await check_project(self.runtime.db, project_id, chat=chat, facts=facts, reviewer=binding)

    def mark_intentional(self, key: str, reason: str, *, project: str | None = None) -> IntentionalMark:
        """The finding with ``key`` is intentional, for ``reason``: it is never reported again. ``CodedError``
        ``continuity.reason_required`` / ``continuity.unknown_finding``."""
        from relay_studio.canon.continuity_run import find_finding
        from relay_studio.store.continuity import ContinuityStore

        project_id = self.runtime.projects.resolve(project).id
        finding = find_finding(self.runtime.db, project_id, key)
        return ContinuityStore(self.runtime.db).mark_intentional(project_id, finding, reason)

    def set_continuity_after_commit(self, on: bool, *, project: str | None = None) -> None:
        """The project's setting: after each commit in it the rules check that chat (advisory, journaled)."""
        from relay_studio.store.continuity import ContinuityStore

        ContinuityStore(self.runtime.db).set_checks_after_commit(self.runtime.projects.resolve(project).id, on)

    def continuity_journal(self, *, project: str | None = None) -> list[LogEntry]:
        """What the continuity check journaled in ``project``: checks, findings, dropped findings, marks."""
        from relay_studio.store.continuity import ContinuityStore

        return ContinuityStore(self.runtime.db).log(self.runtime.projects.resolve(project).id)

    def canon(self, project: str | None = None) -> ProjectCanon:
        """The canon of ``project`` (by name, id or folder name; the default project for None): ``facts()``,
        ``add(text, about, attribute=, value=, as_of=, pin=, source_chat=, quote=)``, ``edit``, ``pin``,
        ``unpin``, ``retire``, ``accept``, ``reject`` by handle (``f12``), ``accepts_proposals()`` and
        ``set_accept_proposals(on)``, as ``relay-studio canon`` (docs/canon.md). A refusal raises ``CanonError``
        (``code``, ``message``); nothing is written."""
        return ProjectCanon(CanonStore(self.runtime.db), self.runtime.chats, self.runtime.projects.resolve(project).id)

    def scenes(self) -> Scenes:
        """Scene chats (docs/scenes.md), as ``relay-studio scene``: ``new(name, cast, narrator=)``,
        ``enter``/``leave(name, id)``, ``next_scene``, ``correct``, and ``await say(name, as_id=…)`` (``as_id``
        None: whoever is next), each turn a run with this studio's model. A refusal raises ``SceneError``."""
        return Scenes(self.runtime, self._provider_for)

    def journal(self, run_id: str) -> list[Event]:
        return self.runtime.runs.events(run_id)

    def explain(self, run_id: str) -> list[RequestExplained]:
        """What each agent saw: every model request split by source (``relay-studio turns RUN --explain``)."""
        return list(explain_run(self.runtime.runs, run_id))

    def close(self) -> None:
        self._after_commit.close()
        self.runtime.close()
