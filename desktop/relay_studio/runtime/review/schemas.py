"""The answer forms of the built-in review kinds: what the runtime needs of a reviewer's result.

A reviewer profile may have its own ``output.schema`` (a stricter or richer form); its answer must match
both that and the form of its kind, because the review tools read these fields."""

from __future__ import annotations

from typing import Any

SEVERITY: dict[str, Any] = {"enum": ["info", "warning", "conflict"]}

CONSISTENCY: dict[str, Any] = {
    "type": "object",
    "properties": {
        "issues": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "severity": SEVERITY,
                    "entry": {"type": "string"},
                    "quote": {"type": "string"},
                    "explanation": {"type": "string"},
                    "suggestion": {"type": "string"},
                },
                "required": ["severity", "entry", "explanation"],
            },
        },
        "overallStatus": {"enum": ["clean", "warning", "conflict"]},
    },
    "required": ["issues", "overallStatus"],
}

RULES: dict[str, Any] = {
    "type": "object",
    "properties": {
        "suggestions": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "text": {"type": "string"},
                    "citation": {
                        "type": "object",
                        "properties": {
                            "document": {"type": "string"},
                            "page": {"type": ["integer", "null"]},
                            "quote": {"type": "string"},
                        },
                        "required": ["document", "quote"],
                    },
                    "severity": SEVERITY,
                    "affectedField": {"type": "string"},
                    "suggestionPatch": {"type": "string"},
                },
                "required": ["text", "citation"],
            },
        },
        "summary": {"type": "string"},
    },
    "required": ["suggestions", "summary"],
}

BY_KIND: dict[str, dict[str, Any]] = {"consistency": CONSISTENCY, "rules": RULES}
#: The name a structured answer is asked for under (OpenAI ``json_schema.name``, Anthropic's tool).
OUTPUT_NAMES: dict[str, str] = {"consistency": "consistency_review", "rules": "rules_review"}
