"""A project's story library: the files under ``library/`` are the truth, SQLite indexes them.

``sync`` notices edits made outside the app: a file whose mtime changed is hashed again, and parsed
again only when its content changed. A file that does not parse is left out of the index (and named in
the problems ``sync`` returns); the file itself is never touched. Writes are atomic (temp file + rename).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import delete, select

from relay_studio.domain import error_codes as codes
from relay_studio.library.entries import MAX_ENTRY_BYTES, LibraryEntry, LibraryError, parse_entry, render_entry
from relay_studio.store import tables as t
from relay_studio.store.database import Database, new_id, now_iso, table_of

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
class IndexedEntry:
    path: str
    entry: LibraryEntry


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
        rows = self.db.conn.execute(select(_ROWS).where(_ROWS.c.project_id == self.project_id))
        return {r.path: r for r in rows}

    def _files(self) -> list[tuple[str, Path]]:
        base = self.root / "library"
        if not base.is_dir():
            return []
        found: list[tuple[str, Path]] = []
        for folder in sorted(base.iterdir()):
            if folder.is_symlink() or not folder.is_dir():
                continue
            for file in sorted(folder.iterdir()):
                if file.suffix == ".md" and not file.name.startswith(".") and not file.is_symlink() and file.is_file():
                    found.append((f"library/{folder.name}/{file.name}", file))
        return found

    def sync(self) -> list[LibraryProblem]:
        """Brings the index up to date with the files; returns (and keeps) the files that were left out.
        Nothing changed on disk: no write transaction (a window's focus never waits for another writer)."""
        rows = self._rows()
        problems: list[LibraryProblem] = []
        changes: list[FileChange] = []
        writes: list[Callable[[Any], None]] = []
        seen: set[str] = set()

        def drop(row_id: str) -> None:
            writes.append(partial(_delete_row, row_id))

        for rel, file in self._files():
            seen.add(rel)
            row = rows.get(rel)
            stat = file.stat()
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
        if writes:
            with self.db.transaction() as tx:
                for write in writes:
                    write(tx)
        self.problems = problems
        self.changes = changes
        return problems

    def _index_in(self, rel: str, entry: LibraryEntry, entry_json: str, mtime_ns: int, digest: str,
                  row_id: str | None, tx: Any) -> None:
        values = {"type": entry.type, "name": entry.name, "entry_json": entry_json,
                  "mtime_ns": mtime_ns, "sha256": digest, "indexed_at": now_iso()}
        if row_id is None:
            tx.insert(t.LibraryEntryRow, id=new_id("libentry"), project_id=self.project_id, path=rel, **values)
        else:
            tx.update(t.LibraryEntryRow, row_id, **values)

    # -- reading -------------------------------------------------------------------------------
    def entries(self) -> list[IndexedEntry]:
        """Every indexed entry, by type then name."""
        items: list[IndexedEntry] = []
        for row in self._rows().values():
            try:
                items.append(_entry_of(row))
            except (ValueError, TypeError, RecursionError):  # a row an older version indexed: left out
                continue
        return sorted(items, key=lambda i: (i.entry.type, i.entry.name.casefold()))

    def find(self, name: str) -> IndexedEntry | None:
        """The entry called ``name`` (its name, an alias, or its file name), ignoring case."""
        key = name.strip().casefold()
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
    def clash(self, entry: LibraryEntry, replacing: str | None = None) -> str | None:
        """The sentence why ``entry`` cannot be saved next to the others (its name taken), or None."""
        names = {n.casefold() for n in entry.names}
        for item in self.entries():
            if item.path == replacing:
                continue
            if names & {n.casefold() for n in item.entry.names} or item.path == entry.path:
                return f"There is already an entry named '{item.entry.name}' ({item.entry.type})."
        return None

    def save(self, entry: LibraryEntry, *, replacing: str | None = None) -> str:
        """Writes ``entry`` to its file (moving it when its type or name changed) and indexes it."""
        problem = self.clash(entry, replacing)
        if problem:
            raise LibraryError(codes.LIBRARY_NAME_TAKEN, problem)
        text = render_entry(entry)
        parse_entry(text, entry.path)  # what is written must read back
        target = self.root / entry.path
        atomic_write(target, text)
        if replacing is not None and replacing != entry.path:
            (self.root / replacing).unlink(missing_ok=True)
        self.sync()
        return entry.path

    def write_text(self, rel: str, text: str, *, replacing: str | None = None) -> LibraryEntry:
        """Writes a whole entry file as given (e.g. the creator's edited proposal) once it parses."""
        entry = parse_entry(text, rel)
        problem = self.clash(entry, replacing)
        if problem:
            raise LibraryError(codes.LIBRARY_NAME_TAKEN, problem)
        atomic_write(self.root / entry.path, text)
        if replacing is not None and replacing != entry.path:
            (self.root / replacing).unlink(missing_ok=True)
        self.sync()
        return entry

    def add_all(self, entries: list[LibraryEntry], source: str) -> list[str]:
        """Adds every entry of one imported file, or none: each is checked (its name free, not twice in the
        file) before the first is written."""
        seen: dict[str, str] = {}
        for entry in entries:
            render = render_entry(entry)
            parse_entry(render, f"{source} ({entry.name})")
            problem = self.clash(entry)
            if problem:
                raise LibraryError(
                    codes.LIBRARY_NAME_TAKEN, f"{source}: {problem} Nothing from this file was imported."
                )
            for n in entry.names:
                if n.casefold() in seen:
                    raise LibraryError(codes.LIBRARY_NAME_TAKEN,
                                       f"{source}: '{n}' names two entries in the file ('{seen[n.casefold()]}' and "
                                       f"'{entry.name}'). Nothing from this file was imported.")
                seen[n.casefold()] = entry.name
        for entry in entries:
            atomic_write(self.root / entry.path, render_entry(entry))
        self.sync()
        return [e.path for e in entries]

    def remove(self, name: str) -> IndexedEntry:
        item = self.find(name)
        if item is None:
            raise LibraryError(codes.LIBRARY_ENTRY_NOT_FOUND, f"There is no entry '{name}' in the story library.")
        (self.root / item.path).unlink(missing_ok=True)
        self.sync()
        return item
