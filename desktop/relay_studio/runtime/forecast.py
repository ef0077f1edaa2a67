"""A forecast before a run: the tokens of each stage's first request, a range for the whole run, and its
cost where the connection has prices (``relay-studio forecast``, ``api.Studio.forecast``). Nothing is
written: no run, no chat, no journal event.

The stages are the root agent and the agents its profile declares next (``handoff.next``), in order. Each
stage's first request is built as a run builds it: the system prompt and tools of
``prompt_preview`` (the runtime's own assembly), the story library entries its input mentions, the chat
history its profile keeps, the creator's message; a later stage's brief is the one a declared next stage
gets (``runtime/next_stage.py``: the previous profile's ``briefTemplate``), its draft, not written yet, taken
as one answer of prose: ``ASSUMED_DRAFT_CHARS``, or less when the previous stage's output cap allows less.

Counting: the server's own tokenizer where the connection offers one (llama.cpp's ``/apply-template`` and
``/tokenize``, the Messages API's ``count_tokens``), else the studio's estimate (``providers/usage_estimate``:
about four characters a token); ``method`` says which, per stage.

The range: at least one call per stage with a short answer (``LOW_ANSWER_TOKENS``); at most
``HIGH_CALLS`` calls per stage (or its ``maxRounds`` when lower), each resending the request grown by the
previous answers of up to ``HIGH_ANSWER_TOKENS`` (or the stage's output cap when lower).

After a run, forecast against actual is derivable, not journaled: ``forecast_of_run`` forecasts again from
the run's frozen input, and ``turns RUN --explain`` gives each stage's first request as the server counted it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from pydantic import BaseModel

from relay_studio.domain.connections import Prices
from relay_studio.domain.messages import Message, ModelRequest, ModelSettings, Usage
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import ProjectRecord
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.mentions import select_entries
from relay_studio.library.store import LibraryStore
from relay_studio.providers.base import ModelProvider, ProviderError
from relay_studio.providers.usage_estimate import CHARS_PER_TOKEN, sent_chars, tokens_of
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.host_bridge import HostBridge
from relay_studio.runtime.model_call import output_cap
from relay_studio.runtime.next_stage import DRAFT_FILE
from relay_studio.runtime.prompt_preview import prompt_preview
from relay_studio.runtime.prompts import chat_history, root_messages
from relay_studio.store.chats import ChatHostBridge, ChatStore
from relay_studio.store.database import Database
from relay_studio.store.projects import ProjectStore, project_folder

#: a later stage's brief holds the previous stage's draft, not written yet: taken as this much prose
ASSUMED_DRAFT_CHARS = 2000
_PROSE = "The lamp flickered as she climbed the narrow stairs, counting the steps under her breath. "
LOW_ANSWER_TOKENS = 100
HIGH_CALLS = 6
HIGH_ANSWER_TOKENS = 1000

Method = Literal["server tokenizer", "estimate (about 4 characters a token)"]
ESTIMATE: Method = "estimate (about 4 characters a token)"


class StageForecast(BaseModel):
    agent: str
    agentId: str
    tokens: int
    method: Method
    connection: str | None = None


class Forecast(BaseModel):
    stages: list[StageForecast]
    #: input and output tokens of the whole run: (low, high)
    inputTokens: tuple[int, int]
    outputTokens: tuple[int, int]
    #: (low, high) in ``currency`` where every stage's connection has prices, else None
    cost: tuple[float, float] | None = None
    currency: str | None = None
    #: the prices ``cost`` is priced at (the same for every stage), so what the run used can be priced alike
    prices: Prices | None = None


class ForecastStores(Protocol):
    """What a forecast reads: a ``Runtime``, or ``ReadStores`` over a reader thread's own connection."""

    @property
    def db(self) -> Database: ...

    @property
    def bridge(self) -> HostBridge: ...

    @property
    def projects(self) -> ProjectStore: ...

    def chat_project(self, chat_id: str) -> ProjectRecord: ...

    def project_dir(self, project: ProjectRecord) -> Path: ...


class ReadStores:
    """The stores of a forecast over ``db``, a connection that one (reader) thread uses: the window builds a
    forecast's requests there, off the GUI thread (``plan_in_chat``)."""

    def __init__(self, db: Database, data_dir: Path) -> None:
        self.db, self.data_dir = db, data_dir
        self.chats = ChatStore(db)
        self.projects = ProjectStore(db)
        self.bridge = ChatHostBridge(self.chats)

    def chat_project(self, chat_id: str) -> ProjectRecord:
        chat = self.chats.chat(chat_id)
        return (self.projects.get(chat.project_id) if chat and chat.project_id else None) or self.projects.default()

    def project_dir(self, project: ProjectRecord) -> Path:
        return project_folder(self.data_dir, project)


