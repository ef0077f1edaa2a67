"""SillyTavern interop: Character Card V2/V3 (PNG ``chara``/``ccv3`` tEXt chunks, JSON, CHARX) and World
Info JSON, to and from story library entries.

A card becomes a ``character`` entry: ``description`` is what the agents see; personality, scenario,
first message, example messages and the other card fields are kept under the entry's ``card`` field (and
written back on export). Its ``character_book`` entries become ``lore`` entries: ``keys`` → aliases,
``constant`` → alwaysInclude, ``case_sensitive`` → tracking, the card's character kept under ``card``
(``character``: whom their ``{{char}}`` means). World Info entries map the same way
(``key``, ``keysecondary``, ``content``, ``constant``, ``comment`` as the name, ``disable``).

Everything read is checked against the limits below before it is used; a problem is one
``LibraryError`` with a sentence naming the file. Parsing returns entries and writes nothing, so the
caller can import a file all or nothing.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import re
import struct
import zipfile
import zlib
from pathlib import PurePosixPath
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain.bounded import ZIP_ERRORS, LimitExceeded, load_json, read_member, zip_problem
from relay_studio.library.entries import LibraryEntry, LibraryError, Tracking, check_entry
from relay_studio.library.macros import CARD_CHARACTER

MAX_FILE_BYTES = 50 * 1024 * 1024
MAX_TEXT_CHUNK_BYTES = 8 * 1024 * 1024
MAX_CARD_JSON_BYTES = 8 * 1024 * 1024
MAX_WORLD_INFO_ENTRIES = 10_000
MAX_CHARX_MEMBERS = 1000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: card fields kept beside the description, in the entry's ``card`` mapping (camelCase) ↔ the card's names
_CARD_FIELDS = {
    "personality": "personality", "scenario": "scenario", "firstMessage": "first_mes",
    "exampleMessages": "mes_example", "alternateGreetings": "alternate_greetings", "creatorNotes": "creator_notes",
    "systemPrompt": "system_prompt", "postHistoryInstructions": "post_history_instructions", "creator": "creator",
    "characterVersion": "character_version", "nickname": "nickname", "extensions": "extensions",
}


def _fail(code: str, message: str) -> LibraryError:
    return LibraryError(code, message)


# -- PNG ------------------------------------------------------------------------------------------

def png_chunks(data: bytes, source: str) -> list[tuple[bytes, bytes]]:
    """A PNG's chunks (kind, body) up to its IEND; every chunk's length and CRC are checked."""
    if not data.startswith(PNG_SIGNATURE):
        raise _fail(codes.CARD_NOT_PNG, f"{source} is not a PNG image.")
    chunks: list[tuple[bytes, bytes]] = []
    at = len(PNG_SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"tEXt" and length > MAX_TEXT_CHUNK_BYTES:
            raise _fail(codes.CARD_CHUNK_TOO_LARGE, f"{source} has a text chunk of {length // (1024 * 1024)} MB; the "
                                                    f"limit is {MAX_TEXT_CHUNK_BYTES // (1024 * 1024)} MB.")
        end = at + 12 + length
        if end > len(data):
            raise _fail(codes.CARD_TRUNCATED, f"{source} ends in the middle of a PNG chunk (the file is cut short).")
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:end])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise _fail(codes.CARD_BAD_CRC, f"{source} has a damaged PNG chunk ({kind.decode('latin-1')}: wrong CRC).")
        chunks.append((kind, body))
        if kind == b"IEND":
            break
        at = end
    return chunks


def png_text_chunks(data: bytes, source: str) -> dict[str, bytes]:
    """The tEXt chunks of a PNG by keyword (``png_chunks``, checked)."""
    texts = (body.split(b"\x00", 1) for kind, body in png_chunks(data, source) if kind == b"tEXt" and b"\x00" in body)
    return {keyword.decode("latin-1"): text for keyword, text in texts}


def png_with_text(image: bytes, text_chunks: dict[str, bytes], source: str = "the image") -> bytes:
    """``image`` (a PNG) with ``text_chunks`` as its tEXt chunks right after its header, any tEXt chunk of the
    same keyword it had left out: a card's data written into a portrait."""
    keywords = {key.encode("latin-1") for key in text_chunks}
    chunks = [c for c in png_chunks(image, source) if c[0] != b"tEXt" or c[1].split(b"\x00", 1)[0] not in keywords]
    texts = [(b"tEXt", key.encode("latin-1") + b"\x00" + value) for key, value in text_chunks.items()]
    return png_bytes([chunks[0], *texts, *chunks[1:]])


