"""The pieces of a story library import's staging (``LibraryStore._write_import``, ``_recover_imports``):
removing a moved-in file only while it holds the imported bytes, putting a replaced entry file back, the
manifest an import writes before it moves anything, and the refusal when the index write fails."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.library.entries import LibraryError
from relay_studio.store.data_folder import is_disk_full
from relay_studio.store.leases import _unlock


def unlink_if(target: Path, digest: str) -> None:
    """Removes ``target`` if it still holds the bytes whose sha256 is ``digest`` (never a creator's edit)."""
    with contextlib.suppress(OSError):
        if target.is_file() and not target.is_symlink() and hashlib.sha256(target.read_bytes()).hexdigest() == digest:
            target.unlink()


def release(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)


def read_manifest(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The files an import moved in (path → sha256) and those it took away (path → its backup's name);
    an older version's manifest is the first mapping alone."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}, {}  # none yet: the import was still staging, nothing was moved
    if not isinstance(data, dict):
        return {}, {}
    if isinstance(data.get("files"), dict):
        old = data.get("removed")
        return ({str(k): str(v) for k, v in data["files"].items()},
                {str(k): str(v) for k, v in old.items()} if isinstance(old, dict) else {})
    return {str(k): str(v) for k, v in data.items()}, {}


def inside_library(rel: str) -> bool:
    return rel.startswith("library/") and ".." not in rel.split("/")


def restore(backup: Path, target: Path) -> None:
    """Moves a replaced entry file back from an import's staging folder (unless its place was taken)."""
    with contextlib.suppress(OSError):
        if backup.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(backup, target)


def index_failed(exc: BaseException, source: str) -> LibraryError:
    """The refusal for an import whose index write the database refused (its files already taken back)."""
    if is_disk_full(exc):
        return LibraryError(codes.STORE_DISK_FULL, f"{source} could not be indexed: the disk holding the data "
                                                   "folder is full, so nothing of it was kept. Free some space and "
                                                   "import it again.")
    detail = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200] if str(exc) else exc.__class__.__name__
    return LibraryError(codes.LIBRARY_INDEX_FAILED, f"{source} could not be indexed in the database ({detail}); "
                                                    "nothing of it was kept.")
