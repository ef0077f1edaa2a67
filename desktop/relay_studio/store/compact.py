"""Large text values kept zlib-compressed: the store's edge packs them on write, unpacks on read.

A value of at least ``MIN_BYTES`` that compresses smaller is stored as a BLOB (zlib of its UTF-8);
everything else stays TEXT, so small values and rows written before stay as they were. SQLite tells
the two apart by type (``bytes`` comes back for a BLOB), so no marker can collide with real text.
Used for model-call requests and responses, workspace file versions and big journal payloads
(bench/storage.py: database bytes per byte of model output).
"""

from __future__ import annotations

import zlib

MIN_BYTES = 512
_LEVEL = 6
#: The bench's "old storage" peer sets this False: every value stored as plain text.
ENABLED = True


def pack(text: str) -> str | bytes:
    if not ENABLED or len(text) < MIN_BYTES // 4:  # even all-4-byte characters stay under the threshold
        return text
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) < MIN_BYTES:
        return text
    packed = zlib.compress(raw, _LEVEL)
    return packed if len(packed) < len(raw) else text


def unpack(value: str | bytes | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return zlib.decompress(value).decode("utf-8", "surrogatepass")
