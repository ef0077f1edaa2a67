"""Writes a manuscript to a file in one of the formats, atomically: the text goes to a temporary file beside
the target, which replaces the target only once complete (a failure leaves the old file, or none, and no
temporary file behind)."""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, cast

from relay_studio.domain import error_codes as codes
from relay_studio.manuscript.errors import ExportError as ExportError
from relay_studio.manuscript.language_tag import normalise_language
from relay_studio.manuscript.structure import Manuscript

Progress = Callable[[int, int], None]

FORMATS = ("docx", "epub", "md", "txt")
PRESETS = ("manuscript", "book")
SUFFIXES = {"docx": ".docx", "epub": ".epub", "md": ".md", "txt": ".txt"}


@dataclass(frozen=True)
class ExportResult:
    path: Path
    format: str
    chapters: int
    words: int
    bytes: int


def format_for(path: Path) -> str | None:
    """The format a file name asks for (``.markdown`` too), None for another suffix."""
    suffix = path.suffix.lower()
    return {".docx": "docx", ".epub": "epub", ".md": "md", ".markdown": "md", ".txt": "txt"}.get(suffix)


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


#: a temporary file's name starts with this much of the target's name (a name near the file system's 255
#: bytes would not leave room for the temporary file's own suffix)
_PART_PREFIX_CHARS = 64
#: a temporary file untouched for this long is a killed export's: a later export to the same folder removes it
STALE_PART_SECONDS = 600


def _part_prefix(path: Path) -> str:
    return f".{path.name[:_PART_PREFIX_CHARS]}."


def remove_stale_parts(path: Path, now: float | None = None) -> list[Path]:
    """Removes the temporary files of earlier exports to ``path`` that were killed before they could
    (``.<name>.<random>.part``, untouched for ``STALE_PART_SECONDS``); returns them."""
    removed = []
    limit = (time.time() if now is None else now) - STALE_PART_SECONDS
    with contextlib.suppress(OSError):
        for part in path.parent.glob(f"{glob.escape(_part_prefix(path))}*.part"):
            with contextlib.suppress(OSError):
                if part.is_file() and not part.is_symlink() and part.stat().st_mtime < limit:
                    part.unlink()
                    removed.append(part)
    return removed


def _check_target(path: Path, parent: Path) -> None:
    try:
        if path.is_dir():
            raise ExportError(codes.EXPORT_UNWRITABLE, f"{path} is a folder, not a file to write.")
        if not parent.is_dir():
            raise ExportError(codes.EXPORT_UNWRITABLE,
                              f"{path} could not be written: the folder {parent} does not exist.")
    except OSError as exc:  # a name longer than the file system allows (ENAMETOOLONG), a loop of links …
        raise ExportError(codes.EXPORT_UNWRITABLE, f"{path} could not be written ({_reason(exc)}).") from None


class _Retirable:
    """The temporary file as a writer gets it. A writer that fails (a full disk) abandons its ZipFile,
    whose ``__del__`` later writes the zip's directory to a closed file: once retired, writes are dropped,
    so that prints no stray ``Exception ignored … ZipFile.__del__`` after the one-line error."""

    def __init__(self, inner: IO[bytes]) -> None:
        self._inner = inner
        self.live = True
        self._pos = 0  # once retired: where the dropped writes would have been

    def retire(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._pos = self._inner.tell()
        self.live = False

    def write(self, data: bytes) -> int:
        if self.live:
            return self._inner.write(data)
        self._pos += len(data)
        return len(data)

    def tell(self) -> int:
        return self._inner.tell() if self.live else self._pos

    def seek(self, offset: int, whence: int = 0) -> int:
        if self.live:
            return self._inner.seek(offset, whence)
        self._pos = offset if whence == 0 else self._pos + offset
        return self._pos

    def seekable(self) -> bool:
        return True

    def flush(self) -> None:
        if self.live:
            self._inner.flush()

    def close(self) -> None:
        pass  # the file is atomic_file's to close


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[IO[bytes]]:
    """A binary file that becomes ``path`` when the block ends without an error (``ExportError``
    ``export.unwritable`` when the folder is missing or refuses the file)."""
    parent = path.parent if str(path.parent) else Path(".")
    _check_target(path, parent)
    remove_stale_parts(path)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=_part_prefix(path), suffix=".part", dir=parent)
    except OSError as exc:
        raise ExportError(codes.EXPORT_UNWRITABLE, f"{path} could not be written ({_reason(exc)}).") from None
    tmp = Path(tmp_name)
    guarded: _Retirable | None = None
    try:
        with os.fdopen(fd, "wb") as out:
            guarded = _Retirable(out)
            try:
                yield cast(IO[bytes], guarded)
            finally:
                guarded.retire()
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ExportError(codes.EXPORT_UNWRITABLE, f"{path} could not be written ({_reason(exc)}).") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def export(manuscript: Manuscript, path: Path, fmt: str, *, preset: str = "manuscript",
           progress: Progress | None = None) -> ExportResult:
    """Writes ``manuscript`` to ``path`` as ``fmt`` (``FORMATS``; ``preset`` for DOCX). Any thread: it reads
    nothing but the manuscript. ``progress(done, total)`` as chapters are written."""
    if fmt not in FORMATS:
        raise ExportError(codes.EXPORT_UNKNOWN_FORMAT,
                          f"'{fmt}' is not an export format; use one of {', '.join(FORMATS)}.")
    if preset not in PRESETS:
        raise ExportError(codes.EXPORT_UNKNOWN_FORMAT,
                          f"'{preset}' is not a DOCX preset; use one of {', '.join(PRESETS)}.")
    if not manuscript.chapters:
        raise ExportError(codes.EXPORT_NO_ANSWERS, "There is no text to export.")
    # checked here, not in ``build``: the window's preview builds while the creator is still typing the tag
    manuscript.language = normalise_language(manuscript.language)
    with atomic_file(path) as out:
        if fmt == "docx":
            from relay_studio.manuscript.docx_writer import write_docx

            write_docx(manuscript, out, preset, progress)
        elif fmt == "epub":
            from relay_studio.manuscript.epub_writer import write_epub

            write_epub(manuscript, out, progress)
        elif fmt == "md":
            from relay_studio.manuscript.text_writers import write_markdown

            write_markdown(manuscript, out, progress)
        else:
            from relay_studio.manuscript.text_writers import write_text

            write_text(manuscript, out, progress)
    return ExportResult(path, fmt, len(manuscript.chapters), manuscript.words(), path.stat().st_size)
