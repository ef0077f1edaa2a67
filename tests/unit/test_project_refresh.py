"""Edits made outside the app to a project's Skills and story library are noticed (mtime, then hash) when
the project is opened and when the window regains focus: ``refresh_project_files`` says what changed since
the last look, by any process, and every problem found now."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from relay_studio.domain import error_codes as codes
from relay_studio.library.refresh import refresh_project_files
from relay_studio.library.skills import SkillCatalog
from relay_studio.library.store import FILE_ADDED, FILE_CHANGED, FILE_REMOVED
from relay_studio.store.database import DEFAULT_PROJECT_ID, SCHEMA_VERSION, Database

SKILL = "---\nname: tone\ndescription: Use it to keep the tone.\nagents: '*'\n---\nKeep it {}.\n"
ENTRY = "---\ntype: character\nname: Mira\n---\nMira keeps the {}.\n"


def _write(path: Path, text: str, *, tick: int) -> None:
    """Writes like an editor outside the app: new text, a later mtime (set, as file systems tick coarsely)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    stamp = 1_700_000_000_000_000_000 + tick * 1_000_000_000
    os.utime(path, ns=(stamp, stamp))


def _seen(db: Database, project: Path) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    found = refresh_project_files(db, DEFAULT_PROJECT_ID, project)
    return {(c.path, c.kind) for c in found.changes}, {(p.path, p.code) for p in found.problems}


def test_edits_outside_the_app_are_noticed_and_problems_named(tmp_path: Path) -> None:
    project = tmp_path / "project"
    db = Database(tmp_path / "data.sqlite3")
    try:
        _write(project / "skills" / "tone.md", SKILL.format("calm"), tick=1)
        _write(project / "library" / "character" / "mira.md", ENTRY.format("lamp"), tick=1)
        found = refresh_project_files(db, DEFAULT_PROJECT_ID, project)  # on open
        assert {(c.path, c.kind) for c in found.changes} == {("skills/tone.md", FILE_ADDED),
                                                            ("library/character/mira.md", FILE_ADDED)}
        assert found.problems == [] and found.library_changed and found.skills_changed
        assert _seen(db, project) == (set(), set())  # focus again, nothing edited: nothing changed
        writer = sqlite3.connect(tmp_path / "data.sqlite3", timeout=0)
        writer.execute("BEGIN IMMEDIATE")  # another process holds the write lock (say, a run)
        try:  # nothing changed: nothing to write, so the refresh never waits for that writer
            assert _seen(db, project) == (set(), set())
        finally:
            writer.rollback()
            writer.close()

        _write(project / "skills" / "tone.md", SKILL.format("warm"), tick=2)  # edited in another editor
        assert _seen(db, project) == ({("skills/tone.md", FILE_CHANGED)}, set())
        assert SkillCatalog(project, None).skills["tone"].body == "Keep it warm."
        _write(project / "skills" / "tone.md", SKILL.format("warm"), tick=3)  # touched, same bytes
        assert _seen(db, project) == (set(), set())

        _write(project / "skills" / "plain.md", "Just do it well.", tick=4)  # a Skill without frontmatter
        changes, problems = _seen(db, project)
        assert changes == {("skills/plain.md", FILE_ADDED)}
        assert problems == {("skills/plain.md", codes.SKILL_NO_FRONTMATTER)}
        again = refresh_project_files(db, DEFAULT_PROJECT_ID, project)  # unchanged: still a problem, no change
        assert again.changes == [] and [p.message for p in again.problems] == [
            "skills/plain.md does not start with a '---' frontmatter block."]
        _write(project / "skills" / "bad.md", "---\nname: [x\n---\nBody.\n", tick=5)
        assert (("skills/bad.md", codes.SKILL_BAD_YAML)) in _seen(db, project)[1]

        _write(project / "library" / "character" / "mira.md", ENTRY.format("harbour"), tick=6)
        (project / "skills" / "plain.md").unlink()
        changes, problems = _seen(db, project)
        assert changes == {("library/character/mira.md", FILE_CHANGED), ("skills/plain.md", FILE_REMOVED)}
        assert problems == {("skills/bad.md", codes.SKILL_BAD_YAML)}
        _write(project / "library" / "character" / "mira.md", "no frontmatter", tick=7)  # breaks: leaves the index
        changes, problems = _seen(db, project)
        assert changes == {("library/character/mira.md", FILE_CHANGED)}
        assert ("library/character/mira.md", codes.LIBRARY_NO_FRONTMATTER) in problems
        assert _seen(db, project)[0] == set()  # still broken: a problem each time, not a change
    finally:
        db.close()

    # the index lives in the database: another process (or the next start) sees only later edits
    other = Database(tmp_path / "data.sqlite3")
    try:
        assert other.schema_version == SCHEMA_VERSION
        assert _seen(other, project)[0] == set()
        _write(project / "skills" / "tone.md", SKILL.format("bright"), tick=8)
        assert _seen(other, project)[0] == {("skills/tone.md", FILE_CHANGED)}
    finally:
        other.close()


def test_the_migration_adds_the_skill_index_to_a_database_of_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    Database(path).close()
    raw = sqlite3.connect(path)
    raw.execute("DROP TABLE skill_files")
    raw.execute("INSERT INTO app_settings (key, value) VALUES ('kept', 'yes')")
    raw.execute("PRAGMA user_version = 6")
    raw.commit()
    raw.close()
    _write(tmp_path / "project" / "skills" / "tone.md", SKILL.format("calm"), tick=1)
    db = Database(path)
    try:
        assert db.schema_version == SCHEMA_VERSION
        assert db.raw.execute("SELECT value FROM app_settings WHERE key = 'kept'").fetchone() == ("yes",)
        assert _seen(db, tmp_path / "project") == ({("skills/tone.md", FILE_ADDED)}, set())
    finally:
        db.close()
