"""What every section of the profile editor is built from: ``FieldBox`` (a field with its messages
under it) and ``Section`` (a group box whose rows register their fields with the editor and write
every change through it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.profile import Diagnostic
from relay_studio.ui.profiles import wording

if TYPE_CHECKING:
    from relay_studio.ui.profiles.editor import ProfileEditor


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

class FieldBox(QWidget):
    """A field and, under it, its diagnostics (errors), a warning (a choice that will fail at run time)
    and a note (why a click could not do what it asked)."""

    def __init__(self, widget: QWidget, label: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.widget = widget
        self.label = label
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(widget)
        self.error = self._message("FieldError")
        self.warning = self._message("FieldWarning")
        self.note = self._message("FieldNote")
        for message in (self.error, self.warning, self.note):
            layout.addWidget(message)

    def _message(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.hide()
        return label

    def show_diagnostics(self, diagnostics: list[Diagnostic]) -> None:
        lines = []
        for d in diagnostics:
            hint = wording.tr(wording.FIX_HINTS.get(d.code, ""))
            lines.append(f"{d.message} ({d.code})" + (f" {hint}" if hint else ""))
        self._say(self.error, "\n".join(lines))

    def show_warning(self, text: str) -> None:
        self._say(self.warning, text)

    def show_note(self, text: str) -> None:
        self._say(self.note, text)

    @staticmethod
    def _say(label: QLabel, text: str) -> None:
        if label.text() != text:
            label.setText(text)
        label.setVisible(bool(text))


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

    def __init__(self, editor: ProfileEditor, title: str) -> None:
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
