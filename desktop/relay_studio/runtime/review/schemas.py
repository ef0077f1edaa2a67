"""The answer forms of the built-in review kinds: what the runtime needs of a reviewer's result.

A reviewer profile may have its own ``output.schema`` (a stricter or richer form); its answer must match
both that and the form of its kind, because the review tools read these fields. A rules review in review
mode (``review.rules(reviewMode: true)``, a balance review) needs more of each suggestion: its severity,
the field it affects and the change it suggests (``RULES_REVIEW_MODE``)."""

from __future__ import annotations

import copy
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

#: What each suggestion of a balance review must have besides its text and citation.
REVIEW_MODE_FIELDS: tuple[str, ...] = ("severity", "affectedField", "suggestionPatch")


def requiring_review_fields(schema: dict[str, Any]) -> dict[str, Any]:
    """A rules answer form whose suggestions must also carry ``REVIEW_MODE_FIELDS`` (a copy; a form whose
    suggestions are not described as objects is returned unchanged, the kind's form still checks them)."""
    items = schema.get("properties", {}).get("suggestions", {}).get("items")
    if not isinstance(items, dict):
        return schema
    out = copy.deepcopy(schema)
    item = out["properties"]["suggestions"]["items"]
    required = list(item.get("required", []))
    item["required"] = required + [f for f in REVIEW_MODE_FIELDS if f not in required]
    return out


#: The form of a rules review in review mode: every suggestion with a severity, an affected field and a patch.
RULES_REVIEW_MODE: dict[str, Any] = requiring_review_fields(RULES)

BY_KIND: dict[str, dict[str, Any]] = {"consistency": CONSISTENCY, "rules": RULES}


def answer_forms(kind: str, own: dict[str, Any] | None, review_mode: bool = False) -> list[dict[str, Any]]:
    """The schemas a reviewer's answer is checked against, the first of them asked for on the wire: the
    reviewer's own ``output.schema`` (if any), then its kind's form; in review mode both need the
    review fields of each suggestion."""
    form = RULES_REVIEW_MODE if kind == "rules" and review_mode else BY_KIND[kind]
    if own is not None and kind == "rules" and review_mode:
        own = requiring_review_fields(own)
    return [s for s in (own, form) if s is not None]
#: The name a structured answer is asked for under (OpenAI ``json_schema.name``, Anthropic's tool).
OUTPUT_NAMES: dict[str, str] = {"consistency": "consistency_review", "rules": "rules_review"}
