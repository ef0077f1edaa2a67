""""What the model sees" for a profile, as text: the runtime's ``PromptPreview`` (its own prompt
assembly and tool surface for a root invocation of the profile, ``runtime/prompt_preview.py``), which
the editor asks ``Studio.agents.prompt_preview`` for."""

from __future__ import annotations

import json

from relay_studio.runtime.prompt_preview import PromptPreview


def model_view_text(preview: PromptPreview) -> str:
    """The system prompt and the tools, as the runtime would send them to this agent's first call."""
    tools = preview.tools
    parts = ["SYSTEM PROMPT", "=" * 13, preview.system_prompt, "", f"TOOLS ({len(tools)})", "=" * 9]
    for tool in tools:
        parts += [f"{tool.name}: {tool.description}", json.dumps(tool.parameters, indent=2), ""]
    return "\n".join(parts)
