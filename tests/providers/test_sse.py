"""The shared event-stream decoder: line endings, fields, comments, and every way of splitting bytes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from relay_studio.providers.sse import SSEDecoder, SSEEvent, SSEFormatError
from tests.providers.conftest import fixture_bytes


def decode(*chunks: bytes) -> list[SSEEvent]:
    decoder = SSEDecoder()
    events: list[SSEEvent] = []
    for chunk in chunks:
        events += decoder.feed(chunk)
    return events + decoder.close()


def test_fields_comments_and_multiline_data() -> None:
    raw = b": keep-alive\nevent: delta\nid: 7\ndata: one\ndata:two\ndata\nretry: 100\nfoo: bar\n\n"
    assert decode(raw) == [SSEEvent("delta", "one\ntwo\n", "7")]


def test_event_name_resets_after_each_event() -> None:
    assert decode(b"event: a\ndata: 1\n\ndata: 2\n\n") == [SSEEvent("a", "1"), SSEEvent("message", "2")]


def test_blank_line_without_data_dispatches_nothing() -> None:
    assert decode(b"event: ping\n\n\n\ndata: x\n\n") == [SSEEvent("message", "x")]


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r"])
def test_every_line_ending(newline: bytes) -> None:
    raw = b"data: a" + newline + newline + b"data: b" + newline + newline
    assert [e.data for e in decode(raw)] == ["a", "b"]


def test_crlf_split_between_chunks_is_one_line_end() -> None:
    assert [e.data for e in decode(b"data: a\r", b"\n\r", b"\ndata: b\r\n\r\n")] == ["a", "b"]


def test_utf8_character_split_between_chunks() -> None:
    raw = "data: 灯台守\n\n".encode()
    assert decode(raw[:8], raw[8:])[0].data == "灯台守"


def test_half_line_at_the_end_is_dropped_a_whole_one_is_kept() -> None:
    assert decode(b"data: complete\n") == [SSEEvent("message", "complete")]
    assert decode(b'data: complete\n\ndata: {"cut') == [SSEEvent("message", "complete")]


def test_invalid_utf8_is_a_format_error() -> None:
    with pytest.raises(SSEFormatError):
        decode(b"data: \xff\xfe\n\n")


def test_endless_line_is_a_format_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("relay_studio.providers.sse.MAX_LINE_BYTES", 64)
    decoder = SSEDecoder()
    with pytest.raises(SSEFormatError):
        decoder.feed(b"data: " + b"x" * 100)


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(["openai_tool_calls_split.sse", "anthropic_tool_use.sse", "openai_text.sse"]),
    cuts=st.lists(st.integers(min_value=0, max_value=10_000), max_size=40),
    crlf=st.booleans(),
)
def test_any_split_of_a_fixture_gives_the_same_events(name: str, cuts: list[int], crlf: bool) -> None:
    raw = fixture_bytes(name)
    if crlf:
        raw = raw.replace(b"\n", b"\r\n")
    whole = decode(raw)
    points = sorted({c % (len(raw) + 1) for c in cuts})
    pieces = [raw[a:b] for a, b in zip([0, *points], [*points, len(raw)], strict=True)]
    assert decode(*pieces) == whole
    assert len(whole) == raw.count(b"data:")
