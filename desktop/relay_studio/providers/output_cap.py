"""Our side of an answer's length cap: a server that ignores ``max_tokens`` is stopped at it.

A server that never stops (issue 39: a 460 MB answer, a process of 3.2 GB) must not flood the studio. While
an answer streams, ``OutputBudget`` counts what arrives:

- characters written (text, reasoning, tool calls' names and arguments) against ``max_tokens`` x
  ``CHARS_PER_TOKEN_CAP`` (8: twice the estimate rule of ``usage_estimate``, so an answer the server itself
  capped is never cut here);
- bytes of event data against ``max_tokens`` x ``BYTES_PER_TOKEN_CAP`` + ``MIN_CAP_BYTES`` (a stream of
  empty or unknown events ends too).

Past either, the provider stops reading, closes the stream and completes the answer with
``finish_reason`` "length" and a ``model.output_capped`` notice (journaled as a ``model_notice``); the text
that fits the character cap is kept. A whole JSON body (a server that ignored ``stream``) is read up to
``MAX_WHOLE_BODY_BYTES`` and refused past it (``provider.answer_too_large``).
"""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.domain.messages import (
    ModelResponse,
    ProviderNotice,
    ReasoningDelta,
    StreamEvent,
    TextDelta,
    ToolCallDelta,
)

CHARS_PER_TOKEN_CAP = 8
BYTES_PER_TOKEN_CAP = 4096
MIN_CAP_BYTES = 1024 * 1024
#: the cap when a request states none (the runtime always states one; detection and tests may not)
UNSTATED_MAX_TOKENS = 32_768
#: a whole (non-streamed) JSON answer larger than this is refused, never parsed
MAX_WHOLE_BODY_BYTES = 64 * 1024 * 1024
#: how much of a non-2xx body is read for its sentence (the rest is never read)
MAX_ERROR_BODY_BYTES = 64 * 1024

OUTPUT_CAPPED = codes.MODEL_OUTPUT_CAPPED


class OutputBudget:
    """What one answer may still bring; ``spend`` says when it has brought too much."""

    __slots__ = ("bytes", "chars", "max_bytes", "max_chars", "max_tokens")

    def __init__(self, max_tokens: int | None) -> None:
        self.max_tokens = max_tokens if max_tokens is not None and max_tokens > 0 else UNSTATED_MAX_TOKENS
        self.max_chars = self.max_tokens * CHARS_PER_TOKEN_CAP
        self.max_bytes = self.max_tokens * BYTES_PER_TOKEN_CAP + MIN_CAP_BYTES
        self.chars = 0
        self.bytes = 0

    def spend(self, data_bytes: int, events: list[StreamEvent]) -> bool:
        """Counts one batch; True once the answer is past the cap."""
        self.bytes += data_bytes
        for event in events:
            if isinstance(event, TextDelta | ReasoningDelta):
                self.chars += len(event.text)
            elif isinstance(event, ToolCallDelta):
                self.chars += len(event.name or "") + len(event.arguments)
        return self.chars > self.max_chars or self.bytes > self.max_bytes

    def notice(self, connection_id: str) -> ProviderNotice:
        return ProviderNotice(
            code=OUTPUT_CAPPED,
            message=(f"The server of connection '{connection_id}' went on writing past the answer length "
                     f"limit of {self.max_tokens:,} tokens; the answer was stopped there and the first "
                     f"{min(self.chars, self.max_chars):,} characters are kept."),
        )

    def capped(self, answer: ModelResponse) -> ModelResponse:
        """The answer as kept: text and reasoning within the character cap, ended by "length"."""
        return answer.model_copy(update={"text": answer.text[: self.max_chars],
                                         "reasoning": answer.reasoning[: self.max_chars],
                                         "finish_reason": "length"})
