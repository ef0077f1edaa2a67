"""The window's file choosers: Qt's own (non-native) dialog everywhere, so it looks and behaves the same on
every system and tests can drive it; opened window-modal with ``open()`` (never a nested event loop)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget


def _dialog(parent: QWidget, title: str, folder: Path, filters: str, name: str) -> QFileDialog:
    dialog = QFileDialog(parent, title, str(folder), filters)
    dialog.setObjectName(name)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.finished.connect(dialog.deleteLater)
    return dialog


def open_files(parent: QWidget, title: str, folder: Path, filters: str, name: str,
               chosen: Callable[[list[Path]], None]) -> QFileDialog:
    """Asks for one or more existing files; ``chosen`` gets them. Returns the open dialog."""
    dialog = _dialog(parent, title, folder, filters, name)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    dialog.filesSelected.connect(lambda files: chosen([Path(f) for f in files]))
    dialog.open()
    return dialog


def save_file(parent: QWidget, title: str, folder: Path, filters: str, name: str, suggested: str, suffix: str,
              chosen: Callable[[Path], None]) -> QFileDialog:
    """Asks where to write a file, proposing ``suggested``; ``chosen`` gets the path. Returns the open dialog."""
    dialog = _dialog(parent, title, folder, filters, name)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setDefaultSuffix(suffix)
    dialog.selectFile(suggested)
    dialog.fileSelected.connect(lambda file: chosen(Path(file)))
    dialog.open()
    return dialog
