"""A run that revises an answer of the chat (docs/canon.md, "Send to an agent to fix"): the regenerate path
with the creator's request instead of the old question. Its commits become new versions of that answer, so the
chapter keeps its place and its number; the older versions stay readable (the message's version arrows).

The agent reads the answer's current text in its input, under the request: it writes the whole revised text and
commits it.
"""

from __future__ import annotations


def revision_prompt(request: str, current: str) -> str:
    """The revising agent's message (model-facing: the agent's own view, no ids, no paths)."""
    return (f"{request.strip()}\n\n"
            "You are revising an answer already in the chat, shown below as it stands. Write the whole revised text "
            "and commit it: it replaces that answer as its newest version (the earlier version stays in its "
            "history).\n\n"
            f"The answer as it stands:\n\n{current}")
