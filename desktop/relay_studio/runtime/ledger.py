"""The run-level commit ledger, shared by the whole foreground chain."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LedgerEntry:
    commit_id: str
    invocation_id: str
    agent_id: str
    path: str
    message_id: str
    version: int
    #: ``CommitMarker`` value: a text answer or a stopped stream; None for a real commit (workspace_commit)
    marker: str | None = None
    #: the committed text (the chat message's version)
    content: str = ""

    @property
    def real(self) -> bool:
        return self.marker is None


@dataclass
class CommitLedger:
    entries: list[LedgerEntry] = field(default_factory=list)

    def record(self, entry: LedgerEntry) -> None:
        self.entries.append(entry)

    @property
    def has_commit(self) -> bool:
        return bool(self.entries)

    @property
    def last(self) -> LedgerEntry | None:
        return self.entries[-1] if self.entries else None
