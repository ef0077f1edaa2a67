"""The patch-confirm dialog: every proposal waiting for the creator, listed together (the runtime
raises all proposals of a model turn before the first call runs), never modal to the loop
(``open()``, answered in slots). Each proposal is decided on its own, in any order: the run's call
goes ahead as soon as its own decision is made, and the dialog moves on to the next proposal in the
list. A proposal the runtime takes back (its file changed under it, or its call will not run) leaves
the list; a proposal made again in its place joins it.

For a file write: the diff side by side and unified, each hunk with its own checkbox, and the
result, editable, which is what gets written; both diffs show the file before against that result
(after hunk choices and edits). Reject takes an optional reason, which the agent reads. "Approve the
rest of this run" approves this proposal and every later one of its run. Other tools (a commit) show
their arguments. What the creator chose for a proposal (result, hunks, reason) stays with it while
they look at another one, and while the dialog is closed.

A write that passed a review (``ApprovalRequest.review``) shows the review's issues beside the diff. When
the review found a conflict the runtime asks even under "approve the rest", and here the approve button
becomes "Approve anyway": it asks for a reason (the agent reads it in its tool result), and "approve the
rest" neither applies to it nor approves it with the others.

Keys: Ctrl+Enter approves the current proposal, Ctrl+Backspace rejects it (also while typing the
reason or the result: ``decision_keys.py``), Esc closes the dialog without deciding. A proposal's words and
its review's issues: ``proposal_words.py``; the hunks' checkboxes: ``hunk_list.py``.

Signals:
    decided(PendingApproval, ApprovalDecision)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
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
from relay_studio.ui import i18n, theme
from relay_studio.ui.patches.decision_keys import APPROVE_KEYS, REJECT_KEYS, DecisionKeys
from relay_studio.ui.patches.diff import Hunk, apply_hunks, hunks, side_by_side_html, unified_html
from relay_studio.ui.patches.hunk_list import HunkList
from relay_studio.ui.patches.proposal_words import commit_path, is_conflict, proposal_label, review_html
from relay_studio.ui.studio import PendingApproval, Studio

CLOSE_GRACE_MS = 250  # the next proposal of the same turn usually follows at once: do not flicker
#: the reason the agent reads when the creator approved with no part of the change ticked
NOTHING_KEPT = "no part of it was kept, the file stays as it was"
DIFF_REFRESH_MS = 120  # the diffs follow the edited result once typing pauses

@dataclass
class _Draft:
    """What the creator chose for one proposal so far."""

    result: str
    accepted: set[int] = field(default_factory=set)
    reason: str = ""
    hunks: list[Hunk] = field(default_factory=list)  # as listed: the proposal's, or the edited result's


class PatchDialog(QDialog):
    decided = Signal(object, object)

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PatchDialog")
        self.setWindowTitle(self.tr("Review changes"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.resize(1000, 640)
        self.studio = studio
        self.pending: list[PendingApproval] = []
        self.current: PendingApproval | None = None
        self.hunks: list[Hunk] = []
        self._drafts: dict[PendingApproval, _Draft] = {}
        self._shown_result: str | None = None  # the result the diffs were drawn for

        layout = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setObjectName("PatchHeader")
        layout.addWidget(self.header)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.queue = QListWidget()
        self.queue.setObjectName("PatchQueue")
        self.queue.setAccessibleName(self.tr("Proposed changes"))
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
        self.result_edit.setAccessibleName(self.tr("Result (editable)"))
        self.result_edit.setTabChangesFocus(True)
        self.side.setAccessibleName(self.tr("Side by side"))
        self.unified.setAccessibleName(self.tr("Unified"))
        self.arguments = QPlainTextEdit()
        self.arguments.setReadOnly(True)
        self.arguments.setAccessibleName(self.tr("Details"))
        self.tabs.addTab(self.side, self.tr("Side by side"))
        self.tabs.addTab(self.unified, self.tr("Unified"))
        self.tabs.addTab(self.result_edit, self.tr("Result (editable)"))
        self.tabs.addTab(self.arguments, self.tr("Details"))
        self.tabs.currentChanged.connect(lambda _i: self._refresh_diffs())
        self.review_panel = QTextBrowser()  # the review's issues, beside the diff
        self.review_panel.setObjectName("PatchReview")
        self.review_panel.setAccessibleName(self.tr("Review"))
        self.review_panel.setVisible(False)
        beside = QSplitter(Qt.Orientation.Horizontal)
        beside.addWidget(self.tabs)
        beside.addWidget(self.review_panel)
        beside.setSizes([520, 260])
        right_layout.addWidget(beside, 3)
        self.hunk_label = QLabel(self.tr("Changes to apply"))
        right_layout.addWidget(self.hunk_label)
        self.hunk_list = HunkList()
        self.hunk_list.itemChanged.connect(self._on_hunk_toggled)
        right_layout.addWidget(self.hunk_list, 1)
        split.addWidget(right)
        split.setSizes([250, 750])
        layout.addWidget(split, 1)

        self.reason = QLineEdit()
        self.reason.setAccessibleName(self.tr("Reason"))
        self.reason.setPlaceholderText(self.tr("Why you reject it (optional; the agent reads this)"))
        layout.addWidget(self.reason)
        self.reason_needed = QLabel(self.tr("The review found conflicts: say why you approve it anyway."))
        self.reason_needed.setObjectName("ReasonNeeded")
        self.reason_needed.setVisible(False)
        layout.addWidget(self.reason_needed)
        row = QHBoxLayout()
        self.approve_rest = QCheckBox(self.tr("Approve the rest of this run"))
        row.addWidget(self.approve_rest)
        row.addStretch(1)
        self.keys_hint = QLabel(self.tr("Ctrl+Enter approves · Ctrl+Backspace rejects · Esc closes"))
        self.keys_hint.setObjectName("Muted")
        row.addWidget(self.keys_hint)
        self.reject_button = QPushButton(self.tr("Reject"))
        self.reject_button.setObjectName("RejectButton")
        self.approve_button = QPushButton(self.tr("Approve"))
        self.approve_button.setObjectName("ApproveButton")
        for button in (self.reject_button, self.approve_button):
            button.setAutoDefault(False)  # Enter in the reason field must not decide
        self.reject_button.clicked.connect(self.reject_current)
        self.approve_button.clicked.connect(self.approve_current)
        row.addWidget(self.reject_button)
        row.addWidget(self.approve_button)
        layout.addLayout(row)

        for keys, slot in ((APPROVE_KEYS, self.approve_current), (REJECT_KEYS, self.reject_current)):
            for key in keys:
                QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WindowShortcut)
        self._keys = DecisionKeys(self)
        for widget in (self.reason, self.result_edit, self.queue, self.hunk_list):
            widget.installEventFilter(self._keys)

        self._close_timer = QTimer(self)
        self._close_timer.setSingleShot(True)
        self._close_timer.setInterval(CLOSE_GRACE_MS)
        self._close_timer.timeout.connect(self._close_if_empty)
        self._diff_timer = QTimer(self)
        self._diff_timer.setSingleShot(True)
        self._diff_timer.setInterval(DIFF_REFRESH_MS)
        self._diff_timer.timeout.connect(self._refresh_diffs)
        self.result_edit.textChanged.connect(self._diff_timer.start)
        studio.approval_closed.connect(self.withdraw)
        self._show(None)

    # -- queue -----------------------------------------------------------------------------------
    def add(self, pending: PendingApproval) -> None:
        self._close_timer.stop()
        if pending in self.pending or pending.future.done():
            return
        self.pending.append(pending)
        item = QListWidgetItem(proposal_label(pending))
        item.setToolTip(f"{pending.request.agent_name} · {pending.request.tool}"
                        + (f" · {pending.request.path}" if pending.request.path else ""))
        self.queue.addItem(item)
        if self.current is None:
            self._select(len(self.pending) - 1)
        self._update_header()

    def withdraw(self, pending: PendingApproval) -> None:
        """A proposal was decided, or its run ended (cancelled, failed): it leaves the queue. When it
        was the one shown, the next one in the list is shown (or the one before, at the end)."""
        self._drafts.pop(pending, None)
        if pending not in self.pending:
            return
        row = self.pending.index(pending)
        self.pending.pop(row)
        self.queue.blockSignals(True)  # removing the current row moves Qt's current row on its own
        self.queue.takeItem(row)
        self.queue.blockSignals(False)
        if pending is self.current:
            self.current = None
            self._select(min(row, len(self.pending) - 1))
        elif self.current is not None:
            self._select(self.pending.index(self.current))
        self._update_header()
        if not self.pending:
            self._close_timer.start()

    def _close_if_empty(self) -> None:
        if not self.pending and self.isVisible():
            self.accept()

    def _select(self, row: int) -> None:
        """Shows the proposal at ``row`` (none when out of range) and marks it in the list."""
        self.queue.blockSignals(True)
        self.queue.setCurrentRow(row)
        self.queue.blockSignals(False)
        target = self.pending[row] if 0 <= row < len(self.pending) else None
        if target is not self.current or target is None:
            self._show(target)

    def _on_row(self, row: int) -> None:
        target = self.pending[row] if 0 <= row < len(self.pending) else None
        if target is not self.current:
            self._show(target)

    def _update_header(self) -> None:
        n = len(self.pending)
        if n == 0:
            self.header.setText(self.tr("Nothing waits for your approval."))
        else:
            at = self.pending.index(self.current) + 1 if self.current in self.pending else 0
            self.header.setText(self.tr("%n change(s) wait for your approval", "", n)
                                + (i18n.arg(self.tr(" · showing %1 of %2"), at, n) if at else ""))

    # -- showing one proposal --------------------------------------------------------------------
    def _keep_draft(self) -> None:
        """Remembers what the creator chose for the proposal shown, before another one is shown."""
        pending = self.current
        if pending is not None and pending in self.pending and not pending.future.done():
            self._drafts[pending] = _Draft(self.result_edit.toPlainText(), self.accepted_hunks(),
                                           self.reason.text(), list(self.hunks))

    def _show(self, pending: PendingApproval | None) -> None:
        self._keep_draft()
        self.current = pending
        self._diff_timer.stop()
        for w in (self.approve_button, self.reject_button, self.approve_rest, self.reason):
            w.setEnabled(pending is not None)
        draft = self._drafts.get(pending) if pending is not None else None
        self.reason.setText(draft.reason if draft else "")
        self._show_review(pending)
        self._update_header()
        if pending is None:
            self.title.setText(self.tr("Nothing waits for your approval.") if not self.pending
                               else self.tr("Choose a change in the list."))
            self.hunks = []
            self.hunk_list.clear()
            self._shown_result = None
            return
        r = pending.request
        is_file = r.after is not None
        if is_file:
            self.title.setText(i18n.arg(self.tr("%1 wants to change %2") if r.tool == "workspace_apply_patch"
                                        else self.tr("%1 wants to write %2"), r.agent_name, r.path))
        elif r.tool == "workspace_commit":
            self.title.setText(i18n.arg(self.tr("%1 wants to publish %2 to the chat"), r.agent_name,
                                        commit_path(pending)))
        else:
            self.title.setText(i18n.arg(self.tr("%1 wants to call %2"), r.agent_name, r.tool))
        details = self._details(r.arguments)
        if r.tool == "workspace_commit":
            details = "\n\n".join(filter(None, (i18n.arg(
                self.tr("Publishes %1 to the chat as the reply you read, as the file is when the commit runs (after "
                        "the changes listed before it are decided)."), commit_path(pending)),
                details if r.arguments else "")))
        self.arguments.setPlainText(details)
        for index in range(3):
            self.tabs.setTabVisible(index, is_file)
        self.tabs.setTabVisible(self.tabs.indexOf(self.arguments), not is_file)  # a file's change: the diffs say it
        if is_file and self.tabs.currentWidget() is self.arguments:
            self.tabs.setCurrentIndex(0)
        self.hunk_label.setVisible(is_file)
        self.hunk_list.setVisible(is_file)
        if not is_file:
            self.tabs.setCurrentWidget(self.arguments)
            self.hunks = []
            self._shown_result = None
            return
        self.hunks = draft.hunks if draft else hunks(r.before or "", r.after or "")
        accepted = draft.accepted if draft else set(range(len(self.hunks)))
        self.hunk_list.fill(self.hunks, accepted)
        self._shown_result = None
        self.result_edit.blockSignals(True)
        self.result_edit.setPlainText(draft.result if draft else r.after or "")
        self.result_edit.blockSignals(False)
        self._refresh_diffs()
        self.tabs.setCurrentWidget(self.side)

    def _show_review(self, pending: PendingApproval | None) -> None:
        """The review's issues beside the diff; a conflict turns Approve into "Approve anyway" (with a reason)."""
        review = pending.request.review if pending is not None else None
        conflict = pending is not None and is_conflict(pending)
        self.reason_needed.setVisible(False)
        self.review_panel.setVisible(bool(review))
        if review:
            status = str(review.get("overallStatus") or "")
            title = {"conflict": self.tr("The review found conflicts"), "warning": self.tr("The review has warnings"),
                     "clean": self.tr("The review found no problem")}.get(status, self.tr("Review"))
            self.review_panel.setHtml(review_html(review, title, self.tr("No issues.")))
        self.approve_button.setText(self.tr("Approve anyway") if conflict else self.tr("Approve"))
        self.reason.setPlaceholderText(
            self.tr("Why you approve it despite the conflicts, or why you reject it (the agent reads this)")
            if conflict else self.tr("Why you reject it (optional; the agent reads this)"))
        if conflict:
            self.approve_rest.setChecked(False)
            self.approve_rest.setEnabled(False)
            self.approve_rest.setToolTip(self.tr("A change the review found in conflict is decided on its own."))
        else:
            self.approve_rest.setToolTip("")

    def result_text(self) -> str:
        """What will be written if the shown file proposal is approved now."""
        return self.result_edit.toPlainText()

    def _refresh_diffs(self) -> None:
        """Both diffs show the file before against what will really be written."""
        self._diff_timer.stop()
        pending = self.current
        if pending is None or pending.request.after is None:
            return
        result = self.result_text()
        if result == self._shown_result:
            return
        self._shown_result = result
        r = pending.request
        before = r.before or ""
        self._follow_result(before, result)
        c = theme.colors()
        self.side.setHtml(side_by_side_html(before, result, add_bg=c.diff_add.name(), del_bg=c.diff_del.name(),
                                            before_title=self.tr("Before"),
                                            after_title=self.tr("After") if result == r.after
                                            else self.tr("After (your version)")))
        self.unified.setHtml(unified_html(before, result, r.path or "file", add_bg=c.diff_add.name(),
                                          del_bg=c.diff_del.name(), muted=c.muted.name(),
                                          no_changes=self.tr("No changes.")))

    def _follow_result(self, before: str, result: str) -> None:
        """After an edit of Result by hand, the hunks listed are those of the result as edited (their headers
        and lines follow it), all ticked since the result holds them; a hunk ticked or unticked is not an
        edit by hand (the result is then what the ticks give)."""
        if result == apply_hunks(before, self.hunks, self.accepted_hunks()):
            return
        self.hunks = hunks(before, result)
        self.hunk_list.fill(self.hunks, set(range(len(self.hunks))))

    def _details(self, arguments: dict[str, object]) -> str:
        """A call's arguments as the creator reads them: one "name: value" line each, never raw JSON."""
        if not arguments:
            return self.tr("It needs nothing more.")
        lines = []
        for name, value in arguments.items():
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            lines.append(f"{name}: {text}")
        return "\n".join(lines)

    def accepted_hunks(self) -> set[int]:
        return self.hunk_list.accepted()

    def set_hunk_accepted(self, index: int, accepted: bool) -> None:
        self.hunk_list.set_accepted(index, accepted)

    def _on_hunk_toggled(self, _item: QListWidgetItem) -> None:
        if self.current is None:
            return
        self.result_edit.setPlainText(apply_hunks(self.current.request.before or "", self.hunks,
                                                  self.accepted_hunks()))
        self._refresh_diffs()

    # -- decisions -------------------------------------------------------------------------------
    def approve_current(self) -> None:
        pending = self.current
        if pending is None:
            return
        r = pending.request
        edited: str | None = None
        if r.after is not None and self.result_text() != r.after:
            edited = self.result_text()
        if edited is not None and r.after != (r.before or "") and edited == (r.before or ""):
            # nothing of the change is kept (every part unticked): that is a rejection, and journaled as one
            self._decide(pending, ApprovalDecision(approved=False, reason=self.reason.text().strip() or NOTHING_KEPT))
            return
        if is_conflict(pending):  # "Approve anyway": only with the creator's reason, which the agent reads
            why = self.reason.text().strip()
            if not why:
                self.reason_needed.setVisible(True)
                self.reason.setFocus()
                return
            self._decide(pending, ApprovalDecision(approved=True, edited_content=edited, reason=why))
            return
        rest = self.approve_rest.isChecked()
        others = [p for p in self.pending if p.request.run_id == r.run_id and p is not pending
                  and not is_conflict(p)] if rest else []
        self._decide(pending, ApprovalDecision(approved=True, edited_content=edited, approve_rest=rest,
                                               reason="approved with edits" if edited is not None else ""))
        for other in others:  # the runtime approves what comes later; approve what already waits too
            self._decide(other, ApprovalDecision(approved=True, approve_rest=True,
                                                 reason="approved for the rest of this run"))
        if rest:
            self.approve_rest.setChecked(False)

    def reject_current(self) -> None:
        pending = self.current
        if pending is None:
            return
        self._decide(pending, ApprovalDecision(approved=False, reason=self.reason.text().strip()))

    def _decide(self, pending: PendingApproval, decision: ApprovalDecision) -> None:
        pending.decide(decision)
        self.decided.emit(pending, decision)
        self.withdraw(pending)
