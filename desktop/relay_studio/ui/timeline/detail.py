"""The detail pane: what the selection was, rendered for reading, headed by its event's sentence
(``sentences.py``); the raw journal entry only behind "Show the raw entry" (``raw_link``: a ``raw:`` link the
panel answers with ``render_raw``).

- a handoff marker: the brief exactly as the target agent received it (its first message), formatted
  (the chat's Markdown rendering: ``formatted``);
- a model call: what the agent saw (the request split by source with tokens and reasons, the connection and
  model that served it: ``seen_words.render_seen`` over ``runtime/explain.explain_turn``), the response
  (formatted), usage and timing, then the prompt as sent (system prompt, messages, tools);
- a tool call: its arguments and result; a file write also as a diff against the previous version;
  ``knowledge.search``'s citations as links (``cite:``; the panel opens them in the Library dock);
- an error: its code and message;
- a review's end (``review_completed``, also shown for a click on the reviewer's lane): its verdict in words,
  the issues or suggestions, or why it could not be done.

``DetailSource`` does the reads (paged, small); ``render_*`` turn them into HTML.
"""

from __future__ import annotations

import html
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QTextBrowser, QWidget

from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.runtime.explain import RequestExplained, explain_turn
from relay_studio.ui import i18n, theme
from relay_studio.ui.library.citations import citation_link, distinct
from relay_studio.ui.patches.diff import unified_html
from relay_studio.ui.timeline.detail_text import fields, formatted, heading, pre, raw_link, result_html
from relay_studio.ui.timeline.events_model import summary_words
from relay_studio.ui.timeline.lane_items import Bar, Marker
from relay_studio.ui.timeline.model import RunTimeline
from relay_studio.ui.timeline.reviews import Review
from relay_studio.ui.timeline.scene_context import left_out_html
from relay_studio.ui.timeline.seen_words import render_seen
from relay_studio.ui.timeline.sentences import sentence
from relay_studio.ui.timeline.verdicts import ReviewWords

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

translate = QCoreApplication.translate  # pyside6-lupdate reads translate("Detail", "…")

TURN_CACHE = 16
STAGE_EVENTS = 24  # a stage's first events: how its prompt was put together (prompt parts, library, context)


def said_of(timeline: RunTimeline | None, event: Event) -> str:
    """The event's sentence: the index's (in the window's language, its agent named), else made now."""
    if timeline is not None and event.seq <= len(timeline.index):
        return timeline.index.sentences[event.seq - 1]
    agent = timeline.agent_name(event.invocation_id or "") if timeline is not None else ""
    return sentence(event, agent, summary_words())


class DetailSource:
    """Reads for the detail pane: one event, a bar's events, one model turn (read when it is shown,
    the last few kept), a brief, a file's versions."""

    def __init__(self, studio: Studio) -> None:
        self.studio = studio
        self._turns: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def event(self, run_id: str, seq: int) -> Event | None:
        found = self.studio.journal.events(run_id, after_seq=seq - 1, limit=1)
        return found[0] if found else None

    def events(self, run_id: str, first: int, last: int) -> list[Event]:
        return self.studio.journal.events(run_id, after_seq=first - 1, limit=max(last - first + 1, 0))

    def turn(self, run_id: str, turn_id: str) -> dict[str, Any] | None:
        """One model call's request and response (None while it streams: it is written at its end)."""
        turn = self._turns.get(turn_id)
        if turn is None:
            turn = self.studio.journal.model_turn(turn_id)
            if turn is None:
                return None
            self._turns[turn_id] = turn
            if len(self._turns) > TURN_CACHE:
                self._turns.popitem(last=False)
        self._turns.move_to_end(turn_id)
        return turn

    def explained(self, run_id: str, turn: dict[str, Any], bar: Bar) -> RequestExplained:
        """What the call's agent saw, split by source (``explain_turn``): from its stage's first events and the
        call's own start and end, a few reads."""
        events = {e.seq: e for e in self.studio.journal.events(run_id, invocation_id=str(turn["invocationId"]),
                                                               limit=STAGE_EVENTS)}
        for seq in (bar.start_seq, bar.end_seq):
            if seq and seq not in events and (event := self.event(run_id, seq)) is not None:
                events[seq] = event
        return explain_turn(turn, [events[s] for s in sorted(events)])

    def received_brief(self, run_id: str, invocation_id: str) -> str | None:
        for event in self.studio.journal.events(run_id, invocation_id=invocation_id, limit=12):
            if event.type == ev.CONTEXT_ASSEMBLED:
                messages = event.payload.get("messages") or []
                return str(messages[-1].get("content", "")) if messages else ""
        return None

    def previous_version(self, run_id: str, path: str, version: int) -> tuple[str, str]:
        versions = {v: content for v, content, _inv in self.studio.journal.file_versions(run_id, path)}
        return versions.get(version - 1, ""), versions.get(version, "")


def render_marker(src: DetailSource, run_id: str, marker: Marker, timeline: RunTimeline | None = None) -> str:
    brief = src.received_brief(run_id, marker.target_invocation)
    said = (timeline.index.sentences[marker.seq - 1] if timeline is not None and marker.seq <= len(timeline.index)
            else i18n.arg(translate("Detail", "Handoff to %1: %2"), marker.target_name, marker.title))
    parts = [heading(said, 2), translate("Detail", "<p>The brief as the target agent received it:</p>")]
    parts.append(formatted(brief) if brief is not None
                 else translate("Detail", "<p><i>The target has not started yet.</i></p>"))
    parts.append(raw_link([marker.seq]))
    return "".join(parts)


def _finish(reason: object) -> str:
    """Why the model stopped, in words (the server's own word where it is another)."""
    done, tools, limit = (translate("Detail", "answered"), translate("Detail", "tool calls"),
                          translate("Detail", "output limit reached"))
    words = {"stop": done, "end_turn": done, "tool_calls": tools, "tool_use": tools, "length": limit,
             "max_tokens": limit}
    return words.get(str(reason), str(reason))


def render_model_turn(turn: dict[str, Any] | None, bar: Bar, agent_name: str = "",
                      seen: RequestExplained | None = None) -> str:
    if turn is None:
        streaming = translate("Detail", "<p><i>The call is still streaming; its record is written when "
                                        "it ends.</i></p>")
        return heading(bar.label, 2) + streaming
    req = turn["request"]
    parts = [heading(i18n.arg(translate("Detail", "%1 · model call "
                                             "%2"), agent_name or turn["agentId"], turn["callIndex"]), 2)]
    settings = req.get("settings") or {}
    parts.append(i18n.arg(translate("Detail", "<p>Model <b>%1</b> · %2 · started %3</p>"),
                          html.escape(str(settings.get("model"))), i18n.milliseconds(turn.get("elapsedMs") or 0),
                          html.escape(i18n.when(str(turn["startedAt"])))))
    if seen is not None:
        parts.append(render_seen(seen, agent_name or str(turn["agentId"])))
    response = turn.get("response")
    if response:
        usage = response.get("usage") or {}
        if usage.get("estimated"):  # the server sent no counts: the studio's estimate, ~4 characters a token
            parts.append(i18n.arg(translate("Detail", "<p>Usage (estimated, the server sent no counts): ~%1 input, "
                                                      "~%2 output tokens · finish: %3</p>"),
                                  i18n.number(int(usage.get("input_tokens", 0) or 0)),
                                  i18n.number(int(usage.get("output_tokens", 0) or 0)),
                                  html.escape(_finish(response.get("finish_reason")))))
        else:
            parts.append(i18n.arg(translate("Detail", "<p>Usage: %1 input, %2 output, %3 cached tokens · finish: "
                                                      "%4</p>"),
                                  i18n.number(int(usage.get("input_tokens", 0) or 0)),
                                  i18n.number(int(usage.get("output_tokens", 0) or 0)),
                                  i18n.number(int(usage.get("cached_tokens", 0) or 0)),
                                  html.escape(_finish(response.get("finish_reason")))))
        parts.append(heading(translate("Detail", "Response")))
        if response.get("text"):
            parts.append(formatted(response["text"]))
        for call in response.get("tool_calls") or []:
            parts.append(heading(call["name"], 4) + fields(call.get("arguments", "")))
    if turn.get("error"):
        err = turn["error"]
        parts.append(heading(translate("Detail", "Error")) + f"<p><b>{html.escape(str(err.get('code')))}</b>: "
                     f"{html.escape(str(err.get('message')))}</p>")
    parts.append(heading(translate("Detail", "System prompt")) + pre(req.get("system", "")))
    parts.append(heading(i18n.arg(translate("Detail", "Messages (%1)"), len(req.get("messages") or []))))
    for message in req.get("messages") or []:
        label = message.get("role", "")
        if message.get("tool_name"):
            label += f" · {message['tool_name']}"
        body = message.get("content", "")
        for call in message.get("tool_calls") or []:
            body += f"\n→ {call['name']}({call.get('arguments', '')})"
        parts.append(f"<p><b>{html.escape(label)}</b></p>" + pre(body))
    parts.append(heading(i18n.arg(translate("Detail", "Tools (%1)"), len(req.get("tools") or []))))
    for tool in req.get("tools") or []:
        parts.append(f"<p><b>{html.escape(tool['name'])}</b> — {html.escape(tool.get('description', ''))}</p>")
    parts.append(raw_link(s for s in (bar.start_seq, bar.end_seq) if s))
    return "".join(parts)


