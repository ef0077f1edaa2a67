"""The exported files read back with the standard library (zipfile, xml.etree) and the real epubcheck, never
through our own code: DOCX in both presets, EPUB 3, Markdown and plain text, Chinese and Japanese chapters,
and the atomic write."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.manuscript import Answer, ExportError, build, export
from tests.export.epubcheck import epubcheck

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
XHTML = "{http://www.w3.org/1999/xhtml}"
DC = "{http://purl.org/dc/elements/1.1/}"
CHINESE = "他推开门，雨声忽然大了起来。"
JAPANESE = "雨が降っていた。彼女はそっと窓を閉めた。"

ANSWERS = [
    Answer("a1", "# The Storm\n\nIt was a *dark* and **stormy** night.\nShe ran to the lighthouse.\n\n***\n\n"
                 "Morning came & the sea was <calm>."),
    Answer("a2", f"# 第二章 归来\n\n{CHINESE}\n她笑了。\n\n#\n\n夜深了。"),
    Answer("a3", f"# 第三章 雨\n\n{JAPANESE}"),
    Answer("a4", "# The End of Things\n\nShe closed the book."),
]


def manuscript(**kw: str):  # type: ignore[no-untyped-def]
    return build(ANSWERS, title="The Long Night", author="Ada King Lovelace", language=kw.get("language", "en"))


def docx_part(path: Path, name: str) -> ET.Element:
    with zipfile.ZipFile(path) as z:
        return ET.fromstring(z.read(name))


def paragraphs(root: ET.Element) -> list[tuple[str, str, ET.Element]]:
    """(style id, text, element) of every body paragraph."""
    out = []
    for p in root.iter(f"{W}p"):
        style = p.find(f"{W}pPr/{W}pStyle")
        text = "".join("\t" if e.tag == f"{W}tab" else e.text or ""
                       for e in p.iter() if e.tag == f"{W}t" or (e.tag == f"{W}tab" and _in_run(p, e)))
        out.append((style.get(f"{W}val") if style is not None else "", text, p))
    return out


def _in_run(paragraph: ET.Element, element: ET.Element) -> bool:
    """A ``w:tab`` that is a tab character (in a run), not a tab stop (in the paragraph's properties)."""
    return any(element in list(r) for r in paragraph.iter(f"{W}r"))


def style(styles: ET.Element, style_id: str) -> ET.Element:
    found = [s for s in styles.iter(f"{W}style") if s.get(f"{W}styleId") == style_id]
    assert len(found) == 1
    return found[0]


def test_docx_manuscript_preset_is_standard_manuscript_format(tmp_path: Path) -> None:
    path = tmp_path / "night.docx"
    result = export(manuscript(), path, "docx", preset="manuscript")
    assert result.chapters == 4 and result.words > 40
    doc = docx_part(path, "word/document.xml")
    sect = doc.find(f"{W}body/{W}sectPr")
    assert sect is not None
    size, margins = sect.find(f"{W}pgSz"), sect.find(f"{W}pgMar")
    assert size is not None and margins is not None
    assert (size.get(f"{W}w"), size.get(f"{W}h")) == ("12240", "15840")  # US Letter, in twentieths of a point
    assert all(margins.get(f"{W}{side}") == "1440" for side in ("top", "bottom", "left", "right"))  # 1 inch
    assert sect.find(f"{W}titlePg") is not None  # the title page has a header of its own (empty)
    styles = docx_part(path, "word/styles.xml")
    normal = style(styles, "Normal")
    spacing = normal.find(f"{W}pPr/{W}spacing")
    assert spacing is not None and (spacing.get(f"{W}line"), spacing.get(f"{W}lineRule")) == ("480", "auto")  # double
    assert normal.find(f"{W}rPr/{W}sz").get(f"{W}val") == "24"  # type: ignore[union-attr]  # 12 pt
    assert normal.find(f"{W}rPr/{W}rFonts").get(f"{W}ascii") == "Times New Roman"  # type: ignore[union-attr]
    assert normal.find(f"{W}pPr/{W}ind").get(f"{W}firstLine") == "720"  # type: ignore[union-attr]  # half an inch

    # the running header: Surname / TITLE / page number field
    with zipfile.ZipFile(path) as z:
        headers = [ET.fromstring(z.read(n)) for n in z.namelist() if n.startswith("word/header")]
    texts = ["".join(t.text or "" for t in h.iter(f"{W}t")) for h in headers]
    fields = ["".join(t.text or "" for t in h.iter(f"{W}instrText")) for h in headers]
    assert "Lovelace / THE LONG NIGHT / 1" in texts and " PAGE " in fields
    assert "" in texts  # the title page's own header is empty

    paras = paragraphs(doc)
    assert paras[0][1].startswith("Ada King Lovelace\t") and paras[0][1].endswith(" words")
    assert "THE LONG NIGHT" in [t for _, t, _ in paras[:4]] and "by Ada King Lovelace" in [t for _, t, _ in paras[:4]]
    chapters = [(t, p.find(f"{W}pPr/{W}pageBreakBefore") is not None) for s, t, p in paras if s == "Heading1"]
    assert chapters == [("The Storm", True), ("第二章 归来", True), ("第三章 雨", True), ("The End of Things", True)]
    texts = [t for _, t, _ in paras]
    assert texts.count("#") == 2 and texts[-1] == "END"
    assert CHINESE in texts and JAPANESE in texts
    italic = [r for r in doc.iter(f"{W}r") if r.find(f"{W}rPr/{W}i") is not None]
    assert ["".join(t.text or "" for t in r.iter(f"{W}t")) for r in italic] == ["dark"]
    core = docx_part(path, "docProps/core.xml")
    assert core.find(f"{DC}title").text == "The Long Night"  # type: ignore[union-attr]
    assert core.find(f"{DC}creator").text == "Ada King Lovelace"  # type: ignore[union-attr]
    assert core.find(f"{DC}language").text == "en"  # type: ignore[union-attr]


def test_docx_book_preset_has_heading_styles_and_cjk_fonts(tmp_path: Path) -> None:
    path = tmp_path / "book.docx"
    parts = [Answer("p1", "# Part One\n## Arrival\nShe came.\n## 归来\n" + CHINESE),
             Answer("p2", "# Part Two\n## 雨\n" + JAPANESE)]
    export(build(parts, title="雨夜", author="李白", language="zh"), path, "docx", preset="book")
    paras = paragraphs(docx_part(path, "word/document.xml"))
    headed = [(s, t, p.find(f"{W}pPr/{W}pageBreakBefore") is not None) for s, t, p in paras
              if s.startswith("Heading") or s == "Title"]
    assert headed == [("Title", "雨夜", False), ("Heading1", "Part One", True), ("Heading2", "Arrival", True),
                      ("Heading2", "归来", True), ("Heading1", "Part Two", True), ("Heading2", "雨", True)]
    assert CHINESE in [t for _, t, _ in paras] and JAPANESE in [t for _, t, _ in paras]
    sect = docx_part(path, "word/document.xml").find(f"{W}body/{W}sectPr/{W}pgSz")
    assert sect is not None and sect.get(f"{W}w") == "11906"  # A4 outside the US
    styles = docx_part(path, "word/styles.xml")
    fonts = style(styles, "Normal").find(f"{W}rPr/{W}rFonts")
    assert fonts is not None and fonts.get(f"{W}eastAsia") == "SimSun"
    lang = styles.find(f"{W}docDefaults/{W}rPrDefault/{W}rPr/{W}lang")
    assert lang is not None and lang.get(f"{W}eastAsia") == "zh-CN"
    doc = docx_part(path, "word/document.xml")
    japanese_runs = [r for r in doc.iter(f"{W}r") if JAPANESE in "".join(t.text or "" for t in r.iter(f"{W}t"))]
    assert japanese_runs[0].find(f"{W}rPr/{W}lang").get(f"{W}eastAsia") == "ja-JP"  # type: ignore[union-attr]


def test_epub_passes_epubcheck_with_every_chapter_in_the_nav_and_cjk_intact(tmp_path: Path) -> None:
    path = tmp_path / "night.epub"
    book = [*ANSWERS[:1], Answer("p", "# Part Two\n## 归来\n" + CHINESE + "\n## 雨\n" + JAPANESE)]
    book[0] = Answer("a1", "# Part One\n" + ANSWERS[0].text.replace("# The Storm", "## The Storm"))
    export(build(book, title="The Long Night", author="Ada King Lovelace", language="en"), path, "epub")
    with zipfile.ZipFile(path) as z:
        first = z.infolist()[0]
        assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)
        assert z.read("mimetype") == b"application/epub+zip"
        container = ET.fromstring(z.read("META-INF/container.xml"))
        opf_path = next(e.get("full-path") for e in container.iter() if e.tag.endswith("rootfile"))
        assert opf_path is not None
        opf = ET.fromstring(z.read(opf_path))
        base = opf_path.rpartition("/")[0]
        assert opf.find(f".//{DC}title").text == "The Long Night"  # type: ignore[union-attr]
        assert opf.find(f".//{DC}creator").text == "Ada King Lovelace"  # type: ignore[union-attr]
        assert opf.find(f".//{DC}language").text == "en"  # type: ignore[union-attr]
        items = {i.get("id"): i for i in opf.iter() if i.tag.endswith("}item")}
        nav_href = next(i.get("href") for i in items.values() if "nav" in (i.get("properties") or ""))
        nav = ET.fromstring(z.read(f"{base}/{nav_href}"))
        titles = [a.text for a in nav.iter(f"{XHTML}a")]
        assert titles == ["Part One", "The Storm", "Part Two", "归来", "雨"]
        spine = [i.get("idref") for i in opf.iter() if i.tag.endswith("}itemref")]
        docs = {items[s].get("href"): ET.fromstring(z.read(f"{base}/{items[s].get('href')}")) for s in spine}
        text_of = {h: "".join(d.itertext()) for h, d in docs.items()}
        chinese = next(h for h, t in text_of.items() if CHINESE in t)
        japanese = next(h for h, t in text_of.items() if JAPANESE in t)
        assert docs[chinese].get("lang") == "zh" and docs[japanese].get("lang") == "ja"
        assert any("Morning came & the sea was <calm>." in t for t in text_of.values())  # text, never markup
        assert any(z.read(f"{base}/{i.get('href')}").decode().count("text-indent") for i in items.values()
                   if i.get("media-type") == "text/css")
    checked = epubcheck(path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "No errors or warnings detected" in checked.stdout


def test_characters_xml_cannot_carry_are_left_out_of_every_format(tmp_path: Path) -> None:
    book = build([Answer("a", "# Bell\x07\nShe rang\x00 the bell\x1b.\ufffe")], title="Ti\x0btle", author="A\x01")
    for fmt in ("docx", "epub", "md", "txt"):
        path = tmp_path / f"bell.{fmt}"
        export(book, path, fmt)
        if fmt in ("docx", "epub"):
            with zipfile.ZipFile(path) as z:
                text = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.endswith((".xml", ".xhtml")))
            assert "She rang the bell." in text and "Title" in text
        else:
            assert "She rang the bell." in path.read_text(encoding="utf-8")


