"""Recoverable tool errors (the model can fix them) and fatal run errors (a broken host contract).

Codes are stable and dotted; messages are written to the agent, from its own view, and say how to
fix the problem.
"""

from __future__ import annotations


class ToolError(Exception):
    """A mistake the model can correct: answered as a tool result with ``isError``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class FatalRunError(Exception):
    """Ends the active invocation (and the run) as failed; the code goes into the journal."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class HandoffInvalidArguments(ToolError):
    def __init__(self, message: str) -> None:
        super().__init__("tool.invalid_arguments", message)


ONLY_FIRST_HANDOFF = "Only the first handoff in a turn is accepted."


class InvocationFailed(FatalRunError):
    """The agent's own stage cannot go on (model failure, limits): fails its task, or the run."""
