"""What the live run card under the chat's last message shows of its run as the run goes: from the journal's
events, the agent at work, a helper on a side task, the tool called, an approval awaited, the run's status and
a model call's end; from the live updates, the streamed text, the tool being called and a model call's
progress. ``RELOAD_ON`` are the events after which the chat's transcript changed.

``ChatView`` picks the events and updates of the run its card shows; the words keep its translation context
(``ChatView``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as et
from relay_studio.domain.event_payloads import AgentInvocationStarted, typed
from relay_studio.domain.events import Event
from relay_studio.runtime.context import LiveUpdate
from relay_studio.ui import i18n
from relay_studio.ui.chat.live_run_card import LiveRunCard

# the events after which the chat's transcript is read again: a commit, guidance, the run's end
RELOAD_ON = frozenset({et.CHAT_COMMIT_COMPLETED, et.GUIDANCE_RECEIVED, et.RUN_COMPLETED, et.RUN_PARTIAL_SUCCESS,
                       et.RUN_FAILED, et.RUN_CANCELLED, et.RUN_INTERRUPTED})


def follow_event(live: LiveRunCard, event: Event) -> None:
    """Shows on ``live`` what ``event``, of the run it shows, changed."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("ChatView", "…")
    p = event.payload
    started = typed(event)
    if isinstance(started, AgentInvocationStarted):
        name = started.agent_name  # never "None" when a payload lacks both names
        if started.kind == "subagent":
            live.set_tool(i18n.arg(translate("ChatView", "%1 is helping on a side task"), name))
        else:
            live.next_stage(name)
            live.set_tool("")
    elif event.type == et.STATUS_CHANGED:
        live.set_status(str(p.get("to")))
    elif event.type in (et.MODEL_CALL_COMPLETED, et.MODEL_CALL_FAILED):
        live.call_ended(str(p.get("turnId") or ""))
    elif event.type == et.TOOL_CALL_STARTED:
        live.set_tool(i18n.arg(translate("ChatView", "Calling %1…"), p.get("name")))
    elif event.type == et.MODEL_CALL_RETRY:  # not "thinking": the server did not answer, and it says when again
        live.set_tool(i18n.arg(translate("ChatView", "The model server %1; trying again in %2 (attempt %3)…"),
                               retry_reason(str(p.get("code") or "")), i18n.seconds(float(p.get("delaySeconds") or 0)),
                               p.get("attempt")))
    elif event.type == et.TOOL_CALL_AWAITING_APPROVAL:
        live.set_tool(i18n.arg(translate("ChatView", "Waiting for your approval of %1 on %2"), p.get("tool"),
                               p.get("path")) if p.get("path")
                      else i18n.arg(translate("ChatView", "Waiting for your approval of %1"), p.get("tool")))


def retry_reason(code: str) -> str:
    """Why a model call is tried again, as the live card says it ("The model server %1; …")."""
    translate = QCoreApplication.translate
    reasons = {codes.PROVIDER_UNREACHABLE: translate("ChatView", "could not be reached"),
               codes.PROVIDER_IDLE_TIMEOUT: translate("ChatView", "stopped answering"),
               codes.PROVIDER_RATE_LIMITED: translate("ChatView", "asked to wait"),
               codes.PROVIDER_SERVER_ERROR: translate("ChatView", "answered with an error")}
    if code.startswith(codes.PROVIDER_HTTP_PREFIX):
        return translate("ChatView", "answered with an error")
    return reasons.get(code) or i18n.arg(translate("ChatView", "did not answer (%1)"), code)


def follow_live(live: LiveRunCard, update: LiveUpdate, agent: str) -> None:
    """Shows on ``live`` the live ``update`` of the run it shows, from ``agent`` (its display name)."""
    if update.kind == "text":
        live.append(update.invocation_id, agent, update.text)
    elif update.kind == "tool":
        live.set_tool(i18n.arg(QCoreApplication.translate("ChatView", "%1 is calling %2…"), agent, update.text))
    elif update.kind == "progress":
        live.call_progress(update.invocation_id, update.data)
