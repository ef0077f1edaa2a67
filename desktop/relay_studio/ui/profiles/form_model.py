"""The profile being edited, as the portable JSON dict, with paths and live diagnostics. No Qt.

Fields address the dict by camelCase paths (``tools.allow``); a diagnostic's path
(``tools.allow[1]``) belongs to the longest field path it starts with, or to the profile as a whole.

A setting the dict leaves out reads as the value saving would store (``get`` falls back to
``AgentProfile``'s defaults), so a blank agent's form shows what Save writes.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from relay_studio.domain.profile import AgentProfile, Diagnostic, validate_profile

_INDEX = re.compile(r"\[\d+\]")
_MISSING = object()
_defaults: dict[str, Any] | None = None


def profile_defaults() -> dict[str, Any]:
    """Every setting of a profile that names none of its own, as saving stores it (camelCase)."""
    global _defaults
    if _defaults is None:
        _defaults = AgentProfile(id="defaults", display_name="defaults").to_json_dict()
    return _defaults


def get_path(data: dict[str, Any], path: str, default: Any = None) -> Any:
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return default
        node = node[part]
    return node


def set_path(data: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    node = data
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    node[parts[-1]] = value


def field_of(diagnostic_path: str, fields: set[str]) -> str | None:
    """The field a diagnostic belongs to: its path without indexes, or the nearest enclosing field."""
    path = _INDEX.sub("", diagnostic_path)
    while path:
        if path in fields:
            return path
        if "." not in path:
            return None
        path = path.rsplit(".", 1)[0]
    return None


def exported(profile_dict: dict[str, Any]) -> dict[str, Any]:
    """Portable JSON for sharing: the connection binding is dropped to ``requiresConfiguration``."""
    out = copy.deepcopy(profile_dict)
    model = out.setdefault("model", {})
    model["mode"] = "requiresConfiguration"
    model["connection"] = None
    return out


class ProfileForm:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = copy.deepcopy(data)
        self.profile: AgentProfile | None = None
        self.diagnostics: list[Diagnostic] = []
        self.validate()

    @classmethod
    def from_profile(cls, profile: AgentProfile) -> ProfileForm:
        return cls(profile.to_json_dict())

    def get(self, path: str, default: Any = None) -> Any:
        """The value at ``path``; a setting the dict leaves out reads as its default (what Save stores).
        Top-level fields (id, name, description) have no default to show."""
        value = get_path(self.data, path, _MISSING)
        if value is not _MISSING:
            return value
        if "." not in path:
            return default
        return get_path(profile_defaults(), path, default)

    def set_value(self, path: str, value: Any) -> None:
        set_path(self.data, path, value)
        self.validate()

    def validate(self) -> list[Diagnostic]:
        self.profile, self.diagnostics = validate_profile(self.data)
        return self.diagnostics

    @property
    def valid(self) -> bool:
        return self.profile is not None and not self.diagnostics

    def by_field(self, fields: set[str]) -> tuple[dict[str, list[Diagnostic]], list[Diagnostic]]:
        """Diagnostics grouped by the field that shows them, and those no field owns."""
        grouped: dict[str, list[Diagnostic]] = {}
        general: list[Diagnostic] = []
        for d in self.diagnostics:
            owner = field_of(d.path, fields)
            if owner is None:
                general.append(d)
            else:
                grouped.setdefault(owner, []).append(d)
        return grouped, general

    def json_text(self) -> str:
        return json.dumps(self.data, ensure_ascii=False, indent=2)
