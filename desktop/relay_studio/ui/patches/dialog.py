"""The patch-confirm dialog: every proposal waiting for the creator, listed together (the runtime
raises all proposals of a model turn before the first call runs), never modal to the loop
(``open()``, answered in slots). A proposal the runtime takes back (its file changed under it, or its
call will not run) leaves the list; a proposal made again in its place joins it.

For a file write: the diff before/after side by side and unified, each hunk with its own checkbox,
and the result, editable, which is what gets written. Reject takes an optional reason, which the
agent reads. "Approve the rest of this run" approves this proposal and every later one of its run.
Other tools (a commit) show their arguments.

Signals:
    decided(PendingApproval, ApprovalDecision)
"""

from __future__ import annotations

import json

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.approvals import ApprovalDecision
from relay_studio.ui import theme
from relay_studio.ui.patches.diff import Hunk, apply_hunks, hunks, side_by_side_html, unified_html
from relay_studio.ui.studio import PendingApproval, Studio

CLOSE_GRACE_MS = 250  # the next proposal of the same turn usually follows at once: do not flicker


def _label(p: PendingApproval) -> str:
    r = p.request
    return f"{r.agent_name} · {r.tool}" + (f" · {r.path}" if r.path else "")


class PatchDialog(QDialog):
    decided = Signal(object, object)

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PatchDialog")
        self.setWindowTitle("Review changes")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.resize(1000, 640)
        self.studio = studio
        self.pending: list[PendingApproval] = []
        self.current: PendingApproval | None = None
        self.hunks: list[Hunk] = []
        self._programmatic_result = ""

        layout = QVBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.queue = QListWidget()
        self.queue.currentRowChanged.connect(self._on_row)
        split.addWidget(self.queue)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setObjectName("MessageAuthor")
        self.title.setWordWrap(True)
        right_layout.addWidget(self.title)
        self.tabs = QTabWidget()
        self.side = QTextBrowser()
        self.unified = QTextBrowser()
        self.result_edit = QPlainTextEdit()
        self.result_edit.setObjectName("PatchResult")
        self.arguments = QPlainTextEdit()
        self.arguments.setReadOnly(True)
        self.tabs.addTab(self.side, "Side by side")
        self.tabs.addTab(self.unified, "Unified")
        self.tabs.addTab(self.result_edit, "Result (editable)")
        self.tabs.addTab(self.arguments, "Arguments")
        right_layout.addWidget(self.tabs, 3)
        self.hunk_label = QLabel("Changes to apply")
        right_layout.addWidget(self.hunk_label)
        self.hunk_list = QListWidget()
        self.hunk_list.setMaximumHeight(130)
        self.hunk_list.itemChanged.connect(self._on_hunk_toggled)
        right_layout.addWidget(self.hunk_list, 1)
        split.addWidget(right)
        split.setSizes([220, 780])
        layout.addWidget(split, 1)

        self.reason = QLineEdit()
        self.reason.setPlaceholderText("Why you reject it (optional; the agent reads this)")
        layout.addWidget(self.reason)
        row = QHBoxLayout()
        self.approve_rest = QCheckBox("Approve the rest of this run")
        row.addWidget(self.approve_rest)
        row.addStretch(1)
        self.reject_button = QPushButton("Reject")
        self.approve_button = QPushButton("Approve")
        self.approve_button.setDefault(True)
        self.reject_button.clicked.connect(self.reject_current)
        self.approve_button.clicked.connect(self.approve_current)
        row.addWidget(self.reject_button)
        row.addWidget(self.approve_button)
        layout.addLayout(row)
        self._close_timer = QTimer(self)
        self._close_timer.setSingleShot(True)
        self._close_timer.setInterval(CLOSE_GRACE_MS)
        self._close_timer.timeout.connect(self._close_if_empty)
        studio.approval_closed.connect(self.withdraw)

    # -- queue -----------------------------------------------------------------------------------
    def add(self, pending: PendingApproval) -> None:
        self._close_timer.stop()
        if pending in self.pending:
            return
        self.pending.append(pending)
        item = QListWidgetItem(_label(pending))
        self.queue.addItem(item)
        if self.current is None:
            self.queue.setCurrentRow(len(self.pending) - 1)

    def withdraw(self, pending: PendingApproval) -> None:
        """A proposal was decided, or its run ended (cancelled, failed): it leaves the queue."""
        if pending not in self.pending:
            return
        row = self.pending.index(pending)
        self.pending.pop(row)
        self.queue.takeItem(row)
        if pending is self.current:
            self.current = None
            if self.pending:
                self.queue.setCurrentRow(min(row, len(self.pending) - 1))
            else:
                self._show(None)
        if not self.pending:
            self._close_timer.start()

    def _close_if_empty(self) -> None:
        if not self.pending and self.isVisible():
            self.accept()

    def _on_row(self, row: int) -> None:
        self._show(self.pending[row] if 0 <= row < len(self.pending) else None)

    # -- showing one proposal --------------------------------------------------------------------
    def _show(self, pending: PendingApproval | None) -> None:
        self.current = pending
        self.reason.clear()
        for w in (self.approve_button, self.reject_button, self.approve_rest):
            w.setEnabled(pending is not None)
        if pending is None:
            self.title.setText("Nothing waits for your approval.")
            self.hunks = []
            self.hunk_list.clear()
            return
        r = pending.request
        is_file = r.after is not None
        verb = {"workspace_write_file": "write", "workspace_apply_patch": "change"}.get(r.tool, "")
        if is_file:
            self.title.setText(f"{r.agent_name} wants to {verb or 'write'} {r.path}")
        else:
            self.title.setText(f"{r.agent_name} wants to call {r.tool}")
        self.arguments.setPlainText(json.dumps(r.arguments, ensure_ascii=False, indent=2))
        for index in range(3):
            self.tabs.setTabVisible(index, is_file)
        self.hunk_label.setVisible(is_file)
        self.hunk_list.setVisible(is_file)
        if not is_file:
            self.tabs.setCurrentWidget(self.arguments)
            self.hunks = []
            return
        before, after = r.before or "", r.after or ""
        c = theme.colors()
        self.side.setHtml(side_by_side_html(before, after, add_bg=c.diff_add.name(), del_bg=c.diff_del.name()))
        self.unified.setHtml(unified_html(before, after, r.path or "file", add_bg=c.diff_add.name(),
                                          del_bg=c.diff_del.name(), muted=c.muted.name()))
        self.hunks = hunks(before, after)
        self.hunk_list.blockSignals(True)
        self.hunk_list.clear()
        for hunk in self.hunks:
            removed = "".join(hunk.a_lines).strip().splitlines()
            added = "".join(hunk.b_lines).strip().splitlines()
            gist = (f"+ {added[0]}" if added else f"- {removed[0]}" if removed else "")[:90]
            item = QListWidgetItem(f"{hunk.header}  {gist}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.hunk_list.addItem(item)
        self.hunk_list.blockSignals(False)
        self._set_result(after)
        self.tabs.setCurrentWidget(self.side)

    def _set_result(self, text: str) -> None:
        self._programmatic_result = text
        self.result_edit.setPlainText(text)

    def accepted_hunks(self) -> set[int]:
        out: set[int] = set()
        for i in range(self.hunk_list.count()):
            item = self.hunk_list.item(i)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                out.add(i)
        return out

    def set_hunk_accepted(self, index: int, accepted: bool) -> None:
        item = self.hunk_list.item(index)
        if item is not None:
            item.setCheckState(Qt.CheckState.Checked if accepted else Qt.CheckState.Unchecked)

    def _on_hunk_toggled(self, _item: QListWidgetItem) -> None:
        if self.current is None:
            return
        self._set_result(apply_hunks(self.current.request.before or "", self.hunks, self.accepted_hunks()))

    # -- decisions -------------------------------------------------------------------------------
    def approve_current(self) -> None:
        pending = self.current
        if pending is None:
            return
        r = pending.request
        edited: str | None = None
        if r.after is not None and self.result_edit.toPlainText() != r.after:
            edited = self.result_edit.toPlainText()
        rest = self.approve_rest.isChecked()
        self._decide(pending, ApprovalDecision(approved=True, edited_content=edited, approve_rest=rest,
                                               reason="approved with edits" if edited is not None else ""))
        if rest:  # the runtime approves what comes later; approve what already waits from that run too
            for other in [p for p in self.pending if p.request.run_id == r.run_id]:
                self._decide(other, ApprovalDecision(approved=True, approve_rest=True,
                                                     reason="approved for the rest of this run"))

    def reject_current(self) -> None:
        pending = self.current
        if pending is None:
            return
        self._decide(pending, ApprovalDecision(approved=False, reason=self.reason.text().strip()))

    def _decide(self, pending: PendingApproval, decision: ApprovalDecision) -> None:
        pending.decide(decision)
        self.decided.emit(pending, decision)
        self.withdraw(pending)
