"""``profiles list|validate|import|export``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from relay_studio.cli.exits import EXIT_OK, UsageError
from relay_studio.domain.profile import AgentProfile, ProfileError, next_stage_problems, validate_catalog
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.profile_catalog import read_profile_file


def _read_profile(path: Path) -> AgentProfile:
    return read_profile_file(path)


def cmd_profiles(args: argparse.Namespace, runtime_factory: Callable[[], Runtime]) -> int:
    if args.profiles_command == "validate":
        profile = _read_profile(args.file)
        print(f"{args.file}: valid profile '{profile.id}' ({profile.display_name}).")
        return EXIT_OK
    if args.profiles_command == "import":
        profile = _read_profile(args.file)
        runtime = runtime_factory()
        catalog = {**runtime.profiles(), profile.id: profile}
        problems = validate_catalog(catalog) + next_stage_problems(catalog, {profile.id})
        if problems:
            raise ProfileError(problems, str(args.file))
        runtime.profile_store.save(profile)
        print(f"Imported '{profile.id}' ({profile.display_name}).")
        return EXIT_OK
    runtime = runtime_factory()
    profiles = runtime.profiles()
    if args.profiles_command == "export":
        found = profiles.get(args.id)
        if found is None:
            raise UsageError(f"There is no profile '{args.id}'.")
        print(json.dumps(found.to_json_dict(), ensure_ascii=False, indent=2))
        return EXIT_OK
    for p in profiles.values():
        flags = ("runnable " if p.run.direct_runnable else "") + ("callable" if p.delegation.callable else "")
        print(f"{p.id:<16} {p.display_name:<20} {p.model.mode:<22} {flags.strip()}")
    return EXIT_OK

