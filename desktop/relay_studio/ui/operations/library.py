"""A project's story library (entries, SillyTavern cards and World Info, overlaps) and its Skills.

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.library``."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject

from relay_studio.domain import error_codes as codes
from relay_studio.give_way import giving_way
from relay_studio.library import sillytavern as st
from relay_studio.library.entries import LibraryEntry, LibraryError, check_entry
from relay_studio.library.importing import read_library_file
from relay_studio.library.overlap import Conflict, ImportOutcome, Resolver
from relay_studio.library.skills import Skill, SkillCatalog, parse_skill, render_skill
from relay_studio.library.store import (
    IndexedEntry,
    IndexScan,
    LibraryProblem,
    LibraryStore,
    atomic_write,
)
from relay_studio.resources import resource_dir
from relay_studio.ui.operations.ops import FILES, Changes, ReadStores

if TYPE_CHECKING:
    from relay_studio.runtime.engine import Runtime
    from relay_studio.ui.operations.hub import StudioHub
    from relay_studio.ui.operations.projects import ProjectOperations


P = TypeVar("P")  # what a library write plans on the lane
T = TypeVar("T")  # what it returns once written

#: how many times a read of the entries writes the index's catching up before it shows what is indexed (files that
#: keep changing while it reads: the next read catches up again)
ENTRY_READ_ROUNDS = 3


@dataclass(frozen=True)
class EntriesRead:
    """The story library as the codex shows it: its entries (by type, then name) and the files left out."""

    entries: list[IndexedEntry]
    problems: list[LibraryProblem]


def _scan_entries(project_id: str, folder: Path, stores: ReadStores) -> tuple[IndexScan, list[IndexedEntry]]:
    """On the ``project-files`` lane: the folder compared with the index (read only) and the entries indexed (what
    the codex lists: its loops give way to the GUI thread while it is busy)."""
    library = LibraryStore(stores.db, project_id, folder)
    with giving_way():
        return library.scan(), library.entries()


@dataclass(frozen=True)
class WorldInfoWritten:
    """What an export wrote: how many entries, or why the file could not be written (the system's words)."""

    count: int
    error: str = ""


def _write_world_info(path: Path, items: list[IndexedEntry]) -> WorldInfoWritten:
    """On a lane: the entries as SillyTavern World Info JSON, written to ``path`` (atomic)."""
    entries = st.world_info_entries([i.entry for i in items])
    try:
        atomic_write(path, json.dumps(st.world_info_json(entries), ensure_ascii=False, indent=2) + "\n")
    except OSError as exc:
        return WorldInfoWritten(0, exc.strerror or str(exc))
    return WorldInfoWritten(len(entries))


class LibraryOperations:
    def __init__(self, hub: StudioHub, projects: ProjectOperations) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self.projects = projects

    def store(self, project_id: str) -> LibraryStore:
        """The project's story library, its index brought up to date with the files (edits made outside)."""
        return LibraryStore.open(self.runtime.db, project_id, self.projects.folder(project_id))

    def entries(self, project_id: str) -> tuple[list[IndexedEntry], list[LibraryProblem]]:
        """The story library's entries (by type, then name) and the files it could not index."""
        library = self.store(project_id)
        return library.entries(), list(library.problems)

    def read_entries(self, owner: QObject, project_id: str, then: Callable[[EntriesRead], None], *,
                     show: Callable[[str], None] | None = None, rounds: int = ENTRY_READ_ROUNDS) -> None:
        """``entries`` as a query: the folder is scanned on the ``project-files`` lane (a book's 1,000 files are
        never looked at on the GUI thread); when the index is behind the files (edits made outside the app), its
        writes go to the writer lane as a change of the project's library and the entries are read again. The
        newest read of a project wins."""
        folder = self.projects.folder(project_id)
        self.hub.ops.query(owner, partial(_scan_entries, project_id, folder),
                           partial(self._on_scanned, owner, project_id, then, show, rounds),
                           key=("library-entries", project_id), lane=FILES, show=show)

    def _on_scanned(self, owner: QObject, project_id: str, then: Callable[[EntriesRead], None],
                    show: Callable[[str], None] | None, rounds: int,
                    scanned: tuple[IndexScan, list[IndexedEntry]]) -> None:
        found, entries = scanned
        if not found.writes or rounds <= 1:
            then(EntriesRead(entries, found.problems))
            return
        self._catch_up(owner, project_id, found, show,
                       lambda: self.read_entries(owner, project_id, then, show=show, rounds=rounds - 1))

    def _catch_up(self, owner: QObject, project_id: str, found: IndexScan, show: Callable[[str], None] | None,
                  again: Callable[[], None]) -> None:
        """The index was behind the files (edits made outside the app): the scan's writes on the writer lane, as a
        change of the project's library; then ``again()`` (the read or the plan made again)."""
        folder = self.projects.folder(project_id)

        def write(runtime: Runtime) -> list[LibraryProblem]:
            return LibraryStore(runtime.db, project_id, folder).apply(found)

        self.hub.ops.change(owner, write, lambda _problems: Changes.of(library=project_id),
                            lambda _problems: again(), show=show)

    def _plan_then_write(self, owner: QObject, project_id: str, plan: Callable[[LibraryStore], P],
                         write: Callable[[LibraryStore, P], T], then: Callable[[T], None],
                         again: Callable[[int], None], *, show: Callable[[str], None] | None, rounds: int,
                         key: Hashable | None = None) -> None:
        """The one shape of a library write: ``plan`` on the ``project-files`` lane against the index caught up with
        the folder (when the index is behind the files, the catching up is written on the writer lane first and
        ``again(rounds - 1)`` plans anew, as ``read_entries`` reads anew), then ``write`` of what was planned on the
        writer lane, announced as a change of the project's library; ``then(result)``. A failure goes to ``show``.
        The creator asked for the write: a view that closed while it was planned does not stop it (an import's files
        staged on the lane would stay staged, locked until the process ends), only ``then`` is not called. One that
        closed while the index was caught up first does (nothing was planned or staged yet)."""
        folder = self.projects.folder(project_id)

        def planning(stores: ReadStores) -> tuple[IndexScan, tuple[P] | None]:
            library = LibraryStore(stores.db, project_id, folder)
            found = library.scan()
            return found, None if found.writes and rounds > 1 else (plan(library),)

        def planned(result: tuple[IndexScan, tuple[P] | None]) -> None:
            found, made = result
            if made is None:  # the index was behind the files: caught up first, then planned again
                self._catch_up(owner, project_id, found, show, lambda: again(rounds - 1))
                return
            self.hub.ops.change(owner, lambda runtime: write(LibraryStore(runtime.db, project_id, folder), made[0]),
                                lambda _result: Changes.of(library=project_id), then, show=show)

        self.hub.ops.query(owner, planning, planned, key=key, lane=FILES, show=show, even_if_gone=True)

    def start_save(self, owner: QObject, project_id: str, entry: LibraryEntry, replacing: str | None,
                   then: Callable[[str], None], *, show: Callable[[str], None] | None = None,
                   rounds: int = ENTRY_READ_ROUNDS) -> None:
        """``save_entry`` the one way (``_plan_then_write``): the entry is checked now (a missing name:
        ``LibraryError`` at once), its name and file planned on the lane, then the file written and indexed alone;
        ``then(path)``. A name taken goes to ``show``."""
        label = f"The entry '{entry.name.strip()}'" if entry.name.strip() else "The new entry"
        checked = check_entry(entry, label)
        self._plan_then_write(
            owner, project_id, lambda library: library.plan_save(checked, replacing=replacing),
            LibraryStore.write_planned, then,
            lambda left: self.start_save(owner, project_id, checked, replacing, then, show=show, rounds=left),
            show=show, rounds=rounds, key=("library-save", project_id))

    def start_remove(self, owner: QObject, project_id: str, name: str, then: Callable[[IndexedEntry], None], *,
                     show: Callable[[str], None] | None = None, rounds: int = ENTRY_READ_ROUNDS) -> None:
        """``remove_entry`` the one way (``_plan_then_write``): the entry found on the lane, then its file and its
        row alone removed; ``then(entry)``. An entry that is not there any more goes to ``show``."""

        def find(library: LibraryStore) -> IndexedEntry:
            item = library.find(name)
            if item is None:
                raise LibraryError(codes.LIBRARY_ENTRY_NOT_FOUND, f"There is no entry '{name}' in the story library.")
            return item

        self._plan_then_write(
            owner, project_id, find, LibraryStore.remove_file, then,
            lambda left: self.start_remove(owner, project_id, name, then, show=show, rounds=left),
            show=show, rounds=rounds, key=("library-remove", project_id))

    def save_entry(self, project_id: str, entry: LibraryEntry, replacing: str | None = None) -> str:
        """Writes the entry's file (moved when its name or type changed); ``LibraryError`` when it cannot."""
        label = f"The entry '{entry.name.strip()}'" if entry.name.strip() else "The new entry"
        path = self.store(project_id).save(check_entry(entry, label), replacing=replacing)
        self.hub.ops.did_change(Changes.of(library=project_id))
        return path

    @staticmethod
    def read_files(paths: list[Path]) -> list[tuple[Path, list[LibraryEntry] | LibraryError]]:
        """Each file's entries (a card, World Info, an entry file), or the ``LibraryError`` that refuses it;
        reads and checks only, so any thread may call it (the codex calls it off the GUI thread)."""
        out: list[tuple[Path, list[LibraryEntry] | LibraryError]] = []
        for path in paths:
            try:
                out.append((path, read_library_file(path)))
            except LibraryError as exc:
                out.append((path, exc))
        return out

    def start_add_entries(self, owner: QObject, project_id: str, source: str, entries: list[LibraryEntry],
                          then: Callable[[ImportOutcome], None], *, on_conflict: Resolver | None = None,
                          show: Callable[[str], None] | None = None, rounds: int = ENTRY_READ_ROUNDS) -> None:
        """Adds one file's entries (read by ``read_files``) all or nothing, the way ``start_save`` saves one
        (``_plan_then_write``): names and files checked, conflicts resolved by ``on_conflict``, every file's text
        and index row made and its files staged on the lane, then only its own files moved in and indexed
        (``LibraryStore.write_import``); ``then(outcome)``. A file that cannot be added (``LibraryError``: nothing
        written) goes to ``show``."""
        self._plan_then_write(
            owner, project_id, lambda library: library.stage(library.plan_add(entries, source, on_conflict)),
            LibraryStore.write_import, then,
            lambda left: self.start_add_entries(owner, project_id, source, entries, then, on_conflict=on_conflict,
                                                show=show, rounds=left),
            show=show, rounds=rounds)

    def start_export(self, owner: QObject, project_id: str, path: Path, then: Callable[[WorldInfoWritten], None],
                     *, show: Callable[[str], None] | None = None) -> None:
        """The project's entries written as SillyTavern World Info JSON to ``path``: read as ``read_entries`` reads
        them, the file written on the ``project-files`` lane; ``then`` hears how many, or why the file could not be
        written."""
        self.read_entries(owner, project_id, lambda read: self.hub.ops.query(
            owner, lambda _stores: _write_world_info(path, read.entries), then, lane=FILES, show=show), show=show)

    def conflicts(self, project_id: str, entries: list[LibraryEntry]) -> list[Conflict]:
        """The entries of one file that differ from entries the library has under a name or key of theirs
        (the same ones merge silently); nothing is written."""
        return self.store(project_id).conflicts(entries)

    def read_conflicts(self, owner: QObject, project_id: str, entries: list[LibraryEntry],
                       then: Callable[[list[Conflict]], None], show: Callable[[str], None], *,
                       rounds: int = ENTRY_READ_ROUNDS) -> None:
        """``conflicts`` as a query on the ``project-files`` lane, against the index caught up with the folder (the
        catching up written on the writer lane first, as ``read_entries`` does); a failure's sentence goes to
        ``show``."""
        folder = self.projects.folder(project_id)

        def find(stores: ReadStores) -> tuple[IndexScan, list[Conflict] | None]:
            library = LibraryStore(stores.db, project_id, folder)
            found = library.scan()
            return found, None if found.writes and rounds > 1 else library.conflicts(entries)

        def found(result: tuple[IndexScan, list[Conflict] | None]) -> None:
            scan, conflicts = result
            if conflicts is None:  # the index was behind the files: caught up first, then compared again
                self._catch_up(owner, project_id, scan, show, lambda: self.read_conflicts(
                    owner, project_id, entries, then, show, rounds=rounds - 1))
                return
            then(conflicts)

        self.hub.ops.query(owner, find, found, lane=FILES, show=show)

    def skills(self, project_id: str) -> SkillCatalog:
        return SkillCatalog(self.projects.folder(project_id), resource_dir() / "skills")

    def save_skill(self, project_id: str, skill: Skill, replacing: str | None = None) -> str:
        """Writes ``skills/<name>.md`` (it must read back); a renamed Skill's old file goes."""
        text = render_skill(skill)
        parse_skill(text, f"skills/{skill.name}.md")
        folder = self.projects.folder(project_id) / "skills"
        if replacing != skill.name and (folder / f"{skill.name}.md").exists():
            raise LibraryError(codes.SKILL_NAME_TAKEN,
                               f"There is already a Skill named '{skill.name}' in this project.")
        atomic_write(folder / f"{skill.name}.md", text)
        if replacing and replacing != skill.name:
            (folder / f"{replacing}.md").unlink(missing_ok=True)
        self.hub.ops.did_change(Changes.of(skills=project_id))
        return f"skills/{skill.name}.md"

