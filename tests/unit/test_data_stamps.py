"""What the window's watcher of other processes' writes stands on (``store/data_stamps.py``,
``Database.data_version``, ``ui/operations/outside_writes.py: outside_changes``): SQLite's data version moves only
for another connection's commit, and two stamps tell what that commit changed."""

from __future__ import annotations

from pathlib import Path

from relay_studio.store.chats import ChatStore
from relay_studio.store.continuity import ContinuityStore
from relay_studio.store.data_stamps import read_stamps
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database
from relay_studio.store.profiles import ProfileStore
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.operations.outside_writes import outside_changes
from tests.support import profile


def test_the_data_version_moves_for_another_connections_commit_and_never_for_its_own(tmp_path: Path) -> None:
    window, other = Database(tmp_path / "s.db"), Database(tmp_path / "s.db")
    try:
        version = window.data_version()
        ChatStore(window).ensure_chat("Mine")  # the window's own writes (the writer lane)
        read_stamps(window)  # and its own reads
        assert window.data_version() == version
        ChatStore(other).ensure_chat("Theirs")
        assert window.data_version() != version
    finally:
        window.close()
        other.close()


def test_two_stamps_name_what_another_process_changed(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    try:
        chats = ChatStore(db)
        kept = chats.ensure_chat("Kept")
        talked = chats.ensure_chat("Talked in")
        before = read_stamps(db)
        assert outside_changes(before, read_stamps(db)) == Changes()  # nothing written: nothing to announce
        chats.add_message(talked.id, "user", "A new line.")
        made = chats.ensure_chat("Made")
        ProfileStore(db).save(profile("archivist"))
        ContinuityStore(db).set_checks_after_commit(DEFAULT_PROJECT_ID, True)
        changes = outside_changes(before, read_stamps(db))
        assert changes.chats == {made.id} and changes.messages == {talked.id}
        assert kept.id not in changes.chats | changes.messages
        assert changes.profiles and not changes.projects and changes.canon == {DEFAULT_PROJECT_ID}
        assert not changes.library and not changes.knowledge and not changes.skills
    finally:
        db.close()
