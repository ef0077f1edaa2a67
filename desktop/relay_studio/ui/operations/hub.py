"""What the studio's operations need of the hub that holds them (``ui/studio.py``'s ``Studio``), as a
``typing.Protocol``: the runtime, the provider source, the runs it tracks, the operations runner (``ops``: the
lanes, ``did_change``) and its signals. ``Studio`` provides every member (mypy checks it where it hands itself to
an operation); the operations never import the hub, so no import circle ties them to it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
    from relay_studio.domain.profile import AgentProfile
    from relay_studio.runtime.engine import RunHandle, Runtime
    from relay_studio.runtime.provider_source import ProviderSource
    from relay_studio.ui.operations.ops import Operations


class AgentCatalogue(Protocol):
    def profiles(self) -> dict[str, AgentProfile]: ...


class StudioHub(Protocol):
    runtime: Runtime
    providers: ProviderSource
    handles: dict[str, RunHandle]
    ops: Operations

    @property
    def agents(self) -> AgentCatalogue:  # the agent catalogue, kept until the profiles change (operations/agents.py)
        ...

    @property
    def operation_did_execute(self) -> SignalInstance: ...

    @property
    def shutting_down(self) -> bool: ...

    def active_run(self, chat_id: str) -> RunHandle | None: ...

    def track(self, handle: RunHandle, agent_name: str) -> None: ...

    async def approve(self, request: ApprovalRequest) -> ApprovalDecision: ...
