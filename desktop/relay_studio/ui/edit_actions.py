"""Edit → Undo, Redo, Cut, Copy, Paste, Select All: each acts on the text field that has the focus (the
composer, a message being edited, the patch dialog's Result, a library field), and is greyed out when that
field cannot do it (nothing to undo, nothing selected, read-only). Copy also copies the words selected in a
message's text (a selectable label).

The actions show the platform's keys in the menu but do not take them: their shortcut context is the window
widget itself, which never holds the focus, so the focused field keeps handling its own Ctrl+Z, Ctrl+C, … as
it always did (a window-wide shortcut would steal Ctrl+C from a message's selectable text)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMenu, QPlainTextEdit, QTextEdit, QWidget

TextField = QLineEdit | QTextEdit | QPlainTextEdit


def focused_field() -> TextField | None:
    """The text field with the keyboard focus, if it is one."""
    widget = QApplication.focusWidget()
    return widget if isinstance(widget, TextField) else None


def _read_only(field: TextField) -> bool:
    return field.isReadOnly()


def _has_selection(field: TextField) -> bool:
    return field.hasSelectedText() if isinstance(field, QLineEdit) else field.textCursor().hasSelection()


def _can_undo(field: TextField) -> bool:
    return field.isUndoAvailable() if isinstance(field, QLineEdit) else field.document().isUndoAvailable()


def _can_redo(field: TextField) -> bool:
    return field.isRedoAvailable() if isinstance(field, QLineEdit) else field.document().isRedoAvailable()


#: (name, standard key, what it does to the field, when it can)
_EDITS: list[tuple[str, QKeySequence.StandardKey, Callable[[TextField], None], Callable[[TextField], bool]]] = [
    ("undo", QKeySequence.StandardKey.Undo, lambda f: f.undo(), lambda f: not _read_only(f) and _can_undo(f)),
    ("redo", QKeySequence.StandardKey.Redo, lambda f: f.redo(), lambda f: not _read_only(f) and _can_redo(f)),
    ("cut", QKeySequence.StandardKey.Cut, lambda f: f.cut(), lambda f: not _read_only(f) and _has_selection(f)),
    ("copy", QKeySequence.StandardKey.Copy, lambda f: f.copy(), _has_selection),
    ("paste", QKeySequence.StandardKey.Paste, lambda f: f.paste(), lambda f: not _read_only(f)),
    ("select_all", QKeySequence.StandardKey.SelectAll, lambda f: f.selectAll(), lambda f: True),
]


def _titles() -> dict[str, str]:
    translate = QCoreApplication.translate
    return {"undo": translate("MainWindow", "&Undo"), "redo": translate("MainWindow", "&Redo"),
            "cut": translate("MainWindow", "Cu&t"), "copy": translate("MainWindow", "&Copy"),
            "paste": translate("MainWindow", "&Paste"), "select_all": translate("MainWindow", "Select &All")}


def add_edit_actions(menu: QMenu, window: QWidget) -> dict[str, QAction]:
    """Puts the six actions at the top of ``menu``, before what it holds, and keeps them greyed out as the
    focused field allows each time the menu opens."""
    first = menu.actions()[0] if menu.actions() else None
    actions: dict[str, QAction] = {}
    titles = _titles()
    for name, key, do, _can in _EDITS:
        action = QAction(titles[name], window)
        action.setObjectName(f"edit_{name}")
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # shown, never taken from the field
        action.triggered.connect(lambda _checked=False, name=name, do=do: _on(name, do))
        actions[name] = action
        if first is None:
            menu.addAction(action)
        else:
            menu.insertAction(first, action)
        if name in ("redo", "paste"):
            menu.addSeparator() if first is None else menu.insertSeparator(first)
    if first is not None:
        menu.insertSeparator(first)
    menu.aboutToShow.connect(lambda: update_enabled(actions))
    return actions


def focused_label() -> QLabel | None:
    """A label with the focus whose text the creator selected (a message's body): Copy copies that."""
    widget = QApplication.focusWidget()
    return widget if isinstance(widget, QLabel) and widget.hasSelectedText() else None


def update_enabled(actions: dict[str, QAction]) -> None:
    field = focused_field()
    for name, _key, _do, can in _EDITS:
        actions[name].setEnabled(field is not None and can(field))
    if field is None and focused_label() is not None:
        actions["copy"].setEnabled(True)


def _on(name: str, do: Callable[[TextField], None]) -> None:
    field = focused_field()
    label = focused_label()
    if field is not None:
        do(field)
    elif label is not None and name == "copy":  # a message's selected words
        QApplication.clipboard().setText(label.selectedText())
