"""The one error an export raises (``export``, ``structure``, ``language_tag``)."""

from __future__ import annotations

from relay_studio.domain.coded_error import CodedError


class ExportError(CodedError):
    """A manuscript that cannot be exported: a sentence naming the problem, and a stable code."""
