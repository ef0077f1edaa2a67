"""Structured handoff input: a JSON Schema object a target requires of the brief's extra fields.

``jsonschema`` (with ``referencing``, ``attrs`` and ``rpds``, ~60 ms to import) is imported by the
functions that check or apply a schema, not with this module: the window's start-up reads the built-in
profiles, whose schemas are known to be valid (``schemas_known_valid``), and needs it no sooner than a run
or an editor checks one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any


def _meta_schema_problem(schema: Mapping[str, Any]) -> str | None:
    """The meta-schema's complaint about ``schema``, or None."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        return str(exc.message)
    return None


@lru_cache(maxsize=256)
def _meta_schema_problem_of_text(schema_text: str) -> str | None:
    """``_meta_schema_problem`` of one schema as canonical JSON text: the check takes milliseconds, and
    every validation of a profile asks it again about the same few schemas."""
    return _meta_schema_problem(json.loads(schema_text))


def _object_schema_problem(schema: dict[str, Any], what: str, known_valid: bool) -> str | None:
    """Why ``schema`` cannot be ``what`` (it must be a valid JSON Schema of an object), or None;
    ``known_valid``: the meta-schema check is skipped (a built-in profile's, tested to pass it)."""
    if schema.get("type") != "object":
        return f"The {what} must describe an object ('type': 'object')."
    if known_valid:
        return None
    try:
        problem = _meta_schema_problem_of_text(json.dumps(schema, sort_keys=True, ensure_ascii=False))
    except (TypeError, ValueError):  # not JSON (a Python API caller's own objects): checked as it is
        problem = _meta_schema_problem(schema)
    return f"The {what} is not valid JSON Schema: {problem}." if problem is not None else None


def input_schema_problem(schema: dict[str, Any], *, known_valid: bool = False) -> str | None:
    """Why ``schema`` cannot be a handoff target's input schema, or None."""
    return _object_schema_problem(schema, "input schema", known_valid)


def output_schema_problem(schema: dict[str, Any], *, known_valid: bool = False) -> str | None:
    """Why ``schema`` cannot be a reviewer's answer form (a JSON object), or None."""
    return _object_schema_problem(schema, "output schema", known_valid)


def output_errors(schema: dict[str, Any], data: object) -> list[str]:
    """Where ``data`` departs from ``schema``, each as a sentence naming the field (extra fields allowed)."""
    from jsonschema import Draft202012Validator

    out: list[str] = []
    for error in sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: [str(p) for p in e.path]):
        field = ".".join(str(p) for p in error.path)
        out.append(f"'{field}': {error.message}" if field else error.message)
    return out


def input_errors(schema: dict[str, Any], data: dict[str, Any]) -> list[str]:
    """Each problem as a sentence naming the field, for the agent to fix."""
    from jsonschema import Draft202012Validator

    strict = {"additionalProperties": False, **schema}
    out: list[str] = []
    for error in sorted(Draft202012Validator(strict).iter_errors(data), key=lambda e: list(e.path)):
        field = ".".join(str(p) for p in error.path)
        out.append(f"'{field}': {error.message}" if field else error.message)
    return out
