"""workspace.search_files: find lines containing a text across workspace files."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args, string_prop

MAX_HITS = 100

SPEC = ToolSpec(
    name=tn.WORKSPACE_SEARCH_FILES,
    description=(
        "Search the workspace files for a text (case-insensitive) or a regular expression and get the "
        "matching lines with their line numbers."
    ),
    parameters={
        "type": "object",
        "properties": {
            "query": string_prop("The text to look for."),
            "path": string_prop("Only search under this folder or file, for example 'scratch'."),
            "regex": {"type": "boolean", "description": "Treat the query as a regular expression."},
        },
        "required": ["query"],
        "additionalProperties": False,
    },
)


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1)
    path: str | None = None
    regex: bool = False


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    try:
        pattern = re.compile(a.query if a.regex else re.escape(a.query), re.IGNORECASE)
    except re.error as exc:
        raise ToolError("tool.invalid_arguments", f"The regular expression is not valid: {exc}.") from None
    hits: list[str] = []
    for rel, text in ctx.run.workspace.snapshot(ctx.inv.roots).items():
        if a.path and not (rel == a.path or rel.startswith(a.path.rstrip("/") + "/")):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if pattern.search(line):
                hits.append(f"{rel}:{number}: {line[:300]}")
                if len(hits) >= MAX_HITS:
                    break
    if not hits:
        return ToolResult(f"No lines match '{a.query}'.")
    more = f"\n(showing the first {MAX_HITS} matches)" if len(hits) >= MAX_HITS else ""
    return ToolResult("\n".join(hits) + more, journal={"hits": len(hits)})


TOOL = Tool(SPEC, run)
