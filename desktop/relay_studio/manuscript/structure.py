"""A manuscript's structure read from Markdown text: parts, chapters, scenes and their paragraphs.

What is read: the creator's answers (the current text of each assistant message of a chat, in order, or a
chosen selection of them), or a run's deliverables under ``output/``. Nothing else of a chat becomes part of
a book: the creator's own messages, story library notes, kept agent notes, handoff documents and tool output
are never read (``from_messages`` keeps only ``assistant`` messages; ``from_output_files`` skips
``direct_output.md``, hidden files and anything but ``.md``/``.markdown``/``.txt``).

How the text is read (``docs/export.md``):

- Every non-empty line is a paragraph (answers carry one paragraph a line; Chinese and Japanese prose has no
  blank lines between them).
- ``***``, ``* * *``, ``---``, ``___``, ``⁂`` or ``#`` alone on a line is a scene break.
- Headings: with one heading level in use it marks chapters; with two, the upper marks parts when every one
  of them reads like a part ("Part One", "Book II", "第一部", "第一卷") and chapters otherwise, the lower then
  chapters or titled scenes; with three or more: parts, chapters, scenes.
- Text with no heading anywhere: each answer is a chapter ("Chapter 1", "第1章", ...). Text before the first
  heading of a later answer continues the chapter before it, after a scene break.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from relay_studio.domain.input_files import read_input_text
from relay_studio.domain.records import MessageRecord

ANSWER_ROLE = "assistant"
#: files of a run's output/ that are never a deliverable: a reply kept beside the answer
NOT_DELIVERABLES = frozenset({"direct_output.md"})
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".txt"})

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_BREAK = re.compile(r"^[ \t]*(?:#|\*[ \t]*\*[ \t]*\*[ \t*]*|-[ \t]*-[ \t]*-[ \t-]*|_[ \t]*_[ \t]*_[ \t_]*|⁂|§)[ \t]*$")
_PART = re.compile(r"^(?:part|book|volume|teil|buch|band)\b|^第.{1,6}[部卷篇]", re.IGNORECASE)
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
#: characters XML 1.0 cannot carry (DOCX and EPUB are XML): C0 controls but tab, newline and CR; lone
#: surrogates; U+FFFE and U+FFFF. An answer keeps them in the chat; the book leaves them out.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_WORD = re.compile(r"\w+(?:['’\-.,]\w+)*")


@dataclass
class Scene:
    """Paragraphs between two scene breaks; ``title`` only when a heading named the scene."""

    paragraphs: list[str] = field(default_factory=list)
    title: str = ""


@dataclass
class Chapter:
    title: str
    scenes: list[Scene] = field(default_factory=lambda: [Scene()])
    #: the part this chapter opens ("" when it opens none): writers put the part's title before it
    part: str = ""

    def words(self) -> int:
        return sum(count_words(p) for s in self.scenes for p in s.paragraphs) + count_words(self.title)


@dataclass
class Manuscript:
    title: str
    author: str
    language: str
    chapters: list[Chapter]
    #: the manuscript format's contact block, top left of the title page: the legal name, then the address's
    #: lines, phone and email (empty lines left out); none: the author's name alone
    contact: list[str] = field(default_factory=list)
    _words: int | None = field(default=None, init=False, repr=False, compare=False)

    def words(self) -> int:
        """Counted once (the title page, the result and the preview all ask)."""
        if self._words is None:
            self._words = sum(c.words() for c in self.chapters)
        return self._words


@dataclass(frozen=True)
class Answer:
    """One piece of text to read: an answer of a chat, or one output file."""

    id: str
    text: str
    label: str = ""


def answers_of(messages: Iterable[MessageRecord], selected: Sequence[str] | None = None) -> list[Answer]:
    """The chat's answers in order (only assistant messages: never the creator's text, notes or handoff
    documents), or the ``selected`` message ids among them (still in chat order)."""
    chosen = None if selected is None else set(selected)
    return [Answer(m.id, m.content, m.agent_name or "") for m in messages
            if m.role == ANSWER_ROLE and m.content.strip() and (chosen is None or m.id in chosen)]


#: an output file larger than this is not read (the workspace's own limit for a file is 4 MB)
MAX_OUTPUT_FILE_BYTES = 16 * 1024 * 1024


def output_answers(output_dir: Path) -> list[Answer]:
    """The text files under a run's ``output/`` folder, in natural path order (``ch2`` before ``ch10``).

    A link is never followed, at any depth: ``output/`` (or the workspace holding it) that is a link, a
    linked folder inside, a linked file; each file is opened with ``O_NOFOLLOW`` (a link made between the
    listing and the read is refused too) and must be a regular file."""
    if any(p.is_symlink() for p in (output_dir, output_dir.parent)) or not output_dir.is_dir():
        return []
    files: list[Path] = []
    for root, dirs, names in os.walk(output_dir, followlinks=False):
        dirs[:] = [d for d in dirs if not d.startswith(".")]  # os.walk never enters a linked folder
        files += [Path(root, n) for n in names if not n.startswith(".") and n not in NOT_DELIVERABLES
                  and Path(n).suffix.lower() in TEXT_SUFFIXES]
    files.sort(key=lambda p: _natural(p.relative_to(output_dir).as_posix()))
    found = []
    for path in files:
        try:
            text = read_input_text(path, MAX_OUTPUT_FILE_BYTES, follow_links=False)
        except (OSError, UnicodeDecodeError):
            continue
        if text.strip():
            found.append(Answer(path.relative_to(output_dir).as_posix(), text, path.name))
    return found


def _natural(text: str) -> list[tuple[int, int | str]]:
    return [(0, int(t)) if t.isdigit() else (1, t.lower()) for t in re.split(r"(\d+)", text) if t]


# -- reading -----------------------------------------------------------------------------------------
@dataclass
class _Line:
    kind: str  # "heading", "break", "text"
    text: str
    level: int = 0


def _lines(text: str) -> list[_Line]:
    out: list[_Line] = []
    fenced = False
    text = _NOT_XML.sub("", text)
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if _FENCE.match(raw):
            fenced = not fenced
            continue
        line = raw.strip()
        if not line:
            continue
        if not fenced:
            if _BREAK.match(line):
                out.append(_Line("break", ""))
                continue
            heading = _HEADING.match(line)
            if heading:
                out.append(_Line("heading", heading.group(2).strip(), len(heading.group(1))))
                continue
            line = re.sub(r"^>+[ \t]?", "", line)  # a quoted paragraph is a paragraph
            if not line:
                continue
        out.append(_Line("text", line))
    return out


def _roles(read: list[list[_Line]]) -> dict[int, str]:
    """heading level -> "part", "chapter" or "scene"."""
    levels = sorted({ln.level for lines in read for ln in lines if ln.kind == "heading"})
    if not levels:
        return {}
    if len(levels) == 1:
        return {levels[0]: "chapter"}
    if len(levels) == 2:
        top = [ln.text for lines in read for ln in lines if ln.kind == "heading" and ln.level == levels[0]]
        if all(_PART.match(t) for t in top):
            return {levels[0]: "part", levels[1]: "chapter"}
        return {levels[0]: "chapter", levels[1]: "scene"}
    return {levels[0]: "part", levels[1]: "chapter", **{lv: "scene" for lv in levels[2:]}}


def chapter_name(number: int, language: str) -> str:
    """The title of an untitled chapter, in the book's language."""
    lang = language.split("-")[0].lower()
    if lang in ("zh", "ja"):
        return f"第{number}章"
    if lang == "ko":
        return f"제{number}장"
    if lang == "de":
        return f"Kapitel {number}"
    if lang == "fr":
        return f"Chapitre {number}"
    if lang == "es":
        return f"Capítulo {number}"
    return f"Chapter {number}"


