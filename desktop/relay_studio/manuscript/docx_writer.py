"""A manuscript as a Word document (python-docx), in one of two presets.

``manuscript``: the standard manuscript format agents and publishers ask for: US Letter (A4 outside the
US), 1-inch margins, Times New Roman 12 pt, double spacing, half-inch first-line indents, ragged right, a
running header "Surname / TITLE / page" on every page after the title page, a title page with the author
and the word count ("about 82,400 words"), each chapter on a new page a third of the way down, ``#`` as the
scene break and "END" after the last line.

``book``: Heading styles (Heading 1 for chapters, or for parts with Heading 2 for their chapters, the next
level for titled scenes), the Title style for the title, so a word processor's navigation pane and a
publisher's import see the structure; ``* * *`` between scenes.

Both carry the title, the author and the language in the document properties, and the language (with its
East Asian font) in the styles, so Chinese and Japanese text is set in a CJK typeface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any
from xml.sax.saxutils import escape

import docx
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING, WD_TAB_ALIGNMENT
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Inches, Mm, Pt, RGBColor
from docx.styles.style import ParagraphStyle
from docx.text.paragraph import Paragraph

from relay_studio.manuscript.inline import runs
from relay_studio.manuscript.structure import Chapter, Manuscript, chapter_language, east_asian_language

Progress = Callable[[int, int], None]

#: a serif for Latin text, and the East Asian typeface Word picks for each CJK language
LATIN_FONT = "Times New Roman"
EAST_ASIAN_FONTS = {"ja": "MS Mincho", "zh": "SimSun", "ko": "Batang"}
#: English-speaking countries whose paper is A4 (the US and Canada use Letter)
_A4_ENGLISH = ("en-gb", "en-au", "en-nz", "en-ie", "en-za", "en-in")


def uses_letter(language: str) -> bool:
    lang = language.lower()
    return lang.startswith("en") and not lang.startswith(_A4_ENGLISH)


def surname(author: str) -> str:
    """The family name for the running header: the last word of a Western name, a CJK name whole."""
    words = author.split()
    return words[-1] if words else ""


def rounded_words(count: int) -> int:
    """A word count rounded as standard manuscript format rounds it (William Shunn, "Proper Manuscript
    Format", shunn.net/format/classic: "round to the nearest hundred … If you're edging into novella territory,
    round to the nearest 500"): to the nearest 100 under 10,000 words, to the nearest 500 from 10,000 (novelette
    and novella lengths), and to the nearest 1,000 from 40,000 (a novel; the 1993 version of the same guide
    rounds 10,000–25,000 words to the nearest 1,000). Halves round up, as a reader rounds; under 100 words the
    count stays exact."""
    if count < 100:
        return count
    step = 100 if count < 10_000 else 500 if count < 40_000 else 1000
    return (count + step // 2) // step * step


def about_words(count: int) -> str:
    """The title page's word count: "about 82,000 words" (``rounded_words``); a count under 100 exact."""
    if count < 100:
        return f"{count:,} word{'' if count == 1 else 's'}"
    return f"about {rounded_words(count):,} words"


def _fonts(element: Any, east_asian: str) -> None:
    """Sets the run fonts of a style or run element explicitly (no theme font overrides them)."""
    rpr = element.get_or_add_rPr()
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is None:
        fonts = OxmlElement("w:rFonts")
        rpr.insert(0, fonts)
    for key in list(fonts.attrib):
        del fonts.attrib[key]
    fonts.set(qn("w:ascii"), LATIN_FONT)
    fonts.set(qn("w:hAnsi"), LATIN_FONT)
    fonts.set(qn("w:cs"), LATIN_FONT)
    fonts.set(qn("w:eastAsia"), east_asian or LATIN_FONT)


def _tag(language: str) -> str:
    return language if "-" in language else {"en": "en-US", "zh": "zh-CN", "ja": "ja-JP", "ko": "ko-KR"}.get(
        language, language)


def _language(document: Any, language: str, east_asian: str) -> None:
    """The document's default language: Latin text and East Asian text both tagged (spelling, line breaks)."""
    rpr_default = document.styles.element.find(qn("w:docDefaults"))
    rpr = rpr_default.find(qn("w:rPrDefault")).find(qn("w:rPr")) if rpr_default is not None else None
    if rpr is None:
        return
    lang = rpr.find(qn("w:lang"))
    if lang is None:
        lang = OxmlElement("w:lang")
        rpr.append(lang)
    lang.set(qn("w:val"), _tag(language))
    if east_asian:
        lang.set(qn("w:eastAsia"), _tag(language) if language.split("-")[0] == east_asian else _tag(east_asian))


