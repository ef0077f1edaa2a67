"""The profile editor's problems bar, below the form: how many problems and where, each a button that scrolls
to its field, and the problems no field owns. Below the form, so that what appears here never pushes the form
down."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from relay_studio.domain.profile import Diagnostic
from relay_studio.ui import i18n
from relay_studio.ui.profiles import wording
from relay_studio.ui.profiles.sections.base import section_title
from relay_studio.ui.profiles.sections.field_box import FieldBox

MAX_PROBLEM_BUTTONS = 4


class ProblemsBar(QWidget):
    def __init__(self, go_to_field: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ProblemsBar")
        self._go_to_field = go_to_field
        self.problems_layout = QVBoxLayout(self)
        self.problems_layout.setContentsMargins(0, 4, 0, 0)
        self.problems_layout.setSpacing(2)
        self.general = QLabel()
        self.general.setObjectName("FieldError")
        self.general.setWordWrap(True)
        self.problems_layout.addWidget(self.general)
        self.problem_buttons: list[QPushButton] = []

    def show_problems(self, fields: dict[str, FieldBox], general: list[Diagnostic]) -> set[str]:
        """Shows the fields' problems (one button per field box, in form order) and ``general``; returns the
        sections that have a problem (the rail marks them)."""
        items: list[tuple[str, str]] = []  # (field path, text)
        seen: set[int] = set()
        for path, box in fields.items():
            if id(box) in seen or not box.error.text():
                continue
            seen.add(id(box))
            count = len(box.error.text().splitlines())
            section = wording.section_of(path)
            items.append((path, i18n.arg(self.tr("%1 › %2: %n problem(s) — go there", "", count),
                                         section_title(section), box.label or path)))
        self.general.setText("\n".join(f"{d.path}: {d.message} ({d.code})" for d in general))
        self.general.setVisible(bool(general))
        for button in self.problem_buttons:
            button.deleteLater()
        self.problem_buttons = []
        for path, text in items[:MAX_PROBLEM_BUTTONS]:
            button = QPushButton(f"⚠ {text}")
            button.setObjectName("ProblemLink")
            button.setFlat(True)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _c=False, p=path: self._go_to_field(p))
            self.problems_layout.addWidget(button)
            self.problem_buttons.append(button)
        if len(items) > MAX_PROBLEM_BUTTONS:
            more = QPushButton(self.tr("…and %n more (see the sections marked ⚠)", "",
                                       len(items) - MAX_PROBLEM_BUTTONS))
            more.setFlat(True)
            more.setEnabled(False)
            self.problems_layout.addWidget(more)
            self.problem_buttons.append(more)
        self.setVisible(bool(items or general))
        return {wording.section_of(p) for p, _t in items}

    def show_general(self, text: str) -> None:
        """A problem of the whole text (the raw JSON does not parse), until the next change."""
        self.general.setText(text)
        self.general.show()
        self.show()
