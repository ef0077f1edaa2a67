"""Each record the store reads by field name (``Record.model_validate`` of a row, ``Record.model_dump`` into
``tx.insert``) names its fields once, in ``domain/records.py``: every field is a column of the same name in its
table (``store/tables.py``), so a field added to one and not the other fails here, not at run time."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel
from sqlmodel import SQLModel

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.records import ChatRecord, MessageRecord, ProjectRecord, RunRecord
from relay_studio.store import tables as t
from relay_studio.store.database import Database, table_of
from relay_studio.store.runs import RunStore


@pytest.mark.parametrize(("record", "row"), [
    (RunRecord, t.RunRow), (ChatRecord, t.ChatRow), (MessageRecord, t.MessageRow), (ProjectRecord, t.ProjectRow),
])
def test_every_field_of_a_record_is_a_column_of_its_table(record: type[BaseModel], row: type[SQLModel]) -> None:
    columns = {column.name for column in table_of(row).columns}
    assert set(record.model_fields) - columns == set()


def test_a_run_reads_back_with_every_field(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    try:
        values = {"id": "run_1", "chat_id": "chat_1", "root_profile_id": "writer", "kind": "handoff",
                  "status": "failed", "user_text": "Write it.", "input_json": "{}", "error_code": "run.x",
                  "error_message": "It failed.", "message_id": "msg_1", "created_at": "2026-01-01T00:00:00.000Z",
                  "updated_at": "2026-01-01T00:00:01.000Z"}
        with db.transaction() as tx:
            tx.insert(t.RunRow, **values)
        record = RunStore(db).run("run_1")
    finally:
        db.close()
    assert record is not None and record.status is RunStatus.FAILED
    assert record.model_dump(mode="json") == {k: v for k, v in values.items() if k != "input_json"}
