"""Fault classification: backoff, Retry-After, statuses, transport errors, and keys kept out of messages."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import httpx
import pytest

from relay_studio.providers.base import ProviderError
from relay_studio.providers.retry import (
    MAX_RETRY_AFTER_SECONDS,
    backoff_delay,
    error_for_status,
    error_for_transport,
    parse_retry_after,
    rejects_tool_choice,
    scrub,
    server_message,
)


class FixedRandom:
    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.mark.parametrize("attempt, low, high", [(1, 1.0, 2.0), (2, 2.0, 4.0), (3, 4.0, 8.0), (4, 8.0, 16.0)])
def test_backoff_grows_exponentially_within_equal_jitter_bounds(attempt: int, low: float, high: float) -> None:
    assert backoff_delay(attempt, 2.0, None, FixedRandom(0.0)) == low
    assert backoff_delay(attempt, 2.0, None, FixedRandom(0.999999)) == pytest.approx(high, rel=1e-5)


def test_backoff_jitter_spreads_and_is_capped() -> None:
    rng = random.Random(42)
    delays = [backoff_delay(3, 2.0, None, rng) for _ in range(200)]
    assert min(delays) >= 4.0 and max(delays) <= 8.0
    assert len({round(d, 3) for d in delays}) > 100, "jitter must actually vary"
    assert backoff_delay(30, 2.0, None, FixedRandom(1.0), cap=60.0) == 60.0
    assert backoff_delay(10_000, 2.0, None, FixedRandom(0.5)) <= 60.0  # no overflow on silly attempts


def test_retry_after_is_never_shortened_but_is_clamped() -> None:
    assert backoff_delay(1, 2.0, 30.0, FixedRandom(0.5)) == 30.0
    assert backoff_delay(5, 2.0, 1.0, FixedRandom(0.0)) == 16.0  # the backoff is longer: keep it
    assert backoff_delay(1, 2.0, 10_000.0, FixedRandom(0.0)) == MAX_RETRY_AFTER_SECONDS
    assert backoff_delay(1, 0.0, None, FixedRandom(0.7)) == 0.0
    with pytest.raises(ValueError):
        backoff_delay(0, 2.0, None, FixedRandom(0.0))


def test_parse_retry_after_forms() -> None:
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after({"retry-after": "12"}) == 12.0
    assert parse_retry_after({"retry-after": "1.5"}) == 1.5
    assert parse_retry_after({"retry-after": "Wed, 01 Jan 2025 12:00:30 GMT"}, now=now) == 30.0
    assert parse_retry_after({"retry-after": "Wed, 01 Jan 2025 11:00:00 GMT"}, now=now) == 0.0
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({"retry-after": "-5"}) == 0.0
    assert parse_retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert parse_retry_after({}) is None
    assert parse_retry_after(httpx.Headers({"Retry-After": "3"})) == 3.0


@pytest.mark.parametrize(
    "status, retryable",
    [
        (400, False),
        (401, False),
        (403, False),
        (404, False),
        (422, False),
        (408, True),
        (409, True),
        (429, True),
        (500, True),
        (502, True),
        (503, True),
        (529, True),
    ],
)
def test_status_classification(status: int, retryable: bool) -> None:
    err = error_for_status("openai-main", status, '{"error": {"message": "nope"}}', {}, has_key=True)
    assert err.retryable is retryable and err.status == status
    assert "'openai-main'" in err.message and err.message.endswith(".")
    assert "\n" not in err.message


def test_401_sentences() -> None:
    assert error_for_status("openai-main", 401, "", {}, has_key=True).message == (
        "The API key for connection 'openai-main' was refused (401)."
    )
    assert "none is stored" in error_for_status("openai-main", 401, "", {}, has_key=False).message


def test_keys_are_scrubbed_from_server_messages() -> None:
    key = "my-very-secret-key-123456"
    body = f'{{"error": {{"message": "bad key {key} and sk-proj-ABCDEFGHIJKL"}}}}'
    err = error_for_status("c", 400, body, {}, has_key=True, secrets=(key,))
    assert key not in err.message and "ABCDEFGHIJKL" not in err.message
    assert scrub("token sk-ant-api03-xyzxyzxyz here") == "token sk-*** here"


def test_server_message_shapes() -> None:
    assert server_message('{"error": {"message": "Model not found."}}') == "Model not found"
    assert server_message('{"error": "model \\"x\\" not found"}') == 'model "x" not found'
    assert server_message('{"detail": [{"msg": "field required"}]}') == "field required"
    assert server_message("<html>\n  Bad   Gateway</html>") == "<html> Bad Gateway</html>"
    assert len(server_message("x" * 1000)) == 240


def test_transport_errors_are_retryable() -> None:
    request = httpx.Request("POST", "http://127.0.0.1:1/v1/chat/completions")
    for exc, code in [
        (httpx.ConnectError("refused", request=request), "provider.unreachable"),
        (httpx.ReadTimeout("slow", request=request), "provider.idle_timeout"),
        (httpx.RemoteProtocolError("peer closed", request=request), "provider.stream_incomplete"),
        (httpx.WriteError("broken", request=request), "provider.network_error"),
    ]:
        err = error_for_transport("local", exc, "http://127.0.0.1:1")
        assert err.code == code and err.retryable, code


def test_what_counts_as_a_tool_choice_rejection() -> None:
    def err(status: int | None, message: str = "bad request") -> ProviderError:
        return ProviderError("x", message, status=status)

    assert rejects_tool_choice(err(400)) and rejects_tool_choice(err(422))
    assert not any(rejects_tool_choice(err(s)) for s in (401, 403, 404, 408, 409, 429))
    assert rejects_tool_choice(err(500, "Failed to parse grammar"))
    assert not rejects_tool_choice(err(500, "internal error"))
    assert not rejects_tool_choice(err(None))
    # A request too long for the model is refused whatever its tool choice: no fallback to remember.
    too_long = error_for_status("local", 400, '{"error":{"message":"This model\'s maximum context length is '
                                "8192 tokens, however you requested 9000 tokens\"}}", {}, has_key=False)
    assert not rejects_tool_choice(too_long)
    # llama-cpp-python's failed assertion: a 500 whose body names only the error type.
    no_reason = error_for_status(
        "local", 500, '{"error":{"message":"","type":"internal_server_error"}}', {}, has_key=False
    )
    assert no_reason.detail == "internal_server_error" and rejects_tool_choice(no_reason)
