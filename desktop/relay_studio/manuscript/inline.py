"""Markdown emphasis inside a paragraph: ``*italic*``, ``_italic_``, ``**bold**``, ``***both***``, and
``\\*`` for a literal star. Anything unbalanced stays as typed: a lone ``*`` is a star."""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\\([\\*_`])|(\*\*\*|\*\*|\*|(?<![^\W_])_+|_+(?![^\W_]))|(`+)")


@dataclass(frozen=True)
class Run:
    text: str
    bold: bool = False
    italic: bool = False


def runs(text: str) -> list[Run]:
    """``text`` as runs of plain, italic and bold text (adjacent runs of one kind merged)."""
    if "*" not in text and "_" not in text and "\\" not in text and "`" not in text:
        return [Run(text)]
    pieces: list[tuple[str, str, bool, bool]] = []  # (kind, value, may open, may close)
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() > pos:
            pieces.append(("text", text[pos:m.start()], False, False))
        if m.group(1) is not None:
            pieces.append(("text", m.group(1), False, False))
        elif m.group(3) is not None:
            pieces.append(("text", "", False, False))  # code spans read as their text
        else:
            before = text[m.start() - 1] if m.start() else " "
            after = text[m.end()] if m.end() < len(text) else " "
            pieces.append(("mark", m.group(2), not after.isspace(), not before.isspace()))
        pos = m.end()
    if pos < len(text):
        pieces.append(("text", text[pos:], False, False))
    # A marker counts only when a matching one closes it later (openers kept on a stack).
    paired: set[int] = set()
    stack: list[tuple[int, str]] = []
    for i, (kind, value, opens, closes) in enumerate(pieces):
        if kind != "mark":
            continue
        key = _kind(value)
        match = next((j for j in range(len(stack) - 1, -1, -1) if stack[j][1] == key), None) if closes else None
        if match is not None:
            paired.update((stack[match][0], i))
            del stack[match:]
        elif opens:
            stack.append((i, key))
    out: list[Run] = []
    bold = italic = False
    for i, (kind, value, _opens, _closes) in enumerate(pieces):
        if kind == "mark" and i in paired:
            key = _kind(value)
            if key in ("b", "bi"):
                bold = not bold
            if key in ("i", "bi"):
                italic = not italic
            continue
        if not value:
            continue
        if out and out[-1].bold == bold and out[-1].italic == italic:
            out[-1] = Run(out[-1].text + value, bold, italic)
        else:
            out.append(Run(value, bold, italic))
    return out or [Run("")]


def _kind(marker: str) -> str:
    if marker.startswith("_"):
        return "b" if len(marker) == 2 else "i"
    return {1: "i", 2: "b"}.get(len(marker), "bi")


def plain(text: str) -> str:
    """The paragraph's text without its emphasis markers."""
    return "".join(r.text for r in runs(text))
