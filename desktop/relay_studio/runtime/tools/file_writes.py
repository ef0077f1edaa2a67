"""The one path by which a tool changes a workspace file: disk, version row and event together."""

from __future__ import annotations

from relay_studio.domain import event_types as ev
from relay_studio.domain.tool_names import ALIAS_TO_CANONICAL
from relay_studio.runtime.approval import needs_approval, request_approval
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import ToolContext
from relay_studio.store.workspace_versions import record_version


async def write_file(ctx: ToolContext, path: str, content: str, *, tool: str) -> tuple[str, int, bool]:
    """Writes after the creator's approval when the profile asks for it (a patch proposal).

    Returns the path, its new version, and whether the creator edited the text before it was written.
    """
    run, inv = ctx.run, ctx.inv
    edited = False
    # a write whose review found a conflict is shown to the creator even when the profile asks no approval
    if needs_approval(inv, ALIAS_TO_CANONICAL[tool]) or run.reviews.forces_dialog(ctx.call_id):
        rel, _target = run.workspace.check(path, inv.roots, write=True)
        try:
            before: str | None = run.workspace.read(rel, inv.roots)[1]
        except ToolError:
            before = None
        decision = await request_approval(run, inv, tool, call_id=ctx.call_id, path=rel, before=before,
                                          after=content)
        if decision.edited_content is not None and decision.edited_content != content:
            content, edited = decision.edited_content, True
    rel = run.workspace.write(path, content, inv.roots)
    with run.db.transaction() as tx:
        version = record_version(tx, run.run_id, rel, content, inv.id)
        tx.event(
            run.run_id,
            ev.WORKSPACE_FILE_WRITTEN,
            {
                "path": rel,
                "version": version,
                "bytes": len(content.encode("utf-8")),
                "agentId": inv.profile.id,
                "tool": tool,
            },
            invocation_id=inv.id,
        )
    return rel, version, edited


def edited_note(rel: str, content: str) -> str:
    return f"Applied with the user's edits; {rel} now reads:\n{content}"
