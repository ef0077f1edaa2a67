"""The call renames of issue 26's split of ``ui/studio.py`` into operations (``ui/operations/``).

Each old ``Studio`` method now lives on one operation: ``studio.rename_chat(...)`` became
``studio.chats.rename(...)``. ``RENAMES`` lists them as (regex, replacement) pairs; running this script
applies them to every ``.py`` file under ``desktop/`` and ``tests/`` (or the paths given). It is idempotent:
a renamed call no longer matches, so it may be run again, on any branch, after a merge.

    python packaging/dev/studio_renames.py [paths...]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# a studio as views and tests name it: ``studio``, ``self.studio``, ``window.studio``, ``self._studio``, ``Studio``
# (in docstrings); not ``relay_studio`` (a package) nor ``info_studio``
_RECEIVER = r"(?<![A-Za-z0-9_])(_?studio|Studio)"

_SDK = re.compile(r"relay_studio\.api\b|from relay_studio import [^\n]*\bapi\b")

#: old method -> (operation, new name)
MOVES: dict[str, tuple[str, str]] = {
    # chats
    "chat": ("chats", "get"),
    "chat_project_id": ("chats", "project_id"),
    "all_chats": ("chats", "all"),
    "find_chat": ("chats", "find"),
    "ensure_chat": ("chats", "ensure"),
    "unique_chat_name": ("chats", "unique_name"),
    "branch_chat": ("chats", "branch"),
    "messages": ("chats", "messages"),
    "message": ("chats", "message"),
    "message_versions": ("chats", "message_versions"),
    "chat_agent": ("chats", "agent"),
    "delete_message": ("chats", "delete_message"),
    "rename_chat": ("chats", "rename"),
    "duplicate_chat": ("chats", "duplicate"),
    "delete_chat": ("chats", "delete"),
    "continued_in": ("chats", "continued_in"),
    "continued_from": ("chats", "continued_from"),
    "handed_off": ("chats", "handed_off"),
    "new_chat": ("chats", "new"),
    "new_exploration": ("chats", "new_exploration"),
    "read_sillytavern_chat": ("chats", "read_sillytavern"),
    "add_sillytavern_chat": ("chats", "add_sillytavern"),
    "export_sillytavern_chat": ("chats", "export_sillytavern"),
    "project_texts": ("chats", "project_texts"),
    # projects
    "projects": ("projects", "all"),
    "project": ("projects", "get"),
    "create_project": ("projects", "create"),
    "rename_project": ("projects", "rename"),
    "project_chats": ("projects", "chats"),
    "project_folder": ("projects", "folder"),
    "read_project": ("projects", "read"),
    # library
    "library": ("library", "store"),
    "library_entries": ("library", "entries"),
    "save_entry": ("library", "save_entry"),
    "remove_entry": ("library", "remove_entry"),
    "read_library_files": ("library", "read_files"),
    "add_library_entries": ("library", "add_entries"),
    "export_world_info": ("library", "export_world_info"),
    "library_conflicts": ("library", "conflicts"),
    "skills": ("library", "skills"),
    "save_skill": ("library", "save_skill"),
    # knowledge
    "knowledge": ("knowledge", "library"),
    "knowledge_documents": ("knowledge", "documents"),
    "import_knowledge": ("knowledge", "start_import"),
    "remove_document": ("knowledge", "remove_document"),
    "document_text": ("knowledge", "document_text"),
    "search_knowledge": ("knowledge", "search"),
    # journal
    "run": ("journal", "run"),
    "runs": ("journal", "runs"),
    "run_input": ("journal", "run_input"),
    "run_events": ("journal", "events"),
    "read_run_events": ("journal", "read_events"),
    "event_count": ("journal", "event_count"),
    "model_turn": ("journal", "model_turn"),
    "file_versions": ("journal", "file_versions"),
    "citations": ("journal", "citations"),
    "run_finisher": ("journal", "finisher"),
    "read_branches": ("journal", "read_branches"),
    "compare_runs": ("journal", "compare"),
    "fork_run": ("journal", "fork"),
    # agents
    "profiles": ("agents", "profiles"),
    "builtin_ids": ("agents", "builtin_ids"),
    "save_profile": ("agents", "save"),
    "remove_profile": ("agents", "remove"),
    "prompt_preview": ("agents", "prompt_preview"),
    "generated_prompt": ("agents", "generated_prompt"),
    "add_card_agent": ("agents", "add_card_agent"),
    # connections
    "PERSONA_MAX_CHARS": ("connections", "PERSONA_MAX_CHARS"),
    "persona_name": ("connections", "persona_name"),
    "set_persona_name": ("connections", "set_persona_name"),
    "connection_store": ("connections", "store"),
    "connection_choices": ("connections", "choices"),
    "server_models": ("connections", "server_models"),
}

#: the old methods named as an operation is now (``studio.library(pid)`` was the store; ``studio.library`` is
#: the operation): only their calls are renamed, so a mention of the operation itself stays as it is
_NOW_OPERATIONS = {op for op, _new in MOVES.values()}

#: (regex, replacement): ``studio.<old>`` not followed by ``.`` (``studio.projects.all`` is already renamed) nor
#: by a word character (``studio.run_status`` is another name); ``studio.<operation>(`` only for those names
RENAMES: list[tuple[str, str]] = [
    (_RECEIVER + r"\." + old + (r"(?=\()" if old in _NOW_OPERATIONS else r"\b(?!\.)"), r"\1." + op + "." + new)
    for old, (op, new) in MOVES.items()
]


def rename(text: str) -> str:
    for pattern, replacement in RENAMES:
        text = re.sub(pattern, replacement, text)
    return text


def main(argv: list[str]) -> int:
    roots = [Path(a) for a in argv] or [ROOT / "desktop", ROOT / "tests"]
    changed = 0
    for root in roots:
        for path in sorted(root.rglob("*.py") if root.is_dir() else [root]):
            if path.parent.name == "operations" or path.name in ("studio.py", "studio_renames.py"):
                continue  # the studio and its operations are written by hand
            text = path.read_text(encoding="utf-8")
            if _SDK.search(text) or path.name == "api.py" or "runtime" in path.parts:
                continue  # the SDK's ``Studio`` (``relay_studio.api``: ``studio.run(agent, ...)``) is another class
            new = rename(text)
            if new != text:
                path.write_text(new, encoding="utf-8")
                changed += 1
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    print(f"{changed} files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
