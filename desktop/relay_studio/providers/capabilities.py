"""What a connection's server cannot do, learned per model while it runs, journaled once, remembered.

Real servers lack features the request format offers. llama-cpp-python's server answers a streamed
request that offers tools with a 200 and an empty body (its log says "Automatic streaming tool choice is
not supported"); some servers refuse ``tool_choice: "required"`` or a named tool, or any ``tool_choice``
at all; older ones refuse ``stream_options`` (or, in principle, llama.cpp's ``return_progress``). Each
call runs a ``CallPlan`` (what to ask for); when the server turns the plan down before any event
arrived, ``next_plan`` names the one change that answers that refusal, the memory records it for the
model, the stream yields one ``ProviderNotice`` with a sentence and a stable code, and the call is
tried again with the smaller plan. Later calls start from what was learned and say nothing more.
Missing token counts are no refusal: they are estimated (``usage_estimate``), and streaming stays.

The order of tries is chosen so one refusal costs one extra request: a field the error names is dropped
first (it is the cause the server gave); an unusable 200 to a streamed request that offers tools means
"no streamed tools" (the same tool choice is then asked for without streaming, since llama.cpp refuses
every tool choice streamed); a refusal that is left is the tool choice's (``required``/named/``none`` ->
``auto`` -> none sent). Every change makes the plan strictly smaller, so a call tries at most five times.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncGenerator, Callable
from contextlib import aclosing
from dataclasses import dataclass, field, replace
from typing import Literal

from relay_studio.domain import error_codes as codes
from relay_studio.domain.connections import ModelLimits as ModelLimits
from relay_studio.domain.connections import OptionalField as OptionalField
from relay_studio.domain.connections import ToolChoiceMode as ToolChoiceMode
from relay_studio.domain.messages import CallProgress, ProviderNotice, ResponseCompleted, StreamEvent, ToolChoice
from relay_studio.providers.base import ProviderError
from relay_studio.providers.retry import UnusableBody, rejects_tool_choice

_log = logging.getLogger(__name__)

#: Notice codes, one per thing a server can turn out not to do.
STREAM_TOOLS_UNSUPPORTED = codes.PROVIDER_STREAM_TOOLS_UNSUPPORTED
TOOL_CHOICE_UNSUPPORTED = codes.PROVIDER_TOOL_CHOICE_UNSUPPORTED
STREAM_OPTIONS_UNSUPPORTED = codes.PROVIDER_STREAM_OPTIONS_UNSUPPORTED
PROMPT_CACHE_KEY_UNSUPPORTED = codes.PROVIDER_PROMPT_CACHE_KEY_UNSUPPORTED
RETURN_PROGRESS_UNSUPPORTED = codes.PROVIDER_RETURN_PROGRESS_UNSUPPORTED
STOP_UNSUPPORTED = codes.PROVIDER_STOP_UNSUPPORTED
STREAM_USAGE_MISSING = codes.PROVIDER_STREAM_USAGE_MISSING

STRUCTURED_OUTPUT_UNSUPPORTED = codes.PROVIDER_STRUCTURED_OUTPUT_UNSUPPORTED
JSON_SCHEMA_UNSUPPORTED = codes.PROVIDER_JSON_SCHEMA_UNSUPPORTED
_FIELD_CODES: dict[str, str] = {
    "stream_options": STREAM_OPTIONS_UNSUPPORTED,
    "prompt_cache_key": PROMPT_CACHE_KEY_UNSUPPORTED,
    "return_progress": RETURN_PROGRESS_UNSUPPORTED,
    "stop": STOP_UNSUPPORTED,
    "json_schema": JSON_SCHEMA_UNSUPPORTED,
    "response_format": STRUCTURED_OUTPUT_UNSUPPORTED,
}
#: Words in an error that name an optional field (``include_usage`` lives inside ``stream_options``).
_FIELD_WORDS: dict[str, tuple[str, ...]] = {
    "stream_options": ("stream_options", "include_usage"),
    "prompt_cache_key": ("prompt_cache_key",),
    "return_progress": ("return_progress",),
    "stop": ("'stop'", '"stop"', "stop sequence"),
    # ``json_schema`` (the type of ``response_format``) before the field: a server refusing only that type
    # (llama-cpp-python: "Input should be 'text' or 'json_object'") gets the schema as ``json_object``
    "json_schema": ("json_schema",),
    "response_format": ("response_format", "json_object"),
}
MAX_TRIES = 5


@dataclass(frozen=True)
class CallPlan:
    """What one attempt asks the server for."""

    choice: ToolChoice | None
    """The tool choice to send; None sends none (the server's default)."""
    stream: bool = True
    omit: frozenset[str] = field(default_factory=frozenset)
    """Optional fields (``OptionalField``) to leave out."""


@dataclass(frozen=True)
class Learned:
    """One finding: the notice code, the change to the model's limits, and the smaller plan."""

    code: str
    plan: CallPlan
    limits: ModelLimits
    sentence: str


def tool_choice_mode(choice: ToolChoice) -> Literal["required", "none", "named", "auto"]:
    if isinstance(choice, dict):
        return "named"
    return choice


def _label(choice: ToolChoice) -> str:
    return f"{{name: {choice.get('name', '?')}}}" if isinstance(choice, dict) else choice


class EmptyAnswer(ProviderError):
    """A complete answer with no text, no reasoning and no tool call to a request that offered tools.

    llama-cpp-python's ``chatml-function-calling`` handler answers ``auto`` that way whenever its model
    picks "message" (its grammar then allows nothing but the end); ``capabilities`` counts it as the
    server silently ignoring the tool choice.
    """

    what = "an empty answer: no text and no tool call"

    def __init__(self, connection_id: str) -> None:
        super().__init__(
            codes.PROVIDER_EMPTY_ANSWER,
            f"The server of connection '{connection_id}' sent {self.what}.",
            status=200,
        )


def _why(error: ProviderError) -> str:
    """The server's own words for a refusal, for the sentence in the journal."""
    if isinstance(error, UnusableBody | EmptyAnswer):
        return error.what
    status = f"{error.status}" if error.status is not None else "an error"
    return f"{status}: {error.detail}" if error.detail else status


class CapabilityMemory:
    """The limits of each model of one connection, for one provider instance and beyond.

    ``on_learned(model, limits)`` persists a new finding (the factory wires it to ``ConnectionStore``);
    the limits a connection was created with come from its stored settings, so a restart does not try
    again. ``legacy_tool_choice`` is the connection-wide ``toolChoiceUnsupported`` of older versions.
    """

    def __init__(
        self,
        connection_id: str,
        learned: dict[str, ModelLimits] | None = None,
        *,
        legacy_tool_choice: list[ToolChoiceMode] | None = None,
        on_learned: Callable[[str, ModelLimits], None] | None = None,
    ) -> None:
        self.connection_id = connection_id
        self.models: dict[str, ModelLimits] = {k: v.model_copy(deep=True) for k, v in (learned or {}).items()}
        self._legacy = list(legacy_tool_choice or [])
        self._on_learned = on_learned

    def limits(self, model: str) -> ModelLimits:
        return self.models.get(model) or ModelLimits(tool_choice_unsupported=list(self._legacy))

    def plan(self, model: str, requested: ToolChoice, has_tools: bool, *, cache_key: bool = False,
             structured: bool = False, progress: bool = False, turn_markers: bool = False) -> CallPlan:
        """The plan a call starts from: what was asked, minus what this model is known not to do.
        ``structured``: the request asks for a JSON answer of a schema (``response_format``);
        ``progress``: ask the server to report reading the prompt (llama.cpp's ``return_progress``);
        ``turn_markers``: end the answer at a chat template's turn marker the model writes as text (``stop``)."""
        limits = self.limits(model)
        omit = set(limits.dropped_fields)
        if not cache_key:
            omit.add("prompt_cache_key")
        if not progress:
            omit.add("return_progress")
        if not turn_markers:
            omit.add("stop")
        if not structured:
            omit.add("response_format")
        if not has_tools:
            return CallPlan(choice=None, stream=True, omit=frozenset(omit))
        choice: ToolChoice | None = requested
        unsupported = limits.tool_choice_unsupported
        if "auto" in unsupported:
            choice = None  # a server that refuses even "auto" refuses the field
        elif tool_choice_mode(requested) in unsupported:
            choice = "auto"
        # ``no_stream_usage`` (learned by older versions) is read but no longer acted on: a live draft is
        # worth more than token counts, which are estimated where a server sends none.
        return CallPlan(choice=choice, stream=not limits.no_streamed_tools, omit=frozenset(omit))

    def next_plan(self, model: str, plan: CallPlan, error: ProviderError, has_tools: bool) -> Learned | None:
        """The one change that answers ``error``, or None when no fallback applies (the error stands)."""
        who = f"Connection '{self.connection_id}'"
        limits = self.limits(model).model_copy(deep=True)
        status = error.status
        about_shape = isinstance(error, UnusableBody) or (status is not None and 400 <= status < 500
                                                          and status not in (401, 403, 404, 408, 409, 425, 429))
        said = f"{error.message} {error.detail or ''}".lower()
        # llama-cpp-python's server answers a request body it cannot validate with a 500 ("1 validation
        # error: … 'loc': ('body', 'response_format', 'type') …"): a refusal of a field it names, not a failure
        invalid_body = status == 500 and "validation error" in said and "'body'" in said
        if (about_shape or invalid_body) and not isinstance(error, UnusableBody):
            for name, words in _FIELD_WORDS.items():
                sent = name not in plan.omit and (plan.stream or name not in ("stream_options", "return_progress"))
                if name == "json_schema":
                    sent = sent and "response_format" not in plan.omit
                if sent and any(w in said for w in words):
                    limits.dropped_fields = [*limits.dropped_fields, name]  # type: ignore[list-item]
                    then = ("so this and later calls ask for a JSON object with the schema instead"
                            if name == "json_schema" else "so it is left out of this and later calls")
                    return Learned(
                        _FIELD_CODES[name], replace(plan, omit=plan.omit | {name}), limits,
                        f"{who} does not accept '{name}' with model '{model}' ({_why(error)}), {then}.",
                    )
        if has_tools and plan.stream and (
            isinstance(error, UnusableBody) or (about_shape and "stream" in said and "tool" in said)
        ):
            limits.no_streamed_tools = True
            return Learned(
                STREAM_TOOLS_UNSUPPORTED, replace(plan, stream=False), limits,
                f"{who} cannot stream an answer that may call tools with model '{model}' ({_why(error)}), "
                f"so turns that offer tools ask for the whole answer at once from now on; "
                f"their text arrives in one piece.",
            )
        silent = isinstance(error, UnusableBody | EmptyAnswer)
        if has_tools and plan.choice is not None and (silent or rejects_tool_choice(error)):
            mode = tool_choice_mode(plan.choice)
            if mode != "auto":
                after: ToolChoice | None = "auto"
                then = "'auto'"
            elif silent or "tool_choice" in said or "tool choice" in said:
                after, then = None, "no tool choice (the server's default)"
            else:
                return None
            if mode not in limits.tool_choice_unsupported:
                limits.tool_choice_unsupported = [*limits.tool_choice_unsupported, mode]
            return Learned(
                TOOL_CHOICE_UNSUPPORTED, replace(plan, choice=after), limits,
                f"{who} refused tool choice '{_label(plan.choice)}' with model '{model}' ({_why(error)}), "
                f"so this and later calls send {then}.",
            )
        return None

    def no_usage(self, model: str, plan: CallPlan) -> Learned:
        """An answer that came without token counts: they are estimated, and the plan stays as it was
        (streaming is never given up for counts)."""
        limits = self.limits(model).model_copy(update={"no_stream_usage": True}, deep=True)
        return Learned(
            STREAM_USAGE_MISSING, plan, limits,
            f"Connection '{self.connection_id}' sends no token counts with answers from model '{model}', so "
            f"the studio estimates them (about four characters a token) and marks them as estimated; "
            f"answers keep streaming.",
        )

    def learn(self, model: str, finding: Learned) -> bool:
        """Records a finding; False when it was known already (another call learned it meanwhile)."""
        before = self.limits(model)
        if before == finding.limits:
            return False
        self.models[model] = finding.limits
        if self._on_learned is not None:
            try:
                self._on_learned(model, finding.limits)
            except Exception:  # remembering is a courtesy; the call itself must go on
                _log.warning("could not persist what connection %s learned", self.connection_id, exc_info=True)
        return True


AttemptFactory = Callable[[CallPlan], AsyncGenerator[StreamEvent, None]]


async def stream_with_fallbacks(
    memory: CapabilityMemory, model: str, plan: CallPlan, has_tools: bool, attempt: AttemptFactory
) -> AsyncGenerator[StreamEvent, None]:
    """Runs ``attempt(plan)``; a refusal before the first event leads to the next smaller plan.

    A refusal arrives as an HTTP status or an unusable body before any event, so nothing of a refused
    attempt was yielded when the next one starts; an empty answer to a tool choice (nothing yielded
    either) is a refusal too; ``CallProgress`` events are passed on but count as nothing yielded. Each
    new finding's notice comes first, then the stream that worked; an answer whose token counts had
    to be estimated is answered as it came, with a notice (once per model) before its
    ``ResponseCompleted``.
    """
    for _ in range(MAX_TRIES):
        yielded = False
        final: ResponseCompleted | None = None
        finding: Learned | None = None
        try:
            async with aclosing(attempt(plan)) as events:
                async for event in events:
                    if isinstance(event, ResponseCompleted):
                        final = event
                        continue
                    if not isinstance(event, CallProgress):
                        yielded = True  # progress is no part of an answer: a refusal may still follow
                    yield event
        except ProviderError as error:
            finding = None if yielded else memory.next_plan(model, plan, error, has_tools)
            if finding is None:
                raise
        if final is not None:
            answer = final.response
            if has_tools and not yielded and not (answer.text or answer.reasoning or answer.tool_calls):
                finding = memory.next_plan(model, plan, EmptyAnswer(memory.connection_id), has_tools)
            if finding is None:
                if answer.usage.estimated:
                    learned = memory.no_usage(model, plan)
                    if memory.learn(model, learned):
                        yield ProviderNotice(code=learned.code, message=learned.sentence)
                yield final
                return
        assert finding is not None
        if memory.learn(model, finding):
            yield ProviderNotice(code=finding.code, message=finding.sentence)
        plan = finding.plan
    raise ProviderError(  # unreachable in practice: every finding makes the plan smaller
        codes.PROVIDER_FALLBACKS_EXHAUSTED,
        f"Connection '{memory.connection_id}' refused every simpler form of the request.",
    )
