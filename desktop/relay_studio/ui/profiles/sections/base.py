"""What every section of the profile editor is built from: ``FieldBox`` (a field with its messages
under it, ``field_box.py``) and ``Section`` (a group box whose rows register their fields with their host,
``host.EditorHost``, and write every change through it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from relay_studio.ui.profiles.sections.field_box import FieldBox
from relay_studio.ui.profiles.sections.host import EditorHost

__all__ = ["COMBO_MIN_W", "FIELD_MIN_W", "FieldBox", "Section", "name_for_screen_readers", "optional_number",
           "section_title"]


def optional_number(text: str, kind: type) -> Any:
    text = text.strip()
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        return text  # left as typed: validation names the problem at the field


# the least width a field of the form gets beside its caption (``_row``); a drop-down asks for its longest
# choice up to COMBO_MIN_W (a narrower form, in a small window, elides it rather than scrolling sideways)
FIELD_MIN_W = 220
COMBO_MIN_W = 300

def name_for_screen_readers(widget: QWidget, name: str) -> None:
    """The name a screen reader says for ``widget`` (and for an editable drop-down's text field)."""
    widget.setAccessibleName(name)
    line = widget.lineEdit() if isinstance(widget, QComboBox) else None
    if line is not None:
        line.setAccessibleName(name)


def section_title(key: str) -> str:
    """A section's title (one of ``editor.SECTIONS``) in the window's language."""
    return {"Identity": QCoreApplication.translate("Section", "Identity"),
            "Model": QCoreApplication.translate("Section", "Model"),
            "Delegation and handoff": QCoreApplication.translate("Section", "Delegation and handoff"),
            "Tools": QCoreApplication.translate("Section", "Tools"),
            "System prompt": QCoreApplication.translate("Section", "System prompt"),
            "Workspace": QCoreApplication.translate("Section", "Workspace"),
            "Limits": QCoreApplication.translate("Section", "Limits"),
            "Raw JSON": QCoreApplication.translate("Section", "Raw JSON"),
            "What the model sees": QCoreApplication.translate("Section", "What the model sees")}.get(key, key)


class Section(QGroupBox):
    """One section of the form. Subclasses build their rows in ``__init__`` with the helpers below,
    which register each field with the editor (its messages, its loader) in form order."""

    def __init__(self, editor: EditorHost, title: str) -> None:
        super().__init__(section_title(title))
        self.key = title  # the section's name in SECTIONS; its title is in the window's language
        self.editor = editor
        self.rows = QFormLayout(self)
        self.rows.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # narrow: labels go above fields

    def _register(self, path: str, widget: QWidget, label: str = "") -> FieldBox:
        box = FieldBox(widget, label)
        self.editor.fields[path] = box
        return box

    def _loader(self, load: Callable[[], None]) -> None:
        self.editor.loaders.append(load)

    def _row(self, label: str, path: str, widget: QWidget, tip: str = "") -> FieldBox:
        box = self._register(path, widget, label)
        name_for_screen_readers(widget, label)
        if tip:
            widget.setToolTip(tip)
        caption = QLabel(label)
        if tip:
            caption.setToolTip(tip)
        # a field is never squeezed beside a long caption: without this room, its row wraps (caption above)
        floor = FIELD_MIN_W
        if isinstance(widget, QComboBox):  # its choice shown whole: the row wraps when it needs the room
            floor = max(floor, min(widget.sizeHint().width(), COMBO_MIN_W))
        box.setMinimumWidth(max(box.minimumWidth(), floor))
        self.rows.addRow(caption, box)
        return box

    def _line(self, label: str, path: str, *, convert: Callable[[str], Any] = str, placeholder: str = "",
              tip: str = "") -> QLineEdit:
        edit = QLineEdit()
        edit.setPlaceholderText(placeholder)
        edit.textEdited.connect(lambda text: self.editor.set_field(path, convert(text), anchor=edit))

        def load() -> None:
            value = self.editor.form.get(path)
            edit.setText("" if value is None else str(value))
            edit.setCursorPosition(0)  # a long text shows its beginning

        self._loader(load)
        self._row(label, path, edit, tip)
        return edit

    def _check(self, label: str, path: str, tip: str = "") -> QCheckBox:
        box = QCheckBox(label)
        if tip:
            box.setToolTip(tip)
        box.toggled.connect(lambda on: self.editor.on_check(path, on, box))
        self._loader(lambda: box.setChecked(bool(self.editor.form.get(path))))
        field = self._register(path, box, label)
        if label.startswith("…"):  # a sub-option of the switch above it
            field.setContentsMargins(24, 0, 0, 0)
        self.rows.addRow(field)  # the whole row: a check box is its own label
        self.editor.checks[path] = box
        return box

    def _spin(self, label: str, path: str, low: int, high: int, tip: str = "") -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.valueChanged.connect(lambda value: self.editor.set_field(path, value, anchor=spin))
        self._loader(lambda: spin.setValue(int(self.editor.form.get(path, 0) or 0)))
        self._row(label, path, spin, tip)
        return spin

    def _combo(self, label: str, path: str, choices: list[tuple[str, Any]], tip: str = "") -> QComboBox:
        combo = QComboBox()
        for text, value in choices:
            combo.addItem(text, value)

        def load() -> None:
            index = combo.findData(self.editor.form.get(path))
            if index >= 0:
                combo.setCurrentIndex(index)

        combo.currentIndexChanged.connect(lambda _i: self.editor.set_field(path, combo.currentData(), anchor=combo))
        self._loader(load)
        self._row(label, path, combo, tip)
        return combo

    def _text(self, label: str, path: str, *, none_when_empty: bool = False, height: int = 90,
              tip: str = "") -> QPlainTextEdit:
        edit = QPlainTextEdit()
        edit.setFixedHeight(height)
        edit.textChanged.connect(lambda: self.editor.set_field(
            path, None if none_when_empty and not edit.toPlainText().strip() else edit.toPlainText(), anchor=edit))
        self._loader(lambda: edit.setPlainText(str(self.editor.form.get(path) or "")))
        self._row(label, path, edit, tip)
        return edit
