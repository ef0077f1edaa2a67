"""Checks a data folder and its database before anything is written to either.

A damaged or foreign file is refused with one sentence that names the problem and the file, and a
stable code; nothing is written to it (the checks read the header bytes and open SQLite read-only),
so whatever might still be recovered from it stays as it was. New folders and database files are
created readable by their creator only (0700 / 0600 on POSIX; SQLite gives its -wal and -shm files
the database file's mode).
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError

SQLITE_HEADER = b"SQLite format 3\x00"
#: ``PRAGMA application_id`` of a Relay Studio database ("RSTD").
APPLICATION_ID = 0x52535444
#: Databases up to this size get a full ``PRAGMA quick_check`` when opened (about 0.1 s at the limit);
#: damage in a bigger one is reported when SQLite reaches it.
QUICK_CHECK_MAX_BYTES = 32 * 1024 * 1024
#: A write-ahead log no longer than its header holds no pages.
WAL_HEADER_BYTES = 32

DATA_DIR_NOT_A_FOLDER = codes.STORE_DATA_DIR_NOT_A_FOLDER
DATA_DIR_UNWRITABLE = codes.STORE_DATA_DIR_UNWRITABLE
DATABASE_NOT_A_FILE = codes.STORE_DATABASE_NOT_A_FILE
DATABASE_READ_ONLY = codes.STORE_DATABASE_READ_ONLY
DATABASE_EMPTY = codes.STORE_DATABASE_EMPTY
DATABASE_TRUNCATED = codes.STORE_DATABASE_TRUNCATED
DATABASE_DAMAGED = codes.STORE_DATABASE_DAMAGED
DATABASE_BUSY = codes.STORE_DATABASE_BUSY
DISK_FULL = codes.STORE_DISK_FULL
NOT_A_DATABASE = codes.STORE_NOT_A_DATABASE
FOREIGN_DATABASE = codes.STORE_FOREIGN_DATABASE
SCHEMA_TOO_NEW = codes.STORE_SCHEMA_TOO_NEW


class StoreError(CodedError, RuntimeError):
    """The data folder or its database cannot be used; nothing was written."""

    def __init__(self, code: str, message: str, path: Path) -> None:
        super().__init__(code, message)
        self.path = path


#: Below this much free space, an I/O error under a data folder is the full disk, not damage: with the
#: last few KB gone SQLite cannot grow its ``-shm`` file and says "disk I/O error" (issue 39).
LOW_SPACE_BYTES = 1024 * 1024

#: the data folders this process opened: where a bare "disk I/O error" is checked against free space
_folders: set[Path] = set()


def free_bytes(folder: Path) -> int | None:
    try:
        st = os.statvfs(folder) if hasattr(os, "statvfs") else None
    except OSError:
        return None
    return None if st is None else st.f_bavail * st.f_frsize


def _low_space(folders: set[Path]) -> bool:
    return any((free := free_bytes(f)) is not None and free < LOW_SPACE_BYTES for f in folders)


def _is_io_error(exc: BaseException) -> bool:
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        return (code is not None and code & 0xFF == sqlite3.SQLITE_IOERR) or "disk I/O error" in str(exc)
    return isinstance(exc, OSError) and exc.errno == errno.EIO


def is_disk_full(exc: BaseException, folder: Path | None = None) -> bool:
    """Whether ``exc`` (or what it wraps: SQLAlchemy's ``orig``, a cause or context) is a full disk: SQLite's
    SQLITE_FULL ("database or disk is full"), an OSError ENOSPC/EDQUOT, or an I/O error while the disk of
    ``folder`` (or of a data folder this process opened) has less than ``LOW_SPACE_BYTES`` free."""
    folders = {folder} if folder is not None else set(_folders)
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, sqlite3.Error) and getattr(current, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
            return True
        if isinstance(current, OSError) and current.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        if _is_io_error(current) and _low_space(folders):
            return True
        orig = getattr(current, "orig", None)
        todo += [orig if isinstance(orig, BaseException) else None, current.__cause__, current.__context__]
    return False


def disk_full_message(data_dir: Path | None = None) -> str:
    """The sentence for a full disk; ``data_dir`` names the folder (never in what a model reads)."""
    folder = f"the data folder {data_dir}" if data_dir is not None else "the data folder"
    free = free_bytes(data_dir) if data_dir is not None else None
    left = f" ({_amount(free)} free)" if free is not None else ""
    return (f"The disk holding {folder} is full{left}, so Relay Studio could not save what came next; "
            "everything saved before it is kept. Free some space (delete or move files on that disk) and "
            "try again; the database is not damaged.")


def _amount(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / 1024 / 1024:,.1f} MB"
    return f"{size // 1024:,} KB"


def space_left(folder: Path) -> str:
    """The free space on the disk of ``folder``, as a creator reads it ("368 KB"; "unknown space")."""
    free = free_bytes(folder)
    return "unknown space" if free is None else _amount(free)


def full_or_damaged(path: Path, exc: BaseException, damaged: str) -> StoreError:
    """The error for a database that failed to open or read: the full disk when it is one, else damage."""
    if is_disk_full(exc, path.parent):
        return StoreError(DISK_FULL, disk_full_message(path.parent), path)
    return StoreError(DATABASE_DAMAGED, damaged, path)


def _writable(path: Path) -> bool:
    # Mode bits as well as access(): a process running as root passes access() on a read-only file.
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return bool(mode & stat.S_IWUSR) and os.access(path, os.W_OK)


def prepare_data_dir(data_dir: Path) -> None:
    """Creates the folder (0700) or checks that the existing one is a writable folder."""
    if data_dir.exists() and not data_dir.is_dir():
        raise StoreError(DATA_DIR_NOT_A_FOLDER, f"The data folder {data_dir} is a file, not a folder.", data_dir)
    try:
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(DATA_DIR_UNWRITABLE,
                         f"Cannot create the data folder {data_dir}: {exc.strerror or exc}.", data_dir) from None
    if not _writable(data_dir):
        raise StoreError(DATA_DIR_UNWRITABLE, f"The data folder {data_dir} is not writable.", data_dir)


def _has_orphaned_data(path: Path) -> bool:
    folder = path.parent
    wal = path.with_name(path.name + "-wal")
    if wal.is_file() and wal.stat().st_size > 0:
        return True
    return any((folder / sub).is_dir() and any((folder / sub).iterdir()) for sub in ("runs", "chats"))


def check_database(path: Path, schema_version: int) -> None:
    """Creates a missing database file (0600), or checks the existing one is an intact Relay Studio
    database this version can read. Raises StoreError; never writes to an existing file."""
    _folders.add(path.parent)
    if not path.exists() and not path.is_symlink():
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            pass  # another process created it a moment ago: check it like any existing file
        except OSError as exc:
            raise StoreError(DATA_DIR_UNWRITABLE,
                             f"Cannot create the database {path}: {exc.strerror or exc}.", path) from None
        else:
            return
    if path.is_dir():
        raise StoreError(DATABASE_NOT_A_FILE, f"The database {path} is a folder, not a file.", path)
    if not path.is_file():
        raise StoreError(DATABASE_NOT_A_FILE, f"The database {path} is not a regular file.", path)
    if not _writable(path):
        raise StoreError(DATABASE_READ_ONLY, f"The database {path} is read-only; Relay Studio needs to write to it.",
                         path)
    size = path.stat().st_size
    if size == 0:
        if _has_orphaned_data(path):
            raise StoreError(DATABASE_EMPTY, f"The database {path} is empty (0 bytes) although the folder holds runs "
                             "or chats; it was left as it is. Restore it from a backup or move the folder away.", path)
        return  # a file created and never written (a crash right after creating it): safe to set up
    with path.open("rb") as f:
        header = f.read(100)
    if header[:16] != SQLITE_HEADER and not (len(header) < 16 and SQLITE_HEADER.startswith(header)):
        raise StoreError(NOT_A_DATABASE, f"The file {path} is not a Relay Studio database (not SQLite).", path)
    if len(header) < 100:
        raise StoreError(DATABASE_TRUNCATED, f"The database {path} is truncated ({size} bytes).", path)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    pages_valid = header[24:28] == header[92:96]
    if page_size < 512 or page_size & (page_size - 1):
        raise StoreError(DATABASE_DAMAGED, f"The database {path} is damaged (its header is garbled).", path)
    short = bool(size % page_size or (pages_valid and pages * page_size > size))
    if short and not _wal_has_frames(path):
        raise StoreError(DATABASE_TRUNCATED, f"The database {path} is truncated ({size} bytes).", path)
    # A file shorter than its header says, with a write-ahead log: the missing pages may be in the log (a
    # full disk stopped the checkpoint that copies them into the file). SQLite reads them from there; the
    # check below (which reads every page through the log) decides whether the file is whole.
    _probe(path, size, schema_version, short=short)


def _wal_has_frames(path: Path) -> bool:
    wal = path.with_name(path.name + "-wal")
    try:
        return wal.is_file() and wal.stat().st_size > WAL_HEADER_BYTES
    except OSError:
        return False


def _probe(path: Path, size: int, schema_version: int, *, short: bool = False) -> None:
    try:
        probe = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
    except sqlite3.Error as exc:
        raise full_or_damaged(path, exc, f"Cannot open the database {path}: {exc}.") from None
    try:
        version = int(probe.execute("PRAGMA user_version").fetchone()[0])
        app_id = int(probe.execute("PRAGMA application_id").fetchone()[0])
        names = {r[0] for r in probe.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        problems = (probe.execute("PRAGMA quick_check(5)").fetchall() if size <= QUICK_CHECK_MAX_BYTES or short
                    else [("ok",)])  # a short file is checked whatever its size: only SQLite can tell
    except sqlite3.DatabaseError as exc:
        if short:
            raise StoreError(DATABASE_TRUNCATED, f"The database {path} is truncated ({size} bytes).", path) from None
        raise full_or_damaged(path, exc, f"The database {path} is damaged ({exc}).") from None
    finally:
        probe.close()
    if problems != [("ok",)] and short:
        raise StoreError(DATABASE_TRUNCATED, f"The database {path} is truncated ({size} bytes).", path)
    if problems != [("ok",)]:
        first = str(problems[0][0]).splitlines()[0][:120]
        raise StoreError(DATABASE_DAMAGED, f"The database {path} is damaged ({first}).", path)
    foreign = (app_id not in (0, APPLICATION_ID)
               or (version == 0 and bool(names))
               or (version > 0 and app_id == 0 and not {"runs", "events"} <= names))
    if foreign:
        raise StoreError(FOREIGN_DATABASE, f"The file {path} belongs to another application, not Relay Studio.", path)
    if version > schema_version:
        raise StoreError(SCHEMA_TOO_NEW, f"The database at {path} was written by a newer Relay Studio (schema "
                         f"{version}); this version reads up to schema {schema_version}.", path)
