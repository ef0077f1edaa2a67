"""Every workspace write as a version: creators own their text, nothing committed is lost.

A file's next version is mostly its previous one (an edit, an appended passage), so a version whose
previous one exists is stored as the text both share at the start and end plus what is in between
(the same exact slicing as requests, ``store/turn_requests.py``), zlib-compressed in a BLOB:
b"\\x03" + previous version's row id + b"\\n" + zlib("<prefix>:<suffix>:<middle>"). Other versions are
the text itself, compressed when large (``store/compact.py``). Reads go through ``file_versions``.
"""

from __future__ import annotations

import hashlib
import sqlite3
import zlib
from collections import OrderedDict

from sqlalchemy import func, select

from relay_studio.store import compact
from relay_studio.store import tables as t
from relay_studio.store.compact import pack, unpack
from relay_studio.store.database import Transaction, now_iso, table_of
from relay_studio.store.turn_requests import apply_delta, encode_delta

_VERSIONS = table_of(t.WorkspaceFileVersionRow)
_ON_PREVIOUS = b"\x03"
_REMEMBERED_FILES = 64
#: (database, run id, path) -> (row id, full text) of the latest version this process wrote.
_last: OrderedDict[tuple[str, str, str], tuple[int, str]] = OrderedDict()


def record_version(tx: Transaction, run_id: str, path: str, content: str, invocation_id: str | None) -> int:
    previous = tx.conn.execute(
        select(func.max(_VERSIONS.c.version)).where(_VERSIONS.c.run_id == run_id, _VERSIONS.c.path == path)
    ).scalar()
    version = int(previous or 0) + 1
    raw, key = tx.raw, (str(tx.db_path), run_id, path)
    tx.insert(
        t.WorkspaceFileVersionRow,
        run_id=run_id,
        path=path,
        version=version,
        content=_stored(raw, key, content) if previous else content,
        sha256=hashlib.sha256(content.encode("utf-8")).hexdigest(),
        invocation_id=invocation_id,
        created_at=now_iso(),
    )
    row_id = raw.execute("SELECT last_insert_rowid()").fetchone()[0]
    _remember(key, int(row_id), content)
    return version


def _remember(key: tuple[str, str, str], row_id: int, content: str) -> None:
    _last[key] = (row_id, content)
    _last.move_to_end(key)
    while len(_last) > _REMEMBERED_FILES:
        _last.popitem(last=False)


def _stored(raw: sqlite3.Connection, key: tuple[str, str, str], content: str) -> str | bytes:
    """What to store for a version that has a previous one (packed again by the insert if text)."""
    if not compact.ENABLED:
        return content
    _db, run_id, path = key
    row = raw.execute("SELECT id FROM workspace_file_versions WHERE run_id = ? AND path = ? ORDER BY version DESC "
                      "LIMIT 1", (run_id, path)).fetchone()
    known = _last.get(key)
    base = known[1] if known is not None and known[0] == row[0] else _versions(raw, run_id, path)[-1][1]
    delta = encode_delta("", base, content)
    if delta is None:
        return content
    data = _ON_PREVIOUS + str(row[0]).encode() + b"\n" + zlib.compress(delta[2:].encode("utf-8", "surrogatepass"))
    plain = pack(content)
    return data if len(data) < len(plain) else content


def _text(value: str | bytes, texts: dict[int, str], raw: sqlite3.Connection, run_id: str, path: str) -> str:
    if isinstance(value, bytes) and value.startswith(_ON_PREVIOUS):
        base_id, data = value[1:].split(b"\n", 1)
        base = texts.get(int(base_id))
        if base is None:
            base = dict(_versions(raw, run_id, path))[int(base_id)]
        return apply_delta(base, "@:" + zlib.decompress(data).decode("utf-8", "surrogatepass"))
    return unpack(value) or ""


def _versions(raw: sqlite3.Connection, run_id: str, path: str) -> list[tuple[int, str]]:
    rows = raw.execute("SELECT id, content FROM workspace_file_versions WHERE run_id = ? AND path = ? "
                       "ORDER BY version", (run_id, path)).fetchall()
    texts: dict[int, str] = {}
    out: list[tuple[int, str]] = []
    for row_id, value in rows:
        text = _text(value, texts, raw, run_id, path)
        texts[int(row_id)] = text
        out.append((int(row_id), text))
    return out


def file_versions(raw: sqlite3.Connection, run_id: str, path: str) -> list[tuple[int, str, str | None]]:
    """Every written version of a workspace file, oldest first: (version, full text, invocation id)."""
    rows = raw.execute("SELECT id, version, content, invocation_id FROM workspace_file_versions WHERE run_id = ? "
                       "AND path = ? ORDER BY version", (run_id, path)).fetchall()
    texts: dict[int, str] = {}
    out: list[tuple[int, str, str | None]] = []
    for row_id, version, value, invocation_id in rows:
        text = _text(value, texts, raw, run_id, path)
        texts[int(row_id)] = text
        out.append((int(version), text, invocation_id))
    return out
