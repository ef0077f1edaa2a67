"""The wheel guard costs nothing for the widgets it does not guard: only a combo or spin box (and a spin box's
line edit) has its filter, installed as the style polishes it; any other widget's events never cross into
Python for it (an application-wide filter cost about a fifth of a chat card's build and layout)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QScrollArea, QSpinBox, QVBoxLayout, QWidget
from pytest import MonkeyPatch
from pytestqt.qtbot import QtBot

from relay_studio.ui import wheel_guard


def _wheel(widget: QWidget) -> None:
    middle = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(middle, QPointF(widget.mapToGlobal(middle.toPoint())), QPoint(0, 0), QPoint(0, -120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_only_the_guarded_controls_events_reach_the_filter(qtbot: QtBot, monkeypatch: MonkeyPatch) -> None:
    seen: list[QObject] = []
    original = wheel_guard.WheelGuard.eventFilter

    def counted(self: wheel_guard.WheelGuard, watched: QObject, event: QEvent) -> bool:
        seen.append(watched)
        return original(self, watched, event)

    monkeypatch.setattr(wheel_guard.WheelGuard, "eventFilter", counted)
    monkeypatch.setattr(wheel_guard, "_filter", None)  # a filter made now (Qt remembers an instance's methods)
    wheel_guard.install()
    area = QScrollArea()
    form = QWidget()
    layout = QVBoxLayout(form)
    label, combo, spin = QLabel("Offered as the next stage"), QComboBox(), QSpinBox()
    combo.addItems(["Always", "Never"])
    for widget in (label, combo, spin):
        layout.addWidget(widget)
    area.setWidget(form)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitUntil(lambda: combo.focusPolicy() == Qt.FocusPolicy.StrongFocus)  # polished: guarded
    seen.clear()
    label.setText("Seen by the label alone")
    _wheel(label)
    _wheel(combo)
    assert label not in seen, "a widget the guard does not guard sends it no event"
    assert combo in seen and combo.currentIndex() == 0, "the unfocused drop-down's wheel went to the form"
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus
