"""A novel-sized project, written deterministically through the code paths a creator's imports and runs use.

One project ("The Salt Crown") in a fresh data folder:

* 20 chats, 5,000 messages, ~120k words: 4,400 messages arrive as chat imports (``ChatStore.import_chat``,
  what ``chat import`` of a SillyTavern file does), the other 600 are the questions and committed answers
  of the runs below;
* 300 runs: 290 real ones (``Runtime.start_run`` with the scripted provider; each agent searches the
  knowledge library, writes, commits its answer into the chat and finishes) and 10 long ones (one of
  20,000 events) written through the journal's own API (``Database.transaction`` / ``Transaction.event``,
  one transaction per run), since driving 80,000 more events through the model loop would take minutes;
  together at least 100,000 events;
* 1,000 story-library entries (``LibraryStore.add_all``, what ``library import`` does), whose names and
  aliases the messages mention;
* 50 knowledge documents, Markdown, PDF and EPUB (``KnowledgeLibrary.import_files``), over 5,000 passages;
* 20 Skills (``render_skill`` checked by ``parse_skill``, written as ``LibraryOperations.save_skill`` does).

Texts are drawn from a seeded generator, so two builds hold the same words (ids and timestamps of the real
runs differ). The folder is cached under ``$RELAY_BENCH_CACHE`` (default ``/tmp/relay-studio-bench``) keyed by
``VERSION``: benches and the slow test call ``book_project()`` and reuse it; ``copy_of`` gives a run its own
copy to write into.

    python bench/book_project.py [--rebuild] [--small]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.knowledge.files: the PDF and EPUB writers

from tests.knowledge.files import write_epub, write_pdf

from relay_studio.domain.enums import EventLevel
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.library.entries import BUILTIN_TYPES, LibraryEntry
from relay_studio.library.skills import Skill, parse_skill, render_skill
from relay_studio.library.store import LibraryStore, atomic_write
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import Runtime
from relay_studio.store import tables as t
from relay_studio.store.chats import ImportedMessage
from relay_studio.store.projects import project_folder

#: bump when what is generated changes: the cache is keyed by it
VERSION = 1
PROJECT = "The Salt Crown"
SMALL_PROJECT = "A Short Story"
AGENT = "scribe"
LAST_WORDS = "The lantern went out over the harbour, and the crown was salt again."


@dataclass(frozen=True)
class Size:
    chats: int = 20
    messages: int = 5000
    runs: int = 300
    long_runs: int = 10
    big_run_events: int = 20_000
    events: int = 100_000
    entries: int = 1000
    documents: int = 50
    sections: int = 110  # per Markdown document (one passage each)
    skills: int = 20


BOOK = Size()
SMALL = Size(chats=3, messages=18, runs=6, long_runs=1, big_run_events=200, events=300, entries=10, documents=3,
             sections=6, skills=2)


@dataclass(frozen=True)
class BookInfo:
    """What was generated (``book.json`` in the folder): the counts the window must show."""

    data_dir: str
    project_id: str
    project: str
    chats: int
    messages: int
    words: int
    runs: int
    events: int
    big_run_id: str
    entries: int
    documents: int
    passages: int
    skills: int
    last_chat: str
    last_message: str
    rare_term: str
    build_seconds: float


def _split(text: str) -> list[str]:
    return text.split()


_SYLL = _split("ka lo mi ren tor vas el un dri pha gos ber ith quon sel mar dun fey lis or ae by cor")
_WORDS = _split("the a and of to in was her his their salt crown harbour lantern ship tide storm oath guild ledger "
          "quill ink map compass bridge tower river forest winter summer beacon anchor shadow light door "
          "stair market ritual mirror ember frost thunder rune sword castle village merchant priest thief "
          "said asked whispered turned watched waited carried remembered promised broke found lost kept "
          "slowly quietly again never always before after under over between across toward behind")


def _name(rng: random.Random) -> str:
    return "".join(rng.choice(_SYLL) for _ in range(rng.randint(2, 3))).capitalize()


def _entries(rng: random.Random, n: int) -> list[LibraryEntry]:
    names: set[str] = set()
    out: list[LibraryEntry] = []
    while len(out) < n:
        name = _name(rng) + (f" {_name(rng)}" if rng.random() < 0.4 else "")
        if name.lower() in names:
            continue
        names.add(name.lower())
        alias = f"{rng.choice(['Old', 'Young', 'Lord', 'Lady', 'Captain', 'Saint'])} {name.split()[0]}"
        aliases = [alias] if rng.random() < 0.5 and alias.lower() not in names else []
        names.update(a.lower() for a in aliases)
        kind = BUILTIN_TYPES[len(out) % 5]
        out.append(LibraryEntry(type=kind, name=name, aliases=aliases,
                                tags=[rng.choice(["north", "south", "court", "sea"])],
                                description=f"{name} is {kind} of the salt coast. " + _sentence(rng, 30)))
    return out


def _sentence(rng: random.Random, words: int, names: list[str] | None = None) -> str:
    picked = rng.choices(_WORDS, k=words)
    if names:
        for _ in range(max(1, words // 18)):
            picked[rng.randrange(words)] = rng.choice(names)
    return " ".join(picked).capitalize() + "."


def _message_text(rng: random.Random, role: str, names: list[str]) -> str:
    words = rng.randint(6, 16) if role == "user" else rng.randint(24, 50)
    return _sentence(rng, words, names)


def _chat_messages(rng: random.Random, count: int, names: list[str], start: datetime) -> list[ImportedMessage]:
    out = []
    for i in range(count):
        role = "user" if i % 2 == 0 else "assistant"
        stamp = (start + timedelta(minutes=i)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        out.append(ImportedMessage(role=role, content=_message_text(rng, role, names), created_at=stamp,
                                   agent_id=None if role == "user" else AGENT,
                                   agent_name=None if role == "user" else "Scribe"))
    return out


def _documents(rng: random.Random, folder: Path, size: Size, names: list[str], rare: str) -> list[Path]:
    """Markdown (three in five), PDF and EPUB; every document has ``size.sections`` passages or more."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for d in range(size.documents):
        title = f"Research {d + 1}: {_name(rng)}"
        sections = [(f"Section {s + 1}", " ".join(_sentence(rng, rng.randint(12, 20), names) for _ in range(7)))
                    for s in range(size.sections)]
        if d == 0:  # one passage holds a word nothing else does: the slow test's search finds exactly it
            sections[3] = (sections[3][0], sections[3][1] + f" The {rare} tide turns only at midwinter.")
        kind = d % 5
        if kind == 3:
            # a page of ~1,000 characters is one passage
            paths.append(write_pdf(folder / f"doc{d:02}.pdf", [[body] for _h, body in sections]))
        elif kind == 4:
            paths.append(write_epub(folder / f"doc{d:02}.epub", title,
                                    [(h, body.replace(". ", ".\n\n", 1)) for h, body in sections]))
        else:
            text = f"# {title}\n\n" + "\n\n".join(f"## {h}\n\n{body}" for h, body in sections) + "\n"
            path = folder / f"doc{d:02}.md"
            path.write_text(text, encoding="utf-8")
            paths.append(path)
    return paths