@dataclass(frozen=True)
class Planned:
    """A stage's first request, built, with the provider that will count it (None: estimated)."""

    profile: AgentProfile
    request: ModelRequest
    provider: ModelProvider | None


def _stages(profiles: dict[str, AgentProfile], agent_id: str) -> list[AgentProfile]:
    chain = [profiles[agent_id]]
    while (following := profiles.get(chain[-1].handoff.next or "")) is not None and following not in chain:
        chain.append(following)
    return chain


class _Library:
    """The story library of the run's project, read at most once for all of a forecast's stages (opening it
    scans its folder: two thirds of a forecast's time on a 1,000-entry project, ``bench/forecast_line.py``)."""

    def __init__(self, stores: ForecastStores, chat_id: str | None) -> None:
        self.stores, self.chat_id = stores, chat_id
        self._entries: list[LibraryEntry] | None = None

    def entries(self) -> list[LibraryEntry]:
        if self._entries is None:
            stores = self.stores
            project = stores.chat_project(self.chat_id) if self.chat_id else stores.projects.default()
            store = LibraryStore.open(stores.db, project.id, stores.project_dir(project))
            self._entries = [i.entry for i in store.entries()]
        return self._entries

    def section(self, profile: AgentProfile, texts: list[str]) -> str:
        budget = profile.context.library_budget_tokens
        return select_entries(self.entries(), texts, budget).section if budget > 0 else ""


