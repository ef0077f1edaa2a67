"""A mouse wheel scrolls the form under the pointer; it changes a drop-down or spin box only when that has
the keyboard focus (clicked or tabbed into).

Qt gives a wheel event to whatever control is under the pointer, and a combo or spin box takes the focus
from a wheel (``Qt.FocusPolicy.WheelFocus``) and changes its value: one notch while scrolling the
profile editor turned "Offered as the next stage" from Always to Never. ``WheelGuard`` is one
application-wide event filter (``install``): it gives every combo and spin box ``StrongFocus`` when it is
polished (a click or Tab still focuses it, a wheel no longer does), and an unfocused one's wheel event
goes to the scroll area around it instead, which scrolls (or, outside a scroll area, is left unaccepted
for Qt to hand on to the parent).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QWidget

_GUARDED = (QComboBox, QAbstractSpinBox)


def _guarded_control(widget: QObject) -> QWidget | None:
    """The combo or spin box ``widget`` is, or whose own part it is (a spin box's or editable combo's line edit)."""
    if isinstance(widget, _GUARDED):
        return widget
    parent = widget.parent() if isinstance(widget, QWidget) else None
    if isinstance(parent, _GUARDED):
        return parent
    return None


def _scroll_area_around(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def has_focus(control: QWidget) -> bool:
    focused = QApplication.focusWidget()
    return focused is not None and (focused is control or control.isAncestorOf(focused))


class WheelGuard(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, _GUARDED):
            if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            return False
        if kind == QEvent.Type.Wheel:
            control = _guarded_control(watched)
            if control is not None and isinstance(event, QWheelEvent) and not has_focus(control):
                area = _scroll_area_around(control)
                if area is None:
                    event.ignore()  # unaccepted: QApplication hands it on to the parent
                    return True
                viewport = area.viewport()
                at = QPointF(viewport.mapFromGlobal(event.globalPosition().toPoint()))
                scroll = QWheelEvent(at, event.globalPosition(), event.pixelDelta(), event.angleDelta(),
                                     event.buttons(), event.modifiers(), event.phase(), event.inverted())
                QCoreApplication.sendEvent(viewport, scroll)  # the form scrolls, as if the pointer were beside
                event.accept()
                return True
        return False


_guard: WheelGuard | None = None


def install(app: QCoreApplication | None = None) -> WheelGuard:
    """Installs the guard on the application once (every later call returns the same one)."""
    global _guard
    app = app or QCoreApplication.instance()
    if _guard is None or _guard.parent() is not app:
        _guard = WheelGuard(app)
        if app is not None:
            app.installEventFilter(_guard)
    return _guard
