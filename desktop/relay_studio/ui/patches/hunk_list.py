"""The hunks of a file proposal as a list, one checkable row each ("@@ -3,2 +3,4 @@  + the first added
line"): the creator's choice of which changes to apply."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from relay_studio.ui.patches.diff import Hunk

TOOLTIP_LINES = 12  # a hunk's tooltip shows this many of its lines, then an ellipsis


def hunk_tooltip(hunk: Hunk) -> str:
    """The hunk's lines as a diff reads them ("- old", "+ new"), wrapped by the tooltip, at most
    ``TOOLTIP_LINES`` of them, then an ellipsis."""
    rows = [f"- {line.rstrip()}" for line in hunk.a_lines] + [f"+ {line.rstrip()}" for line in hunk.b_lines]
    shown = [html.escape(row) for row in rows[:TOOLTIP_LINES]]
    if len(rows) > TOOLTIP_LINES:
        shown.append("…")
    return f"<p style='white-space:pre-wrap'>{html.escape(hunk.header)}<br>" + "<br>".join(shown) + "</p>"


class HunkList(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PatchHunks")
        self.setAccessibleName(QCoreApplication.translate("PatchDialog", "Changes to apply"))
        self.setMaximumHeight(130)

    def fill(self, hunks: list[Hunk], accepted: set[int]) -> None:
        """A row per hunk, checked when its index is in ``accepted``, without reporting a change."""
        self.blockSignals(True)
        self.clear()
        for hunk in hunks:
            removed = "".join(hunk.a_lines).strip().splitlines()
            added = "".join(hunk.b_lines).strip().splitlines()
            gist = (f"+ {added[0]}" if added else f"- {removed[0]}" if removed else "")[:90]
            item = QListWidgetItem(f"{hunk.header}  {gist}")
            item.setToolTip(hunk_tooltip(hunk))  # the row is cut at the list's edge; the tooltip has it all
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = hunk.index in accepted
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.addItem(item)
        self.blockSignals(False)

    def accepted(self) -> set[int]:
        out: set[int] = set()
        for i in range(self.count()):
            item = self.item(i)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                out.add(i)
        return out

    def set_accepted(self, index: int, accepted: bool) -> None:
        item = self.item(index)
        if item is not None:
            item.setCheckState(Qt.CheckState.Checked if accepted else Qt.CheckState.Unchecked)
