"""Walking a window the way a screen reader does (``QAccessible``): the interactive controls that have no
accessible name, and the order Tab visits controls in."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QWidget

Role = QAccessible.Role

#: roles a person operates (presses, types into, picks from): each needs a name a screen reader can say
INTERACTIVE: frozenset[QAccessible.Role] = frozenset({
    Role.PushButton, Role.CheckBox, Role.RadioButton, Role.ComboBox, Role.EditableText, Role.SpinBox,
    Role.Slider, Role.List, Role.ListItem, Role.ButtonMenu, Role.ButtonDropDown, Role.PageTab, Role.Table,
    Role.Tree, Role.TreeItem, Role.Link,
})


def interfaces(root: QWidget) -> Iterator[QAccessibleInterface]:
    """Every accessible object under ``root`` that is not hidden, depth first."""
    top = QAccessible.queryAccessibleInterface(root)
    if top is None:
        return
    stack = [top]
    seen: set[int] = set()
    while stack:
        iface = stack.pop()
        if iface is None or not iface.isValid():
            continue
        key = hash((id(iface.object()), iface.role(), iface.text(QAccessible.Text.Name), iface.rect().x(),
                    iface.rect().y()))
        if key in seen:
            continue
        seen.add(key)
        state = iface.state()
        if state.invisible:
            continue
        yield iface
        for i in range(iface.childCount() - 1, -1, -1):
            child = iface.child(i)
            if child is not None:
                stack.append(child)


def describe(iface: QAccessibleInterface) -> str:
    obj = iface.object()
    where = []
    node = obj
    while isinstance(node, QWidget) and len(where) < 4:
        where.append(node.objectName() or type(node).__name__)
        node = node.parentWidget()
    return f"{iface.role().name} ({type(obj).__name__ if obj is not None else 'item'} in {' < '.join(where)})"


def nameless(root: QWidget) -> list[str]:
    """The interactive controls under ``root`` that a screen reader could not name."""
    out = []
    for iface in interfaces(root):
        if iface.role() in INTERACTIVE and not iface.text(QAccessible.Text.Name).strip():
            out.append(describe(iface))
    return out
