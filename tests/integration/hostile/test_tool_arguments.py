"""A model's hostile tool arguments are its mistake, told to it, never the end of the run (issue 39:
arguments nested past the recursion limit ended it with ``RecursionError``, an integer of over 4,300
digits with ``ValueError``, both as ``runtime.unexpected_error``)."""

from __future__ import annotations

import pytest

from relay_studio.domain.enums import RunStatus
from tests.support import Harness, call, relay_profiles

BAD_ARGUMENTS = {
    "nested 100k deep": ('{"path": "output/main.md", "content": ' + "[" * 100_000 + "]" * 100_000 + "}",
                         "nested more than 64 levels deep"),
    "nested 500 deep (under the recursion limit)": (
        '{"path": "output/main.md", "content": "x", "extra": ' + "[" * 500 + "]" * 500 + "}",
        "nested more than 64 levels deep"),
    "an integer of 5,000 digits": ('{"path": "output/main.md", "content": ' + "9" * 5000 + "}",
                                   "a number that is too large"),
}


@pytest.mark.parametrize("case", list(BAD_ARGUMENTS))
async def test_hostile_tool_arguments_are_a_recoverable_tool_error(harness: Harness, case: str) -> None:
    arguments, told = BAD_ARGUMENTS[case]
    turns = {"final-editor": [
        {"toolCalls": [call("workspace_write_file", arguments)]},
        {"toolCalls": [call("workspace_write_file", {"path": "output/main.md", "content": "The tide."}),
                       call("workspace_commit"), call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=relay_profiles())
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    assert harness.error_codes(run_id) == ["tool.invalid_arguments"]
    assert harness.provider is not None
    told_model = harness.provider.requests[1].messages[-1]
    assert told_model.role == "tool" and told_model.is_error and told in told_model.content, told_model.content
    assert harness.file(run_id, "output/main.md") == "The tide."
