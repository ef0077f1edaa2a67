"""The Delegation and handoff section: whether the agent hands off or asks helpers, who may call it
and how, what it sees of earlier stages, what its callers must hand over, and the relay's limits.
It also says, at the field, which handoffs and helpers the other agents would refuse."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QListWidget, QListWidgetItem, QPlainTextEdit

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import Diagnostic, offers_handoff_to
from relay_studio.ui import i18n
from relay_studio.ui.profiles import wording
from relay_studio.ui.profiles.sections.base import Section
from relay_studio.ui.profiles.sections.host import EditorHost


class DelegationSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "Delegation and handoff")
        for label, key, tip in (
                (self.tr("May hand off the stage"), "canHandoff", "delegation.canHandoff (the agent.handoff tool)"),
                (self.tr("May ask helpers for side tasks"), "canDelegate", "delegation.canDelegate (the "
                 "agent.delegate tool)"),
                (self.tr("Other agents may call it"), "callable", "delegation.callable"),
                (self.tr("…as the next stage"), "allowAsHandoffTarget", "delegation.allowAsHandoffTarget (handoff "
                 "target)"),
                (self.tr("…as a helper"), "allowAsSubagent", "delegation.allowAsSubagent (subagent)")):
            self._check(label, f"delegation.{key}", tip)
        self._combo(self.tr("How it hands off"), "delegation.handoffToolStyle",
                    [(self.tr("One tool, naming the next agent"), "single"),
                     (self.tr("One tool per next agent"), "perTarget")],
                    tip=self.tr("Handoff tools (delegation.handoffToolStyle): single agent_handoff(agentId, …), or "
                                "perTarget: one transfer_to_<id> tool per agent it may hand off to"))
        self._line(self.tr("How other agents see it"), "delegation.descriptionForAgents",
                   tip=self.tr("delegation.descriptionForAgents: what agent_list and the handoff tools say about "
                               "it"))
        self.next_stage = QComboBox()
        self.next_stage.setObjectName("NextStage")
        self.next_stage.currentIndexChanged.connect(lambda _i: self._on_next_stage())
        self._loader(self._load_next_stage)
        self._row(self.tr("Next stage"), "handoff.next", self.next_stage,
                  self.tr("handoff.next: when this agent ends its part without handing off (it answers in text, "
                          "or commits and stops), the studio hands its draft to this agent"))
        self._text(self.tr("Brief for the next stage"), "handoff.briefTemplate", none_when_empty=True, height=50,
                   tip=self.tr("handoff.briefTemplate: what the next stage is asked to do; {file} becomes the "
                               "draft's file. Empty: the next agent's description"))
        self._check(self.tr("Let me see the brief first"), "handoff.reviewBrief",
                    tip=self.tr("handoff.reviewBrief: when this agent hands off, the run waits and its brief opens "
                                "in an editor; the next stage starts with your version"))
        self.callers = QListWidget()
        self.callers.setFixedHeight(110)
        self.callers.itemChanged.connect(lambda _i: self._on_callers())
        self._loader(self._load_callers)
        self._row(self.tr("Who may call it"), "delegation.allowedCallers", self.callers, "delegation.allowedCallers")
        self._combo(self.tr("Offered as the next stage"), "handoffIn.enabled",
                    [(self.tr("Always"), True), (self.tr("Never"), False),
                     (self.tr("After something is posted"), "afterCommit")],
                    tip="handoffIn.enabled: true, false or afterCommit")
        self._combo(self.tr("What it sees of earlier stages"), "handoffIn.historyMode",
                    [(self.tr("The chat and the brief"), "snapshot"), (self.tr("Only the brief"), "briefOnly"),
                     (self.tr("The full history"), "fullHistory"),
                     (self.tr("A summary of the conversation"), "nestedSummary")],
                    tip="handoffIn.historyMode: snapshot, briefOnly, fullHistory or nestedSummary")
        self._check(self.tr("…without the tool calls and their results"), "handoffIn.removeToolItems",
                    tip="handoffIn.removeToolItems")
        self._line(self.tr("Name of the tool others call"), "handoffIn.toolNameOverride",
                   convert=lambda t: t.strip() or None, placeholder=self.tr("default: transfer_to_<id>"),
                   tip=self.tr("handoffIn.toolNameOverride: replaces transfer_to_<id> (with one tool per next "
                               "agent)"))
        self._text(self.tr("What that tool says"), "handoffIn.toolDescriptionOverride", none_when_empty=True,
                   height=50, tip="handoffIn.toolDescriptionOverride")
        self.schema_edit = QPlainTextEdit()
        self.schema_edit.setObjectName("InputSchema")
        self.schema_edit.setFixedHeight(110)
        self.schema_edit.setPlaceholderText(self.tr("Optional, e.g.") + '\n'
                                            '{"type": "object", "properties": {"tone": {"type": "string"}}}')
        self.schema_edit.textChanged.connect(self._on_schema_edited)
        self._loader(self._load_schema)
        self._row(self.tr("What callers must hand over"), "handoffIn.inputSchema", self.schema_edit,
                  self.tr("handoffIn.inputSchema: a JSON Schema object; its fields are added to the handoff tool"))
        self._spin(self.tr("Longest chain of handoffs"), "delegation.maxHandoffDepth", 0, 64,
                   tip="delegation.maxHandoffDepth")
        self._spin(self.tr("Helpers at once"), "delegation.maxConcurrentTasks", 1, 32,
                   tip="delegation.maxConcurrentTasks")
        self._spin(self.tr("Helpers per run"), "delegation.maxTasksPerRun", 0, 256, tip="delegation.maxTasksPerRun")

    def _load_next_stage(self) -> None:
        editor = self.editor
        own = {editor.form.get("id"), editor.original_id}
        chosen = editor.form.get("handoff.next")
        others = sorted((p for pid, p in editor.studio.agents.profiles().items() if pid not in own),
                        key=lambda p: p.display_name.casefold())
        self.next_stage.blockSignals(True)
        try:
            self.next_stage.clear()
            self.next_stage.addItem(self.tr("None: it hands off itself, or finishes"), None)
            for other in others:
                self.next_stage.addItem(f"{other.display_name} ({other.id})", other.id)
            if chosen and self.next_stage.findData(chosen) < 0:  # a stage that is not here (deleted, renamed)
                self.next_stage.addItem(i18n.arg(self.tr("%1 (not an agent here)"), chosen), chosen)
            self.next_stage.setCurrentIndex(max(0, self.next_stage.findData(chosen)))
        finally:
            self.next_stage.blockSignals(False)

    def _on_next_stage(self) -> None:
        self.editor.set_field("handoff.next", self.next_stage.currentData(), anchor=self.next_stage)

    def relay_warnings(self) -> dict[str, str]:
        """Handoffs and helpers the other agents would refuse (the runtime's own rules, statically)."""
        editor = self.editor
        profile = editor.form.profile
        if profile is None:
            return {}
        others = {pid: p for pid, p in editor.studio.agents.profiles().items()
                  if pid not in (profile.id, editor.original_id)}
        effective = set(profile.effective_tools())
        out: dict[str, str] = {}
        if profile.delegation.can_handoff and tn.AGENT_HANDOFF in effective:
            targets = [t for t in others.values()
                       if offers_handoff_to(profile, t) and t.model.mode != "requiresConfiguration"]
            if not targets:
                out["delegation.canHandoff"] = wording.tr(wording.NO_HANDOFF_TARGET)
            if profile.delegation.max_handoff_depth == 0:
                out["delegation.maxHandoffDepth"] = wording.tr(wording.NO_HANDOFF_DEPTH)
        if profile.delegation.can_delegate and tn.AGENT_DELEGATE in effective:
            helpers = [t for t in others.values()
                       if t.delegation.callable and t.delegation.allow_as_subagent
                       and ("*" in t.delegation.allowed_callers or profile.id in t.delegation.allowed_callers)
                       and t.model.mode != "requiresConfiguration"]
            if not helpers:
                out["delegation.canDelegate"] = wording.tr(wording.NO_HELPER)
        d = profile.delegation
        unknown = [c for c in d.allowed_callers if c != "*" and c not in others and c != profile.id]
        if unknown:
            out["delegation.allowedCallers"] = i18n.arg(
                self.tr("No agent here has the id %1: nobody can call it by that id until an agent with it exists. "
                        "Untick it if it is a typo (%2)."), ", ".join(f"“{c}”" for c in unknown),
                codes.PROFILE_UNKNOWN_CALLER)
        if d.callable and d.allow_as_handoff_target and profile.handoff_in.enabled is False:
            out["handoffIn.enabled"] = wording.tr(wording.NEVER_OFFERED)
        return out

    def _load_schema(self) -> None:
        value = self.editor.form.get("handoffIn.inputSchema")
        self.schema_edit.setPlainText("" if value is None else json.dumps(value, ensure_ascii=False, indent=2))
        self.editor.local_errors.pop("handoffIn.inputSchema", None)

    def _on_schema_edited(self) -> None:
        editor = self.editor
        if editor.loading or editor.read_only:
            return
        text = self.schema_edit.toPlainText().strip()
        if not text:
            editor.local_errors.pop("handoffIn.inputSchema", None)
            editor.set_field("handoffIn.inputSchema", None)
            return
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            # Kept as typed (the profile keeps its last good schema) and shown at the field.
            editor.local_errors["handoffIn.inputSchema"] = Diagnostic(
                code=codes.PROFILE_INVALID_JSON, path="handoffIn.inputSchema",
                message=i18n.arg(self.tr("Not valid JSON (line %1, column %2): %3."), exc.lineno, exc.colno,
                                 exc.msg))
            editor.after_change(update_raw=False)
            return
        editor.local_errors.pop("handoffIn.inputSchema", None)
        editor.set_field("handoffIn.inputSchema", value)

    def _load_callers(self) -> None:
        form = self.editor.form
        allowed = form.get("delegation.allowedCallers", ["*"]) or []
        self.callers.clear()
        known = ["*", *sorted(pid for pid in self.editor.studio.agents.profiles() if pid != form.get("id"))]
        ids = known + [c for c in allowed if c not in known]
        for pid in ids:
            text = self.tr("Any agent (*)") if pid == "*" else pid
            if pid not in known:  # named by the profile, no agent here (the field's warning says more)
                text = i18n.arg(self.tr("%1 (not an agent here)"), pid)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, pid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if pid in allowed else Qt.CheckState.Unchecked)
            self.callers.addItem(item)

    def _on_callers(self) -> None:
        if self.editor.loading:
            return
        chosen = []
        for i in range(self.callers.count()):
            item = self.callers.item(i)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                chosen.append(str(item.data(Qt.ItemDataRole.UserRole)))
        self.editor.set_field("delegation.allowedCallers", chosen)
