"""Markdown briefs and result capsules: what agents read of each other. Never raw JSON, never ids."""

from __future__ import annotations

import re
from typing import Any

HANDOFF_KNOWN = ("title", "reason", "objective", "contextSummary", "workspaceRefs", "mustPreserve",
                 "completionCriteria")
TASK_KNOWN = ("title", "objective", "context", "expectedOutput")

HANDOFF_WORKING_NOTES = (
    "- Inspect the referenced workspace files before editing existing content.\n"
    "- Preserve previous decisions and committed text unless this brief asks you to revise them.\n"
    "- If commit and finish tools are available to you, use them only when this run is ready to end.\n"
    "- If another Agent should continue after your stage, hand off with a clear brief."
)

TASK_WORKING_NOTES = (
    "- Work in the shared workspace; files you write stay available to the agent who asked.\n"
    "- You cannot publish to the chat or finish the run.\n"
    "- When you are done, call task_return with a short summary, your findings and any files you made."
)


def humanize(key: str) -> str:
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key).replace("_", " ").strip()
    return words[:1].upper() + words[1:].lower() if words else key


def _render_value(value: Any, indent: str = "") -> str:
    if isinstance(value, dict):
        lines = []
        for k, v in value.items():
            inner = _render_value(v, indent + "  ")
            if "\n" in inner or isinstance(v, dict | list):
                lines.append(f"{indent}- {humanize(str(k))}:\n{inner}")
            else:
                lines.append(f"{indent}- {humanize(str(k))}: {inner}")
        return "\n".join(lines)
    if isinstance(value, list):
        return "\n".join(
            f"{indent}- {_render_value(v, indent + '  ').lstrip()}" if not isinstance(v, dict | list)
            else f"{indent}-\n{_render_value(v, indent + '  ')}"
            for v in value
        )
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).strip()


def _section(title: str, value: Any) -> str:
    return f"## {title}\n{_render_value(value)}"


def _present(value: Any) -> bool:
    return value is not None and value != "" and value != [] and value != {}


def _sections(data: dict[str, Any], known: tuple[str, ...], titles: dict[str, str]) -> list[str]:
    out = [_section(titles[key], data[key]) for key in known if _present(data.get(key))]
    extra = {k: v for k, v in data.items() if k not in known and _present(v)}
    if extra:
        out.append("## Additional Instructions\n" + _render_value(extra))
    return out


_HANDOFF_TITLES = {
    "title": "Title",
    "reason": "Reason",
    "objective": "Objective",
    "contextSummary": "Context Summary",
    "workspaceRefs": "Workspace References",
    "mustPreserve": "Must Preserve",
    "completionCriteria": "Completion Criteria",
}


def render_handoff_brief(handoff: dict[str, Any]) -> str:
    parts = [
        "# Handoff Brief\n\nYou are now responsible for the next stage of this run.\n"
        "Continue from the shared workspace paths and constraints below."
    ]
    parts += _sections(handoff, HANDOFF_KNOWN, _HANDOFF_TITLES)
    parts.append("## Working Notes\n" + HANDOFF_WORKING_NOTES)
    return "\n\n".join(parts) + "\n"


_TASK_TITLES = {"title": "Title", "objective": "Objective", "context": "Context",
                "expectedOutput": "Expected Output"}


def render_task_brief(task: dict[str, Any], requester: str) -> str:
    parts = [
        f"# Delegated Task\n\n{requester} asked you to do the task below and report back.\n"
        "Your answer goes to them, not to the chat."
    ]
    parts += _sections(task, TASK_KNOWN, _TASK_TITLES)
    parts.append("## Working Notes\n" + TASK_WORKING_NOTES)
    return "\n\n".join(parts) + "\n"


def render_capsule(handle: str, helper: str, title: str, status: str, result: dict[str, Any] | None,
                   error: str | None = None) -> str:
    lines = [f"## Result of {handle}: {title}", f"From: {helper}", f"Status: {status}"]
    if result:
        if _present(result.get("summary")):
            lines.append(f"\n### Summary\n{str(result['summary']).strip()}")
        for key, heading in (("findings", "Findings"), ("warnings", "Warnings"), ("artifacts", "Files")):
            if _present(result.get(key)):
                lines.append(f"\n### {heading}\n{_render_value(result[key])}")
    if error:
        lines.append(f"\n### What went wrong\n{error}")
    return "\n".join(lines)
