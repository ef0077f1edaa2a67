"""The command's exit codes, and the one error that means bad usage."""

from __future__ import annotations

from relay_studio.domain.enums import RunStatus

EXIT_OK, EXIT_USAGE, EXIT_FAILED, EXIT_PARTIAL, EXIT_CANCELLED = 0, 2, 3, 4, 130
STATUS_EXIT = {
    RunStatus.COMPLETED: EXIT_OK,
    RunStatus.PARTIAL_SUCCESS: EXIT_PARTIAL,
    RunStatus.FAILED: EXIT_FAILED,
    RunStatus.INTERRUPTED: EXIT_FAILED,
    RunStatus.CANCELLED: EXIT_CANCELLED,
}


class UsageError(Exception):
    """Bad input: reported in one line, exit code 2."""

