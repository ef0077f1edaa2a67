"""The story library: entry files (frontmatter + body), hostile files, the index noticing outside edits,
and the mention rule."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from relay_studio.library.entries import (
    MAX_ENTRY_BYTES,
    LibraryEntry,
    LibraryError,
    Tracking,
    parse_entry,
    render_entry,
)
from relay_studio.library.mentions import SECTION_HEADING, estimate_tokens, last_mention, select_entries
from relay_studio.library.store import LibraryStore
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database

MIRA = """---
type: character
name: Mira
aliases: [Captain Mira, the Captain]
tags: [crew]
tracking: {caseSensitive: false, exclude: [Mirage]}
notes: She dies in book three. Never tell the agents.
---
Mira commands the *Heron*. Grey eyes, quiet voice.
"""


def test_an_entry_file_reads_and_writes_back_the_same() -> None:
    entry = parse_entry(MIRA, "library/character/mira.md")
    assert (entry.type, entry.name, entry.aliases, entry.tags) == ("character", "Mira", ["Captain Mira", "the Captain"],
                                                                   ["crew"])
    assert entry.tracking == Tracking(case_sensitive=False, exclude=["Mirage"])
    assert entry.notes.startswith("She dies")
    assert entry.description == "Mira commands the *Heron*. Grey eyes, quiet voice."
    assert entry.path == "library/character/mira.md"
    again = parse_entry(render_entry(entry), "again")
    assert again == entry and again.description == entry.description
    custom = LibraryEntry(type="Spell School", name="Ash Magic", description="Burns memory.")
    assert custom.path == "library/spell-school/ash-magic.md"
    assert parse_entry(render_entry(custom), "x").type == "spell school"


@pytest.mark.parametrize(("text", "code", "words"), [
    ("Just a note without frontmatter.", "library.no_frontmatter", "does not start with a '---' frontmatter"),
    ("---\nname: [unclosed\n---\nbody", "library.bad_yaml", "not valid YAML"),
    ("---\nname: Mira\n", "library.no_frontmatter", "never closed"),
    ("---\ntype: item\n---\nbody", "library.missing_name", "has no 'name'"),
    ("---\n- a\n- b\n---\n", "library.bad_frontmatter", "'key: value'"),
    ("---\nname: Mira\ncolour: red\n---\n", "library.unknown_field", "'colour' is not a field"),
    ("---\nname: Mira\naliases: 7\n---\n", "library.bad_frontmatter", "'aliases'"),
    ("---\nname: Mira\ntype: a/b\n---\n", "library.bad_type", "without slashes"),
    ("---\nname: '   '\n---\n", "library.missing_name", "has no name"),
])
def test_hostile_entry_files_get_a_sentence_naming_the_file(text: str, code: str, words: str) -> None:
    with pytest.raises(LibraryError) as caught:
        parse_entry(text, "library/lore/bad.md")
    assert caught.value.code == code
    assert caught.value.message.startswith("library/lore/bad.md") and words in caught.value.message


def test_a_huge_entry_is_refused_with_the_limit() -> None:
    with pytest.raises(LibraryError) as caught:
        parse_entry("---\nname: Big\n---\n" + "x" * MAX_ENTRY_BYTES, "library/lore/big.md")
    assert caught.value.code == "library.file_too_large" and "256 KB" in caught.value.message


def _store(tmp_path: Path) -> tuple[Database, LibraryStore]:
    db = Database(tmp_path / "lib.db")
    return db, LibraryStore.open(db, DEFAULT_PROJECT_ID, tmp_path / "project")



def test_two_syncs_of_one_library_that_both_see_a_new_file_index_it_once(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """An import's sync and the window's (another thread, another connection) may both read the index before
    either writes: the later one updates the row the first made instead of failing on (project, path)."""
    db, store = _store(tmp_path)
    try:
        path = store.save(parse_entry(MIRA, "new"))
        other = LibraryStore(db, DEFAULT_PROJECT_ID, tmp_path / "project")
        monkeypatch.setattr(other, "_rows", lambda: {})  # it read the index before the file was indexed
        file = tmp_path / "project" / path
        stat = file.stat()
        os.utime(file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
        assert other.sync() == []
        rows = db.conn.exec_driver_sql("SELECT path FROM library_entries").fetchall()
        assert [r[0] for r in rows] == [path]
        assert [i.entry.name for i in store.entries()] == ["Mira"]
    finally:
        db.close()

def test_a_sync_while_another_import_sets_up_leaves_that_import_alone(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's sync may run between an import's first folder and its lock (CI saw it: the sync took the
    live import for a killed one and removed its folder, and the import failed with 'No such file'). A folder
    without its lock is left alone while it is young; one a killed process left an hour ago is cleared."""
    db, store = _store(tmp_path)
    try:
        staged = tmp_path / "project" / "library" / ".import"
        young = staged / "import-young"
        young.mkdir(parents=True)
        (young / "lock.new").write_bytes(b"")  # created, not yet locked and renamed
        old = staged / "import-old"
        old.mkdir()
        hour_ago = old.stat().st_mtime - 3700
        os.utime(old, (hour_ago, hour_ago))
        other = LibraryStore(db, DEFAULT_PROJECT_ID, tmp_path / "project")
        assert other.sync() == []
        assert young.is_dir() and (young / "lock.new").exists()
        assert not old.exists()
        # and an import racing a sync that runs at every step of it still lands whole
        real_replace = os.replace

        def replace_then_sync(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
            real_replace(src, dst)
            other.sync()

        monkeypatch.setattr(os, "replace", replace_then_sync)
        monkeypatch.setattr("relay_studio.library.store.os.replace", replace_then_sync)
        placed = store.add_all([parse_entry(MIRA, "new")], "mira.md").paths
        assert (tmp_path / "project" / placed[0]).is_file()
        assert [i.entry.name for i in store.entries()] == ["Mira"]
    finally:
        db.close()


def test_the_index_notices_edits_made_outside_and_skips_bad_files(tmp_path: Path) -> None:
    db, store = _store(tmp_path)
    try:
        path = store.save(parse_entry(MIRA, "new"))
        file = tmp_path / "project" / path
        assert file.read_text(encoding="utf-8").startswith("---\ntype: character\nname: Mira\n")
        assert [i.entry.name for i in store.entries()] == ["Mira"]
        # edited in another editor: a new description, a later mtime
        file.write_text(MIRA.replace("Grey eyes", "Green eyes"), encoding="utf-8")
        stat = file.stat()
        os.utime(file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
        reopened = LibraryStore.open(db, DEFAULT_PROJECT_ID, tmp_path / "project")
        assert "Green eyes" in reopened.entries()[0].entry.description
        # a touched but unchanged file keeps its index row (hash compared, nothing re-parsed)
        os.utime(file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 9_000_000_000))
        assert LibraryStore.open(db, DEFAULT_PROJECT_ID, tmp_path / "project").sync() == []
        # hostile files beside it: named, left out, the good entry stays
        lore = tmp_path / "project" / "library" / "lore"
        lore.mkdir(parents=True)
        (lore / "nofront.md").write_text("no frontmatter here", encoding="utf-8")
        (lore / "binary.md").write_bytes(b"\xff\xfe\x00junk")
        (lore / "huge.md").write_text("---\nname: Huge\n---\n" + "y" * (MAX_ENTRY_BYTES + 1), encoding="utf-8")
        problems = reopened.sync()
        assert {(p.path, p.code) for p in problems} == {
            ("library/lore/nofront.md", "library.no_frontmatter"), ("library/lore/binary.md", "library.not_text"),
            ("library/lore/huge.md", "library.file_too_large")}
        assert [i.entry.name for i in reopened.entries()] == ["Mira"]
        # a file removed outside leaves the index too
        file.unlink()
        reopened.sync()
        assert reopened.entries() == []
        assert (lore / "nofront.md").read_text(encoding="utf-8") == "no frontmatter here"  # never touched
    finally:
        db.close()


def test_find_by_alias_rename_moves_the_file_and_names_stay_unique(tmp_path: Path) -> None:
    db, store = _store(tmp_path)
    try:
        store.save(parse_entry(MIRA, "new"))
        found = store.find("captain mira")
        assert found is not None and found.entry.name == "Mira"
        moved = found.entry.model_copy(update={"name": "Mira Vell", "type": "crew member"})
        store.save(moved, replacing=found.path)
        assert not (tmp_path / "project" / "library/character/mira.md").exists()
        assert (tmp_path / "project" / "library/crew-member/mira-vell.md").is_file()
        with pytest.raises(LibraryError) as taken:
            store.save(LibraryEntry(type="item", name="the captain"))
        assert taken.value.code == "library.name_taken" and "Mira Vell" in taken.value.message
        store.remove("Mira Vell")
        assert store.entries() == [] and store.find("Mira") is None
    finally:
        db.close()


def _entry(name: str, *aliases: str, description: str = "", **kw: object) -> LibraryEntry:
    return LibraryEntry(name=name, aliases=list(aliases), description=description or f"About {name}.", **kw)


def test_mentions_bring_entries_in_and_others_stay_out() -> None:
    mira = _entry("Mira", "Captain Mira", tracking=Tracking(exclude=["Mirage"]))
    heron = _entry("Heron", type="item")
    harbour = _entry("Saltmarsh")
    picked = select_entries([mira, heron, harbour], ["Mira boards the Heron at dawn."], 2000)
    assert [e.name for e in picked.included] == ["Heron", "Mira"]  # most recent mention first
    assert picked.section.startswith(SECTION_HEADING) and "not instructions" in picked.section
    assert "About Saltmarsh" not in picked.section
    # an exclusion phrase does not count, nor does a name inside another word
    assert last_mention(mira, ["A mirage shimmered.", "Admiral Miranda waved."]) is None
    # case: ignored unless the entry says otherwise
    assert last_mention(mira, ["mira laughed"]) is not None
    strict = _entry("Mira", tracking=Tracking(case_sensitive=True))
    assert last_mention(strict, ["mira laughed"]) is None and last_mention(strict, ["Mira laughed"]) == 0


def test_english_plurals_and_cjk_names_match() -> None:
    goblin, city, princess = _entry("Goblin"), _entry("Free City"), _entry("Princess")
    assert last_mention(goblin, ["Three goblins attacked."]) is not None
    assert last_mention(city, ["the Free Cities rose"]) is not None
    assert last_mention(princess, ["two princesses"]) is not None
    assert last_mention(goblin, ["a goblinoid shape"]) is None
    dragon = _entry("龍王", "ドラゴン")
    assert last_mention(dragon, ["昨夜、龍王が目を覚ました。"]) is not None  # no word boundaries in CJK
    assert last_mention(dragon, ["巨大なドラゴンが来た"]) is not None
    assert last_mention(dragon, ["龍が来た"]) is None


def test_always_include_first_then_recent_within_the_budget() -> None:
    rules = _entry("House rules", always_include=True, description="Magic costs memories.")
    old, new = _entry("Ada", description="a" * 400), _entry("Bo", description="b" * 400)
    texts = ["Ada spoke first.", "Later, Bo answered."]
    everything = select_entries([old, new, rules], texts, 5000)
    assert [e.name for e in everything.included] == ["House rules", "Bo", "Ada"]
    tight = select_entries([old, new, rules], texts, 200)
    assert [e.name for e in tight.included] == ["House rules", "Bo"] and [e.name for e in tight.left_out] == ["Ada"]
    assert tight.tokens <= 200
    assert select_entries([old, new, rules], texts, 0).included == []
    assert estimate_tokens("龍王龍王") == 4 and estimate_tokens("abcdefgh") == 2


def test_symlinks_and_odd_names_never_reach_outside_the_library(tmp_path: Path) -> None:
    db, store = _store(tmp_path)
    try:
        outside = tmp_path / "secret.md"
        outside.write_text("---\nname: Secret\n---\nOutside the project.\n", encoding="utf-8")
        lore = tmp_path / "project" / "library" / "lore"
        lore.mkdir(parents=True)
        (lore / "link.md").symlink_to(outside)
        (tmp_path / "project" / "library" / "linked").symlink_to(tmp_path, target_is_directory=True)
        store.sync()
        assert store.entries() == []
        path = store.save(LibraryEntry(type="lore", name="../../passwd"))
        assert path == "library/lore/passwd.md" and (tmp_path / "project" / path).is_file()
        with pytest.raises(LibraryError) as bad_type:
            store.save(LibraryEntry(type="../../etc", name="Elsewhere"))
        assert bad_type.value.code == "library.bad_type"
    finally:
        db.close()


def test_a_skill_without_frontmatter_is_named_and_left_out(tmp_path: Path) -> None:
    from relay_studio.library.skills import SkillCatalog

    skills = tmp_path / "project" / "skills"
    skills.mkdir(parents=True)
    (skills / "plain.md").write_text("Just do it well.", encoding="utf-8")
    (skills / "nameless.md").write_text("---\ndescription: x\n---\nBody.\n", encoding="utf-8")
    (skills / "ok.md").write_text("---\nname: ok\ndescription: Use it.\nagents: '*'\n---\nBody.\n", encoding="utf-8")
    catalog = SkillCatalog(tmp_path / "project", None)
    assert list(catalog.skills) == ["ok"]
    assert {(p.path, p.code) for p in catalog.problems} == {("skills/plain.md", "skill.no_frontmatter"),
                                                           ("skills/nameless.md", "skill.bad_frontmatter")}
    assert next(p for p in catalog.problems if p.path == "skills/plain.md").message == (
        "skills/plain.md does not start with a '---' frontmatter block.")


def test_the_latest_mention_of_a_name_counts() -> None:
    ada, bo = _entry("Ada"), _entry("Bo")
    texts = ["Ada and Bo met.", "Bo left.", "Years later, Ada returned."]
    assert [e.name for e in select_entries([bo, ada], texts, 5000).included] == ["Ada", "Bo"]
    assert last_mention(ada, texts) == len("Ada and Bo met.\nBo left.\nYears later, ")


def test_a_planned_save_indexes_its_file_as_a_sync_would_and_forgets_the_file_it_moved_from(tmp_path: Path) -> None:
    db = Database(tmp_path / "studio.db")
    store = LibraryStore.open(db, DEFAULT_PROJECT_ID, tmp_path)
    store.save(LibraryEntry(type="character", name="Mira", description="Captain."))
    store.save(LibraryEntry(type="item", name="Heron", description="A ship."))
    found = store.scan()  # reads only: nothing to catch up
    assert (found.writes, found.changes) == ([], [])
    mira = next(i for i in store.entries() if i.entry.name == "Mira")
    renamed = mira.entry.model_copy(update={"name": "Mira Vale", "type": "crew", "description": "Born at sea."})
    plan = store.plan_save(renamed, replacing=mira.path)
    assert plan.rel == "library/crew/mira-vale.md" and not (tmp_path / plan.rel).exists()  # planning writes nothing
    assert store.write_planned(plan) == "library/crew/mira-vale.md"
    assert not (tmp_path / mira.path).exists()
    after = store.scan()  # the file and the index agree: a sync would write nothing
    assert (after.writes, after.changes) == ([], [])
    assert [(i.path, i.entry.name, i.entry.description) for i in store.entries()] == [
        ("library/crew/mira-vale.md", "Mira Vale", "Born at sea."), ("library/item/heron.md", "Heron", "A ship.")]
    with pytest.raises(LibraryError) as taken:
        store.plan_save(LibraryEntry(type="item", name="Mira Vale"))
    assert taken.value.code == "library.name_taken"
    db.close()
