"""What each agent saw: every model request of a run split by source, with tokens and the reason each part
is there (``relay-studio turns RUN --explain``, ``api.Studio.explain``).

Derived from what the journal keeps, nothing re-assembled: the stored request (``store/turn_requests.py``),
``prompt_assembly_requested`` (the input's parts, the chat messages left out), ``library_entries_included``
(each entry's key and message), ``canon_facts_included`` (each unpinned fact and why: mentioned, or found by
search), ``context_assembled`` (the stage's first messages) and
``model_call_started``/``model_call_completed`` (connection, model, the server's count). The system prompt
is split at its ``## `` sections (``runtime/prompts.py``'s headings; the story library by its entries, the canon
into its pinned facts and each unpinned fact).

Tokens: each part is estimated (``library.mentions.estimate_tokens``: a CJK character is a token, other
text four characters). When the server counted the request's input, ``tokens`` is its count and the parts'
estimates are scaled to it (largest remainder), so the parts add up to the request; ``counted`` says which.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from relay_studio.domain.event_payloads import (
    AgentInvocationCreated,
    CanonFactsIncluded,
    ContextAssembled,
    LibraryEntriesIncluded,
    ModelCallCompleted,
    ModelCallStarted,
    PromptAssemblyRequested,
    typed,
)
from relay_studio.domain.events import Event
from relay_studio.library.mentions import SECTION_HEADING, estimate_tokens
from relay_studio.runtime.canon_access import RELEVANT_HEADING
from relay_studio.store.runs import RunStore

#: The input parts of ``runtime/prompt_assembly.py`` that are one message each; the history parts take the rest.
_ONE_MESSAGE = {"creatorMessage": "your message", "brief": "the handoff brief", "task": "the task",
                "conversationSummary": "the conversation summary"}
_HISTORY = {"chatHistory": "chat history", "earlierStages": "earlier stages"}
#: ``## `` headings of the system prompt and the source they are.
_SECTION_SOURCES = {"Standing instructions": "profile instructions", "Skills": "skills",
                    "Story library": "story library"}


class Part(BaseModel):
    source: str
    name: str
    tokens: int
    reason: str


class RequestExplained(BaseModel):
    """One model request as ``turns --explain --json`` prints it."""

    agent: str
    connection: str | None
    model: str | None
    tokens: int
    #: "server": ``tokens`` is the server's count; "estimate": the server said none
    counted: Literal["server", "estimate"]
    #: the parts' own estimates added up (equal to ``tokens`` when ``counted`` is "estimate")
    estimatedTokens: int
    turnId: str
    parts: list[Part]

    def parts_tokens(self) -> int:
        return sum(p.tokens for p in self.parts)


@dataclass
class _Stage:
    """What the journal says about one invocation's prompt."""

    name: str = ""
    input_parts: list[str] = field(default_factory=list)
    first_messages: int = 0
    history_left_out: int = 0
    history_limit: int | None = None
    library: LibraryEntriesIncluded | None = None
    canon: CanonFactsIncluded | None = None


@dataclass
class _Call:
    connection: str | None = None
    model: str | None = None
    server_tokens: int | None = None


@dataclass
class _Piece:
    source: str
    name: str
    text: str
    reason: str


def _stages_and_calls(events: Iterable[Event]) -> tuple[dict[str, _Stage], dict[str, _Call]]:
    stages: dict[str, _Stage] = {}
    calls: dict[str, _Call] = {}
    for event in events:
        p = typed(event)
        stage = stages.setdefault(event.invocation_id or "", _Stage())
        if isinstance(p, AgentInvocationCreated):
            stage.name = p.agent_name
        elif isinstance(p, PromptAssemblyRequested):
            stage.input_parts = [x for x in p.parts if x in _ONE_MESSAGE or x in _HISTORY]
            stage.history_left_out, stage.history_limit = p.chat_history_left_out or 0, p.chat_history_limit
        elif isinstance(p, ContextAssembled):
            stage.first_messages = len(p.messages)
        elif isinstance(p, LibraryEntriesIncluded):
            stage.library = p
        elif isinstance(p, CanonFactsIncluded):
            stage.canon = p
        elif isinstance(p, ModelCallStarted) and p.turn_id:
            calls[p.turn_id] = _Call(p.connection, p.served_model or p.model)
        elif isinstance(p, ModelCallCompleted) and p.turn_id in calls and not p.usage.estimated \
                and p.usage.input_tokens > 0:
            calls[p.turn_id].server_tokens = p.usage.input_tokens
    return stages, calls


