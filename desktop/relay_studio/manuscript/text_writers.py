"""A manuscript as Markdown (Pandoc-style metadata block, ``#`` headings, ``* * *`` between scenes, the
answers' emphasis kept) or as plain text (no markup; chapter titles on their own lines, ``#`` between
scenes). Both are written chapter by chapter: memory stays that of one chapter."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import IO

from relay_studio.manuscript.inline import plain
from relay_studio.manuscript.structure import Chapter, Manuscript

Progress = Callable[[int, int], None]


def _meta(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a YAML double-quoted scalar


#: the start of a line that Markdown reads as a block, not as a paragraph's text: a heading, a rule or setext
#: underline, a list item, a quote, a code fence (issue 39: a fenced "# " line became a heading)
_BLOCK_START = re.compile(r"(?:#{1,6}(?:[ \t]|$)|([-*_])(?:[ \t]*\1){2,}[ \t]*$|=+[ \t]*$"
                          r"|[-+*](?:[ \t]|$)|>|`{3}|~{3})")
_ORDERED = re.compile(r"(\d{1,9})([.)])(?=[ \t]|$)")


def paragraph_markdown(text: str) -> str:
    """A paragraph as Markdown text that stays a paragraph: a leading block marker is escaped with a
    backslash (``\\# not a heading``, ``\\---``, ``1\\. ``), indentation that would make it code is dropped;
    the emphasis inside is kept."""
    line = text.lstrip(" \t")
    if _BLOCK_START.match(line):
        return "\\" + line
    ordered = _ORDERED.match(line)
    if ordered:
        return f"{ordered.group(1)}\\{ordered.group(2)}{line[ordered.end():]}"
    return line


def markdown_chapter(chapter: Chapter, has_parts: bool) -> str:
    mark = "##" if has_parts else "#"
    out: list[str] = []
    if chapter.part:
        out.append(f"# {chapter.part}")
    out.append(f"{mark} {chapter.title}")
    for index, scene in enumerate(chapter.scenes):
        if index and not scene.title:
            out.append("* * *")
        if scene.title:
            out.append(f"{mark}# {scene.title}")
        out.extend(paragraph_markdown(p) for p in scene.paragraphs)
    return "\n\n".join(out) + "\n"


def text_chapter(chapter: Chapter) -> str:
    out: list[str] = []
    if chapter.part:
        out.append(plain(chapter.part).upper())
    out.append(plain(chapter.title))
    for index, scene in enumerate(chapter.scenes):
        if index and not scene.title:
            out.append("#")
        if scene.title:
            out.append(plain(scene.title))
        out.extend(plain(p) for p in scene.paragraphs)
    return "\n\n".join(out) + "\n"


def _write(out: IO[bytes], text: str) -> None:
    out.write(text.encode("utf-8"))


def write_markdown(manuscript: Manuscript, out: IO[bytes], progress: Progress | None = None) -> None:
    m = manuscript
    head = ["---", f"title: {_meta(m.title)}"]
    if m.author:
        head.append(f"author: {_meta(m.author)}")
    head += [f"lang: {_meta(m.language)}", "---", ""]
    _write(out, "\n".join(head) + "\n")
    has_parts = any(c.part for c in m.chapters)
    for index, chapter in enumerate(m.chapters):
        _write(out, ("\n" if index else "") + markdown_chapter(chapter, has_parts))
        if progress is not None:
            progress(index + 1, len(m.chapters))


def write_text(manuscript: Manuscript, out: IO[bytes], progress: Progress | None = None) -> None:
    m = manuscript
    _write(out, m.title + "\n" + (f"{m.author}\n" if m.author else "") + "\n\n")
    for index, chapter in enumerate(m.chapters):
        _write(out, ("\n\n" if index else "") + text_chapter(chapter))
        if progress is not None:
            progress(index + 1, len(m.chapters))