def _assumed_brief(previous: AgentProfile, target: AgentProfile) -> str:
    """The brief ``target`` would get from ``previous``; its draft is one answer of ``previous``: at most
    ``ASSUMED_DRAFT_CHARS``, and no longer than its output cap lets it write."""
    cap = output_cap(previous.model.max_tokens, previous.model.context_window_tokens)
    size = min(ASSUMED_DRAFT_CHARS, CHARS_PER_TOKEN * cap)
    draft = (_PROSE * (size // len(_PROSE) + 1))[:size]
    template = (previous.handoff.brief_template or "").strip()
    objective = template.replace("{file}", DRAFT_FILE) if template else f"Continue from the draft in {DRAFT_FILE}."
    return render_handoff_brief({
        "objective": objective, "reason": f"{previous.display_name} has finished its part.",
        "contextSummary": f"The draft from {previous.display_name} is in {DRAFT_FILE}:\n\n{draft}",
        "workspaceRefs": [DRAFT_FILE]})


def first_request(stores: ForecastStores, profiles: dict[str, AgentProfile], profile: AgentProfile, text: str,
                  history: list[Message], pinned: int, chat_id: str | None, previous: AgentProfile | None,
                  library: _Library | None = None) -> ModelRequest:
    """The first request of ``profile`` in a run for ``text``: the root's, or the one after ``previous``;
    ``library``: the project's story library as already read for another stage."""
    preview = prompt_preview(profile, profiles, stores.db, stores.bridge)
    messages = root_messages(history, text, profile.context.chat_history_messages, pinned)
    if previous is not None:
        messages.append(Message(role="user", content=_assumed_brief(previous, profile)))
    section = (library or _Library(stores, chat_id)).section(profile, [m.content for m in messages])
    system = preview.system_prompt + ("\n\n" + section if section else "")
    m = profile.model
    settings = ModelSettings(model=m.model or "default", max_tokens=output_cap(m.max_tokens, m.context_window_tokens))
    return ModelRequest(agent_id=profile.id, session_id="forecast", system=system, messages=messages,
                        tools=preview.tools, settings=settings)


async def _count(provider: ModelProvider | None, request: ModelRequest) -> tuple[int, Method]:
    count = getattr(provider, "count_tokens", None)
    counted = await count(request) if callable(count) else None
    if isinstance(counted, int) and counted > 0:
        return counted, "server tokenizer"
    return tokens_of(sent_chars(request)), ESTIMATE


async def forecast(runtime: Runtime, *, agent_id: str, text: str, chat: str | None = None,
                   provider_for: object = None, profiles: dict[str, AgentProfile] | None = None) -> Forecast:
    """The forecast of a run of ``agent_id`` for ``text`` in the chat named ``chat`` (a new chat when None
    or unknown). ``provider_for``: profile -> provider (the run's own), asked only to count tokens;
    ``profiles``: the catalogue the run would use (the saved one without it)."""
    profiles = runtime.profiles() if profiles is None else profiles
    if agent_id not in profiles:
        raise ValueError(f"There is no agent '{agent_id}'. 'relay-studio profiles' lists them.")
    record = runtime.chats.chat_by_name(chat) if chat else None
    history, pinned = chat_history(runtime.chats.messages(record.id)) if record is not None else ([], 0)
    return await _forecast(runtime, profiles, agent_id, text, history, pinned, record.id if record else None,
                           provider_for)


async def _forecast(runtime: Runtime, profiles: dict[str, AgentProfile], agent_id: str, text: str,
                    history: list[Message], pinned: int, chat_id: str | None, provider_for: object) -> Forecast:
    return await count_plan(plan(runtime, profiles, agent_id, text, history, pinned, chat_id, provider_for))


def plan(stores: ForecastStores, profiles: dict[str, AgentProfile], agent_id: str, text: str,
         history: list[Message], pinned: int, chat_id: str | None, provider_for: object) -> list[Planned]:
    """Each stage's first request and its counting provider: the reads of a forecast, no network."""
    chain = _stages(profiles, agent_id)
    library = _Library(stores, chat_id)
    return [Planned(profile, first_request(stores, profiles, profile, text, history, pinned, chat_id,
                                           chain[i - 1] if i else None, library), _provider(provider_for, profile))
            for i, profile in enumerate(chain)]


def plan_in_chat(stores: ForecastStores, profiles: dict[str, AgentProfile], agent_id: str, text: str,
                 chat_id: str | None, provider_for: object) -> list[Planned]:
    """``plan`` for a message to the chat ``chat_id`` (a new chat when None or gone): the window's forecast line."""
    if agent_id not in profiles:
        raise ValueError(f"There is no agent '{agent_id}'.")
    chats = ChatStore(stores.db)
    record = chats.chat(chat_id) if chat_id else None
    history, pinned = chat_history(chats.messages(record.id)) if record is not None else ([], 0)
    return plan(stores, profiles, agent_id, text, history, pinned, record.id if record else None, provider_for)


async def count_plan(planned: list[Planned]) -> Forecast:
    """The forecast of ``planned``: each request counted by its server's tokenizer where it offers one (an
    HTTP call on the loop), else estimated; the run's range and cost from the counts."""
    stages: list[StageForecast] = []
    prices: list[Prices | None] = []
    low_in = high_in = low_out = high_out = 0
    for stage in planned:
        profile, request, provider = stage.profile, stage.request, stage.provider
        tokens, method = await _count(provider, request)
        connection = getattr(provider, "connection", None)
        stages.append(StageForecast(agent=profile.display_name, agentId=profile.id, tokens=tokens, method=method,
                                    connection=getattr(connection, "id", None)))
        prices.append(getattr(connection, "prices", None))
        answer = min(HIGH_ANSWER_TOKENS, request.settings.max_tokens or HIGH_ANSWER_TOKENS)
        calls = min(HIGH_CALLS, profile.tools.max_rounds)
        low_in, low_out = low_in + tokens, low_out + LOW_ANSWER_TOKENS
        high_in += sum(tokens + k * answer for k in range(calls))
        high_out += calls * answer
    result = Forecast(stages=stages, inputTokens=(low_in, high_in), outputTokens=(low_out, high_out))
    if prices and all(p is not None for p in prices) and len({p.currency for p in prices if p}) == 1:
        price = prices[0]
        assert price is not None
        result.cost = (price.cost(Usage(input_tokens=low_in, output_tokens=low_out)),
                       price.cost(Usage(input_tokens=high_in, output_tokens=high_out)))
        result.currency = price.currency
        result.prices = price
    return result


def _provider(provider_for: object, profile: AgentProfile) -> ModelProvider | None:
    if not callable(provider_for):
        return None
    try:
        provider = provider_for(profile)
    except ProviderError:
        return None  # a binding that cannot be served: estimated, and the run itself will say why
    return provider if isinstance(provider, ModelProvider) else None


async def forecast_of_run(runtime: Runtime, run_id: str, provider_for: object = None) -> Forecast:
    """The forecast a run would have had, from its frozen input (its chat history, profiles and message)."""
    frozen = runtime.runs.run_input(run_id)
    profiles = {pid: AgentProfile.model_validate(data) for pid, data in frozen["profiles"].items()}
    history = [Message.model_validate(m) for m in frozen.get("chatHistory", [])]
    record = runtime.runs.run(run_id)
    return await _forecast(runtime, profiles, frozen["rootAgentId"], frozen["userText"], history,
                           int(frozen.get("chatHistoryPinned", 0)), record.chat_id if record else None, provider_for)
