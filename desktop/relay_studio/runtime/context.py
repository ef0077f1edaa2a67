"""In-memory state of one run and its invocations, mirrored to the store by ``transitions``; with the
types the rest of the runtime shares about it (approvals, helper tasks, what a tool sees), so that
nothing here imports a module above it (docs/runtime.md, "Code locations")."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from relay_studio.domain import tool_names as tn
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import (
    ExitPolicy,
    InvocationKind,
    InvocationStatus,
    RunStatus,
    TaskStatus,
)
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile, HistoryMode
from relay_studio.domain.run_limits import DEFAULT_MAX_TOTAL_ROUNDS
from relay_studio.domain.scenes import SceneTurn
from relay_studio.providers.base import ModelProvider
from relay_studio.runtime.effects import TaskDelegated
from relay_studio.runtime.errors import FatalRunError
from relay_studio.runtime.host_bridge import HostBridge
from relay_studio.runtime.ledger import CommitLedger
from relay_studio.runtime.review.book import ReviewBook
from relay_studio.runtime.workspace import Roots, RunWorkspace
from relay_studio.store.database import Database
from relay_studio.store.persona import DEFAULT_PERSONA

if TYPE_CHECKING:
    from relay_studio.runtime.delegation.edges import HandoffDefaults, HandoffEdge

#: Who decides a proposal: the window's patch dialog, the CLI's policy, a test.
Approver = Callable[[ApprovalRequest], Awaitable[ApprovalDecision]]


@dataclass
class RunSettings:
    """Run-wide limits; the profile's own limits apply per invocation on top of these."""

    max_total_rounds: int = DEFAULT_MAX_TOTAL_ROUNDS
    nudge_limit: int = 2


@dataclass(frozen=True)
class ChatInput:
    """The run's frozen chat input: the chat history before the creator's message (its first ``pinned``
    entries, a session-handoff document, are always kept) and the message itself."""

    history: list[Message] = field(default_factory=list)
    user_text: str = ""
    pinned: int = 0


@dataclass
class InvocationState:
    id: str
    profile: AgentProfile
    kind: InvocationKind
    exit_policy: ExitPolicy
    depth: int
    parent_id: str | None
    incoming_task_id: str | None = None
    task_handle: str | None = None
    messages: list[Message] = field(default_factory=list)
    system_prompt: str = ""
    rounds: int = 0
    tool_calls: int = 0
    nudges: int = 0
    model_calls: int = 0
    #: Messages put in front of the agent's own conversation (chat history, earlier stages, the brief).
    input_count: int = 0
    #: The handoff brief this stage was given (handoff stages only).
    brief: dict[str, Any] | None = None
    handoff_style: str = "single"
    #: the history mode its handoff chose for it (None: as its handoff options say)
    history_mode: HistoryMode | None = None
    #: The "Skills" and "Story library" prompt sections, resolved when the stage starts (its input's mentions).
    project_sections: str = ""
    #: Limits (``maxToolCalls``, ``maxRounds``, ``maxTotalRounds``) this agent was already told it reached.
    limits_told: set[str] = field(default_factory=set)
    #: An Explore run's agent: read tools only, its plain-text reply is the answer (``docs/explore.md``).
    read_only: bool = False
    #: Its turns in a row whose every tool call was refused (reset by a call that runs), and how often the
    #: studio stepped in for such a streak (``runtime/refusals.py``).
    refused_in_row: int = 0
    refusal_streaks: int = 0

    @property
    def is_child(self) -> bool:
        return self.kind is InvocationKind.SUBAGENT

    @property
    def answers_in_text(self) -> bool:
        """Its plain-text reply ends its part: ``run.endOnTextAnswer``, or an Explore run's agent."""
        return self.profile.run.end_on_text_answer or self.read_only

    def surface(self) -> list[str]:
        """Canonical names of the tools this invocation may call, in profile order."""
        names = self.profile.effective_tools()
        if self.read_only:
            return [n for n in names if n in tn.EXPLORE_TOOLS]
        if self.is_child:
            names = [n for n in names if n not in tn.CHILD_FORBIDDEN]
            names.append(tn.TASK_RETURN)
        return names

    @property
    def roots(self) -> Roots:
        ws = self.profile.workspace
        return Roots(visible=tuple(ws.visible_roots), writable=tuple(ws.writable_roots))


@dataclass
class LiveUpdate:
    """A transient update for live views (streaming text, the tool being called); not journaled."""

    run_id: str
    invocation_id: str
    agent_id: str
    kind: str
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)


ProviderFor = Callable[[AgentProfile], ModelProvider]


@dataclass
class Proposal:
    """A change waiting for the creator's decision (``approval``)."""

    request: ApprovalRequest
    call_id: str
    invocation_id: str
    answer: asyncio.Future[ApprovalDecision]
    #: decided or withdrawn: no longer counted among the run's open approvals
    closed: bool = False
    #: the creator's decision is journaled
    decided: bool = False


@dataclass(frozen=True)
class RecalledDecision:
    """A decision journaled before a restart for a call that had not run yet, and what it decided on."""

    approval_id: str
    path: str | None
    before: str | None
    after: str | None
    arguments: dict[str, Any]
    decision: ApprovalDecision


