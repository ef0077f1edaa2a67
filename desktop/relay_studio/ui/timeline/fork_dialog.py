""""Rerun from here": the dialog that forks a run at a stage (docs/fork.md). The creator may change the
stage's agent, its brief (the old one prefilled; for stage 1 the creator's message) and the model
connection. Opened with ``open()``; it answers through ``fork_requested`` and shows a refusal in its own
words until the fork starts.

Signals:
    fork_requested(ForkChoice): the creator asked to rerun with these choices
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
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

from relay_studio.domain.profile import AgentProfile
from relay_studio.ui import i18n


@dataclass(frozen=True)
class ForkChoice:
    run_id: str
    stage: int
    agent_id: str
    #: the brief as a handoff brief (stage 2 on), the creator's message (stage 1)
    brief: dict[str, Any] | str
    connection: str | None
    model: str | None


def candidates(profiles: dict[str, AgentProfile], stage: int, current: str) -> list[AgentProfile]:
    """Who may take the stage: for stage 1 an agent that starts runs, after it a handoff target (the
    runtime checks the rest and says so)."""
    out = []
    for p in sorted(profiles.values(), key=lambda p: p.display_name.lower()):
        fits = p.run.direct_runnable if stage == 1 else (p.delegation.callable and p.delegation.allow_as_handoff_target)
        if fits or p.id == current:
            out.append(p)
    return out


class ForkDialog(QDialog):
    fork_requested = Signal(object)

    def __init__(self, run_id: str, stage: int, agent_id: str, brief: dict[str, Any] | str,
                 profiles: list[AgentProfile], connections: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ForkDialog")
        self.setWindowTitle(i18n.arg(self.tr("Rerun from stage %1"), stage))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.resize(640, 520)
        self.run_id, self.stage, self.old_brief = run_id, stage, brief
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("A new run of this chat starts at this stage, with the files as the stage found them. "
                               "This run stays as it is; what the new one commits becomes a new version of the "
                               "answer."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.agent_box = QComboBox()
        self.agent_box.setObjectName("ForkAgent")
        for p in profiles:
            self.agent_box.addItem(p.display_name, p.id)
        self.agent_box.setCurrentIndex(max(0, self.agent_box.findData(agent_id)))
        form.addRow(self.tr("Agent:"), self.agent_box)
        self.connection_box = QComboBox()
        self.connection_box.setObjectName("ForkConnection")
        self.connection_box.addItem(self.tr("As each agent's profile says"), "")
        for cid in connections:
            self.connection_box.addItem(cid, cid)
        form.addRow(self.tr("Model connection:"), self.connection_box)
        self.model_edit = QLineEdit()
        self.model_edit.setObjectName("ForkModel")
        self.model_edit.setPlaceholderText(self.tr("the connection's default model"))
        form.addRow(self.tr("Model:"), self.model_edit)
        layout.addLayout(form)
        label = self.tr("The creator's message:") if stage == 1 else self.tr("The brief's objective:")
        layout.addWidget(QLabel(label))
        self.brief_edit = QPlainTextEdit()
        self.brief_edit.setObjectName("ForkBrief")
        self.brief_edit.setPlainText(brief if isinstance(brief, str) else str(brief.get("objective") or ""))
        layout.addWidget(self.brief_edit, 1)
        self.problem = QLabel()
        self.problem.setObjectName("ForkProblem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        layout.addWidget(self.problem)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.reject)
        self.rerun_button = QPushButton(self.tr("Rerun"))
        self.rerun_button.setObjectName("ForkRerun")
        self.rerun_button.setDefault(True)
        self.rerun_button.clicked.connect(self._on_rerun)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.rerun_button)
        layout.addLayout(buttons)

    def choice(self) -> ForkChoice:
        text = self.brief_edit.toPlainText().strip()
        brief = text if isinstance(self.old_brief, str) else {**self.old_brief, "objective": text}
        connection = str(self.connection_box.currentData() or "") or None
        model = self.model_edit.text().strip() or None
        return ForkChoice(self.run_id, self.stage, str(self.agent_box.currentData()), brief, connection,
                          model if connection else None)

    def _on_rerun(self) -> None:
        self.rerun_button.setEnabled(False)
        self.problem.hide()
        self.fork_requested.emit(self.choice())

    def refused(self, message: str) -> None:
        """The fork did not start: the reason, and the dialog stays for another try."""
        self.problem.setText(message)
        self.problem.show()
        self.rerun_button.setEnabled(True)
