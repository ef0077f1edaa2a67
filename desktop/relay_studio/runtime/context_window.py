"""Whether a chat still fits its agent's context window, and whether a failure says it did not.

The estimate is deliberately simple (docs/session-handoff.md, "When a chat no longer fits"): the next
request is the agent's system prompt, the chat as its prompt assembly would send it (the pinned
handoff document, the history the profile keeps, the creator's new message), each entry counted with
``library.mentions.estimate_tokens`` (one token per CJK character, four characters per token for the
rest) plus a few tokens of framing. Tools and library sections are not counted; the answer's share
(``reserve``) covers them loosely: the profile's ``maxTokens``, else an eighth of the window.

The window is the profile's ``model.contextWindowTokens`` when set, else what the model's server
reports (``providers.detect.model_context_length``), else unknown: then nothing is offered before
sending, and only a server's "context length exceeded" refusal (``exceeds_context``) leads to the offer.
"""

from __future__ import annotations

from dataclasses import dataclass

from relay_studio.domain import error_codes as codes
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import MessageRecord
from relay_studio.library.mentions import estimate_tokens
from relay_studio.providers.retry import CONTEXT_EXCEEDED_WORDS
from relay_studio.runtime.prompts import chat_history, root_messages

#: framing tokens per message (role markers, separators) in the estimate
PER_MESSAGE_TOKENS = 4
#: a server's words for a request longer than the model holds (the providers know them)
EXCEEDED_WORDS = CONTEXT_EXCEEDED_WORDS
#: the run error codes under which a server's refusal of the request's size arrives (a 400 or 413)
EXCEEDED_CODES = frozenset({codes.PROVIDER_BAD_REQUEST})


@dataclass(frozen=True)
class Fit:
    """The estimate for one request against one window (tokens)."""

    window: int
    prompt: int
    reserve: int

    @property
    def fits(self) -> bool:
        return self.prompt + self.reserve <= self.window

    @property
    def sentence(self) -> str:
        """What the window tells the creator when the chat no longer fits."""
        return (f"This chat no longer fits the agent's context window: the next request would be about "
                f"{self.prompt:,} tokens, and the model holds {self.window:,} (with {self.reserve:,} kept for "
                "its answer). Hand off to a new chat that starts from a summary of this one.")


def estimate_messages(profile: AgentProfile, sent: list[Message]) -> int:
    """Estimated tokens of ``profile``'s system prompt and the messages ``sent``."""
    system = profile.instructions.system_prompt or ""
    return estimate_tokens(system) + sum(estimate_tokens(m.content) + PER_MESSAGE_TOKENS for m in sent)


def estimate_request(profile: AgentProfile, messages: list[MessageRecord], text: str) -> int:
    """Estimated tokens of the request a run of ``profile`` would send for ``text`` in a chat of ``messages``."""
    history, pinned = chat_history(messages)
    return estimate_messages(profile, root_messages(history, text, profile.context.chat_history_messages, pinned))


def trim_to_fit(profile: AgentProfile, sent: list[Message], pinned: int, window: int,
                fixed: int = 0) -> tuple[list[Message], int]:
    """``sent`` (pinned entries, history, the last message) without its oldest history entries, as many as
    the estimate needs to leave the answer's share of ``window`` free; never a pinned entry or the last
    message. A history left starting with an answer loses that answer too (templates that want the
    creator's turn first). ``fixed``: tokens of the system prompt that are never trimmed (the project's pinned
    canon, ``canon_access``), counted against the window. Returns the messages and how many were left out."""
    budget = window - min(reserve_for(profile, window), window) - fixed
    kept = list(sent)
    left_out = 0
    while len(kept) > pinned + 1 and estimate_messages(profile, kept) > budget:
        del kept[pinned]
        left_out += 1
    while left_out and len(kept) > pinned + 1 and kept[pinned].role == "assistant":
        del kept[pinned]
        left_out += 1
    return kept, left_out


def reserve_for(profile: AgentProfile, window: int) -> int:
    """Tokens kept free for the answer: the profile's ``maxTokens``, else an eighth of the window."""
    return profile.model.max_tokens if profile.model.max_tokens is not None else window // 8


def fit(profile: AgentProfile, messages: list[MessageRecord], text: str, window: int) -> Fit:
    return Fit(window, estimate_request(profile, messages, text), min(reserve_for(profile, window), window))


def exceeds_context(error_code: str | None, message: str | None) -> bool:
    """Whether a failed call's error says the request was longer than the model's context."""
    if error_code not in EXCEEDED_CODES or not message:
        return False
    said = message.lower()
    return any(words in said for words in EXCEEDED_WORDS)
