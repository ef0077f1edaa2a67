"""Help → User guide: the documentation shipped with the app (``resources.user_guide``: the README, and
``docs/`` behind its links) read in a window of its own, offline. Links between the pages open in it, with
Back and Forward; a web link opens in the system's browser."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget


class DocsBrowser(QDialog):
    def __init__(self, start: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("DocsBrowser")
        self.setWindowTitle(self.tr("Relay Studio user guide"))
        self.resize(860, 640)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName(self.tr("User guide"))
        self.browser.setOpenLinks(False)  # local pages here, web links in the browser
        self.browser.anchorClicked.connect(self._on_link)
        self.back_button = QPushButton(self.tr("Back"))
        self.forward_button = QPushButton(self.tr("Forward"))
        self.back_button.clicked.connect(self.browser.backward)
        self.forward_button.clicked.connect(self.browser.forward)
        self.browser.backwardAvailable.connect(self.back_button.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_button.setEnabled)
        self.back_button.setEnabled(False)
        self.forward_button.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.back_button)
        row.addWidget(self.forward_button)
        row.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addLayout(row)
        self.browser.setSource(QUrl.fromLocalFile(str(start)))

    def _on_link(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        if not url.isRelative() and not url.isLocalFile():
            return
        self.browser.setSource(self.browser.source().resolved(url))


def open_user_guide(parent: QWidget, start: Path) -> DocsBrowser:
    """Opens the guide beside the window (not modal: a creator reads it while working)."""
    dialog = DocsBrowser(start, parent)
    dialog.finished.connect(dialog.deleteLater)
    dialog.show()
    return dialog
