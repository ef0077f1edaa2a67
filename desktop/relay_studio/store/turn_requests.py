"""How ``model_turns.request_json`` keeps every model call's full request in little space.

Within one stage (invocation) each call sends the previous call's request plus what is new (messages
are append-only; system prompt, tools and settings rarely change). So a call's request is stored as
a reference to the previous call of the same stage, the lengths of the text both share at the start
and at the end, and the text in between:

    @<base turn id>:<shared prefix length>:<shared suffix length>:<the text in between>

Both forms are then compressed when large (``store/compact.py``). A stored value starting with
``{`` is a full request (a stage's first call, a call whose delta would
not be smaller, and every row written before this format). Rebuilding is pure slicing of the base's
text, so a rebuilt request equals the original exactly, byte for byte, whatever the JSON holds.
Reading a run's calls in order rebuilds each from the one before it (one base text per stage held);
reading one call alone reads its stage's calls up to it in one query.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections import OrderedDict

from relay_studio.store import compact
from relay_studio.store.compact import pack, unpack

DELTA_MARK = "@"
#: Stages whose last request this process remembers (writer side), so a call needs no read-back.
_REMEMBERED_STAGES = 32
#: The bench's "old storage" peer sets this False: every request stored in full.
DELTAS_ENABLED = True


def _common_prefix(a: str, b: str, limit: int) -> int:
    """The largest k <= limit with a[:k] == b[:k]: chunks compared at C speed, halving on a mismatch,
    so the work is linear in k (requests grow with the conversation; this runs once per call)."""
    pos, step = 0, 1 << 16
    while step:
        while pos + step <= limit and a[pos:pos + step] == b[pos:pos + step]:
            pos += step
        step >>= 1
    return pos


def _common_suffix(a: str, b: str, limit: int) -> int:
    pos, step = 0, 1 << 16
    la, lb = len(a), len(b)
    while step:
        while pos + step <= limit and a[la - pos - step:la - pos] == b[lb - pos - step:lb - pos]:
            pos += step
        step >>= 1
    return pos


def encode_delta(base_id: str, base: str, text: str) -> str | None:
    """``text`` as a delta on ``base``, or None when the full text is as small."""
    limit = min(len(base), len(text))
    prefix = _common_prefix(base, text, limit)
    suffix = _common_suffix(base, text, limit - prefix)
    middle = text[prefix:len(text) - suffix]
    encoded = f"{DELTA_MARK}{base_id}:{prefix}:{suffix}:{middle}"
    return encoded if len(encoded) < len(text) else None


def _parse(stored: str) -> tuple[str, int, int, str]:
    base_id, prefix, suffix, middle = stored[1:].split(":", 3)
    return base_id, int(prefix), int(suffix), middle


def apply_delta(base: str, stored: str) -> str:
    _base_id, prefix, suffix, middle = _parse(stored)
    return base[:prefix] + middle + base[len(base) - suffix:] if suffix else base[:prefix] + middle


def base_of(stored: str) -> str | None:
    return _parse(stored)[0] if stored.startswith(DELTA_MARK) else None


def request_text(raw: sqlite3.Connection, turn_id: str) -> str:
    """One call's full request text, rebuilt from its stage's calls up to it."""
    row = raw.execute("SELECT invocation_id, call_index, request_json FROM model_turns WHERE id = ?",
                      (turn_id,)).fetchone()
    if row is None:
        raise KeyError(turn_id)
    invocation_id, call_index, packed = row
    stored = stored_text(raw, packed)
    if not stored.startswith(DELTA_MARK):
        return stored
    rows = raw.execute(
        "SELECT id, request_json FROM model_turns WHERE invocation_id = ? AND call_index <= ? "
        "ORDER BY call_index, rowid", (invocation_id, call_index))
    rebuilt = StageTexts()
    text = ""
    for other_id, other in rows:
        text = rebuilt.text(raw, str(other_id), other)
        if other_id == turn_id:
            break
    return text


class StageTexts:
    """Rebuilds requests read in call order, remembering the last full text of each stage read."""

    def __init__(self) -> None:
        self._last: dict[str, str] = {}  # turn id -> full text (one per stage: the latest)

    def text(self, raw: sqlite3.Connection, turn_id: str, packed: str | bytes) -> str:
        """The full request of ``turn_id`` from its stored (possibly compressed) value."""
        stored = stored_text(raw, packed)
        base_id = base_of(stored)
        if base_id is None:
            full = stored
        else:
            base = self._last.pop(base_id, None)
            full = apply_delta(base if base is not None else request_text(raw, base_id), stored)
        self._last[turn_id] = full
        return full


class RequestEncoder:
    """The writer side: turns a new call's full request into what is stored."""

    def __init__(self) -> None:
        self._last: OrderedDict[str, tuple[str, str]] = OrderedDict()  # invocation -> (turn id, text)

    def encode(self, raw: sqlite3.Connection, invocation_id: str, turn_id: str, text: str) -> str | bytes:
        row = raw.execute("SELECT id FROM model_turns WHERE invocation_id = ? ORDER BY call_index DESC, rowid DESC "
                          "LIMIT 1", (invocation_id,)).fetchone()
        stored: str | bytes | None = None
        if row is not None and DELTAS_ENABLED:
            base_id = str(row[0])
            known = self._last.get(invocation_id)
            base = known[1] if known is not None and known[0] == base_id else request_text(raw, base_id)
            delta = encode_delta(base_id, base, text)
            if delta is not None:
                stored = _pack_on_response(raw, base_id, delta)
        if stored is None:
            stored = pack(text)
        self._last[invocation_id] = (turn_id, text)
        self._last.move_to_end(invocation_id)
        while len(self._last) > _REMEMBERED_STAGES:
            self._last.popitem(last=False)
        return stored


# A delta's new text is mostly the base call's answer again (the assistant message) and the tool
# results after it, so it is compressed with the base's stored response as zlib's dictionary:
# b"\x01" + base turn id + b"\n" + data. A response is written once, when its call ends, which is
# before any later call of the stage exists, so the dictionary read back is the one used.
_ON_RESPONSE = b"\x01"


def _response_dictionary(raw: sqlite3.Connection, base_id: str) -> bytes | None:
    row = raw.execute("SELECT response_json FROM model_turns WHERE id = ?", (base_id,)).fetchone()
    text = unpack(row[0]) if row is not None else None
    return text.encode("utf-8", "surrogatepass") if text else None


def _pack_on_response(raw: sqlite3.Connection, base_id: str, delta: str) -> str | bytes:
    plain = pack(delta)
    dictionary = _response_dictionary(raw, base_id)
    if dictionary is None or not compact.ENABLED:
        return plain
    packer = zlib.compressobj(6, zdict=dictionary)
    data = packer.compress(delta.encode("utf-8", "surrogatepass")) + packer.flush()
    packed = _ON_RESPONSE + base_id.encode() + b"\n" + data
    return packed if len(packed) < len(plain) else plain


def stored_text(raw: sqlite3.Connection, value: str | bytes) -> str:
    """A stored request value as text: a full request, or a ``@`` delta."""
    if isinstance(value, bytes) and value.startswith(_ON_RESPONSE):
        base_id, data = value[1:].split(b"\n", 1)
        dictionary = _response_dictionary(raw, base_id.decode())
        if dictionary is None:
            raise ValueError(f"the stored request refers to a call without a response ({base_id.decode()})")
        unpacker = zlib.decompressobj(zdict=dictionary)
        return (unpacker.decompress(data) + unpacker.flush()).decode("utf-8", "surrogatepass")
    return unpack(value) or ""