def test_markdown_and_plain_text(tmp_path: Path) -> None:
    md, txt = tmp_path / "night.md", tmp_path / "night.txt"
    export(manuscript(), md, "md")
    export(manuscript(), txt, "txt")
    markdown = md.read_text(encoding="utf-8")
    assert markdown.startswith('---\ntitle: "The Long Night"\nauthor: "Ada King Lovelace"\nlang: "en"\n---\n')
    assert "# The Storm\n\nIt was a *dark* and **stormy** night.\n\nShe ran to the lighthouse.\n\n* * *\n\n" in markdown
    assert f"# 第二章 归来\n\n{CHINESE}\n\n" in markdown and JAPANESE in markdown
    text = txt.read_text(encoding="utf-8")
    assert text.startswith("The Long Night\nAda King Lovelace\n\n\nThe Storm\n\nIt was a dark and stormy night.")
    assert "*" not in text and "\n\n#\n\n" in text and CHINESE in text and JAPANESE in text


def test_the_write_is_atomic_and_unwritable_paths_are_refused(tmp_path: Path) -> None:
    target = tmp_path / "night.docx"
    target.write_bytes(b"the earlier export")

    def fail(done: int, total: int) -> None:
        if done == 2:
            raise RuntimeError("stopped half-way")

    for fmt in ("docx", "epub", "md", "txt"):
        with pytest.raises(RuntimeError):
            export(manuscript(), target, fmt, progress=fail)
        assert target.read_bytes() == b"the earlier export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.docx"]  # no temporary file left behind
    seen: list[tuple[int, int]] = []
    export(manuscript(), target, "docx", progress=lambda d, t: seen.append((d, t)))
    assert zipfile.is_zipfile(target) and seen[-1] == (5, 5) and [d for d, _ in seen] == [1, 2, 3, 4, 5]

    for bad, why in ((tmp_path / "night.docx" / "inside.docx", "does not exist"),
                     (tmp_path / "missing" / "x.epub", "does not exist"), (tmp_path, "is a folder")):
        with pytest.raises(ExportError) as caught:
            export(manuscript(), bad, "epub")
        assert caught.value.code == codes.EXPORT_UNWRITABLE and why in caught.value.message
    with pytest.raises(ExportError) as caught:
        export(manuscript(), tmp_path / "x.pdf", "pdf")
    assert caught.value.code == codes.EXPORT_UNKNOWN_FORMAT
    with pytest.raises(ExportError) as caught:
        export(build([], title="Empty"), tmp_path / "x.md", "md")
    assert caught.value.code == codes.EXPORT_NO_ANSWERS