def png_bytes(chunks: list[tuple[bytes, bytes]]) -> bytes:
    """A PNG of ``chunks`` (kind, body), each with its length and CRC."""
    return PNG_SIGNATURE + b"".join(_chunk(kind, body) for kind, body in chunks)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def tiny_png(text_chunks: dict[str, bytes]) -> bytes:
    """A 1×1 grey PNG carrying ``text_chunks`` as tEXt chunks (the studio has no portrait to embed)."""
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00\x80")
    parts = [PNG_SIGNATURE, _chunk(b"IHDR", header)]
    parts += [_chunk(b"tEXt", key.encode("latin-1") + b"\x00" + value) for key, value in text_chunks.items()]
    parts += [_chunk(b"IDAT", pixels), _chunk(b"IEND", b"")]
    return b"".join(parts)


# -- cards ----------------------------------------------------------------------------------------

def _decode_card_json(text: bytes, source: str) -> dict[str, Any]:
    if len(text) > MAX_CARD_JSON_BYTES:
        limit = MAX_CARD_JSON_BYTES // (1024 * 1024)
        raise _fail(codes.CARD_TOO_LARGE, f"{source}: the card data is larger than {limit} MB.")
    try:
        data = load_json(text.decode("utf-8"))
    except LimitExceeded as exc:
        raise _fail(exc.code, f"{source}: the card data {exc.message}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _fail(codes.CARD_BAD_JSON, f"{source}: the card data is not valid JSON.") from None
    if not isinstance(data, dict):
        raise _fail(codes.CARD_BAD_JSON, f"{source}: the card data is not a JSON object.")
    return data


def card_from_png(data: bytes, source: str) -> dict[str, Any]:
    chunks = png_text_chunks(data, source)
    raw = chunks.get("ccv3") or chunks.get("chara")  # the V3 chunk is preferred when both are there
    if raw is None:
        raise _fail(codes.CARD_NO_CARD, f"{source} is a PNG without character card data (no 'chara' or 'ccv3' chunk).")
    try:
        decoded = base64.b64decode(raw, validate=True)
    except (binascii.Error, ValueError):
        raise _fail(codes.CARD_BAD_BASE64, f"{source}: the card chunk is not valid base64.") from None
    return _decode_card_json(decoded, source)


def card_from_charx(data: bytes, source: str) -> dict[str, Any]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except ZIP_ERRORS:
        raise _fail(codes.CARD_BAD_CHARX, f"{source} is not a CHARX (zip) file.") from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_CHARX_MEMBERS:
            raise _fail(codes.CARD_BAD_CHARX, f"{source} holds more than {MAX_CHARX_MEMBERS} files.")
        for info in members:
            path = PurePosixPath(info.filename.replace("\\", "/"))
            if path.is_absolute() or ".." in path.parts or info.filename[1:3] == ":/" or info.filename[1:2] == ":":
                raise _fail(codes.CARD_UNSAFE_PATH, f"{source} contains the unsafe path '{info.filename}'; nothing was "
                                                    "imported.")
        card = next((i for i in members if i.filename == "card.json"), None)
        if card is None:
            raise _fail(codes.CARD_BAD_CHARX, f"{source} has no card.json.")
        if card.file_size > MAX_CARD_JSON_BYTES:
            raise _fail(codes.CARD_TOO_LARGE, f"{source}: card.json expands to more than "
                                              f"{MAX_CARD_JSON_BYTES // (1024 * 1024)} MB.")
        try:
            text = read_member(archive, card, MAX_CARD_JSON_BYTES)  # counted as it expands, not from the header
        except ZIP_ERRORS as exc:
            raise _fail(codes.CARD_BAD_CHARX, f"{source}: card.json cannot be read: {zip_problem(exc)}.") from None
    if text is None:
        raise _fail(codes.CARD_TOO_LARGE, f"{source}: card.json expands to more than "
                                          f"{MAX_CARD_JSON_BYTES // (1024 * 1024)} MB.")
    return _decode_card_json(text, source)


def read_card(data: bytes, source: str) -> dict[str, Any]:
    """The card JSON of a PNG, CHARX or JSON file."""
    if len(data) > MAX_FILE_BYTES:
        raise _fail(codes.CARD_TOO_LARGE, f"{source} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB.")
    if data.startswith(PNG_SIGNATURE):
        return card_from_png(data, source)
    if data.startswith(b"PK"):
        return card_from_charx(data, source)
    return _decode_card_json(data, source)


def _text(value: Any, field: str, source: str, code: str = codes.CARD_BAD_FIELD) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _fail(code, f"{source}: '{field}' must be text.")
    return value


def _texts(value: Any, field: str, source: str, code: str = codes.CARD_BAD_FIELD) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(code, f"{source}: '{field}' must be a list of texts.")
    return list(value)


def _selective(secondary: list[str], selective: Any, logic: Any) -> dict[str, Any]:
    """What an entry keeps of SillyTavern's secondary keys: the keys, ``selectiveLogic`` (0 AND ANY,
    1 NOT ALL, 2 NOT ANY, 3 AND ALL; ``library/keys.py``) when not the default, and ``selective: false``
    when they are switched off."""
    if not secondary:
        return {}
    out: dict[str, Any] = {"secondaryKeys": secondary}
    if isinstance(logic, int) and not isinstance(logic, bool) and logic in (1, 2, 3):
        out["selectiveLogic"] = logic
    if selective is False:
        out["selective"] = False
    return out


def _named_after(keys: list[str], case_sensitive: bool, content: str = "") -> tuple[str, list[str]]:
    """An entry's name from its first key when it has no other, and its keys left as aliases. Keys are often
    written in lowercase for matching ("eldoria"), a name as a name ("Eldoria"): a lowercase key of an entry
    matched in any case becomes the name as the entry's text writes it (``_as_written``), else a capitalised
    name; a key with capitals of its own, or of a case-sensitive entry, is the name as it is."""
    key = keys[0].strip()
    if case_sensitive or any(c.isupper() for c in key):
        return key, keys
    written = _as_written(key, content)
    name = written if written != key else " ".join(word[:1].upper() + word[1:] for word in key.split(" "))
    return name, [k for k in keys if k.strip().lower() != key.lower()]


def _as_written(name: str, content: str) -> str:
    """A name the card gives in lowercase only ("eldoria", a key or a memo written for matching), as the card's
    own text writes it ("The forest of Eldoria"): the first whole-word match in ``content`` that has capitals.
    A name with capitals of its own, or one the text never writes otherwise, stays as it is."""
    if not name or any(c.isupper() for c in name):
        return name
    for match in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", content, re.IGNORECASE):
        if any(c.isupper() for c in match.group()):
            return match.group()
    return name


def _recased(name: str, keys: list[str], content: str, case_sensitive: bool) -> tuple[str, list[str]]:
    """A name from the entry's memo, written as its text writes it (``_as_written``); a key that was that name in
    lowercase is left out of the aliases then (the name matches it, in any case), unless matching is
    case-sensitive."""
    written = _as_written(name, content)
    if written == name or case_sensitive:
        return written, keys
    return written, [k for k in keys if k.strip().lower() != written.lower()]


def _book_entry(raw: Any, index: int, source: str, character: str) -> LibraryEntry | None:
    where = f"{source}, lorebook entry {index + 1}"
    if not isinstance(raw, dict):
        raise _fail(codes.CARD_BAD_FIELD, f"{where} is not an object.")
    if raw.get("enabled") is False:
        return None
    keys = _texts(raw.get("keys"), "keys", where)
    name = (_text(raw.get("name"), "name", where) or _text(raw.get("comment"), "comment", where)).strip()
    content = _text(raw.get("content"), "content", where)
    if name:
        name, keys = _recased(name, keys, content, raw.get("case_sensitive") is True)
    elif keys:
        name, keys = _named_after(keys, raw.get("case_sensitive") is True, content)
    card: dict[str, Any] = {CARD_CHARACTER: character}  # whom its {{char}} means (library/macros.py)
    secondary = _texts(raw.get("secondary_keys"), "secondary_keys", where)
    if secondary:
        extensions: dict[str, Any] = raw["extensions"] if isinstance(raw.get("extensions"), dict) else {}
        card.update(_selective(secondary, raw.get("selective"),
                               raw.get("selectiveLogic", extensions.get("selectiveLogic"))))
    entry = LibraryEntry(type="lore", name=name, aliases=keys, description=_text(raw.get("content"), "content", where),
                         always_include=raw.get("constant") is True, card=card,
                         tracking=Tracking(case_sensitive=raw.get("case_sensitive") is True))
    return check_entry(entry, where)


def entries_from_card(card: dict[str, Any], source: str) -> list[LibraryEntry]:
    """The character entry of a card (V1, V2 or V3) and the entries of its character_book."""
    spec = card.get("spec")
    if spec in ("chara_card_v2", "chara_card_v3"):
        data = card.get("data")
        if not isinstance(data, dict):
            raise _fail(codes.CARD_BAD_FIELD, f"{source}: a {spec} card needs a 'data' object.")
    elif spec is None:
        data = card  # V1: the fields at the top level
    else:
        raise _fail(codes.CARD_UNKNOWN_SPEC, f"{source}: '{spec}' is not a character card format this version reads.")
    name = _text(data.get("name"), "name", source).strip()
    if not name:
        raise _fail(codes.CARD_BAD_FIELD, f"{source}: the card has no name.")
    kept: dict[str, Any] = {}
    for ours, theirs in _CARD_FIELDS.items():
        value = data.get(theirs)
        if value not in (None, "", [], {}):
            kept[ours] = value
    character = check_entry(LibraryEntry(type="character", name=name, description=_text(data.get("description"),
                                         "description", source), tags=_texts(data.get("tags"), "tags", source),
                                         card=kept or None), source)
    out = [character]
    book = data.get("character_book")
    if book is not None:
        if not isinstance(book, dict) or not isinstance(book.get("entries", []), list):
            raise _fail(codes.CARD_BAD_FIELD, f"{source}: 'character_book' must hold a list of entries.")
        raw_entries = book.get("entries", [])
        if len(raw_entries) > MAX_WORLD_INFO_ENTRIES:
            raise _fail(codes.CARD_TOO_MANY_ENTRIES,
                        f"{source}: the lorebook has more than {MAX_WORLD_INFO_ENTRIES} entries.")
        out += [e for i, raw in enumerate(raw_entries) if (e := _book_entry(raw, i, source, name)) is not None]
    return out


def card_json(character: LibraryEntry, book: list[LibraryEntry], spec: str = "chara_card_v3") -> dict[str, Any]:
    """A Character Card (V2 or V3) of ``character``, with ``book`` as its character_book."""
    kept = dict(character.card or {})
    data: dict[str, Any] = {"name": character.name, "description": character.description,
                            "personality": "", "scenario": "", "first_mes": "", "mes_example": "",
                            "creator_notes": "", "system_prompt": "", "post_history_instructions": "",
                            "alternate_greetings": [], "tags": list(character.tags), "creator": "",
                            "character_version": "", "extensions": {}}
    for ours, theirs in _CARD_FIELDS.items():
        if ours in kept:
            data[theirs] = kept[ours]
    if book:
        data["character_book"] = {"extensions": {}, "entries": [
            {"keys": [e.name, *e.aliases], "content": e.description, "extensions": {}, "enabled": True,
             "insertion_order": i, "case_sensitive": e.tracking.case_sensitive, "constant": e.always_include,
             "name": e.name, "comment": e.name, "id": i, "use_regex": False,
             **({"secondary_keys": list((e.card or {}).get("secondaryKeys", [])),
                 "selective": (e.card or {}).get("selective") is not False,
                 "extensions": {"selectiveLogic": (e.card or {}).get("selectiveLogic", 0)}}
                if (e.card or {}).get("secondaryKeys") else {})}
            for i, e in enumerate(book)]}
    if spec == "chara_card_v3":
        data.setdefault("group_only_greetings", [])
        return {"spec": "chara_card_v3", "spec_version": "3.0", "data": data}
    if "character_book" in data:
        for raw in data["character_book"]["entries"]:
            raw.pop("use_regex", None)
    return {"spec": "chara_card_v2", "spec_version": "2.0", "data": data}


def card_png(character: LibraryEntry, book: list[LibraryEntry], image: bytes | None = None) -> bytes:
    """A PNG card with both chunks: ``chara`` (V2, for older readers) and ``ccv3`` (V3); its picture is
    ``image`` (a PNG: the character's kept portrait, ``library/portraits.py``), else a 1×1 grey pixel."""
    def encoded(card: dict[str, Any]) -> bytes:
        return base64.b64encode(json.dumps(card, ensure_ascii=False).encode("utf-8"))

    chunks = {"chara": encoded(card_json(character, book, "chara_card_v2")),
              "ccv3": encoded(card_json(character, book, "chara_card_v3"))}
    return tiny_png(chunks) if image is None else png_with_text(image, chunks)


# -- World Info -----------------------------------------------------------------------------------

def entries_from_world_info(data: bytes, source: str) -> list[LibraryEntry]:
    """The enabled entries of a SillyTavern World Info (lorebook) JSON file."""
    if len(data) > MAX_CARD_JSON_BYTES * 2:
        raise _fail(
            codes.WORLDINFO_TOO_LARGE, f"{source} is larger than {MAX_CARD_JSON_BYTES * 2 // (1024 * 1024)} MB."
        )
    try:
        doc = load_json(data.decode("utf-8"))
    except LimitExceeded as exc:
        raise _fail(exc.code, f"{source} {exc.message}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _fail(codes.WORLDINFO_BAD_JSON, f"{source} is not valid JSON.") from None
    raw = doc.get("entries") if isinstance(doc, dict) else None
    if isinstance(raw, dict):
        items = list(raw.values())
    elif isinstance(raw, list):
        items = raw
    else:
        raise _fail(codes.WORLDINFO_BAD_SHAPE, f"{source} has no 'entries' (it is not a World Info file).")
    if len(items) > MAX_WORLD_INFO_ENTRIES:
        raise _fail(codes.WORLDINFO_TOO_MANY_ENTRIES,
                    f"{source} has {len(items)} entries; the limit is {MAX_WORLD_INFO_ENTRIES}.")
    out: list[LibraryEntry] = []
    bad = codes.WORLDINFO_BAD_ENTRY
    for i, item in enumerate(items):
        where = f"{source}, entry {i + 1}"
        if not isinstance(item, dict):
            raise _fail(bad, f"{where} is not an object.")
        if item.get("disable") is True:
            continue
        keys = _texts(item.get("key"), "key", where, bad)
        name = _text(item.get("comment"), "comment", where, bad).strip()
        content = _text(item.get("content"), "content", where, bad)
        if name:
            name, keys = _recased(name, keys, content, item.get("caseSensitive") is True)
        elif keys:
            name, keys = _named_after(keys, item.get("caseSensitive") is True, content)
        if not name:
            raise _fail(bad, f"{where} has neither a comment nor a key to name it by.")
        secondary = _texts(item.get("keysecondary"), "keysecondary", where, bad)
        constant = item.get("constant", False)
        if not isinstance(constant, bool):
            raise _fail(bad, f"{where}: 'constant' must be true or false.")
        entry = LibraryEntry(type="lore", name=name, aliases=keys,
                             description=_text(item.get("content"), "content", where, bad), always_include=constant,
                             card=_selective(secondary, item.get("selective"), item.get("selectiveLogic")) or None,
                             tracking=Tracking(case_sensitive=item.get("caseSensitive") is True))
        out.append(check_entry(entry, where))
    return out


def world_info_entries(entries: list[LibraryEntry]) -> list[LibraryEntry]:
    """What World Info export writes of a library: every entry but the characters cards brought (those
    export as cards)."""
    return [e for e in entries if e.type != "character" or not e.card]


def world_info_json(entries: list[LibraryEntry]) -> dict[str, Any]:
    """SillyTavern World Info of ``entries``: the name is the comment and the first key."""
    out: dict[str, Any] = {}
    for uid, e in enumerate(entries):
        secondary = list((e.card or {}).get("secondaryKeys", []))
        out[str(uid)] = {"uid": uid, "key": [e.name, *e.aliases], "keysecondary": secondary, "comment": e.name,
                         "content": e.description, "constant": e.always_include,
                         "selective": bool(secondary) and (e.card or {}).get("selective") is not False,
                         "selectiveLogic": (e.card or {}).get("selectiveLogic", 0),
                         "disable": False, "order": 100, "position": 0, "caseSensitive": e.tracking.case_sensitive}
    return {"entries": out}
