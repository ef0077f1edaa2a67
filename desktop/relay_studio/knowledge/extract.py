"""Text out of a file: blocks of text, each with its page (PDF) and its section path (headings).

One function per format; each raises ``KnowledgeError`` with a sentence that names the file and the
problem. Nothing here touches the database or the project folder, so a refused file leaves no trace.
"""

from __future__ import annotations

import re
import warnings
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from relay_studio.domain.bounded import ZIP_ERRORS, member_size
from relay_studio.domain.hidden_text import strip_hidden
from relay_studio.domain.input_files import check_regular, read_input
from relay_studio.knowledge import errors as e
from relay_studio.knowledge.errors import KnowledgeError

SUPPORTED = (".md", ".markdown", ".txt", ".pdf", ".epub", ".html", ".htm")

#: Called with (pages done, pages in all) while a long file is read; raising ``ReadCancelled`` stops it.
PageProgress = Callable[[int, int], None]
#: An EPUB whose entries expand to more than this is refused (a zip bomb), before any entry is read.
MAX_EPUB_EXPANDED_BYTES = 512 * 1024 * 1024


class ReadCancelled(Exception):
    """Raised by a ``PageProgress`` callback to stop reading; passes through every parser guard."""


@dataclass(frozen=True)
class Block:
    text: str
    page: int | None = None
    section: tuple[str, ...] = ()


@dataclass
class Extracted:
    title: str
    kind: str
    blocks: list[Block] = field(default_factory=list)
    pages: int | None = None
    #: text a reader does not see, left out: PDF text drawn white, under 2 pt, off the page or invisible,
    #: and hidden characters (``domain/hidden_text.py``); the document's own file keeps it
    hidden: int = 0


def extract(path: Path, *, on_page: PageProgress | None = None) -> Extracted:
    """Reads ``path`` by its suffix; the size limit is checked before a byte is read."""
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED:
        raise KnowledgeError(
            e.UNSUPPORTED_TYPE,
            f"{path.name} is not a kind of file the knowledge library reads (it reads "
            ".md, .txt, .pdf, .epub and .html).",
        )
    try:
        size = check_regular(path).st_size  # a FIFO would hang the import, /dev/zero never end
    except OSError as exc:
        raise KnowledgeError(e.FILE_UNREADABLE, f"{path.name} could not be read ({exc.strerror}).") from None
    if size > e.MAX_FILE_BYTES:
        raise KnowledgeError(
            e.FILE_TOO_LARGE,
            f"{path.name} is {size / 2**20:,.0f} MB; the knowledge library takes files up to "
            f"{e.MAX_FILE_BYTES // 2**20} MB.",
        )
    if suffix == ".pdf":
        out = _pdf(path, on_page)
    elif suffix == ".epub":
        out = _epub(path)
    else:
        text = _read_text(path)
        if suffix in (".html", ".htm"):
            out = _html(path, text)
        elif suffix == ".txt":
            out = Extracted(path.stem, "text", [Block(p) for p in _paragraphs(text)])
        else:
            out = _markdown(path, text)
    blocks: list[Block] = []
    for b in out.blocks:
        text, removed = strip_hidden(b.text)
        out.hidden += removed
        if text.strip():
            blocks.append(Block(text, b.page, b.section) if removed else b)
    out.blocks = blocks
    if not out.blocks:
        detail = (
            " (its pages may be scanned images without a text layer)" if out.kind == "pdf" else ""
        )
        raise KnowledgeError(e.NO_TEXT, f"{path.name} has no text to index{detail}.")
    return out


def _read_text(path: Path) -> str:
    try:
        raw = read_input(path, e.MAX_FILE_BYTES)
    except OSError as exc:
        raise KnowledgeError(e.FILE_UNREADABLE, f"{path.name} could not be read ({exc.strerror}).") from None
    if b"\x00" in raw[:4096] and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise KnowledgeError(e.FILE_UNREADABLE, f"{path.name} is a binary file, not text.")
    # UTF-16 only with its byte-order mark: a short cp1252 file of even length decodes as UTF-16 garbage
    for encoding in ("utf-8-sig", *(("utf-16",) if raw.startswith((b"\xff\xfe", b"\xfe\xff")) else ())):
        try:
            return raw.decode(encoding).replace("\r\n", "\n")
        except UnicodeDecodeError:
            continue
    return raw.decode("cp1252", errors="replace").replace("\r\n", "\n")


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


