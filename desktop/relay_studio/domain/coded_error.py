"""``CodedError``: the one base of the exceptions that carry a stable ``code`` and a sentence ``message``.

The codes are listed in ``domain/error_codes.py`` and docs/contracts.md; ``str(error)`` is the message. Each layer
keeps its own subclass (``ToolError``, ``StoreError``, ``ProviderError``, ...) so a caller catches what it can
handle; what they share lives here once. A coded error survives ``pickle`` with its type, code, message and any
attribute a subclass adds (``path``, ``retryable``, ...), whatever that subclass's ``__init__`` takes.
"""

from __future__ import annotations

from typing import Any


def _restore(cls: type[CodedError], args: tuple[Any, ...], state: dict[str, Any]) -> CodedError:
    """Rebuilds a pickled coded error without calling the subclass's ``__init__`` (signatures differ)."""
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class CodedError(Exception):
    """An error with a stable ``code`` and a ``message`` a creator (or the model) can act on."""

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (type(self), self.args, dict(self.__dict__))