def _message_text(message: dict[str, Any]) -> str:
    calls = "".join(c.get("name", "") + c.get("arguments", "") for c in message.get("tool_calls", []))
    return str(message.get("content", "")) + calls


def _message_labels(stage: _Stage, count: int) -> list[tuple[str, str]]:
    """(source, name) of each of the stage's first ``count`` messages: one-message parts from the end, the
    history part the rest."""
    labels: list[tuple[str, str]] = []
    ones = [p for p in stage.input_parts if p in _ONE_MESSAGE]
    history = next((p for p in stage.input_parts if p in _HISTORY), None)
    for part in reversed(ones[-count:] if count else []):
        labels.insert(0, ("input", _ONE_MESSAGE[part]))
    rest = count - len(labels)
    return [(_HISTORY.get(history or "", "input"), "message") for _ in range(rest)] + labels


def _sections(system: str) -> list[tuple[str, str]]:
    """The system prompt as (heading, text) pieces that concatenate to it; the first heading is ""."""
    pieces: list[tuple[str, str]] = []
    start, heading = 0, ""
    in_library = False
    at = system.find("\n\n## ")
    while at != -1:
        following = system[at + 5:system.find("\n", at + 5) if "\n" in system[at + 5:] else len(system)]
        known = following in _SECTION_SOURCES or following.startswith(("Canon", "How you work"))
        if not in_library or known:  # inside the library an entry's own headings stay the entry's
            pieces.append((heading, system[start:at]))
            start, heading = at, following
            in_library = following == SECTION_HEADING[3:]
        at = system.find("\n\n## ", at + 5)
    pieces.append((heading, system[start:]))
    return pieces


def _library_pieces(text: str, stage: _Stage, labels: list[tuple[str, str]]) -> list[_Piece]:
    """The story library section split into its note and each entry, with why each is in."""
    library = stage.library
    names = library.names if library is not None else []
    reasons = {str(r.get("name")): r for r in (library.reasons if library is not None else [])}
    cuts = []
    at = 0
    for name in names:
        found = text.find(f"\n\n### {name} — ", at)
        if found != -1:
            cuts.append((found, str(name)))
            at = found + 1
    pieces = [_Piece("story library", "section note", text[:cuts[0][0]] if cuts else text,
                     "introduces the entries below")]
    for i, (start, name) in enumerate(cuts):
        end = cuts[i + 1][0] if i + 1 < len(cuts) else len(text)
        pieces.append(_Piece("story library", name, text[start:end], _entry_reason(reasons.get(name), labels)))
    for name in (library.left_out if library is not None else []):
        budget = library.budget if library is not None else 0
        pieces.append(_Piece("story library", str(name), "", f"left out: mentioned, but the library's budget of "
                             f"{budget} tokens was used up"))
    return pieces


def _entry_reason(reason: dict[str, Any] | None, labels: list[tuple[str, str]]) -> str:
    if reason is None:
        return "included (this run's journal predates recorded reasons)"
    if reason.get("always"):
        return "always included (its alwaysInclude setting)"
    index = int(reason.get("message", -1))
    where = labels[index] if 0 <= index < len(labels) else ("input", "a message")
    message = where[1] if where[0] == "input" else f"{where[0]}, message {index + 1}"
    return f"'{reason.get('key')}' in {message}"


