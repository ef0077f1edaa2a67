"""The custom headers of a connection in Settings: one row per header (name, value, "Plain").

A header's value is a secret (kept like the API key) unless the creator ticks "Plain" for a harmless
one. When a connection is edited, its secret values are not read back: the value field stays empty
("kept") and an empty value keeps what is stored; typing one replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from relay_studio.ui import i18n


@dataclass
class HeaderRows:
    """What the rows say: plain headers, secret header names, the secret values typed now."""

    plain: dict[str, str] = field(default_factory=dict)
    secret_names: list[str] = field(default_factory=list)
    secret_values: dict[str, str] = field(default_factory=dict)
    problem: str = ""


class HeaderRow(QWidget):
    def __init__(self, name: str = "", value: str = "", *, plain: bool = False, stored: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stored_name = name.lower() if stored else None  # a secret value kept in the keychain already
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.name_edit = QLineEdit(name)
        self.name_edit.setPlaceholderText(self.tr("Header name, e.g. X-Auth-Token"))
        self.value_edit = QLineEdit(value)
        self.plain_box = QCheckBox(self.tr("Plain"))
        self.plain_box.setToolTip(self.tr("Not a secret: keep the value as it is, in the app's settings"))
        self.plain_box.setChecked(plain)
        self.plain_box.toggled.connect(lambda _on: self._show_value())
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Drop this header"))
        row.addWidget(self.name_edit, 2)
        row.addWidget(self.value_edit, 3)
        row.addWidget(self.plain_box)
        row.addWidget(self.remove_button)
        self._show_value()

    @property
    def stored(self) -> bool:
        """Whether the keychain holds this header's value (renaming the row loses that)."""
        return self._stored_name is not None and self._stored_name == self.name_edit.text().strip().lower()

    def _show_value(self) -> None:
        secret = not self.plain_box.isChecked()
        self.value_edit.setEchoMode(QLineEdit.EchoMode.Password if secret else QLineEdit.EchoMode.Normal)
        self.value_edit.setPlaceholderText(self.tr("kept (type to replace)") if self.stored and secret
                                           else self.tr("value"))


class HeadersTable(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ConnectionHeaders")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.row_widgets: list[HeaderRow] = []
        self.add_button = QPushButton(self.tr("Add header"))
        self.add_button.setToolTip(self.tr("An extra HTTP header the server needs; its value is kept like a key"))
        self.add_button.clicked.connect(lambda: self.add_row())
        self._layout.addWidget(self.add_button)

    def add_row(self, name: str = "", value: str = "", *, plain: bool = False, stored: bool = False) -> HeaderRow:
        row = HeaderRow(name, value, plain=plain, stored=stored, parent=self)
        row.remove_button.clicked.connect(lambda: self._remove(row))
        self.row_widgets.append(row)
        self._layout.insertWidget(len(self.row_widgets) - 1, row)
        row.name_edit.setFocus()
        return row

    def _remove(self, row: HeaderRow) -> None:
        self.row_widgets.remove(row)
        row.setParent(None)
        row.deleteLater()

    def load(self, plain: dict[str, str], secret_names: list[str]) -> None:
        for row in list(self.row_widgets):
            self._remove(row)
        for name, value in plain.items():
            self.add_row(name, value, plain=True)
        for name in secret_names:
            self.add_row(name, stored=True)

    def value_of(self, name: str) -> str:
        for row in self.row_widgets:
            if row.name_edit.text().strip().lower() == name.lower():
                return row.value_edit.text().strip()
        return ""

    def rows(self) -> HeaderRows:
        out = HeaderRows()
        seen: set[str] = set()
        for row in self.row_widgets:
            name, value = row.name_edit.text().strip(), row.value_edit.text().strip()
            if not name and not value:
                continue
            if not name:
                out.problem = self.tr("A header needs a name.")
                return out
            if name.lower() in seen:
                out.problem = i18n.arg(self.tr("The header '%1' is there twice."), name)
                return out
            seen.add(name.lower())
            if row.plain_box.isChecked():
                if not value:
                    out.problem = i18n.arg(self.tr("The header '%1' needs a value."), name)
                    return out
                out.plain[name] = value
                continue
            if not value and not row.stored:
                out.problem = i18n.arg(self.tr("The header '%1' needs a value."), name)
                return out
            out.secret_names.append(name)
            if value:
                out.secret_values[name] = value
        return out
