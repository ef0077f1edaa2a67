"""What each agent saw, in the window's language: the detail pane's table of a model request split by source
(``runtime/explain.py``: ``explain_turn``, the derivation ``turns --explain`` prints). The runtime names each
part's source, name and reason in English (the command line's language); ``said`` translates the fixed ones
and the few patterns that carry a value (a library entry's key and message, a budget, a count).
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QCoreApplication

from relay_studio.runtime.explain import Part, RequestExplained
from relay_studio.ui import i18n

translate = QCoreApplication.translate  # pyside6-lupdate reads translate("WhatItSaw", "…")


def _fixed() -> dict[str, str]:
    """Sources, names and reasons without a value, translated (a function: translated when used)."""
    return {
        # sources
        "system prompt": translate("WhatItSaw", "system prompt"),
        "profile instructions": translate("WhatItSaw", "profile instructions"),
        "skills": translate("WhatItSaw", "Skills"),
        "canon": translate("WhatItSaw", "canon"),
        "story library": translate("WhatItSaw", "story library"),
        "chat history": translate("WhatItSaw", "chat history"),
        "earlier stages": translate("WhatItSaw", "earlier stages"),
        "input": translate("WhatItSaw", "input"),
        "this stage's work": translate("WhatItSaw", "this stage's work"),
        "tool results": translate("WhatItSaw", "tool results"),
        "knowledge passages": translate("WhatItSaw", "knowledge passages"),
        "guidance and nudges": translate("WhatItSaw", "guidance and reminders"),
        "tool definitions": translate("WhatItSaw", "tool definitions"),
        # names
        "introduction": translate("WhatItSaw", "introduction"),
        "section note": translate("WhatItSaw", "section note"),
        "left out": translate("WhatItSaw", "left out"),
        "message": translate("WhatItSaw", "message"),
        "your message": translate("WhatItSaw", "your message"),
        "the handoff brief": translate("WhatItSaw", "the handoff brief"),
        "the task": translate("WhatItSaw", "the task"),
        "the conversation summary": translate("WhatItSaw", "the conversation summary"),
        "the agent's earlier turns": translate("WhatItSaw", "the agent's earlier turns"),
        "added during the stage": translate("WhatItSaw", "added during the stage"),
        # reasons
        "introduces the entries below": translate("WhatItSaw", "introduces the entries below"),
        "the agent's profile and how its tools end its part": translate(
            "WhatItSaw", "the agent's profile and how its tools end its part"),
        "the profile's standing instructions": translate("WhatItSaw", "the profile's standing instructions"),
        "the Skills this agent may read": translate("WhatItSaw", "the Skills this agent may read"),
        "the project's pinned canon facts": translate("WhatItSaw", "the project's pinned canon facts"),
        "what the stage's input keeps of the conversation": translate(
            "WhatItSaw", "what the stage's input keeps of the conversation"),
        "what the agent said and called earlier in this stage": translate(
            "WhatItSaw", "what the agent said and called earlier in this stage"),
        "what the agent's knowledge search returned": translate("WhatItSaw",
                                                                "what the agent's knowledge search returned"),
        "what the agent's tool calls returned": translate("WhatItSaw", "what the agent's tool calls returned"),
        "the creator's guidance, or a reminder to use the tools": translate(
            "WhatItSaw", "your guidance, or a reminder to use the tools"),
        "what the creator asked": translate("WhatItSaw", "what you asked"),
        "what the previous agent handed on": translate("WhatItSaw", "what the previous agent handed on"),
        "what the delegating agent asked": translate("WhatItSaw", "what the delegating agent asked"),
        "the earlier stages, summarised": translate("WhatItSaw", "the earlier stages, summarised"),
        "the tools this agent may call": translate("WhatItSaw", "the tools this agent may call"),
        "always included (its alwaysInclude setting)": translate("WhatItSaw", "always included (its setting)"),
        "included (this run's journal predates recorded reasons)": translate(
            "WhatItSaw", "included (this run is older than the recorded reasons)"),
        "the profile sends no chat history": translate("WhatItSaw", "the profile sends no chat history"),
    }


_KEY_IN = re.compile(r"^'(?P<key>.*)' in (?P<where>.+)$")
_AT_MESSAGE = re.compile(r"^(?P<source>.+), message (?P<n>\d+)$")
_BUDGET = re.compile(r"^left out: mentioned, but the library's budget of (?P<n>\d+) tokens was used up$")
_LEFT_OUT = re.compile(r"^(?P<n>\d+) earlier messages left out: (?P<why>.+)$")
_LAST = re.compile(r"^the profile sends the last (?P<n>\d+) messages$")
_COUNT = re.compile(r"^(?P<n>\d+) (?P<what>messages|tools)$")


def said(text: str) -> str:
    """One source, name or reason of ``explain`` in the window's language (as it is when it is not known)."""
    fixed = _fixed()
    if text in fixed:
        return fixed[text]
    if m := _KEY_IN.match(text):
        return i18n.arg(translate("WhatItSaw", "“%1” in %2"), m["key"], _where(m["where"], fixed))
    if m := _BUDGET.match(text):
        return i18n.arg(translate("WhatItSaw", "left out: mentioned, but the library's budget of %1 tokens was "
                                               "used up"), i18n.number(int(m["n"])))
    if m := _LEFT_OUT.match(text):
        return i18n.arg(translate("WhatItSaw", "%1 earlier messages left out: %2"), i18n.number(int(m["n"])),
                        said(m["why"]))
    if m := _LAST.match(text):
        return i18n.arg(translate("WhatItSaw", "the profile sends the last %1 messages"), i18n.number(int(m["n"])))
    if m := _COUNT.match(text):
        template = (translate("WhatItSaw", "%1 messages") if m["what"] == "messages"
                    else translate("WhatItSaw", "%1 tools"))
        return i18n.arg(template, i18n.number(int(m["n"])))
    return text