def _page_field(paragraph: Paragraph) -> None:
    """A PAGE field: Word fills in the page number."""
    run = paragraph.add_run()
    for kind, text in (("begin", None), (None, " PAGE "), ("separate", None), (None, "1"), ("end", None)):
        if kind is not None:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        elif text == " PAGE ":
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = text
        else:
            el = OxmlElement("w:t")
            el.text = text
        run._r.append(el)


class _Writer:
    def __init__(self, manuscript: Manuscript, preset: str) -> None:
        self.m = manuscript
        self.preset = preset
        self.doc = docx.Document()
        self.east_asian_language = east_asian_language(manuscript)
        self.east_asian = EAST_ASIAN_FONTS.get(self.east_asian_language, "")
        self.has_parts = any(c.part for c in manuscript.chapters)
        self._setup()

    # -- styles and page -------------------------------------------------------------------------
    def _style(self, name: str) -> ParagraphStyle:
        style = self.doc.styles[name]
        assert isinstance(style, ParagraphStyle)
        return style

    def _setup(self) -> None:
        m, doc = self.m, self.doc
        props = doc.core_properties
        props.title = m.title[:255]  # the document's properties hold at most 255 characters (the text keeps all)
        props.author = m.author[:255]
        props.language = m.language
        props.comments = "Exported from Relay Studio"
        _language(doc, m.language, self.east_asian_language)
        section = doc.sections[0]
        section.page_width, section.page_height = (
            (Inches(8.5), Inches(11)) if uses_letter(m.language) else (Mm(210), Mm(297)))
        for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
            setattr(section, side, Inches(1))
        section.header_distance = section.footer_distance = Inches(0.5)
        normal = self._style("Normal")
        _fonts(normal.element, self.east_asian)
        fmt = normal.paragraph_format
        fmt.space_before = fmt.space_after = Pt(0)
        fmt.widow_control = True
        if self.preset == "manuscript":
            normal.font.size = Pt(12)
            fmt.line_spacing_rule = WD_LINE_SPACING.DOUBLE
            fmt.first_line_indent = Inches(0.5)
            fmt.alignment = WD_ALIGN_PARAGRAPH.LEFT
        else:
            normal.font.size = Pt(11)
            fmt.line_spacing = 1.15
            fmt.first_line_indent = Inches(0.3)
            fmt.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
        self.centered = self.doc.styles.add_style("Scene Break", 1)  # 1: a paragraph style
        assert isinstance(self.centered, ParagraphStyle)
        self.centered.base_style = normal
        self.centered.paragraph_format.first_line_indent = Inches(0)
        self.centered.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
        self.centered.paragraph_format.keep_with_next = False
        for level in (1, 2, 3):
            self._heading_style(self._style(f"Heading {level}"), level)
        for name in ("Title", "Subtitle"):
            style = self._style(name)
            _fonts(style.element, self.east_asian)
            style.font.color.rgb = RGBColor(0, 0, 0)
            style.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
            style.paragraph_format.first_line_indent = Inches(0)
            border = style.element.pPr.find(qn("w:pBdr")) if style.element.pPr is not None else None
            if border is not None:  # the template's blue rule under the title
                style.element.pPr.remove(border)
        if self.preset == "manuscript":
            self._header(section)

    def _heading_style(self, style: ParagraphStyle, level: int) -> None:
        _fonts(style.element, self.east_asian)
        style.font.color.rgb = RGBColor(0, 0, 0)
        fmt = style.paragraph_format
        fmt.first_line_indent = Inches(0)
        fmt.alignment = WD_ALIGN_PARAGRAPH.CENTER
        fmt.keep_with_next = True
        if self.preset == "manuscript":  # the format's chapter openings: plain 12 pt text, a third down
            style.font.size = Pt(12)
            style.font.bold = level == 1 and self.has_parts
            style.font.italic = False
            fmt.line_spacing_rule = WD_LINE_SPACING.DOUBLE
            fmt.space_before = Inches(2) if level <= (2 if self.has_parts else 1) else Pt(0)
            fmt.space_after = Pt(12) if level <= 2 else Pt(0)
        else:
            style.font.size = Pt({1: 20, 2: 16, 3: 13}[level])
            fmt.space_before = Pt({1: 48, 2: 36, 3: 18}[level])
            fmt.space_after = Pt(18 if level < 3 else 6)

    def _header(self, section: Any) -> None:
        """Surname / TITLE / page, right-aligned; the title page has none."""
        section.different_first_page_header_footer = True
        section.first_page_header.is_linked_to_previous = False  # an empty header of its own
        paragraph = section.header.paragraphs[0]
        paragraph.alignment = WD_ALIGN_PARAGRAPH.RIGHT
        paragraph.paragraph_format.first_line_indent = Inches(0)
        name = surname(self.m.author)
        paragraph.add_run(" / ".join(p for p in (name, self.m.title.upper()) if p) + " / ")
        _page_field(paragraph)

    # -- content ---------------------------------------------------------------------------------
    def title_page(self) -> None:
        m, doc = self.m, self.doc
        if self.preset == "manuscript":
            top = doc.add_paragraph(style=self.centered)
            top.alignment = WD_ALIGN_PARAGRAPH.LEFT
            top.paragraph_format.line_spacing_rule = WD_LINE_SPACING.SINGLE
            top.paragraph_format.tab_stops.add_tab_stop(Inches(6.5 if uses_letter(m.language) else 6.27),
                                                        WD_TAB_ALIGNMENT.RIGHT)
            top.add_run(f"{m.contact[0] if m.contact else m.author}\t{about_words(m.words())}")
            for line in m.contact[1:]:  # the contact block under the name, top left (standard manuscript format)
                contact = doc.add_paragraph(line, style=self.centered)
                contact.alignment = WD_ALIGN_PARAGRAPH.LEFT
                contact.paragraph_format.line_spacing_rule = WD_LINE_SPACING.SINGLE
            title = doc.add_paragraph(style=self.centered)
            title.paragraph_format.space_before = Inches(3)
            title.add_run(m.title.upper())
            if m.author:
                doc.add_paragraph(f"by {m.author}", style=self.centered)
        else:
            doc.add_paragraph(m.title, style=self._style("Title"))
            if m.author:
                doc.add_paragraph(m.author, style=self._style("Subtitle"))

    def chapter(self, chapter: Chapter) -> None:
        """The chapter's paragraphs, written as WordprocessingML text and parsed in one go: python-docx's
        ``add_paragraph`` looks the default style up for every paragraph (``bench/manuscript_export.py``)."""
        top = 2 if self.has_parts else 1
        own = chapter_language(chapter, self.m.language).split("-")[0]
        run_props = ""
        if own in EAST_ASIAN_FONTS and own != self.east_asian_language:  # a chapter in another CJK language
            run_props = f'<w:rFonts w:eastAsia="{EAST_ASIAN_FONTS[own]}"/>'
            self._lang_tail = f'<w:lang w:eastAsia="{_tag(own)}"/>'
        else:
            self._lang_tail = ""
        xml: list[str] = []
        if chapter.part:
            xml.append(self._p_xml(chapter.part, self._heading_ids[1], page_break=True))
        xml.append(self._p_xml(chapter.title, self._heading_ids[top], page_break=True))  # a part title stands alone
        break_mark = "#" if self.preset == "manuscript" else "* * *"
        for index, scene in enumerate(chapter.scenes):
            if index and not scene.title:
                xml.append(self._p_xml(break_mark, self._centered_id))
            if scene.title:
                xml.append(self._p_xml(scene.title, self._heading_ids[top + 1]))
            xml.extend(self._p_xml(text, "", fonts=run_props) for text in scene.paragraphs)
        body = parse_xml(f'<w:body {nsdecls("w")}>{"".join(xml)}</w:body>')
        for paragraph in list(body):
            self._sect_pr.addprevious(paragraph)

    def _p_xml(self, text: str, style_id: str, *, page_break: bool = False, fonts: str = "") -> str:
        props = (f'<w:pStyle w:val="{style_id}"/>' if style_id else "") + ("<w:pageBreakBefore/>" if page_break else "")
        out = [f"<w:p><w:pPr>{props}</w:pPr>" if props else "<w:p>"]
        for run in runs(text):
            rpr = fonts + ("<w:b/>" if run.bold else "") + ("<w:i/>" if run.italic else "") + self._lang_tail
            out.append(f"<w:r>{f'<w:rPr>{rpr}</w:rPr>' if rpr else ''}"
                       f'<w:t xml:space="preserve">{escape(run.text)}</w:t></w:r>')
        out.append("</w:p>")
        return "".join(out)

    def end(self) -> None:
        if self.preset == "manuscript":
            self.doc.add_paragraph("END", style=self.centered)

    def write(self, out: IO[bytes], progress: Progress | None) -> None:
        self._heading_ids = {level: self._style(f"Heading {level}").style_id for level in (1, 2, 3)}
        self._centered_id = self.centered.style_id
        self._lang_tail = ""
        sect_pr = self.doc.element.body.sectPr
        assert sect_pr is not None
        self._sect_pr = sect_pr
        self.title_page()
        total = len(self.m.chapters) + 1
        for index, chapter in enumerate(self.m.chapters):
            self.chapter(chapter)
            if progress is not None:
                progress(index + 1, total)
        self.end()
        self.doc.save(out)
        if progress is not None:
            progress(total, total)


def write_docx(manuscript: Manuscript, out: IO[bytes], preset: str = "manuscript",
               progress: Progress | None = None) -> None:
    """Writes ``manuscript`` as DOCX to ``out``; ``progress(done, total)`` after each chapter and the save."""
    _Writer(manuscript, preset).write(out, progress)

