"""What the studio's operations need of the hub that holds them (``ui/studio.py``'s ``Studio``), as a
``typing.Protocol``: the runtime, the provider source, the runs it tracks, its signals, and the reader
thread for long reads. ``Studio`` provides every member (mypy checks it where it hands itself to an
operation); the operations never import the hub, so no import circle ties them to it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
    from relay_studio.runtime.engine import RunHandle, Runtime
    from relay_studio.runtime.provider_source import ProviderSource
    from relay_studio.store.runs import RunStore
    from relay_studio.ui.background import Outcome
    from relay_studio.ui.operations.project_files import ProjectReader

T = TypeVar("T")


class StudioHub(Protocol):
    runtime: Runtime
    providers: ProviderSource
    handles: dict[str, RunHandle]
    project_reader: ProjectReader

    @property
    def chats_changed(self) -> SignalInstance: ...

    @property
    def profiles_changed(self) -> SignalInstance: ...

    @property
    def projects_changed(self) -> SignalInstance: ...

    @property
    def library_changed(self) -> SignalInstance: ...

    @property
    def canon_changed(self) -> SignalInstance: ...

    @property
    def shutting_down(self) -> bool: ...

    def active_run(self, chat_id: str) -> RunHandle | None: ...

    def track(self, handle: RunHandle, agent_name: str) -> None: ...

    async def approve(self, request: ApprovalRequest) -> ApprovalDecision: ...

    async def read(self, query: Callable[[RunStore], T]) -> T: ...
    async def off_thread(self, work: Callable[[], T]) -> T: ...

    def submit_read(self, key: Hashable, work: Callable[[RunStore], T],
                    deliver: Callable[[Outcome[T]], None]) -> None: ...
