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


ONLY_FIRST_HANDOFF = "Only the first handoff in a turn is accepted."

# Limit codes: refusals past a limit (recoverable) and, once the closing allowance is used, the failure.
TOOL_CALL_LIMIT_REACHED = "agent.tool_call_limit_reached"
ROUND_LIMIT_REACHED = "agent.round_limit_reached"
ROUND_BUDGET_EXHAUSTED = "run.round_budget_exhausted"
CLOSING_CALLS_EXHAUSTED = "agent.closing_calls_exhausted"
#: After the nudges the agent still answered in plain text where a finish or handoff was expected.
TOOL_CALL_REQUIRED = "model.tool_call_required"
#: A foreground stage could not start (its input or prompt could not be assembled): it and its task fail.
INVOCATION_START_FAILED = "runtime.invocation_start_failed"
#: Anything else the executor did not expect: the run ends failed with this code, never a traceback.
UNEXPECTED_ERROR = "runtime.unexpected_error"


def lower_first(text: str) -> str:
    """A validator's sentence continued in ours: only its first letter lowered, so quoted values stay exact."""
    return text[:1].lower() + text[1:]


class InvocationFailed(FatalRunError):
    """The agent's own stage cannot go on (model failure, limits): fails its task, or the run."""
