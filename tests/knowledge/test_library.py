"""The knowledge library on real files and a real SQLite file with FTS5: import, chunks with pages and
section paths, citations, search in English, German, Chinese and Japanese, removal, the migration."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from relay_studio.knowledge import errors as e
from relay_studio.knowledge.chunking import TARGET_CHARS, chunk_blocks, document_text
from relay_studio.knowledge.errors import KnowledgeError
from relay_studio.knowledge.extract import extract
from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.knowledge.tokens import fts_query, index_text
from relay_studio.store.database import SCHEMA_VERSION, Database
from tests.knowledge.files import write_epub, write_pdf

RULES_PAGES = [
    ["Combat", "Grappling needs one free hand and a successful Athletics check.",
     "A grappled creature has speed zero."],
    ["Magic", "Fireball deals fire damage in a twenty foot radius.",
     "Counterspell interrupts a creature casting a spell."],
]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = Database(tmp_path / "data" / "relay.sqlite3")
    yield database
    database.close()


@pytest.fixture
def library(db: Database, tmp_path: Path) -> KnowledgeLibrary:
    return KnowledgeLibrary(db, "default", tmp_path / "project")


def _rules_pdf(folder: Path) -> Path:
    return write_pdf(folder / "core-rules.pdf", RULES_PAGES, outline=[("Combat", 1), ("Magic", 2)],
                     title="Core Rules")


def test_two_page_pdf_keeps_pages_sections_and_exact_character_ranges(
        library: KnowledgeLibrary, tmp_path: Path) -> None:
    pdf = _rules_pdf(tmp_path)
    report = library.import_files([pdf])
    [doc] = report.imported
    assert (doc.title, doc.kind, doc.pages, doc.file_name) == ("Core Rules", "pdf", 2, "core-rules.pdf")
    assert (library.folder / "core-rules.pdf").read_bytes() == pdf.read_bytes()  # copied into knowledge/
    chunks = library.chunks(doc)
    assert {c.page for c in chunks} == {1, 2}
    assert [c.section for c in chunks if c.page == 2] == [("Magic",)]
    full = document_text(extract(pdf).blocks)
    for c in chunks:
        assert full[c.char_start:c.char_end] == c.text

    [hit] = library.search("fireball radius", 1)
    assert hit.page == 2 and hit.section == ("Magic",) and "Fireball" in hit.text
    assert hit.char_start > 0  # page 2 comes after page 1's text in the document
    # the citation counts within page 2, where the passage is the page's first text
    assert hit.citation() == (f"\u201cCore Rules\u201d, page 2, section \u201cMagic\u201d, "
                              f"characters 0\u2013{len(hit.text)}")
    assert hit.to_json()["pageStart"] == hit.char_start
    [again] = library.passages([hit.chunk_id])
    assert again.citation() == hit.citation()


def test_markdown_html_and_epub_chunk_along_headings(library: KnowledgeLibrary, tmp_path: Path) -> None:
    md = tmp_path / "notes.md"
    md.write_text("# Bestiary\n\nIntro text.\n\n## Goblins\n\nGoblins hate sunlight.\n\n```\n# not a heading\n```\n"
                  "\n### Goblin King\n\nThe king wears a copper crown.\n\n## Trolls\n\nTrolls regenerate.\n",
                  encoding="utf-8")
    html = tmp_path / "wiki.html"
    html.write_text("<html><head><title>Harbour Wiki</title><style>p{}</style><script>var x='kraken';</script>"
                    "</head><body><h1>Harbour</h1><p>The harbour &amp; its docks.</p><h2>Lighthouse</h2>"
                    "<p>The lamp burns whale oil.</p><ul><li>Keeper: Ada</li></ul></body></html>",
                    encoding="utf-8")
    book = write_epub(tmp_path / "saga.epub", "The Saga", [
        ("Chapter One", "The dragon sleeps under the mountain.\n\nA thief comes."),
        ("Chapter Two", "The dragon wakes and burns the town."),
    ])
    report = library.import_files([md, html, book])
    assert [d.title for d in report.imported] == ["Bestiary", "Harbour Wiki", "The Saga"]
    [crown] = library.search("copper crown")
    assert crown.section == ("Bestiary", "Goblins", "Goblin King") and crown.page is None
    [fence] = library.search("heading")
    assert fence.section == ("Bestiary", "Goblins") and "# not a heading" in fence.text
    [lamp] = library.search("whale oil")
    assert lamp.section == ("Harbour", "Lighthouse") and lamp.title == "Harbour Wiki"
    assert library.search("kraken") == []  # script text is not content
    wakes = library.search("dragon wakes", 1)[0]
    assert wakes.section == ("Chapter Two",) and wakes.title == "The Saga"


def test_cjk_and_german_text_is_found(library: KnowledgeLibrary, tmp_path: Path) -> None:
    zh = tmp_path / "zh.md"
    zh.write_text("# 规则\n\n火球术造成火焰伤害，半径二十尺。\n\n# 战斗\n\n擒抱需要一只空手。\n", encoding="utf-8")
    ja = tmp_path / "ja.txt"
    ja.write_text("魔法使いの弟子は箒に乗って空を飛ぶ。\n\n騎士は城を守る。\n", encoding="utf-8")
    de = tmp_path / "de.md"
    de.write_text("# Regeln\n\nDer Drache speit Feuer und die Kälte lähmt die Zwerge.\n", encoding="utf-8")
    assert len(library.import_files([zh, ja, de]).imported) == 3

    assert [p.section for p in library.search("火焰")] == [("规则",)]
    assert [p.section for p in library.search("擒抱")] == [("战斗",)]
    assert "魔法使い" in library.search("弟子")[0].text
    assert "騎士" in library.search("城")[0].text  # one character: a prefix query
    assert "騎士" in library.search("騎士")[0].text and len(library.search("騎士")) == 1
    assert library.search("魔法使いの弟子はどこ")[0].text.startswith("魔法使いの弟子")  # a sentence as query
    assert library.search("Drache")[0].section == ("Regeln",)
    assert library.search("kalte")  # diacritics fold
    assert library.search("Zwerge Feuer")
    assert library.search("守る騎士") == []  # a word must match as a whole, not by its characters


def test_query_building_is_safe() -> None:
    assert fts_query('say "hi" OR NEAR(x') == '"say" OR "hi" OR "OR" OR "NEAR" OR "x"'
    assert fts_query("?!") is None
    assert index_text("HP回復する") == "HP 回復 復す する る "


def test_long_text_is_cut_into_chunks_that_tile_it() -> None:
    from relay_studio.knowledge.extract import Block

    sentence = "The keeper climbs the stairs and lights the lamp. "
    blocks = [Block(sentence * 60, 1, ("A",)), Block("Short one.", 1, ("A",)), Block("Other page.", 2, ("A",))]
    chunks = chunk_blocks(blocks)
    full = document_text(blocks)
    assert all(len(c.text) <= TARGET_CHARS for c in chunks)
    assert all(full[c.char_start:c.char_end] == c.text for c in chunks)
    assert all(c.text.endswith(". ") or c.text.endswith(".") for c in chunks)  # cut after sentences
    assert chunks[-1].page == 2 and chunks[-1].text == "Other page."
    assert "".join(c.text for c in chunks if c.page == 1 and c.text != "Short one.") == sentence * 60


def test_duplicates_and_name_clashes(library: KnowledgeLibrary, tmp_path: Path) -> None:
    one = tmp_path / "a" / "notes.md"
    two = tmp_path / "b" / "notes.md"
    for path, text in ((one, "# One\n\nfirst"), (two, "# Two\n\nsecond")):
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
    report = library.import_files([one, two, one])
    assert [d.file_name for d in report.imported] == ["notes.md", "notes-2.md"]
    [dup] = report.refused
    assert dup.code == e.DUPLICATE and dup.message == "notes.md is already in the knowledge library as \u201cOne\u201d."


def test_remove_deletes_rows_index_and_file(library: KnowledgeLibrary, db: Database, tmp_path: Path) -> None:
    [doc] = library.import_files([_rules_pdf(tmp_path)]).imported
    assert library.search("grappling")
    removed = library.remove("Core Rules")
    assert removed.id == doc.id
    assert library.search("grappling") == [] and library.documents() == []
    assert not (library.folder / doc.file_name).exists()
    assert db.raw.execute("SELECT count(*) FROM knowledge_fts").fetchone() == (0,)
    with pytest.raises(KnowledgeError) as err:
        library.remove("Core Rules")
    assert err.value.code == e.DOCUMENT_NOT_FOUND


def test_projects_do_not_see_each_other(db: Database, tmp_path: Path) -> None:
    mine = KnowledgeLibrary(db, "default", tmp_path / "p1")
    other = KnowledgeLibrary(db, "other", tmp_path / "p2")
    mine.import_files([_rules_pdf(tmp_path)])
    assert mine.search("grappling") and other.search("grappling") == [] and other.documents() == []


def test_empty_query_is_refused(library: KnowledgeLibrary) -> None:
    with pytest.raises(KnowledgeError) as err:
        library.search(" ... ")
    assert err.value.code == e.QUERY_EMPTY


def test_migration_adds_the_tables_to_a_database_of_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    Database(path).close()
    raw = sqlite3.connect(path)
    for table in ("knowledge_fts", "knowledge_vectors", "knowledge_chunks", "knowledge_documents"):
        raw.execute(f"DROP TABLE {table}")
    raw.execute("INSERT INTO app_settings (key, value) VALUES ('kept', 'yes')")
    raw.execute("PRAGMA user_version = 5")  # before schema 6, the knowledge migration
    raw.commit()
    raw.close()
    db = Database(path)
    try:
        assert db.schema_version == SCHEMA_VERSION
        assert db.raw.execute("SELECT value FROM app_settings WHERE key = 'kept'").fetchone() == ("yes",)
        library = KnowledgeLibrary(db, "default", tmp_path / "project")
        md = tmp_path / "n.md"
        md.write_text("upgraded and searchable", encoding="utf-8")
        library.import_files([md])
        assert library.search("searchable")
    finally:
        db.close()
