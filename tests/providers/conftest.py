"""A loopback HTTP server that replays wire fixtures, and helpers for provider tests.

The server runs in its own thread (independent of the test's event loop, as a real server is), speaks
HTTP/1.1, and answers each request with the next scripted ``Reply``: a whole body, or pieces sent as
separate chunks with optional pauses, optionally cut off (the socket closed mid-body) or held open
until the client goes away (``Reply.disconnected`` records when the server saw that). A request nobody
scripted gets a 500 and is recorded, and the fixture fails the test at teardown.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError

from relay_studio.domain.messages import (
    Message,
    ModelRequest,
    ModelSettings,
    ResponseCompleted,
    StreamEvent,
    ToolChoice,
    ToolSchema,
)
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.connections import Connection

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_bytes(name: str) -> bytes:
    raw = (FIXTURES / name).read_bytes()
    # Fixtures named *_cut_* end in the middle of a line: the editor's final newline is not part of it.
    return raw.rstrip(b"\n") if "_cut_" in name else raw


def by_event(raw: bytes) -> list[bytes]:
    """One piece per SSE event, as most servers flush."""
    parts = raw.split(b"\n\n")
    pieces = [p + b"\n\n" for p in parts[:-1]]
    return pieces + ([parts[-1]] if parts[-1] else [])


def in_pieces(raw: bytes, size: int) -> list[bytes]:
    """Fixed-size pieces: lines, events and UTF-8 characters split at arbitrary bytes."""
    return [raw[i : i + size] for i in range(0, len(raw), size)]


@dataclass
class Reply:
    status: int = 200
    body: bytes | Sequence[bytes] = b""
    content_type: str = "text/event-stream"
    headers: dict[str, str] = field(default_factory=dict)
    pause: float = 0.0
    """Seconds before each piece after the first."""
    pause_before: dict[int, float] = field(default_factory=dict)
    cut: bool = False
    """Close the socket after the pieces without ending the chunked body."""
    close_delimited: bool = False
    """No length and no chunking: the body ends when the server closes (HTTP/1.0 style)."""
    hold: bool = False
    """After the pieces, keep the response open until the client disconnects."""
    disconnected: threading.Event = field(default_factory=threading.Event)
    disconnected_at: float | None = None
    sent_last_piece_at: float | None = None


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


class LoopbackServer:
    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[Recorded] = []
        self.unexpected: list[str] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        handler = _make_handler(self)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02})
        self._thread.start()

    def add(self, *replies: Reply) -> None:
        with self._lock:
            self.replies.extend(replies)

    def next_reply(self, method: str, path: str) -> Reply | None:
        with self._lock:
            if self.replies:
                return self.replies.pop(0)
            self.unexpected.append(f"{method} {path}")
            return None

    def stop(self) -> None:
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(5)


def _make_handler(server: LoopbackServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        timeout = 10

        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            pass

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

        def _serve(self, method: str) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body: Any = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
            server.requests.append(Recorded(method, self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            reply = server.next_reply(method, self.path)
            if reply is None:
                reply = Reply(status=500, body=b'{"error": {"message": "no scripted reply"}}')
            self._answer(reply)

        def _answer(self, reply: Reply) -> None:
            self.close_connection = True
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Connection", "close")
            for name, value in reply.headers.items():
                self.send_header(name, value)
            if isinstance(reply.body, bytes):
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)
                return
            chunked = not reply.close_delimited
            if chunked:
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                for i, piece in enumerate(reply.body):
                    wait = reply.pause_before.get(i, reply.pause if i else 0.0)
                    if wait and server._stopping.wait(wait):
                        return
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
                    self.wfile.flush()
                reply.sent_last_piece_at = time.monotonic()
                if reply.hold:
                    self._wait_for_disconnect(reply)
                    return
                if reply.cut:
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if chunked:
                    self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                reply.disconnected_at = time.monotonic()
                reply.disconnected.set()

        def _wait_for_disconnect(self, reply: Reply) -> None:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and not server._stopping.is_set():
                readable, _, _ = select.select([self.connection], [], [], 0.01)
                if not readable:
                    continue
                try:
                    data = self.connection.recv(1, socket.MSG_PEEK)
                except (ConnectionResetError, OSError):
                    data = b""
                if not data:
                    reply.disconnected_at = time.monotonic()
                    reply.disconnected.set()
                    return

    return Handler


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    srv = LoopbackServer()
    yield srv
    srv.stop()
    assert not srv.unexpected, f"requests nobody scripted: {srv.unexpected}"
    assert not srv.replies, f"scripted replies never requested: {len(srv.replies)}"


# -- requests and results -------------------------------------------------------------------------------

WRITE_TOOL = ToolSchema(
    name="workspace_write_file",
    description="Write a file in your workspace.",
    parameters={
        "type": "object",
        "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
        "required": ["path", "content"],
    },
)


def make_request(
    *,
    model: str = "test-model",
    messages: list[Message] | None = None,
    tools: list[ToolSchema] | None = None,
    tool_choice: ToolChoice = "auto",
    system: str = "You are the writer.",
    max_tokens: int | None = None,
    temperature: float | None = None,
) -> ModelRequest:
    return ModelRequest(
        agent_id="writer",
        session_id="s1",
        system=system,
        messages=messages or [Message(role="user", content="Write the scene.")],
        tools=tools or [],
        settings=ModelSettings(model=model, tool_choice=tool_choice, max_tokens=max_tokens, temperature=temperature),
    )


def openai_connection(srv: LoopbackServer, **extra: Any) -> Connection:
    return Connection.model_validate(
        {"id": "openai-main", "kind": "openai_compatible", "baseUrl": srv.url + "/v1", **extra}
    )


def anthropic_connection(srv: LoopbackServer, **extra: Any) -> Connection:
    return Connection.model_validate({"id": "claude", "kind": "anthropic", "baseUrl": srv.url, **extra})


async def collect(provider: ModelProvider, request: ModelRequest) -> list[StreamEvent]:
    return [event async for event in provider.stream(request)]


def completed(events: list[StreamEvent]) -> ResponseCompleted:
    finals = [e for e in events if isinstance(e, ResponseCompleted)]
    assert len(finals) == 1 and events[-1] is finals[0], "exactly one ResponseCompleted, at the end"
    return finals[0]


class MemoryKeyring(KeyringBackend):
    """A keychain that lives in a dict, so key handling is tested without the machine's keychain."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.store.pop((service, username), None) is None:
            raise PasswordDeleteError("no such password")
