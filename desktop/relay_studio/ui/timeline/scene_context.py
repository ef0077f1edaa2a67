"""What a scene's speaker did not see, as the timeline's detail pane shows it (docs/window/scenes.md): from a
``scene_context_assembled`` event, the messages left out grouped by reason ("not present in scene 2: 3
messages") and the story-library entries it may not know; from a ``canon_facts_included`` event of a scene turn,
the canon facts left out and why. One function the detail pane calls (``left_out_html``); the reasons are the
journal's own words."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QObject

from relay_studio.domain import event_types as ev
from relay_studio.ui import i18n


class SceneContextWords(QObject):
    """The section's words (a QObject for ``self.tr``: its plural is looked up under this class)."""

    def messages(self, group: dict[str, Any]) -> str:
        words = self.tr("%n message(s)", "", int(group.get("count", 1)))
        return f"{html.escape(str(group.get('reason', '')))}: {words}"

    def rows(self, event_type: str, payload: dict[str, Any]) -> list[str]:
        """The sentences (HTML-escaped) of what the event says a scene's speaker was not given; empty when none."""
        if event_type == ev.SCENE_CONTEXT_ASSEMBLED:
            rows = [self.messages(g) for g in payload.get("leftOut", []) if isinstance(g, dict)]
            rows += [i18n.arg(self.tr("the entry “%1”: %2"), html.escape(str(e.get("name", ""))),
                              html.escape(str(e.get("reason", ""))))
                     for e in payload.get("entriesLeftOut", []) if isinstance(e, dict)]
            return rows
        if event_type == ev.CANON_FACTS_INCLUDED:
            return [i18n.arg(self.tr("the fact %1: %2"), html.escape(str(f.get("handle", ""))),
                             html.escape(str(f.get("reason", ""))))
                    for f in payload.get("hidden", []) if isinstance(f, dict)]
        return []

    def section(self, event_type: str, payload: dict[str, Any]) -> str:
        rows = self.rows(event_type, payload)
        items = "<ul>" + "".join(f"<li>{row}</li>" for row in rows) + "</ul>"
        if event_type == ev.SCENE_CONTEXT_ASSEMBLED:
            head = i18n.arg(self.tr("It saw %1 of the scene's messages."), str(int(payload.get("included", 0) or 0)))
            if not rows:
                return f"<p>{head} " + self.tr("Nothing was left out.") + "</p>"
            return "<h3>" + self.tr("Left out of what this character saw") + f"</h3><p>{head}</p>{items}"
        return "<h3>" + self.tr("Canon left out for this character") + f"</h3>{items}" if rows else ""


def left_out_html(event_type: str, payload: dict[str, Any]) -> str:
    """The detail pane's "Left out of what this character saw" section ("" for other events, or none left out)."""
    if event_type not in (ev.SCENE_CONTEXT_ASSEMBLED, ev.CANON_FACTS_INCLUDED):
        return ""
    return SceneContextWords().section(event_type, payload)
