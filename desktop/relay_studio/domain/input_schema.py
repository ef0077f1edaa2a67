"""Structured handoff input: a JSON Schema object a target requires of the brief's extra fields."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


def _object_schema_problem(schema: dict[str, Any], what: str) -> str | None:
    """Why ``schema`` cannot be ``what`` (it must be a valid JSON Schema of an object), or None."""
    if schema.get("type") != "object":
        return f"The {what} must describe an object ('type': 'object')."
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        return f"The {what} is not valid JSON Schema: {exc.message}."
    return None


def input_schema_problem(schema: dict[str, Any]) -> str | None:
    """Why ``schema`` cannot be a handoff target's input schema, or None."""
    return _object_schema_problem(schema, "input schema")


def output_schema_problem(schema: dict[str, Any]) -> str | None:
    """Why ``schema`` cannot be a reviewer's answer form (a JSON object), or None."""
    return _object_schema_problem(schema, "output schema")


def output_errors(schema: dict[str, Any], data: object) -> list[str]:
    """Where ``data`` departs from ``schema``, each as a sentence naming the field (extra fields allowed)."""
    out: list[str] = []
    for error in sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: [str(p) for p in e.path]):
        field = ".".join(str(p) for p in error.path)
        out.append(f"'{field}': {error.message}" if field else error.message)
    return out


def input_errors(schema: dict[str, Any], data: dict[str, Any]) -> list[str]:
    """Each problem as a sentence naming the field, for the agent to fix."""
    strict = {"additionalProperties": False, **schema}
    out: list[str] = []
    for error in sorted(Draft202012Validator(strict).iter_errors(data), key=lambda e: list(e.path)):
        field = ".".join(str(p) for p in error.path)
        out.append(f"'{field}': {error.message}" if field else error.message)
    return out
