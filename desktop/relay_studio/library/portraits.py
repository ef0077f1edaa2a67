"""A character card's picture kept as its agent's portrait (docs/scenes.md, "Portraits").

Where: ``<data folder>/portraits/<agent id>.png``, one file per agent. Agents are rows of the database (the
portable JSON creators share), and a card's picture is binary and can be megabytes: kept as a file in the data
folder it stays out of the database (its WAL, every read of the profiles) and out of the agent's JSON, is read
only when a portrait is drawn, and is the picture a card export of the character writes its data into.

What is kept is the card's PNG without its card text (``chara``, ``ccv3``: the story library holds that), checked
first: a PNG whose chunks are whole (``sillytavern.png_chunks``: lengths, CRCs), whose header gives a size, of at
most ``MAX_PORTRAIT_BYTES`` bytes and ``MAX_PORTRAIT_SIDE`` pixels a side and ``MAX_PORTRAIT_PIXELS`` in all (a
picture that decompresses to gigabytes is refused before anyone decodes it). Anything else is refused with a
``card.portrait_*`` or ``card.*`` code; the agent is still made and shows its initials.
"""

from __future__ import annotations

import os
import struct
import tempfile
from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.domain.input_files import InputTooLarge, NotARegularFile, read_input
from relay_studio.domain.profile import ID_PATTERN
from relay_studio.library import sillytavern as st
from relay_studio.library.entries import LibraryError

PORTRAITS_DIR = "portraits"
MAX_PORTRAIT_BYTES = 8 * 1024 * 1024
MAX_PORTRAIT_SIDE = 4096
MAX_PORTRAIT_PIXELS = 4096 * 4096
MIN_PORTRAIT_SIDE = 16  # smaller is a placeholder (a card the studio exported without a portrait has 1×1)
_CARD_TEXT = {b"chara", b"ccv3"}


def card_image(data: bytes, source: str) -> bytes | None:
    """The picture of the PNG card ``data``, without its card text (None: a placeholder smaller than
    ``MIN_PORTRAIT_SIDE``); raises ``LibraryError`` when it is not one the studio keeps."""
    chunks = st.png_chunks(data, source)
    if not chunks or chunks[0][0] != b"IHDR" or len(chunks[0][1]) < 8:
        raise LibraryError(codes.CARD_PORTRAIT_BAD_IMAGE, f"{source}: the card's picture has no image header.")
    width, height = struct.unpack(">II", chunks[0][1][:8])
    if not width or not height or not any(kind == b"IDAT" for kind, _ in chunks):
        raise LibraryError(codes.CARD_PORTRAIT_BAD_IMAGE, f"{source}: the card's picture has no pixels.")
    if max(width, height) > MAX_PORTRAIT_SIDE or width * height > MAX_PORTRAIT_PIXELS:
        raise LibraryError(codes.CARD_PORTRAIT_TOO_LARGE,
                           f"{source}: the card's picture is {width}×{height} pixels; a portrait may be at most "
                           f"{MAX_PORTRAIT_SIDE} pixels a side.")
    if min(width, height) < MIN_PORTRAIT_SIDE:
        return None
    kept = [(kind, body) for kind, body in chunks
            if kind != b"tEXt" or body.split(b"\x00", 1)[0] not in _CARD_TEXT]
    image = st.png_bytes(kept)
    if len(image) > MAX_PORTRAIT_BYTES:
        raise LibraryError(codes.CARD_PORTRAIT_TOO_LARGE,
                           f"{source}: the card's picture is {len(image) // (1024 * 1024)} MB; a portrait may be at "
                           f"most {MAX_PORTRAIT_BYTES // (1024 * 1024)} MB.")
    return image


def read_card_image(path: Path) -> bytes | None:
    """``card_image`` of the card file ``path`` (a PNG card; its size is checked before it is read)."""
    try:
        data = read_input(path, st.MAX_FILE_BYTES)
    except (NotARegularFile, InputTooLarge, OSError):
        raise LibraryError(codes.LIBRARY_FILE_NOT_FOUND, f"{path.name} does not exist or cannot be read.") from None
    return card_image(data, path.name)


def portrait_path(data_dir: Path, profile_id: str) -> Path:
    if not ID_PATTERN.match(profile_id):  # an agent's id is a file name here: never a path
        raise ValueError(f"not an agent id: {profile_id!r}")
    return data_dir / PORTRAITS_DIR / f"{profile_id}.png"


def keep_portrait(data_dir: Path, profile_id: str, image: bytes) -> Path:
    """Writes ``image`` (``card_image``'s) as the agent's portrait, whole or not at all."""
    path = portrait_path(data_dir, profile_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".portrait-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(image)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path


def forget_portrait(data_dir: Path, profile_id: str) -> None:
    """The agent has no portrait (a file an earlier agent of the same id left goes)."""
    portrait_path(data_dir, profile_id).unlink(missing_ok=True)


def kept_portrait(data_dir: Path, profile_id: str) -> Path | None:
    """The agent's portrait file, if it has one."""
    path = portrait_path(data_dir, profile_id)
    return path if path.is_file() else None
