"""What a scene's speaker did not see, as the timeline's detail pane shows it (docs/window/scenes.md): from a
``scene_context_assembled`` event, the messages left out grouped by reason ("not present in scene 2: 3
messages"), the story-library entries it may not know; from a ``canon_facts_included`` event of a scene turn, the
canon facts left out and why. One function the detail pane calls (``left_out_html``); the reasons are the
journal's own words."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QCoreApplication

from relay_studio.domain import event_types as ev
from relay_studio.ui import i18n


def _items(rows: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{row}</li>" for row in rows) + "</ul>"


def _messages(group: dict[str, Any]) -> str:
    count = int(group.get("count", 1))
    words = QCoreApplication.translate("SceneContext", "%n message(s)", "", count)
    return f"{html.escape(str(group.get('reason', '')))}: {words}"


def left_out_rows(event_type: str, payload: dict[str, Any]) -> list[str]:
    """The sentences (HTML-escaped) of what the event says a scene's speaker was not given; empty when none."""
    if event_type == ev.SCENE_CONTEXT_ASSEMBLED:
        rows = [_messages(g) for g in payload.get("leftOut", []) if isinstance(g, dict)]
        rows += [i18n.arg(QCoreApplication.translate("SceneContext", "the entry “%1”: %2"),
                          html.escape(str(e.get("name", ""))), html.escape(str(e.get("reason", ""))))
                 for e in payload.get("entriesLeftOut", []) if isinstance(e, dict)]
        return rows
    if event_type == ev.CANON_FACTS_INCLUDED:
        return [i18n.arg(QCoreApplication.translate("SceneContext", "the fact %1: %2"),
                         html.escape(str(f.get("handle", ""))), html.escape(str(f.get("reason", ""))))
                for f in payload.get("hidden", []) if isinstance(f, dict)]
    return []


def left_out_html(event_type: str, payload: dict[str, Any]) -> str:
    """The detail pane's "Left out of what this character saw" section ("" when nothing was left out)."""
    rows = left_out_rows(event_type, payload)
    if event_type == ev.SCENE_CONTEXT_ASSEMBLED:
        included = int(payload.get("included", 0) or 0)
        head = i18n.arg(QCoreApplication.translate("SceneContext", "It saw %1 of the scene's messages."),
                        str(included))
        if not rows:
            return f"<p>{head} " + QCoreApplication.translate("SceneContext", "Nothing was left out.") + "</p>"
        return (f"<h3>{QCoreApplication.translate('SceneContext', 'Left out of what this character saw')}</h3>"
                f"<p>{head}</p>" + _items(rows))
    if not rows:
        return ""
    return (f"<h3>{QCoreApplication.translate('SceneContext', 'Canon left out for this character')}</h3>"
            + _items(rows))
