"""A run's branches on the timeline, one above the other from the fork point, and the compare view that diffs
two branches' final messages and ``output/`` files (docs/fork.md).

Signals (BranchesView):
    branch_picked(str run_id): the creator picked a branch to show on the timeline
    compare_requested(str left_run, str right_run): compare a fork with the run it came from
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.runtime.branches import Branch, Comparison
from relay_studio.ui import i18n
from relay_studio.ui.patches.diff import unified_html


class BranchesView(QWidget):
    branch_picked = Signal(str)
    compare_requested = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Branches")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 4)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(2)
        self.branches: list[Branch] = []
        # run id -> its row's button (tests click them)
        self.row_buttons: dict[str, QToolButton] = {}
        self.compare_buttons: dict[str, QPushButton] = {}
        self.cells: dict[tuple[str, int], QLabel] = {}
        self.hide()

    def set_branches(self, branches: list[Branch], current: str, names: dict[str, str] | None = None) -> None:
        """The rows; a stage's cell names its agent by ``names`` (display names by profile id), else by its id."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.branches = branches
        self.row_buttons, self.compare_buttons, self.cells = {}, {}, {}
        if len(branches) < 2:
            self.hide()
            return
        width = max((s.number for b in branches for s in b.stages), default=0)
        for row, branch in enumerate(branches):
            button = QToolButton()
            button.setAutoRaise(True)
            button.setCheckable(True)
            button.setChecked(branch.run_id == current)
            start = branch.origin.stage if branch.origin else 1
            label = (self.tr("Original run") if branch.origin is None
                     else i18n.arg(self.tr("Fork from stage %1"), start))
            button.setText(("  " * branch.level) + label + " · " + i18n.run_status(branch.status))
            button.setToolTip(branch.run_id)
            button.clicked.connect(lambda _c=False, r=branch.run_id: self.branch_picked.emit(r))
            self.grid.addWidget(button, row, 0)
            self.row_buttons[branch.run_id] = button
            for stage in branch.stages:
                if stage.inherited:
                    continue  # shown on the row of the run it ran in: this row starts at its fork point
                agent = (names or {}).get(stage.agent_id, stage.agent_id)
                cell = QLabel(f"{stage.number} · {html.escape(agent)}")
                cell.setObjectName("BranchStage")
                cell.setToolTip(i18n.run_status(stage.status.value))
                cell.setFrameShape(QLabel.Shape.StyledPanel)
                cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
                cell.setMinimumWidth(cell.sizeHint().width())  # whole ("2 · Editor"): the strip scrolls instead
                self.grid.addWidget(cell, row, stage.number)
                self.cells[(branch.run_id, stage.number)] = cell
            if branch.origin is not None:
                compare = QPushButton(self.tr("Compare"))
                compare.setToolTip(self.tr("Compare this branch's answer and output/ files with the run it came "
                                           "from"))
                compare.clicked.connect(lambda _c=False, a=branch.origin.run_id, b=branch.run_id:
                                        self.compare_requested.emit(a, b))
                self.grid.addWidget(compare, row, width + 1)
                self.compare_buttons[branch.run_id] = compare
        self.grid.setColumnStretch(width + 2, 1)
        self.show()


class BranchesStrip(QScrollArea):
    """The branches in a strip that scrolls sideways when the timeline is narrower than their rows (a 1000 px
    window): every branch's button and stages keep their whole text, and the timeline's width stays the
    window's to give. Shown while the view is (it hides itself with fewer than two branches)."""

    def __init__(self, view: BranchesView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("BranchesStrip")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setWidget(view)
        view.installEventFilter(self)
        self.setVisible(not view.isHidden())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget():
            if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
                self.setVisible(event.type() == QEvent.Type.ShowToParent)
            if event.type() == QEvent.Type.LayoutRequest:
                self.updateGeometry()
        return super().eventFilter(watched, event)

    def _bar_height(self) -> int:
        content = self.widget()
        narrow = content is not None and content.minimumSizeHint().width() > self.viewport().width()
        return self.horizontalScrollBar().sizeHint().height() if narrow else 0

    def sizeHint(self) -> QSize:
        content = self.widget()
        hint = content.sizeHint() if content is not None else QSize(0, 0)
        return QSize(hint.width(), hint.height() + self._bar_height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.updateGeometry()  # the scroll bar comes or goes with the width: so does its height


class CompareDialog(QDialog):
    """Two branches side by side as a diff: the final message, then each ``output/`` file."""

    def __init__(self, comparison: Comparison, left_name: str, right_name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CompareDialog")
        self.setWindowTitle(self.tr("Compare branches"))
        self.resize(860, 640)
        self.comparison = comparison
        layout = QVBoxLayout(self)
        heading = QLabel(i18n.arg(self.tr("From %1 (−) to %2 (+)"), left_name, right_name))
        heading.setWordWrap(True)
        layout.addWidget(heading)
        self.view = QTextBrowser()
        self.view.setObjectName("CompareView")
        self.view.setHtml(self.diff_html())
        layout.addWidget(self.view, 1)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.accept)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)

    def diff_html(self) -> str:
        c = self.comparison
        no_changes = self.tr("No changes.")
        final, only_right, only_left = (self.tr("Final message"), self.tr("Only in the fork."),
                                        self.tr("Only in the run it came from."))
        parts = [f"<h3>{html.escape(final)}</h3>",
                 unified_html(c.left_message, c.right_message, "message", no_changes=no_changes)]
        for f in c.files:
            parts.append(f"<h3>{html.escape(f.path)}</h3>")
            if f.left is None:
                parts.append(f"<p><i>{html.escape(only_right)}</i></p>")
            elif f.right is None:
                parts.append(f"<p><i>{html.escape(only_left)}</i></p>")
            parts.append(unified_html(f.left or "", f.right or "", f.path, no_changes=no_changes))
        return "".join(parts)
