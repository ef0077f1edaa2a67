"""Every workspace write as a version: creators own their text, nothing committed is lost."""

from __future__ import annotations

import hashlib

from sqlalchemy import func, select

from relay_studio.store import tables as t
from relay_studio.store.database import Transaction, now_iso, table_of

_VERSIONS = table_of(t.WorkspaceFileVersionRow)


def record_version(tx: Transaction, run_id: str, path: str, content: str, invocation_id: str | None) -> int:
    previous = tx.conn.execute(
        select(func.max(_VERSIONS.c.version)).where(_VERSIONS.c.run_id == run_id, _VERSIONS.c.path == path)
    ).scalar()
    version = int(previous or 0) + 1
    tx.insert(
        t.WorkspaceFileVersionRow,
        run_id=run_id,
        path=path,
        version=version,
        content=content,
        sha256=hashlib.sha256(content.encode("utf-8")).hexdigest(),
        invocation_id=invocation_id,
        created_at=now_iso(),
    )
    return version

