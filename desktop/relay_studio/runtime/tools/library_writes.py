"""The one path by which an agent changes the story library or adds a Skill: the creator approves the
file before and after (a patch proposal, possibly edited), then it is written and journaled."""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.library.entries import LibraryError
from relay_studio.library.skills import parse_skill
from relay_studio.library.store import atomic_write
from relay_studio.runtime.approval import request_approval
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.library_access import need_library, planned_entry, planned_skill
from relay_studio.runtime.tools.base import ToolContext, ToolResult


def _journal(ctx: ToolContext, tool: str, path: str, name: str, edited: bool) -> None:
    with ctx.run.db.transaction() as tx:
        tx.event(ctx.run.run_id, ev.LIBRARY_FILE_WRITTEN,
                 {"path": path, "name": name, "tool": tool, "agentId": ctx.inv.profile.id, "edited": edited},
                 invocation_id=ctx.inv.id)


async def write_entry(ctx: ToolContext, canonical: str, tool: str, args: dict[str, object]) -> ToolResult:
    store = need_library(ctx.run)
    entry, replacing = planned_entry(store, canonical, dict(args))
    before = store.file_text(replacing) if replacing else None
    from relay_studio.library.entries import render_entry

    after = render_entry(entry)
    decision = await request_approval(ctx.run, ctx.inv, tool, call_id=ctx.call_id, path=entry.path, before=before,
                                      after=after)
    edited = decision.edited_content is not None and decision.edited_content != after
    try:
        if edited and decision.edited_content is not None:
            entry = store.write_text(entry.path, decision.edited_content, replacing=replacing)
        else:
            store.save(entry, replacing=replacing)
    except LibraryError as exc:
        raise ToolError(exc.code, exc.message) from None
    _journal(ctx, tool, entry.path, entry.name, edited)
    verb = "Updated" if replacing else "Added"
    note = " with the user's edits" if edited else ""
    return ToolResult(f"{verb} the story library entry '{entry.name}' ({entry.type}){note}.",
                      journal={"entry": entry.name, "path": entry.path, "edited": edited})


async def write_skill(ctx: ToolContext, tool: str, args: dict[str, object]) -> ToolResult:
    if ctx.run.project_dir is None:
        raise ToolError(codes.LIBRARY_UNAVAILABLE, "This conversation has no project to keep Skills in.")
    skill = planned_skill(ctx.run, dict(args))
    from relay_studio.library.skills import render_skill

    rel = f"skills/{skill.name}.md"
    after = render_skill(skill)
    decision = await request_approval(ctx.run, ctx.inv, tool, call_id=ctx.call_id, path=rel, before=None, after=after)
    text = decision.edited_content if decision.edited_content is not None else after
    try:
        written = parse_skill(text, rel)
    except LibraryError as exc:
        raise ToolError(exc.code, exc.message) from None
    rel = f"skills/{written.name}.md"
    atomic_write(ctx.run.project_dir / rel, text)
    _journal(ctx, tool, rel, written.name, text != after)
    return ToolResult(f"Added the Skill '{written.name}'.", journal={"entry": written.name, "path": rel})
