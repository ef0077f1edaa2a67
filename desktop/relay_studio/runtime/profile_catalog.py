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


def read_profile_file(path: Path, *, builtin: bool = False) -> AgentProfile:
    """One profile file, within ``json_input``'s limits (1 MiB, UTF-8, 64 levels, 18-digit integers).
    ``builtin``: one of the app's own, whose JSON Schemas are known to pass the meta-schema
    (``tests/unit/test_startup_imports.py``), so start-up does not import jsonschema to check them."""
    try:
        data = json_input.read_json(path, "profile", json_input.MAX_PROFILE_BYTES)
    except json_input.InputRejected as exc:
        raise ProfileError.single(exc.code, str(path), exc.message) from None
    return parse_profile(data, source=str(path), schemas_known_valid=builtin)


def load_dir(folder: Path, *, builtin: bool = False) -> list[AgentProfile]:
    """Every ``*.json`` profile in ``folder``; the first bad file raises ``ProfileError`` naming it, and two
    files with one id are refused naming both (the last one would silently win)."""
    if not folder.is_dir():
        raise ProfileError.single(codes.PROFILE_FOLDER_NOT_FOUND, str(folder), f"There is no folder {folder}.")
    out: list[AgentProfile] = []
    seen: dict[str, Path] = {}
    for path in sorted(folder.glob("*.json")):
        profile = read_profile_file(path, builtin=builtin)
        if profile.id in seen:
            raise ProfileError.single(
                DUPLICATE_ID, str(path),
                f"{seen[profile.id].name} and {path.name} both define the profile '{profile.id}'; keep one.",
            )
        seen[profile.id] = path
        out.append(profile)
    return out


#: The built-ins as last read, under their folder's fingerprint (each file's name, size and mtime): the
#: window asks for the catalog on every chat it opens, and reading and validating the files each time
#: cost a frame or more.
_builtin_cache: tuple[tuple[tuple[str, int, int], ...], list[AgentProfile]] | None = None


def _fingerprint(folder: Path) -> tuple[tuple[str, int, int], ...]:
    out = []
    for path in sorted(folder.glob("*.json")):
        st = path.stat()
        out.append((path.name, st.st_size, st.st_mtime_ns))
    return tuple(out)


def builtin_profiles() -> list[AgentProfile]:
    """The built-in profiles, read again only when their files change (profiles are frozen, so the
    callers share them)."""
    global _builtin_cache
    folder = builtin_dir()
    key = _fingerprint(folder) if folder.is_dir() else ()
    if _builtin_cache is None or _builtin_cache[0] != key:
        _builtin_cache = (key, load_dir(folder, builtin=True))
    return list(_builtin_cache[1])


def catalog(store: ProfileStore | None = None, extra: list[AgentProfile] | None = None) -> dict[str, AgentProfile]:
    profiles = {p.id: p for p in builtin_profiles()}
    if store is not None:
        profiles.update({p.id: p for p in store.all()})
    if extra:
        profiles.update({p.id: p for p in extra})
    return profiles
