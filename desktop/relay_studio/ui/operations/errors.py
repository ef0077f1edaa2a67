"""The one presenter of an operation's failure (Anki's ``show_exception``, qutebrowser's ``message.error``).

A coded error (``domain/coded_error.py``: every layer's refusals, with a stable dotted code) is shown as its
sentence and its code, one look everywhere: ``⚠ sentence [code]``. Anything else is a bug: it is logged with its
traceback, and the creator reads that something unexpected went wrong and that the log has the details. Where the
view that asked has a place for it (the editor's message line, a status bar), ``show`` puts the line there;
otherwise a box over the view says it (``box.open()``: never a nested event loop).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from relay_studio.domain.coded_error import CodedError
from relay_studio.ui import i18n

log = logging.getLogger(__name__)

ERROR_BOX = "operationError"  # the box's object name (tests and the window find it by it)


def error_line(error: BaseException) -> str:
    """What the creator reads of ``error``: a coded error's sentence and code, else that something unexpected
    went wrong (its type and words) and where the details are."""
    if isinstance(error, CodedError):
        return f"⚠ {error.message} [{error.code}]"
    said = f"{type(error).__name__}: {error}"
    return "⚠ " + i18n.arg(QCoreApplication.translate(
        "Operations", "Something unexpected went wrong (%1). The log has the details."), said)


def present_error(error: BaseException, *, parent: QObject | None = None,
                  show: Callable[[str], None] | None = None) -> str:
    """Shows ``error`` once (by ``show``, else in a box over ``parent``) and logs it; returns the line shown."""
    line = error_line(error)
    if isinstance(error, CodedError):
        log.info("an operation was refused: %s [%s]", error.message, error.code)
    else:
        log.error("an operation failed unexpectedly", exc_info=(type(error), error, error.__traceback__))
    if show is not None:
        show(line)
        return line
    over = parent if isinstance(parent, QWidget) else None
    box = QMessageBox(QMessageBox.Icon.Warning, QCoreApplication.translate("Operations", "Relay Studio"), line,
                      QMessageBox.StandardButton.Ok, over)
    box.setObjectName(ERROR_BOX)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return line
