"""The timeline's "Rerun from here" (docs/fork.md): the button acting on the stage picked in the lanes (a bar
of the stage, or a handoff marker: the stage it handed to), its dialog, the branches strip and the compare
view. The timeline panel only tells it which stage is picked and which run is shown."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import QMenu, QToolButton, QWidget

from relay_studio.runtime.branches import Branch
from relay_studio.runtime.checkpoints import Stage
from relay_studio.runtime.engine import RunRequestError
from relay_studio.ui import i18n
from relay_studio.ui.studio import Studio
from relay_studio.ui.timeline.branches import BranchesView, CompareDialog
from relay_studio.ui.timeline.fork_dialog import ForkChoice, ForkDialog, candidates
from relay_studio.ui.timeline.lane_items import Bar, Marker
from relay_studio.ui.timeline.lanes import LanesView


class RerunControls(QObject):
    # (run id, its branches): read on the studio's reader thread, delivered here queued
    branches_arrived = Signal(str, list)

    def __init__(self, studio: Studio, parent: QWidget) -> None:
        super().__init__(parent)
        self.studio = studio
        self.parent_widget = parent
        self.button = QToolButton()
        self.button.setObjectName("RerunFromHere")
        self.button.setText(self.tr("Rerun from here…"))
        self.button.setToolTip(self.tr("Run this stage again in a new run, with the files as it found them: "
                                       "another agent, brief or model if you like"))
        self.button.setEnabled(False)
        self.button.clicked.connect(self.open_dialog)
        self.branches = BranchesView()
        self.branches.compare_requested.connect(self._on_compare)
        studio.run_finished.connect(self._on_run_finished)
        self.branches_arrived.connect(self._on_branches)
        self.run_id = ""
        self.stages: list[Stage] = []
        self.picked: Stage | None = None
        self.dialog: ForkDialog | None = None
        self.compare_dialog: CompareDialog | None = None
        self.menu: QMenu | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        # set once the branches of the run shown are read (tests wait on it)
        self.branches_read = asyncio.Event()

    # -- what the panel tells ------------------------------------------------------------------------
    def run_shown(self, run_id: str) -> None:
        if run_id != self.run_id:
            self.picked = None
            self.button.setEnabled(False)
        self.run_id = run_id
        self.branches_read = asyncio.Event()
        if not run_id:
            self.stages = []
            self.branches.set_branches([], "")
            self.branches_read.set()
            return
        self.studio.journal.read_branches(run_id, self.branches_arrived.emit)  # delivered queued, on this thread

    def _on_run_finished(self, run_id: str, _status: str) -> None:
        """The run shown (or one of its branches) ended: its stages can be rerun now, its row says it."""
        if self.run_id and (run_id == self.run_id or any(b.run_id == run_id for b in self.branches.branches)):
            self.run_shown(self.run_id)

    def invocation_picked(self, invocation_id: str) -> None:
        """A bar or a handoff marker was picked: its foreground stage (if it is one) is the one to rerun."""
        self.picked = next((s for s in self.stages if s.invocation_id == invocation_id and not s.inherited), None)
        self.button.setEnabled(self.picked is not None and self._ended())
        if self.picked is not None:
            self.button.setToolTip(i18n.arg(self.tr("Rerun from stage %1"), self.picked.number))

    def attach(self, lanes: LanesView) -> None:
        """A right-click on a stage in the lanes (its span, a bar of it, a handoff marker) offers the rerun."""
        viewport = lanes.viewport()
        viewport.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        viewport.customContextMenuRequested.connect(lambda pos: self.context_menu(lanes, pos))

    @staticmethod
    def invocation_at(lanes: LanesView, x: float, y: float) -> str | None:
        """The foreground stage under a point: a handoff marker's target, a bar's stage, a stage's span."""
        found = lanes.hit(x, y)
        if isinstance(found, Marker):
            return found.target_invocation
        if isinstance(found, Bar):
            return found.invocation_id
        lane = lanes.lane_at(y)
        if lane is None or x < lanes.label_w:
            return None
        t = (x - lanes.label_w + lanes.horizontalScrollBar().value()) / lanes.px_per_s
        for stage in lane.stages:
            if stage.start <= t <= (stage.end if stage.end is not None else lanes.now()):
                return stage.invocation_id
        return None

    def context_menu(self, lanes: LanesView, pos: QPoint) -> None:
        invocation = self.invocation_at(lanes, pos.x(), pos.y())
        if invocation is None:
            return
        self.invocation_picked(invocation)
        if not self.button.isEnabled():
            return
        self.menu = QMenu(lanes)
        action = self.menu.addAction(self.tr("Rerun from here…"))
        action.triggered.connect(self.open_dialog)
        self.menu.popup(lanes.viewport().mapToGlobal(pos))

    # -- reading -------------------------------------------------------------------------------------------
    def _spawn(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Starts ``work`` on the loop from the next turn of Qt's event loop: a task created in a run's done
        callback as the loop stops would never take its first step, and the loop could not close."""
        def start() -> None:
            if self.studio.shutting_down:  # the window closes: its reader is gone, nothing more to show
                return
            task = asyncio.ensure_future(work())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

        QTimer.singleShot(0, self, start)

    def _ended(self) -> bool:
        status = self.studio.run_status(self.run_id)
        return status is not None and (status.terminal or self.run_id not in self.studio.handles)

    def _on_branches(self, run_id: str, found: list[Branch]) -> None:
        if run_id != self.run_id:
            return
        mine = next((b for b in found if b.run_id == run_id), None)
        self.stages = mine.stages if mine else []
        # the stages' agents by name ("2 · Editor"), as the lanes name them; an agent since removed by its id
        names = {pid: p.display_name for pid, p in self.studio.agents.profiles().items()}
        self.branches.set_branches(found, run_id, names)
        if self.picked is not None:
            self.invocation_picked(self.picked.invocation_id)
        self.branches_read.set()

    # -- the dialog ----------------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        stage = self.picked
        if stage is None:
            return
        record = self.studio.journal.run(self.run_id)
        brief: dict[str, Any] | str = (record.user_text if record else "") if stage.number == 1 \
            else dict(stage.brief or {})
        profiles = self.studio.agents.profiles()
        connections = self.studio.connections.choices().ids
        self.dialog = ForkDialog(self.run_id, stage.number, stage.agent_id, brief,
                                 candidates(profiles, stage.number, stage.agent_id), connections, self.parent_widget)
        self.dialog.fork_requested.connect(lambda choice: self._spawn(lambda: self._fork(choice)))
        self.dialog.open()

    async def _fork(self, choice: ForkChoice) -> None:
        dialog = self.dialog
        try:
            await self.studio.journal.fork(choice.run_id, choice.stage, agent_id=choice.agent_id, brief=choice.brief,
                                       connection=choice.connection, model=choice.model)
        except RunRequestError as exc:
            if dialog is not None:
                dialog.refused(f"{exc.message} [{exc.code}]")
            return
        if dialog is not None:
            dialog.accept()

    # -- compare ------------------------------------------------------------------------------------------
    def _on_compare(self, left: str, right: str) -> None:
        self._spawn(lambda: self._compare(left, right))

    async def _compare(self, left: str, right: str) -> None:
        comparison = await self.studio.journal.compare(left, right)
        names = {b.run_id: b for b in self.branches.branches}

        def name(run_id: str) -> str:
            branch = names.get(run_id)
            if branch is None or branch.origin is None:
                return self.tr("the original run")
            return i18n.arg(self.tr("the fork from stage %1"), branch.origin.stage)

        self.compare_dialog = CompareDialog(comparison, name(left), name(right), self.parent_widget)
        self.compare_dialog.open()
