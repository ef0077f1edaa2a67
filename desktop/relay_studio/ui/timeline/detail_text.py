"""The detail pane's text: Markdown formatted as the chat formats it (a brief, a /handoff document, an answer,
a tool's report), a tool call's arguments as fields rather than JSON, and the "Show the raw entry" link with what
it opens (the journal entries). Used by ``detail.py``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QCoreApplication

from relay_studio.domain.events import Event
from relay_studio.ui.chat.markdown import markdown_html
from relay_studio.ui.timeline.summaries import pretty_json

translate = QCoreApplication.translate  # pyside6-lupdate reads translate("Detail", "…")

RAW_SCHEME = "raw:"


def pre(text: str) -> str:
    return f'<pre style="white-space:pre-wrap">{html.escape(text)}</pre>'


def heading(text: str, level: int = 3) -> str:
    return f"<h{level}>{html.escape(text)}</h{level}>"


def _demoted(text: str, by: int = 2) -> str:
    """Markdown with its headings ``by`` levels down (a brief's "# Handoff Brief" under the pane's own heading,
    not above it in the largest size); fenced code is left as it is."""
    lines, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            if level <= 6 and line[level:level + 1] in (" ", ""):
                line = "#" * min(level + by, 6) + line[level:]
        lines.append(line)
    return "\n".join(lines)


def formatted(text: str) -> str:
    """Markdown (a brief, a /handoff document, an answer) as formatted text: the chat's rendering, its body."""
    page = markdown_html(_demoted(text))
    start = page.find(">", page.find("<body")) + 1
    end = page.rfind("</body>")
    return page[start:end] if 0 < start < end else page


def raw_link(seqs: Iterable[int]) -> str:
    """"Show the raw entry": a link the panel answers with the events' journal entries (``render_raw``)."""
    href = RAW_SCHEME + ",".join(str(s) for s in seqs)
    label = translate("Detail", "Show the raw entry")
    return f'<p><a href="{href}">{html.escape(label)}</a></p>'


def raw_seqs(href: str) -> list[int] | None:
    """The seqs of a ``raw_link``'s href, or None for another link."""
    if not href.startswith(RAW_SCHEME):
        return None
    return [int(s) for s in href[len(RAW_SCHEME):].split(",") if s.isdigit()]


def render_raw(events: list[Event]) -> str:
    return heading(translate("Detail", "The raw journal entry")) + "".join(
        pre(json.dumps(e.envelope(), ensure_ascii=False, indent=2)) for e in events)


def fields(arguments: Any) -> str:
    """A tool call's arguments as the creator reads them: each field and its value, not JSON."""
    value = arguments
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except ValueError:
            return pre(value)
    if not isinstance(value, dict):
        return pre(pretty_json(value))
    if not value:
        return translate("Detail", "<p><i>none</i></p>")
    rows = []
    for key, item in value.items():
        rows.append(f"<p><b>{html.escape(str(key))}</b></p>" + pre(_field_text(item)))
    return "".join(rows)


def _field_text(item: Any) -> str:
    """A field's value: text as it is, an object as "name: value" lines (a brief's title, objective, …)."""
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        return "\n".join(f"{k}: {_field_text(v)}" for k, v in item.items())
    if isinstance(item, list) and all(isinstance(x, str | int | float) for x in item):
        return "\n".join(f"- {x}" for x in item)
    return json.dumps(item, ensure_ascii=False)


def result_html(text: str) -> str:
    """A tool's result: fields when it is a JSON object, else formatted text (a task's report, a file read)."""
    try:
        value = json.loads(text)
    except ValueError:
        return formatted(text)
    return fields(value) if isinstance(value, dict) else pre(text)
