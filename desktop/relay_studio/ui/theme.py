"""Light and dark themes. "system" follows the platform's colour scheme and its changes.

Widgets are styled by ``resources/styles/<light|dark>.qss`` (object names such as ``MessageCard``);
the painted views (timeline lanes, diffs) take their colours from ``colors()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from relay_studio.resources import resource_dir
from relay_studio.ui import wheel_guard

THEMES = ("system", "light", "dark")


@dataclass(frozen=True)
class Colors:
    dark: bool
    lane_bg: QColor
    lane_alt: QColor
    grid: QColor
    text: QColor
    muted: QColor
    model_ok: QColor
    tool_ok: QColor
    error: QColor
    running: QColor
    denied: QColor
    approval: QColor
    handoff: QColor
    selection: QColor
    diff_add: QColor
    diff_del: QColor
    find_match: QColor = field(default_factory=lambda: QColor("#fff3a3"))  # Find: every match,
    find_current: QColor = field(default_factory=lambda: QColor("#ff9f1a"))  # and the current one


LIGHT = Colors(False, QColor("#ffffff"), QColor("#f6f7f9"), QColor("#e5e7eb"), QColor("#1f2328"), QColor("#6b7280"),
               QColor("#5b8def"), QColor("#38a169"), QColor("#d64545"), QColor("#e0a100"), QColor("#b7791f"),
               QColor("#9f7aea"), QColor("#d53f8c"), QColor("#1d4ed8"), QColor("#e6ffec"), QColor("#ffebe9"))
DARK = Colors(True, QColor("#1b1d21"), QColor("#22252a"), QColor("#30343b"), QColor("#e6e8eb"), QColor("#9aa1ac"),
              QColor("#6c9cff"), QColor("#4cc38a"), QColor("#ff6b6b"), QColor("#f2c14e"), QColor("#d69e2e"),
              QColor("#b794f4"), QColor("#f687b3"), QColor("#93c5fd"), QColor("#1f3b2a"), QColor("#4a2222"))

_current = LIGHT


def colors() -> Colors:
    return _current


def system_is_dark() -> bool:
    """Whether the system asks for dark colours. The first question costs ~35 ms: its answer is an enum of
    Qt's namespace, which PySide builds whole on first use (the start window is painted before it)."""
    from PySide6.QtCore import Qt

    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):
        return False
    return app.styleHints().colorScheme() == Qt.ColorScheme.Dark


def _dark_palette() -> QPalette:
    p = QPalette()
    base, window, text = QColor("#1b1d21"), QColor("#24272d"), QColor("#e6e8eb")
    for role, color in (
        (QPalette.ColorRole.Window, window), (QPalette.ColorRole.WindowText, text),
        (QPalette.ColorRole.Base, base), (QPalette.ColorRole.AlternateBase, QColor("#22252a")),
        (QPalette.ColorRole.Text, text), (QPalette.ColorRole.Button, window),
        (QPalette.ColorRole.ButtonText, text), (QPalette.ColorRole.Highlight, QColor("#3b6fd8")),
        (QPalette.ColorRole.HighlightedText, QColor("#ffffff")), (QPalette.ColorRole.ToolTipBase, window),
        (QPalette.ColorRole.ToolTipText, text), (QPalette.ColorRole.PlaceholderText, QColor("#7d8590")),
        (QPalette.ColorRole.Link, QColor("#6c9cff")),
    ):
        p.setColor(role, color)
    # setColor(role, …) paints every colour group alike: a disabled button would look enabled.
    disabled = QPalette.ColorGroup.Disabled
    for role, color in (
        (QPalette.ColorRole.WindowText, QColor("#6b717c")), (QPalette.ColorRole.Text, QColor("#6b717c")),
        (QPalette.ColorRole.ButtonText, QColor("#6b717c")), (QPalette.ColorRole.Button, QColor("#2a2d33")),
        (QPalette.ColorRole.Base, QColor("#202227")), (QPalette.ColorRole.Highlight, QColor("#3a3f48")),
        (QPalette.ColorRole.Link, QColor("#4d648f")),
    ):
        p.setColor(disabled, role, color)
    return p


def _refresh_rich_text(app: QApplication) -> None:
    """Rich text bakes the palette's link colour in when it is laid out: lay out again the labels
    that show links, so they follow the theme at once (message bodies re-render themselves)."""
    from PySide6.QtCore import Qt  # not at import: see system_is_dark

    for widget in app.allWidgets():
        if isinstance(widget, QLabel) and widget.textFormat() != Qt.TextFormat.PlainText and "<a " in widget.text():
            text = widget.text()
            widget.clear()  # setText of the same text does nothing
            widget.setText(text)


def apply_theme(app: QApplication, choice: str = "system") -> str:
    """Applies ``choice`` (system, light or dark); returns the theme in effect."""
    global _current
    dark = system_is_dark() if choice == "system" else choice == "dark"
    _current = DARK if dark else LIGHT
    app.setStyle(wheel_guard.guarded_style("Fusion"))  # guards drop-downs and spin boxes from the wheel
    app.setPalette(_dark_palette() if dark else app.style().standardPalette())
    qss = resource_dir() / "styles" / ("dark.qss" if dark else "light.qss")
    app.setStyleSheet(qss.read_text(encoding="utf-8") if qss.is_file() else "")
    _refresh_rich_text(app)
    return "dark" if dark else "light"


def app_icon() -> QIcon:
    path = resource_dir() / "icons" / "relay-studio.svg"
    return QIcon(str(path)) if path.is_file() else QIcon()