# the reason the patch dialog journals for an approval with the creator's edits (not the creator's words)
EDITED_REASON = "approved with edits"


def render_tool(src: DetailSource, run_id: str, events: list[Event], bar: Bar,
                timeline: RunTimeline | None = None) -> str:
    c = theme.colors()
    started = next((e for e in events if e.type == ev.TOOL_CALL_STARTED), None)
    ended = next((e for e in events if e.type in (ev.TOOL_CALL_COMPLETED, ev.TOOL_CALL_IGNORED)), None)
    headline = ended or started
    parts = [heading(said_of(timeline, headline) if headline is not None else bar.label, 2)]
    if started is not None:
        parts.append(heading(translate("Detail", "Arguments")) + fields(started.payload.get("arguments", "")))
    for e in events:
        if e.type in (ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED):
            reason = e.payload.get("reason") or ""
            if e.payload.get("edited") and reason == EDITED_REASON:
                reason = ""  # the patch dialog's own note, said in the sentence already
            if e.type == ev.TOOL_CALL_DENIED:
                word = translate("Detail", "The creator rejected this.")
            elif e.payload.get("edited"):
                word = translate("Detail", "The creator approved this with their own edits.")
            else:
                word = translate("Detail", "The creator approved this.")
            parts.append(f"<p>{word} {html.escape(str(reason))}</p>")
    if ended is not None:
        p = ended.payload
        if p.get("isError") or ended.type == ev.TOOL_CALL_IGNORED:
            code = html.escape(str(p.get("errorCode")))
            parts.append(heading(translate("Detail", "Error")) + f"<p><b>{code}</b></p>")
        cited = distinct(c for c in p.get("citations") or [] if isinstance(c, dict))
        if cited:  # knowledge.search: each passage's citation opens the document at that place
            parts.append(heading(translate("Detail", "Citations"))
                         + "<ol>" + "".join(f"<li>{citation_link(c)}</li>" for c in cited) + "</ol>")
        parts.append(heading(translate("Detail", "Result")) + result_html(str(p.get("result", ""))))
        if p.get("elapsedMs") is not None:
            parts.append(f"<p>{p['elapsedMs']} ms</p>")
    for e in events:
        if e.type == ev.WORKSPACE_FILE_WRITTEN:
            path, version = str(e.payload.get("path")), int(e.payload.get("version", 1))
            before, after = src.previous_version(run_id, path, version)
            parts.append(heading(i18n.arg(translate("Detail", "%1: version %2 → %3"), path,
                                     version - 1 if version > 1 else translate("Detail", "none"), version)))
            parts.append(unified_html(before, after, path, add_bg=c.diff_add.name(), del_bg=c.diff_del.name(),
                                      muted=c.muted.name(), no_changes=translate("Detail", "No changes.")))
    parts.append(raw_link(e.seq for e in events))
    return "".join(parts)


def render_review(event: Event, review: Review, reviewer: str) -> str:
    """The review's verdict, then each issue (a consistency review), the summary and suggestions (a rules
    review), or why it could not be done."""
    c = theme.colors()
    words = ReviewWords()
    p = event.payload
    parts = [heading(words.headline(review, reviewer), 3)]
    if review.verdict == "failed":
        said = html.escape(translate("Detail", "The review could not be done."))
        parts.append(f'<p style="color:{c.error.name()}">{said} <b>{html.escape(review.error_code)}</b>: '
                     f"{html.escape(review.message)}</p>")
        return "".join(parts)
    result: dict[str, Any] = p["result"] if isinstance(p.get("result"), dict) else {}
    issues = [i for i in result.get("issues") or [] if isinstance(i, dict)]
    if issues:
        items = []
        for issue in issues:
            quote = f" “{html.escape(str(issue['quote']))}”" if issue.get("quote") else ""
            suggestion = f" → {html.escape(str(issue['suggestion']))}" if issue.get("suggestion") else ""
            items.append(f"<li><b>{html.escape(str(issue.get('severity', '')))}</b> · "
                         f"{html.escape(str(issue.get('entry', '')))}: {html.escape(str(issue.get('explanation', '')))}"
                         f"{quote}{suggestion}</li>")
        parts.append(heading(i18n.arg(translate("Detail", "Issues (%1)"), len(issues)), 4) + "<ul>" + "".join(items)
                     + "</ul>")
    if result.get("summary"):
        parts.append(f"<p>{html.escape(str(result['summary']))}</p>")
    suggestions = [s for s in result.get("suggestions") or [] if isinstance(s, dict)]
    if suggestions:
        parts.append(heading(i18n.arg(translate("Detail", "Suggestions (%1)"), len(suggestions)), 4) + "<ul>"
                     + "".join(f"<li>{html.escape(str(s.get('text', '')))}</li>" for s in suggestions) + "</ul>")
    return "".join(parts)


