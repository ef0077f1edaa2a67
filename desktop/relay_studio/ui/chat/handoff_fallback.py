"""When ``/handoff`` cannot have its document written (no model connection, a server that does not answer,
an empty answer): the reason in the window's language, and what the creator can do instead (issue 38):
carry the chat over as it is (its messages become the new chat's starting document, reviewed in the same
dialog) or open Settings to add or fix a connection.

Signals of ``FallbackOffer``: carry_requested(), settings_requested().
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from relay_studio.domain import error_codes as codes
from relay_studio.domain.records import MessageRecord
from relay_studio.runtime.session_handoff import HandoffDraft, HandoffOutcome, document_of
from relay_studio.ui import i18n


def _reasons() -> dict[str, str]:
    translate = QCoreApplication.translate
    return {
        codes.CONNECTION_NONE: translate("HandoffFallback", "There is no model connection yet to write it."),
        codes.PROVIDER_UNREACHABLE: translate("HandoffFallback", "The model server did not answer; is it running?"),
        codes.PROVIDER_IDLE_TIMEOUT: translate("HandoffFallback", "The model server stopped answering."),
        codes.PROVIDER_AUTH_FAILED: translate("HandoffFallback", "The model server refused the connection's key."),
        codes.PROVIDER_NO_MODEL: translate("HandoffFallback", "The connection has no model chosen."),
    }


def outcome_words(draft: HandoffDraft) -> str:
    """The sentence the dialog and the status bar show for a draft that is not ready."""
    translate = QCoreApplication.translate
    if draft.outcome is HandoffOutcome.CANCELLED:
        return translate("HandoffFallback", "Handoff cancelled. Nothing was changed.")
    if draft.outcome is HandoffOutcome.EMPTY:
        reason = translate("HandoffFallback", "The agent answered without any text.")
    else:
        reason = _reasons().get(draft.error_code or "") or i18n.arg(
            translate("HandoffFallback", "The agent could not write it (%1)."), draft.error_code or "?")
    return i18n.arg(translate("HandoffFallback", "The handoff document was not written: %1 Nothing was changed."),
                    reason)


def can_fall_back(draft: HandoffDraft) -> bool:
    """A failed or empty handoff (not one the creator cancelled) may carry the chat over instead."""
    return draft.outcome in (HandoffOutcome.FAILED, HandoffOutcome.EMPTY)


def carried_over(messages: Sequence[MessageRecord]) -> str:
    """The chat as it is, as the new chat's starting document (model-facing: the runtime's English)."""
    lines = ["## Progress", "The conversation so far, carried over as it was:", ""]
    for m in messages:
        if m.role == "user":
            lines += [f"Creator: {m.content.strip()}", ""]
        elif m.role == "assistant":
            lines += [f"{m.agent_name or 'Agent'}: {m.content.strip()}", ""]
        elif m.role == "handoff":
            lines += ["Earlier handoff document:", document_of(m.content).strip(), ""]
    return "\n".join(lines).strip()


def carried_draft(failed: HandoffDraft, messages: Sequence[MessageRecord]) -> HandoffDraft:
    """A ready draft over the chat as it is, on the failed attempt's run (the lineage names that attempt)."""
    return HandoffDraft(HandoffOutcome.READY, failed.run_id, failed.chat_id, failed.agent_id,
                        document=carried_over(messages))


class FallbackOffer(QWidget):
    carry_requested = Signal()
    settings_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HandoffFallback")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel(self.tr("Instead:"))
        self.carry_button = QPushButton(self.tr("Carry the chat over as it is"))
        self.carry_button.setToolTip(self.tr("The new chat starts from this chat's messages as they are; "
                                             "you review them first"))
        self.settings_button = QPushButton(self.tr("Open Settings"))
        self.settings_button.setToolTip(self.tr("Add or fix a model connection, then hand off again"))
        self.carry_button.clicked.connect(self.carry_requested.emit)
        self.settings_button.clicked.connect(self.settings_requested.emit)
        row.addWidget(label)
        row.addWidget(self.carry_button)
        row.addWidget(self.settings_button)
        row.addStretch(1)
