"""How answers become a manuscript's parts, chapters and scenes (``relay_studio/manuscript/structure.py``),
and what is never read into one."""

from __future__ import annotations

from pathlib import Path

from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE, NOTE_ROLE, MessageRecord
from relay_studio.manuscript import Answer, answers_of, build, count_words, guess_language, output_answers
from relay_studio.manuscript.inline import Run, plain, runs


def msg(i: int, role: str, content: str) -> MessageRecord:
    return MessageRecord(id=f"m{i}", chat_id="c", position=i, role=role, content=content,
                         created_at="2026-01-01T00:00:00Z", updated_at="2026-01-01T00:00:00Z")


def outline(answers: list[Answer], **kw: str) -> list[tuple[str, str, list[tuple[str, list[str]]]]]:
    m = build(answers, title="T", **kw)
    return [(c.part, c.title, [(s.title, s.paragraphs) for s in c.scenes]) for c in m.chapters]


def test_only_the_answers_are_read_never_the_creators_text_notes_or_handoff_documents() -> None:
    messages = [msg(0, HANDOFF_CONTEXT_ROLE, "HANDOFF DOCUMENT"), msg(1, "user", "Write chapter one."),
                msg(2, "assistant", "# One\nShe woke."), msg(3, NOTE_ROLE, "A NOTE"), msg(4, "assistant", "   "),
                msg(5, "assistant", "# Two\nShe slept."), msg(6, "tool", "TOOL OUTPUT")]
    assert [a.id for a in answers_of(messages)] == ["m2", "m5"]
    assert [a.id for a in answers_of(messages, ["m5", "m1", "m3"])] == ["m5"]  # a selection, answers only
    text = str(outline(answers_of(messages)))
    for never in ("HANDOFF", "Write chapter", "NOTE", "TOOL"):
        assert never not in text


def test_headings_make_chapters_and_breaks_make_scenes() -> None:
    got = outline([Answer("a", "# The Storm\nIt rained.\nShe ran.\n\n***\n\nMorning.\n* * *\nNoon.\n#\nNight."),
                   Answer("b", "# Second\nA.\n---\nB.\n")])
    assert got == [("", "The Storm", [("", ["It rained.", "She ran."]), ("", ["Morning."]), ("", ["Noon."]),
                                      ("", ["Night."])]),
                   ("", "Second", [("", ["A."]), ("", ["B."])])]


def test_two_levels_are_chapters_and_titled_scenes_or_parts_and_chapters() -> None:
    scenes = outline([Answer("a", "# Arrival\n## At the gate\nShe knocked.\n## Inside\nWarm.")])
    assert scenes == [("", "Arrival", [("At the gate", ["She knocked."]), ("Inside", ["Warm."])])]
    parts = outline([Answer("a", "# Part One\n## The Gate\nShe knocked.\n## The Hall\nWarm."),
                     Answer("b", "# Part Two\n## The Road\nFar.")])
    assert parts == [("Part One", "The Gate", [("", ["She knocked."])]), ("", "The Hall", [("", ["Warm."])]),
                     ("Part Two", "The Road", [("", ["Far."])])]
    three = outline([Answer("a", "# 第一部\n## 第一章\n### 夜\n他来了。\n### 晨\n她走了。")])
    assert three == [("第一部", "第一章", [("夜", ["他来了。"]), ("晨", ["她走了。"])])]


def test_answers_without_headings_are_one_chapter_each_named_in_the_books_language() -> None:
    assert [t for _, t, _ in outline([Answer("a", "One."), Answer("b", "Two.")])] == ["Chapter 1", "Chapter 2"]
    assert [t for _, t, _ in outline([Answer("a", "他来了。"), Answer("b", "她走了。")])] == ["第1章", "第2章"]
    assert [t for _, t, _ in outline([Answer("a", "Eins.")], language="de")] == ["Kapitel 1"]
    # once headings are in use, a later answer's opening text continues the chapter after a break
    got = outline([Answer("a", "# One\nA."), Answer("b", "B.\n# Two\nC.")])
    assert got == [("", "One", [("", ["A."]), ("", ["B."])]), ("", "Two", [("", ["C."])])]


def test_code_fences_and_quotes_are_text_not_structure() -> None:
    got = outline([Answer("a", "# One\n```\n# not a heading\n***\n```\n> Quoted line.")])
    assert got == [("", "One", [("", ["# not a heading", "***", "Quoted line."])])]


def test_output_files_in_natural_order_without_the_kept_reply(tmp_path: Path) -> None:
    out = tmp_path / "output"
    (out / "part2").mkdir(parents=True)
    (out / "ch10.md").write_text("# Ten\nx", encoding="utf-8")
    (out / "ch2.md").write_text("# Two\nx", encoding="utf-8")
    (out / "part2" / "ch1.txt").write_text("# P2\nx", encoding="utf-8")
    (out / "direct_output.md").write_text("I am done!", encoding="utf-8")
    (out / ".hidden.md").write_text("secret", encoding="utf-8")
    (out / "cover.png").write_bytes(b"\x89PNG")
    (out / "bad.md").write_bytes(b"\xff\xfe\x00")
    assert [a.id for a in output_answers(out)] == ["ch2.md", "ch10.md", "part2/ch1.txt"]
    assert output_answers(tmp_path / "missing") == []


def test_words_and_language() -> None:
    assert count_words("It’s a well-known fact, 3.5 times.") == 6
    assert count_words("他回来了。") == 4 and count_words("雨が降る rain") == 5
    assert guess_language("雨が降っていた。") == "ja" and guess_language("他回来了。") == "zh"
    assert guess_language("비가 왔다") == "ko" and guess_language("It rained.") == "en"
    assert build([Answer("a", "他回来了。")], title="T").language == "zh"
    assert build([Answer("a", "他回来了。")], title="T", language="zh-TW").language == "zh-TW"


def test_emphasis_runs() -> None:
    assert runs("a *b* **c** ***d***") == [Run("a "), Run("b", italic=True), Run(" "), Run("c", bold=True),
                                           Run(" "), Run("d", bold=True, italic=True)]
    assert plain("3 * 4 = 12 * 1, snake_case, \\*x\\*") == "3 * 4 = 12 * 1, snake_case, *x*"
    assert plain("他说：*你好*。") == "他说：你好。"
