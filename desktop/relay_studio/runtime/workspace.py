"""The shared run workspace on disk: safe paths, text files, and the chat-scoped ``persist/`` root.

Paths are relative and ``/``-separated. Absolute paths, drive prefixes, ``..``, backslashes, NUL and
symlinks that lead outside the workspace are refused with ``workspace.path_invalid``.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import EventLevel
from relay_studio.domain.safe_text import is_utf8
from relay_studio.runtime.errors import ToolError
from relay_studio.store.database import Transaction

PERSIST_ROOT = "persist"
MAX_FILE_BYTES = 4 * 1024 * 1024
_DRIVE = re.compile(r"^[A-Za-z]:")
#: Longest file or folder name (bytes of UTF-8): what common file systems allow.
MAX_NAME_BYTES = 255
#: Longest workspace path (bytes of UTF-8): well below the OS limit of 4,096 once the storage folder is added.
MAX_PATH_BYTES = 1024

# Codes of file-system refusals a model can fix (never a storage path in their sentences).
NAME_TOO_LONG = codes.WORKSPACE_NAME_TOO_LONG
PATH_TOO_LONG = codes.WORKSPACE_PATH_TOO_LONG
PARENT_IS_FILE = codes.WORKSPACE_PARENT_IS_FILE
DISK_FULL = codes.WORKSPACE_DISK_FULL
FILE_SYSTEM_ERROR = codes.WORKSPACE_FILE_SYSTEM_ERROR
#: Event: a link (or special file) in persist/ was left out of a copy between the chat and a run.
LINK_SKIPPED = ev.WORKSPACE_LINK_SKIPPED


@dataclass(frozen=True)
class Roots:
    visible: tuple[str, ...]
    writable: tuple[str, ...]


def _invalid(path: str, why: str) -> ToolError:
    return ToolError(
        codes.WORKSPACE_PATH_INVALID,
        f"The path '{path}' cannot be used: {why}. Use a relative path inside the workspace, "
        "like output/main.md.",
    )


def normalize(path: object) -> str:
    """Checks the shape of a workspace path and returns it; raises ``workspace.path_invalid``."""
    if not isinstance(path, str) or not path.strip():
        raise ToolError(codes.WORKSPACE_PATH_INVALID, "Give a file path like output/main.md.")
    shown = path.replace("\x00", "\\0")
    if "\x00" in path:
        raise _invalid(shown, "it contains a NUL character")
    if "\\" in path:
        raise _invalid(shown, "use '/' to separate folders")
    if path.startswith("/") or path.startswith("~"):
        raise _invalid(shown, "it is an absolute path")
    if _DRIVE.match(path):
        raise _invalid(shown, "it starts with a drive letter")
    parts = path.split("/")
    if any(p == ".." for p in parts):
        raise _invalid(shown, "'..' is not allowed")
    if any(p in ("", ".") for p in parts[:-1]) or parts[-1] in (".",):
        raise _invalid(shown, "it has an empty or '.' folder name")
    for part in parts:
        if len(part.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
            raise ToolError(
                NAME_TOO_LONG,
                f"The name '{part[:40]}…' is too long: a file or folder name can have at most "
                f"{MAX_NAME_BYTES} bytes. Use a shorter name.",
            )
    if len(path.encode("utf-8", "surrogatepass")) > MAX_PATH_BYTES:
        raise ToolError(
            PATH_TOO_LONG,
            f"The path '{path[:60]}…' is too long: a path can have at most {MAX_PATH_BYTES} bytes. "
            "Use fewer or shorter folder names.",
        )
    return path.rstrip("/") if path.endswith("/") else path


class RunWorkspace:
    def __init__(self, root: Path) -> None:
        root.mkdir(parents=True, exist_ok=True)
        self.root = root
        self._real_root = root.resolve()
        self.skipped_links: list[str] = []

    def _locate(self, rel: str) -> Path:
        target = self.root / rel
        real = target.resolve()
        if real != self._real_root and self._real_root not in real.parents:
            raise _invalid(rel, "it leads outside the workspace")
        return target

    @contextmanager
    def _os_errors(self, rel: str) -> Iterator[None]:
        """An OS refusal becomes a tool error in the agent's words, naming only the workspace path."""
        try:
            yield
        except OSError as exc:
            raise self._tool_error(rel, exc) from None

    def _tool_error(self, rel: str, exc: OSError) -> ToolError:
        if exc.errno == errno.ENAMETOOLONG:
            return ToolError(PATH_TOO_LONG, f"The path '{rel[:60]}' is too long for the disk. Use a shorter one.")
        if exc.errno in (errno.ENOTDIR, errno.EEXIST):
            parts = rel.split("/")
            for n in range(1, len(parts)):
                ancestor = "/".join(parts[:n])
                if (self.root / ancestor).is_file():
                    return ToolError(
                        PARENT_IS_FILE,
                        f"'{ancestor}' is a file, so nothing can be saved below it as '{rel}'. "
                        "Choose a path whose folders are not files.",
                    )
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return ToolError(
                DISK_FULL,
                f"There is no space left on the disk, so '{rel}' was not saved and is unchanged. "
                "Tell the user the disk is full, or save less.",
            )
        reason = (exc.strerror or "an error of the file system").lower()
        return ToolError(FILE_SYSTEM_ERROR, f"'{rel}' could not be used: {reason}. Try another path.")

    def check(self, path: object, roots: Roots, *, write: bool) -> tuple[str, Path]:
        rel = normalize(path)
        top = rel.split("/", 1)[0]
        if top not in roots.visible:
            shown = ", ".join(f"{r}/" for r in roots.visible) or "none"
            raise ToolError(
                codes.WORKSPACE_ROOT_NOT_VISIBLE,
                f"You cannot see '{top}/'. The folders you can use are: {shown}.",
            )
        if write and top not in roots.writable:
            shown = ", ".join(f"{r}/" for r in roots.writable) or "none"
            raise ToolError(
                codes.WORKSPACE_ROOT_NOT_WRITABLE,
                f"You cannot write under '{top}/'. You can write under: {shown}.",
            )
        with self._os_errors(rel):
            return rel, self._locate(rel)

    def read(self, path: object, roots: Roots) -> tuple[str, str]:
        rel, target = self.check(path, roots, write=False)
        with self._os_errors(rel):
            return rel, self._read(rel, target)

    def _read(self, rel: str, target: Path) -> str:
        if not target.is_file():
            raise ToolError(
                codes.WORKSPACE_FILE_NOT_FOUND,
                f"There is no file '{rel}'. Use workspace_list_files to see what exists.",
            )
        if target.stat().st_size > MAX_FILE_BYTES:
            raise ToolError(codes.WORKSPACE_FILE_TOO_LARGE, f"'{rel}' is larger than 4 MB and cannot be read.")
        try:
            return target.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise ToolError(codes.WORKSPACE_NOT_TEXT, f"'{rel}' is not a UTF-8 text file.") from None

    def write(self, path: object, content: str, roots: Roots) -> str:
        rel, target = self.check(path, roots, write=True)
        if len(content.encode("utf-8")) > MAX_FILE_BYTES:
            raise ToolError(codes.WORKSPACE_FILE_TOO_LARGE, "That content is larger than 4 MB; split it into files.")
        if target.is_dir():
            raise ToolError(codes.WORKSPACE_PATH_IS_FOLDER, f"'{rel}' is a folder, not a file.")
        self.write_raw(rel, content, target)
        return rel

    def write_raw(self, rel: str, content: str, target: Path | None = None) -> None:
        """Atomic write (temp file + rename) of a path already checked; OS refusals are tool errors."""
        with self._os_errors(rel):
            self._write_atomic(rel, content, target or self._locate(normalize(rel)))

    def _write_atomic(self, rel: str, content: str, target: Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        self._locate(rel)  # a symlinked parent created meanwhile must not lead outside
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".part")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
                fh.write(content)
                fh.flush()  # a full disk must fail here, before the rename, not in a silent close
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def files(self, roots: Roots, under: str | None = None) -> list[tuple[str, int]]:
        tops = list(roots.visible)
        prefix = ""
        if under:
            prefix = normalize(under).rstrip("/")
            self.check(prefix, roots, write=False)
            tops = [prefix]
        out: list[tuple[str, int]] = []
        for top in tops:
            base = self.root / top
            if not base.is_dir() or base.is_symlink():
                continue
            for dirpath, dirnames, filenames in os.walk(base):
                dirnames[:] = sorted(d for d in dirnames if not (Path(dirpath) / d).is_symlink() and is_utf8(d))
                for name in sorted(filenames):
                    full = Path(dirpath) / name
                    if name.startswith(".tmp-") or full.is_symlink() or not is_utf8(str(full)):
                        continue  # a name that is not UTF-8 (made outside) can be neither shown nor stored
                    out.append((full.relative_to(self.root).as_posix(), full.stat().st_size))
        return out

    def snapshot(self, roots: Roots) -> dict[str, str]:
        """Every readable text file under the visible roots."""
        out: dict[str, str] = {}
        for rel, _size in self.files(roots):
            try:
                out[rel] = (self.root / rel).read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
        return out

    # persist/ is chat-scoped: projected in at start, promoted back only by a successful finish. Links are
    # never followed nor copied either way (they could bring outside folders into a chat or a run).
    def project_persist(self, chat_persist: Path) -> None:
        target = self.root / PERSIST_ROOT
        target.mkdir(parents=True, exist_ok=True)
        if chat_persist.is_symlink():
            self.skipped_links.append(PERSIST_ROOT)
        elif chat_persist.is_dir():
            self.skipped_links += copy_without_links(chat_persist, target)

    def promote_persist(self, chat_persist: Path) -> None:
        source = self.root / PERSIST_ROOT
        staging = chat_persist.with_name(chat_persist.name + ".incoming")
        if staging.exists():
            shutil.rmtree(staging)
        if source.is_dir() and not source.is_symlink():
            self.skipped_links += copy_without_links(source, staging)
        else:
            if source.is_symlink():
                self.skipped_links.append(PERSIST_ROOT)
            staging.mkdir(parents=True)
        previous = chat_persist.with_name(chat_persist.name + ".previous")
        if previous.exists():
            shutil.rmtree(previous)
        if chat_persist.is_symlink():
            chat_persist.unlink()  # the chat's own folder replaces the link; the link's target is untouched
        elif chat_persist.exists():
            chat_persist.rename(previous)
        staging.rename(chat_persist)
        if previous.exists():
            shutil.rmtree(previous)

    def journal_skipped_links(self, tx: Transaction, run_id: str) -> None:
        """One warning per link that a persist/ copy left out, then forgets them."""
        for rel in self.skipped_links:
            tx.event(run_id, LINK_SKIPPED,
                     {"path": rel, "message": f"'{rel}' is a link or not a plain file; it was not copied."},
                     level=EventLevel.WARNING)
        self.skipped_links.clear()


def copy_without_links(source: Path, dest: Path) -> list[str]:
    """Copies the plain files and folders below ``source``; links and special files (pipes, devices) are
    left out, never followed. Returns what was left out, as ``persist/...`` paths."""
    skipped: list[str] = []

    def leave_out(directory: str, names: list[str]) -> list[str]:
        out = []
        for name in names:
            mode = os.lstat(os.path.join(directory, name)).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                out.append(name)
                rel = (Path(directory) / name).relative_to(source).as_posix()
                skipped.append(f"{PERSIST_ROOT}/{rel}")
        return out

    shutil.copytree(source, dest, symlinks=True, ignore=leave_out, dirs_exist_ok=True)
    return skipped
