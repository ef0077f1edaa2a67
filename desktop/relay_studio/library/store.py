"""A project's story library: the files under ``library/`` are the truth, SQLite indexes them.

``sync`` notices edits made outside the app: a file whose mtime changed is hashed again, and parsed
again only when its content changed. A file that does not parse is left out of the index (and named in
the problems ``sync`` returns); the file itself is never touched. Writes are atomic (temp file + rename).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import shutil
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import sqlalchemy.exc
from sqlalchemy import delete, select

from relay_studio import pause_points
from relay_studio.domain import error_codes as codes
from relay_studio.domain.hidden_text import strip_hidden
from relay_studio.give_way import give_way
from relay_studio.library.entries import (
    MAX_ENTRY_BYTES,
    LibraryEntry,
    LibraryError,
    parse_entry,
    render_entry,
)
from relay_studio.library.entries import IndexedEntry as IndexedEntry  # its home is library/entries.py
from relay_studio.library.hidden import clean_entries
from relay_studio.library.import_staging import (
    index_failed,
    inside_library,
    read_manifest,
    release,
    restore,
    unlink_if,
)
from relay_studio.library.overlap import Conflict, ImportOutcome, Resolver, decide, plan_import
from relay_studio.store import tables as t
from relay_studio.store.database import Database, new_id, now_iso, table_of
from relay_studio.store.leases import _lock

#: where an import stages its files (``library/.import/<id>/``) until they are in place and indexed
IMPORT_DIR = ".import"
_MANIFEST = "manifest.json"
_STALE_SETUP_SECONDS = 3600  # an import folder with no lock this old was killed while it set up

_ROWS = table_of(t.LibraryEntryRow)


@dataclass(frozen=True)
class LibraryProblem:
    path: str
    code: str
    message: str


@dataclass(frozen=True)
class FileChange:
    """A file of a project's libraries that changed since it was last indexed."""

    path: str
    kind: str  # FILE_ADDED, FILE_CHANGED or FILE_REMOVED


FILE_ADDED, FILE_CHANGED, FILE_REMOVED = "added", "changed", "removed"


@dataclass(frozen=True)
class PlannedSave:
    """An entry's save as ``LibraryStore.plan_save`` checked it: the file it goes to, its text, the file it
    replaces (a renamed or retyped entry moves)."""

    rel: str
    text: str
    replacing: str | None


@dataclass(frozen=True)
class PlacedFile:
    """One file of a planned import: where it goes, its text, and the entry it reads back as (with its index row)."""

    rel: str
    text: str
    entry: LibraryEntry
    entry_json: str


@dataclass(frozen=True)
class PlannedImport:
    """An import of one file as ``LibraryStore.plan_add`` decided it: the files to write, the entry files they
    replace, and the outcome to report once written."""

    source: str
    placed: list[PlacedFile]
    removed: list[str]
    outcome: ImportOutcome
    #: its files staged (``LibraryStore.stage``), or None while they are not
    staged: StagedImport | None = None


@dataclass(frozen=True)
class StagedImport:
    """An import's files written to its staging folder (``LibraryStore._stage``), under the lock ``fd`` holds."""

    folder: Path
    fd: int | None
    manifest: dict[str, str]
    old: dict[str, str]


@dataclass(frozen=True)
class IndexScan:
    """What ``LibraryStore.scan`` found: the files left out, what changed on disk since the last look, and the
    index writes that bring it up to date (each takes the transaction; ``LibraryStore.apply`` runs them). A scan
    reads only, so it may run on a read lane and its writes go to the writer (``ui/operations/library.py``)."""

    problems: list[LibraryProblem]
    changes: list[FileChange]
    writes: list[Callable[[Any], None]]


def _index_json(entry: LibraryEntry) -> str:
    data = {**entry.model_dump(mode="json", by_alias=True), "description": entry.description}
    return json.dumps(data, ensure_ascii=False)


