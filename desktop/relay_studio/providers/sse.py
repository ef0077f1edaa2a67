"""Server-sent events: one incremental decoder shared by the OpenAI-compatible and Anthropic providers.

It follows the WHATWG event-stream rules that real servers rely on: lines end in ``\\n``, ``\\r\\n`` or
``\\r`` (also when a chunk boundary falls between ``\\r`` and ``\\n``); ``data:`` lines of one event are
joined with ``\\n``; one space after the colon is dropped; ``:`` lines are comments (keep-alives); a
blank line dispatches the event. It works on bytes and decodes each event's data once, so a UTF-8
character split across network chunks is never a problem (``\\n`` and ``\\r`` never occur inside a
multi-byte sequence).

``SSEDecoder`` is pure: it never touches the network, so it is unit-tested with every way of splitting a
stream. ``open_event_stream`` and ``event_batches`` are the part of the HTTP side both providers share:
POST, map a non-2xx status or a transport failure to a ``ProviderError``, and feed the decoder.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Mapping
from contextlib import aclosing, asynccontextmanager
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import urlsplit

import httpx

from relay_studio.domain import error_codes as codes
from relay_studio.providers.base import ProviderError
from relay_studio.providers.http_clients import async_client
from relay_studio.providers.output_cap import MAX_ERROR_BODY_BYTES
from relay_studio.providers.retry import error_for_status, error_for_transport, malformed_chunk

#: A line longer than this (no newline for 16 MiB) is not an event stream; stop instead of growing.
MAX_LINE_BYTES = 16 * 1024 * 1024


class SSEFormatError(ValueError):
    """The bytes are not an event stream (an endless line, or data that is not UTF-8)."""


@dataclass(frozen=True, slots=True)
class SSEEvent:
    event: str
    """The ``event:`` field, ``"message"`` when the server sent none."""
    data: str
    id: str | None = None


class SSEDecoder:
    """Feed byte chunks, get complete events; call ``close()`` at the end of the body."""

    __slots__ = ("_buffer", "_data", "_event", "_id", "_pending_cr")

    def __init__(self) -> None:
        self._buffer = b""
        self._pending_cr = False
        self._data: list[bytes] = []
        self._event: bytes | None = None
        self._id: bytes | None = None

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        if self._pending_cr:
            # A "\r" ended the previous chunk: it was a line end, and a "\n" starting this one belongs to it.
            self._pending_cr = False
            if chunk.startswith(b"\n"):
                chunk = chunk[1:]
        if b"\r" in chunk:
            if chunk.endswith(b"\r"):
                self._pending_cr = True
            chunk = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        buffer = self._buffer + chunk if self._buffer else chunk
        lines = buffer.split(b"\n")
        self._buffer = lines.pop()
        if len(self._buffer) > MAX_LINE_BYTES:
            raise SSEFormatError(f"an event-stream line exceeded {MAX_LINE_BYTES} bytes")
        events: list[SSEEvent] = []
        for line in lines:
            self._line(line, events)
        return events

    def close(self) -> list[SSEEvent]:
        """Ends the stream: a last complete line is honoured, a half line is dropped (it was cut)."""
        events: list[SSEEvent] = []
        self._buffer = b""
        if self._data:
            # Some servers end without the final blank line; a complete data line is still an event.
            self._dispatch(events)
        return events

    def _line(self, line: bytes, events: list[SSEEvent]) -> None:
        if not line:
            if self._data:
                self._dispatch(events)
            else:
                self._event = None
            return
        if line.startswith(b"data:"):
            value = line[5:]
            self._data.append(value[1:] if value.startswith(b" ") else value)
            return
        if line.startswith(b":"):
            return  # a comment: servers send these as keep-alives
        field, sep, value = line.partition(b":")
        if sep and value.startswith(b" "):
            value = value[1:]
        if field == b"event":
            self._event = value
        elif field == b"data":  # "data" alone on a line is an empty data line
            self._data.append(b"")
        elif field == b"id" and b"\0" not in value:
            self._id = value
        # "retry" and unknown fields are ignored, as the standard says.

    def _dispatch(self, events: list[SSEEvent]) -> None:
        raw = self._data[0] if len(self._data) == 1 else b"\n".join(self._data)
        try:
            data = raw.decode("utf-8")
            name = self._event.decode("utf-8") if self._event else "message"
            ident = self._id.decode("utf-8") if self._id is not None else None
        except UnicodeDecodeError as exc:
            raise SSEFormatError("an event is not valid UTF-8") from exc
        finally:
            self._data = []
            self._event = None
        events.append(SSEEvent(name, data, ident))


# -- the same decoder over an httpx stream ---------------------------------------------------------------


@asynccontextmanager
async def open_event_stream(
    client: httpx.AsyncClient | None,
    url: str,
    *,
    headers: Mapping[str, str],
    body: Mapping[str, Any],
    http_timeout: httpx.Timeout,
    connection_id: str,
    api_key: str | None,
) -> AsyncIterator[httpx.Response]:
    """POSTs a streaming request; yields the open response once its status is 2xx.

    A non-2xx answer raises the ``ProviderError`` of ``error_for_status``; any transport failure, while
    connecting or while the caller reads the body, raises the one of ``error_for_transport``. Leaving the
    block, normally, by an exception or by cancellation, closes the response (and so the socket) at
    once, and the client too when this call made it.
    """
    own = client is None
    http = async_client(timeout=http_timeout, follow_redirects=False) if client is None else client
    try:
        # Never follow a redirect: following a 307 or 308 re-sends the body (the creator's story) to its
        # target, another host perhaps; the redirect is reported with its target instead.
        async with http.stream(
            "POST", url, json=body, headers=dict(headers), timeout=http_timeout, follow_redirects=False
        ) as response:
            if response.is_redirect:
                raise redirected(connection_id, response.status_code, response.headers.get("location", ""))
            if response.status_code >= 300:
                raw = await read_bounded(response, MAX_ERROR_BODY_BYTES, connection_id, cut=True)
                raise error_for_status(
                    connection_id,
                    response.status_code,
                    raw.decode("utf-8", "replace"),
                    response.headers,
                    has_key=bool(api_key),
                    secrets=(api_key,),
                )
            yield response
    except httpx.TransportError as exc:
        raise error_for_transport(connection_id, exc, _display(url)) from None
    except UnicodeEncodeError:  # a key stored before keys were checked: never its repr in a message
        raise ProviderError(
            codes.CONNECTION_KEY_NOT_ASCII,
            f"The API key or a header value of connection '{connection_id}' has a character an HTTP header "
            f"cannot carry (only printable ASCII); set it again with 'connections edit {connection_id} "
            "--api-key-stdin'.",
        ) from None
    finally:
        if own:
            await http.aclose()


async def read_bounded(response: httpx.Response, limit: int, connection_id: str, *, cut: bool = False) -> bytes:
    """The body, read up to ``limit`` bytes: past it, the first ``limit`` bytes when ``cut``, else
    ``provider.answer_too_large`` (a body that never ends must not fill the memory)."""
    raw = bytearray()
    async with aclosing(cast(AsyncGenerator[bytes, None], response.aiter_bytes())) as chunks:
        async for chunk in chunks:
            raw += chunk
            if len(raw) > limit:
                if cut:
                    return bytes(raw[:limit])
                raise ProviderError(
                    codes.PROVIDER_ANSWER_TOO_LARGE,
                    f"The server of connection '{connection_id}' sent an answer of more than "
                    f"{limit // 1024 // 1024} MB at once; it was not read further.",
                )
    return bytes(raw)


def redirected(connection_id: str, status: int, location: str) -> ProviderError:
    target = _display(location) if "://" in location else (location[:200] or "an address it did not give")
    return ProviderError(
        codes.PROVIDER_REDIRECTED,
        f"The server of connection '{connection_id}' redirected the request ({status}) to {target}; it was "
        "not sent there, since it holds your text. If that address is right, make it the connection's base "
        "URL.",
        status=status,
    )


#: How many bytes of a body ``event_batches`` keeps for a sentence about a body that was no event stream.
HEAD_BYTES = 1024


async def event_batches(
    response: httpx.Response, connection_id: str, head: bytearray | None = None
) -> AsyncGenerator[list[SSEEvent], None]:
    """The events of a response, one list per network chunk (one generator hop per chunk, not per event).

    ``head``, when given, receives the body's first ``HEAD_BYTES`` bytes as they pass.
    """
    decoder = SSEDecoder()
    try:
        # aclosing: a consumer that stops early closes the byte stream now, inside its own task,
        # not later from the garbage collector.
        async with aclosing(cast(AsyncGenerator[bytes, None], response.aiter_bytes())) as chunks:
            async for chunk in chunks:
                if head is not None and len(head) < HEAD_BYTES:
                    head += chunk[: HEAD_BYTES - len(head)]
                events = decoder.feed(chunk)
                if events:
                    yield events
        tail = decoder.close()
    except SSEFormatError as exc:
        raise malformed_chunk(connection_id, f"a broken event stream ({exc})") from None
    if tail:
        yield tail


def _display(url: str) -> str:
    """The URL without its path beyond the host's base: enough to recognise the server."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
