"""Reading any file the story library imports: ``.md`` entries, character cards (``.png``, ``.json``,
``.charx``) and World Info ``.json``; the CLI's ``library import`` and the window share it.

``read_library_file`` parses and checks, writing nothing; its callers then add the entries all or nothing
(``LibraryStore.add_all``). Every problem is a ``LibraryError`` naming the file.
"""

from __future__ import annotations

import json
from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.domain.bounded import LimitExceeded, load_json
from relay_studio.domain.input_files import InputTooLarge, NotARegularFile, read_input
from relay_studio.library import sillytavern as st
from relay_studio.library.entries import LibraryEntry, LibraryError, parse_entry


def looks_like_world_info(data: bytes, source: str = "The file") -> bool:
    """Whether ``data`` is World Info JSON (not a card); a file past the limits of ``domain/bounded.py``
    is refused here, whichever it is."""
    try:
        doc = load_json(data.decode("utf-8"))
    except LimitExceeded as exc:
        raise LibraryError(exc.code, f"{source} {exc.message}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(doc, dict) and "entries" in doc and "spec" not in doc and "name" not in doc


def read_library_file(path: Path) -> list[LibraryEntry]:
    """The entries ``path`` holds, checked (its size before it is read)."""
    label = path.name
    try:
        size = path.stat().st_size
    except OSError:
        raise LibraryError(codes.LIBRARY_FILE_NOT_FOUND, f"{label} does not exist or cannot be read.") from None
    if size > st.MAX_FILE_BYTES:
        raise LibraryError(codes.LIBRARY_FILE_TOO_LARGE,
                           f"{label} is larger than {st.MAX_FILE_BYTES // (1024 * 1024)} MB, the import limit.")
    try:
        data = read_input(path, st.MAX_FILE_BYTES)
    except (NotARegularFile, InputTooLarge) as exc:
        raise LibraryError(codes.LIBRARY_FILE_NOT_FOUND, f"{label} cannot be read: {exc.strerror}.") from None
    except OSError:
        raise LibraryError(codes.LIBRARY_FILE_NOT_FOUND, f"{label} does not exist or cannot be read.") from None
    suffix = path.suffix.lower()
    if suffix == ".md":
        try:
            return [parse_entry(data.decode("utf-8"), label)]
        except UnicodeDecodeError:
            raise LibraryError(codes.LIBRARY_NOT_TEXT, f"{label} is not UTF-8 text.") from None
    if suffix == ".json" and looks_like_world_info(data, label):
        return st.entries_from_world_info(data, label)
    if suffix in (".png", ".json", ".charx"):
        return st.entries_from_card(st.read_card(data, label), label)
    raise LibraryError(codes.LIBRARY_UNKNOWN_FORMAT,
                       f"{label}: only .md entries, .png/.json/.charx character cards and World Info .json import.")