def _entry_of(row: Any) -> IndexedEntry:
    data = json.loads(row.entry_json)
    description = data.pop("description", "")
    entry = LibraryEntry.model_validate(data).model_copy(update={"description": description})
    return IndexedEntry(row.path, entry)


def _delete_row(row_id: str, tx: Any) -> None:
    tx.conn.execute(delete(_ROWS).where(_ROWS.c.id == row_id))


def _touch_row(row_id: str, mtime_ns: int, tx: Any) -> None:
    tx.update(t.LibraryEntryRow, row_id, mtime_ns=mtime_ns)


def _write_failed(exc: OSError, source: str) -> LibraryError:
    full = exc.errno in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC))
    reason = "the disk holding the project folder is full" if full else (exc.strerror or str(exc))
    return LibraryError(codes.LIBRARY_WRITE_FAILED, f"{source} could not be written to the story "
                                                    f"library ({reason}); nothing of it was kept.")


def atomic_write(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(text, encoding="utf-8", newline="\n")
    os.replace(tmp, target)


class LibraryStore:
    def __init__(self, db: Database, project_id: str, project_dir: Path) -> None:
        self.db = db
        self.project_id = project_id
        self.root = project_dir
        self.problems: list[LibraryProblem] = []
        #: what the last ``sync`` found changed on disk
        self.changes: list[FileChange] = []

    @classmethod
    def open(cls, db: Database, project_id: str, project_dir: Path) -> LibraryStore:
        """The library with its index brought up to date with the files."""
        store = cls(db, project_id, project_dir)
        store.sync()
        return store

    # -- index ---------------------------------------------------------------------------------
    def _rows(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for row in self.db.conn.execute(select(_ROWS).where(_ROWS.c.project_id == self.project_id)):
            give_way()  # a book's 1,000 rows, read on a lane while the window opens or imports: its GUI thread first
            found[row.path] = row
        return found

    def _files(self) -> list[tuple[str, Path, os.stat_result]]:
        """The entry files with their stat, one ``scandir`` per folder: a stage's start syncs the index, and
        three system calls per file (``is_symlink``, ``is_file``, ``stat``) were most of it on a book's 1,000
        entries (bench/book_scale.py)."""
        base = self.root / "library"
        if not base.is_dir():
            return []
        found: list[tuple[str, Path, os.stat_result]] = []
        with os.scandir(base) as folders:
            kept = sorted((f for f in folders if not f.name.startswith(".") and not f.is_symlink() and f.is_dir()),
                          key=lambda f: f.name)
        for folder in kept:
            with os.scandir(folder.path) as files:
                for file in sorted(files, key=lambda f: f.name):
                    if (file.name.endswith(".md") and not file.name.startswith(".") and not file.is_symlink()
                            and file.is_file()):
                        found.append((f"library/{folder.name}/{file.name}", Path(file.path),
                                      file.stat(follow_symlinks=False)))
        return found

    def sync(self) -> list[LibraryProblem]:
        """Brings the index up to date with the files; returns (and keeps) the files that were left out.
        Nothing changed on disk: no write transaction (a window's focus never waits for another writer).
        An import a killed process left unfinished is undone first (``_recover_imports``)."""
        self._recover_imports()
        return self.apply(self.scan())

    def scan(self) -> IndexScan:
        """Compares the files with the index and reads what changed; writes nothing (``apply`` does)."""
        rows = self._rows()
        problems: list[LibraryProblem] = []
        changes: list[FileChange] = []
        writes: list[Callable[[Any], None]] = []
        seen: set[str] = set()

        def drop(row_id: str) -> None:
            writes.append(partial(_delete_row, row_id))

        for rel, file, stat in self._files():
            give_way()
            seen.add(rel)
            row = rows.get(rel)
            if row is not None and row.mtime_ns == stat.st_mtime_ns:
                continue
            if stat.st_size > MAX_ENTRY_BYTES:
                problems.append(LibraryProblem(rel, codes.LIBRARY_FILE_TOO_LARGE,
                                               f"{rel} is larger than {MAX_ENTRY_BYTES // 1024} KB, the limit "
                                               "for one entry; it was left out."))
                if row is not None:
                    drop(row.id)
                    changes.append(FileChange(rel, FILE_CHANGED))
                continue
            data = file.read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            if row is not None and row.sha256 == digest:
                writes.append(partial(_touch_row, row.id, stat.st_mtime_ns))
                continue
            entry_json: str | None = None
            try:
                entry = parse_entry(data.decode("utf-8"), rel)
                entry_json = _index_json(entry)
            except UnicodeDecodeError:
                problems.append(LibraryProblem(rel, codes.LIBRARY_NOT_TEXT,
                                               f"{rel} is not UTF-8 text; it was left out."))
                entry = None
            except LibraryError as exc:
                problems.append(LibraryProblem(rel, exc.code, exc.message))
                entry = None
            except (ValueError, TypeError, RecursionError, MemoryError) as exc:
                # a file no check above foresaw (one an older version wrote): that one file is left out
                problems.append(LibraryProblem(rel, codes.LIBRARY_DAMAGED_ENTRY,
                                               f"{rel} cannot be read as an entry ({exc.__class__.__name__}); it "
                                               "was left out."))
                entry = None
            # a file that still does not parse is a problem each time, not a change
            if entry is None or entry_json is None:
                if row is not None:
                    drop(row.id)
                    changes.append(FileChange(rel, FILE_CHANGED))
                continue
            changes.append(FileChange(rel, FILE_ADDED if row is None else FILE_CHANGED))
            writes.append(partial(self._index_in, rel, entry, entry_json, stat.st_mtime_ns, digest,
                                  row.id if row is not None else None))
        for rel, row in rows.items():
            if rel not in seen:
                drop(row.id)
                changes.append(FileChange(rel, FILE_REMOVED))
        return IndexScan(problems, changes, writes)

    def apply(self, found: IndexScan) -> list[LibraryProblem]:
        """Writes what ``found`` says, in one transaction (none when nothing changed), on this store's connection;
        keeps and returns its problems. A scan's rows are written as they were read: a file changed since is
        found again by the next scan (its mtime differs), and a row another sync added meanwhile is updated."""
        if found.writes:
            with self.db.transaction() as tx:
                for write in found.writes:
                    write(tx)
                    pause_points.reached("library.index_write")
        self.problems = found.problems
        self.changes = found.changes
        return found.problems

    def _index_in(self, rel: str, entry: LibraryEntry, entry_json: str, mtime_ns: int, digest: str,
                  row_id: str | None, tx: Any) -> None:
        values = {"type": entry.type, "name": entry.name, "entry_json": entry_json,
                  "mtime_ns": mtime_ns, "sha256": digest, "indexed_at": now_iso()}
        if row_id is None:
            # another sync of this library (an import's, the window's) may have indexed the file since this one
            # read the rows: update that row rather than fail on (project_id, path)
            found = tx.raw.execute("SELECT id FROM library_entries WHERE project_id IS ? AND path = ?",
                                   (self.project_id, rel)).fetchone()
            row_id = found[0] if found else None
        if row_id is None:
            tx.insert(t.LibraryEntryRow, id=new_id("libentry"), project_id=self.project_id, path=rel, **values)
        else:
            tx.update(t.LibraryEntryRow, row_id, **values)

    # -- reading -------------------------------------------------------------------------------
    def entries(self) -> list[IndexedEntry]:
        """Every indexed entry, by type then name."""
        items: list[IndexedEntry] = []
        for row in self._rows().values():
            give_way()
            try:
                items.append(_entry_of(row))
            except (ValueError, TypeError, RecursionError):  # a row an older version indexed: left out
                continue
        return sorted(items, key=lambda i: (i.entry.type, i.entry.name.casefold()))

    def find(self, name: str) -> IndexedEntry | None:
        """The entry called ``name`` (its name, an alias, or its file name), ignoring case and the hidden
        characters an import removed (``domain/hidden_text.py``)."""
        key = strip_hidden(name)[0].strip().casefold()
        items = self.entries()
        for item in items:
            if item.entry.name.casefold() == key:
                return item
        for item in items:
            if key in (a.casefold() for a in item.entry.aliases) or item.entry.slug == key:
                return item
        return None

    def file_text(self, rel: str) -> str | None:
        target = self.root / rel
        return target.read_text(encoding="utf-8") if target.is_file() else None

    # -- writing -------------------------------------------------------------------------------
    def _names(self, replacing: str | None = None) -> dict[str, IndexedEntry]:
        """Every name and alias in the library (casefolded), to the entry that has it."""
        return {n.casefold(): item for item in self.entries() if item.path != replacing for n in item.entry.names}

    def clash(self, entry: LibraryEntry, replacing: str | None = None,
              names: dict[str, IndexedEntry] | None = None) -> str | None:
        """The sentence why ``entry`` cannot be saved next to the others (its name taken), or None."""
        taken = self._names(replacing) if names is None else names
        for n in entry.names:
            item = taken.get(n.casefold())
            if item is not None:
                return f"There is already an entry named '{item.entry.name}' ({item.entry.type})."
        return None

    def _taken_paths(self) -> set[str]:
        """The entry files there are (indexed or not: a broken file's name is taken too)."""
        return {rel for rel, _path, _stat in self._files()}

    @staticmethod
    def _free_path(entry: LibraryEntry, taken: set[str], replacing: str | None = None) -> str:
        """``entry.path``, or ``<slug>-2.md``, ``-3`` … when another file has it ("Mira!" and "Mira?" are
        both ``mira``); an entry keeps its own numbered file while its name slugs the same."""
        stem = entry.path[:-len(".md")]
        if replacing is not None and (replacing == entry.path or re.fullmatch(re.escape(stem) + r"-\d+\.md",
                                                                             replacing)):
            return replacing
        rel, n = entry.path, 1
        while rel in taken:
            n += 1
            rel = f"{stem}-{n}.md"
        return rel

    def path_for(self, entry: LibraryEntry, replacing: str | None = None) -> str:
        """The file ``save`` would write ``entry`` to (``_free_path`` against the files there are)."""
        return self._free_path(entry, self._taken_paths() - {replacing}, replacing)

    def plan_save(self, entry: LibraryEntry, *, replacing: str | None = None) -> PlannedSave:
        """What ``write_planned`` will write for ``entry`` (its name checked against the index, the file it goes
        to, its text read back); reads only, so a read lane may plan it. ``LibraryError`` when it cannot."""
        problem = self.clash(entry, replacing)
        if problem:
            raise LibraryError(codes.LIBRARY_NAME_TAKEN, problem)
        text = render_entry(entry)
        parse_entry(text, entry.path)  # what is written must read back
        return PlannedSave(self.path_for(entry, replacing), text, replacing)

    def write_planned(self, plan: PlannedSave) -> str:
        """Writes a planned entry file (moving it from the file it replaces) and indexes that file alone, as
        ``sync`` would (its mtime and hash, the entry read back): the other 999 files of a book are not looked at."""
        atomic_write(self.root / plan.rel, plan.text)
        moved = plan.replacing is not None and plan.replacing != plan.rel
        if moved:
            (self.root / str(plan.replacing)).unlink(missing_ok=True)
        entry = parse_entry(plan.text, plan.rel)
        data = plan.text.encode("utf-8")  # the file's bytes: ``atomic_write`` writes UTF-8 with "\n" as it is
        mtime_ns = (self.root / plan.rel).stat().st_mtime_ns
        row, old = self._row_id(plan.rel), self._row_id(str(plan.replacing)) if moved else None
        with self.db.transaction() as tx:
            self._index_in(plan.rel, entry, _index_json(entry), mtime_ns, hashlib.sha256(data).hexdigest(), row, tx)
            if old is not None:
                _delete_row(old, tx)
        return plan.rel

    def _row_id(self, rel: str) -> str | None:
        found = self.db.conn.execute(select(_ROWS.c.id).where(_ROWS.c.project_id == self.project_id,
                                                              _ROWS.c.path == rel)).scalar()
        return str(found) if found is not None else None

    def save(self, entry: LibraryEntry, *, replacing: str | None = None) -> str:
        """Writes ``entry`` to its file (moving it when its type or name changed) and indexes it."""
        problem = self.clash(entry, replacing)
        if problem:
            raise LibraryError(codes.LIBRARY_NAME_TAKEN, problem)
        text = render_entry(entry)
        parse_entry(text, entry.path)  # what is written must read back
        rel = self.path_for(entry, replacing)
        atomic_write(self.root / rel, text)
        if replacing is not None and replacing != rel:
            (self.root / replacing).unlink(missing_ok=True)
        self.sync()
        return rel

    def write_text(self, rel: str, text: str, *, replacing: str | None = None) -> LibraryEntry:
        """Writes a whole entry file as given (e.g. the creator's edited proposal) once it parses."""
        entry = parse_entry(text, rel)
        problem = self.clash(entry, replacing)
        if problem:
            raise LibraryError(codes.LIBRARY_NAME_TAKEN, problem)
        target = self.path_for(entry, replacing)
        atomic_write(self.root / target, text)
        if replacing is not None and replacing != target:
            (self.root / replacing).unlink(missing_ok=True)
        self.sync()
        return entry

    def conflicts(self, entries: list[LibraryEntry]) -> list[Conflict]:
        """The entries of one file that differ from entries here under a name or key of theirs."""
        return plan_import(clean_entries(entries)[0], self._names()).conflicts

    def add_all(self, entries: list[LibraryEntry], source: str, on_conflict: Resolver | None = None) -> ImportOutcome:
        """Adds every entry of one imported file, or none: ``plan_add`` then ``write_import``."""
        return self.write_import(self.plan_add(entries, source, on_conflict))

    def plan_add(self, entries: list[LibraryEntry], source: str, on_conflict: Resolver | None = None) -> PlannedImport:
        """What ``write_import`` will write for one imported file; reads only, so a read lane may plan it (the
        window: ``ui/operations/library.py: start_add_entries``). An entry the library already has just so is
        merged (nothing written); one whose name or a key another entry has and that differs is resolved by
        ``on_conflict`` (``library/overlap.py``; none: left alone and named in the outcome). Everything is checked
        and decided here, before the first file is written, and each file's text, index row and hash are made
        here too, so the write only stages, moves and indexes them. The library's names are read once, so an
        import takes time in proportion to its size. Hidden characters are removed from every entry first
        (``library/hidden.py``) and counted in the outcome. ``LibraryError`` when the file cannot be added."""
        entries, hidden = clean_entries(entries)
        names = self._names()
        taken = self._taken_paths()
        seen: dict[str, str] = {}
        for entry in entries:
            # an entry may be known by its name in another case ("Eldoria", key "eldoria"): one name
            for n in {x.casefold(): x for x in reversed(entry.names)}.values():
                if n.casefold() in seen:
                    raise LibraryError(codes.LIBRARY_NAME_TAKEN,
                                       f"{source}: '{n}' names two entries in the file ('{seen[n.casefold()]}' and "
                                       f"'{entry.name}'). Nothing from this file was imported.")
                seen[n.casefold()] = entry.name
        written, removed, remaining, outcome = decide(entries, names, set(seen), on_conflict)
        free = taken - set(removed)
        placed: list[PlacedFile] = []
        for entry in written:
            problem = self.clash(entry, names=remaining)
            if problem:
                raise LibraryError(
                    codes.LIBRARY_NAME_TAKEN, f"{source}: {problem} Nothing from this file was imported."
                )
            text = render_entry(entry)
            read_back = parse_entry(text, f"{source} ({entry.name})")
            rel = self._free_path(entry, free)
            free.add(rel)
            placed.append(PlacedFile(rel, text, read_back, _index_json(read_back)))
        outcome.paths = [f.rel for f in placed]
        outcome.hidden = hidden
        return PlannedImport(source, placed, removed, outcome)

    def write_import(self, plan: PlannedImport) -> ImportOutcome:
        """Writes a planned import as one unit (its files staged, unless a lane staged them: ``stage``; then moved in
        by ``_commit``) and indexes only its own files (the rows of the files it replaced go): the other files of a
        book's library are not looked at. An import a killed process
        left unfinished is undone first, as ``sync`` does."""
        self._recover_imports()
        if plan.placed or plan.removed:
            plan = self.stage(plan)  # a lane may have staged it already
            assert plan.staged is not None
            self._commit(plan.staged, [(f.rel, f.text) for f in plan.placed], plan.source,
                         index=partial(self._index_placed, plan))
        return plan.outcome

    def _index_placed(self, plan: PlannedImport) -> None:
        """The rows of a planned import's files, as ``sync`` would write them (each file's mtime and hash), and
        the rows of the files it replaced removed; one transaction."""
        kept = {f.rel for f in plan.placed}
        gone = [row for rel in plan.removed if rel not in kept and (row := self._row_id(rel)) is not None]
        digests = plan.staged.manifest if plan.staged is not None else {}
        with self.db.transaction() as tx:
            for f in plan.placed:
                mtime_ns = (self.root / f.rel).stat().st_mtime_ns
                digest = digests.get(f.rel) or hashlib.sha256(f.text.encode("utf-8")).hexdigest()
                self._index_in(f.rel, f.entry, f.entry_json, mtime_ns, digest, None, tx)
                pause_points.reached("library.index_write")
            for row in gone:
                _delete_row(row, tx)

    def _write_import(self, placed: list[tuple[str, str]], source: str, removed: list[str] | None = None, *,
                      index: Callable[[], object] | None = None) -> None:
        """Writes an import as one unit: ``_stage`` then ``_commit``."""
        self._commit(self._stage(placed, source, removed), placed, source, index)

    def stage(self, plan: PlannedImport) -> PlannedImport:
        """``plan`` with its files staged (``_stage``): creating a file is the slow part of an import (a third of a
        millisecond each on the test machine), so a read lane may stage them and the writer lane only moves them in
        (``write_import``). A staged import whose write never comes stays locked while this process lives and is
        undone by the next open after it (``_recover_imports``)."""
        if not (plan.placed or plan.removed) or plan.staged is not None:
            return plan
        return replace(plan, staged=self._stage([(f.rel, f.text) for f in plan.placed], plan.source, plan.removed))

    def _stage(self, placed: list[tuple[str, str]], source: str, removed: list[str] | None = None) -> StagedImport:
        """The files staged in ``library/.import/<id>/`` under a lock held while this process lives, and the
        manifest of their targets and hashes (and of the files the import replaces) written; nothing in the library
        is touched yet. A full disk is ``library.write_failed`` with nothing kept."""
        folder = self.root / "library" / IMPORT_DIR / new_id("import")
        fd: int | None = None
        try:
            folder.mkdir(parents=True)
            # the lock file appears under its name only once it is locked, so a sync in another thread or
            # process never takes this live import for one a killed process left behind
            fd = os.open(folder / "lock.new", os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
            _lock(fd)
            os.replace(folder / "lock.new", folder / "lock")
            manifest: dict[str, str] = {}
            for n, (rel, text) in enumerate(placed):
                data = text.encode("utf-8")
                (folder / f"{n}.md").write_bytes(data)
                manifest[rel] = hashlib.sha256(data).hexdigest()
                pause_points.reached("library_import.staging")
            old = {rel: f"old-{n}.md" for n, rel in enumerate(removed or [])}
            atomic_write(folder / _MANIFEST, json.dumps({"files": manifest, "removed": old}))
        except BaseException as exc:
            release(fd)
            shutil.rmtree(folder, ignore_errors=True)
            raise _write_failed(exc, source) if isinstance(exc, OSError) else exc from None
        return StagedImport(folder, fd, manifest, old)

    def _commit(self, staged: StagedImport, placed: list[tuple[str, str]], source: str,
                index: Callable[[], object] | None = None) -> None:
        """Moves a staged import into place and indexes it (``index``, else a whole ``sync``), and only then
        removes the manifest: that is the commit. A process killed before it leaves a staged import that the next
        open (``_recover_imports``) undoes, so the same command can simply be run again. The entry files an import
        replaces are moved into the staging folder first and moved back when it is undone."""
        folder, fd = staged.folder, staged.fd
        moved: list[tuple[Path, str]] = []
        taken_away: list[tuple[Path, Path]] = []
        try:
            for rel, kept_as in staged.old.items():
                if (self.root / rel).is_file():
                    os.replace(self.root / rel, folder / kept_as)
                    taken_away.append((folder / kept_as, self.root / rel))
            made: set[Path] = set()  # each type's folder made once, not once per file (300 of a World Info)
            for n, (rel, _) in enumerate(placed):
                target = self.root / rel
                if target.parent not in made:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    made.add(target.parent)
                os.replace(folder / f"{n}.md", target)
                moved.append((target, staged.manifest[rel]))
                pause_points.reached("library_import.moving")
            (index or self.sync)()
            (folder / _MANIFEST).unlink()  # the commit: from here on the import stays
        except BaseException as exc:
            for target, digest in moved:
                unlink_if(target, digest)
            for backup, original in taken_away:
                restore(backup, original)
            release(fd)
            shutil.rmtree(folder, ignore_errors=True)
            if moved or taken_away:
                with contextlib.suppress(Exception):
                    self.sync()
            if isinstance(exc, OSError):
                raise _write_failed(exc, source) from None
            if isinstance(exc, (sqlite3.Error, sqlalchemy.exc.DBAPIError)):
                raise index_failed(exc, source) from None
            raise
        release(fd)
        shutil.rmtree(folder, ignore_errors=True)

    def _recover_imports(self) -> None:
        """Undoes every import a process left unfinished (killed before its commit): its moved files whose
        bytes are still the imported ones are removed, its staged ones deleted. An import whose process
        still lives holds its lock and is left alone."""
        base = self.root / "library" / IMPORT_DIR
        if not base.is_dir():
            return
        for folder in sorted(base.iterdir()):
            if folder.is_symlink() or not folder.is_dir():
                continue
            try:
                fd = os.open(folder / "lock", os.O_RDWR | getattr(os, "O_BINARY", 0))
            except FileNotFoundError:
                # an import still setting up, or one killed before it held its lock (nothing moved yet):
                # only the latter, once it is old, is cleared away
                with contextlib.suppress(OSError):
                    if time.time() - folder.stat().st_mtime > _STALE_SETUP_SECONDS:
                        shutil.rmtree(folder, ignore_errors=True)
                continue
            except OSError:
                continue
            if not _lock(fd):
                os.close(fd)
                continue  # a live import
            try:
                manifest, old = read_manifest(folder / _MANIFEST)
                for rel, digest in manifest.items():
                    if inside_library(rel):
                        unlink_if(self.root / rel, digest)
                for rel, backup in old.items():
                    if inside_library(rel) and "/" not in backup and "\\" not in backup:
                        restore(folder / backup, self.root / rel)
            finally:
                release(fd)
            shutil.rmtree(folder, ignore_errors=True)

    def remove_file(self, item: IndexedEntry) -> IndexedEntry:
        """Removes an entry found before (``find``, on a read lane): its file and its index row alone."""
        (self.root / item.path).unlink(missing_ok=True)
        row = self._row_id(item.path)
        if row is not None:
            with self.db.transaction() as tx:
                _delete_row(row, tx)
        return item

    def remove(self, name: str) -> IndexedEntry:
        item = self.find(name)
        if item is None:
            raise LibraryError(codes.LIBRARY_ENTRY_NOT_FOUND, f"There is no entry '{name}' in the story library.")
        (self.root / item.path).unlink(missing_ok=True)
        self.sync()
        return item