_ATX = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _markdown(path: Path, text: str) -> Extracted:
    blocks: list[Block] = []
    trail: list[tuple[int, str]] = []
    para: list[str] = []
    title = ""
    in_fence = False

    def flush() -> None:
        if para:
            blocks.append(Block("\n".join(para).strip(), None, tuple(h for _, h in trail)))
            para.clear()

    for line in text.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
        heading = None if in_fence else _ATX.match(line)
        if heading:
            flush()
            level, name = len(heading.group(1)), heading.group(2).strip()
            trail = [(lv, h) for lv, h in trail if lv < level] + [(level, name)]
            title = title or (name if level == 1 else "")
            continue
        if not line.strip() and not in_fence:
            flush()
        else:
            para.append(line)
    flush()
    return Extracted(title or path.stem, "markdown", blocks)


class _HtmlText(HTMLParser):
    """Paragraph-level text of an HTML or XHTML page, with the heading trail above each paragraph."""

    _BLOCK = frozenset({"p", "div", "li", "blockquote", "pre", "tr", "section", "article", "br", "dd", "dt",
              "table", "ul", "ol", "figcaption", "td", "th"})
    _SKIP = frozenset({"script", "style", "head", "noscript", "template", "svg"})

    def __init__(self, trail: list[tuple[int, str]] | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.trail: list[tuple[int, str]] = trail if trail is not None else []
        self.title = ""
        self.first_heading = ""
        self._buf: list[str] = []
        self._heading: int | None = None
        self._skip = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        if tag in self._SKIP:
            self._skip += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self._heading = int(tag[1])
        elif tag in self._BLOCK:
            self._flush()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCK:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in self._SKIP:
            self._skip = max(0, self._skip - 1)
        elif re.fullmatch(r"h[1-6]", tag) and self._heading is not None:
            name = " ".join("".join(self._buf).split())
            self._buf.clear()
            level = self._heading
            self._heading = None
            if name:
                self.trail[:] = [(lv, h) for lv, h in self.trail if lv < level] + [(level, name)]
                self.first_heading = self.first_heading or name
        elif tag in self._BLOCK:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip:
            self._buf.append(data)

    def _flush(self) -> None:
        if self._heading is not None:
            return
        text = " ".join("".join(self._buf).split())
        self._buf.clear()
        if text:
            self.blocks.append(Block(text, None, tuple(h for _, h in self.trail)))

    def close(self) -> None:
        super().close()
        self._flush()


def _html(path: Path, text: str) -> Extracted:
    parser = _HtmlText()
    parser.feed(text)
    parser.close()
    title = " ".join(parser.title.split()) or parser.first_heading or path.stem
    return Extracted(title, "html", parser.blocks)


def _epub(path: Path) -> Extracted:
    if not zipfile.is_zipfile(path):
        raise KnowledgeError(e.EPUB_BROKEN, f"{path.name} is not an EPUB: it is not a zip archive.")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            expanded = sum(info.file_size for info in infos)
            real: int | None = 0
            if expanded <= MAX_EPUB_EXPANDED_BYTES:  # what the headers claim, then what the members hold
                for info in infos:
                    size = member_size(archive, info, MAX_EPUB_EXPANDED_BYTES - (real or 0))
                    real = None if size is None else (real or 0) + size
                    if real is None:
                        break
    except ZIP_ERRORS as exc:
        raise KnowledgeError(e.EPUB_BROKEN, f"{path.name} is a damaged zip archive ({_short(exc)}).") from None
    limit = f"the knowledge library takes EPUBs that expand to at most {MAX_EPUB_EXPANDED_BYTES // 2**20} MB."
    if expanded > MAX_EPUB_EXPANDED_BYTES:
        raise KnowledgeError(e.FILE_TOO_LARGE, f"{path.name} expands to {expanded / 2**20:,.0f} MB; {limit}")
    if real is None:
        raise KnowledgeError(e.FILE_TOO_LARGE, f"{path.name} expands to more than its headers say; {limit}")
    import ebooklib
    from ebooklib import epub

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            book = epub.read_epub(str(path), options={"ignore_ncx": True})
    except Exception as exc:  # ebooklib raises plain exceptions, KeyError and lxml errors alike
        raise KnowledgeError(e.EPUB_BROKEN, f"{path.name} is not a readable EPUB ({_short(exc)}).") from None
    titles = book.get_metadata("DC", "title")
    title = str(titles[0][0]).strip() if titles and titles[0] and titles[0][0] else path.stem
    blocks: list[Block] = []
    trail: list[tuple[int, str]] = []
    items = {item.get_id(): item for item in book.get_items_of_type(ebooklib.ITEM_DOCUMENT)}
    order = [idref for idref, _ in book.spine if idref in items] or list(items)
    for idref in order:
        try:
            markup = items[idref].get_content().decode("utf-8", errors="replace")
        except Exception as exc:
            raise KnowledgeError(e.EPUB_BROKEN, f"{path.name} has a chapter that cannot be read "
                                                f"({_short(exc)}).") from None
        parser = _HtmlText(trail)
        parser.feed(markup)
        parser.close()
        blocks.extend(parser.blocks)
    return Extracted(title, "epub", blocks)


def _pdf(path: Path, on_page: PageProgress | None) -> Extracted:
    try:
        with path.open("rb") as fh:
            head = fh.read(1024)
            fh.seek(max(0, path.stat().st_size - 2048))
            tail = fh.read()
    except OSError as exc:
        raise KnowledgeError(e.FILE_UNREADABLE, f"{path.name} could not be read ({exc.strerror}).") from None
    if b"%PDF-" not in head:
        raise KnowledgeError(e.PDF_BROKEN, f"{path.name} is not a PDF: it lacks the PDF header.")
    if b"%%EOF" not in tail:
        raise KnowledgeError(e.PDF_TRUNCATED, f"{path.name} is cut off: the PDF ends before its end "
                                              "marker (the download may be incomplete).")
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # a damaged file is reported once, by us
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reader = PdfReader(str(path), strict=False)
            if reader.is_encrypted:
                raise KnowledgeError(e.PDF_ENCRYPTED, f"{path.name} is encrypted; save an unprotected copy "
                                                      "of it and import that.")
            count = len(reader.pages)
            sections = _pdf_sections(reader, count)
            blocks: list[Block] = []
            hidden = 0
            for number, page in enumerate(reader.pages, start=1):
                seen = _Visibility(page)
                text = page.extract_text(visitor_operand_before=seen.before, visitor_text=seen.text) or ""
                if seen.hidden:  # only then rebuilt from the visible pieces: other pages read as ever
                    text = "".join(seen.parts)
                    hidden += seen.hidden
                for para in _paragraphs(text):
                    blocks.append(Block(para, number, sections.get(number, ())))
                if on_page is not None:
                    on_page(number, count)
    except (KnowledgeError, ReadCancelled):
        raise
    except Exception as exc:  # any parser failure on a hostile file is a damaged PDF
        raise KnowledgeError(e.PDF_BROKEN, f"{path.name} is a damaged PDF ({_short(exc)}).") from None
    title = ""
    try:
        meta = reader.metadata
        title = (meta.title or "").strip() if meta is not None else ""
    except Exception:  # a broken info dictionary only loses the title
        title = ""
    return Extracted(title or path.stem, "pdf", blocks, pages=count, hidden=hidden)


_SHOW_TEXT = (b"Tj", b"TJ", b"'", b'"')
MIN_VISIBLE_POINTS = 2.0


class _Visibility:
    """Follows a page's drawing state while pypdf reads its text, and keeps only the pieces a reader can
    see: text drawn in white (fill colour at least 95 % light), smaller than ``MIN_VISIBLE_POINTS``, starting
    off the page, or in an invisible render mode (3, 7) is left out and counted in ``hidden``. Text in
    white on a dark box is left out too: this reader cannot see the box."""

    def __init__(self, page: object) -> None:
        box = getattr(page, "mediabox", None)
        try:
            self.box = (float(box.left), float(box.bottom), float(box.right), float(box.top))  # type: ignore[union-attr]
        except (AttributeError, TypeError, ValueError):
            self.box = (0.0, 0.0, 1e9, 1e9)
        self.fill: tuple[float, ...] = (0.0,)
        self.mode = 0
        self.size = 12.0
        self.stack: list[tuple[tuple[float, ...], int, float]] = []
        self.pending_hidden = False
        self.parts: list[str] = []
        self.hidden = 0

    def _white(self) -> bool:
        c = self.fill
        if len(c) == 4:  # CMYK
            return all(v <= 0.05 for v in c)
        return bool(c) and all(v >= 0.95 for v in c)

    def _unseen(self, cm: list[float], tm: list[float]) -> bool:
        scale = (abs(tm[2] * cm[1] + tm[3] * cm[3]) or abs(tm[0] * cm[0] + tm[1] * cm[2]) or 1.0)
        x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
        y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
        left, bottom, right, top = self.box
        off = not (left - 1 <= x <= right and bottom - 1 <= y <= top)
        return self.mode in (3, 7) or self._white() or abs(self.size) * scale < MIN_VISIBLE_POINTS or off

    def before(self, op: bytes, args: list[object], cm: list[float], tm: list[float]) -> None:
        try:
            if op == b"q":
                self.stack.append((self.fill, self.mode, self.size))
            elif op == b"Q" and self.stack:
                self.fill, self.mode, self.size = self.stack.pop()
            elif op in (b"g", b"rg", b"k", b"sc", b"scn"):
                numbers = tuple(float(a) for a in args if isinstance(a, int | float))
                self.fill = numbers or self.fill
            elif op == b"cs":
                self.fill = (0.0,)
            elif op == b"Tr" and args:
                self.mode = int(float(args[0]))  # type: ignore[arg-type]
            elif op == b"Tf" and len(args) >= 2:
                self.size = float(args[1])  # type: ignore[arg-type]
            elif op in _SHOW_TEXT and self._unseen(cm, tm):
                self.pending_hidden = True
        except (TypeError, ValueError, IndexError):
            return  # an operand this reader does not follow: the text is kept

    def text(self, text: str, cm: object, tm: object, font: object, size: object) -> None:
        if not text.strip():
            self.parts.append(text)
            return
        if self.pending_hidden:
            self.hidden += 1
        else:
            self.parts.append(text)
        self.pending_hidden = False


def _pdf_sections(reader: object, count: int) -> dict[int, tuple[str, ...]]:
    """The outline (bookmarks) as the section path in force on each page."""
    from pypdf import PdfReader

    assert isinstance(reader, PdfReader)
    starts: list[tuple[int, int, tuple[str, ...]]] = []

    def walk(items: list[object], trail: tuple[str, ...]) -> None:
        last: tuple[str, ...] = trail
        for item in items:
            if isinstance(item, list):
                walk(item, last)
                continue
            try:
                title = str(getattr(item, "title", "") or "").strip()
                number = reader.get_destination_page_number(item)  # type: ignore[arg-type]
            except Exception:
                continue
            if number is None:
                continue
            page = number + 1
            last = (*trail, title)
            starts.append((page, len(starts), last))

    try:
        walk(list(reader.outline), ())
    except Exception:
        return {}
    starts.sort()
    out: dict[int, tuple[str, ...]] = {}
    current: tuple[str, ...] = ()
    i = 0
    for page in range(1, count + 1):
        while i < len(starts) and starts[i][0] <= page:
            current = starts[i][2]
            i += 1
        if current:
            out[page] = current
    return out


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:120]