def _canon_pieces(text: str, stage: _Stage) -> list[_Piece]:
    """The Canon section split into its pinned facts and each unpinned fact, with why each is in (as journaled);
    one piece when the journal predates the reasons or the lines do not match them."""
    canon = stage.canon
    relevant = canon.relevant if canon is not None else []
    at = text.find(f"\n{RELEVANT_HEADING}\n")
    pinned = text[:at] if at != -1 else text
    pieces = [_Piece("canon", "pinned facts", pinned, _SECTION_REASONS["canon"])] if pinned.strip() else []
    if at == -1:
        return pieces or [_Piece("canon", "Canon", text, _SECTION_REASONS["canon"])]
    rest = text[at:]
    lines = rest.split("\n- ")
    if len(lines) - 1 != len(relevant):
        return [*pieces, _Piece("canon", "facts that may matter here", rest, "unpinned facts the input brought in")]
    pieces.append(_Piece("canon", "facts that may matter here", lines[0], "introduces the facts below"))
    for line, why in zip(lines[1:], relevant, strict=True):
        pieces.append(_Piece("canon", str(why.get("handle")), "\n- " + line, str(why.get("reason", ""))))
    for handle in (canon.left_out if canon is not None else []):
        pieces.append(_Piece("canon", str(handle), "", "left out: relevant, but the library's budget was used up"))
    return pieces


def _system_pieces(system: str, stage: _Stage, labels: list[tuple[str, str]]) -> list[_Piece]:
    pieces: list[_Piece] = []
    for heading, text in _sections(system):
        if heading == SECTION_HEADING[3:]:
            pieces += _library_pieces(text, stage, labels)
            continue
        if heading.startswith("Canon"):
            pieces += _canon_pieces(text, stage)
            continue
        source = _SECTION_SOURCES.get(heading, "system prompt")
        pieces.append(_Piece(source, heading or "introduction", text, _SECTION_REASONS.get(source, "")))
    return pieces


_SECTION_REASONS = {
    "system prompt": "the agent's profile and how its tools end its part",
    "profile instructions": "the profile's standing instructions",
    "skills": "the Skills this agent may read",
    "canon": "the project's pinned canon facts",
}


def _input_pieces(messages: list[dict[str, Any]], stage: _Stage, labels: list[tuple[str, str]]) -> list[_Piece]:
    pieces: list[_Piece] = []
    history: list[str] = []
    for i, message in enumerate(messages[:len(labels)]):
        source, name = labels[i]
        if source == "input":
            pieces.append(_Piece("input", name, _message_text(message), _INPUT_REASONS.get(name, "")))
        else:
            history.append(_message_text(message))
    if history or stage.history_left_out:
        source = next(s for s, _ in labels if s != "input") if history else "chat history"
        pieces.insert(0, _Piece(source, f"{len(history)} messages", "".join(history),
                                "what the stage's input keeps of the conversation"))
    if stage.history_left_out:
        limit = stage.history_limit
        why = "the profile sends no chat history" if limit == 0 else f"the profile sends the last {limit} messages"
        pieces.insert(1 if history else 0, _Piece("chat history", "left out", "",
                                                 f"{stage.history_left_out} earlier messages left out: {why}"))
    pieces += _work_pieces(messages[len(labels):])
    return pieces


