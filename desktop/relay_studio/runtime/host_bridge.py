"""The host side of a run: where commits become chat messages. The chat store implements it."""

from __future__ import annotations

from typing import Protocol


class HostBridge(Protocol):
    async def commit(
        self, *, run_id: str, chat_id: str, content: str, agent_id: str, agent_name: str
    ) -> tuple[str, int]:
        """Creates or updates the run's assistant message; answers (message id, version)."""
        ...

    async def finish(self, *, run_id: str, chat_id: str) -> None: ...
