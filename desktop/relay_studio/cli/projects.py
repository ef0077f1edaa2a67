"""``relay-studio projects list|create|rename``, and ``--project NAME`` for the commands that read or
write a chat.

Exit codes: 0 done, 2 bad usage or input (one line on stderr naming the problem, nothing changed).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.domain.records import ProjectRecord
    from relay_studio.runtime.engine import Runtime

EXIT_OK, EXIT_USAGE = 0, 2


def project_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--project", metavar="NAME", help="the project the chat belongs to (default: the default "
                                                          "project)")


def add_projects_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    projects = subparsers.add_parser("projects", parents=[common], help="projects (chats, story library, Skills)")
    sub = projects.add_subparsers(dest="projects_command", required=True)
    listing = sub.add_parser("list", parents=[common], help="list projects")
    listing.add_argument("--json", action="store_true")
    create = sub.add_parser("create", parents=[common], help="create a project")
    create.add_argument("name")
    create.add_argument("--json", action="store_true")
    rename = sub.add_parser("rename", parents=[common], help="rename a project (its folder keeps its name)")
    rename.add_argument("name", help="the project's current name")
    rename.add_argument("new_name")
    rename.add_argument("--json", action="store_true")


def resolve_project(runtime: Runtime, name: str | None) -> ProjectRecord:
    """The project ``--project`` names; raises ``ProjectError`` naming the known ones."""
    return runtime.projects.resolve(name)


def _as_json(runtime: Runtime, project: ProjectRecord) -> dict[str, Any]:
    return {**project.model_dump(mode="json"), "chats": len(runtime.chats.chats(project.id)),
            "default": project.id == runtime.projects.default().id, "folder": str(runtime.project_dir(project))}


def run_projects(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.store.projects import ProjectError

    try:
        if args.projects_command == "list":
            items = [_as_json(runtime, p) for p in runtime.projects.list()]
            if args.json:
                print(json.dumps(items, ensure_ascii=False, indent=2))
            else:
                for item in items:
                    mark = " (default)" if item["default"] else ""
                    print(f"{item['name']}{mark}\t{item['chats']} chats\t{item['folder']}")
            return EXIT_OK
        if args.projects_command == "create":
            project = runtime.projects.create(args.name)
            message = f"Created the project '{project.name}'."
        else:
            current = runtime.projects.resolve(args.name)
            project = runtime.projects.rename(current.id, args.new_name)
            message = f"Renamed the project '{current.name}' to '{project.name}'."
    except ProjectError as exc:
        sys.stderr.write(f"error: {exc.message} [{exc.code}]\n")
        return EXIT_USAGE
    if args.json:
        print(json.dumps({**_as_json(runtime, project), "message": message}, ensure_ascii=False, indent=2))
    else:
        print(message)
    return EXIT_OK
