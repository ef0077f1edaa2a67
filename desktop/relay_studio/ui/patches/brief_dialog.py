""""Let me see the brief first" (docs/window/chats-and-composer.md, *Seeing the brief first*): the brief an
agent hands on, in an editor, while its run waits (``runtime/delegation/brief_review.py``). Its fields are the
handoff tool's: title, objective, why now, what has been done, what to preserve, when it is done, files to read
(a list field: one item a line). "Hand on" gives the next stage the creator's version (the agent's when nothing
changed); Cancel, Esc or closing the window hands on the agent's brief. Never modal to the loop (``open()``).
The run ending or the request being withdrawn closes it (``withdraw``).

Signals:
    decided(PendingApproval, ApprovalDecision)
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.approvals import ApprovalDecision
from relay_studio.ui import i18n
from relay_studio.ui.studio import PendingApproval

# the brief's list fields (one item a line in the editor)
LIST_FIELDS = ("mustPreserve", "completionCriteria", "workspaceRefs")


def _lines(value: object) -> str:
    if isinstance(value, list):
        return "\n".join(str(v) for v in value)
    return "" if value is None else str(value)


class BriefDialog(QDialog):
    decided = Signal(object, object)

    def __init__(self, pending: PendingApproval, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("BriefDialog")
        self.pending = pending
        request = pending.request
        self.agent_brief: dict[str, Any] = dict(request.arguments.get("brief") or {})
        target = str(request.arguments.get("targetName") or request.arguments.get("targetAgentId") or "")
        self.setWindowTitle(self.tr("The brief before it is handed on"))
        self.resize(620, 640)
        layout = QVBoxLayout(self)
        self.heading = QLabel(i18n.arg(self.tr("%1 hands the work to %2 with this brief. Change what you want; "
                                               "the run waits until you hand it on."), request.agent_name, target))
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        form = QFormLayout()
        self.title_edit = QLineEdit(_lines(self.agent_brief.get("title")))
        self.fields: dict[str, QLineEdit | QPlainTextEdit] = {"title": self.title_edit}
        form.addRow(self.tr("Title"), self.title_edit)
        for key, label, height in (
                ("objective", self.tr("Objective"), 90), ("reason", self.tr("Why now"), 50),
                ("contextSummary", self.tr("What has been done"), 90),
                ("mustPreserve", self.tr("What to preserve (one a line)"), 70),
                ("completionCriteria", self.tr("When it is done (one a line)"), 70),
                ("workspaceRefs", self.tr("Files to read (one a line)"), 50)):
            edit = QPlainTextEdit(_lines(self.agent_brief.get(key)))
            edit.setObjectName(f"Brief_{key}")
            edit.setAccessibleName(label)
            edit.setFixedHeight(height)
            edit.setTabChangesFocus(True)
            form.addRow(label, edit)
            self.fields[key] = edit
        self.objective_edit = self.fields["objective"]
        self.objective_edit.textChanged.connect(self._on_objective)
        layout.addLayout(form)
        self.problem = QLabel(self.tr("The objective is required: say what the next agent must achieve."))
        self.problem.setObjectName("Muted")
        self.problem.hide()
        layout.addWidget(self.problem)
        row = QHBoxLayout()
        row.addStretch(1)
        self.cancel_button = QPushButton(self.tr("Keep the agent's brief"))
        self.cancel_button.setToolTip(self.tr("Hands on the brief as the agent wrote it"))
        self.cancel_button.clicked.connect(self.reject)
        self.hand_on_button = QPushButton(self.tr("Hand on"))
        self.hand_on_button.setDefault(True)
        self.hand_on_button.clicked.connect(self.hand_on)
        row.addWidget(self.cancel_button)
        row.addWidget(self.hand_on_button)
        layout.addLayout(row)
        self.rejected.connect(self._keep_agents)

    def edited_brief(self) -> dict[str, Any]:
        """The fields as the creator left them (a list field: its non-empty lines)."""
        out: dict[str, Any] = {}
        for key, edit in self.fields.items():
            text = edit.text() if isinstance(edit, QLineEdit) else edit.toPlainText()
            if key in LIST_FIELDS:
                out[key] = [line.strip() for line in text.splitlines() if line.strip()]
            else:
                out[key] = text.strip()
        return out

    def _on_objective(self) -> None:
        empty = not self.objective_edit.toPlainText().strip()  # type: ignore[union-attr]
        self.hand_on_button.setEnabled(not empty)
        self.problem.setVisible(empty)

    def hand_on(self) -> None:
        edited = self.edited_brief()
        self._decide(ApprovalDecision(approved=True, reason="the creator read the brief",
                                      edited_brief=edited))
        self.accept()

    def _keep_agents(self) -> None:
        self._decide(ApprovalDecision(approved=True, reason="the creator kept the agent's brief"))

    def _decide(self, decision: ApprovalDecision) -> None:
        if self.pending.future.done():
            return
        self.pending.decide(decision)
        self.decided.emit(self.pending, decision)

    def withdraw(self, pending: PendingApproval) -> None:
        """The run ended (or took the request back): nothing is decided, the editor closes."""
        if pending is self.pending:  # decided already, or cancelled: closing decides nothing more
            self.close()
            self.deleteLater()
