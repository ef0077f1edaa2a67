"""The creator publishes an approved change that no commit published (issue 38): they approved a file's change
in the patch dialog (perhaps with their own edits), then rejected the commit, or the run ended before one.
Nothing the creator wrote may be lost: the file's last written version becomes the run's chat message through
the one commit path there is (the host bridge, with its ledger row and journal events in one transaction),
marked ``by: creator``. Qt-free; the window calls it through ``studio.chats.publish_approved``.
"""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.coded_error import CodedError
from relay_studio.runtime.host_bridge import HostBridge
from relay_studio.store import tables as t
from relay_studio.store.database import Transaction, new_id, now_iso
from relay_studio.store.runs import RunStore

CREATOR = "creator"


class NothingToPublish(CodedError, ValueError):
    """The run wrote no version of that file, or its run is gone."""


async def publish_approved(runs: RunStore, bridge: HostBridge, run_id: str, path: str,
                           agent_name: str = "") -> tuple[str, int]:
    """Commits the last written version of ``path`` in ``run_id``'s workspace to the run's chat message, named
    after ``agent_name`` (whose change it was); answers (message id, version)."""
    run = runs.run(run_id)
    versions = runs.file_versions(run_id, path)
    if run is None or not versions:
        raise NothingToPublish(codes.CHAT_NOTHING_TO_PUBLISH, f"There is no approved version of {path} to publish.")
    _version, content, invocation_id = versions[-1]
    writer = runs.invocation(invocation_id) if invocation_id else None
    agent_id = writer.profile_id if writer is not None else run.root_profile_id
    with runs.db.transaction() as tx:
        tx.event(run_id, ev.CHAT_COMMIT_REQUESTED, {"agentId": agent_id, "path": path, "by": CREATOR},
                 invocation_id=invocation_id)
    commit_id = new_id("commit")

    def ledger(tx: Transaction, message_id: str, version: int) -> None:  # the message's own transaction
        tx.insert(t.CommitRow, id=commit_id, run_id=run_id, invocation_id=invocation_id or "", agent_id=agent_id,
                  path=path, content=content, message_id=message_id, version=version, created_at=now_iso())
        tx.update(t.RunRow, run_id, message_id=message_id)
        tx.event(run_id, ev.CHAT_COMMIT_COMPLETED,
                 {"agentId": agent_id, "path": path, "messageId": message_id, "version": version,
                  "chars": len(content), "by": CREATOR}, invocation_id=invocation_id)

    return await bridge.commit(run_id=run_id, chat_id=run.chat_id, content=content, agent_id=agent_id,
                               agent_name=agent_name or agent_id, ledger=ledger)
