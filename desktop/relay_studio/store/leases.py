"""Run ownership: a run belongs to the process that holds its lease, an OS file lock.

One lock file per run (``<data>/leases/<run id>.lock``), locked exclusively while a process drives
the run. The operating system drops the lock when that process dies, however it dies (SIGKILL, power
cut of the app, a crash), so "the owner is gone" is exactly "the lock can be taken". Nothing needs
renewing and no clock or pid reuse can fool it. Only the holder of a run's lease may write to that
run; recovery takes the lease first, so it never touches a run a live process is driving.

POSIX uses ``flock`` (per open file, so two runtimes in one process also exclude each other);
Windows uses ``msvcrt.locking`` on the first byte. The file itself holds the owner's pid, host and
start time for people reading it; the lock, not the text, is what counts.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path

from relay_studio.store.data_folder import DATA_DIR_UNWRITABLE, StoreError

LEASE_DIR = "leases"


class RunLease:
    """A held lease; ``release`` (or the process's death) gives the run up."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, *, remove: bool = False) -> None:
        """Gives the run up. ``remove`` deletes the file too: only for a run that has ended, because
        whoever takes a lease re-reads the run's status under it."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if remove and sys.platform != "win32":
            with contextlib.suppress(OSError):
                self.path.unlink()
        _unlock(fd)
        os.close(fd)
        if remove and sys.platform == "win32":
            with contextlib.suppress(OSError):
                self.path.unlink()


def lease_path(data_dir: Path, run_id: str) -> Path:
    return data_dir / LEASE_DIR / f"{run_id}.lock"


def try_acquire(data_dir: Path, run_id: str) -> RunLease | None:
    """The run's lease if no live process holds it, else None. Never waits."""
    folder = data_dir / LEASE_DIR
    path = lease_path(data_dir, run_id)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        fd = os.open(path, flags, 0o600)
    except OSError as exc:
        raise StoreError(DATA_DIR_UNWRITABLE, f"Cannot write the run's lock file {path}: {exc.strerror or exc}.",
                         path) from None
    if not _lock(fd):
        os.close(fd)
        return None
    owner = {"pid": os.getpid(), "host": socket.gethostname(), "since": datetime.now(UTC).isoformat(timespec="seconds")}
    try:
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps(owner).encode())
    except OSError:
        pass  # the text is informational; the lock is held
    return RunLease(path, fd)


def is_owned(data_dir: Path, run_id: str) -> bool:
    """Whether a live process (this one included) holds the run's lease. A look only, as a reader may
    take it: nothing is created or written (no lease file means no owner: the lease is taken before the
    run exists and its file removed only once the run has ended), and the lock is tried shared, so two
    readers looking at once do not see each other as owners. A lease file that cannot be opened counts
    as owned: the run is then shown as stored."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(lease_path(data_dir, run_id), flags)
    except FileNotFoundError:
        return False
    except OSError:
        return True
    try:
        if not _lock(fd, shared=True):
            return True
        _unlock(fd)
        return False
    finally:
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows
    import msvcrt

    def _lock(fd: int, shared: bool = False) -> bool:  # msvcrt has no shared lock
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int, shared: bool = False) -> bool:
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
