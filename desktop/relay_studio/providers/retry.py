"""What is worth retrying, how long to wait, and the sentence a creator reads when a call fails.

The runtime loop owns retries (it journals each one); providers only classify. Everything here is pure:
``backoff_delay`` for the wait, ``parse_retry_after`` for the server's own wish, ``error_for_status`` and
``error_for_transport`` to turn an HTTP status or an ``httpx`` exception into a ``ProviderError`` with
the right ``retryable`` flag. No message ever contains an API key: ``scrub`` removes it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any, Protocol

from relay_studio.domain import error_codes as codes
from relay_studio.providers.base import ProviderError

# httpx is imported where a transport error is classified: importing the runtime (the window's start-up)
# does not wait for it (docs/window/startup.md, *Where the start-up time goes*).
if TYPE_CHECKING:
    import httpx

#: Statuses where trying again can help (timeouts, conflicts, rate limits, server trouble).
RETRYABLE_STATUSES = frozenset({408, 409, 425, 429})

DEFAULT_CAP_SECONDS = 60.0
#: A Retry-After longer than this is clamped, so a misbehaving server cannot park a run for hours.
MAX_RETRY_AFTER_SECONDS = 300.0


class Random(Protocol):
    def random(self) -> float: ...


def is_retryable_status(status: int) -> bool:
    return status in RETRYABLE_STATUSES or status >= 500


def backoff_delay(
    attempt: int,
    base: float,
    retry_after: float | None,
    rng: Random,
    *,
    cap: float = DEFAULT_CAP_SECONDS,
) -> float:
    """Seconds to wait before retry number ``attempt`` (1 for the first retry).

    Exponential (``base * 2**(attempt-1)``, at most ``cap``) with "equal jitter": the wait lies in
    [step/2, step], so concurrent runs spread out yet none retries almost at once. A server's
    Retry-After is honoured: the wait is never shorter than it (clamped to
    ``MAX_RETRY_AFTER_SECONDS``).
    """
    if attempt < 1:
        raise ValueError("attempt counts retries from 1")
    base = max(0.0, base)
    step = min(cap, base * 2.0 ** min(attempt - 1, 62))
    delay = step / 2 + rng.random() * step / 2
    if retry_after is not None and math.isfinite(retry_after):
        delay = max(delay, min(max(0.0, retry_after), MAX_RETRY_AFTER_SECONDS))
    return delay


def parse_retry_after(headers: Mapping[str, str], *, now: datetime | None = None) -> float | None:
    """Seconds from ``Retry-After`` (delta-seconds or an HTTP date) or ``retry-after-ms``; None if absent."""
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            value = float(millis) / 1000
        except ValueError:
            value = math.nan
        if math.isfinite(value) and value >= 0:
            return value
    raw = headers.get("retry-after")
    if raw is None:
        return None
    raw = raw.strip()
    try:
        seconds = float(raw)
    except ValueError:
        try:
            when = parsedate_to_datetime(raw)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - (now or datetime.now(UTC))).total_seconds()
    if not math.isfinite(seconds):
        return None
    return max(0.0, seconds)


_KEY_LIKE = re.compile(r"\b(sk|pk|rk|key)-[A-Za-z0-9_\-]{8,}")


def scrub(text: str, secrets: Iterable[str | None] = ()) -> str:
    """Removes API keys (the known ones, and anything shaped like one) from text meant for people."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "***")
    return _KEY_LIKE.sub(r"\1-***", text)


def server_message(body: str) -> str:
    """The human part of an error body: OpenAI, Anthropic, Ollama and FastAPI shapes, else the text."""
    message: Any = None
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if isinstance(data, dict):
        error = data.get("error")
        if isinstance(error, dict):
            message = error.get("message") or error.get("type")
        elif isinstance(error, str):
            message = error
        if message is None:
            message = data.get("message") or data.get("detail")
        if isinstance(message, list) and message and isinstance(message[0], dict):
            message = message[0].get("msg")
    if not isinstance(message, str) or not message.strip():
        message = body
    line = " ".join(message.split()).rstrip(".")
    if len(line) > 240:
        line = line[:239] + "…"
    return line


def error_for_status(
    connection_id: str,
    status: int,
    body: str,
    headers: Mapping[str, str],
    *,
    has_key: bool,
    secrets: Iterable[str | None] = (),
) -> ProviderError:
    """One sentence for a non-2xx answer, with ``retryable`` and ``retry_after`` set."""
    detail = scrub(server_message(body), secrets) if body.strip() else ""
    tail = f": {detail}." if detail else "."
    who = f"connection '{connection_id}'"
    retry_after = parse_retry_after(headers)
    if status == 401:
        code = codes.PROVIDER_AUTH_FAILED
        message = (
            f"The API key for {who} was refused ({status})."
            if has_key
            else f"The server of {who} asks for an API key and none is stored ({status})."
        )
    elif status == 403:
        code, message = codes.PROVIDER_FORBIDDEN, f"The API key for {who} may not use this model ({status}){tail}"
    elif status == 404:
        code, message = (
            codes.PROVIDER_NOT_FOUND,
            f"The server of {who} knows no such model or endpoint ({status}){tail}",
        )
    elif status == 429:
        wait = f"; it asks to wait {retry_after:.0f} s" if retry_after is not None else ""
        code, message = (
            codes.PROVIDER_RATE_LIMITED,
            f"The server of {who} is rate limiting requests ({status}){wait}{tail}",
        )
    elif status in (408, 425):
        code, message = (
            codes.PROVIDER_TIMEOUT,
            f"The server of {who} timed out waiting for the request ({status}).",
        )
    elif status == 409:
        code, message = codes.PROVIDER_CONFLICT, f"The server of {who} reported a conflict ({status}){tail}"
    elif status >= 500:
        code, message = codes.PROVIDER_SERVER_ERROR, f"The server of {who} failed ({status}){tail}"
    else:
        code, message = codes.PROVIDER_BAD_REQUEST, f"The server of {who} rejected the request ({status}){tail}"
    return ProviderError(
        code,
        message,
        retryable=is_retryable_status(status),
        status=status,
        retry_after=retry_after,
        detail=detail or None,
    )


