"""Every secret this process holds, by value, and the one scrubber that removes them from text.

Keys are not all shaped like ``sk-...``: a server may echo any key inside an error. So the places that
load a secret (``providers/secrets.py: SecretStore.get`` and ``set``, ``providers/factory.py:
load_api_key``) register its value here, and the places where text leaves the process's memory apply
``scrub``: every database write (``store/database.py: Transaction``), the events subscribers receive,
and the CLI's standard output and error (``cli.host.main``).
"""

from __future__ import annotations

import threading
from typing import Any, TextIO

#: What a secret becomes wherever it would have been stored or shown.
REDACTED = "***"
#: Shorter values are not registered: scrubbing them would cut ordinary words out of creators' text.
MIN_SECRET_CHARS = 8

_lock = threading.Lock()
_values: tuple[str, ...] = ()


def register(value: str | None) -> None:
    """Remembers a secret for as long as the process lives (longest first, so no part of one survives)."""
    global _values
    if not value or len(value) < MIN_SECRET_CHARS:
        return
    with _lock:
        if value not in _values:
            _values = tuple(sorted((*_values, value), key=len, reverse=True))


def forget_all() -> None:
    """For tests: the process holds no secret any more."""
    global _values
    with _lock:
        _values = ()


def scrub(text: str) -> str:
    for value in _values:
        if value in text:
            text = text.replace(value, REDACTED)
    return text


def scrub_value(value: Any) -> Any:
    """``scrub`` applied to every string (and key) inside plain data; other values pass unchanged."""
    if not _values:
        return value
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {scrub_value(k): scrub_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub_value(v) for v in value]
    return value


def active() -> bool:
    return bool(_values)


class StreamScrubber:
    """``scrub`` for text that arrives in pieces: a piece's tail that could begin a secret is held back
    until the next piece shows whether it does (``flush`` at the end)."""

    def __init__(self) -> None:
        self._held = ""

    def feed(self, piece: str) -> str:
        text = scrub(self._held + piece)
        keep = _partial_tail(text)
        self._held = text[len(text) - keep:] if keep else ""
        return text[: len(text) - keep]

    def flush(self) -> str:
        held, self._held = self._held, ""
        return held


def _partial_tail(text: str) -> int:
    """Length of the longest end of ``text`` that is the start (not the whole) of a secret."""
    best = 0
    for value in _values:
        for k in range(min(len(value) - 1, len(text)), best, -1):
            if value.startswith(text[-k:]):
                best = k
                break
    return best


class ScrubbedStream:
    """Standard output or error: no secret the process holds reaches the terminal, whatever its shape."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        return self.inner.write(scrub(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
