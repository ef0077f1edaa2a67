"""The one path by which a tool changes a workspace file: disk, version row and event together."""

from __future__ import annotations

from relay_studio.runtime.tools.base import ToolContext
from relay_studio.store.workspace_versions import record_version


def write_file(ctx: ToolContext, path: str, content: str, *, tool: str) -> tuple[str, int]:
    run, inv = ctx.run, ctx.inv
    rel = run.workspace.write(path, content, inv.roots)
    with run.db.transaction() as tx:
        version = record_version(tx, run.run_id, rel, content, inv.id)
        tx.event(
            run.run_id,
            "workspace_file_written",
            {
                "path": rel,
                "version": version,
                "bytes": len(content.encode("utf-8")),
                "agentId": inv.profile.id,
                "tool": tool,
            },
            invocation_id=inv.id,
        )
    return rel, version