def _skills(rng: random.Random, project_dir: Path, n: int) -> None:
    folder = project_dir / "skills"
    for i in range(n):
        skill = Skill(name=f"craft-{i + 1:02}", description=f"How to {rng.choice(_WORDS)} a scene: {_sentence(rng, 8)}",
                      body="\n".join(f"- {_sentence(rng, 12)}" for _ in range(8)))
        text = render_skill(skill)
        parse_skill(text, f"skills/{skill.name}.md")  # as LibraryOperations.save_skill checks it
        atomic_write(folder / f"{skill.name}.md", text)


def _profile() -> dict[str, AgentProfile]:
    scribe = parse_profile({
        "id": AGENT, "displayName": "Scribe", "description": "Writes the next passage of the book.",
        "model": {"mode": "connection", "connection": "bench", "model": "scripted", "retryIntervalSeconds": 0.01},
        "tools": {"allow": ["knowledge.search", "workspace.write_file", "workspace.commit", "workspace.finish"]},
        "delegation": {"canHandoff": False, "canDelegate": False},
    })
    return {AGENT: scribe}


def _run_script(query: str, answer: str) -> dict[str, Any]:
    return {"turns": {AGENT: [{"text": "", "toolCalls": [
        {"name": "knowledge_search", "arguments": {"query": query}},
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": answer}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Written."}},
    ]}]}}