def error_for_transport(connection_id: str, exc: httpx.TransportError, url: str) -> ProviderError:
    """A network failure: all of these are retryable (the next attempt may well get through)."""
    import httpx

    who = f"connection '{connection_id}'"
    if isinstance(exc, httpx.ConnectTimeout):
        code, message = codes.PROVIDER_UNREACHABLE, f"Could not reach {who} at {url} in time."
    elif isinstance(exc, httpx.ConnectError):
        code, message = codes.PROVIDER_UNREACHABLE, f"Could not reach {who} at {url}; is the server running?"
    elif isinstance(exc, httpx.ReadTimeout):
        code, message = (
            codes.PROVIDER_IDLE_TIMEOUT,
            f"The server of {who} went silent for longer than the read timeout.",
        )
    elif isinstance(exc, httpx.TimeoutException):
        code, message = codes.PROVIDER_TIMEOUT, f"The request to {who} timed out."
    elif isinstance(exc, httpx.RemoteProtocolError | httpx.ReadError):
        code, message = (
            codes.PROVIDER_STREAM_INCOMPLETE,
            f"The answer from {who} was cut off before it was complete.",
        )
    else:
        code, message = codes.PROVIDER_NETWORK_ERROR, f"The network failed while talking to {who}."
    return ProviderError(code, message, retryable=True)


def stream_incomplete(connection_id: str) -> ProviderError:
    return ProviderError(
        codes.PROVIDER_STREAM_INCOMPLETE,
        f"The answer from connection '{connection_id}' stopped before it was complete.",
        retryable=True,
    )


def malformed_chunk(connection_id: str, what: str) -> ProviderError:
    return ProviderError(
        codes.PROVIDER_MALFORMED_CHUNK,
        f"The server of connection '{connection_id}' sent {what}.",
        retryable=True,
    )


def stream_error(connection_id: str, detail: str, status: int | None) -> ProviderError:
    """An error the server reported inside a 200 stream; ``status`` from its code or type, if any."""
    retryable = status is None or status in (408, 409, 429) or status >= 500
    return ProviderError(
        codes.PROVIDER_STREAM_ERROR,
        f"The server of connection '{connection_id}' reported an error mid-answer: {detail}.",
        retryable=retryable,
        status=status,
        detail=detail,
    )


#: How much of an unusable body the sentence quotes.
BODY_QUOTE_CHARS = 200


class UnusableBody(ProviderError):
    """A 2xx answer whose body is empty, or not the event stream or JSON the request asked for.

    llama-cpp-python's server sends an empty 200 when it cannot stream what was asked (tool calls, a
    tool choice); ``capabilities`` treats this as the server refusing the request's form.
    """

    def __init__(self, connection_id: str, raw: bytes, *, streamed: bool, secrets: Iterable[str | None] = ()) -> None:
        text = scrub(" ".join(raw.decode("utf-8", "replace").split()), secrets)
        if len(text) > BODY_QUOTE_CHARS:
            text = text[: BODY_QUOTE_CHARS - 1] + "…"
        asked = "an event stream" if streamed else "a JSON answer"
        what = f"an empty 200 instead of {asked}" if not text else f"a 200 that is not {asked}: {text}"
        super().__init__(
            codes.PROVIDER_MALFORMED_CHUNK,
            f"The server of connection '{connection_id}' sent {what}.",
            retryable=True,
            status=200,
            detail=text or None,
        )
        self.what = what


#: 4xx answers that say nothing about the request's shape (the key, the model, the rate, a timeout).
_NOT_ABOUT_SHAPE = frozenset({401, 403, 404, 408, 409, 425, 429})


#: What a server failure says when it gives no reason of its own (llama-cpp-python's failed assertion).
_NO_REASON = frozenset({"internal_server_error", "internal server error", "server_error", "server error"})


#: a server's words for a request longer than the model holds (OpenAI, vLLM, llama-cpp-python:
#: "maximum context length"; llama.cpp: "exceeds the available context size"; Anthropic: "prompt is too long")
CONTEXT_EXCEEDED_WORDS = ("context length", "maximum context", "context window", "context size",
                          "prompt is too long")


def says_context_exceeded(error: ProviderError) -> bool:
    """Whether the server refused the request for being longer than the model's context."""
    said = f"{error.message} {error.detail or ''}".lower()
    return any(words in said for words in CONTEXT_EXCEEDED_WORDS)


def rejects_tool_choice(error: ProviderError) -> bool:
    """Whether an answer to a non-auto tool choice may mean "this server cannot do that mode".

    Any 4xx about the request's shape qualifies; so does a server failure whose message names tools,
    functions or a grammar (local servers that crash building a constrained grammar answer 500), or
    that gives nothing but its error type (llama-cpp-python answers ``required`` with an empty 500).
    """
    status = error.status
    if status is None or says_context_exceeded(error):  # too long, whatever the tool choice
        return False
    if 400 <= status < 500:
        return status not in _NOT_ABOUT_SHAPE
    lowered = error.message.lower()
    if status >= 500 and error.detail is not None and error.detail.strip().lower() in _NO_REASON:
        return True
    return status >= 500 and any(word in lowered for word in ("tool", "function", "grammar"))
