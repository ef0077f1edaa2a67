"""A mouse wheel scrolls the form under the pointer; it changes a drop-down or spin box only when that has
the keyboard focus (clicked or tabbed into).

Qt gives a wheel event to whatever control is under the pointer, and a combo or spin box takes the focus
from a wheel (``Qt.FocusPolicy.WheelFocus``) and changes its value: one notch while scrolling the
profile editor turned "Offered as the next stage" from Always to Never. The application's style is a
``GuardedStyle`` (``install``, and the theme sets it): when Qt polishes a combo or spin box, the style gives
it ``StrongFocus`` (a click or Tab still focuses it, a wheel no longer does) and installs the one
``WheelGuard`` filter on that control alone. An unfocused control's wheel event goes to the scroll area
around it instead, which scrolls (or, outside a scroll area, is left unaccepted for Qt to hand on to the
parent). No other widget's events reach the filter: an application-wide Python filter cost every event
of every widget a crossing into Python (about a fifth of a chat card's build and layout).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QProxyStyle,
    QWidget,
)

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
    """The filter on each guarded control (installed by ``GuardedStyle.polish``): only its wheel events."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(event, QWheelEvent):
            return False
        control = _guarded_control(watched)
        if control is None or has_focus(control):
            return False
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


def guard(control: QWidget) -> None:
    """Gives ``control`` (a combo or spin box) ``StrongFocus`` and the wheel filter; twice is once."""
    if control.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        control.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    for part in (control, *control.findChildren(QLineEdit)):  # a spin box's line edit sees the wheel first
        part.installEventFilter(_the_filter())  # installing the same filter again moves it, never doubles it


class GuardedStyle(QProxyStyle):
    """The application's style (``key``, e.g. Fusion) that guards each combo and spin box as Qt polishes it:
    Python runs once per polished widget, never per event."""

    def polish(self, target: object) -> object:  # type: ignore[override]  # Qt's three overloads in one
        if isinstance(target, _GUARDED):
            guard(target)
        return super().polish(target)  # type: ignore[call-overload]


_filter: WheelGuard | None = None
_style: GuardedStyle | None = None


def _the_filter() -> WheelGuard:
    global _filter
    if _filter is None or not shiboken6.isValid(_filter):
        _filter = WheelGuard()
    return _filter


def guarded_style(key: str = "Fusion") -> GuardedStyle:
    """A new guarded style over Qt's style ``key``, for ``QApplication.setStyle`` (which takes it over)."""
    global _style
    _style = GuardedStyle(key)
    return _style


def install(app: QCoreApplication | None = None) -> None:
    """Makes the application's style a guarded one unless it is (a later ``setStyle`` of another style deletes
    ours, so it is set again then); every combo and spin box polished from then on is guarded."""
    app = app or QCoreApplication.instance()
    if isinstance(app, QApplication) and (_style is None or not shiboken6.isValid(_style)):
        app.setStyle(guarded_style(app.style().name() or "Fusion"))  # re-polishes the widgets already made