_NUMBERED = re.compile(r"^(?:chapter|kapitel|chapitre|cap[ií]tulo|prologue?|prolog|epilogue?|epilog)\b|"
                       r"^第.{1,6}[章回节節話]|^\d+\.?$", re.IGNORECASE)


def first_heading(answers: Sequence[Answer]) -> str:
    """The first heading of the first answer that has text, when that text opens with it ("# The Last Keeper"):
    a title the creator wrote; "" when the text opens with prose, or with a heading that only numbers a chapter
    or a part ("Chapter 1", "Part One", "第一章"), which names no book."""
    for answer in answers:
        lines = _lines(answer.text)
        if lines:
            heading = lines[0].text if lines[0].kind == "heading" else ""
            return "" if _NUMBERED.match(heading) or _PART.match(heading) else heading
    return ""


def build(answers: Sequence[Answer], *, title: str, author: str = "", language: str = "",
          contact: Sequence[str] = ()) -> Manuscript:
    """The manuscript of ``answers`` (read in order); ``language`` "" means: guessed from the first answer's
    text (a chapter in another CJK language keeps its own, ``chapter_language``)."""
    lang = language or guess_language(answers[0].text[:3000] if answers else "")
    read = [_lines(a.text) for a in answers]
    roles = _roles(read)
    chapters: list[Chapter] = []
    pending_part = ""

    def current() -> Chapter:
        if not chapters:
            chapters.append(Chapter(chapter_name(1, lang)))
        return chapters[-1]

    for lines in read:
        if not roles:  # no heading anywhere: one answer, one chapter
            chapters.append(Chapter(chapter_name(len(chapters) + 1, lang), part=pending_part))
        elif chapters and lines and lines[0].kind == "text":
            chapters[-1].scenes.append(Scene())  # a later answer's opening text continues the chapter
        for line in lines:
            if line.kind == "heading":
                role = roles[line.level]
                if role == "part":
                    pending_part = line.text
                elif role == "chapter":
                    chapters.append(Chapter(line.text, part=pending_part))
                    pending_part = ""
                else:
                    chapter = current()
                    if chapter.scenes[-1].paragraphs or chapter.scenes[-1].title:
                        chapter.scenes.append(Scene(title=line.text))
                    else:
                        chapter.scenes[-1].title = line.text
            elif line.kind == "break":
                chapter = current()
                if chapter.scenes[-1].paragraphs:
                    chapter.scenes.append(Scene())
            else:
                if pending_part and roles:  # text right under a part heading opens the part's first chapter
                    chapters.append(Chapter(chapter_name(len(chapters) + 1, lang), part=pending_part))
                    pending_part = ""
                current().scenes[-1].paragraphs.append(line.text)
    for chapter in chapters:  # no empty scenes: a break at the end of an answer, a heading with no text
        chapter.scenes = [s for s in chapter.scenes if s.paragraphs or s.title] or [Scene()]
    chapters = [c for c in chapters if any(s.paragraphs or s.title for s in c.scenes) or c.title]
    return Manuscript(title=_NOT_XML.sub("", title).strip() or "Untitled", author=_NOT_XML.sub("", author).strip(),
                      language=lang, chapters=chapters,
                      contact=[kept for c in contact if (kept := _NOT_XML.sub("", c).strip())])


