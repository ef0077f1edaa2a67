"""Changes the creator approved that never reached the chat: an approved write or patch of a file whose
commit the creator then rejected (or that no commit followed before the run ended). The chat shows the
last committed version; without a word the creator would think their approved edit was lost silently.

``unpublished_changes`` reads a run's journal (pure data); ``ui/chat/view.py`` shows one notice per run
under its answer (``transcript.transcript``'s ``extra_notices``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from relay_studio.domain import event_types as ev
from relay_studio.domain.event_payloads import ToolCallAwaitingApproval, typed
from relay_studio.domain.events import Event

WRITE_TOOLS = frozenset({"workspace_write_file", "workspace_apply_patch"})
COMMIT_TOOL = "workspace_commit"
# the journal's events the reading needs (``RunStore.events_of_types``)
DECISION_EVENTS = (ev.TOOL_CALL_AWAITING_APPROVAL, ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED, ev.CHAT_COMMIT_COMPLETED)


@dataclass(frozen=True)
class Unpublished:
    path: str
    agent: str  # who proposed the change
    edited: bool  # approved with the creator's own edits
    commit_rejected: bool  # the creator rejected the commit that would have published it


def unpublished_changes(events: Iterable[Event]) -> list[Unpublished]:
    """The approved changes of a finished run that no commit published, in the order they were approved."""
    waiting: dict[str, tuple[str, str]] = {}  # approval's tool call -> (agent, tool)
    approved: dict[str, Unpublished] = {}
    rejected = False
    for e in events:
        p = e.payload
        if e.type == ev.TOOL_CALL_AWAITING_APPROVAL and isinstance(asked := typed(e), ToolCallAwaitingApproval):
            waiting[asked.tool_call_id or ""] = (asked.agent_name, asked.tool or "")
        elif e.type == ev.TOOL_CALL_APPROVED and p.get("tool") in WRITE_TOOLS and p.get("path"):
            agent = waiting.get(str(p.get("toolCallId") or ""), ("", ""))[0]
            path = str(p["path"])
            approved.pop(path, None)
            approved[path] = Unpublished(path, agent, bool(p.get("edited")), False)
        elif e.type == ev.TOOL_CALL_DENIED and p.get("tool") == COMMIT_TOOL:
            rejected = True
        elif e.type == ev.CHAT_COMMIT_COMPLETED and p.get("path"):
            approved.pop(str(p["path"]), None)
    return [Unpublished(u.path, u.agent, u.edited, rejected) for u in approved.values()]


def notice_text(changes: list[Unpublished]) -> str:
    """What the chat says under the run's answer."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("Unpublished", "…")
    lines = []
    for u in changes:
        if u.commit_rejected:
            text = (translate("Unpublished", "You approved %1's change to %2 with your edits, then rejected the "
                                             "commit: it was never published, so the chat shows the version "
                                             "before it.") if u.edited else
                    translate("Unpublished", "You approved %1's change to %2, then rejected the commit: it was never "
                                             "published, so the chat shows the version before it."))
        else:
            text = translate("Unpublished", "%1's change to %2, which you approved, was never committed: the chat "
                                            "shows the version before it.")
        lines.append(text.replace("%1", u.agent or translate("Unpublished", "The agent"), 1).replace("%2", u.path, 1))
    return " ".join(lines)
