"""Imports that overlap (issue 25): a Seraphina-like card whose character_book is the same lorebook as a
World Info file, both made here. The same entries merge silently; entries that differ are left alone and
named (exit 0, listed in --json) unless --on-conflict says replace, keep-both or skip; a replace that
fails, or is killed, leaves the library as it was."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import IMPORT_DIR, LibraryStore
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database
from tests.cli.test_cli_library import run_cli
from tests.unit.test_sillytavern import _card, _png, _text

LORE = [
    {"keys": ["eldoria"], "content": "The forest of Eldoria, old and enchanted.", "comment": "eldoria"},
    {"keys": ["shadowfang", "the beasts"], "content": "Corrupted creatures of the dark forest.",
     "comment": "shadowfang"},
    {"keys": ["glade"], "content": "Seraphina's glade, warded by her magic.", "comment": "glade"},
]


def _book(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"extensions": {}, "entries": [{**e, "enabled": True, "insertion_order": i, "extensions": {},
                                           "constant": False, "selective": False, "secondary_keys": []}
                                          for i, e in enumerate(entries)]}


def _world(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"entries": {str(i): {"uid": i, "key": e["keys"], "keysecondary": [], "comment": e["comment"],
                                 "content": e["content"], "constant": False, "selective": True, "disable": False}
                        for i, e in enumerate(entries)}}


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "library").rglob("*.md"))}


@pytest.fixture
def seraphina(tmp_path: Path) -> tuple[Path, Path]:
    card = tmp_path / "seraphina.png"  # V2 and V3 chunks, as SillyTavern ships her
    card.write_bytes(_png([_text("chara", _card("chara_card_v2", "Seraphina", character_book=_book(LORE))),
                           _text("ccv3", _card("chara_card_v3", "Seraphina", character_book=_book(LORE)))]))
    world = tmp_path / "Eldoria.json"
    world.write_text(json.dumps(_world(LORE)), encoding="utf-8")
    return card, world


def test_the_card_and_its_world_info_merge_and_the_same_file_again_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seraphina: tuple[Path, Path]) -> None:
    card, world = seraphina
    d = ["--data-dir", str(tmp_path / "data")]
    code, out, err = run_cli(capsys, "library", "import", str(card), *d)
    assert (code, err) == (0, "")
    assert out.strip() == "seraphina.png: imported 4 entries (Seraphina, Eldoria, shadowfang, glade)."
    project = tmp_path / "data" / "projects" / "default"
    before = _files(project)
    for again in (world, card):  # the lorebook as World Info, then the card once more
        code, out, err = run_cli(capsys, "library", "import", str(again), "--json", *d)
        assert (code, err) == (0, "")
        report = json.loads(out)[0]
        assert report["imported"] == [] and report["differing"] == []
        assert set(report["identical"]) >= {"Eldoria", "shadowfang", "glade"}
        assert _files(project) == before  # not a byte changed


def test_differing_entries_are_named_then_replaced_kept_both_or_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seraphina: tuple[Path, Path]) -> None:
    card, world = seraphina
    d = ["--data-dir", str(tmp_path / "data")]
    assert run_cli(capsys, "library", "import", str(card), *d)[0] == 0
    project = tmp_path / "data" / "projects" / "default"
    updated = [{**LORE[0], "content": "The forest of Eldoria, now burning."}, LORE[1],
               {"keys": ["glade", "clearing"], "content": LORE[2]["content"], "comment": "glade"},
               {"keys": ["crystal"], "content": "A crystal that hums.", "comment": "crystal"}]
    world.write_text(json.dumps(_world(updated)), encoding="utf-8")
    before = _files(project)

    # no --on-conflict: the new entry imports, each differing one is named and left alone (exit 0)
    code, out, err = run_cli(capsys, "library", "import", str(world), *d)
    assert (code, err) == (0, "")
    lines = out.strip().splitlines()
    assert lines[0] == "Eldoria.json: imported 1 entries (crystal)."
    assert "Eldoria.json: already in the library, unchanged: shadowfang." in lines
    assert lines[2] == ("Eldoria.json: left alone (they differ from the entries there; choose with --on-conflict "
                        "replace|keep-both|skip): Eldoria, glade.")
    assert lines[3:] == ["  Eldoria: text:", "    -The forest of Eldoria, old and enchanted.",
                         "    +The forest of Eldoria, now burning.", "  glade: keys: - → clearing"]
    after = _files(project)
    assert {k: v for k, v in after.items() if "crystal" not in k} == before

    # --json lists them; skip says so
    code, out, _ = run_cli(capsys, "library", "import", str(world), "--on-conflict", "skip", "--json", *d)
    report = json.loads(out)[0]
    assert code == 0 and report["skipped"] == ["Eldoria", "glade"] and report["imported"] == []
    assert report["differences"]["glade"] == ["keys: - → clearing"]

    # keep-both: the imported copies under numbered names, without the keys other entries hold
    code, out, _ = run_cli(capsys, "library", "import", str(world), "--on-conflict", "keep-both", "--json", *d)
    report = json.loads(out)[0]
    assert code == 0 and report["keptBoth"] == ["Eldoria (2)", "glade (2)"]
    assert report["droppedKeys"] == {}  # "glade" was its name, and the copy has a name of its own
    code, out, _ = run_cli(capsys, "library", "show", "glade (2)", "--json", *d)
    shown = json.loads(out)
    assert shown["aliases"] == ["clearing"] and shown["description"] == LORE[2]["content"]

    # replace: the entry there takes the file's text; its file is rewritten in place
    code, out, _ = run_cli(capsys, "library", "import", str(world), "--on-conflict", "replace", "--json", *d)
    report = json.loads(out)[0]
    assert code == 0 and report["replaced"] == ["Eldoria", "glade"]
    code, out, _ = run_cli(capsys, "library", "show", "eldoria", "--json", *d)
    assert json.loads(out)["description"] == "The forest of Eldoria, now burning."
    code, out, _ = run_cli(capsys, "library", "show", "glade", "--json", *d)
    assert json.loads(out)["aliases"] == ["clearing"] and json.loads(out)["path"] == "library/lore/glade.md"
    # …and once replaced, the same file again is the same entries
    code, out, _ = run_cli(capsys, "library", "import", str(world), "--json", *d)
    assert json.loads(out)[0]["differing"] == [] and json.loads(out)[0]["imported"] == []


def _store(tmp_path: Path) -> tuple[Database, LibraryStore]:
    db = Database(tmp_path / "s.db")
    return db, LibraryStore.open(db, DEFAULT_PROJECT_ID, tmp_path / "project")


def test_a_replace_whose_index_write_fails_keeps_the_entry_there(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    db, store = _store(tmp_path)
    try:
        store.save(LibraryEntry(type="lore", name="Eldoria", description="Old and enchanted."))
        before = _files(store.root)

        def failing_index(self: LibraryStore, plan: Any) -> None:  # the import's own index write
            raise sqlite3.OperationalError("database is locked")

        monkeypatch.setattr(LibraryStore, "_index_placed", failing_index)
        incoming = [LibraryEntry(type="lore", name="Eldoria", description="Burning."),
                    LibraryEntry(type="lore", name="Crystal", description="Hums.")]
        from relay_studio.library.entries import LibraryError

        with pytest.raises(LibraryError) as refused:
            store.add_all(incoming, "world.json", "replace")
        assert refused.value.code == "library.index_failed"
        store.sync()
        assert _files(store.root) == before  # the replaced file is back, the new one gone
        assert [(i.entry.name, i.entry.description) for i in store.entries()] == [("Eldoria", "Old and enchanted.")]
        assert not any((store.root / "library" / IMPORT_DIR).iterdir())
    finally:
        db.close()


def test_a_replace_killed_before_its_commit_is_undone_on_the_next_open(tmp_path: Path) -> None:
    db, store = _store(tmp_path)
    try:
        store.save(LibraryEntry(type="lore", name="Eldoria", description="Old and enchanted."))
        before = _files(store.root)
        # what a process killed between moving the new file in and its commit leaves behind
        folder = store.root / "library" / IMPORT_DIR / "import_killed"
        folder.mkdir(parents=True)
        (folder / "lock").write_bytes(b"")
        target = store.root / "library" / "lore" / "eldoria.md"
        os.replace(target, folder / "old-0.md")
        new = b"---\ntype: lore\nname: Eldoria\n---\nBurning.\n"
        target.write_bytes(new)
        (folder / "manifest.json").write_text(json.dumps({
            "files": {"library/lore/eldoria.md": hashlib.sha256(new).hexdigest()},
            "removed": {"library/lore/eldoria.md": "old-0.md"}}), encoding="utf-8")
        again = LibraryStore.open(db, DEFAULT_PROJECT_ID, store.root)
        assert _files(again.root) == before
        assert [i.entry.description for i in again.entries()] == ["Old and enchanted."]
        assert not folder.exists()
    finally:
        db.close()


def test_keep_both_renames_only_an_entry_whose_own_name_is_taken(tmp_path: Path) -> None:
    db, store = _store(tmp_path)
    try:
        store.save(LibraryEntry(type="location", name="Harbor", aliases=["the docks"], description="Busy."))
        incoming = [LibraryEntry(type="location", name="Grey Docks", aliases=["the docks", "quay"],
                                 description="Foggy.")]
        outcome = store.add_all(incoming, "world.json", "keep-both")
        assert outcome.kept_both == ["Grey Docks"] and outcome.dropped_keys == {"Grey Docks": ["the docks"]}
        kept = store.find("Grey Docks")
        assert kept is not None and kept.entry.aliases == ["quay"]
        harbor = store.find("the docks")
        assert harbor is not None and harbor.entry.name == "Harbor"
    finally:
        db.close()
