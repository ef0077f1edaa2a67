"""The profiles a run can use: built-ins, then imported ones, then a folder given for this run."""

from __future__ import annotations

from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.domain import json_input
from relay_studio.domain.profile import AgentProfile, ProfileError, parse_profile
from relay_studio.resources import resource_dir
from relay_studio.store.profiles import ProfileStore

DUPLICATE_ID = codes.PROFILE_DUPLICATE_ID


def builtin_dir() -> Path:
    return resource_dir() / "profiles"


def read_profile_file(path: Path) -> AgentProfile:
    """One profile file, within ``json_input``'s limits (1 MiB, UTF-8, 64 levels, 18-digit integers)."""
    try:
        data = json_input.read_json(path, "profile", json_input.MAX_PROFILE_BYTES)
    except json_input.InputRejected as exc:
        raise ProfileError.single(exc.code, str(path), exc.message) from None
    return parse_profile(data, source=str(path))


def load_dir(folder: Path) -> list[AgentProfile]:
    """Every ``*.json`` profile in ``folder``; the first bad file raises ``ProfileError`` naming it, and two
    files with one id are refused naming both (the last one would silently win)."""
    if not folder.is_dir():
        raise ProfileError.single(codes.PROFILE_FOLDER_NOT_FOUND, str(folder), f"There is no folder {folder}.")
    out: list[AgentProfile] = []
    seen: dict[str, Path] = {}
    for path in sorted(folder.glob("*.json")):
        profile = read_profile_file(path)
        if profile.id in seen:
            raise ProfileError.single(
                DUPLICATE_ID, str(path),
                f"{seen[profile.id].name} and {path.name} both define the profile '{profile.id}'; keep one.",
            )
        seen[profile.id] = path
        out.append(profile)
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
