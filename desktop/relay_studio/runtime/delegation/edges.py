"""Handoff options per (source, target): the target's ``handoffIn`` section, overridable in code.

The Python API (``relay_studio.api.handoff``) sets per-edge overrides and callables that a JSON profile
cannot hold: ``is_enabled``, ``on_handoff``, a pydantic ``input_type`` and an ``input_filter``; and
run-wide defaults (``HandoffDefaults``, the API's ``RunConfig``): a default input filter, whether
handoffs nest the history, and the mapper that builds a nested history.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from relay_studio.domain.profile import AgentProfile, HistoryMode, transfer_tool_name
from relay_studio.runtime.delegation.input_data import HistoryMapper, InputFilter

TContext = TypeVar("TContext")


@dataclass(frozen=True)
class HandoffInfo(Generic[TContext]):
    """What a hook, an enabling condition or an input filter may look at (the API's ``RunContextWrapper``):
    ``context`` is the object the run was started with (``Studio.run(context=...)``)."""

    run_id: str
    source_agent_id: str
    target_agent_id: str
    has_commit: bool
    context: Any = None


#: ``on_handoff(info, input)`` or, as the Agents SDK writes it without an ``input_type``, ``on_handoff(info)``
OnHandoff = Callable[[HandoffInfo[Any], Any], Any | Awaitable[Any]] | Callable[[HandoffInfo[Any]], Any]
#: answers at once or, as the Agents SDK allows, awaitably (``refresh_enabled`` awaits it before each model call)
IsEnabled = Callable[[HandoffInfo[Any]], bool | Awaitable[bool]]
#: a custom handoff's choice of who takes over, made when it is called (seed 003's custom ``Handoff``): the
#: id of an agent the source may hand off to
ChooseTarget = Callable[[HandoffInfo[Any], Any], str | Awaitable[str]]


def takes_input(hook: Callable[..., Any]) -> bool:
    """Whether ``hook`` can be called as ``hook(info, input)``; otherwise it is called as ``hook(info)``."""
    try:
        signature = inspect.signature(hook)
    except (TypeError, ValueError):  # a builtin without a signature: the documented two-argument form
        return True
    try:
        signature.bind(None, None)
    except TypeError:
        return False
    return True


def call_on_handoff(hook: OnHandoff, info: HandoffInfo[Any], parsed: Any) -> Any:
    """Calls the hook with the input when it takes one (the result may be awaitable)."""
    return hook(info, parsed) if takes_input(hook) else hook(info)  # type: ignore[call-arg]


@dataclass(frozen=True)
class HandoffDefaults:
    """Run-wide handoff settings from code (the API's ``RunConfig``); None means 'as each handoff says'.

    ``input_filter`` applies to every handoff without its own; ``nest_handoff_history`` True makes every
    handoff without its own history setting ``nestedSummary``, False ``fullHistory``; ``history_mapper``
    builds the history a ``nestedSummary`` handoff gives (instead of the one summary message)."""

    input_filter: InputFilter | None = None
    nest_handoff_history: bool | None = None
    history_mapper: HistoryMapper | None = None


@dataclass(frozen=True)
class HandoffEdge:
    """Code-level overrides for one source -> target handoff; None means 'as the target's profile says'."""

    tool_name_override: str | None = None
    tool_description_override: str | None = None
    history_mode: HistoryMode | None = None
    remove_tool_items: bool | None = None
    input_type: type[BaseModel] | None = None
    on_handoff: OnHandoff | None = None
    is_enabled: bool | IsEnabled | None = None
    #: decides the whole history the target is given (``input_data.HandoffInputData`` in and out)
    input_filter: InputFilter | None = None
    #: True: ``nestedSummary``, False: ``fullHistory`` (``history_mode`` wins when both are set)
    nest_handoff_history: bool | None = None
    #: decides at call time who takes over (the tool stays named after this edge's target)
    choose_target: ChooseTarget | None = None


@dataclass(frozen=True)
class EffectiveHandoff:
    tool_name: str
    description: str
    history_mode: HistoryMode
    remove_tool_items: bool
    input_schema: dict[str, Any] | None
    input_type: type[BaseModel] | None
    on_handoff: OnHandoff | None
    #: the handoff's own filter, else the run's; when set, history mode and removeToolItems do not apply
    input_filter: InputFilter | None = None
    #: the run's mapper, when the history mode is ``nestedSummary`` and no filter applies
    history_mapper: HistoryMapper | None = None
    #: the history mode was chosen (the profile's ``handoffIn.historyMode``, the code or the run), not defaulted
    history_chosen: bool = False
    choose_target: ChooseTarget | None = None


def _nested(flag: bool) -> HistoryMode:
    return "nestedSummary" if flag else "fullHistory"


def effective(target: AgentProfile, edge: HandoffEdge | None,
              defaults: HandoffDefaults | None = None) -> EffectiveHandoff:
    """The handoff's options: the edge's (the code's ``handoff()``) over the run's defaults over the
    target's profile."""
    h = target.handoff_in
    e = edge or HandoffEdge()
    d = defaults or HandoffDefaults()
    default_description = f"Hand off to {target.display_name}. {target.delegation.description_for_agents}".strip()
    schema = e.input_type.model_json_schema() if e.input_type is not None else h.input_schema
    if e.history_mode is not None:
        mode = e.history_mode
    elif e.nest_handoff_history is not None:
        mode = _nested(e.nest_handoff_history)
    elif d.nest_handoff_history is not None:
        mode = _nested(d.nest_handoff_history)
    else:
        mode = h.history_mode
    input_filter = e.input_filter or d.input_filter
    return EffectiveHandoff(
        tool_name=e.tool_name_override or transfer_tool_name(target),
        description=e.tool_description_override or h.tool_description_override or default_description,
        history_mode=mode,
        remove_tool_items=h.remove_tool_items if e.remove_tool_items is None else e.remove_tool_items,
        input_schema=schema,
        input_type=e.input_type,
        on_handoff=e.on_handoff,
        input_filter=input_filter,
        history_mapper=d.history_mapper if input_filter is None and mode == "nestedSummary" else None,
        choose_target=e.choose_target,
        history_chosen=(e.history_mode is not None or e.nest_handoff_history is not None
                        or d.nest_handoff_history is not None or "history_mode" in h.model_fields_set),
    )


def is_enabled(target: AgentProfile, edge: HandoffEdge | None, info: HandoffInfo[Any],
               known: dict[tuple[str, str], bool] | None = None) -> bool:
    """Evaluated at every model call: ``afterCommit`` targets appear once the run has a commit. A callable's
    answer is the one ``refresh_enabled`` awaited for this model call (``known``); one not asked yet is
    asked now, and an awaitable answer counts as "not yet" until it is awaited."""
    if edge is not None and edge.is_enabled is not None:
        if not callable(edge.is_enabled):
            return edge.is_enabled
        key = (info.source_agent_id, info.target_agent_id)
        if known is not None and key in known:
            return known[key]
        answer = edge.is_enabled(info)
        if inspect.isawaitable(answer):
            close = getattr(answer, "close", None)
            if close is not None:
                close()  # never awaited here: the loop awaits it before the next model call
            return False
        return bool(answer)
    enabled = target.handoff_in.enabled
    if enabled == "afterCommit":
        return info.has_commit
    return bool(enabled)


async def refresh_enabled(edges: dict[tuple[str, str], HandoffEdge], source_id: str,
                          info_for: Callable[[str], HandoffInfo[Any]]) -> dict[tuple[str, str], bool]:
    """Every callable ``is_enabled`` of ``source_id``'s handoffs, awaited when it is async: what the
    prompt, the tools and the checks of the next model call use (``is_enabled(..., known)``)."""
    known: dict[tuple[str, str], bool] = {}
    for (source, target), edge in edges.items():
        if source != source_id or not callable(edge.is_enabled):
            continue
        answer = edge.is_enabled(info_for(target))
        known[(source, target)] = bool(await answer) if inspect.isawaitable(answer) else bool(answer)
    return known
