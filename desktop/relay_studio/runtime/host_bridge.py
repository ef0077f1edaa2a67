"""The host side of a run: where commits become chat messages. The chat store implements it."""

from __future__ import annotations

from typing import Protocol

from relay_studio.store.chats import LedgerWrite


class HostBridge(Protocol):
    async def commit(
        self, *, run_id: str, chat_id: str, content: str, agent_id: str, agent_name: str,
        ledger: LedgerWrite | None = None,
    ) -> tuple[str, int]:
        """Creates or updates the run's assistant message; answers (message id, version). ``ledger``
        runs inside the same transaction, so a crash never leaves the message ahead of the ledger."""
        ...

    async def finish(self, *, run_id: str, chat_id: str) -> None: ...