def _where(where: str, fixed: dict[str, str]) -> str:
    if m := _AT_MESSAGE.match(where):
        return i18n.arg(translate("WhatItSaw", "%1, message %2"), fixed.get(m["source"], m["source"]), m["n"])
    return fixed.get(where, where)


def _row(part: Part) -> str:
    cells = (said(part.source), said(part.name), i18n.number(part.tokens), said(part.reason))
    return ("<tr>" + "".join(f'<td style="padding:1px 6px">{html.escape(c)}</td>' for c in cells[:2])
            + f'<td align="right" style="padding:1px 6px">{cells[2]}</td>'
            + f'<td style="padding:1px 6px">{html.escape(cells[3])}</td></tr>')


def render_seen(item: RequestExplained, agent: str) -> str:
    """The request as the agent saw it: where it went, its tokens, and each part with its tokens and reason."""
    counted = (translate("WhatItSaw", "as the server counted them") if item.counted == "server"
               else translate("WhatItSaw", "estimated: the server gave no count"))
    head = i18n.arg(translate("WhatItSaw", "What %1 saw: %2 input tokens (%3)"), agent, i18n.number(item.tokens),
                    counted)
    served = (i18n.arg(translate("WhatItSaw", "Served by the connection %1 with the model %2"),
                       item.connection, item.model or "?") if item.connection
              else i18n.arg(translate("WhatItSaw", "Served by the model %1"), item.model or "?"))
    titles = (translate("WhatItSaw", "Source"), translate("WhatItSaw", "Part"), translate("WhatItSaw", "Tokens"),
              translate("WhatItSaw", "Why it is there"))
    header = "<tr>" + "".join(f'<th align="left" style="padding:1px 6px">{html.escape(t)}</th>'
                              for t in titles) + "</tr>"
    return (f"<h3>{html.escape(head)}</h3><p>{html.escape(served)}</p>"
            f'<table cellspacing="0">{header}{"".join(_row(p) for p in item.parts)}</table>')
