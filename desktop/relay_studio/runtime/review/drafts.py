"""The draft a gated write would put down, and its content hash: a review counts for a write only when
it reviewed exactly that text (line endings and the whitespace around it aside)."""

from __future__ import annotations

import hashlib
from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.library_access import library_for, planned_entry

#: Workspace writes under this root are gated (the creator's output); scratch, plan, ... are not.
GATED_ROOT = "output/"


def draft_hash(text: str) -> str:
    normal = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()


def draft_of_write(run: RunContext, inv: InvocationState, canonical: str, args: dict[str, Any]) -> str | None:
    """The text a gated write would write: an entry's description, or an ``output/`` file's new text.

    None when the call is no gated write, or cannot succeed anyway (the tool then answers with its own
    error, which is more useful to the agent than a review request)."""
    try:
        if canonical in (tn.LIBRARY_CREATE, tn.LIBRARY_UPDATE):
            store = library_for(run)
            if store is None:
                return None
            entry, _replacing = planned_entry(store, canonical, args)
            return entry.description
        if canonical not in (tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH):
            return None
        rel, _target = run.workspace.check(args.get("path"), inv.roots, write=True)
        if not rel.startswith(GATED_ROOT):
            return None
        if canonical == tn.WORKSPACE_WRITE_FILE:
            content = args.get("content")
            return content if isinstance(content, str) else None
        before = run.workspace.read(rel, inv.roots)[1]
        old, new = args.get("old_string"), args.get("new_string")
        if isinstance(old, str) and old and isinstance(new, str) and before.count(old) == 1:
            return before.replace(old, new, 1)
        return None
    except ToolError:
        return None