def _work_pieces(later: list[dict[str, Any]]) -> list[_Piece]:
    """The messages after the stage's first ones: its own turns, tool results by tool (knowledge search
    results as knowledge passages), and what the creator or the runtime added (guidance, nudges)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for message in later:
        role, tool = message.get("role"), str(message.get("tool_name") or "")
        if role == "assistant":
            key = ("this stage's work", "the agent's earlier turns")
        elif role == "tool" and tool.startswith("knowledge"):
            key = ("knowledge passages", tool)
        elif role == "tool":
            key = ("tool results", tool or "tool")
        else:
            key = ("guidance and nudges", "added during the stage")
        groups.setdefault(key, []).append(_message_text(message))
    return [_Piece(source, name, "".join(texts), _WORK_REASONS[source]) for (source, name), texts in groups.items()]


_WORK_REASONS = {
    "this stage's work": "what the agent said and called earlier in this stage",
    "knowledge passages": "what the agent's knowledge search returned",
    "tool results": "what the agent's tool calls returned",
    "guidance and nudges": "the creator's guidance, or a reminder to use the tools",
}

_INPUT_REASONS = {"your message": "what the creator asked", "the handoff brief": "what the previous agent handed on",
                  "the task": "what the delegating agent asked", "the conversation summary": "the earlier stages, "
                  "summarised"}


def _tool_piece(tools: list[dict[str, Any]]) -> _Piece:
    text = "".join(t.get("name", "") + t.get("description", "") + json.dumps(t.get("parameters", {}),
                                                                            ensure_ascii=False) for t in tools)
    return _Piece("tool definitions", f"{len(tools)} tools", text, "the tools this agent may call")


def _apportion(estimates: list[int], total: int) -> list[int]:
    """``estimates`` scaled to add up to ``total`` exactly (largest remainder; a part estimated 0 stays 0)."""
    whole = sum(estimates)
    if whole == 0:
        return estimates
    shares = [e * total / whole for e in estimates]
    out = [int(s) for s in shares]
    for i in sorted(range(len(shares)), key=lambda i: out[i] - shares[i])[:total - sum(out)]:
        out[i] += 1
    return out


def explain_request(request: dict[str, Any], stage: _Stage, call: _Call, agent: str, turn_id: str
                    ) -> RequestExplained:
    messages = request.get("messages", [])
    labels = _message_labels(stage, min(stage.first_messages or len(messages), len(messages)))
    pieces = [*_system_pieces(request.get("system", ""), stage, labels), *_input_pieces(messages, stage, labels)]
    if request.get("tools"):
        pieces.append(_tool_piece(request["tools"]))
    estimates = [estimate_tokens(p.text) for p in pieces]
    tokens = call.server_tokens if call.server_tokens is not None else sum(estimates)
    shares = _apportion(estimates, tokens) if call.server_tokens is not None else estimates
    return RequestExplained(
        agent=agent, connection=call.connection, model=call.model, tokens=tokens,
        counted="server" if call.server_tokens is not None else "estimate", estimatedTokens=sum(estimates),
        turnId=turn_id,
        parts=[Part(source=p.source, name=p.name, tokens=t, reason=p.reason)
               for p, t in zip(pieces, shares, strict=True)])


def explain_run(runs: RunStore, run_id: str) -> Iterator[RequestExplained]:
    """Each model request of ``run_id`` in order, split by source."""
    stages, calls = _stages_and_calls(runs.iter_events(run_id))
    for turn in runs.iter_model_turns(run_id):
        yield _explain_turn(turn, stages, calls)


def explain_turn(turn: dict[str, Any], events: Iterable[Event]) -> RequestExplained:
    """One model request (``RunStore.model_turn``) split by source, from the events of its stage that say how
    its prompt was put together (the stage's first events) and the call's own start and end: what the timeline's
    detail pane shows, derived as ``explain_run`` derives it."""
    stages, calls = _stages_and_calls(events)
    return _explain_turn(turn, stages, calls)


def _explain_turn(turn: dict[str, Any], stages: dict[str, _Stage], calls: dict[str, _Call]) -> RequestExplained:
    stage = stages.get(turn["invocationId"], _Stage())
    return explain_request(turn["request"], stage, calls.get(turn["id"], _Call()), stage.name or turn["agentId"],
                           turn["id"])


def explain_lines(item: RequestExplained) -> list[str]:
    """The plain-text form: a head line, then one line per part."""
    where = " / ".join(x for x in (item.connection, item.model) if x) or "-"
    counted = "as the server counted" if item.counted == "server" else "estimated"
    lines = [f"{item.agent}  {where}  {item.tokens} tokens ({counted})"]
    for part in item.parts:
        why = f"  — {part.reason}" if part.reason else ""
        lines.append(f"  {part.tokens:>7}  {part.source:<18} {part.name}{why}")
    return lines
