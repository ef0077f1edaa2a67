"""Real files for the knowledge tests, written from the formats' specs: PDF 1.4 (with an outline),
EPUB 3 (a zip with the container, package document and XHTML chapters), HTML and Markdown."""

from __future__ import annotations

import zipfile
from pathlib import Path


def _pdf_string(text: str) -> str:
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _stream(data: bytes) -> bytes:
    return b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def _to_unicode(highs: list[int]) -> str:
    """A ToUnicode CMap mapping each two-byte code to the same code point, for the code pages in use."""
    ranges = "".join(f"<{h:02X}00> <{h:02X}FF> <{h:02X}00>\n" for h in highs)
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            f"{len(highs)} beginbfrange\n{ranges}endbfrange\n"
            "endcmap\nCMapName currentdict /CMapDefineResource pop\nend\nend")


def write_pdf(path: Path, pages: list[list[str]], *, outline: list[tuple[str, int]] | None = None,
              title: str | None = None) -> Path:
    """A PDF whose page i shows the lines ``pages[i]`` in Helvetica; ``outline``: (title, page from 1).
    A page given as an empty list gets a filled rectangle and no text (like a scanned image)."""
    objects: list[bytes] = []

    def add(body: str | bytes) -> int:
        objects.append(body.encode("latin-1") if isinstance(body, str) else body)
        return len(objects)

    catalog = add("")  # filled in below
    pages_obj = add("")
    font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    highs = sorted({ord(ch) >> 8 for page in pages for line in page for ch in line if ord(ch) >= 256})
    cmap = add(_stream(_to_unicode(highs).encode()))
    cid_font = add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /CJKFallback /CIDSystemInfo << /Registry (Adobe) "
                   "/Ordering (Identity) /Supplement 0 >> /CIDToGIDMap /Identity >>")
    wide = add(f"<< /Type /Font /Subtype /Type0 /BaseFont /CJKFallback /Encoding /Identity-H "
               f"/DescendantFonts [{cid_font} 0 R] /ToUnicode {cmap} 0 R >>")
    page_ids: list[int] = []
    for lines in pages:
        if lines:
            ops = ["BT", "/F1 11 Tf", "14 TL", "72 740 Td"]
            for line in lines:
                if all(ord(ch) < 256 for ch in line):
                    ops.append(f"/F1 11 Tf {_pdf_string(line)} Tj T*")
                else:  # two-byte codes equal to the code points, mapped back by the ToUnicode CMap
                    ops.append(f"/F2 11 Tf <{''.join(f'{ord(ch):04X}' for ch in line)}> Tj T*")
            ops.append("ET")
        else:
            ops = ["0.5 g", "72 72 400 600 re f"]
        content = add(_stream("\n".join(ops).encode("latin-1")))
        page_ids.append(add(f"<< /Type /Page /Parent {pages_obj} 0 R /MediaBox [0 0 612 792] "
                            f"/Resources << /Font << /F1 {font} 0 R /F2 {wide} 0 R >> >> /Contents {content} 0 R >>"))
    kids = " ".join(f"{p} 0 R" for p in page_ids)
    objects[pages_obj - 1] = f"<< /Type /Pages /Kids [{kids}] /Count {len(page_ids)} >>".encode()
    extra = ""
    if outline:
        root = add("")
        items = [add("") for _ in outline]
        for i, (name, page) in enumerate(outline):
            links = f"/Parent {root} 0 R"
            if i > 0:
                links += f" /Prev {items[i - 1]} 0 R"
            if i < len(items) - 1:
                links += f" /Next {items[i + 1]} 0 R"
            objects[items[i] - 1] = (f"<< /Title {_pdf_string(name)} {links} "
                                     f"/Dest [{page_ids[page - 1]} 0 R /Fit] >>").encode("latin-1")
        objects[root - 1] = (f"<< /Type /Outlines /First {items[0]} 0 R /Last {items[-1]} 0 R "
                             f"/Count {len(items)} >>").encode()
        extra = f" /Outlines {root} 0 R"
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_obj} 0 R{extra} >>".encode()
    info = add(f"<< /Title {_pdf_string(title)} >>") if title else None
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    trailer = f"<< /Size {len(objects) + 1} /Root {catalog} 0 R" + (f" /Info {info} 0 R" if info else "") + " >>"
    out += b"trailer\n" + trailer.encode() + b"\nstartxref\n%d\n%%%%EOF\n" % xref
    path.write_bytes(bytes(out))
    return path


def write_epub(path: Path, title: str, chapters: list[tuple[str, str]]) -> Path:
    """An EPUB 3 book; each chapter is (heading, body paragraphs separated by blank lines)."""
    manifest, spine, nav = [], [], []
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml",
                   '<?xml version="1.0"?><container version="1.0" '
                   'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
                   '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
                   "</rootfiles></container>")
        for i, (heading, body) in enumerate(chapters, start=1):
            paras = "".join(f"<p>{p}</p>" for p in body.split("\n\n"))
            z.writestr(f"OEBPS/ch{i}.xhtml",
                       '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
                       f"<head><title>{heading}</title></head><body><h1>{heading}</h1>{paras}</body></html>")
            manifest.append(f'<item id="ch{i}" href="ch{i}.xhtml" media-type="application/xhtml+xml"/>')
            spine.append(f'<itemref idref="ch{i}"/>')
            nav.append(f'<li><a href="ch{i}.xhtml">{heading}</a></li>')
        z.writestr("OEBPS/nav.xhtml",
                   '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
                   'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body>'
                   f'<nav epub:type="toc"><ol>{"".join(nav)}</ol></nav></body></html>')
        z.writestr("OEBPS/content.opf",
                   '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" '
                   'version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
                   f'<dc:identifier id="id">urn:uuid:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0</dc:identifier>'
                   f"<dc:title>{title}</dc:title><dc:language>en</dc:language>"
                   '<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest>'
                   '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
                   f'{"".join(manifest)}</manifest><spine>{"".join(spine)}</spine></package>')
    return path
