"""Writes a manuscript to a file in one of the formats, atomically: the text goes to a temporary file beside
the target, which replaces the target only once complete (a failure leaves the old file, or none, and no
temporary file behind)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError
from relay_studio.manuscript.structure import Manuscript

Progress = Callable[[int, int], None]

FORMATS = ("docx", "epub", "md", "txt")
PRESETS = ("manuscript", "book")
SUFFIXES = {"docx": ".docx", "epub": ".epub", "md": ".md", "txt": ".txt"}


class ExportError(CodedError):
    """A manuscript that cannot be exported: a sentence naming the problem, and a stable code."""


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


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[IO[bytes]]:
    """A binary file that becomes ``path`` when the block ends without an error (``ExportError``
    ``export.unwritable`` when the folder is missing or refuses the file)."""
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise ExportError(codes.EXPORT_UNWRITABLE, f"{path} is a folder, not a file to write.")
    if not parent.is_dir():
        raise ExportError(codes.EXPORT_UNWRITABLE, f"{path} could not be written: the folder {parent} does not exist.")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=parent)
    except OSError as exc:
        raise ExportError(codes.EXPORT_UNWRITABLE, f"{path} could not be written ({_reason(exc)}).") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out:
            yield out
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
