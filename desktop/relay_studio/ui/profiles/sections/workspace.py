"""The Workspace section: which folders the agent sees and which it may write, the standard ones and
any other the profile names."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from relay_studio.domain.profile import DEFAULT_ROOTS
from relay_studio.ui.profiles.sections.base import Section
from relay_studio.ui.profiles.sections.host import EditorHost


class WorkspaceSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "Workspace")
        self.root_boxes: dict[tuple[str, str], QCheckBox] = {}
        roots = QWidget()
        roots_layout = QVBoxLayout(roots)
        roots_layout.setContentsMargins(0, 0, 0, 0)
        self.roots_grid = QGridLayout()
        roots_layout.addLayout(self.roots_grid)
        add_row = QHBoxLayout()
        self.root_edit = QLineEdit()
        self.root_edit.setPlaceholderText(self.tr("another folder, e.g. notes"))
        self.root_edit.setAccessibleName(self.tr("Another folder"))
        self.root_edit.returnPressed.connect(self.add_root)
        add_root = QPushButton(self.tr("Add folder"))
        add_root.clicked.connect(self.add_root)
        add_row.addWidget(self.root_edit, 1)
        add_row.addWidget(add_root)
        roots_layout.addLayout(add_row)
        self._loader(self._load_roots)
        roots_box = self._register("workspace.visibleRoots", roots, self.tr("Folders"))
        self.rows.addRow(roots_box)
        editor.fields["workspace.writableRoots"] = roots_box

    def _toggle_root(self, key: str, root: str, on: bool) -> None:
        if self.editor.loading:
            return
        current = list(self.editor.form.get(f"workspace.{key}", list(DEFAULT_ROOTS)) or [])
        if on and root not in current:
            current.append(root)
        elif not on and root in current:
            current.remove(root)
        self.editor.set_field(f"workspace.{key}", current)

    def _root_names(self) -> list[str]:
        """The standard folders, then any other folder the profile names, in its order."""
        names = list(DEFAULT_ROOTS)
        for key in ("visibleRoots", "writableRoots"):
            for root in self.editor.form.get(f"workspace.{key}", []) or []:
                if isinstance(root, str) and root not in names:
                    names.append(root)
        return names

    def _load_roots(self) -> None:
        editor = self.editor
        while self.roots_grid.count():
            item = self.roots_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.root_boxes.clear()
        columns = {"visibleRoots": self.tr("Visible"), "writableRoots": self.tr("Writable")}
        for col, title in enumerate((self.tr("<b>Folder</b>"), self.tr("<b>Visible</b>"), self.tr("<b>Writable</b>"))):
            self.roots_grid.addWidget(QLabel(title), 0, col)
        loading, editor.loading = editor.loading, True
        try:
            for i, root in enumerate(self._root_names(), start=1):
                self.roots_grid.addWidget(QLabel(f"{root}/"), i, 0)
                for col, key in ((1, "visibleRoots"), (2, "writableRoots")):
                    check = QCheckBox()
                    check.setObjectName(f"{key}:{root}")
                    check.setAccessibleName(f"{root}/: {columns[key]}")
                    check.setChecked(root in (editor.form.get(f"workspace.{key}", list(DEFAULT_ROOTS)) or []))
                    check.setEnabled(not editor.read_only)
                    check.toggled.connect(lambda on, k=key, r=root: self._toggle_root(k, r, on))
                    self.roots_grid.addWidget(check, i, col)
                    self.root_boxes[(key, root)] = check
        finally:
            editor.loading = loading

    def add_root(self) -> None:
        """Adds a folder the agent may see (and write, unticked by default); a bad name is shown at the
        field by validation (profile.bad_workspace_root) like any other problem."""
        name = self.root_edit.text().strip()
        if not name or self.editor.read_only:
            return
        visible = list(self.editor.form.get("workspace.visibleRoots", list(DEFAULT_ROOTS)) or [])
        if name not in visible:
            visible.append(name)
        self.root_edit.clear()
        self.editor.set_field("workspace.visibleRoots", visible)
        self._load_roots()
