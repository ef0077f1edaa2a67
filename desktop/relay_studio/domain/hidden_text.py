"""Characters a reader does not see but a model reads (issue 25): Unicode tag characters
(U+E0000–U+E007F, which spell out hidden ASCII), zero-width characters and bidi controls.

Imported documents are strangers' text; ``strip_hidden`` removes these from what the agents are given
(the imported file itself is never changed) and counts them, so the import can say so. A zero-width
joiner between two symbols (an emoji sequence such as 👩‍💻) and a zero-width non-joiner between two letters
of a script that needs it (Persian, the Indic scripts) are kept: they are part of the text.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

_HIDDEN = re.compile(
    "[\U000e0000-\U000e007f"  # tag characters
    "\u200b\u200c\u200d\u2060\ufeff\u180e\u2061-\u2064"  # zero-width and invisible operators
    "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]"  # bidi embeddings, overrides, isolates and marks
)
_ZWJ, _ZWNJ = "\u200d", "\u200c"


def _kept(text: str, at: int) -> bool:
    ch = text[at]
    if ch not in (_ZWJ, _ZWNJ) or at == 0 or at + 1 >= len(text):
        return False
    before, after = text[at - 1], text[at + 1]
    if ch == _ZWJ:
        return unicodedata.category(before).startswith("S") or before == "\ufe0f" or 0x1F3FB <= ord(before) <= 0x1F3FF
    return before.isalpha() and after.isalpha() and ord(before) >= 0x0590 and ord(after) >= 0x0590


def strip_hidden(text: str) -> tuple[str, int]:
    """``text`` without its hidden characters, and how many were removed."""
    if not _HIDDEN.search(text):
        return text, 0
    out: list[str] = []
    removed = 0
    last = 0
    for match in _HIDDEN.finditer(text):
        at = match.start()
        if _kept(text, at):
            continue
        out.append(text[last:at])
        last = at + 1
        removed += 1
    out.append(text[last:])
    return "".join(out), removed


def has_hidden(text: str) -> bool:
    return strip_hidden(text)[1] > 0


def strip_hidden_value(value: Any) -> tuple[Any, int]:
    """``strip_hidden`` applied to every string inside decoded JSON or YAML (keys too)."""
    if isinstance(value, str):
        return strip_hidden(value)
    if isinstance(value, list):
        total = 0
        items = []
        for item in value:
            clean, n = strip_hidden_value(item)
            items.append(clean)
            total += n
        return items, total
    if isinstance(value, dict):
        total = 0
        out: dict[Any, Any] = {}
        for key, item in value.items():
            clean_key, n = strip_hidden_value(key) if isinstance(key, str) else (key, 0)
            clean, m = strip_hidden_value(item)
            out[clean_key] = clean
            total += n + m
        return out, total
    return value, 0
