"""The provider interface the runtime streams from.

A provider turns a canonical ``ModelRequest`` into a stream of ``StreamEvent``s that ends with exactly
one ``ResponseCompleted``. Failures raise ``ProviderError`` with a stable code and a sentence a creator
understands; ``retryable`` tells the caller whether trying again can help.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol, runtime_checkable

from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.messages import ModelRequest, StreamEvent


class ProviderError(CodedError):
    """A model call that failed; ``retryable`` tells whether trying again can help."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        retryable: bool = False,
        status: int | None = None,
        retry_after: float | None = None,
        detail: str | None = None,
    ) -> None:
        super().__init__(code, message)
        self.retryable = retryable
        self.status = status
        self.retry_after = retry_after
        #: The server's own words (trimmed, secrets scrubbed), when it said any; also inside ``message``.
        self.detail = detail


@runtime_checkable
class ModelProvider(Protocol):
    """Streams one model call. Cancelling the consuming task must close the underlying stream."""

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]: ...
