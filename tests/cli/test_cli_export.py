"""``relay-studio export`` over a real data folder: a chat's answers (committed by a real run, or stored
in the chat) as DOCX / EPUB / Markdown / text, a run's output/ files, and one line with exit 2 for each
refusal, nothing half-written."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE, NOTE_ROLE
from relay_studio.runtime.engine import Runtime


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def seed_chat(data: Path, project: str | None = None) -> None:
    runtime = Runtime(data)
    try:
        project_id = runtime.projects.create(project).id if project else None
        chat = runtime.chats.ensure_chat("Novel", project_id=project_id)
        runtime.chats.add_message(chat.id, HANDOFF_CONTEXT_ROLE, "HANDOFF DOCUMENT TEXT")
        runtime.chats.add_message(chat.id, "user", "Write the first chapter, please.")
        runtime.chats.add_message(chat.id, "assistant", "# 第一章\n他推开门。\n***\n雨停了。", agent_name="Writer")
        runtime.chats.add_message(chat.id, NOTE_ROLE, "AN AGENT NOTE")
        runtime.chats.add_message(chat.id, "assistant", "# 第二章\n雨が降っていた。", agent_name="Writer")
        runtime.chats.ensure_chat("Empty", project_id=project_id)
    finally:
        runtime.close()


def test_export_a_chat_in_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    seed_chat(data, "Rain")
    out = tmp_path / "novel.epub"
    code, stdout, err = run_cli(capsys, "export", "Novel", "--project", "Rain", "--out", str(out),
                                "--author", "李白", "--json", *d)
    assert (code, err) == (0, "")
    report = json.loads(stdout)
    assert report["chapters"] == ["第一章", "第二章"] and report["format"] == "epub" and report["language"] == "zh"
    assert report["title"] == "Novel" and report["chat"]["name"] == "Novel" and report["bytes"] == out.stat().st_size
    with zipfile.ZipFile(out) as z:
        assert z.infolist()[0].filename == "mimetype"
        text = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".xhtml"))
    assert "他推开门。" in text and "雨が降っていた。" in text
    for never in ("HANDOFF DOCUMENT", "Write the first chapter", "AN AGENT NOTE"):
        assert never not in text
    md = tmp_path / "novel.md"
    code, stdout, _ = run_cli(capsys, "export", "Novel", "--project", "Rain", "--format", "md", "--out", str(md),
                              "--title", "雨夜", "--language", "zh-CN", *d)
    assert code == 0 and stdout == f"Wrote '雨夜' (2 chapters, 20 words) to {md}.\n"
    assert md.read_text(encoding="utf-8").startswith('---\ntitle: "雨夜"\nlang: "zh-CN"\n---\n\n# 第一章\n')
    runtime = Runtime(data)  # one chapter is "1 chapter", never "1 chapters"
    try:
        short = runtime.chats.ensure_chat("Short")
        runtime.chats.add_message(short.id, "assistant", "Rain.", agent_name="Writer")
    finally:
        runtime.close()
    one = tmp_path / "one.txt"
    code, stdout, _ = run_cli(capsys, "export", "Short", "--out", str(one), "--title", "Rain", *d)
    assert code == 0 and stdout == f"Wrote 'Rain' (1 chapter, 3 words) to {one}.\n", stdout
    docx = tmp_path / "novel.docx"
    assert run_cli(capsys, "export", "Novel", "--project", "Rain", "--out", str(docx), "--preset", "book", *d)[0] == 0
    with zipfile.ZipFile(docx) as z:
        assert "Heading1" in z.read("word/document.xml").decode("utf-8")
    txt = tmp_path / "novel.text"
    assert run_cli(capsys, "export", "Novel", "--project", "Rain", "--out", str(txt), "--format", "txt", *d)[0] == 0
    assert "他推开门。\n\n#\n\n雨停了。" in txt.read_text(encoding="utf-8")


def test_the_demo_relays_committed_answer_and_its_runs_output_files(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    assert run_cli(capsys, "demo", *d)[0] == 0
    answer = json.loads(run_cli(capsys, "chat", "show", "Demo relay", "--json", *d)[1])["messages"][-1]
    out = tmp_path / "demo.txt"
    code, _, err = run_cli(capsys, "export", "Demo relay", "--out", str(out), *d)
    assert (code, err) == (0, "")
    first_line = next(line for line in answer["content"].splitlines() if line.strip() and not line.startswith("#"))
    assert first_line.replace("*", "").strip() in out.read_text(encoding="utf-8")
    run_id = answer["run_id"]
    from_run = tmp_path / "run.md"
    code, stdout, err = run_cli(capsys, "export", "--run", run_id, "--out", str(from_run), "--json", *d)
    assert (code, err) == (0, "") and json.loads(stdout)["run"] == run_id
    assert first_line.strip() in from_run.read_text(encoding="utf-8")


def test_refusals_are_one_line_with_exit_2_and_write_nothing(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    seed_chat(data)
    out = tmp_path / "x.docx"
    cases = [
        (["export", "Nowhere", "--out", str(out)], "error: There is no chat 'Nowhere'. [export.unknown_chat]\n"),
        (["export", "Novel", "--project", "Elsewhere", "--out", str(out)], None),
        (["export", "Empty", "--out", str(out)],
         "error: The chat 'Empty' has no answers yet: there is nothing to export. [export.no_answers]\n"),
        (["export", "Novel", "--out", str(tmp_path / "missing" / "x.docx")],
         f"error: {tmp_path / 'missing' / 'x.docx'} could not be written: the folder {tmp_path / 'missing'} "
         "does not exist. [export.unwritable]\n"),
        (["export", "Novel", "--format", "epub", "--out", str(tmp_path)],
         f"error: {tmp_path} is a folder, not a file to write. [export.unwritable]\n"),
        (["export", "Novel", "--out", str(tmp_path / "x.pdf")],
         "error: Say which format to write with --format (docx, epub, md, txt): 'x.pdf' does not tell.\n"),
        (["export", "--run", "run_nope", "--out", str(out)],
         "error: There is no run 'run_nope'. 'relay-studio runs' lists them. [export.unknown_run]\n"),
        (["export", "Novel", "--run", "run_nope", "--out", str(out)],
         "error: Name a chat to export, or a run with --run (not both).\n"),
    ]
    for argv, line in cases:
        code, stdout, err = run_cli(capsys, *argv, *d)
        assert code == 2 and stdout == "" and err.count("\n") == 1, (argv, err)
        if line is not None:
            assert err == line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]  # no file, no temporary file
