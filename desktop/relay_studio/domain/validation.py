"""A pydantic validation's first problem as one line: every parser that answers one sentence uses this.

The validator's sentence is continued in ours with only its first letter lowered, so the values it quotes
stay exactly as spelled ("'pendingTaskPolicy': input should be 'denyIfPending'").
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError


def lower_first(text: str) -> str:
    """A validator's sentence continued in ours: only its first letter lowered, so quoted values stay exact."""
    return text[:1].lower() + text[1:]


@dataclass(frozen=True)
class FirstProblem:
    where: str  # the field's dotted location, or the name of the whole when the problem is the whole
    kind: str  # pydantic's error type ("missing", "extra_forbidden", "literal_error", ...)
    message: str  # the validator's sentence, its first letter lowered

    @property
    def missing(self) -> bool:
        return self.kind == "missing"

    @property
    def unknown(self) -> bool:
        return self.kind == "extra_forbidden"

    def line(self, unknown: str = "is not a known field") -> str:
        """``'where' is required`` | ``'where' <unknown>`` | ``'where': <validator's sentence>``."""
        if self.missing:
            return f"'{self.where}' is required"
        if self.unknown:
            return f"'{self.where}' {unknown}"
        return f"'{self.where}': {self.message}"


def first_problem(exc: ValidationError, whole: str) -> FirstProblem:
    """The first of ``exc``'s errors; ``whole`` names the location when the error is about the whole input."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or whole
    return FirstProblem(where, str(first["type"]), lower_first(str(first["msg"])))
