"""The profiles a run can use: built-ins, then imported ones, then a folder given for this run."""

from __future__ import annotations

from pathlib import Path

from relay_studio.domain.profile import AgentProfile, ProfileError, parse_profile_text
from relay_studio.resources import resource_dir
from relay_studio.store.profiles import ProfileStore


def builtin_dir() -> Path:
    return resource_dir() / "profiles"


def load_dir(folder: Path) -> list[AgentProfile]:
    """Every ``*.json`` profile in ``folder``; the first bad file raises ``ProfileError`` naming it."""
    if not folder.is_dir():
        raise ProfileError.single("profile.folder_not_found", str(folder), f"There is no folder {folder}.")
    out: list[AgentProfile] = []
    for path in sorted(folder.glob("*.json")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ProfileError.single("profile.unreadable", path.name, f"Cannot read {path}: {exc}.") from None
        out.append(parse_profile_text(text, source=str(path)))
    return out


def builtin_profiles() -> list[AgentProfile]:
    return load_dir(builtin_dir())


def catalog(store: ProfileStore | None = None, extra: list[AgentProfile] | None = None) -> dict[str, AgentProfile]:
    profiles = {p.id: p for p in builtin_profiles()}
    if store is not None:
        profiles.update({p.id: p for p in store.all()})
    if extra:
        profiles.update({p.id: p for p in extra})
    return profiles
