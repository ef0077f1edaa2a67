"""``runtime/prompt_preview.py``: what an agent would receive on its first call, from the runtime's own
prompt assembly and tool surface, without a run, a model call or a row written."""

from __future__ import annotations

from pathlib import Path

import pytest

from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.prompt_preview import NoModel, generated_prompt, prompt_preview


def test_the_preview_is_the_assembled_prompt_and_tools_and_writes_nothing(tmp_path: Path) -> None:
    runtime = Runtime(tmp_path)
    try:
        catalog = runtime.profiles()
        writer = catalog["writer"]
        own = writer.model_copy(update={"instructions": writer.instructions.model_copy(
            update={"system_prompt": "You are a careful writer of sea stories."})})
        before = runtime.runs.runs(None, limit=10)
        preview = prompt_preview(own, catalog, runtime.db, runtime.bridge)
        assert preview.system_prompt.startswith("You are a careful writer of sea stories.")
        names = [tool.name for tool in preview.tools]
        assert "agent_handoff" in names and len(names) == len(set(names))
        default = generated_prompt(own, catalog, runtime.db, runtime.bridge)
        assert "sea stories" not in default and default  # what an own prompt replaces
        assert runtime.runs.runs(None, limit=10) == before
    finally:
        runtime.close()


def test_the_previews_model_is_never_asked() -> None:
    from relay_studio.domain.messages import ModelRequest

    with pytest.raises(RuntimeError, match="calls no model"):
        NoModel().stream(ModelRequest.model_construct())
