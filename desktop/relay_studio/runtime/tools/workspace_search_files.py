"""workspace.search_files: find lines containing a text across workspace files.

The pattern is the model's: a catastrophic one (``(a+)+$``) backtracks for minutes. The search runs in a
worker thread (the event loop, and so cancel, stay free) with the ``regex`` engine, whose ``timeout``
stops a match mid-way, under one time budget for the whole search (the stdlib ``re`` cannot be stopped).
``regex`` is imported by the first search, not with the tool registry (~20 ms of the window's start-up).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args

MAX_HITS = 100
#: Seconds one search may take, all files together.
SEARCH_BUDGET_SECONDS = 2.0
SEARCH_TIMEOUT = codes.WORKSPACE_SEARCH_TIMEOUT

if TYPE_CHECKING:
    import regex


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, description="The text to look for.")
    path: str | None = Field(default=None, description="Only search under this folder or file, for example 'scratch'.")
    regex: bool = Field(default=False, description="Treat the query as a regular expression.")


SPEC = ToolSpec(
    name=tn.WORKSPACE_SEARCH_FILES,
    description=(
        "Search the workspace files for a text (case-insensitive) or a regular expression and get the "
        "matching lines with their line numbers."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    import regex

    a = parse_args(_Args, args, SPEC.alias)
    try:
        pattern = regex.compile(a.query if a.regex else regex.escape(a.query), regex.IGNORECASE | regex.V0)
    except (regex.error, RecursionError, OverflowError) as exc:
        raise ToolError(codes.TOOL_INVALID_ARGUMENTS, f"The regular expression is not valid: {exc}.") from None
    hits = await asyncio.to_thread(_search, ctx, a, pattern)
    if not hits:
        return ToolResult(f"No lines match '{a.query}'.")
    more = f"\n(showing the first {MAX_HITS} matches)" if len(hits) >= MAX_HITS else ""
    return ToolResult("\n".join(hits) + more, journal={"hits": len(hits)})


def _search(ctx: ToolContext, a: _Args, pattern: regex.Pattern[str]) -> list[str]:
    deadline = time.monotonic() + SEARCH_BUDGET_SECONDS
    hits: list[str] = []
    for rel, text in ctx.run.workspace.snapshot(ctx.inv.roots).items():
        if a.path and not (rel == a.path or rel.startswith(a.path.rstrip("/") + "/")):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            try:
                found = pattern.search(line, timeout=max(0.001, deadline - time.monotonic()))
            except TimeoutError:
                raise ToolError(
                    SEARCH_TIMEOUT,
                    f"The search was stopped after {SEARCH_BUDGET_SECONDS:g} seconds: the pattern takes too long "
                    "on these files. Use a simpler regular expression, or search for plain text.",
                ) from None
            if found:
                hits.append(f"{rel}:{number}: {line[:300]}")
                if len(hits) >= MAX_HITS:
                    return hits
    return hits


TOOL = Tool(SPEC, run)
