"""Every secret this process holds, by value, and the one scrubber that removes them from text.

Keys are not all shaped like ``sk-...``: a server may echo any key inside an error. So the places that
load a secret (``providers/secrets.py: SecretStore.get`` and ``set``, ``providers/factory.py:
load_api_key``) register its value here, and the places where text leaves the process's memory apply
``scrub``: every database write (``store/database.py: Transaction``), the events subscribers receive,
and the CLI's standard output and error (``cli.host.main``).

Every encoding in which a key may travel is scrubbed, not the raw key only (issue 39): JSON-escaped
(``\\u``-escaped characters, as a model may write them in tool arguments), ``repr`` (a failure message
of an exception holding the key), URL-encoded and base64 (``encodings``). Any key is scrubbed whatever its
length; ``connections add`` warns about one shorter than ``SHORT_SECRET_CHARS`` (scrubbing it cuts the
same letters out of ordinary text).
"""

from __future__ import annotations

import base64
import json
import threading
from typing import Any, TextIO
from urllib.parse import quote, quote_plus

#: What a secret becomes wherever it would have been stored or shown.
REDACTED = "***"
#: Keys shorter than this are still scrubbed, but ``connections add`` says that ordinary text may lose the
#: same letters.
SHORT_SECRET_CHARS = 8

_lock = threading.Lock()
_values: tuple[str, ...] = ()


def encodings(value: str) -> set[str]:
    """The forms ``value`` takes in text: itself, JSON-escaped (as is, ``ensure_ascii``, every character
    ``\\u``-escaped in lower and upper hex), inside a ``repr``, URL-encoded and base64 (with and without its
    padding)."""
    forms = {value, json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1], repr(value)[1:-1],
             quote(value, safe="", errors="surrogateescape"), quote_plus(value, safe="", errors="surrogateescape")}
    for hex_format in ("04x", "04X"):
        forms.add("".join(f"\\u{ord(c):{hex_format}}" if ord(c) < 0x10000 else json.dumps(c)[1:-1]
                          for c in value))
    raw = value.encode("utf-8", "surrogateescape")
    for encoded in (base64.b64encode(raw), base64.urlsafe_b64encode(raw)):
        forms |= {encoded.decode("ascii"), encoded.decode("ascii").rstrip("=")}
    return {f for f in forms if f}


def register(value: str | None) -> None:
    """Remembers a secret, in every encoding, for as long as the process lives (longest first, so no part of
    one survives)."""
    global _values
    if not value:
        return
    with _lock:
        new = encodings(value) - set(_values)
        if new:
            _values = tuple(sorted((*_values, *new), key=len, reverse=True))


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