# -- words and language --------------------------------------------------------------------------------
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\U00020000-\U0002ffff]")


def count_words(text: str) -> int:
    """Words as writers count them: Latin-script words, and each Chinese, Japanese or Korean character
    (as word processors count East Asian text)."""
    text, cjk = _CJK.subn(" ", text)
    return cjk + len(_WORD.findall(text))


_KANA = re.compile("[\u3040-\u30ff]")
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")
_HANGUL = re.compile("[\uac00-\ud7af]")
_LATIN = re.compile("[A-Za-z\u00c0-\u024f]")


def guess_language(text: str) -> str:
    """A BCP 47 tag from the script of ``text``: ja (kana), zh (Han without kana), ko (Hangul), else en."""
    kana, han, hangul = len(_KANA.findall(text)), len(_HAN.findall(text)), len(_HANGUL.findall(text))
    if kana + han + hangul > len(_LATIN.findall(text)):
        if kana:
            return "ja"
        return "ko" if hangul > han else "zh"
    return "en"


CJK_LANGUAGES = ("zh", "ja", "ko")


def chapter_language(chapter: Chapter, book_language: str) -> str:
    """The chapter's own language when its script says another CJK language than the book's, else the book's."""
    sample = " ".join(p for s in chapter.scenes for p in s.paragraphs[:20])[:3000] or chapter.title
    own = guess_language(sample)
    return own if own in CJK_LANGUAGES and own != book_language.split("-")[0] else book_language


def east_asian_language(manuscript: Manuscript) -> str:
    """The Chinese, Japanese or Korean the manuscript is (or has chapters) in, "" for none."""
    primary = manuscript.language.split("-")[0].lower()
    if primary in CJK_LANGUAGES:
        return primary
    for chapter in manuscript.chapters:
        own = chapter_language(chapter, primary)
        if own in CJK_LANGUAGES:
            return own
    return ""