def render_event(src: DetailSource, run_id: str, event: Event, timeline: RunTimeline | None) -> str:
    c = theme.colors()
    p = event.payload
    agent = timeline.agent_name(event.invocation_id or "") if timeline else ""
    parts = [heading(said_of(timeline, event), 2),
             f"<p>#{event.seq} · {html.escape(i18n.when(event.timestamp))}"
             f"{' · ' + html.escape(agent) if agent else ''}</p>"]
    code = p.get("errorCode") or p.get("code")
    if code and (p.get("isError") or event.level.value in ("error", "warning") or event.type.endswith("_failed")):
        message = p.get("result") or p.get("message") or p.get("reason") or ""
        parts.append(f'<p style="color:{c.error.name()}"><b>{html.escape(str(code))}</b>: '
                     f"{html.escape(str(message))}</p>")
    if event.type == ev.WORKSPACE_FILE_WRITTEN:
        path, version = str(p.get("path")), int(p.get("version", 1))
        before, after = src.previous_version(run_id, path, version)
        parts.append(unified_html(before, after, path, add_bg=c.diff_add.name(), del_bg=c.diff_del.name(),
                                  muted=c.muted.name(), no_changes=translate("Detail", "No changes.")))
    if event.type == ev.AGENT_HANDOFF_ACCEPTED and event.related_invocation_ids:
        brief = src.received_brief(run_id, event.related_invocation_ids[0])
        if brief is not None:
            parts.append(heading(translate("Detail", "Brief as received")) + formatted(brief))
    if event.type == ev.CONTEXT_ASSEMBLED:
        parts.append(heading(translate("Detail", "System prompt")) + pre(str(p.get("systemPrompt", ""))))
    if event.type == ev.PROMPT_ASSEMBLY_REQUESTED:  # the sentence promises what was gathered: say where it is shown
        parts.append("<p>" + html.escape(i18n.arg(translate(
            "Detail", "What %1 read, part by part with its tokens and why each is there, is shown with the model "
                      "call that follows: select that call's row or its bar."), agent or "?")) + "</p>")
    parts.append(left_out_html(event.type, p))  # a scene turn: what its speaker was not given, and why
    if event.type == ev.REVIEW_COMPLETED and timeline is not None and event.related_invocation_ids:
        reviewer = event.related_invocation_ids[0]
        lane = timeline.lanes.get(reviewer)
        if lane is not None and lane.review is not None:
            parts.append(render_review(event, lane.review, timeline.agent_name(reviewer)))
    parts.append(raw_link([event.seq]))
    return "".join(parts)


class DetailPane(QTextBrowser):
    """The selection's details. Empty, it says what to select, wrapped to its width (Qt's own placeholder
    is drawn on one line and cut off in a narrow pane or a longer language)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.hint = self.tr("Select a bar, a handoff marker or an event to see its details.")
        self.body = ""
        self.setAccessibleDescription(self.hint)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.document().isEmpty():
            return
        painter = QPainter(self.viewport())
        painter.setPen(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        margin = int(self.document().documentMargin())
        painter.drawText(self.viewport().rect().adjusted(margin, margin, -margin, -margin),
                         int(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap),
                         self.hint)
        painter.end()

    def hint_height(self, width: int) -> int:
        """The height the hint needs at ``width`` (what the layout checks measure)."""
        margin = int(self.document().documentMargin())
        return self.fontMetrics().boundingRect(0, 0, max(width - 2 * margin, 1), 10_000,
                                               int(Qt.TextFlag.TextWordWrap), self.hint).height() + 2 * margin

    def show_html(self, body: str) -> None:
        self.body = body  # as given (``toHtml`` is Qt's rewrite): a raw link is found in it and replaced
        self.setHtml(body)
        self.verticalScrollBar().setValue(0)
