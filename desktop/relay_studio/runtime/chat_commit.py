"""The one path by which text reaches the chat (a commit), and where a stage's plain text is kept."""

from __future__ import annotations

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import CommitMarker
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.ledger import LedgerEntry
from relay_studio.store import tables as t
from relay_studio.store.database import Transaction, new_id, now_iso
from relay_studio.store.workspace_versions import record_version

#: where a foreground stage's plain-text reply is kept (helpers: ``scratch/<task>/direct_output.md``)
DIRECT_OUTPUT = "output/direct_output.md"


def write_for_stage(run: RunContext, inv: InvocationState, path: str, text: str, how: str) -> None:
    """A file the runtime writes for a stage (its plain text kept, its draft handed on): a version like any
    workspace write, journaled with ``tool`` = ``how``."""
    run.workspace.write_raw(path, text)
    with run.db.transaction() as tx:
        version = record_version(tx, run.run_id, path, text, inv.id)
        tx.event(run.run_id, ev.WORKSPACE_FILE_WRITTEN,
                 {"path": path, "version": version, "bytes": len(text.encode()), "agentId": inv.profile.id,
                  "tool": how}, invocation_id=inv.id)


def capture_text(run: RunContext, inv: InvocationState, text: str) -> str:
    path = f"scratch/{inv.task_handle}/direct_output.md" if inv.is_child else DIRECT_OUTPUT
    write_for_stage(run, inv, path, text, "direct_output")
    return path


async def commit_text(run: RunContext, inv: InvocationState, path: str, content: str,
                      marker: CommitMarker | None = None, *, by: str | None = None) -> tuple[str, int]:
    """The one commit path: the host bridge makes it the run's chat message (a new version of it), the
    ledger records it. ``marker``: a text answer or a stopped stream rather than workspace_commit;
    ``by``: "runtime" when the studio commits a stage's draft on its behalf (a declared next stage)."""
    extra: dict[str, str] = {"marker": marker.value} if marker else {}
    if by:
        extra["by"] = by
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.CHAT_COMMIT_REQUESTED, {"agentId": inv.profile.id, "path": path, **extra},
                 invocation_id=inv.id)
    commit_id = new_id("commit")

    def ledger(tx: Transaction, message_id: str, version: int) -> None:  # same transaction as the message
        tx.insert(t.CommitRow, id=commit_id, run_id=run.run_id, invocation_id=inv.id, agent_id=inv.profile.id,
                  path=path, content=content, message_id=message_id, version=version,
                  created_at=now_iso(), marker=marker.value if marker else None)
        tx.update(t.RunRow, run.run_id, message_id=message_id)
        tx.event(run.run_id, ev.CHAT_COMMIT_COMPLETED,
                 {"agentId": inv.profile.id, "path": path, "messageId": message_id, "version": version,
                  "chars": len(content), **extra}, invocation_id=inv.id)

    message_id, version = await run.bridge.commit(
        run_id=run.run_id, chat_id=run.chat_id, content=content,
        agent_id=inv.profile.id, agent_name=inv.profile.display_name, ledger=ledger,
    )
    run.ledger.record(LedgerEntry(commit_id, inv.id, inv.profile.id, path, message_id, version,
                                  marker.value if marker else None, content))
    return message_id, version
