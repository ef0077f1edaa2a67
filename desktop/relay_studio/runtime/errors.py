"""Recoverable tool errors (the model can fix them) and fatal run errors (a broken host contract).

Codes are stable and dotted; messages are written to the agent, from its own view, and say how to
fix the problem.
"""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.validation import lower_first as lower_first  # its home is domain/validation.py
from relay_studio.store.data_folder import disk_full_message, is_disk_full


class ToolError(CodedError):
    """A mistake the model can correct: answered as a tool result with ``isError``."""


class FatalRunError(CodedError):
    """Ends the active invocation (and the run) as failed; the code goes into the journal."""


ONLY_FIRST_HANDOFF = "Only the first handoff in a turn is accepted."

# Limit codes (spelled in domain/error_codes.py): refusals past a limit (recoverable) and, once the closing
# allowance is used, the failure.
TOOL_CALL_LIMIT_REACHED = codes.AGENT_TOOL_CALL_LIMIT_REACHED
ROUND_LIMIT_REACHED = codes.AGENT_ROUND_LIMIT_REACHED
ROUND_BUDGET_EXHAUSTED = codes.RUN_ROUND_BUDGET_EXHAUSTED
CLOSING_CALLS_EXHAUSTED = codes.AGENT_CLOSING_CALLS_EXHAUSTED
#: After the nudges the agent still answered in plain text where a finish or handoff was expected.
TOOL_CALL_REQUIRED = codes.MODEL_TOOL_CALL_REQUIRED
#: A foreground stage could not start (its input or prompt could not be assembled): it and its task fail.
INVOCATION_START_FAILED = codes.RUNTIME_INVOCATION_START_FAILED
#: Anything else the executor did not expect: the run ends failed with this code, never a traceback.
UNEXPECTED_ERROR = codes.RUNTIME_UNEXPECTED_ERROR
#: The disk holding the data folder filled up during the run: it ends with this code, its commits kept.
DISK_FULL = codes.STORE_DISK_FULL


def disk_full_failure(exc: BaseException) -> FatalRunError | None:
    """A full disk under the data folder (``store.data_folder.is_disk_full``) as the run's failure
    (``store.disk_full``, said as such), or None for any other exception."""
    return FatalRunError(DISK_FULL, disk_full_message()) if is_disk_full(exc) else None


def unexpected_failure(exc: Exception, agent: str) -> FatalRunError:
    """What an exception nothing below expected ends the run with: a full disk, or
    ``runtime.unexpected_error`` naming the exception."""
    return disk_full_failure(exc) or FatalRunError(UNEXPECTED_ERROR, f"Relay Studio failed while {agent} worked: "
                                                                     f"{exc!r}")


class InvocationFailed(FatalRunError):
    """The agent's own stage cannot go on (model failure, limits): fails its task, or the run."""


def failure_as_told(code: str, message: str, agent: str, *, sentence: bool = False) -> str:
    """What another agent reads of ``agent``'s failure (a reviewer's, a helper's): a model server's own error
    text, which may carry its stack trace and file paths, stays in the journal; the reader is told that
    ``agent``'s model server failed to answer. Any other failure's message is already written for agents.
    ``sentence`` gives the server's failure as a sentence of its own rather than a clause."""
    if code.startswith("provider."):
        told = f"the model server of {agent} failed to answer"
        return f"T{told[1:]}." if sentence else told
    return message