async def _real_runs(runtime: Runtime, chats: list[tuple[str, str]], n: int, rng: random.Random,
                     names: list[str], project_id: str, last_answer: str) -> None:
    """``n`` scripted runs, spread over the chats in order; the last one commits ``last_answer`` (the slow
    test looks for it as the last chat's last message)."""
    profiles = _profile()
    for i in range(n):
        chat_name = chats[min(i * len(chats) // n, len(chats) - 1)][1]
        answer = last_answer if i == n - 1 else _message_text(rng, "assistant", names)
        provider = ScriptedProvider(load_script(_run_script(rng.choice(_WORDS[10:]), answer)))
        handle = await runtime.start_run(agent_id=AGENT, prompt=_message_text(rng, "user", names),
                                         provider_for=lambda _p, p=provider: p, chat=chat_name, profiles=profiles,
                                         project_id=project_id)
        await handle.wait()


def _long_run(runtime: Runtime, chat_id: str, events: int, index: int) -> str:
    """A long run's journal through ``Transaction.event`` (one transaction): a writer's model and tool calls."""
    run_id = f"run_book_long_{index:02}"
    start = datetime(2026, 3, 1, tzinfo=UTC) + timedelta(hours=index)
    stamp = start.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    inv = f"inv_book_long_{index:02}"
    with runtime.db.transaction() as tx:
        tx.insert(t.RunRow, id=run_id, chat_id=chat_id, root_profile_id=AGENT, status="completed",
                  user_text="Draft the whole chapter.", input_json="{}", created_at=stamp, updated_at=stamp)
        tx.event(run_id, "run_created", {"chatId": chat_id, "agentId": AGENT, "userText": "Draft the whole chapter."})
        tx.event(run_id, "agent_invocation_created", {"agentId": AGENT, "displayName": "Scribe", "kind": "root"},
                 invocation_id=inv)
        tx.event(run_id, "agent_invocation_started", {"agentId": AGENT, "displayName": "Scribe", "kind": "root"},
                 invocation_id=inv)
        call = 0
        written = 3
        while written < events - 2:
            call += 1
            turn = f"turn_book_{index}_{call}"
            tool = f"tc_book_{index}_{call}"
            tx.event(run_id, "model_call_started", {"agentId": AGENT, "turnId": turn, "callIndex": call,
                                                    "model": "scripted"}, invocation_id=inv)
            tx.event(run_id, "model_call_completed", {"agentId": AGENT, "turnId": turn, "elapsedMs": 40.0,
                                                      "toolCalls": ["knowledge_search"],
                                                      "usage": {"input_tokens": 900, "output_tokens": 60}},
                     invocation_id=inv)
            failed = call % 97 == 0
            tx.event(run_id, "tool_call_started", {"toolCallId": tool, "name": "knowledge_search",
                                                   "arguments": '{"query": "salt"}'}, invocation_id=inv)
            tx.event(run_id, "tool_call_completed", {"toolCallId": tool, "name": "knowledge_search",
                                                     "isError": failed,
                                                     "errorCode": "knowledge.query_empty" if failed else None,
                                                     "result": "passages"},
                     invocation_id=inv, level=EventLevel.WARNING if failed else EventLevel.INFO)
            written += 4
        tx.event(run_id, "agent_invocation_completed", {"agentId": AGENT}, invocation_id=inv)
        tx.event(run_id, "run_completed", {"commits": 0})
    return run_id


def _event_count(runtime: Runtime) -> int:
    return int(runtime.db.raw.execute("SELECT count(*) FROM events").fetchone()[0])


def build(data_dir: Path, size: Size = BOOK, *, name: str = PROJECT, seed: int = 35) -> BookInfo:
    """Writes the project into a fresh ``data_dir``; returns what it holds."""
    started = time.perf_counter()
    rng = random.Random(seed)
    runtime = Runtime(data_dir)
    try:
        project = runtime.projects.create(name)
        project_dir = project_folder(data_dir, project)
        entries = _entries(rng, size.entries)
        LibraryStore.open(runtime.db, project.id, project_dir).add_all(entries, "book-world-info.json")
        names = [e.name for e in entries] + [a for e in entries for a in e.aliases]
        rare = "quorvanthe"
        with tempfile.TemporaryDirectory() as tmp:
            paths = _documents(rng, Path(tmp), size, names, rare)
            report = KnowledgeLibrary(runtime.db, project.id, project_dir).import_files(paths)
        passages = sum(d.chunk_count for d in report.imported)
        _skills(rng, project_dir, size.skills)
        real_runs = size.runs - size.long_runs
        imported = size.messages - 2 * real_runs
        chats: list[tuple[str, str]] = []
        base = datetime(2026, 1, 1, tzinfo=UTC)
        for c in range(size.chats):
            count = imported // size.chats + (1 if c < imported % size.chats else 0)
            record = runtime.chats.import_chat(f"Chapter {c + 1:02}", _chat_messages(
                rng, count, names, base + timedelta(days=c)), project_id=project.id,
                source="book.jsonl")
            chats.append((record.id, record.name))
        asyncio.run(_real_runs(runtime, chats, real_runs, rng, names, project.id, LAST_WORDS))
        remaining = max(size.events - _event_count(runtime), size.big_run_events)
        big = _long_run(runtime, chats[-1][0], size.big_run_events, 0)
        remaining -= size.big_run_events
        for i in range(1, size.long_runs):
            _long_run(runtime, chats[i % len(chats)][0], max(remaining // (size.long_runs - 1), 50), i)
        all_chats = runtime.chats.chats(project.id)
        messages = [m for c in all_chats for m in runtime.chats.messages(c.id)]
        last_chat = all_chats[-1]
        info = BookInfo(
            data_dir=str(data_dir), project_id=project.id, project=name, chats=len(all_chats),
            messages=len(messages), words=sum(len(m.content.split()) for m in messages),
            runs=len(runtime.runs.runs(limit=100_000)), events=_event_count(runtime), big_run_id=big,
            entries=len(LibraryStore.open(runtime.db, project.id, project_dir).entries()),
            documents=len(report.imported), passages=passages, skills=size.skills, last_chat=last_chat.name,
            last_message=runtime.chats.messages(last_chat.id)[-1].content, rare_term=rare,
            build_seconds=time.perf_counter() - started)
    finally:
        runtime.close()
    (data_dir / "book.json").write_text(json.dumps(asdict(info), indent=2), encoding="utf-8")
    return info


def cache_root() -> Path:
    return Path(os.environ.get("RELAY_BENCH_CACHE", Path(tempfile.gettempdir()) / "relay-studio-bench"))


def book_project(size: Size = BOOK, *, rebuild: bool = False) -> BookInfo:
    """The cached project of ``size`` (built on first use, or again with ``rebuild``): never write into it,
    ``copy_of`` it."""
    label = "book" if size == BOOK else f"size-{abs(hash(size)) % 10**8}"
    folder = cache_root() / f"{label}-v{VERSION}"
    marker = folder / "data" / "book.json"
    if marker.exists() and not rebuild:
        # the folder was built under another name and renamed: where it is now is what counts
        return BookInfo(**{**json.loads(marker.read_text(encoding="utf-8")), "data_dir": str(marker.parent)})
    shutil.rmtree(folder, ignore_errors=True)
    building = cache_root() / f"{label}-v{VERSION}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    info = build(building / "data", size, name=PROJECT if size == BOOK else SMALL_PROJECT)
    building.rename(folder)  # whole or not at all: a build cut short leaves no cache behind
    return BookInfo(**{**asdict(info), "data_dir": str(folder / "data")})


def copy_of(info: BookInfo, dest: Path) -> BookInfo:
    """A copy of the project's data folder at ``dest`` (a bench or test writes into its own copy)."""
    shutil.copytree(info.data_dir, dest)
    return BookInfo(**{**asdict(info), "data_dir": str(dest)})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="build again even if the cache has it")
    parser.add_argument("--small", action="store_true", help="the small project the benches compare with")
    args = parser.parse_args()
    t0 = time.perf_counter()
    info = book_project(SMALL if args.small else BOOK, rebuild=args.rebuild)
    took = time.perf_counter() - t0
    print(json.dumps(asdict(info), indent=2))
    said = "built" if args.rebuild or took > 1 else "cached"
    print(f"{said} in {took:.1f} s (build took {info.build_seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
