"""Files a creator names as inputs, read only when they are regular files, and never past a limit.

``/dev/zero`` has a size of 0 and never ends: read whole, it grew the process until ``MemoryError``;
opening a FIFO for reading waits for a writer that may never come (issue 39). So an input is opened
without waiting (``O_NONBLOCK``), checked on the open descriptor to be a regular file, and read at most
``limit`` bytes (a file that grew past its checked size stops there too).

Both refusals are ``OSError``s with a sentence in ``strerror``: each caller already turns an unreadable
input into its own code and sentence ("could not be read (…)"), and these read the same way.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: what a special file is called in the sentences
NOT_REGULAR = "it is not a regular file (a device, a pipe or a folder)"


class NotARegularFile(OSError):
    def __init__(self, path: Path) -> None:
        super().__init__(errno.EINVAL, NOT_REGULAR, str(path))


class InputTooLarge(OSError):
    def __init__(self, path: Path, limit: int) -> None:
        super().__init__(errno.EFBIG, f"it is larger than {_size(limit)}, the limit", str(path))


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit:,} bytes"


def check_regular(path: Path) -> os.stat_result:
    """The file's ``stat``, when it is a regular file (links followed); raises ``NotARegularFile`` else."""
    st = path.stat()
    if not stat.S_ISREG(st.st_mode):
        raise NotARegularFile(path)
    return st


def read_input(path: Path, limit: int, *, follow_links: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``; never waits on a pipe, never reads a device;
    with ``follow_links=False``, a link as the last part of ``path`` is refused (``ELOOP``)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(path)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        parts: list[bytes] = []
        total = 0
        while True:
            block = os.read(fd, min(1 << 20, limit + 1 - total))
            if not block:
                break
            parts.append(block)
            total += len(block)
            if total > limit:
                raise InputTooLarge(path, limit)
        return b"".join(parts)
    finally:
        os.close(fd)


def read_input_text(path: Path, limit: int, *, follow_links: bool = True) -> str:
    """``read_input`` decoded as UTF-8 (``UnicodeDecodeError`` when it is not)."""
    return read_input(path, limit, follow_links=follow_links).decode("utf-8")
