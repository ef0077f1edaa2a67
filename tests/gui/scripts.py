"""Scripted turns for the GUI tests: the built-in writer -> editor -> finalizer relay."""

from __future__ import annotations

from typing import Any

DRAFT = "# The Harbour\n\nThe boats came home at dusk.\n"
REVISED = "# The Harbour\n\nThe boats came home at dusk, heavy with silver.\n"


def relay_turns() -> dict[str, list[dict[str, Any]]]:
    return {
        "writer": [
            {"text": "Drafting the harbour scene now.",
             "toolCalls": [{"name": "workspace_write_file",
                            "arguments": {"path": "output/main.md", "content": DRAFT}}]},
            {"toolCalls": [
                {"name": "workspace_commit", "arguments": {"path": "output/main.md"}},
                {"name": "agent_handoff", "arguments": {"agentId": "editor", "handoff": {
                    "title": "Tighten the harbour", "objective": "Revise output/main.md and hand it on.",
                    "mustPreserve": ["The boats come home."]}}}]},
        ],
        "editor": [
            {"toolCalls": [{"name": "workspace_write_file",
                            "arguments": {"path": "output/main.md", "content": REVISED}},
                           {"name": "workspace_commit", "arguments": {}}]},
            {"toolCalls": [{"name": "agent_handoff", "arguments": {"agentId": "finalizer", "handoff": {
                "title": "Final polish", "objective": "Finish the run."}}}]},
        ],
        "finalizer": [
            {"toolCalls": [{"name": "workspace_finish", "arguments": {"summary": "Done."}}]},
        ],
    }