@dataclass
class ChildTask:
    """A delegated (return-to-parent) task and its helper's invocation, as the scheduler runs it."""

    task_id: str
    handle: str
    parent_id: str
    title: str
    inv: InvocationState
    worker: asyncio.Task[None] | None = None
    delivered: bool = False
    result: dict[str, Any] | None = None
    error: str | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)


class Scheduler(Protocol):
    """The run's helper tasks, as the loop and the tools see them (``delegation.scheduler.TaskScheduler``)."""

    children: dict[str, ChildTask]

    def status(self, child: ChildTask) -> TaskStatus: ...
    def of_parent(self, parent_id: str) -> list[ChildTask]: ...
    def pending(self, parent_id: str) -> list[ChildTask]: ...
    def by_handle(self, parent_id: str, handle: str) -> ChildTask | None: ...
    def capsule(self, child: ChildTask) -> str: ...
    def take_undelivered(self, parent_id: str, only: list[ChildTask] | None = None) -> list[ChildTask]: ...
    def delegate(self, parent: InvocationState, effect: TaskDelegated) -> ChildTask: ...
    async def wait_for(self, children: list[ChildTask], *, all_: bool, seconds: float) -> bool: ...
    async def cancel_children(self, parent_id: str | None = None) -> list[ChildTask]: ...


class RunContext:
    def __init__(
        self,
        *,
        run_id: str,
        chat_id: str,
        db: Database,
        workspace: RunWorkspace,
        profiles: dict[str, AgentProfile],
        provider_for: ProviderFor,
        bridge: HostBridge,
        chat_persist: Path,
        settings: RunSettings,
    ) -> None:
        self.run_id = run_id
        self.chat_id = chat_id
        self.db = db
        self.workspace = workspace
        self.profiles = profiles
        self.provider_for = provider_for
        self.bridge = bridge
        self.chat_persist = chat_persist
        self.settings = settings
        self.ledger = CommitLedger()
        self.invocations: dict[str, InvocationState] = {}
        self.inv_status: dict[str, InvocationStatus] = {}
        self.task_status: dict[str, TaskStatus] = {}
        self.run_status = RunStatus.CREATED
        self.total_rounds = 0
        self.fatal: FatalRunError | None = None
        self.live: list[Callable[[LiveUpdate], None]] = []
        self.main_task: asyncio.Task[Any] | None = None
        self.started = False
        self.edges: dict[tuple[str, str], HandoffEdge] = {}
        self.handoff_defaults: HandoffDefaults | None = None  # run-wide handoff settings from code
        self.user_context: Any = None  # the Python API's context object, shown to hooks and filters
        self.chain: list[InvocationState] = []  # the foreground stages, in order
        self.chat_input = ChatInput()  # set by the engine from the frozen input
        self.guidance: list[str] = []  # the creator's words for the agent at work, not yet delivered
        self.open_approvals = 0
        self.proposals: dict[str, Proposal] = {}  # open patch proposals by tool call
        self.recalled_decisions: dict[str, RecalledDecision] = {}  # decided before a restart, by tool call
        self.approve_rest = False
        self.reviews = ReviewBook()  # each stage's reviews by draft, for the writes they gate
        self.approver: Approver | None = None  # None: nobody to ask, proposals are declined
        #: the window quit while this run waited for the creator's approval: its task stops without journaling
        #: anything more, as a crash would leave it, and the next start resumes it (``Runtime.leave_waiting``)
        self.left_waiting = False
        self.scheduler: Scheduler  # set by whoever builds the run, right after construction
        #: the chat's project and its folder (story library, Skills); None: a run without one
        self.project_id: str | None = None
        self.project_dir: Path | None = None
        #: an Explore chat's run: every write refused by dispatch (``runtime/explore.py``), whatever a profile allows
        self.explore = False
        #: the creator's persona name, what SillyTavern's {{user}} becomes (``library/macros.py``); frozen
        #: with the run's input
        self.persona_name = DEFAULT_PERSONA
        #: a scene turn (docs/scenes.md): who speaks, the scene, the story-library entries it may not know
        self.scene: SceneTurn | None = None
        #: context windows a refusal for length taught this run, by model binding (``runtime/request_fit.py``)
        self.context_windows: dict[str, int] = {}
        #: the callable ``is_enabled`` answers of the current stage's handoffs, awaited before its model call
        self.enabled_now: dict[tuple[str, str], bool] = {}
        self._handles = 0

    def next_handle(self) -> str:
        self._handles += 1
        return f"task-{self._handles}"

    def display_name(self, profile_id: str) -> str:
        profile = self.profiles.get(profile_id)
        return profile.display_name if profile else profile_id

    def emit_live(self, update: LiveUpdate) -> None:
        for listener in list(self.live):
            listener(update)

    def fail_fast(self, error: FatalRunError) -> None:
        """A broken host contract anywhere ends the whole run loudly."""
        if self.fatal is None:
            self.fatal = error
        if self.main_task is not None and not self.main_task.done():
            self.main_task.cancel()


@dataclass
class ToolContext:
    """What a tool sees of the run: the run, the calling invocation, the call being answered."""

    run: RunContext
    inv: InvocationState
    call_id: str
