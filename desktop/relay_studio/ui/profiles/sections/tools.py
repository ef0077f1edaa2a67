"""The Tools section: a matrix of every tool a profile can name, ticked Allowed, Ask first or Never.
Denying a tool unticks it where it is allowed or asks first, and unticks the switch it enables."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QWidget

from relay_studio.domain import tool_names as tn
from relay_studio.ui import i18n
from relay_studio.ui.profiles import wording
from relay_studio.ui.profiles.form_model import ProfileForm
from relay_studio.ui.profiles.sections.base import Section
from relay_studio.ui.profiles.sections.host import EditorHost


def tool_lists(form: ProfileForm) -> dict[str, list[str]]:
    return {key: list(form.get(f"tools.{key}", []) or []) for key in ("allow", "requireApproval", "deny")}


def in_tool_order(names: list[str]) -> None:
    names.sort(key=lambda n: tn.PROFILE_TOOLS.index(n) if n in tn.PROFILE_TOOLS else 99)


class ToolsSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "Tools")
        matrix = QWidget()
        grid = QGridLayout(matrix)
        for col, (text, tip) in enumerate(((self.tr("<b>Tool</b>"), ""), (self.tr("<b>Allowed</b>"), "tools.allow"),
                                           (self.tr("<b>Ask first</b>"), self.tr(
                                               "tools.requireApproval: the change waits in the patch dialog until "
                                               "you approve or reject it")),
                                           (self.tr("<b>Never</b>"), self.tr(
                                               "tools.deny: never offered, even when a rule would add it")))):
            header = QLabel(text)
            header.setToolTip(tip)
            grid.addWidget(header, 0, col)
        self.tool_boxes: dict[tuple[str, str], QCheckBox] = {}
        columns = {"allow": self.tr("Allowed"), "requireApproval": self.tr("Ask first"), "deny": self.tr("Never")}
        row = 1
        for family in ("agent", "workspace", "library", "skill", "knowledge", "canon"):
            grid.addWidget(QLabel(f"<i>{wording.tr(wording.FAMILY_WORDS[family])}</i>"), row, 0, 1, 4)
            row += 1
            for name in (t for t in tn.PROFILE_TOOLS if t.startswith(family + ".")):
                tool_label = QLabel(wording.tool_label(name))
                tool_label.setToolTip(wording.tool_tip(name))
                tool_label.setWordWrap(True)  # a longer German or Japanese name takes a second line, not the width
                grid.addWidget(tool_label, row, 0)
                for col, key in ((1, "allow"), (2, "requireApproval"), (3, "deny")):
                    tool_box = QCheckBox()
                    tool_box.setToolTip(f"{wording.tool_label(name)} · tools.{key} · {name}")
                    tool_box.setObjectName(f"{key}:{name}")
                    tool_box.setAccessibleName(f"{wording.tool_label(name)}: {columns[key]}")
                    tool_box.toggled.connect(lambda on, k=key, n=name, b=tool_box: self._toggle_tool(k, n, on, b))
                    grid.addWidget(tool_box, row, col)
                    self.tool_boxes[(key, name)] = tool_box
                row += 1
        self._loader(self.load_tools)
        matrix_box = self._register("tools.allow", matrix, self.tr("Tools"))
        self.rows.addRow(matrix_box)
        editor.fields["tools.requireApproval"] = matrix_box
        editor.fields["tools.deny"] = matrix_box

    def load_tools(self) -> None:
        for (key, name), box in self.tool_boxes.items():
            box.setChecked(name in (self.editor.form.get(f"tools.{key}", []) or []))

    def _toggle_tool(self, key: str, name: str, on: bool, box: QCheckBox) -> None:
        if self.editor.loading or self.editor.read_only:
            return
        lists = tool_lists(self.editor.form)
        note = ""

        def put(which: str, present: bool) -> None:
            if present and name not in lists[which]:
                lists[which].append(name)
            elif not present and name in lists[which]:
                lists[which].remove(name)

        label = wording.tool_label(name)
        if key == "deny":
            put("deny", on)
            if on:  # never offered: no longer allowed, nothing to approve
                put("allow", False)
                put("requireApproval", False)
        elif key == "allow":
            if on and name in lists["deny"]:
                note = i18n.arg(self.tr("“%1” is set to Never; untick Never first to allow it."), label)
            else:
                put("allow", on)
                if not on:
                    put("requireApproval", False)
        elif on and name in lists["deny"]:
            note = i18n.arg(self.tr("“%1” is set to Never, so it cannot ask you first; untick Never first."), label)
        else:
            put("requireApproval", on)
            if on:
                put("allow", True)  # asking first only means something for an allowed tool
        in_tool_order(lists["allow"])
        updates: dict[str, Any] = {f"tools.{k}": v for k, v in lists.items()}
        effective = [n for n in lists["allow"] if n not in lists["deny"]]
        if name == tn.AGENT_HANDOFF:
            updates["delegation.canHandoff"] = tn.AGENT_HANDOFF in effective
        if name == tn.AGENT_DELEGATE:
            updates["delegation.canDelegate"] = tn.AGENT_DELEGATE in effective
        self.editor.set_fields(updates, anchor=box, note=("tools.allow", note))
