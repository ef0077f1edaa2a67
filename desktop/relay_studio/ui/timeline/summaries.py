"""An event in words: the one line the events list shows of it (``summarize``, in the words it is given:
``SUMMARY_WORDS``, English, or translated by the events list), its error code, a review's verdict line,
and a payload as the detail pane shows it (``pretty_json``). Pure Python (no Qt).
"""

from __future__ import annotations

import json
from typing import Any

from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.ui.timeline.reviews import Review, completed_review


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for pyside6-lupdate (which reads this name) and keeps it English (this module has no Qt)."""
    return text


# The summaries' words, English; the events list passes them translated (``events_model.summary_words``).
# ``status.<status>`` and ``kind.<kind>`` entries name a run's status and an invocation's kind (absent: the raw
# value shows).
SUMMARY_WORDS: dict[str, str] = {
    "text": QT_TRANSLATE_NOOP("EventSummary", "text"),
    "model_call": QT_TRANSLATE_NOOP("EventSummary", "model call %1"),  # a bar's label in the lanes
    "model_completed": QT_TRANSLATE_NOOP("EventSummary", "%1+%2 tokens, %3 ms → %4"),
    # the server sent no counts: the studio's estimate (``providers/usage_estimate.py``)
    "model_completed_estimated": QT_TRANSLATE_NOOP("EventSummary", "~%1+~%2 tokens (estimated), %3 ms → %4"),
    "model_started": QT_TRANSLATE_NOOP("EventSummary", "call %1 to %2 (%3 messages)"),
    "file_written": QT_TRANSLATE_NOOP("EventSummary", "%1 (version %2, %3 bytes)"),
    "awaiting_approval": QT_TRANSLATE_NOOP("EventSummary", "%1 waits for approval"),
    "committed": QT_TRANSLATE_NOOP("EventSummary", "%1 → chat (version %2)"),
    # a review's verdict (``review_line``); a count as ``%1``, with its own words for exactly one
    "review_of": QT_TRANSLATE_NOOP("EventSummary", "“%1”: %2"),  # what was reviewed: its verdict
    "verdict.passed": QT_TRANSLATE_NOOP("EventSummary", "passed"),
    "verdict.warning": QT_TRANSLATE_NOOP("EventSummary", "warning · %1 issues"),
    "verdict.warning.one": QT_TRANSLATE_NOOP("EventSummary", "warning · 1 issue"),
    "verdict.conflict": QT_TRANSLATE_NOOP("EventSummary", "conflict · %1 issues"),
    "verdict.conflict.one": QT_TRANSLATE_NOOP("EventSummary", "conflict · 1 issue"),
    "verdict.failed": QT_TRANSLATE_NOOP("EventSummary", "failed (%1)"),  # the error code
    # a handoff the studio made for a stage (runtime/next_stage.py), by its reason; %1: the stage's agent
    "handed_on.text_answer": QT_TRANSLATE_NOOP("EventSummary", "handed on by the studio: %1 answered in text"),
    "handed_on.after_commit": QT_TRANSLATE_NOOP("EventSummary",
                                                "handed on by the studio: %1 committed, then answered in text"),
    "handed_on.after_write": QT_TRANSLATE_NOOP("EventSummary",
                                               "handed on by the studio: %1 wrote its draft, then answered in text"),
    "handed_on.nudges_used": QT_TRANSLATE_NOOP("EventSummary",
                                               "handed on by the studio: %1 did not hand the work on itself"),
    "handed_on.round_limit": QT_TRANSLATE_NOOP("EventSummary", "handed on by the studio: %1 used all its rounds"),
    "handed_on.refused_calls": QT_TRANSLATE_NOOP(
        "EventSummary", "handed on by the studio: %1's tool calls were refused or changed nothing, three turns "
                        "in a row"),
    "note_kept": QT_TRANSLATE_NOOP("EventSummary", "kept as a note, not as the answer: %1"),
}


def handed_on_words(words: dict[str, str], reason: str, agent: str) -> str:
    """"handed on by the studio: <agent> answered in text" for a handoff the studio made ("" for none)."""
    text = words.get("handed_on." + reason) if reason else None
    return fill_args(text, agent) if text else ""


def fill_args(text: str, *values: object) -> str:
    """``text`` with ``%1``, ``%2``, … replaced by ``values`` in one pass (as ``ui.i18n.arg``, without Qt)."""
    parts = text.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        if part[:1].isdigit() and part[0] != "0" and int(part[0]) <= len(values):
            out.append(str(values[int(part[0]) - 1]) + part[1:])
        else:
            out.append("%" + part)
    return "".join(out)


def review_line(review: Review, words: dict[str, str] = SUMMARY_WORDS) -> str:
    """A completed review's verdict in ``words``: "“Mira”: conflict · 2 issues", "“Lune”: passed",
    "“Tide”: failed (review.invalid_output)" (without a name, the verdict alone)."""
    if review.verdict in ("warning", "conflict"):
        verdict = fill_args(words[f"verdict.{review.verdict}" + (".one" if review.issues == 1 else "")], review.issues)
    elif review.verdict == "failed":
        verdict = fill_args(words["verdict.failed"], review.error_code)
    else:
        verdict = words["verdict.passed"]
    return fill_args(words["review_of"], review.name, verdict) if review.name else verdict


def summarize(event: Event, words: dict[str, str] = SUMMARY_WORDS) -> str:
    """One line for the events list: the fields a creator scans for, in ``words``' language. A result or an
    argument that spans lines is joined onto one (a row is one line high: a line break drew over the row
    below it)."""
    line = _summary(event, words)
    return " ".join(line.split()) if any(c in line for c in "\n\r\t\v\f\u2028\u2029") else line


def _summary(event: Event, words: dict[str, str]) -> str:
    p = event.payload
    t = event.type
    if t == ev.TOOL_CALL_STARTED:
        args = argument_values(p.get("arguments", ""))
        return f"{p.get('name')}: {args[:80]}{'…' if len(args) > 80 else ''}" if args else str(p.get("name"))
    if t == ev.TOOL_CALL_COMPLETED:
        if p.get("isError"):
            return f"{p.get('name')} ✗ {p.get('errorCode')}: {str(p.get('result', ''))[:100]}"
        return f"{p.get('name')} ✓ {str(p.get('result', ''))[:100]}"
    if t == ev.MODEL_CALL_COMPLETED:
        usage = p.get("usage") or {}
        tools = ", ".join(p.get("toolCalls") or []) or words["text"]
        key = "model_completed_estimated" if usage.get("estimated") else "model_completed"
        return fill_args(words[key], usage.get("input_tokens", 0), usage.get("output_tokens", 0), p.get("elapsedMs"),
                         tools)
    if t == ev.MODEL_CALL_STARTED:
        return fill_args(words["model_started"], p.get("callIndex"), p.get("model"), p.get("messages"))
    if t == ev.MODEL_CALL_FAILED:
        return f"{p.get('code')}: {p.get('message', '')}"
    if t in (ev.AGENT_HANDOFF_ACCEPTED, ev.AGENT_HANDOFF_REQUESTED):
        target = p.get("targetDisplayName") or p.get("targetAgentId")
        if p.get("by") == "runtime":
            why = handed_on_words(words, str(p.get("reason") or ""),
                                  str(p.get("agentDisplayName") or p.get("agentId") or ""))
            return f"→ {target}: {why}"
        return f"→ {target}: {p.get('title') or ''}"
    if t == ev.TEXT_NOTE_KEPT:
        return fill_args(words["note_kept"], str(p.get("text") or "")[:100])
    if t == ev.WORKSPACE_FILE_WRITTEN:
        return fill_args(words["file_written"], p.get("path"), p.get("version"), p.get("bytes"))
    if t == ev.STATUS_CHANGED:
        before, after = str(p.get("from")), str(p.get("to"))
        return f"{words.get('status.' + before, before)} → {words.get('status.' + after, after)}"
    if t.startswith("agent_invocation_"):
        who = p.get("displayName") or p.get("agentId") or ""
        kind = str(p.get("kind") or "")
        return f"{who} {words.get('kind.' + kind, kind)} {p.get('errorCode') or ''}".strip()
    if t == ev.TOOL_CALL_AWAITING_APPROVAL:
        return fill_args(words["awaiting_approval"], f"{p.get('tool')} {p.get('path') or ''}".strip())
    if t in (ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED):
        reason = f": {p.get('reason')}" if p.get("reason") else ""
        return f"{p.get('tool')} {p.get('path') or ''}{reason}"
    if t == ev.CHAT_COMMIT_COMPLETED:
        return fill_args(words["committed"], p.get("path"), p.get("version"))
    if t == ev.REVIEW_COMPLETED:
        return review_line(completed_review(event), words)
    # any other event: its sentence says what happened (``sentences.py``); the line adds the values worth
    # scanning for, without the payload's key names (the agent is in its own column)
    keys = ("path", "code", "errorCode", "title", "handle", "reason")
    return " · ".join(str(p[k]) for k in keys if p.get(k))[:160]


def argument_values(arguments: Any) -> str:
    """A tool call's arguments as their values ("researcher · Lighthouse lore"), not JSON: what a creator scans
    the line for (text that is no JSON object stays as it is)."""
    value = arguments
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except ValueError:
            return str(arguments)
    return " · ".join(_scalars(value))


def _scalars(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for item in value.values() for s in _scalars(item)]
    if isinstance(value, list):
        return [s for item in value for s in _scalars(item)]
    return [] if value is None or value == "" else [str(value)]


def error_code(event: Event) -> str | None:
    p = event.payload
    failed = event.level.value == "error" or p.get("isError") or event.type.endswith("_failed")
    code = (p.get("errorCode") or p.get("code")) if failed else None
    return str(code) if code else None


def pretty_json(value: Any) -> str:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return str(value)
    return json.dumps(value, ensure_ascii=False, indent=2)
