"""A manuscript as an EPUB 3 book (ebooklib) that passes epubcheck.

One XHTML document per chapter (a part's title opens its first chapter's document), a title page, the
navigation document listing every chapter (under its part when there are parts) and an NCX for older
readers; title, author, language and a modified date in the package metadata; a stylesheet for e-readers
(the reader's own font and size, indented paragraphs, centred breaks, CJK line breaking), and ``lang`` /
``xml:lang`` on every document so Chinese and Japanese text is shaped and broken as such.

The text goes in escaped: markup in an answer is text, never HTML.
"""

from __future__ import annotations

import html
import uuid
from collections.abc import Callable
from typing import IO, Any

from ebooklib import epub

from relay_studio.manuscript.inline import runs
from relay_studio.manuscript.structure import Chapter, Manuscript, chapter_language

Progress = Callable[[int, int], None]

STYLESHEET = """\
@charset "utf-8";
body { margin: 0 5%; line-height: 1.5; orphans: 2; widows: 2; }
h1, h2, h3 { text-align: center; font-weight: normal; page-break-after: avoid; break-after: avoid;
  line-height: 1.3; hyphens: none; -epub-hyphens: none; }
h1 { font-size: 1.6em; margin: 3em 0 1.5em; }
h2 { font-size: 1.3em; margin: 2.5em 0 1.2em; }
h3 { font-size: 1.1em; margin: 1.5em 0 1em; }
section.part > h1 { margin-top: 30%; page-break-after: always; break-after: page; }
p { margin: 0; text-indent: 1.5em; text-align: justify; hyphens: auto; -epub-hyphens: auto; }
h1 + p, h2 + p, h3 + p, hr + p, p.first { text-indent: 0; }
hr.scene { border: none; margin: 1em 0; text-align: center; height: 1.5em; page-break-inside: avoid; }
hr.scene::after { content: "* * *"; }
.title-page { text-align: center; margin-top: 30%; }
.title-page h1 { font-size: 2em; margin: 0 0 1em; }
.title-page p.author { text-indent: 0; text-align: center; font-size: 1.2em; }
:lang(zh), :lang(ja), :lang(ko) { line-break: strict; word-break: normal; hyphens: none; -epub-hyphens: none; }
p:lang(zh), p:lang(ja) { text-indent: 2em; text-align: justify; }
"""


#: the navigation document's title in the book's language
CONTENTS = {"en": "Contents", "de": "Inhalt", "fr": "Table des matières", "es": "Índice", "zh": "目录",
            "ja": "目次", "ko": "목차"}


def _inline(text: str) -> str:
    out = []
    for run in runs(text):
        piece = html.escape(run.text, quote=False)
        if run.italic:
            piece = f"<em>{piece}</em>"
        if run.bold:
            piece = f"<strong>{piece}</strong>"
        out.append(piece)
    return "".join(out)


def _plain(text: str) -> str:
    return "".join(r.text for r in runs(text)).strip()


def chapter_body(chapter: Chapter, has_parts: bool) -> str:
    level = 2 if has_parts else 1
    parts: list[str] = []
    if chapter.part:
        parts.append(f'<section class="part" epub:type="part"><h1>{_inline(chapter.part)}</h1></section>')
    parts.append(f'<section epub:type="chapter"><h{level}>{_inline(chapter.title)}</h{level}>')
    for index, scene in enumerate(chapter.scenes):
        if index and not scene.title:
            parts.append('<hr class="scene"/>')
        if scene.title:
            parts.append(f"<h{level + 1}>{_inline(scene.title)}</h{level + 1}>")
        parts.extend(f"<p>{_inline(p)}</p>" for p in scene.paragraphs)
    parts.append("</section>")
    return "\n".join(parts)


def _lang(language: str) -> str:
    return language or "en"


def build_book(manuscript: Manuscript, progress: Progress | None = None, total: int = 0) -> epub.EpubBook:
    m = manuscript
    lang = _lang(m.language)
    book = epub.EpubBook()
    book.set_identifier(f"urn:uuid:{uuid.uuid4()}")
    book.set_title(m.title)
    book.set_language(lang)
    if m.author:
        book.add_author(m.author)
    style = epub.EpubItem(uid="style", file_name="style/book.css", media_type="text/css", content=STYLESHEET)
    book.add_item(style)
    title_page = epub.EpubHtml(title=m.title, file_name="title.xhtml", lang=lang)
    by = f'<p class="author">{html.escape(m.author, quote=False)}</p>' if m.author else ""
    title_page.content = (f'<section class="title-page" epub:type="titlepage"><h1>{html.escape(m.title)}</h1>'
                          f"{by}</section>")
    title_page.add_item(style)
    book.add_item(title_page)
    has_parts = any(c.part for c in m.chapters)
    toc: list[Any] = []
    docs: list[epub.EpubHtml] = []
    part_entries: list[Any] | None = None
    for index, chapter in enumerate(m.chapters):
        item = epub.EpubHtml(title=_plain(chapter.title) or f"{index + 1}", file_name=f"ch{index + 1:04d}.xhtml",
                             lang=chapter_language(chapter, lang), uid=f"ch{index + 1:04d}")
        item.content = chapter_body(chapter, has_parts)
        item.add_item(style)
        book.add_item(item)
        docs.append(item)
        link = epub.Link(item.file_name, _plain(chapter.title) or f"{index + 1}", item.id)
        if chapter.part:
            part_entries = [link]
            toc.append((epub.Section(_plain(chapter.part), item.file_name), part_entries))
        elif part_entries is not None:
            part_entries.append(link)
        else:
            toc.append(link)
        if progress is not None:
            progress(index + 1, total)
    book.toc = toc
    book.add_item(epub.EpubNcx())
    nav = epub.EpubNav(title=CONTENTS.get(lang.split("-")[0], "Contents"))
    nav.add_item(style)
    book.add_item(nav)
    book.spine = [title_page, "nav", *docs]
    return book


def write_epub(manuscript: Manuscript, out: IO[bytes], progress: Progress | None = None) -> None:
    """Writes ``manuscript`` as EPUB 3 to ``out``; the first zip entry is ``mimetype``, stored."""
    total = len(manuscript.chapters) + 1
    book = build_book(manuscript, progress, total)
    writer = epub.EpubWriter(out, book, {"epub3_pages": False})
    writer.process()
    writer.write()
    if progress is not None:
        progress(total, total)
