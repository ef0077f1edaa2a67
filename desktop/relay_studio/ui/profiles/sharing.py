"""What the profile editor's Duplicate, Import and New do with a profile's data, apart from the widgets: a copy
with a free id, a file read into a profile (or into data to fix), and what a new relay's creation says. The
strings keep the editor's translation context."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from relay_studio.domain.profile import AgentProfile, ProfileError, parse_profile_text
from relay_studio.ui import i18n


def copy_of(data: dict[str, Any], existing: set[str]) -> dict[str, Any]:
    """``data`` under the first free id ``<id>-copy``, ``<id>-copy-2``, ... and the name "<name> (copy)"."""
    base = f"{data.get('id', 'agent')}-copy"
    new_id, n = base, 2
    while new_id in existing:
        new_id, n = f"{base}-{n}", n + 1
    name = i18n.arg(QCoreApplication.translate("ProfileEditor", "%1 (copy)"), data.get("displayName", "Agent"))
    return {**data, "id": new_id, "displayName": name}


@dataclass(frozen=True)
class ReadProfile:
    """A profile file as read: a valid ``profile``, or the JSON object to open and fix (``to_fix``), or
    neither; ``problem`` says why it is not a valid profile."""

    profile: AgentProfile | None = None
    to_fix: dict[str, Any] | None = None
    problem: str = ""


def read_profile_file(path: Path) -> ReadProfile:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        cannot = QCoreApplication.translate("ProfileEditor", "Cannot read %1: %2")
        return ReadProfile(problem=i18n.arg(cannot, path, exc))
    try:
        return ReadProfile(profile=parse_profile_text(text, source=path.name))
    except ProfileError as exc:
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = None
        return ReadProfile(to_fix=data if isinstance(data, dict) else None, problem=str(exc))


def created_message(template_key: str, names: list[str]) -> str:
    """What the status says after a starting point made several agents, the first named first."""
    if template_key == "relay":  # the only starting point whose agents hand off one to the next
        return i18n.arg(QCoreApplication.translate(
            "ProfileEditor", "Created %1 and %2: each hands off to the next, in that order. Start a run with %3."),
            ", ".join(names[:-1]), names[-1], names[0])
    return i18n.arg(QCoreApplication.translate("ProfileEditor", "Created %1 and, for it, %2. Start a run with %3."),
                    names[0], ", ".join(names[1:]), names[0])
